"""Workbook, sheet, column and row property resolvers.

Defaults Excel applies when the file says nothing come back with source ``default``:
portrait orientation, no frozen panes (``none``), the sheet's default row height, the default
column width (8.43 characters at Calibri 11).
"""

from __future__ import annotations

from officeeval.errors import OfficeEvalError
from officeeval.excel import cells as C
from officeeval.excel import value_types as X
from officeeval.excel.refs import col_letters, parse_area, split_sheet
from officeeval.excel.targets import ColumnTarget, RowTarget, SheetTarget, WorkbookTarget
from officeeval.ooxml.ns import S
from officeeval.ooxml.problems import problems_of
from officeeval.ooxml.units import to_int
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, flipped, no_custom_lists, rows_off
from officeeval.values import Measure, Observation

_S = f"{{{S}}}"
_OPS = {"equal": "=", "lessThan": "<", "lessThanOrEqual": "<=", "notEqual": "<>",
        "greaterThanOrEqual": ">=", "greaterThan": ">"}
_PAPER = {"1": "Letter", "3": "Tabloid", "5": "Legal", "7": "Executive", "8": "A3",
          "9": "A4", "11": "A5", "12": "B4", "13": "B5", "70": "A6"}

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
BOOK, SHEET, COLUMN, ROW = "workbook", "sheet", "column", "row"


# ------------------------------------------------------------------ workbook
@prop("workbook.sheet_names", X.ORDERED, kinds=BOOK,
      draft=Drafting(order_asked=True),
      plan=Plan("workbook", rename=True, order="unless_same_set"))
def sheet_names(t: WorkbookTarget, ctx) -> Observation | None:
    """Sheet names in tab order."""
    return Observation([s.name for s in t.doc.sheets], "direct")


@prop("workbook.sheet_count", T.INTEGER, kinds=BOOK,
      draft=Drafting(volatile=True),
      plan=Plan("workbook", keep_count=True))
def sheet_count(t: WorkbookTarget, ctx) -> Observation | None:
    """Number of sheets (chart sheets count)."""
    return Observation(len(t.doc.sheets), "direct")


@prop("workbook.date1904", T.BOOL, kinds=BOOK)
def date1904(t: WorkbookTarget, ctx) -> Observation | None:
    """Whether the workbook uses the 1904 date system."""
    return Observation(t.doc.date1904, "direct")


# ------------------------------------------------------------------ sheets
def _sheet_attr(t: SheetTarget, v) -> Observation | None:
    return Observation(v, "direct") if v is not None else None


@prop("sheet.name", T.TEXT, kinds=SHEET, implied_by="name",
      plan=Plan("sheet", mistake="rename", what="sheet renamed"))
def sheet_name(t: SheetTarget, ctx) -> Observation | None:
    """The sheet's tab name."""
    return _sheet_attr(t, t.sheet.name)


@prop("sheet.index", T.INTEGER, kinds=SHEET,
      draft=Drafting(volatile=True),
      plan=Plan("sheet_order", order="always"))
def sheet_index(t: SheetTarget, ctx) -> Observation | None:
    """1-based position in tab order (chart sheets count)."""
    return _sheet_attr(t, t.sheet.index)


@prop("sheet.tab_color", T.COLOR, kinds=SHEET,
      plan=Plan("sheet", mistake="recolor", what="tab color changed"))
def tab_color(t: SheetTarget, ctx) -> Observation | None:
    """Tab color as RGB (theme resolved); no value when unset."""
    return _sheet_attr(t, t.sheet.tab_color)


@prop("sheet.hidden", T.BOOL, kinds=SHEET,
      plan=Plan("sheet", mistake="flip", what="visibility flipped"))
def sheet_hidden(t: SheetTarget, ctx) -> Observation | None:
    """Whether the sheet is hidden (hidden or very hidden)."""
    return _sheet_attr(t, t.sheet.state != "visible")


@prop("sheet.protected", T.BOOL, kinds=SHEET,
      plan=Plan("sheet", mistake="flip", what="protection flipped"))
def protected(t: SheetTarget, ctx) -> Observation | None:
    """Whether the sheet is protected."""
    return _sheet_attr(t, t.sheet.protected)


@prop("sheet.freeze", X.FREEZE, kinds=SHEET,
      draft=Drafting(called=("冻结",)),
      plan=Plan("sheet", mistake="unfreeze", what="frozen panes changed"))
