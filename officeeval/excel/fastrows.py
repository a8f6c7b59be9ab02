"""A large worksheet's rows read from the part's bytes: one streamed pass with compiled
regular expressions instead of an lxml element (and its Python proxies) per row and cell.

It reads only the plain form every writer uses — ``row`` elements whose ``r`` comes first,
``c`` elements whose ``r`` (a valid reference) comes first, holding ``v``, ``f`` and ``is``
(plain ``t`` runs) — and gives up (``Unusual``) at anything else: a comment, CDATA or
processing instruction in the rows, a prefixed or unknown element (rich text, ``extLst``),
a namespace declaration, a row or cell without ``r``, text between cells, a reference
outside the grid, an unknown entity, an encoding other than UTF-8, Strict namespaces. The
caller then reads the pass with lxml, so a verdict never depends on which reader ran.

Well-formedness is checked by libxml2 itself on the same bytes (a parser with no callbacks:
C speed, nothing built), so a part lxml would refuse is never read here either: the error
sends the pass to the lxml reader, which raises it as before.

What it records is what ``CellStore._scan_areas`` records for the same pass (cells of the
requested columns, row attributes, shared-formula masters and array ranges in part order,
and for a full pass the bounds of the cells holding content and the outline depth);
``tests/excel/test_fastrows.py`` compares the two readers on small inline parts.
"""

from __future__ import annotations

import re
from typing import Callable

from officeeval.excel import formulas
from officeeval.excel.rawcells import PLAIN_ROW, RawCell, RowInfo, flag, grow, plain_row
from officeeval.excel.refs import MAX_COL, MAX_ROW, parse_area, parse_cell
from officeeval.excel.rowmarkup import (COLS, ODD_TAG, UNIT, Unusual, Validator, attributes,
                                        check_utf8, children, column_of, first_f, has_content,
                                        root_namespaces)
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_float, to_int

CHUNK = 1 << 20
_SHEET_DATA = re.compile(rb"<sheetData\s*(/?)>")
_ROWS_END = re.compile(rb"</sheetData\s*>")

_TAGLESS_MAX = 16 << 20
_ROW_START = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row(?=[\s/>])")
_ROW_NUMBER = re.compile(rb'<row\s+r\s*=\s*"([1-9][0-9]{0,6})"')


def rows_ascending(stream, part: str) -> bool:
    """Whether every row element of the part (from its first byte) has an ``r`` that comes
    first and is greater than the one before. ``False`` for anything this cannot tell:
    a row start without such an ``r`` (or a prefixed one), a part that is not plain UTF-8.
    Reads the bytes only (no parse): what looks like a row inside a comment counts too,
    which can only give ``False``, never a wrong ``True``."""
    buf = stream.read(max(CHUNK, 4096))
    try:
        check_utf8(buf[:4096], part)
    except Unusual:
        return False
    last = 0
    while True:
        more = stream.read(CHUNK)
        # A row start cut at the chunk's end is read with the next chunk.
        cut = len(buf) if not more else buf.rfind(b"<")
        if cut < 0:
            cut = len(buf)
        elif cut == 0 and len(buf) > _TAGLESS_MAX:
            return False  # megabytes without a tag: not a worksheet this reads
        region = buf[:cut]
        numbers = _ROW_NUMBER.findall(region)
        if len(numbers) != len(_ROW_START.findall(region)):
            return False
        for n in numbers:
            r = int(n)
            if r <= last:
                return False
            last = r
        if not more:
            return True
        buf = buf[cut:] + more


