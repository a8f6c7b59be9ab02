"""Which recalculated values of a workbook cannot be trusted: those that depend on an Excel
function the recalculation backend's LibreOffice does not compute.

LibreOffice turns a function it lacks into ``#NAME?``; a formula that uses one, or that
reads a cell whose formula does (directly, through ranges, array ranges and defined names),
gets a value Excel would not compute. Such a value is not the candidate's doing: reading it
raises ``UnverifiableValue`` (an ``eval_error``) naming the function and the backend's
version. A name Excel does not know (``XLOOKUPP``, or a future function stored without its
``_xlfn.`` prefix, which Excel shows as ``#NAME?`` too) is left to the candidate.

Where a formula's inputs cannot be followed (``INDIRECT``, ``OFFSET``, table references,
3-D and external references, a name that is not a plain reference, or more tracing than
``TRACE_BUDGET`` steps), the value may depend on any formula of the workbook: it is not
trusted when the workbook uses a lacking function anywhere. A workbook that uses none (the
common case, found by one bounded scan of its sheet parts) costs nothing more.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import TYPE_CHECKING

from officeeval.excel import formulas as F
from officeeval.excel.function_names import excel_function, stored_name
from officeeval.excel.libreoffice_functions import SINCE, available_from, lacks, parse_version
from officeeval.excel.refs import Area, cell_ref, parse_area

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet
    from officeeval.excel.workbook import ExcelDocument

SCAN_LIMIT = 256 << 20  # uncompressed bytes scanned for lacking functions before giving up
TRACE_BUDGET = 2_000_000  # dependency steps per workbook before every value is distrusted
_OPAQUE_FUNCTIONS = frozenset({"INDIRECT", "OFFSET"})
_CHUNK = 1 << 20

Node = tuple  # ("cell", sheet index, row, col) or ("name", lower-case name, sheet index)


class RecalcGaps:
    """The gaps of one workbook for one backend version (``version``: the backend's version
    text, e.g. ``LibreOffice 25.2.3.2 520(Build:2)``, or ``None`` when unknown: then every
    function of ``libreoffice_functions.SINCE`` counts as lacking)."""

    def __init__(self, book: "ExcelDocument", version: str | None) -> None:
        self.book = book
        self.version_text = version
        self.version = parse_version(version)
        self._lacking = frozenset(n for n in SINCE if lacks(n, self.version))
        self._scanned = False
        self._stored: list[str] = []
        self._any = False
        self._formulas: dict[tuple[int, int, int], str] = {}
        self._by_sheet: dict[int, list[tuple[int, int]]] = {}
        self._arrays: dict[int, list[tuple[Area, int, int]]] = {}
        self._direct: dict[Node, tuple[frozenset[str], bool]] = {}
        self._results: dict[Node, tuple[frozenset[str], bool]] = {}
        self._all: frozenset[str] = frozenset()
        self._steps = 0

    # ------------------------------------------------------------------ public
    def reason(self, sheet: "Sheet", row: int, col: int) -> str | None:
        """Why the recalculated value of this cell is not trusted, or ``None`` when it is.
        Never raises."""
        if not self._lacking:
            return None
        if not self._scanned:
            self._scan()
        if not self._any:
            return None
        start: Node = ("cell", sheet.index, row, col)
        own, _ = self._node(start)
        names, opaque = self._reach(start)
        where = f"'{sheet.name}'!{cell_ref(row, col)}"
        if own:
            return f"{where} uses {self._which(own)}; its value is not graded"
        if names and not opaque:
            return (f"{where} depends on a formula using {self._which(names)}; its value "
                    f"is not graded")
        if opaque:
            return (f"{where} may depend (through a reference that cannot be followed) on a "
                    f"formula using {self._which(self._all)}; its value is not graded")
        return None

    # ------------------------------------------------------------------ wording
    def _backend(self) -> str:
        if self.version is None:
            return "LibreOffice (version unknown), the recalculation backend,"
        return f"LibreOffice {'.'.join(map(str, self.version))}, the recalculation backend,"

    def _which(self, names: frozenset[str]) -> str:
        ordered = sorted(names)
        shown = ", ".join(ordered[:5]) + (f" and {len(ordered) - 5} more"
                                            if len(ordered) > 5 else "")
        since = [f"{n} from {available_from(n)}" for n in ordered[:5] if available_from(n)]
        known = (f"LibreOffice computes {', '.join(since)}" if since else
                 "no LibreOffice release is known to compute "
                 + ("it" if len(ordered) == 1 else "them"))
        return f"{shown}, which {self._backend()} does not compute ({known})"

    # ------------------------------------------------------------------ scanning
    def _scan(self) -> None:
        """Find whether any part may call a lacking function (a bounded byte scan); only
        then read every formula."""
        self._scanned = True
        book = self.book
        parts = [s.part for s in book.sheets if s.store is not None and s.part]
        self._stored = sorted({(stored_name(n) or n).upper() for n in self._lacking},
                              key=len, reverse=True)
        if not self._mentions(parts + [book.main]):
            return
        for sheet in book.sheets:
            if sheet.store is None:
                continue
            keys = []
            for raw in sheet.store.all_cells():
                if raw.f_kind is None:
                    continue
                self._formulas[(sheet.index, raw.row, raw.col)] = raw.f or ""
                keys.append((raw.row, raw.col))
                if raw.f_kind == "array" and raw.f_ref:
                    area = parse_area(raw.f_ref)
                    if area is not None and (area.rows > 1 or area.cols > 1):
                        self._arrays.setdefault(sheet.index, []).append((area, raw.row,
                                                                         raw.col))
            self._by_sheet[sheet.index] = sorted(keys)
        found: set[str] = set()
        # Only a formula that spells a lacking function is tokenized here (a literal search
        # first: tokenizing 40,000 formulas costs seconds).
        for key, text in self._formulas.items():
            if _calls_any(text.upper(), self._stored):
                found |= self._node(("cell", *key))[0]
        for name in book.names:
            if _calls_any((name.refers_to or "").upper(), self._stored):
                found |= self._node(("name", name.name.lower(), name.local_sheet))[0]
        self._all = frozenset(found)
        self._any = bool(found)

    def _mentions(self, parts: list[str]) -> bool:
        """Whether a part may call a lacking function: a literal search of its upper-cased
        bytes for each stored name (a regular expression with ~70 alternatives takes 0.4 s
        a megabyte; this, milliseconds)."""
        names = [n.encode() for n in self._stored]
        budget = SCAN_LIMIT
        for part in parts:
            try:
                stream = self.book.package.open_stream(part)
            except Exception:  # noqa: BLE001 - an unreadable part: assume the worst
                return True
            try:
                tail = b""
                while True:
                    chunk = stream.read(_CHUNK)
                    if not chunk:
                        break
                    budget -= len(chunk)
                    window = tail + chunk
                    if _calls_any(window.upper(), names) or budget < 0:
                        return True
                    tail = window[-64:]
            except Exception:  # noqa: BLE001 - a part that cannot be read to its end
                return True
            finally:
                stream.close()
        return False

    # ------------------------------------------------------------------ tracing
    def _node(self, node: Node) -> tuple[frozenset[str], bool]:
        """(lacking functions the node's own formula calls, whether its inputs cannot be
        followed); memoized."""
        got = self._direct.get(node)
        if got is None:
            text = self._text(node)
            if text is None:
                got = (frozenset(), False)
            else:
                names, opaque = set(), node[0] == "name" and not _plain_name(text)
                for t in F.tokenize(text.lstrip("=")):
                    if t.kind == "func":
                        base = excel_function(t.text)
                        if base in self._lacking:
                            names.add(base)
                        elif base in _OPAQUE_FUNCTIONS:
                            opaque = True
                    elif t.kind == "structured" or (t.kind == "ref" and t.sheet is not None
                                                    and self._sheet_index(t.sheet) is None):
                        opaque = True
                got = (frozenset(names), opaque)
            self._direct[node] = got
        return got

    def _text(self, node: Node) -> str | None:
        if node[0] == "cell":
            return self._formulas.get(node[1:])
        for n in self.book.names:
            if n.name.lower() == node[1] and n.local_sheet == node[2]:
                return n.refers_to
        return None

    def _reach(self, start: Node) -> tuple[frozenset[str], bool]:
        """The lacking functions called by every formula ``start`` depends on (itself
        included), and whether some input could not be followed."""
        if start in self._results:
            return self._results[start]
        names: set[str] = set()
        opaque = False
        seen: set[Node] = set()
        stack = [start]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            done = self._results.get(node)
            if done is not None and node is not start:
                names |= done[0]
                opaque |= done[1]
                continue
            own, hidden = self._node(node)
            names |= own
            opaque |= hidden
            for nxt in self._inputs(node):
                self._steps += 1
                if self._steps > TRACE_BUDGET:
                    opaque = True
                    stack.clear()
                    break
                if nxt not in seen:
                    stack.append(nxt)
        result = (frozenset(names), opaque)
        self._results[start] = result
        return result

    def _inputs(self, node: Node) -> Iterator[Node]:
        """The nodes whose values ``node``'s value is computed from."""
        if node[0] == "cell":
            _, si, row, col = node
            if (si, row, col) not in self._formulas:
                for area, r, c in self._arrays.get(si, ()):
                    if area.contains(row, col) and (r, c) != (row, col):
                        yield ("cell", si, r, c)
                return
            text, here = self._formulas[(si, row, col)], si
        else:
            text, here = self._text(node) or "", None if node[2] is None else node[2] + 1
        for t in F.tokenize(text.lstrip("=")):
            if t.kind == "ref":
                si = here if t.sheet is None else self._sheet_index(t.sheet)
                area = parse_area(t.body)
                if si is None or area is None:
                    continue  # counted as opaque by _node (an unknown sheet) or #REF!
                yield from self._cells_in(si, area)
            elif t.kind == "name" or (t.kind == "func" and excel_function(t.text) is None):
                yield from self._names(t.body or t.text, here, t.sheet)

    def _cells_in(self, si: int, area: Area) -> Iterator[Node]:
        keys = self._by_sheet.get(si, [])
        # Indexing from the bisected start, not slicing: a slice copies the rest of the
        # sheet's formulas for every reference (quadratic over a tall sheet).
        for i in range(bisect_left(keys, (area.r1, 0)), len(keys)):
            r, c = keys[i]
            if r > area.r2:
                break
            if area.contains(r, c):
                yield ("cell", si, r, c)
        for arr, r, c in self._arrays.get(si, ()):
            if arr.intersect(area) is not None:
                yield ("cell", si, r, c)

    def _names(self, name: str, here: int | None, sheet: str | None) -> Iterator[Node]:
        key = name.lower()
        scope = here - 1 if here is not None else None
        if sheet is not None:
            si = self._sheet_index(sheet)
            scope = si - 1 if si is not None else None
        local = [n for n in self.book.names if n.name.lower() == key and n.local_sheet == scope]
        for n in local or [n for n in self.book.names
                           if n.name.lower() == key and n.local_sheet is None]:
            yield ("name", key, n.local_sheet)

    def _sheet_index(self, name: str) -> int | None:
        if name.startswith("[") or ":" in name:
            return None  # an external workbook or a 3-D reference
        sheet = self.book.sheet(name)
        return sheet.index if sheet is not None else None


