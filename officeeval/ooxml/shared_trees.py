"""Parsed trees shared between packages whose part bytes are identical.

Documents written by one library share large boilerplate parts byte for byte: every
python-docx document carries the same 350 KB ``styles.xml`` (9,000 elements, 5-10 ms to
parse), and a task's output usually keeps its input's. A grading process sees the same
bytes again and again, so it parses them once.

Keyed by the whole content (the bytes themselves, compared in full on a hit), so a cached
tree can never stand for different bytes. Bounded by entry count and by the estimated tree
memory, least recently used first out. The trees are shared: callers must treat them as
read-only (the audit's mutators edit trees in place, so they open documents without it).
"""

from __future__ import annotations

from collections import OrderedDict

from lxml import etree

from officeeval.ooxml.xml import parse_xml

# Parts smaller than this parse in a tenth of a millisecond: not worth holding.
MIN_SHARED_BYTES = 4 * 1024


class SharedTrees:
    """A bounded, content-keyed cache of parsed parts (not thread-safe; one per process)."""

    def __init__(self, max_entries: int = 32, max_cost: int = 64 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_cost = max_cost
        self._trees: OrderedDict[bytes, tuple[etree._Element, int]] = OrderedDict()
        self._cost = 0

    def get(self, data: bytes) -> tuple[etree._Element, int] | None:
        """``(root, cost)`` of the tree parsed before from bytes equal to ``data``; ``None``
        when there is none (or ``data`` is too small to be kept)."""
        if len(data) < MIN_SHARED_BYTES:
            return None
        hit = self._trees.get(data)
        if hit is not None:
            self._trees.move_to_end(data)
        return hit

    def parse(self, data: bytes, part: str, cost: int) -> etree._Element:
        """``parse_xml(data, part)``, or the tree parsed before from equal bytes. ``cost``
        is the caller's estimate of the tree's memory (``package.tree_cost``); a part
        costing more than a quarter of the bound is parsed but not kept. Raises
        ``PackageError`` like ``parse_xml`` (a failed parse is not kept)."""
        hit = self.get(data)
        if hit is not None:
            return hit[0]
        root = parse_xml(data, part=part)
        if len(data) < MIN_SHARED_BYTES or cost > self.max_cost // 4:
            return root
        self._trees[data] = (root, cost)
        self._cost += cost
        while len(self._trees) > self.max_entries or self._cost > self.max_cost:
            self._cost -= self._trees.popitem(last=False)[1][1]
        return root

    def __len__(self) -> int:
        return len(self._trees)

    def clear(self) -> None:
        self._trees.clear()
        self._cost = 0


SHARED_TREES = SharedTrees()