def freeze(t: SheetTarget, ctx) -> Observation | None:
    """Frozen panes: the top-left cell of the scrolling pane (C3 freezes rows 1–2 and
    columns A–B), none when nothing is frozen."""
    v = t.sheet.freeze
    return Observation(v, "direct" if v != "none" else "default")


@prop("sheet.autofilter", X.REF, kinds=SHEET,
      plan=Plan("sheet", mistake="remove", what="auto filter removed"))
def autofilter(t: SheetTarget, ctx) -> Observation | None:
    """The AutoFilter range (A1:F31); no value without a filter."""
    af = t.sheet.autofilter
    if af is None or not af.get("ref"):
        return None
    return Observation(af.get("ref"), "direct")


def _filter_desc(fc) -> str | None:
    for child in fc:
        if not isinstance(child.tag, str):
            continue
        tag = child.tag.split("}")[-1]
        if tag == "filters":
            vals = [f.get("val") or "" for f in child.findall(_S + "filter")]
            vals += [f"{d.get('year') or ''}-{d.get('month') or ''}".strip("-")
                     for d in child.findall(_S + "dateGroupItem")]
            if (child.get("blank") or "") in ("1", "true"):
                vals.append("(blank)")
            return ", ".join(vals)
        if tag == "customFilters":
            parts = [f"{_OPS.get(cf.get('operator') or 'equal', '=')}{cf.get('val') or ''}"
                     for cf in child.findall(_S + "customFilter")]
            joiner = " and " if (child.get("and") or "") in ("1", "true") else " or "
            return joiner.join(parts)
        if tag == "top10":
            which = "top" if (child.get("top") or "1") not in ("0", "false") else "bottom"
            pct = "%" if (child.get("percent") or "") in ("1", "true") else ""
            return f"{which} {child.get('val') or '10'}{pct}"
        if tag == "dynamicFilter":
            return child.get("type") or "dynamic"
        if tag == "colorFilter":
            return "color"
        if tag == "iconFilter":
            return "icon"
    return None


@prop("sheet.autofilter.criteria", X.TEXT_LIST, kinds=SHEET,
      plan=Plan("sheet", mistake="clear", what="filter criteria removed"))
def autofilter_criteria(t: SheetTarget, ctx) -> Observation | None:
    """Filter criteria per column as 'C: 男' (values), 'D: >=60' (custom; 'and'/'or' between
    two), 'E: top 10' / 'E: top 10%' / 'E: bottom 5', 'F: aboveAverage' (dynamic), 'G:
    color'."""
    af = t.sheet.autofilter
    if af is None:
        return None
    area = parse_area(af.get("ref"))
    first = area.c1 if area is not None else 1
    out = []
    for fc in af.findall(_S + "filterColumn"):
        col = to_int(fc.get("colId"))
        desc = _filter_desc(fc)
        if col is None or col < 0 or desc is None:
            continue
        out.append(f"{col_letters(min(first + col, 16_384))}: {desc}")
    return Observation(out, "direct")


@prop("sheet.sort", X.ORDERED, kinds=SHEET,
      plan=Plan("sheet", mistake="remove", what="sort state removed"))
def sort(t: SheetTarget, ctx) -> Observation | None:
    """Sort keys saved with the sheet (sortState), in order, as 'D descending' / 'B
    ascending'; no value when none is saved."""
    ss = t.sheet.sort_state
    if ss is None:
        return None
    out = []
    for cond in ss.findall(_S + "sortCondition"):
        area = parse_area(cond.get("ref"))
        if area is None:
            continue
        way = "descending" if (cond.get("descending") or "") in ("1", "true") else "ascending"
        out.append(f"{col_letters(area.c1)} {way}")
    return Observation(out, "direct") if out else None


@prop("sheet.sort.range", X.REF, kinds=SHEET,
      plan=Plan("setting", mistake=rows_off))
def sort_range(t: SheetTarget, ctx) -> Observation | None:
    """The range a saved sort covers (sortState/@ref, header row excluded as Excel writes
    it: A2:F31); no value when none is saved."""
    ss = t.sheet.sort_state
    if ss is None or not (ss.get("ref") or "").strip():
        return None
    return Observation(ss.get("ref").strip(), "direct")


@prop("sheet.sort.custom_lists", X.SORT_LISTS, kinds=SHEET,
      plan=Plan("setting", mistake=no_custom_lists))
