"""Workbook, sheet, column and row property resolvers.

Defaults Excel applies when the file says nothing come back with source ``default``:
portrait orientation, no frozen panes (``none``), the sheet's default row height, the default
column width (8.43 characters at Calibri 11).
"""

from __future__ import annotations

from officeeval.errors import OfficeEvalError
from officeeval.excel import cells as C
from officeeval.excel.refs import col_letters, parse_area, split_sheet
from officeeval.excel.targets import ColumnTarget, RowTarget, SheetTarget, WorkbookTarget
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_int
from officeeval.values import Measure, Observation

_S = f"{{{S}}}"
_OPS = {"equal": "=", "lessThan": "<", "lessThanOrEqual": "<=", "notEqual": "<>",
        "greaterThanOrEqual": ">=", "greaterThan": ">"}
_PAPER = {"1": "Letter", "3": "Tabloid", "5": "Legal", "7": "Executive", "8": "A3",
          "9": "A4", "11": "A5", "12": "B4", "13": "B5", "70": "A6"}


# ------------------------------------------------------------------ workbook
def sheet_names(t: WorkbookTarget, ctx) -> Observation | None:
    return Observation([s.name for s in t.doc.sheets], "direct")


def sheet_count(t: WorkbookTarget, ctx) -> Observation | None:
    return Observation(len(t.doc.sheets), "direct")


def date1904(t: WorkbookTarget, ctx) -> Observation | None:
    return Observation(t.doc.date1904, "direct")


# ------------------------------------------------------------------ sheets
def _sheet_attr(getter, source: str = "direct"):
    def resolve(t: SheetTarget, ctx) -> Observation | None:
        v = getter(t.sheet)
        return Observation(v, source) if v is not None else None
    return resolve


def freeze(t: SheetTarget, ctx) -> Observation | None:
    v = t.sheet.freeze
    return Observation(v, "direct" if v != "none" else "default")


def autofilter(t: SheetTarget, ctx) -> Observation | None:
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


def autofilter_criteria(t: SheetTarget, ctx) -> Observation | None:
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


def sort(t: SheetTarget, ctx) -> Observation | None:
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


def outline(which: str):
    def resolve(t: SheetTarget, ctx) -> Observation | None:
        rows, cols = t.sheet.outline_levels()
        v = {"both": max(rows, cols), "rows": rows, "columns": cols}[which]
        return Observation(v, "direct" if v else "default")
    return resolve


def values(t: SheetTarget, ctx) -> Observation | None:
    """Constants as their typed value's text, formulas as their formula text (what must be
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


def orientation(t: SheetTarget, ctx) -> Observation | None:
    o = t.sheet.page_setup["orientation"]
    if o in ("portrait", "landscape"):
        return Observation(o, "direct")
    return Observation("portrait", "default")


def fit(t: SheetTarget, ctx) -> Observation | None:
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


def _print_name(which: str):
    def resolve(t: SheetTarget, ctx) -> Observation | None:
        n = t.doc.builtin_name(which, t.sheet)
        if n is None or not n.refers_to:
            return None
        return Observation(_strip_sheets(n.refers_to), "direct")
    return resolve


def paper(t: SheetTarget, ctx) -> Observation | None:
    code = t.sheet.page_setup["paperSize"]
    if code is None:
        return None
    return Observation(_PAPER.get(code.strip(), f"paper {code}"), "direct")


def used_range(t: SheetTarget, ctx) -> Observation | None:
    a = t.sheet.used_area()
    return Observation(str(a), "computed") if a is not None else None


# ------------------------------------------------------------------ columns and rows
def column_width(t: ColumnTarget, ctx) -> Observation | None:
    width, source = t.sheet.column_width(t.col)
    return Observation(width, source)


def column_hidden(t: ColumnTarget, ctx) -> Observation | None:
    spec = t.sheet.col_spec(t.col)
    if spec is None:
        return Observation(False, "default")
    return Observation(spec.hidden or (spec.width == 0 and spec.custom), "direct")


def _row_info(t: RowTarget):
    if t.sheet.store is None:
        return None
    return t.sheet.store.row_info(t.row)


def row_height(t: RowTarget, ctx) -> Observation | None:
    info = _row_info(t)
    if info is not None and info.height is not None and 0 <= info.height <= 409.5:
        return Observation(Measure(pt=info.height), "direct")
    return Observation(Measure(pt=t.sheet.default_row_height()), "default")


def row_hidden(t: RowTarget, ctx) -> Observation | None:
    info = _row_info(t)
    if info is None:
        return Observation(False, "default")
    return Observation(info.hidden, "direct")


def row_outline(t: RowTarget, ctx) -> Observation | None:
    info = _row_info(t)
    return Observation(info.outline if info else 0, "direct" if info else "default")


SHEET_RESOLVERS = {
    "sheet.name": _sheet_attr(lambda s: s.name),
    "sheet.index": _sheet_attr(lambda s: s.index),
    "sheet.tab_color": _sheet_attr(lambda s: s.tab_color),
    "sheet.hidden": _sheet_attr(lambda s: s.state != "visible"),
    "sheet.freeze": freeze,
    "sheet.autofilter": autofilter,
    "sheet.autofilter.criteria": autofilter_criteria,
    "sheet.sort": sort,
    "sheet.outline": outline("both"),
    "sheet.outline.rows": outline("rows"),
    "sheet.outline.columns": outline("columns"),
    "sheet.values": values,
    "sheet.print.orientation": orientation,
    "sheet.print.fit": fit,
    "sheet.print.titles": _print_name("Print_Titles"),
    "sheet.print.area": _print_name("Print_Area"),
    "sheet.print.paper": paper,
    "sheet.protected": _sheet_attr(lambda s: s.protected),
    "sheet.used_range": used_range,
}
WORKBOOK_RESOLVERS = {
    "workbook.sheet_names": sheet_names,
    "workbook.sheet_count": sheet_count,
    "workbook.date1904": date1904,
}
COLUMN_RESOLVERS = {"column.width": column_width, "column.hidden": column_hidden}
ROW_RESOLVERS = {"row.height": row_height, "row.hidden": row_hidden,
                 "row.outline_level": row_outline}

_ = OfficeEvalError
