"""Resolvers of what a cell holds: ``(CellTarget, ctx) -> Observation | None`` (its
formatting is read in ``resolve_cell_format``).

Values: ``cell.value`` and ``cell.display`` read formula results from the cache or from
recalculation (source ``cached`` / ``recalculated``) and raise ``UnverifiableValue`` when
neither is possible. An empty cell has no value (``None``: the check is ``not_found``).
Formulas, the functions and references they use, merges and the text shown complete it.
Each resolver is followed by its writer (``write(session, target, value) -> note``), built
on the cell-level XML helpers of ``excel.edit.cells``.
"""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.errors import OfficeEvalError
from officeeval.excel import cells as C
from officeeval.excel import formulas as F
from officeeval.excel import value_types as X
from officeeval.excel.edit.cells import cell_el, detach_shared, set_merge, target_cell, \
    write_value
from officeeval.excel.refs import cell_ref
from officeeval.excel.targets import CellTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.define import PropertySet, read_many_one_by_one, reads_alike, \
    reads_many
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import CellValue, Observation, observation

CELL_KINDS = ("cell",)
CELL = "cell"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()
_NOT_KEPT = object()
_S = f"{{{S}}}"


@prop("cell.value", T.CELL_VALUE, kinds=CELL,
      draft=Drafting(formula_shadowed=True, content=True),
      plan=Plan("value", value="cell.value"))
def value(t: CellTarget, ctx) -> Observation | None:
    """The cell's typed value: number, text, TRUE/FALSE, a date (number with a date format,
    or an ISO date cell) or an error. A formula's value is its cached result, or
    recalculated with LibreOffice when the file has none (source recalculated); without
    either it is an evaluator error, never a failure."""
    sheet = t.sheet
    key = (t.row, t.col)
    kept = sheet.observations
    obs = kept.get(key, _NOT_KEPT)
    if obs is not _NOT_KEPT:
        return obs  # type: ignore[return-value]
    v, source = C.cell_value(sheet, t.row, t.col)
    obs = None if v.kind == "empty" else Observation(v, source)
    if len(kept) < C.KEPT_VALUES:
        kept[key] = obs
    return obs


@reads_many(value)
def values(targets: list[CellTarget], ctx) -> list[Observation | None]:
    sheet = targets[0].sheet if targets else None
    if any(t.sheet is not sheet for t in targets):
        return [value(t, ctx) for t in targets]
    kept = sheet.observations  # type: ignore[union-attr]
    todo = [(t.row, t.col) for t in targets if (t.row, t.col) not in kept]
    read = dict(zip(todo, C.cell_values(sheet, todo))) if todo else {}  # type: ignore[arg-type]
    out: list[Observation | None] = []
    for t in targets:
        key = (t.row, t.col)
        obs = kept.get(key, _NOT_KEPT)
        if obs is _NOT_KEPT:
            v, source = read[key]
            obs = None if v.kind == "empty" else observation(v, source)
            if len(kept) < C.KEPT_VALUES:
                kept[key] = obs
        out.append(obs)  # type: ignore[arg-type]
    return out


@reads_alike(value)
def values_alike(targets: list[CellTarget], others: list[CellTarget | None]) -> list[bool] | None:
    # Constants stored alike on two small sheets without array formulas, in workbooks of
    # one date system: the same value, source ``direct``, nothing noted (``C.same_stored``).
    sheet = _one_small_sheet(targets)
    if sheet is None or any(o is None for o in others):
        return None
    other = _one_small_sheet(others)  # type: ignore[arg-type]
    if other is None or len(others) != len(targets) or \
            sheet.book.date1904 != other.book.date1904:
        return None
    raws = sheet.store.get_many([(t.row, t.col) for t in targets])  # type: ignore[union-attr]
    oraws = other.store.get_many([(o.row, o.col) for o in others])  # type: ignore[union-attr]
    if sheet.store.has_arrays() or other.store.has_arrays():  # type: ignore[union-attr]
        return None
    same = C.same_stored
    return [same(a, sheet, b, other) for a, b in zip(raws, oraws)]


@WRITERS.writer("cell.value")
def write_cell_value(session: Session, target: Target, new: Any) -> str:
    """A constant (any formula removed): a ``CellValue``, or a number, text or truth
    value."""
    cv = new if isinstance(new, CellValue) else CellValue(
        "bool" if isinstance(new, bool) else "number" if isinstance(new, (int, float))
        else "text", new)
    root, c = target_cell(session, target)
    detach_shared(root, target)
    return write_value(c, cv)


@prop("cell.display", T.TEXT, kinds=CELL,
      draft=Drafting(restates_value=True,
                     formula_shadowed=True,
                     content=True,
                     pictured_by=("格式", "显示")),
      plan=(Plan("value", value="cell.value", judges_format=True),
            Plan("format", mistake="number_format", writes="cell.number_format")))