def sort_custom_lists(t: SheetTarget, ctx) -> Observation | None:
    """The sort keys ordered by a custom list (自定义序列), in key order, as 'D: 高,中,低';
    an empty list when a sort is saved without one, no value when none is saved."""
    ss = t.sheet.sort_state
    if ss is None:
        return None
    out = []
    for cond in ss.findall(_S + "sortCondition"):
        area = parse_area(cond.get("ref"))
        custom = cond.get("customList")
        if area is not None and custom:
            out.append(f"{col_letters(area.c1)}: {custom}")
    return Observation(out, "direct")


def _summary(t: SheetTarget, attr: str) -> Observation | None:
    pr = t.sheet.head_child("sheetPr")
    op = pr.find(_S + "outlinePr") if pr is not None else None
    v = op.get(attr) if op is not None else None
    if v is None or v.strip() not in ("0", "1", "true", "false"):
        return Observation(True, "default")
    return Observation(v.strip() in ("1", "true"), "direct")


@prop("sheet.outline.summary_below", T.BOOL, kinds=SHEET,
      plan=Plan("setting", mistake=flipped))
def outline_summary_below(t: SheetTarget, ctx) -> Observation | None:
    """Outline summary rows below the detail (汇总结果显示在数据下方; sheetPr/outlinePr/
    @summaryBelow); true by default, false when summaries are above."""
    return _summary(t, "summaryBelow")


@prop("sheet.outline.summary_right", T.BOOL, kinds=SHEET,
      plan=Plan("setting", mistake=flipped))
def outline_summary_right(t: SheetTarget, ctx) -> Observation | None:
    """Outline summary columns right of the detail (outlinePr/@summaryRight); true by
    default."""
    return _summary(t, "summaryRight")


def _outline(t: SheetTarget, which: str) -> Observation | None:
    rows, cols = t.sheet.outline_levels()
    v = {"both": max(rows, cols), "rows": rows, "columns": cols}[which]
    return Observation(v, "direct" if v else "default")


@prop("sheet.outline", T.INTEGER, kinds=SHEET,
      plan=Plan("sheet", mistake="flatten", what="row outline flattened"))
def outline(t: SheetTarget, ctx) -> Observation | None:
    """Deepest outline (grouping / subtotal) level over rows and columns; 0 when the sheet
    has no outline."""
    return _outline(t, "both")


@prop("sheet.outline.rows", T.INTEGER, kinds=SHEET,
      plan=Plan("sheet", mistake="flatten", what="row outline flattened"))
def outline_rows(t: SheetTarget, ctx) -> Observation | None:
    """Deepest row outline level."""
    return _outline(t, "rows")


@prop("sheet.outline.columns", T.INTEGER, kinds=SHEET)
def outline_columns(t: SheetTarget, ctx) -> Observation | None:
    """Deepest column outline level."""
    return _outline(t, "columns")


@prop("sheet.values", T.JSON, kinds=SHEET,
      draft=Drafting(volatile=True),
      plan=Plan("sheet", mistake="values", what="a cell value changed"))
def values(t: SheetTarget, ctx) -> Observation | None:
    """Every non-empty cell as {ref: value} (formulas as their text), for preservation
    checks with op=unchanged.

    Constants as their typed value's text, formulas as their formula text (what must be
    preserved does not depend on whether a cache was written)."""
    sheet = t.sheet
    if sheet.store is None:
        return Observation({}, "direct")
    out: dict[str, str] = {}
    for raw in sheet.store.all_cells():
        if not raw.has_content:
            continue
        ref = f"{col_letters(raw.col)}{raw.row}"
        got = C.formula_of(sheet, raw.row, raw.col)
        if got is not None:
            out[ref] = got[0]
            continue
        v = C.stored_value(raw, sheet)
        if v.kind == "empty":
            continue
        out[ref] = v.value.isoformat() if v.kind == "date" else (
            str(v.value) if v.kind == "text" else str(v))
    return Observation(out, "direct")


@prop("sheet.print.orientation", T.EnumType("orientation"), kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="turn", what="print orientation flipped"))
def orientation(t: SheetTarget, ctx) -> Observation | None:
    """Page orientation (portrait when not set)."""
    o = t.sheet.page_setup["orientation"]
    if o in ("portrait", "landscape"):
        return Observation(o, "direct")
    return Observation("portrait", "default")


@prop("sheet.print.fit", T.TEXT, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="fit", what="fit-to-page changed"))
def fit(t: SheetTarget, ctx) -> Observation | None:
    """Fit to pages as WIDTHxHEIGHT (1x1; 0 = automatic), none when not fitting to pages."""
    ps = t.sheet.page_setup
    if (ps["fitToPage"] or "") not in ("1", "true"):
        return Observation("none", "default")
    w = to_int(ps["fitToWidth"])
    h = to_int(ps["fitToHeight"])
    return Observation(f"{1 if w is None else w}x{1 if h is None else h}", "direct")


