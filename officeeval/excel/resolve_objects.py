"""Resolvers for charts on sheets, and the reading of referenced cells every object on a
sheet shares (pivot tables are in ``resolve_pivots``, tables in ``resolve_tables``, defined
names in ``resolve_workbook``, conditional formats in ``resolve_rules``, validations in
``resolve_validation``).

Chart data: ``chart.series.values``/``categories``/``all_values`` come from the chart's cache;
a chart written without a cache (openpyxl writes none) reads the referenced cells instead,
through the same value path as ``cell.value`` (so formulas there are recalculated too).
"""

from __future__ import annotations

from officeeval.excel import cells as C
from officeeval.excel import value_types as X
from officeeval.excel.numfmt import general
from officeeval.excel.refs import parse_area, split_sheet
from officeeval.excel.targets import ChartTarget
from officeeval.ooxml.ns import C as NS_C
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.values import Observation

MAX_REF_CELLS = 100_000
CHART = "chart"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


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


def cell_text_at(sheet, row: int, col: int) -> str:
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
@prop("chart.type", T.EnumType("chart_type"), kinds=CHART)
def chart_type(t: ChartTarget, ctx) -> Observation | None:
    """Chart type of the first plot: column, bar, line, pie, doughnut, area, scatter, radar,
    bubble, stock, surface."""
    return _obs(t.info.type or None)


@prop("chart.types", X.TEXT_LIST, kinds=CHART)
def chart_types(t: ChartTarget, ctx) -> Observation | None:
    """Types of every plot (combination charts)."""
    return _obs(list(t.info.types))


@prop("chart.grouping", T.EnumType("chart_grouping"), kinds=CHART)
def chart_grouping(t: ChartTarget, ctx) -> Observation | None:
    """clustered 簇状, stacked 堆积, percentStacked 百分比堆积, standard."""
    return _obs(t.info.grouping)


@prop("chart.three_d", T.BOOL, kinds=CHART)
def chart_three_d(t: ChartTarget, ctx) -> Observation | None:
    """Whether the chart is a 3-D chart."""
    return _obs(t.info.three_d)


@prop("chart.series.count", T.INTEGER, kinds=CHART)
def series_count(t: ChartTarget, ctx) -> Observation | None:
    """Number of series."""
    return _obs(len(t.info.series))


def _series_name(t: ChartTarget, series) -> tuple[str, bool]:
    """(name, read from cells): the cached or literal name, else the text of the cells
    its reference names (several cells joined by a space, as Excel shows them)."""
    if series.name or not series.name_ref:
        return series.name or "", False
    cells = ref_cells(t.doc, series.name_ref)
    texts = [cell_text_at(sh, r, c) for sh, r, c in cells]
    return " ".join(x for x in texts if x), True


@prop("chart.series.names", X.ORDERED, kinds=CHART)
def series_names(t: ChartTarget, ctx) -> Observation | None:
    """Series names in order: the chart's cached names or, when a series names its title by
    a cell reference without a cache (openpyxl writes none), the text of the referenced
    cells (source cells)."""
    got = [_series_name(t, s) for s in t.info.series]
    return _obs([name for name, _ in got], "cells" if any(c for _, c in got) else "direct")


@prop("chart.series.value_refs", X.REFS, kinds=CHART)
def series_value_refs(t: ChartTarget, ctx) -> Observation | None:
    """Each series' value reference ('成绩'!D2:D31)."""
    return _obs([s.values_ref for s in t.info.series if s.values_ref])


@prop("chart.series.category_refs", X.REFS, kinds=CHART)
def series_category_refs(t: ChartTarget, ctx) -> Observation | None:
    """Each series' category (or x) reference."""
    return _obs([s.categories_ref for s in t.info.series if s.categories_ref])


@prop("chart.series.markers", X.MARKERS, kinds=CHART)
def series_markers(t: ChartTarget, ctx) -> Observation | None:
    """Data markers (数据标记) of each line, scatter or radar series in order: the symbol
    (circle 圆形, square, diamond 菱形, triangle, x, star, none 无 …) or auto when the series
    leaves it to the application; no value for a chart without such series."""
    marks = [s.marker for s in t.info.series if s.marker is not None]
    return _obs(marks or None)


@prop("chart.legend.position", T.EnumType("legend_position"), kinds=CHART)
def legend_position(t: ChartTarget, ctx) -> Observation | None:
    """Legend position: right, left, top, bottom, top_right, or none."""
    return _obs(t.info.legend or "none")


@prop("chart.axis.x.title", T.TEXT, kinds=CHART)
def axis_x_title(t: ChartTarget, ctx) -> Observation | None:
    """Title of the horizontal axis."""
    return _obs(t.info.axis_titles.get("x"))


