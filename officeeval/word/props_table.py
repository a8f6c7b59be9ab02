"""Table resolvers: size, style, alignment, borders as seen, rows, columns and cells.

Borders come from ``table_borders`` (cell, conditional table style and table levels combined
with Word's precedence); ``table.border.outer`` holds when every outline segment holds,
``table.border.inner`` when every inside segment does. Cell shading and vertical alignment
follow the cell, then the table style's conditional formats for the cell, then the style.
"""

from __future__ import annotations

from lxml import etree

from officeeval import vocabulary
from officeeval.cache import memo_value
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import twips_to_pt
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import CM, border_values, choices, flip, shift
from officeeval.values import Border, Measure, Observation, aggregate
from officeeval.word import runs as R
from officeeval.word.runs import on_off
from officeeval.word.table_borders import TableBorders
from officeeval.word.table_styles import conditional, style_chain
from officeeval.word.tables import CellTarget, ColumnTarget, RowTarget, TableTarget

_W = f"{{{W}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


def _edges(table: TableTarget):
    return memo_value(table, "_officeeval_table_edges", lambda: TableBorders(table).edges())


def _border_group(target, ctx, positions: tuple[str, ...]):
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


@prop("table.border.outer", T.BORDER, kinds="table", breaks=border_values)
def border_outer(t, ctx):
    """Outer border as seen (table, table style and cell borders combined)."""
    return _border_group(t, ctx, ("top", "bottom", "left", "right"))


@prop("table.border.inner", T.BORDER, kinds="table", breaks=border_values)
def border_inner(t, ctx):
    """Inner border as seen."""
    return _border_group(t, ctx, ("insideH", "insideV"))


@prop("table.border.top", T.BORDER, kinds="table", breaks=border_values)
def border_top(t, ctx):
    """Top outline border as seen (every segment)."""
    return _border_group(t, ctx, ("top",))


@prop("table.border.bottom", T.BORDER, kinds="table", breaks=border_values)
def border_bottom(t, ctx):
    """Bottom outline border as seen."""
    return _border_group(t, ctx, ("bottom",))


@prop("table.border.left", T.BORDER, kinds="table", breaks=border_values)
def border_left(t, ctx):
    """Left outline border as seen."""
    return _border_group(t, ctx, ("left",))


@prop("table.border.right", T.BORDER, kinds="table", breaks=border_values)
def border_right(t, ctx):
    """Right outline border as seen."""
    return _border_group(t, ctx, ("right",))


@prop("table.border.inside_h", T.BORDER, kinds="table", breaks=border_values)
def border_inside_h(t, ctx):
    """Inside horizontal borders as seen."""
    return _border_group(t, ctx, ("insideH",))


@prop("table.border.inside_v", T.BORDER, kinds="table", breaks=border_values)
def border_inside_v(t, ctx):
    """Inside vertical borders as seen."""
    return _border_group(t, ctx, ("insideV",))


def _cell_border(target, ctx, side: str):
    if not isinstance(target, CellTarget):
        return None
    b, src = TableBorders(target.table).cell_side(target, side)
    if ctx.direct and src != "direct":
        return None
    return Observation(b, src)


@binds("cell.border.top", kinds="cell", vtype=T.BORDER)
def cell_border_top(t, ctx):
    """The cell's top border as seen (cell, conditional table style and table levels)."""
    return _cell_border(t, ctx, "top")


@binds("cell.border.bottom", kinds="cell", vtype=T.BORDER)
def cell_border_bottom(t, ctx):
    return _cell_border(t, ctx, "bottom")


@binds("cell.border.left", kinds="cell", vtype=T.BORDER)
def cell_border_left(t, ctx):
    return _cell_border(t, ctx, "left")


@binds("cell.border.right", kinds="cell", vtype=T.BORDER)
def cell_border_right(t, ctx):
    return _cell_border(t, ctx, "right")


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


@prop("table.rows", T.INTEGER, kinds="table")
def table_rows(t, ctx):
    """Number of rows."""
    return Observation(len(t.row_elements), "computed") if isinstance(t, TableTarget) else None


@prop("table.columns", T.INTEGER, kinds="table")
def table_columns(t, ctx):
    """Number of grid columns."""
    return Observation(t.column_count, "computed") if isinstance(t, TableTarget) else None


