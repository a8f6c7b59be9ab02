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

from lxml import etree

from officeeval.excel import formulas
from officeeval.excel.rawcells import PLAIN_ROW, RawCell, RowInfo, flag, grow, plain_row
from officeeval.excel.refs import MAX_COL, MAX_ROW, col_index, parse_area, parse_cell
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_float, to_int
from officeeval.ooxml.xml import check_prolog

CHUNK = 1 << 20
_XML_NS = "http://www.w3.org/XML/1998/namespace"


class Unusual(Exception):
    """The part holds something this reader does not read: use the lxml reader."""


_ATTR = rb"""\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*')"""
# A cell's content: anything but the start or end of a cell or row (no nesting).
_BODY = rb"[^<]*(?:<(?!/?(?:c|row)[\s/>])[^<]*)*"
_UNIT = re.compile(
    rb'\s*(?:<row\s+r\s*=\s*"([1-9][0-9]{0,6})"((?:' + _ATTR + rb')*)\s*(/?)>'
    rb"|</row\s*>"
    rb'|<c\s+r\s*=\s*"([A-Z]{1,3})([1-9][0-9]{0,6})"((?:' + _ATTR + rb")*)\s*"
    rb"(?:/>|>(" + _BODY + rb")</c\s*>))")
# Any tag the rows may not hold here (comments, CDATA and PIs start with ``<!`` / ``<?``).
_ODD_TAG = re.compile(rb"<(?!/?(?:row|c|v|f|is|t)[\s/>])")
_ATTR_PARTS = re.compile(rb"""\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_CHILD = re.compile(
    rb"\s*(?:<v(?:" + _ATTR + rb")*\s*(?:/>|>([^<]*)</v\s*>)"
    rb"|<f((?:" + _ATTR + rb")*)\s*(?:/>|>([^<]*)</f\s*>)"
    rb"|<is(?:" + _ATTR + rb")*\s*(?:/>|>((?:\s*<t(?:" + _ATTR + rb")*\s*(?:/>|>[^<]*</t\s*>))*"
    rb"\s*)</is\s*>))")
_T = re.compile(rb"<t(?:" + _ATTR + rb")*\s*(?:/>|>([^<]*)</t\s*>)")
_ENTITY = re.compile(r"&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_DECL_ENC = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:\-]{1,40})["']""")
_SHEET_DATA = re.compile(rb"<sheetData\s*(/?)>")
_ROWS_END = re.compile(rb"</sheetData\s*>")
_COLS: dict[bytes, int] = {}


def _col(letters: bytes) -> int:
    col = _COLS.get(letters)
    if col is None:
        col = col_index(letters.decode("ascii"))
        if col is None:  # past XFD: the lxml reader counts it by position
            raise Unusual("a cell reference outside the grid")
        if len(_COLS) < 20_000:
            _COLS[letters] = col
    return col


def _entity(m: re.Match) -> str:
    hexa, dec, name = m.groups()
    if name:
        return _NAMED[name]
    code = int(hexa, 16) if hexa else int(dec)
    try:
        return chr(code)
    except (ValueError, OverflowError):
        raise Unusual("a character reference out of range") from None


def _unescape_checked(s: str) -> str:
    out = _ENTITY.sub(_entity, s)
    # Every & must have been part of a reference: count them in the source.
    if s.count("&") != len(_ENTITY.findall(s)):
        raise Unusual("an entity reference that is not predefined")
    return out


def _text(raw: bytes) -> str:
    s = raw.decode("utf-8")
    if "\r" in s:
        s = s.replace("\r\n", "\n").replace("\r", "\n")
    if "&" in s:
        s = _unescape_checked(s)
    return s


def _attr_value(raw: bytes) -> str:
    """An attribute value as libxml2 gives it (no DTD: every attribute is CDATA): line
    ends normalized, then each whitespace character a space, then references replaced."""
    s = raw.decode("utf-8")
    if "\r" in s:
        s = s.replace("\r\n", "\n").replace("\r", "\n")
    if "\t" in s or "\n" in s:
        s = s.replace("\t", " ").replace("\n", " ")
    if "&" in s:
        s = _unescape_checked(s)
    return s


def attributes(raw: bytes, nsmap: dict) -> dict[str, str]:
    """The attributes of a start tag's attribute text, names in lxml's ``{uri}local`` form
    (prefixes from ``nsmap``, the root's declarations)."""
    out: dict[str, str] = {}
    for m in _ATTR_PARTS.finditer(raw):
        name = m.group(1).decode("ascii", "strict") if m.group(1).isascii() else None
        if name is None:
            raise Unusual("a non-ASCII attribute name")
        if ":" in name:
            prefix, local = name.split(":", 1)
            uri = _XML_NS if prefix == "xml" else nsmap.get(prefix)
            if uri is None or ":" in local:
                raise Unusual(f"an attribute prefix {prefix!r} the root does not declare")
            name = f"{{{uri}}}{local}"
        val = m.group(2) if m.group(2) is not None else m.group(3)
        out[name] = _attr_value(val)
    return out


class _Validator:
    """libxml2 checking well-formedness of the bytes fed (no tree, no callbacks)."""

    class _Null:
        def close(self) -> None:
            return None

    def __init__(self) -> None:
        self._parser = etree.XMLParser(target=self._Null(), resolve_entities=False,
                                       no_network=True, load_dtd=False, huge_tree=False)

    def feed(self, data: bytes) -> None:
        try:
            self._parser.feed(data)
        except etree.XMLSyntaxError as exc:
            raise Unusual(f"malformed: {exc}") from None

    def close(self) -> None:
        try:
            self._parser.close()
        except etree.XMLSyntaxError as exc:
            raise Unusual(f"malformed: {exc}") from None

    def abandon(self) -> None:
        """Stop before the end: the parser's state is released now (lxml's target parser
        and its context refer to each other: left alone, they wait for the cyclic
        collector)."""
        try:
            self._parser.close()
        except etree.XMLSyntaxError:
            pass


