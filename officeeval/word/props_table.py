"""Table resolvers: size, style, alignment, borders as seen, rows, columns and cells.

Borders come from ``table_borders`` (cell, conditional table style and table levels combined
with Word's precedence); ``table.border.outer`` holds when every outline segment holds,
``table.border.inner`` when every inside segment does. Cell shading and vertical alignment
follow the cell, then the table style's conditional formats for the cell, then the style.
"""

from __future__ import annotations

from typing import Callable

from lxml import etree

from officeeval import vocabulary
from officeeval.cache import memo_value
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import twips_to_pt
from officeeval.values import Border, Measure, Observation, aggregate
from officeeval.word import runs as R
from officeeval.word.runs import on_off
from officeeval.word.table_borders import TableBorders
from officeeval.word.table_styles import conditional, style_chain
from officeeval.word.tables import CellTarget, ColumnTarget, RowTarget, TableTarget

_W = f"{{{W}}}"


def _edges(table: TableTarget):
    return memo_value(table, "_officeeval_table_edges", lambda: TableBorders(table).edges())


def _border_group(positions: tuple[str, ...]):
    def resolve(target, ctx):
        if not isinstance(target, TableTarget):
            return None
        edges = [e for e in _edges(target) if e.position in positions]
        if ctx.direct:
            edges = [e for e in edges if e.source in ("direct", "row exception")]
        if not edges:
            return None if ctx.direct else Observation(Border("none"), "default")
        if len({e.border for e in edges}) == 1:
            sources = {e.source for e in edges}
            return Observation(edges[0].border, sources.pop() if len(sources) == 1 else "mixed")
        return aggregate([(e.label, Observation(e.border, e.source)) for e in edges])
    return resolve


def _cell_border(side: str):
    def resolve(target, ctx):
        if not isinstance(target, CellTarget):
            return None
        b, src = TableBorders(target.table).cell_side(target, side)
        if ctx.direct and src != "direct":
            return None
        return Observation(b, src)
    return resolve


def _table_pr(table: TableTarget, tag: str):
    """``tag`` under the table's ``w:tblPr``, else its style chain's; (element, source)."""
    el = table.tbl_pr.find(_W + tag) if table.tbl_pr is not None else None
    if el is not None:
        return el, "direct"
    for st in style_chain(table.doc, table.style_id):
        tp = st.child("tblPr")
        el = tp.find(_W + tag) if tp is not None else None
        if el is not None:
            return el, f"style:{st.id}"
    return None


def table_rows(t, ctx):
    return Observation(len(t.row_elements), "computed") if isinstance(t, TableTarget) else None


def table_columns(t, ctx):
    return Observation(t.column_count, "computed") if isinstance(t, TableTarget) else None


def table_style(t, ctx):
    if not isinstance(t, TableTarget):
        return None
    st = t.doc.styles.get(t.style_id)
    if st is None or (ctx.direct and not t.has_direct_style):
        return None
    return Observation(st.display_name, "direct" if t.has_direct_style else "default")


def table_alignment(t, ctx):
    if not isinstance(t, TableTarget):
        return None
    hit = _table_pr(t, "jc")
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("left", "default")
    raw = hit[0].get(_W + "val") or "left"
    return Observation(vocabulary.get("alignment").canonical(raw) or raw, hit[1])


def table_width(t, ctx):
    if not isinstance(t, TableTarget):
        return None
    hit = _table_pr(t, "tblW")
    if hit is None:
        return None
    el, src = hit
    kind = (el.get(_W + "type") or "dxa").lower()
    if kind == "dxa":
        v = twips_to_pt(el.get(_W + "w"))
        return Observation(Measure(v), src) if v else None
    if kind == "pct":
        return None  # relative to the page: no length a reader can be told in points
    return None


def header_repeat(t, ctx):
    if isinstance(t, TableTarget):
        rows = t.rows
        if not rows:
            return None
        t = rows[0]
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "tblHeader") if t.tr_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(on_off(el), "direct")


# ------------------------------------------------------------------ rows and columns
def row_height(t, ctx):
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "trHeight") if t.tr_pr is not None else None
    v = twips_to_pt(el.get(_W + "val")) if el is not None else None
    if v is None or v <= 0:
        return None
    return Observation(Measure(v), "direct")


def row_height_rule(t, ctx):
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "trHeight") if t.tr_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation("auto", "default")
    rule = el.get(_W + "hRule") or "atLeast"
    return Observation(vocabulary.get("row_height_rule").canonical(rule) or rule, "direct")