def _strip_sheets(text: str) -> str:
    parts = []
    for p in text.split(","):
        _, ref = split_sheet(p.strip())
        parts.append(ref.replace("$", ""))
    return ",".join(parts)


def _print_name(t: SheetTarget, which: str) -> Observation | None:
    n = t.doc.builtin_name(which, t.sheet)
    if n is None or not n.refers_to:
        return None
    return Observation(_strip_sheets(n.refers_to), "direct")


@prop("sheet.print.titles", X.REF, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="last_row", what="print titles changed"))
def print_titles(t: SheetTarget, ctx) -> Observation | None:
    """Print titles (rows/columns repeated on each page: 1:2, A:A)."""
    return _print_name(t, "Print_Titles")


@prop("sheet.print.area", X.REF, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="last_row", what="print area changed"))
def print_area(t: SheetTarget, ctx) -> Observation | None:
    """The print area (A1:F31)."""
    return _print_name(t, "Print_Area")


@prop("sheet.print.paper", T.TEXT, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="paper", what="paper size changed"))
def paper(t: SheetTarget, ctx) -> Observation | None:
    """Paper size name (A4, A3, Letter …) from pageSetup."""
    code = t.sheet.page_setup["paperSize"]
    if code is None:
        return None
    return Observation(_PAPER.get(code.strip(), f"paper {code}"), "direct")


@prop("sheet.used_range", X.REF, kinds=SHEET,
      read_only="computed from the cells that hold something: write cell values",
      draft=Drafting(volatile=True))
def used_range(t: SheetTarget, ctx) -> Observation | None:
    """The rectangle of cells holding values or formulas."""
    a = t.sheet.used_area()
    return Observation(str(a), "computed") if a is not None else None


# ------------------------------------------------------------------ columns and rows
@binds("column.width", kinds=COLUMN, vtype=X.COLUMN_WIDTH,
       plan=Plan("column", mistake="wider"))
def column_width(t: ColumnTarget, ctx) -> Observation | None:
    width, source = t.sheet.column_width(t.col)
    return Observation(width, source)


@prop("column.hidden", T.BOOL, kinds=COLUMN,
      plan=Plan("column", mistake="toggle"))
def column_hidden(t: ColumnTarget, ctx) -> Observation | None:
    """Whether the column is hidden."""
    spec = t.sheet.col_spec(t.col)
    if spec is None:
        return Observation(False, "default")
    return Observation(spec.hidden or (spec.width == 0 and spec.custom), "direct")


def _row_info(t: RowTarget):
    if t.sheet.store is None:
        return None
    return t.sheet.store.row_info(t.row)


@binds("row.height", kinds=ROW,
       plan=Plan("row", mistake="taller"))
def row_height(t: RowTarget, ctx) -> Observation | None:
    info = _row_info(t)
    if info is not None and info.height is not None and 0 <= info.height <= 409.5:
        return Observation(Measure(pt=info.height), "direct")
    return Observation(Measure(pt=t.sheet.default_row_height()), "default")


@prop("row.hidden", T.BOOL, kinds=ROW,
      plan=Plan("row", mistake="toggle"))
def row_hidden(t: RowTarget, ctx) -> Observation | None:
    """Whether the row is hidden."""
    info = _row_info(t)
    if info is None:
        return Observation(False, "default")
    return Observation(info.hidden, "direct")


@prop("row.outline_level", T.INTEGER, kinds=ROW,
      plan=Plan("row", mistake="outline"))
def row_outline(t: RowTarget, ctx) -> Observation | None:
    """Outline (grouping) level of the row, 0 when none."""
    info = _row_info(t)
    return Observation(info.outline if info else 0, "direct" if info else "default")


# ------------------------------------------------------------------ the package
@binds("package.problems", kinds=BOOK, read_only="found in the package's structure: write the part, relationship or order")
def package_problems(t, ctx):
    if not isinstance(t, WorkbookTarget):
        return None
    return Observation([str(p) for p in problems_of(t.doc)], "computed")


@binds("package.problem_count", kinds=BOOK, read_only="found in the package's structure: write the part, relationship or order")
def package_problem_count(t, ctx):
    if not isinstance(t, WorkbookTarget):
        return None
    return Observation(len(problems_of(t.doc)), "computed")