def _utf8(head: bytes, part: str) -> None:
    """Refuse (``Unusual``) anything but a UTF-8 part with an acceptable prolog."""
    try:
        check_prolog(head, part)
    except Exception as exc:  # noqa: BLE001 - the lxml reader raises it properly
        raise Unusual(str(exc)) from None
    start = 3 if head.startswith(b"\xef\xbb\xbf") else 0
    if head[start:start + 1] != b"<":
        raise Unusual("not a plain UTF-8 part")
    m = _DECL_ENC.match(head[start:start + 200])
    if m and m.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8"):
        raise Unusual("an encoding other than UTF-8")


_ROOT = re.compile(rb"<worksheet((?:" + _ATTR + rb")*)\s*>")
_XMLNS = re.compile(rb"""\s+xmlns(?::([A-Za-z_][\w.-]*))?\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _root_namespaces(buf: bytes, part: str) -> dict:
    """The namespace declarations of the part's root start tag (an unprefixed
    ``worksheet`` right after the prolog), as lxml's ``nsmap``."""
    m = _ROOT.match(buf, check_prolog(buf, part))
    if m is None:
        raise Unusual("the root is not an unprefixed worksheet")
    out: dict = {}
    for d in _XMLNS.finditer(m.group(1)):
        uri = _attr_value(d.group(2) if d.group(2) is not None else d.group(3))
        out[d.group(1).decode("ascii") if d.group(1) else None] = uri
    return out


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
        _utf8(buf[:4096], part)
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
    check = _Validator()
    buf = stream.read(CHUNK)
    _utf8(buf[:4096], part)
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
        nsmap = _root_namespaces(buf, part)
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
        if _ODD_TAG.search(buf, 0, end) is not None:
            raise Unusual("an element, comment, CDATA or PI the reader does not read")
        if buf.find(b"xmlns", 0, end) >= 0:
            raise Unusual("a namespace declaration in the rows")
        has_ref = buf.find(b"ref", 0, end) >= 0
        units = _UNIT.findall(buf, 0, end)
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
                    f = _first_f(body)
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
        cols = _COLS
        for m in cells:
            col = cols.get(m[3]) or _col(m[3])
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
            v, inline, f = _children(body)
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
    first = next((i for i, m in enumerate(cells) if _has_content(m[6])), None)
    if first is None:
        return
    last = next(i for i in range(len(cells) - 1, first - 1, -1) if _has_content(cells[i][6]))
    lo = _col(cells[first][3])
    hi = _col(cells[last][3]) if last != first else lo
    grow(bounds, r, lo)
    grow(bounds, r, hi)


def _has_content(body: bytes) -> bool:
    """``rawcells.has_content`` for a matched cell's content: more than one child, or one
    that is not a ``v``, or a ``v`` with text."""
    if not body:
        return False
    m = _SIMPLE_V.fullmatch(body)
    if m is not None:
        return m.group(1) != b""
    if _SIMPLE_FV.fullmatch(body) is not None:
        return True
    v = _children(body)[0]  # raises Unusual unless the children are v, f and is only
    n = body.count(b"<v") + body.count(b"<f") + body.count(b"<is")
    if n != 1:
        return n > 1
    return v is None or v != ""


def _row_info(attrib: dict[str, str]) -> tuple[RowInfo, int]:
    """``CellStore._row_attrs`` for parsed attributes: (record, outline level)."""
    if plain_row(list(attrib)):
        return PLAIN_ROW, 0
    lvl = to_int(attrib.get("outlineLevel")) or 0
    return RowInfo(to_float(attrib.get("ht")), flag(attrib.get("customHeight")),
                   flag(attrib.get("hidden")), lvl, flag(attrib.get("collapsed")),
                   to_int(attrib.get("s")) if flag(attrib.get("customFormat")) else None), lvl


_SIMPLE_V = re.compile(rb"<v>([^<&\r]*)</v>")
_SIMPLE_FV = re.compile(rb"<f>([^<&\r]*)</f><v>([^<&\r]*)</v>")


def _children(body: bytes) -> tuple[str | None, str | None, tuple[dict, str | None] | None]:
    """(v text, inline text, (f attributes, f text)) of a cell's content; the first child
    of each kind counts, as ``read_cell`` takes it. ``v`` is ``""`` for an empty ``v``."""
    m = _SIMPLE_V.fullmatch(body)
    if m is not None:
        return m.group(1).decode("utf-8"), None, None
    m = _SIMPLE_FV.fullmatch(body)
    if m is not None:
        return m.group(2).decode("utf-8"), None, ({}, m.group(1).decode("utf-8") or None)
    v = inline = f = None
    pos = 0
    for m in _CHILD.finditer(body):
        if m.start() != pos:
            raise Unusual("text or markup in a cell")
        pos = m.end()
        whole = m.group(0).lstrip()
        if whole.startswith(b"<v"):
            if v is None:
                v = _text(m.group(1)) if m.group(1) is not None else ""
        elif whole.startswith(b"<f"):
            if f is None:
                f = (attributes(m.group(2), {}) if m.group(2) else {},
                     _text(m.group(3)) if m.group(3) else None)
        else:
            if inline is None:
                inner = m.group(4)
                inline = "".join(_text(t.group(1)) if t.group(1) else ""
                                 for t in _T.finditer(inner)) if inner else ""
    if body[pos:].strip():
        raise Unusual("text or markup in a cell")
    return v, inline, f


def _first_f(body: bytes) -> tuple[dict, str | None] | None:
    return _children(body)[2]