@prop("chart.axis.y.title", T.TEXT, kinds=CHART)
def axis_y_title(t: ChartTarget, ctx) -> Observation | None:
    """Title of the vertical axis."""
    return _obs(t.info.axis_titles.get("y"))


@prop("chart.data_labels", T.BOOL, kinds=CHART)
def data_labels(t: ChartTarget, ctx) -> Observation | None:
    """Whether data labels are shown."""
    return _obs(t.info.data_labels)


@prop("chart.style", T.INTEGER, kinds=CHART)
def chart_style(t: ChartTarget, ctx) -> Observation | None:
    """Chart style number."""
    return _obs(t.info.style)


@prop("chart.anchor", X.ANCHOR, kinds=CHART)
def chart_anchor(t: ChartTarget, ctx) -> Observation | None:
    """Cells the chart covers (B10:H25); one-cell anchors are measured through column widths
    and row heights."""
    return _obs(t.placed.anchor)


@prop("chart.sheet", T.TEXT, kinds=CHART,
      read_only="where the chart's drawing is: moving it to another sheet is moving a part")
def chart_sheet(t: ChartTarget, ctx) -> Observation | None:
    """Name of the sheet the chart is on (a chart sheet's own name)."""
    return _obs(t.sheet.name)


@prop("chart.pivot_source", T.TEXT, kinds=CHART)
def chart_pivot_source(t: ChartTarget, ctx) -> Observation | None:
    """The pivot table a pivot chart (数据透视图) is built on, as sheet!name (透视表!类别透视)
    from the chart's pivot source with the file prefix ([Book1.xlsx]) and the sheet's quotes
    dropped; no value for a chart built on cells.

    c:chartSpace/c:pivotSource/c:name (ISO 29500 21.2.2.144). The file prefix names the
    workbook as it was saved (output.xlsx, reference.xlsx), so it is not compared."""
    root = t.sheet.book.package.xml(t.placed.part)
    name = root.findtext(f"{{{NS_C}}}pivotSource/{{{NS_C}}}name") if root is not None else None
    if name is None:
        return None
    return _obs(pivot_source_name(name))


def pivot_source_name(text: str) -> str:
    """``[Book1.xlsx]'透视 表'!PT1`` -> ``透视 表!PT1``: the file prefix and quotes dropped."""
    text = text.strip()
    if text.startswith("[") and "]" in text:
        text = text[text.index("]") + 1:]
    sheet, bang, name = text.rpartition("!")
    if not bang:
        return name
    if len(sheet) >= 2 and sheet[0] == sheet[-1] == "'":
        sheet = sheet[1:-1].replace("''", "'")
    return f"{sheet}!{name}"


@prop("chart.title", T.TEXT, kinds=CHART)
def chart_title(t: ChartTarget, ctx) -> Observation | None:
    """Chart title text (the series name for an automatic title)."""
    info = t.info
    return _obs(info.title, "auto" if info.title_auto else "direct")


def _series_values(t: ChartTarget, series) -> tuple[list[str], str]:
    if series.values and any(v is not None for v in series.values):
        return ["" if v is None else general(v) for v in series.values], "cached"
    cells = ref_cells(t.doc, series.values_ref)
    return [_cell_number(sh, r, c) for sh, r, c in cells], "cells"


@prop("chart.series.values", X.ORDERED, kinds=CHART)
def first_values(t: ChartTarget, ctx) -> Observation | None:
    """The first series' values, from the chart's cache or, without one (openpyxl writes
    none), from the referenced cells (as Word and PowerPoint charts read it)."""
    if not t.info.series:
        return None
    vals, source = _series_values(t, t.info.series[0])
    return Observation(vals, source)


@prop("chart.series.all_values", X.ORDERED, kinds=CHART)
def all_values(t: ChartTarget, ctx) -> Observation | None:
    """The plotted numbers of every series, series after series."""
    out: list[str] = []
    sources = set()
    for s in t.info.series:
        vals, source = _series_values(t, s)
        out.extend(vals)
        sources.add(source)
    if not t.info.series:
        return None
    return Observation(out, sources.pop() if len(sources) == 1 else "mixed")


@prop("chart.series.categories", X.ORDERED, kinds=CHART)
def first_categories(t: ChartTarget, ctx) -> Observation | None:
    """The first series' category labels (cache, else the referenced cells)."""
    if not t.info.series:
        return None
    s = t.info.series[0]
    if s.categories and any(v is not None for v in s.categories):
        return Observation(["" if v is None else str(v) for v in s.categories], "cached")
    cells = ref_cells(t.doc, s.categories_ref)
    if not cells:
        return None
    return Observation([cell_text_at(sh, r, c) for sh, r, c in cells], "cells")
