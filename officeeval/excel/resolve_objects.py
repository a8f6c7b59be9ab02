"""Resolvers for objects on sheets: charts, pivot tables, tables, conditional-format rules,
validation rules and defined names.

Chart data: ``chart.series.values``/``categories``/``all_values`` come from the chart's cache;
a chart written without a cache (openpyxl writes none) reads the referenced cells instead,
through the same value path as ``cell.value`` (so formulas there are recalculated too).
"""

from __future__ import annotations

from officeeval.excel import cells as C
from officeeval.excel.conditional import dxf_fill_color
from officeeval.excel.numfmt import general
from officeeval.excel.pivots import top_left
from officeeval.excel.refs import parse_area, split_sheet
from officeeval.excel.targets import (
    CfTarget, ChartTarget, NameTarget, PivotTarget, TableTarget, ValidationTarget,
)
from officeeval.excel.validation import literal_items
from officeeval.values import CellValue, Observation

MAX_REF_CELLS = 100_000


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


# ------------------------------------------------------------------ references to cells
def ref_cells(doc, ref: str | None, default_sheet=None) -> list[tuple]:
    """(sheet, row, col) of every cell a reference covers (unqualified references are on
    ``default_sheet``; a bare defined name is followed), whole columns/rows bounded by the
    used range; ``[]`` for anything else (constants, other workbooks, oversized areas)."""
    if not ref:
        return []
    text = ref.strip().lstrip("=")
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    out = []
    for piece in text.split(","):
        sheet_name, body = split_sheet(piece.strip())
        sheet = doc.sheet(sheet_name) if sheet_name else default_sheet
        area = parse_area(body)
        if area is None and sheet_name is None:
            target = _name_ref(doc, body)
            if target and target.strip() != piece.strip():
                out.extend(ref_cells(doc, target))
            continue
        if sheet is None or area is None:
            continue
        area = sheet.bound(area)
        if area is None or area.rows * area.cols > MAX_REF_CELLS:
            continue
        out.extend((sheet, r, c) for r in range(area.r1, area.r2 + 1)
                   for c in range(area.c1, area.c2 + 1))
    return out


def _name_ref(doc, name: str) -> str | None:
    for n in doc.names:
        if n.name.casefold() == name.strip().casefold():
            return n.refers_to
    return None


def _cell_text(sheet, row: int, col: int) -> str:
    shown, _ = C.display_text(sheet, row, col)
    return shown


def _cell_number(sheet, row: int, col: int) -> str:
    v, _ = C.cell_value(sheet, row, col)
    if v.kind == "number":
        return general(float(v.value))
    if v.kind == "date" and v.extra.get("serial") is not None:
        return general(float(v.extra["serial"]))
    return "" if v.kind == "empty" else str(v.value)


# ------------------------------------------------------------------ charts
def _chart(getter, source: str = "direct"):
    def resolve(t: ChartTarget, ctx) -> Observation | None:
        return _obs(getter(t), source)
    return resolve


def chart_title(t: ChartTarget, ctx) -> Observation | None:
    info = t.info
    return _obs(info.title, "auto" if info.title_auto else "direct")


def _series_values(t: ChartTarget, series) -> tuple[list[str], str]:
    if series.values and any(v is not None for v in series.values):
        return ["" if v is None else general(v) for v in series.values], "cached"
    cells = ref_cells(t.doc, series.values_ref)
    return [_cell_number(sh, r, c) for sh, r, c in cells], "cells"


def first_values(t: ChartTarget, ctx) -> Observation | None:
    if not t.info.series:
        return None
    vals, source = _series_values(t, t.info.series[0])
    return Observation(vals, source)


def all_values(t: ChartTarget, ctx) -> Observation | None:
    out: list[str] = []
    sources = set()
    for s in t.info.series:
        vals, source = _series_values(t, s)
        out.extend(vals)
        sources.add(source)
    if not t.info.series:
        return None
    return Observation(out, sources.pop() if len(sources) == 1 else "mixed")


def first_categories(t: ChartTarget, ctx) -> Observation | None:
    if not t.info.series:
        return None
    s = t.info.series[0]
    if s.categories and any(v is not None for v in s.categories):
        return Observation(["" if v is None else str(v) for v in s.categories], "cached")
    cells = ref_cells(t.doc, s.categories_ref)
    if not cells:
        return None
    return Observation([_cell_text(sh, r, c) for sh, r, c in cells], "cells")


CHART_RESOLVERS = {
    "chart.type": _chart(lambda t: t.info.type or None),
    "chart.types": _chart(lambda t: list(t.info.types)),
    "chart.grouping": _chart(lambda t: t.info.grouping),
    "chart.three_d": _chart(lambda t: t.info.three_d),
    "chart.title": chart_title,
    "chart.series.count": _chart(lambda t: len(t.info.series)),
    "chart.series.names": _chart(lambda t: [s.name or "" for s in t.info.series]),
    "chart.series.values": first_values,
    "chart.series.categories": first_categories,
    "chart.series.value_refs": _chart(lambda t: [s.values_ref for s in t.info.series
                                                 if s.values_ref]),
    "chart.series.category_refs": _chart(lambda t: [s.categories_ref for s in t.info.series
                                                    if s.categories_ref]),
    "chart.series.all_values": all_values,
    "chart.legend.position": _chart(lambda t: t.info.legend or "none"),
    "chart.axis.x.title": _chart(lambda t: t.info.axis_titles.get("x")),
    "chart.axis.y.title": _chart(lambda t: t.info.axis_titles.get("y")),
    "chart.data_labels": _chart(lambda t: t.info.data_labels),
    "chart.style": _chart(lambda t: t.info.style),
    "chart.anchor": _chart(lambda t: t.placed.anchor),
    "chart.sheet": _chart(lambda t: t.sheet.name),
}

