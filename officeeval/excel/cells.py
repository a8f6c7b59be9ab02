"""Typed cell values: a stored cell (``RawCell``) read through its type attribute, the shared
strings, the workbook's date system and its number format.

A formula cell's value is its cached ``<v>`` when the file has one it can trust; otherwise
it comes from the workbook's recalculation backend (see ``ExcelDocument.recalculated_raw``)
or, without one, the read raises ``UnverifiableValue`` so the check becomes an evaluator
error rather than a failure charged to the candidate.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Iterator

from officeeval.errors import UnverifiableValue
from officeeval.excel import formulas as F
from officeeval.excel.rawcells import RawCell
from officeeval.excel.dates import serial_to_datetime
from officeeval.excel.numfmt import format_number, format_text
from officeeval.excel.refs import cell_ref
from officeeval.ooxml.units import to_float, to_number
from officeeval.values import CellValue, cell_value as _cv

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet

_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?")


def stored_value(raw: RawCell, sheet: "Sheet", style_index: int | None = None) -> CellValue:
    """The value the stored element holds (for a formula cell: its ``<v>``, trusted or
    not). ``style_index`` overrides the cell's own (recalculated copies keep the original
    cell's number format)."""
    book = sheet.book
    t = raw.t or "n"
    v = raw.v
    if t == "s":
        text = _shared_text(book, v)
        return _cv("text", text) if text is not None else _cv("empty")
    if t == "inlineStr":
        if raw.inline is not None:
            return _cv("text", raw.inline)
        return _cv("text", v) if v else _cv("empty")
    if t == "str":
        return _cv("text", v or "")
    if t == "b":
        if v is None or v == "":
            return _cv("empty")
        return _cv("bool", v.strip().lower() in ("1", "true"))
    if t == "e":
        return _cv("error", (v or "#N/A").strip())
    if t == "d":
        m = _ISO.match(v or "")
        if not m:
            return _cv("empty")
        try:
            parts = [int(x) if x else 0 for x in m.groups()[:6]]
            d = dt.datetime(*parts)
        except ValueError:
            return _cv("text", v)
        from officeeval.excel.dates import datetime_to_serial
        return _cv("date", d, {"serial": datetime_to_serial(d, book.date1904)})
    if raw.inline is not None and not v:
        return _cv("text", raw.inline)
    num = to_number(v)
    if num is None:
        return _cv("empty") if not v else _cv("text", v)
    if book.styles.is_date_at(raw.s if style_index is None else style_index):
        d = serial_to_datetime(num, book.date1904)
        if d is not None:
            return _cv("date", d, {"serial": num})
    return _cv("number", num)


def _shared_text(book, v: str | None) -> str | None:
    """The shared string a ``t="s"`` cell's ``<v>`` points at; ``None`` when it points at
    none."""
    idx = to_float(v)
    return book.shared_string(int(idx)) if idx is not None and idx >= 0 else None


def same_stored(a: RawCell | None, sheet: "Sheet", b: RawCell | None, other: "Sheet") -> bool:
    """Whether two constant cells of two sheets (``a`` of ``sheet``, ``b`` of ``other``,
    ``None`` for no element) certainly have the same ``cell_value``: both without an
    element, or both without a formula and stored alike — same type, the same text for a
    shared string, the same ``<v>`` and inline text otherwise, and for a number the same
    date-or-not format. The caller checks what lies outside the two records: no array
    formula range on either sheet and the same date system. ``False`` means not known."""
    if a is None or b is None:
        return a is None and b is None
    if a.f_kind is not None or b.f_kind is not None:
        return False
    t = a.t or "n"
    if t != (b.t or "n"):
        return False
    if t == "s":
        return _shared_text(sheet.book, a.v) == _shared_text(other.book, b.v)
    if a.v != b.v or a.inline != b.inline:
        return False
    # Read as a number (``n`` or a type stored_value does not know): the format decides
    # whether it is a date.
    return t in _NOT_NUMBERS or \
        sheet.book.styles.is_date_at(a.s) == other.book.styles.is_date_at(b.s)


_NOT_NUMBERS = frozenset(("inlineStr", "str", "b", "e", "d"))