def display(t: CellTarget, ctx) -> Observation | None:
    """The value as Excel displays it with its number format (decimals, thousands
    separators, %, ¥/$, negative sections, Chinese dates, [DBNum1])."""
    v, source = C.cell_value(t.sheet, t.row, t.col)
    if v.kind == "empty":
        return None
    code = t.sheet.number_format_of(t.sheet.style_at(t.row, t.col)) or "General"
    return observation(C.render(v, code, t.sheet.book.date1904), source)


@reads_many(display)
def displays(targets: list[CellTarget], ctx) -> list[Observation | None]:
    # One small sheet's records read together; each value read, and rendered, in turn
    # (``cells.iter_cell_values``), so what fails fails where ``display`` fails.
    sheet = _one_small_sheet(targets)
    if sheet is None:
        return [display(t, ctx) for t in targets]
    keys = [(t.row, t.col) for t in targets]
    fmt, style_at, date1904 = sheet.number_format_of, sheet.style_at, sheet.book.date1904
    out: list[Observation | None] = []
    for (r, c), (v, source) in zip(keys, C.iter_cell_values(sheet, keys)):
        if v.kind == "empty":
            out.append(None)
            continue
        out.append(observation(C.render(v, fmt(style_at(r, c)) or "General", date1904),
                               source))
    return out


def write_shown_text(session: Session, target: Target, new: Any) -> str:
    """The text the cell shows, written as a text constant (any formula removed)."""
    root, c = target_cell(session, target)
    detach_shared(root, target)
    return write_value(c, CellValue("text", str(new)))


WRITERS.writer("cell.display")(write_shown_text)


@prop("cell.formula", X.FORMULA, kinds=CELL,
      draft=Drafting(formula_shadowed=True, content=True, asked="spelling"),
      plan=Plan("formula", formula="cell.formula", value="cell.value", rewrite="literal"))
def formula(t: CellTarget, ctx) -> Observation | None:
    """The formula as the formula bar shows it (=SUM(B2:B31)); shared formulas expanded for
    each cell, array formulas in braces."""
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(got[0], got[1]) if got else None


@WRITERS.writer("cell.formula")
def write_formula(session: Session, target: Target, new: Any) -> str:
    """The formula text (the cached result kept: a formula check, not a value check, must
    notice)."""
    root, c = target_cell(session, target)
    detach_shared(root, target)
    c = cell_el(root, target.row, target.col)  # type: ignore[attr-defined]
    f = c.find(_S + "f")
    if f is None:
        f = etree.Element(_S + "f")
        c.insert(0, f)
    before = f"={f.text} -> " if f.text else ""
    f.attrib.clear()
    f.text = str(new).lstrip("=")
    return f"{before}={f.text}"


@prop("cell.has_formula", T.BOOL, kinds=CELL,
      draft=Drafting(formula_shadowed=True),
      plan=Plan("formula", formula="cell.formula", value="cell.value"))
def has_formula(t: CellTarget, ctx) -> Observation | None:
    """Whether the cell holds a formula (false for a value pasted in its place); cells of an
    array formula's range count."""
    return Observation(C.has_formula(t.sheet, t.row, t.col), "direct")


_HAS_FORMULA = {True: Observation(True, "direct"), False: Observation(False, "direct")}


@reads_many(has_formula)
def has_formulas(targets: list[CellTarget], ctx) -> list[Observation | None]:
    # Observations are immutable: every cell shares one of the two.
    sheet = _one_small_sheet(targets)
    if sheet is None:
        return [has_formula(t, ctx) for t in targets]
    return [_HAS_FORMULA[b] for b in C.has_formulas(sheet, [(t.row, t.col) for t in targets])]


@WRITERS.writer("cell.has_formula")
def write_has_formula(session: Session, target: Target, new: Any) -> str:
    """False: the formula replaced by its own value (pasted values); a formula cannot be
    made up (true on a constant raises ``NotApplicable``)."""
    if new:
        raise NotApplicable("no formula to write")
    try:
        v, _ = C.cell_value(target.sheet, target.row, target.col)  # type: ignore[attr-defined]
    except OfficeEvalError as exc:
        raise NotApplicable(f"the formula's value is not known: {exc}") from exc
    return write_cell_value(session, target, v)


def _one_small_sheet(targets: list[CellTarget]):
    """The small sheet every target is on (its records can be read together), else
    ``None``."""
    sheet = targets[0].sheet if targets else None
    if sheet is None or sheet.store is None or sheet.store.large or \
            any(t.sheet is not sheet for t in targets):
        return None
    return sheet


def _read_first(single: Callable[[CellTarget, Any], Observation | None]) -> Callable:
    """The bulk form of a resolver that reads each cell's stored record: the records of a
    small sheet's targets read together first (``CellStore.get_many``), then ``single``
    for each target, which then finds its record read."""
    def many(targets: list[CellTarget], ctx) -> list[Observation | None]:
        sheet = _one_small_sheet(targets)
        if sheet is not None:
            sheet.store.get_many([(t.row, t.col) for t in targets])
        return [single(t, ctx) for t in targets]
    single.many = many  # type: ignore[attr-defined]
    return many


