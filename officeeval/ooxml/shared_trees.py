"""Parsed trees shared between packages whose part bytes are identical.

Documents written by one library share large boilerplate parts byte for byte: every
python-docx document carries the same 350 KB ``styles.xml`` (9,000 elements, 5-10 ms to
parse), and a task's output usually keeps its input's. A grading process sees the same
bytes again and again, so it parses them once.

Keyed by the whole content (the bytes themselves, compared in full on a hit), so a cached
tree can never stand for different bytes. Bounded by entry count and by the estimated tree
memory, least recently used first out. The trees are shared: callers must treat them as
read-only (the audit's mutators edit trees in place, so they open documents without it).

Two more kinds of sharing ride on the same rule (equal bytes, equal answer):

* ``SharedTrees.derived``: a value computed from a shared tree alone (a theme's colors and
  fonts) is kept with the tree and handed to every document sharing it;
* ``SharedValues``: a value computed from a small part's bytes alone (the relationships of a
  ``.rels`` part, ``[Content_Types].xml``), kept without its tree: those parts are a few
  hundred bytes, identical across the documents of a task, and are read for every document.

Shared values are read-only, like the trees: callers copy what they may change.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, TypeVar

from lxml import etree

T = TypeVar("T")

from officeeval.ooxml.xml import parse_xml

# Parts smaller than this parse in a tenth of a millisecond: not worth holding (unless the
# caller knows values derived from the tree are worth sharing too: a deck's layouts).
MIN_SHARED_BYTES = 4 * 1024


class SharedTrees:
    """A bounded, content-keyed cache of parsed parts (not thread-safe; one per process)."""

    def __init__(self, max_entries: int = 64, max_cost: int = 64 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_cost = max_cost
        self._trees: OrderedDict[bytes, tuple[etree._Element, int]] = OrderedDict()
        self._cost = 0
        # id(root) -> (root, its derived values) for every tree held: the root is held, so
        # its id is not reused while the entry lives; the root is compared on every lookup.
        self._derived: dict[int, tuple[etree._Element, dict[str, Any]]] = {}

    def get(self, data: bytes, min_bytes: int = MIN_SHARED_BYTES
            ) -> tuple[etree._Element, int] | None:
        """``(root, cost)`` of the tree parsed before from bytes equal to ``data``; ``None``
        when there is none (or ``data`` is smaller than ``min_bytes``, so not kept)."""
        if len(data) < min_bytes:
            return None
        hit = self._trees.get(data)
        if hit is not None:
            self._trees.move_to_end(data)
        return hit

    def parse(self, data: bytes, part: str, cost: int, min_bytes: int = MIN_SHARED_BYTES
              ) -> etree._Element:
        """``parse_xml(data, part)``, or the tree parsed before from equal bytes. ``cost``
        is the caller's estimate of the tree's memory (``zip_bounds.tree_cost``); a part
        costing more than a quarter of the bound, or smaller than ``min_bytes``, is parsed
        but not kept. Raises ``PackageError`` like ``parse_xml`` (a failed parse is not
        kept)."""
        hit = self.get(data, min_bytes)
        if hit is not None:
            return hit[0]
        root = parse_xml(data, part=part)
        if len(data) < min_bytes or cost > self.max_cost // 4:
            return root
        self._trees[data] = (root, cost)
        self._derived[id(root)] = (root, {})
        self._cost += cost
        while len(self._trees) > self.max_entries or self._cost > self.max_cost:
            gone, gone_cost = self._trees.popitem(last=False)[1]
            self._cost -= gone_cost
            self._derived.pop(id(gone), None)
        return root

    def derived(self, root: etree._Element, name: str, compute: Callable[[], T]) -> T:
        """``compute()`` — a pure function of the tree ``root`` — kept with ``root`` when it
        is a tree held here (every document sharing the tree gets the same value, which
        it must not change); computed afresh for any other tree. Whatever ``compute``
        raises propagates and nothing is kept."""
        got = self._derived.get(id(root))
        if got is None or got[0] is not root:
            return compute()
        values = got[1]
        if name not in values:
            values[name] = compute()
        return values[name]

    def __len__(self) -> int:
        return len(self._trees)

    def clear(self) -> None:
        self._trees.clear()
        self._derived.clear()
        self._cost = 0


class SharedValues:
    """A bounded, content-keyed cache of values computed from a part's bytes alone (not
    thread-safe; one per process). Keyed by ``(what, context, bytes)``: ``what`` names the
    computation, ``context`` anything else it depends on (a ``.rels`` part's folder)."""

    def __init__(self, max_entries: int = 4096, max_bytes: int = 8 * 1024 * 1024,
                 max_part: int = 64 * 1024) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.max_part = max_part  # larger parts are not kept (their bytes are the key)
        self._values: OrderedDict[tuple[str, str, bytes], Any] = OrderedDict()
        self._bytes = 0

    def get(self, what: str, context: str, data: bytes) -> Any | None:
        """The value kept for these bytes; ``None`` when there is none."""
        key = (what, context, data)
        hit = self._values.get(key)
        if hit is not None:
            self._values.move_to_end(key)
        return hit

    def put(self, what: str, context: str, data: bytes, value: Any) -> None:
        """Keep ``value`` (not ``None``) for these bytes, when they are small enough."""
        if value is None or len(data) > self.max_part:
            return
        key = (what, context, data)
        if key in self._values:
            return
        self._values[key] = value
        self._bytes += len(data)
        while len(self._values) > self.max_entries or self._bytes > self.max_bytes:
            self._bytes -= len(self._values.popitem(last=False)[0][2])

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        self._values.clear()
        self._bytes = 0


SHARED_TREES = SharedTrees()
SHARED_VALUES = SharedValues()