class ScanResult:
    """What one pass recorded, merged into the store by the caller on success."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], RawCell] = {}
        self.rows: dict[int, RowInfo] = {}
        self.rows_read = 0
        self.outline = 0
        # A full pass: the rows and columns of the first and last cells holding content
        # (``CellStore._scan_areas``'s bounds), else ``None``.
        self.bounds: list | None = None


def scan(stream, part: str, nsmap: dict | None, areas: list[tuple[int, int, int, int]],
         shared: dict, arrays: list, full: bool = False,
         ordered: Callable[[], bool] = lambda: True) -> ScanResult:
    """Read the cells of ``areas`` (r1, r2, c1, c2) from ``stream`` (the part, from its
    first byte), stopping at the first row past them, as ``CellStore._scan_areas`` does.
    ``full``: a pass over every row, which also records the bounds of the cells holding
    content (``ScanResult.bounds``) in the rows the areas reach, as that pass does.
    Shared-formula masters and array ranges met are added to ``shared`` / ``arrays``
    (first wins, as there). ``nsmap``: the root element's namespace declarations (read from
    the root's start tag when ``None``). Raises ``Unusual`` for anything this reader does
    not read. ``ordered()`` is asked when the pass could stop after its last wanted row:
    ``False`` (the rows may be out of order) reads on to the end of the part."""
    lo = min(a[0] for a in areas)
    hi = max(a[1] for a in areas)
    cmax = max(a[3] for a in areas)
    single = [(areas[0][2], areas[0][3])] if len(areas) == 1 else None
    out = ScanResult()
    if full:
        out.bounds = [None, None, 0, 0]
    check = Validator()
    buf = stream.read(CHUNK)
    check_utf8(buf[:4096], part)
    check.feed(buf)
    # The head: everything before the rows (rows there would be read by lxml's reader).
    while True:
        m = _SHEET_DATA.search(buf)
        if m is not None:
            break
        more = stream.read(CHUNK)
        if not more or len(buf) > 8 * CHUNK:
            raise Unusual("no sheetData where expected")
        check.feed(more)
        buf += more
    if b"<row" in buf[:m.start()]:
        raise Unusual("a row element before sheetData")
    if nsmap is None:
        nsmap = root_namespaces(buf, part)
    if nsmap.get(None) != S:
        raise Unusual("the rows are not in the transitional main namespace")
    state = _State(out, nsmap, lo, hi, cmax, single, areas, shared, arrays, ordered)
    if m.group(1):  # <sheetData/>
        buf = buf[m.end():]
    else:
        buf = buf[m.end():]
        while True:
            end = _ROWS_END.search(buf)
            if end is not None:
                state.region(buf, end.start())
                buf = buf[end.end():]
                break
            cut = buf.rfind(b"<row")
            if cut > 0:
                state.region(buf, cut)
                buf = buf[cut:]
            if state.stopped:
                check.abandon()
                return out
            more = stream.read(CHUNK)
            if not more:
                raise Unusual("the part ends inside sheetData")
            check.feed(more)
            buf += more
        if state.stopped:
            check.abandon()
            return out
    # Past the rows: the lxml reader would read any row element met here, and the whole
    # part was read, so it must be well-formed to its end.
    while True:
        if b"<row" in buf:
            raise Unusual("a row element after sheetData")
        more = stream.read(CHUNK)
        if not more:
            break
        check.feed(more)
        buf = buf[-8:] + more
    check.close()
    return out


class _State:
    def __init__(self, out: ScanResult, nsmap: dict, lo: int, hi: int, cmax: int,
                 single, areas, shared: dict, arrays: list,
                 ordered: Callable[[], bool]) -> None:
        self.out, self.nsmap = out, nsmap
        self.ordered = ordered
        self._seg: tuple[int, int, list | None] = (1, 0, None)  # see _spans_at
        self.lo, self.hi, self.cmax, self.single, self.areas = lo, hi, cmax, single, areas
        self.shared, self.arrays = shared, arrays
        self.stopped = False
        self.prev_row = 0
        self._row_attrs: dict[bytes, tuple] = {}
        self._cell_attrs: dict[bytes, tuple] = {}

    def region(self, buf: bytes, end: int) -> None:
        """Read the complete rows in ``buf[:end]``."""
        if self.stopped:
            return
        if ODD_TAG.search(buf, 0, end) is not None:
            raise Unusual("an element, comment, CDATA or PI the reader does not read")
        if buf.find(b"xmlns", 0, end) >= 0:
            raise Unusual("a namespace declaration in the rows")
        has_ref = buf.find(b"ref", 0, end) >= 0
        units = UNIT.findall(buf, 0, end)
        # Every row start, row end and cell of the region must be one unit: text the
        # units skip is character data between elements, which neither reader reads.
        starts = ends = n_cells = 0
        row: int | None = None  # the row being read (None: outside a row)
        skip = False
        cells: list = []
        attrs = b""
        for unit in units:
            if unit[3]:
                if row is None:
                    raise Unusual("a cell outside a row")
                n_cells += 1
                cells.append(unit)
            elif unit[0]:
                if row is not None:
                    raise Unusual("a row inside a row")
                starts += 1
                self.out.rows_read += 1
                r = int(unit[0])
                row = r
                if r > MAX_ROW:
                    skip = True
                else:
                    skip = False
                    self.prev_row = r
                    if r > self.hi and self.ordered():
                        self.stopped = True
                        break
                    attrs = unit[1]
                cells = []
                if unit[2]:  # <row …/>
                    if not skip:
                        self._row(row, attrs, cells, has_ref)
                    row = None
            else:
                if row is None:
                    raise Unusual("a row end without its start")
                ends += 1
                if not skip:
                    self._row(row, attrs, cells, has_ref)
                row = None
        del units, cells
        if self.stopped:
            return
        if row is not None:
            raise Unusual("a row cut at a chunk end")
        if buf.count(b"<row", 0, end) != starts or buf.count(b"</row", 0, end) != ends \
                or buf.count(b"<c", 0, end) != n_cells:
            raise Unusual("a row or cell the reader does not read")

    def _row(self, r: int, attrs: bytes, cells: list, has_ref: bool) -> None:
        if r > self.hi:
            spans = None  # rows out of order: past the requests, read for masters only
        elif self.single is not None:
            spans = self.single if r >= self.lo else None
        elif self._seg[0] <= r <= self._seg[1]:
            spans = self._seg[2]
        else:
            spans = self._spans_at(r)
        if has_ref:
            # Masters and array ranges of the row, noted before its cells are read.
            for i, m in enumerate(cells):
                body = m[6]
                if body and b"ref" in body:
                    if body.count(b"<f") > 1:
                        raise Unusual("a cell with two formulas")
                    f = first_f(body)
                    if f is not None and "ref" in f[0]:
                        ref = m[3] + m[4]
                        pos = parse_cell(ref.decode("ascii"))
                        self._note(f[0], f[1], r, pos[1] if pos else i + 1)
        if spans is None:
            return
        got = self._row_attrs.get(attrs)
        if got is None:
            got = _row_info(attributes(attrs, self.nsmap) if attrs else {})
            if len(self._row_attrs) < 4096:
                self._row_attrs[attrs] = got
        info, lvl = got
        self.out.rows[r] = info
        if lvl > self.out.outline:
            self.out.outline = lvl
        bounds = self.out.bounds
        if bounds is not None and cells:
            _grow_bounds(bounds, r, cells)
        one = spans[0] if len(spans) == 1 else None
        if one is not None and one[0] > MAX_COL:
            return  # the row's attributes only (the used range's pass)
        store = self.out.cells
        cmax = self.cmax
        cols = COLS
        for m in cells:
            col = cols.get(m[3]) or column_of(m[3])
            if col > cmax:
                break
            if one is not None:
                if not one[0] <= col <= one[1]:
                    continue
            elif not any(a <= col <= b for a, b in spans):
                continue
            store[(r, col)] = self._cell(m, r, col)

    def _spans_at(self, r: int) -> list[tuple[int, int]] | None:
        """The column spans of the areas holding row ``r``, remembered for the rows around
        it that the same areas hold (``_seg``: first row, last row, spans)."""
        spans = [(a[2], a[3]) for a in self.areas if a[0] <= r <= a[1]] or None
        # The areas holding a row change only at an area's first row or past its last.
        edges = [e for a in self.areas for e in (a[0], a[1] + 1)]
        first = max((e for e in edges if e <= r), default=1)
        last = min((e for e in edges if e > r), default=MAX_ROW + 1) - 1
        self._seg = (first, last, spans)
        return spans

    def _note(self, fa: dict, text: str | None, r: int, col: int) -> None:
        """``CellStore._note_formula`` for a parsed ``f``."""
        kind = fa.get("t")
        if kind == "shared" and fa.get("ref") and text:
            si = fa.get("si") or ""
            if si not in self.shared:
                self.shared[si] = (r, col, text)
        elif kind == "array" and fa.get("ref"):
            area = parse_area(fa.get("ref"))
            if area is not None and (area.rows > 1 or area.cols > 1):
                if not any(a.r1 == area.r1 and a.c1 == area.c1 for a, _, _ in self.arrays):
                    self.arrays.append((area, r, col))

    def _cell(self, m: tuple, r: int, col: int) -> RawCell:
        """``rawcells.read_cell`` for a matched ``c``."""
        raw_attrs = m[5]
        got = self._cell_attrs.get(raw_attrs)
        if got is None:
            a = attributes(raw_attrs, self.nsmap) if raw_attrs else {}
            s = a.get("s")
            if s is None:
                si = 0
            else:
                try:
                    si = int(s) if len(s) < 9 else (to_int(s) or 0)
                except ValueError:
                    si = to_int(s) or 0
            got = (a.get("t"), si, a.get("cm"))
            if len(self._cell_attrs) < 4096:
                self._cell_attrs[raw_attrs] = got
        t, si, cm = got
        body = m[6]
        v = inline = ftext = fkind = fref = None
        if body:
            v, inline, f = children(body)
            if f is not None:
                fa, text = f
                fkind = fa.get("t") or "normal"
                fref = fa.get("ref")
                ftext = text or ""
                if fkind == "shared" and not ftext:
                    master = self.shared.get(fa.get("si") or "")
                    if master is not None:
                        ftext = formulas.shift(master[2], r - master[0], col - master[1])
                elif fkind == "dataTable":
                    args = [x for x in (fa.get("r1"), fa.get("r2")) if x]
                    ftext = f"TABLE({','.join(args)})"
        return RawCell(r, col, t, si, v, inline, ftext, fkind, fref, cm)


def _grow_bounds(bounds: list, r: int, cells: list) -> None:
    """``CellStore._read_row``'s bounds for a row's matched cells: its first and last
    cells holding content (a value, an inline string or a formula), columns from their
    ``r``."""
    first = next((i for i, m in enumerate(cells) if has_content(m[6])), None)
    if first is None:
        return
    last = next(i for i in range(len(cells) - 1, first - 1, -1) if has_content(cells[i][6]))
    lo = column_of(cells[first][3])
    hi = column_of(cells[last][3]) if last != first else lo
    grow(bounds, r, lo)
    grow(bounds, r, hi)


def _row_info(attrib: dict[str, str]) -> tuple[RowInfo, int]:
    """``CellStore._row_attrs`` for parsed attributes: (record, outline level)."""
    if plain_row(list(attrib)):
        return PLAIN_ROW, 0
    lvl = to_int(attrib.get("outlineLevel")) or 0
    return RowInfo(to_float(attrib.get("ht")), flag(attrib.get("customHeight")),
                   flag(attrib.get("hidden")), lvl, flag(attrib.get("collapsed")),
                   to_int(attrib.get("s")) if flag(attrib.get("customFormat")) else None), lvl