def column_width(t, ctx):
    if isinstance(t, ColumnTarget):
        # The cells' own widths are what Word lays the column out with when they agree;
        # the grid is Word's cache of the last layout.
        widths = {round(w, 2) for w in (_tc_width(c) for c in t.cells if c.col_span == 1) if w}
        if len(widths) == 1:
            return Observation(Measure(widths.pop()), "direct")
        cols = t.table.grid_widths
        v = twips_to_pt(cols[t.index].get(_W + "w")) if t.index < len(cols) else None
        return Observation(Measure(v), "grid") if v else None
    if isinstance(t, CellTarget):
        w = _tc_width(t)
        if w:
            return Observation(Measure(w), "direct")
        cols = t.table.grid_widths
        parts = [twips_to_pt(cols[g].get(_W + "w")) for g in range(t.col, t.col + t.col_span)
                 if g < len(cols)]
        if parts and all(p for p in parts):
            return Observation(Measure(sum(parts)), "computed")  # type: ignore[arg-type]
    return None


def _tc_width(c: CellTarget) -> float | None:
    el = c.tc_pr.find(_W + "tcW") if c.tc_pr is not None else None
    if el is None or (el.get(_W + "type") or "dxa").lower() != "dxa":
        return None
    return twips_to_pt(el.get(_W + "w")) or None


# ------------------------------------------------------------------ cells
def _cell_prop(c: CellTarget, tag: str) -> tuple[etree._Element, str] | None:
    el = c.tc_pr.find(_W + tag) if c.tc_pr is not None else None
    if el is not None:
        return el, "direct"
    chain = style_chain(c.doc, c.table.style_id)
    for cond in c.conditions:
        for st in chain:
            tc = conditional(st, cond, "tcPr")
            el = tc.find(_W + tag) if tc is not None else None
            if el is not None:
                return el, f"style:{st.id}[{cond}]"
    for st in chain:
        tc = st.child("tcPr")
        el = tc.find(_W + tag) if tc is not None else None
        if el is not None:
            return el, f"style:{st.id}"
    return None


def cell_shading(t, ctx):
    if not isinstance(t, CellTarget):
        return None
    hit = _cell_prop(t, "shd")
    if hit is None:
        table_shd = t.table.tbl_pr.find(_W + "shd") if t.table.tbl_pr is not None else None
        hit = (table_shd, "table") if table_shd is not None else None
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("none", "default")
    return Observation(R.shd_color(hit[0], t.doc.theme), hit[1])


def cell_valign(t, ctx):
    if not isinstance(t, CellTarget):
        return None
    hit = _cell_prop(t, "vAlign")
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("top", "default")
    raw = hit[0].get(_W + "val") or "top"
    return Observation(vocabulary.get("vertical_alignment").canonical(raw) or raw, hit[1])


def cell_span(t, ctx):
    if not isinstance(t, CellTarget):
        return None
    return Observation(f"{t.row_span}x{t.col_span}", "computed")


def cell_text(t, ctx):
    return Observation(t.text, "direct") if isinstance(t, CellTarget) else None


def cell_text_direction(t, ctx):
    if not isinstance(t, CellTarget):
        return None
    el = t.tc_pr.find(_W + "textDirection") if t.tc_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation("lrTb", "default")
    return Observation(el.get(_W + "val") or "lrTb", "direct")


TABLE_RESOLVERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "table.rows": (("table",), table_rows),
    "table.columns": (("table",), table_columns),
    "table.style": (("table",), table_style),
    "table.alignment": (("table",), table_alignment),
    "table.width": (("table",), table_width),
    "table.border.outer": (("table",), _border_group(("top", "bottom", "left", "right"))),
    "table.border.inner": (("table",), _border_group(("insideH", "insideV"))),
    "table.border.top": (("table",), _border_group(("top",))),
    "table.border.bottom": (("table",), _border_group(("bottom",))),
    "table.border.left": (("table",), _border_group(("left",))),
    "table.border.right": (("table",), _border_group(("right",))),
    "table.border.inside_h": (("table",), _border_group(("insideH",))),
    "table.border.inside_v": (("table",), _border_group(("insideV",))),
    "table.header_repeat": (("table", "row"), header_repeat),
    "row.height": (("row",), row_height),
    "row.height_rule": (("row",), row_height_rule),
    "column.width": (("column", "cell"), column_width),
    "cell.text": (("cell",), cell_text),
    "cell.shading": (("cell",), cell_shading),
    "cell.vertical_alignment": (("cell",), cell_valign),
    "cell.span": (("cell",), cell_span),
    "cell.text_direction": (("cell",), cell_text_direction),
}
CELL_BORDER_RESOLVERS: dict[str, Callable] = {
    f"cell.border.{side}": _cell_border(side) for side in ("top", "bottom", "left", "right")
}

