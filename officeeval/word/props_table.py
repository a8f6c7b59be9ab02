"""Tables: size, style, alignment, width, borders as seen, the header row, rows and
columns; each resolver with its writer (``w:tblPr``, ``w:trPr``, the grid, or the table's
rows and columns cut from the end). Cells are in ``props_cells``.

Borders come from ``table_borders`` (cell, conditional table style and table levels combined
with Word's precedence); ``table.border.outer`` holds when every outline segment holds,
``table.border.inner`` when every inside segment does.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval import vocabulary
from officeeval.cache import memo_value
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import twips_to_pt
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import CM, border_values, choices, flip, shift
from officeeval.properties.mistakes import CM, Plan, border_values, choices, flip, shift
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Border, Measure, Observation, aggregate
from officeeval.word.edit.borders import SIDES, borders
from officeeval.word.edit.levels import ROW, TABLE, on_level
from officeeval.word.edit.xml import points, twips, valued, wchild, wset
from officeeval.word.runs import on_off
from officeeval.word.table_borders import TableBorders
from officeeval.word.table_styles import style_chain
from officeeval.word.tables import CellTarget, ColumnTarget, RowTarget, TableTarget

_W = f"{{{W}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
writes = on_level(WRITERS)


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


@prop("table.border.outer", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words", words=("边框", "框线"), called=("边框",)))
def border_outer(t, ctx):
    """Outer border as seen (table, table style and cell borders combined)."""
    return _border_group(t, ctx, ("top", "bottom", "left", "right"))


writes("table.border.outer", TABLE, "tblBorders")(borders(SIDES))


@prop("table.border.inner", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words", words=("边框", "框线"), called=("边框",)))
def border_inner(t, ctx):
    """Inner border as seen."""
    return _border_group(t, ctx, ("insideH", "insideV"))


writes("table.border.inner", TABLE, "tblBorders")(borders(("insideH", "insideV")))


@prop("table.border.top", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words",
                     words=("边框", "框线"),
                     side_of="table.border.outer",
                     called=("边框",)))
def border_top(t, ctx):
    """Top outline border as seen (every segment)."""
    return _border_group(t, ctx, ("top",))


writes("table.border.top", TABLE, "tblBorders")(borders(("top",)))


@prop("table.border.bottom", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words",
                     words=("边框", "框线"),
                     side_of="table.border.outer",
                     called=("边框",)))
def border_bottom(t, ctx):
    """Bottom outline border as seen."""
    return _border_group(t, ctx, ("bottom",))


writes("table.border.bottom", TABLE, "tblBorders")(borders(("bottom",)))


@prop("table.border.left", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words",
                     words=("边框", "框线"),
                     side_of="table.border.outer",
                     called=("边框",)))
def border_left(t, ctx):
    """Left outline border as seen."""
    return _border_group(t, ctx, ("left",))


writes("table.border.left", TABLE, "tblBorders")(borders(("left",)))


@prop("table.border.right", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words",
                     words=("边框", "框线"),
                     side_of="table.border.outer",
                     called=("边框",)))
def border_right(t, ctx):
    """Right outline border as seen."""
    return _border_group(t, ctx, ("right",))


writes("table.border.right", TABLE, "tblBorders")(borders(("right",)))


@prop("table.border.inside_h", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words",
                     words=("边框", "框线"),
                     side_of="table.border.inner",
                     called=("边框",)))
def border_inside_h(t, ctx):
    """Inside horizontal borders as seen."""
    return _border_group(t, ctx, ("insideH",))


writes("table.border.inside_h", TABLE, "tblBorders")(borders(("insideH",)))


@prop("table.border.inside_v", T.BORDER, kinds="table", breaks=border_values,
      draft=Drafting(asked="words",
                     words=("边框", "框线"),
                     side_of="table.border.inner",
                     called=("边框",)))
def border_inside_v(t, ctx):
    """Inside vertical borders as seen."""
    return _border_group(t, ctx, ("insideV",))


writes("table.border.inside_v", TABLE, "tblBorders")(borders(("insideV",)))


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


@prop("table.rows", T.INTEGER, kinds="table",
      draft=Drafting(made=True),
      plan=Plan("table", shrink="row"))
def table_rows(t, ctx):
    """Number of rows."""
    return Observation(len(t.row_elements), "computed") if isinstance(t, TableTarget) else None


@WRITERS.writer("table.rows")
def write_table_rows(session: Session, target: Target, value: Any) -> str:
    """Fewer rows: the last ones removed (a table never grows here)."""
    tbl = target.el  # type: ignore[attr-defined]
    trs = tbl.findall(_W + "tr")
    n = int(value)
    if n < 1 or n >= len(trs):
        raise NotApplicable(f"a table of {len(trs)} rows cannot be cut to {n}")
    session.touch(tbl)
    for tr in trs[n:]:
        tbl.remove(tr)
    return "last row removed" if len(trs) - n == 1 else f"{len(trs) - n} last rows removed"


@prop("table.columns", T.INTEGER, kinds="table",
      draft=Drafting(made=True),
      plan=Plan("table", shrink="column"))
def table_columns(t, ctx):
    """Number of grid columns."""
    return Observation(t.column_count, "computed") if isinstance(t, TableTarget) else None


@WRITERS.writer("table.columns")
def write_table_columns(session: Session, target: Target, value: Any) -> str:
    """Fewer columns: the last ones removed from the grid and every row."""
    tbl = target.el  # type: ignore[attr-defined]
    grid = tbl.find(_W + "tblGrid")
    have = len(grid) if grid is not None else max(
        (len(tr.findall(_W + "tc")) for tr in tbl.findall(_W + "tr")), default=0)
    n = int(value)
    if n < 1 or n >= have:
        raise NotApplicable(f"a table of {have} columns cannot be cut to {n}")
    session.touch(tbl)
    for _ in range(have - n):
        if grid is not None and len(grid):
            grid.remove(grid[-1])
        for tr in tbl.findall(_W + "tr"):
            tcs = tr.findall(_W + "tc")
            if tcs:
                tr.remove(tcs[-1])
    return "last column removed" if have - n == 1 else f"{have - n} last columns removed"


@prop("table.style", T.STYLE_NAME, kinds="table",
      draft=Drafting(made=True, freed_by=("样式",), pictured_by=("样式",)),
      plan=Plan("table", restyle=True),
      implied_by="style")
def table_style(t, ctx):
    """Table style name."""
    if not isinstance(t, TableTarget):
        return None
    st = t.doc.styles.get(t.style_id)
    if st is None or (ctx.direct and not t.has_direct_style):
        return None
    return Observation(st.display_name, "direct" if t.has_direct_style else "default")


@WRITERS.writer("table.style")
def write_table_style(session: Session, target: Target, value: Any) -> str:
    """The table style by name or id (``None`` or ``none``: no table style)."""
    if target.kind != "table":
        raise NotApplicable(f"no table style on a {target.kind} target")
    tp = wchild(target.el, "tblPr", first=True)  # type: ignore[attr-defined]
    session.touch(tp)
    if value in (None, "none"):
        old = tp.find(_W + "tblStyle")
        if old is None:
            raise NotApplicable("no table style to drop")
        tp.remove(old)
        return "tblStyle=(none)"
    st = target.doc.styles.find(str(value))  # type: ignore[attr-defined]
    sid = st.id if st is not None else str(value)
    wset(tp, "tblStyle", first=True, val=sid)
    return f"tblStyle={sid}"


@prop("table.alignment", T.EnumType("alignment"), kinds="table",
      breaks=choices("left", "center", "right"),
      draft=Drafting(pictured_by=("位置", "对齐")))
def table_alignment(t, ctx):
    """Table alignment on the page."""
    if not isinstance(t, TableTarget):
        return None
    hit = _table_pr(t, "jc")
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("left", "default")
    raw = hit[0].get(_W + "val") or "left"
    return Observation(vocabulary.get("alignment").canonical(raw) or raw, hit[1])


writes("table.alignment", TABLE, "jc")(
    lambda el, v: valued(el, "jc", "both" if str(v) == "justify" else v))


@prop("table.width", T.LENGTH_ABS, kinds="table", breaks=shift(2 * CM),
      draft=Drafting(asked="words", words=("表格宽", "宽度"), stated_by=("表格宽", "宽度"),
                     in_cm=True))
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


@writes("table.width", TABLE, "tblW")
def put_table_width(el: etree._Element, v: Any) -> str:
    wset(el, "tblW", w=twips(points(v) or 0.0), type="dxa")
    return "w:tblW"


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


@writes("table.header_repeat", ROW, "tblHeader")
def put_header_repeat(el: etree._Element, v: Any) -> str:
    wset(el, "tblHeader", val="1" if v else "0")
    return f"w:tblHeader={int(bool(v))}"


# ------------------------------------------------------------------ rows and columns
@prop("row.height", T.LENGTH_ABS, kinds="row", breaks=shift(10.0),
      draft=Drafting(made=True, asked="words", words=("行高", "高度"), stated_by=("行高", "高度")))
def row_height(t, ctx):
    """Row height in points."""
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "trHeight") if t.tr_pr is not None else None
    v = twips_to_pt(el.get(_W + "val")) if el is not None else None
    if v is None or v <= 0:
        return None
    return Observation(Measure(v), "direct")


@writes("row.height", ROW, "trHeight")
def put_row_height(el: etree._Element, v: Any) -> str:
    wset(el, "trHeight", val=twips(points(v) or 0.0))
    return f"w:trHeight={twips(points(v) or 0.0)}"


@prop("row.height_rule", T.EnumType("row_height_rule"), kinds="row",
      breaks=choices("exact", "at_least"),
      draft=Drafting(made=True, asked="words", words=("行高",), stated_by=("行高",)))
def row_height_rule(t, ctx):
    """Row height rule: auto (自动), at_least (最小值) or exact (固定值)."""
    if not isinstance(t, RowTarget):
        return None
    el = t.tr_pr.find(_W + "trHeight") if t.tr_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation("auto", "default")
    rule = el.get(_W + "hRule") or "atLeast"
    return Observation(vocabulary.get("row_height_rule").canonical(rule) or rule, "direct")


@writes("row.height_rule", ROW, "trHeight")
def put_row_height_rule(el: etree._Element, v: Any) -> str:
    val = {"at_least": "atLeast", "exact": "exact", "auto": "auto"}.get(str(v), str(v))
    wset(el, "trHeight", hRule=val)
    return f"w:trHeight/@w:hRule={val}"


@prop("column.width", T.LENGTH_ABS, kinds=("column", "cell"),
      draft=Drafting(asked="words", words=("列宽", "宽度"), stated_by=("列宽", "宽度"),
                     stated_within=1.0),
      plan=Plan("column_width"))
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


@WRITERS.writer("column.width")
def write_column_width(session: Session, target: Target, value: Any) -> str:
    """The width of a column (its grid column and every cell of it) or of a cell."""
    table = target.table  # type: ignore[attr-defined]
    col = target.index if target.kind == "column" else target.col  # type: ignore
    width = twips(points(value) or 0.0)
    grid = table.el.find(_W + "tblGrid")
    session.touch(table.el)
    if grid is not None and col < len(grid):
        grid[col].set(_W + "w", width)
    cells = target.cells if target.kind == "column" else [target]  # type: ignore
    for c in cells:
        tcpr = wchild(c.el, "tcPr", first=True)
        wset(tcpr, "tcW", w=width, type="dxa")
    return f"w:tcW={width}"


def _tc_width(c: CellTarget) -> float | None:
    el = c.tc_pr.find(_W + "tcW") if c.tc_pr is not None else None
    if el is None or (el.get(_W + "type") or "dxa").lower() != "dxa":
        return None
    return twips_to_pt(el.get(_W + "w")) or None