@prop("table.style", T.STYLE_NAME, kinds="table")
def table_style(t, ctx):
    """Table style name."""
    if not isinstance(t, TableTarget):
        return None
    st = t.doc.styles.get(t.style_id)
    if st is None or (ctx.direct and not t.has_direct_style):
        return None
    return Observation(st.display_name, "direct" if t.has_direct_style else "default")


@prop("table.alignment", T.EnumType("alignment"), kinds="table",
      breaks=choices("left", "center", "right"))
def table_alignment(t, ctx):
    """Table alignment on the page."""
    if not isinstance(t, TableTarget):
        return None
    hit = _table_pr(t, "jc")
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("left", "default")
    raw = hit[0].get(_W + "val") or "left"
    return Observation(vocabulary.get("alignment").canonical(raw) or raw, hit[1])


@prop("table.width", T.LENGTH_ABS, kinds="table", breaks=shift(2 * CM))
def table_width(t, ctx):
    """Preferred table width when given as a length."""
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


@prop("table.header_repeat", T.BOOL, kinds=("table", "row"), breaks=flip)
def header_repeat(t, ctx):
    """Whether the first row repeats as a header row."""
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
@prop("row.height", T.LENGTH_ABS, kinds="row", breaks=shift(10.0))
def row_height(t, ctx):
    """Row height in points."""
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "trHeight") if t.tr_pr is not None else None
    v = twips_to_pt(el.get(_W + "val")) if el is not None else None
    if v is None or v <= 0:
        return None
    return Observation(Measure(v), "direct")


@prop("row.height_rule", T.EnumType("row_height_rule"), kinds="row",
      breaks=choices("exact", "at_least"))
def row_height_rule(t, ctx):
    """Row height rule: auto (自动), at_least (最小值) or exact (固定值)."""
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "trHeight") if t.tr_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation("auto", "default")
    rule = el.get(_W + "hRule") or "atLeast"
    return Observation(vocabulary.get("row_height_rule").canonical(rule) or rule, "direct")


@prop("column.width", T.LENGTH_ABS, kinds=("column", "cell"))
def column_width(t, ctx):
    """Column width (Word: points; Excel: character units)."""
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


@prop("cell.shading", T.COLOR, kinds="cell", breaks=choices("none", "FFFF00", "DDEBF7"))
def cell_shading(t, ctx):
    """A table cell's shading fill."""
    if not isinstance(t, CellTarget):
        return None
    hit = _cell_prop(t, "shd")
    if hit is None:
        table_shd = t.table.tbl_pr.find(_W + "shd") if t.table.tbl_pr is not None else None
        hit = (table_shd, "table") if table_shd is not None else None
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("none", "default")
    return Observation(R.shd_color(hit[0], t.doc.theme), hit[1])


@prop("cell.vertical_alignment", T.EnumType("vertical_alignment"), kinds="cell",
      breaks=choices("top", "center", "bottom"))
def cell_valign(t, ctx):
    """Vertical alignment in the cell."""
    if not isinstance(t, CellTarget):
        return None
    hit = _cell_prop(t, "vAlign")
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("top", "default")
    raw = hit[0].get(_W + "val") or "top"
    return Observation(vocabulary.get("vertical_alignment").canonical(raw) or raw, hit[1])


@prop("cell.span", T.TEXT, kinds="cell",
      read_only="merging reshapes the table (cells are absorbed), not one cell's value")
def cell_span(t, ctx):
    """Merged span of a cell as ROWSxCOLS (1x1 when not merged)."""
    if not isinstance(t, CellTarget):
        return None
    return Observation(f"{t.row_span}x{t.col_span}", "computed")


@prop("cell.text", T.TEXT, kinds="cell")
def cell_text(t, ctx):
    """A table cell's text."""
    return Observation(t.text, "direct") if isinstance(t, CellTarget) else None


@prop("cell.text_direction", T.TEXT, kinds="cell")
def cell_text_direction(t, ctx):
    """Text direction in a cell (lrTb horizontal, tbRl vertical …)."""
    if not isinstance(t, CellTarget):
        return None
    el = t.tc_pr.find(_W + "textDirection") if t.tc_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation("lrTb", "default")
    return Observation(el.get(_W + "val") or "lrTb", "direct")
