"""What a worksheet's ``c`` and ``row`` elements hold, as read (``RawCell``, ``RowInfo``), and
the small element readers the cell store's hot loops use (column of a reference, content
test, inline and rich text)."""

from __future__ import annotations

from dataclasses import dataclass

from typing import Callable

from lxml import etree

from officeeval.cache import ProcessMemo
from officeeval.excel import formulas
from officeeval.excel.refs import col_index, parse_cell
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_int

_S = f"{{{S}}}"
_C, _V, _T, _R, _F, _IS = (_S + x for x in ("c", "v", "t", "r", "f", "is"))


class RawCell:
    """One ``c`` element as stored. ``f`` is the cell's own formula text (shared-formula
    members expanded from their master), ``f_kind`` ``normal``/``shared``/``array``/
    ``dataTable`` or ``None``; ``v`` the cached value text (``None`` when absent)."""

    __slots__ = ("row", "col", "t", "s", "v", "inline", "f", "f_kind", "f_ref", "cm")

    def __init__(self, row: int, col: int, t: str | None, s: int, v: str | None,
                 inline: str | None, f: str | None, f_kind: str | None, f_ref: str | None,
                 cm: str | None) -> None:
        self.row, self.col, self.t, self.s, self.v = row, col, t, s, v
        self.inline, self.f, self.f_kind, self.f_ref, self.cm = inline, f, f_kind, f_ref, cm

    @property
    def has_content(self) -> bool:
        return self.f_kind is not None or (self.v is not None and self.v != "") or \
            self.inline is not None


@dataclass(frozen=True)
class RowInfo:
    height: float | None
    custom_height: bool
    hidden: bool
    outline: int
    collapsed: bool
    style: int | None


def flag(v: str | None) -> bool:
    return (v or "").lower() in ("1", "true")


def inline_text(is_el: etree._Element) -> str:
    """Text of an ``is`` (or shared-string ``si``) element: its ``t`` and the ``t`` of each
    rich-text run, phonetic runs left out."""
    if len(is_el) == 1:  # the common form: one plain t
        child = is_el[0]
        if child.tag == _T:
            return child.text or ""
    parts = []
    for child in is_el:
        if child.tag == _T:
            parts.append(child.text or "")
        elif child.tag == _R:
            t = child.find(_T)
            if t is not None:
                parts.append(t.text or "")
    return "".join(parts)


PLAIN_ROW = RowInfo(None, False, False, 0, False, None)
# Column letters (``AB`` -> 28), the one- and two-letter ones from the start; and whole
# references seen (``C12`` -> 3): one lookup each, bounded (hostile sheets vary them).
_COLS: "ProcessMemo[int]" = ProcessMemo("excel.column_letters", 20_000, lru=False)
_REF_COLS: "ProcessMemo[int]" = ProcessMemo("excel.cell_columns", 65_536, lru=False)


def column_of(ref: str | None, prev: int) -> int:
    """Column of a cell's ``r`` (``C12`` -> 3), cached by the whole reference and by its
    letters; the next column after ``prev`` when ``r`` is absent or unreadable (``XFE1``,
    ``A0``, ``1A``)."""
    if ref and 2 <= len(ref) <= 9 and ref.isascii():
        # The common forms (``E123456``, ``AB12``) computed directly: on a large sheet every
        # reference is new, and a dictionary of them would not fit.
        a = ref[0]
        if "A" <= a <= "Z":
            b = ref[1]
            if "1" <= b <= "9":
                if len(ref) <= 8 and ref[1:].isdigit():
                    return ord(a) - 64
            elif "A" <= b <= "Z" and len(ref) >= 3 and "1" <= ref[2] <= "9" \
                    and ref[2:].isdigit():
                return (ord(a) - 64) * 26 + ord(b) - 64
    col = _REF_COLS.get(ref) if ref else None  # type: ignore[arg-type]
    if col is not None:
        return col
    if ref:
        letters = ref.rstrip("0123456789")
        digits = ref[len(letters):]
        if digits and digits[0] != "0" and len(digits) <= 7:  # a real row number
            col = _COLS.get(letters)
            if col is None:
                col = col_index(letters) or 0
                if col:
                    _COLS.put(letters, col)
            if col:
                return _REF_COLS.put(ref, col)
    return prev + 1