def has_trusted_cache(raw: RawCell, fresh_calc: bool) -> bool:
    """Whether a formula cell's ``<v>`` can be used: present, non-empty (or an explicit
    empty-string result, ``t="str"``), and the workbook does not ask for a full
    recalculation on load (xlsxwriter and openpyxl write placeholder values then)."""
    if fresh_calc or raw.v is None:
        return False
    return raw.v != "" or raw.t == "str"


# Values kept per sheet: a grading asks for the same cells many times (every check on a
# range, the output and the reference side), a hostile rubric cannot make it grow unbounded.
KEPT_VALUES = 20_000


def cell_value(sheet: "Sheet", row: int, col: int) -> tuple[CellValue, str]:
    """(value, source) of a cell: ``direct`` for constants, ``cached`` or ``recalculated``
    for formula results, ``empty`` for a cell with nothing in it. Raises
    ``UnverifiableValue`` for a formula result that is neither cached nor recalculable
    (never kept: the next read raises again). The returned value is shared: don't mutate."""
    kept = sheet.values
    got = kept.get((row, col))
    if got is None:
        got = _cell_value(sheet, row, col)
        if len(kept) < KEPT_VALUES:
            kept[(row, col)] = got
    return got


def cell_values(sheet: "Sheet", keys: list[tuple[int, int]]) -> list[tuple[CellValue, str]]:
    """``[cell_value(sheet, r, c) for r, c in keys]``, the stored records read together
    (``CellStore.get_many``); raises what ``cell_value`` raises for the first key that
    fails."""
    return list(iter_cell_values(sheet, keys))


def iter_cell_values(sheet: "Sheet", keys: list[tuple[int, int]]
                     ) -> Iterator[tuple[CellValue, str]]:
    """``cell_value(sheet, r, c)`` for each key in turn, each read when the caller asks for
    it (a caller that stops at a failing step has read, and noted, no further), the stored
    records read together first; raises where ``cell_value`` would."""
    store = sheet.store
    if store is None or store.large:
        for r, c in keys:
            yield cell_value(sheet, r, c)
        return
    kept = sheet.values
    todo = [k for k in keys if k not in kept]
    raws = dict(zip(todo, store.get_many(todo))) if todo else {}
    # A small sheet's array ranges are all known once its rows are indexed (get_many):
    # without any, a cell without a formula is its stored value (``_value_of``'s first
    # case), read here without the call.
    plain = not store.has_arrays()
    for key in keys:
        got = kept.get(key)
        if got is None:
            raw = raws.get(key)
            if plain and raw is None:
                got = (CellValue("empty"), "empty")
            elif plain and raw.f_kind is None:  # type: ignore[union-attr]
                val = stored_value(raw, sheet)  # type: ignore[arg-type]
                got = (val, "direct" if val.kind != "empty" else "empty")
            else:
                got = _value_of(sheet, raw, key[0], key[1])
            if len(kept) < KEPT_VALUES:
                kept[key] = got
        yield got


def _cell_value(sheet: "Sheet", row: int, col: int) -> tuple[CellValue, str]:
    return _value_of(sheet, sheet.store.get(row, col) if sheet.store is not None else None,
                     row, col)


def _value_of(sheet: "Sheet", raw: RawCell | None, row: int, col: int
              ) -> tuple[CellValue, str]:
    """``_cell_value`` of the cell whose stored record (``store.get``) is ``raw``."""
    book = sheet.book
    in_array = sheet.store.array_at(row, col) if sheet.store is not None else None
    is_formula = raw is not None and raw.f_kind is not None
    if not is_formula and in_array is None:
        if raw is None:
            return CellValue("empty"), "empty"
        val = stored_value(raw, sheet)
        return val, ("direct" if val.kind != "empty" else "empty")
    where = (sheet.index, row, col)
    if raw is not None and has_trusted_cache(raw, book.fresh_calc):
        book.note_source(where, "cached")
        return stored_value(raw, sheet), "cached"
    if raw is not None and not is_formula and raw.v not in (None, "") and not book.fresh_calc:
        # A member of an array range holding its own value (a placeholder when the workbook
        # asks for a full recalculation: XlsxWriter writes 0 in every spilled cell).
        book.note_source(where, "cached")
        return stored_value(raw, sheet), "cached"
    rec = book.recalculated_raw(sheet, row, col, where)
    style = raw.s if raw is not None else sheet.style_at(row, col)
    if rec is None:
        book.note_source(where, "recalculated")
        return CellValue("empty"), "recalculated"
    book.note_source(where, "recalculated")
    return stored_value(rec, sheet, style), "recalculated"