# ------------------------------------------------------------------ pivots and tables
PIVOT_RESOLVERS = {
    "pivot.name": lambda t, ctx: _obs(t.pivot.name or None),
    "pivot.source": lambda t, ctx: _obs(t.pivot.source),
    "pivot.location": lambda t, ctx: _obs(top_left(t.pivot.location)),
    "pivot.range": lambda t, ctx: _obs(t.pivot.location),
    "pivot.sheet": lambda t, ctx: _obs(t.sheet.name),
    "pivot.rows": lambda t, ctx: _obs(list(t.pivot.rows)),
    "pivot.columns": lambda t, ctx: _obs(list(t.pivot.columns)),
    "pivot.values": lambda t, ctx: _obs(list(t.pivot.values)),
    "pivot.filters": lambda t, ctx: _obs(list(t.pivot.filters)),
}

TABLE_RESOLVERS = {
    "table.name": lambda t, ctx: _obs(t.table.display_name or t.table.name or None),
    "table.range": lambda t, ctx: _obs(t.table.ref),
    "table.style": lambda t, ctx: _obs(t.table.style),
    "table.total_row": lambda t, ctx: _obs(t.table.total_row),
    "table.header_row": lambda t, ctx: _obs(t.table.header_row),
    "table.column_names": lambda t, ctx: _obs(list(t.table.columns)),
}


# ------------------------------------------------------------------ conditional formats
def cf_fill(t: CfTarget, ctx) -> Observation | None:
    rule = t.rule
    styles = t.doc.styles
    if rule.type == "dataBar" and rule.colors:
        return _obs(styles.resolve(rule.colors[0]))
    return _obs(dxf_fill_color(rule.dxf, styles.resolve))


def cf_font_color(t: CfTarget, ctx) -> Observation | None:
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None or dxf.font.color is None:
        return None
    return _obs(t.doc.styles.resolve(dxf.font.color))


def cf_font_bold(t: CfTarget, ctx) -> Observation | None:
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None:
        return Observation(False, "default")
    return Observation(dxf.font.bold, "direct")


CF_RESOLVERS = {
    "cf.type": lambda t, ctx: _obs(t.rule.type or None),
    "cf.range": lambda t, ctx: _obs(t.rule.range or None),
    "cf.operator": lambda t, ctx: _obs(t.rule.operator),
    "cf.formula": lambda t, ctx: _obs([f.strip().lstrip("=") for f in t.rule.formulas]),
    "cf.text": lambda t, ctx: _obs(t.rule.text),
    "cf.rank": lambda t, ctx: _obs(t.rule.rank),
    "cf.fill.color": cf_fill,
    "cf.font.color": cf_font_color,
    "cf.font.bold": cf_font_bold,
    "cf.colors": lambda t, ctx: _obs([t.doc.styles.resolve(c) or "" for c in t.rule.colors]),
    "cf.icon_set": lambda t, ctx: _obs(t.rule.icon_set),
}


# ------------------------------------------------------------------ validations and names
def validation_list(t: ValidationTarget, ctx) -> Observation | None:
    rule = t.rule
    if rule.type != "list":
        return None
    items = literal_items(rule.formula1)
    if items is not None:
        return Observation(items, "direct")
    cells = ref_cells(t.doc, rule.formula1, t.sheet)
    if not cells:
        return None
    texts = [_cell_text(sh, r, c) for sh, r, c in cells]
    return Observation([x for x in texts if x != ""], "cells")


VALIDATION_RESOLVERS = {
    "validation.type": lambda t, ctx: _obs(t.rule.type),
    "validation.range": lambda t, ctx: _obs(t.rule.range or None),
    "validation.list": validation_list,
    "validation.formula": lambda t, ctx: _obs(t.rule.formula1),
    "validation.formula2": lambda t, ctx: _obs(t.rule.formula2),
    "validation.operator": lambda t, ctx: (
        _obs(t.rule.operator) if t.rule.operator else Observation("between", "default")),
}


def _scope(t: NameTarget, ctx) -> Observation | None:
    idx = t.name.local_sheet
    if idx is None or idx >= len(t.doc.sheets):
        return Observation("workbook", "direct")
    return Observation(t.doc.sheets[idx].name, "direct")


NAME_RESOLVERS = {
    "name.refers_to": lambda t, ctx: _obs(t.name.refers_to or None),
    "name.scope": _scope,
}

_ = (CellValue, PivotTarget, TableTarget)