_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
_NAME_BYTES = frozenset(ord(ch) for ch in _NAME_CHARS)


def _calls_any(upper, names) -> bool:
    """Whether ``upper`` (upper-cased formula text, ``str`` or ``bytes``) calls one of
    ``names`` (upper case, as stored, same type): the name not preceded by a name character
    and followed by ``(`` after optional spaces."""
    is_bytes = isinstance(upper, bytes)
    name_chars = _NAME_BYTES if is_bytes else _NAME_CHARS
    space = b" \t\r\n" if is_bytes else " \t\r\n"
    paren = ord("(") if is_bytes else "("
    prefix = b"_XLFN." if is_bytes else "_XLFN."
    prefixed = prefix in upper  # most lacking functions are stored with it: one search
    for name in names:
        if not prefixed and name.startswith(prefix):
            continue
        i = upper.find(name)
        while i >= 0:
            j = i + len(name)
            while j < len(upper) and upper[j] in space:
                j += 1
            if (i == 0 or upper[i - 1] not in name_chars) and j < len(upper) \
                    and upper[j] == paren:
                return True
            i = upper.find(name, i + 1)
    return False


def _plain_name(text: str) -> bool:
    """Whether a defined name's formula holds only sheet-qualified references and
    constants, so its inputs can be followed."""
    for t in F.tokenize(text.lstrip("=")):
        if t.kind == "ref" and t.sheet is None:
            return False
    return True