def column_in_row(ref: str | None, row_text: str, prev: int) -> int:
    """``column_of`` for a cell of the row whose ``r`` is ``row_text``: the common reference
    (its letters, then that row number) costs one dictionary lookup."""
    if ref is not None and ref.endswith(row_text):
        col = _COLS.get(ref[:-len(row_text)])
        if col is not None:
            return col
    return column_of(ref, prev)


def _two_letter_columns() -> None:
    letters = [chr(65 + i) for i in range(26)]
    for a in letters:
        _COLS.put(a, col_index(a) or 0)
        for b in letters:
            _COLS.put(a + b, col_index(a + b) or 0)


_two_letter_columns()


def row_number(text: str | None, prev: int) -> int:
    """A row element's ``r`` as ``to_int`` reads it (the common ``"12"`` parsed directly);
    the row after ``prev`` when absent, 0 or unreadable."""
    if text is not None and len(text) <= 9:  # below 1e9: to_int would give the same
        try:
            return int(text) or prev + 1
        except ValueError:
            pass
    return to_int(text) or prev + 1


# Row attributes that change nothing a property reads (Excel writes them on every row).
_PLAIN_ROW_KEYS = frozenset(("r", "spans", "{http://schemas.microsoft.com/office/"
                                           "spreadsheetml/2009/9/ac}dyDescent"))


def plain_row(keys: list[str]) -> bool:
    """Whether a row element with these attribute names is ``PLAIN_ROW``."""
    return _PLAIN_ROW_KEYS.issuperset(keys)


def has_content(c: etree._Element) -> bool:
    """A value, an inline string or a formula (not just a style)."""
    n = len(c)
    return n > 1 or (n == 1 and (c[0].tag != _V or bool(c[0].text)))


def grow(bounds: list, r: int, c: int) -> None:
    bounds[0] = r if bounds[0] is None else min(bounds[0], r)
    bounds[1] = c if bounds[1] is None else min(bounds[1], c)
    bounds[2] = max(bounds[2], r)
    bounds[3] = max(bounds[3], c)


def position_of(c: etree._Element | None, row_el: etree._Element) -> int:
    """Column of a ``c`` element: its ``r``, else its place among the row's cells."""
    if c is None:
        return 0
    pos = parse_cell(c.get("r"))
    if pos:
        return pos[1]
    return sum(1 for x in row_el if x.tag == _C and x is not c and
               x.getparent() is row_el and row_el.index(x) < row_el.index(c)) + 1


def read_cell(c: etree._Element, r: int, col: int, shared: dict[str, tuple[int, int, str]],
              note: Callable[[etree._Element, int, int], None]) -> RawCell:
    """The record of one ``c`` element at (r, col). ``shared`` maps a shared formula's
    ``si`` to its master (row, col, text), to expand members; ``note`` is called with the
    cell's ``f`` element first (masters and array ranges are remembered there). Odd
    attribute values read as none (a style index that is not a number is 0).

    The children are read in one pass rather than a find() per tag (lxml's find runs its
    Python path engine); the first child of each kind counts, as find() gave."""
    v_el = is_el = f = None
    for ch in c:
        tag = ch.tag
        if tag == _V:
            if v_el is None:
                v_el = ch
        elif tag == _F:
            if f is None:
                f = ch
        elif tag == _IS:
            if is_el is None:
                is_el = ch
    ftext = fkind = fref = None
    if f is not None:
        note(f, r, col)
        fkind = f.get("t") or "normal"
        fref = f.get("ref")
        ftext = f.text or ""
        if fkind == "shared" and not ftext:
            master = shared.get(f.get("si") or "")
            if master is not None:
                ftext = formulas.shift(master[2], r - master[0], col - master[1])
        elif fkind == "dataTable":
            args = [a for a in (f.get("r1"), f.get("r2")) if a]
            ftext = f"TABLE({','.join(args)})"
    s = c.get("s")
    if s is None:
        si = 0
    else:
        try:  # the common "12"; anything else as to_int reads it
            si = int(s) if len(s) < 9 else (to_int(s) or 0)
        except ValueError:
            si = to_int(s) or 0
    return RawCell(r, col, c.get("t"), si,
                   (v_el.text or "") if v_el is not None else None,
                   inline_text(is_el) if is_el is not None else None,
                   ftext, fkind, fref, c.get("cm"))