@prop("cell.functions", T.FUNCTIONS, kinds=CELL,
      read_only="derived from the formula: write cell.formula",
      draft=Drafting(formula_shadowed=True, asked="functions"),
      plan=Plan("formula", formula="cell.formula", value="cell.value", rewrite="functions"))
def functions(t: CellTarget, ctx) -> Observation | None:
    """Functions the formula uses, upper case, _xlfn. prefixes removed (RANK.EQ, SUMIFS); an
    empty list for a constant."""
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(F.functions(got[0]) if got else [], "direct")


@prop("cell.references", X.REFS, kinds=CELL,
      read_only="derived from the formula: write cell.formula",
      draft=Drafting(volatile=True),
      plan=Plan("formula", formula="cell.formula", value="cell.value", rewrite="references"))
def references(t: CellTarget, ctx) -> Observation | None:
    """Cell and range references the formula uses ($ removed, sheet-qualified when the
    formula names a sheet), then defined names."""
    got = C.formula_of(t.sheet, t.row, t.col)
    if not got:
        return Observation([], "direct")
    refs = F.references(got[0])
    names = [tok.text for tok in F.tokenize(got[0].lstrip("{=").rstrip("}"))
             if tok.kind == "name"]
    return Observation(refs + [n for n in names if n not in refs], "direct")


@prop("cell.merged", T.BOOL, kinds=CELL,
      draft=Drafting(volatile=True),
      plan=Plan("merge", toggles="cell.merged"))
def merged(t: CellTarget, ctx) -> Observation | None:
    """Whether the cell is part of a merged range."""
    return Observation(t.sheet.merge_at(t.row, t.col) is not None, "direct")


@WRITERS.writer("cell.merged")
def write_merged(session: Session, target: Target, value: Any) -> str:
    """True: the cell merged with its right neighbour; false: its merge removed."""
    if value:
        if target.sheet.merge_at(target.row, target.col) is not None:  # type: ignore
            raise NotApplicable("already merged")
        ref = f"{cell_ref(target.row, target.col)}:{cell_ref(target.row, target.col + 1)}"  # type: ignore
        return set_merge(session, target, ref)
    return set_merge(session, target, None)


@prop("cell.merge_range", X.REF, kinds=CELL,
      draft=Drafting(top_left_only=True),
      plan=Plan("merge", toggles="cell.merged"))
def merge_range(t: CellTarget, ctx) -> Observation | None:
    """The merged range containing the cell (A1:F1); no value when not merged."""
    area = t.sheet.merge_at(t.row, t.col)
    return Observation(str(area), "direct") if area is not None else None


@WRITERS.writer("cell.merge_range")
def write_merge_range(session: Session, target: Target, value: Any) -> str:
    """The merged range holding the cell (``none``/empty: not merged)."""
    ref = str(value).replace("$", "") if value not in (None, "", "none") else None
    return set_merge(session, target, ref)


@binds("cell.span", kinds=CELL)
def span(t: CellTarget, ctx) -> Observation | None:
    area = t.sheet.merge_at(t.row, t.col)
    if area is None or (area.r1, area.c1) != (t.row, t.col):
        return Observation("1x1", "direct" if area is None else "merged")
    return Observation(f"{area.rows}x{area.cols}", "direct")


@WRITERS.writer("cell.span")
def write_span(session: Session, target: Target, value: Any) -> str:
    """``RxC`` from the cell: a merged range of that many rows and columns (``1x1``: not
    merged)."""
    rows, _, cols = str(value).lower().partition("x")
    r, c = int(rows), int(cols or 1)
    if (r, c) == (1, 1):
        return set_merge(session, target, None)
    ref = f"{cell_ref(target.row, target.col)}:" \
          f"{cell_ref(target.row + r - 1, target.col + c - 1)}"  # type: ignore[attr-defined]
    return set_merge(session, target, ref)


def _display_text(t: CellTarget, ctx) -> Observation | None:
    shown, source = C.display_text(t.sheet, t.row, t.col)
    return Observation(shown, source)


@binds("text", kinds=CELL,
       plan=Plan("value", value="cell.value"))
def text(t: CellTarget, ctx) -> Observation | None:
    """The text the cell shows."""
    return _display_text(t, ctx)


WRITERS.writer("text")(write_shown_text)


@binds("cell.text", kinds=CELL)
def cell_text(t: CellTarget, ctx) -> Observation | None:
    """The text the cell shows."""
    return _display_text(t, ctx)


WRITERS.writer("cell.text")(write_shown_text)


# Every other cell resolver reads a range one cell at a time, but behind one dispatch
# (``catalog.bulk_resolver``) instead of one per cell.
for _single in (formula, functions, references):
    _read_first(_single)
read_many_one_by_one(PROPERTIES, CELL)