def formula_of(sheet: "Sheet", row: int, col: int) -> tuple[str, str] | None:
    """(formula as the formula bar shows it, source) or ``None`` for a constant cell.
    Cells inside a multi-cell array formula show the array's formula (``{=…}`` for a
    legacy array, plain for a dynamic-array spill)."""
    if sheet.store is None:
        return None
    raw = sheet.store.get(row, col)
    if raw is not None and raw.f_kind is not None:
        text = F.display(raw.f or "")
        if raw.f_kind == "array" and not _dynamic(sheet, raw):
            area = sheet.store.array_at(row, col)
            if area is not None or raw.f_ref:
                return "{" + text + "}", "array"
        return text, raw.f_kind if raw.f_kind != "normal" else "direct"
    hit = sheet.store.array_at(row, col)
    if hit is not None:
        area, r, c = hit
        anchor = sheet.store.get(r, c)
        if anchor is not None and anchor.f is not None:
            text = F.display(anchor.f)
            if _dynamic(sheet, anchor):
                return text, f"spill:{cell_ref(r, c)}"
            return "{" + text + "}", f"array:{area}"
    return None


def has_formula(sheet: "Sheet", row: int, col: int) -> bool:
    """Whether ``formula_of`` gives a formula for the cell, without rendering it (a
    1,440-cell ``cell.has_formula`` check would tokenize every shared-formula member)."""
    if sheet.store is None:
        return False
    raw = sheet.store.get(row, col)
    if raw is not None and raw.f_kind is not None:
        return True
    hit = sheet.store.array_at(row, col)
    if hit is not None:
        anchor = sheet.store.get(hit[1], hit[2])
        return anchor is not None and anchor.f is not None
    return False


def has_formulas(sheet: "Sheet", keys: list[tuple[int, int]]) -> list[bool]:
    """``[has_formula(sheet, r, c) for r, c in keys]``, the stored records read together
    (``CellStore.get_many``)."""
    store = sheet.store
    if store is None:
        return [False] * len(keys)
    raws = store.get_many(keys)
    # Once the records are read, a small sheet without array ranges needs no further look:
    # a cell holds a formula exactly when its record has one. (A large sheet knows only the
    # array ranges of the rows it has read: ``has_formula`` looks each cell up.)
    if not store.large and not store.has_arrays():
        return [raw is not None and raw.f_kind is not None for raw in raws]
    return [True if raw is not None and raw.f_kind is not None else has_formula(sheet, r, c)
            for raw, (r, c) in zip(raws, keys)]


def _dynamic(sheet: "Sheet", raw: RawCell) -> bool:
    return raw.cm is not None and sheet.book.is_dynamic_array(raw.cm)


def display_text(sheet: "Sheet", row: int, col: int) -> tuple[str, str]:
    """(text as Excel shows it, source of the value). Raises ``UnverifiableValue`` like
    ``cell_value``."""
    value, source = cell_value(sheet, row, col)
    code = sheet.number_format_of(sheet.style_at(row, col)) or "General"
    return render(value, code, sheet.book.date1904), source


def render(value: CellValue, code: str, date1904: bool = False) -> str:
    """A typed value rendered with a number format code."""
    if value.kind == "empty":
        return ""
    if value.kind == "text":
        return format_text(str(value.value), code)
    if value.kind == "bool":
        return "TRUE" if value.value else "FALSE"
    if value.kind == "error":
        return str(value.value)
    if value.kind == "date":
        serial = value.extra.get("serial")
        if serial is None:
            return value.value.isoformat(sep=" ")
        return format_number(float(serial), code, date1904)
    if value.kind == "number":
        return format_number(float(value.value), code, date1904)
    return str(value.value)


_ = UnverifiableValue
