"""Table cells: borders as seen, shading, vertical alignment, text direction, span and
text; each resolver with its writer (the cell's ``w:tcPr``, its text).

Cell shading and vertical alignment follow the cell, then the table style's conditional
formats for the cell, then the style; borders come from ``table_borders``.
"""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval import vocabulary
from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import choices
from officeeval.properties.mistakes import Plan, choices
from officeeval.properties.writing import WriterSet
from officeeval.values import Border, Observation
from officeeval.word import runs as R
from officeeval.word.edit.borders import shading_fill
from officeeval.word.edit.levels import CELL, on_level, write_text
from officeeval.word.edit.xml import valued, wchild
from officeeval.word.table_borders import TableBorders
from officeeval.word.table_styles import conditional, style_chain
from officeeval.word.tables import CellTarget

_W = f"{{{W}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()
writes = on_level(WRITERS)


def _cell_border(target, ctx, side: str):
    if not isinstance(target, CellTarget):
        return None
    b, src = TableBorders(target.table).cell_side(target, side)
    if ctx.direct and src != "direct":
        return None
    return Observation(b, src)


def _put_cell_border(side: str) -> Callable[[etree._Element, Any], str]:
    def write(tcpr: etree._Element, v: Any) -> str:
        box = wchild(tcpr, "tcBorders")
        old = box.find(_W + side)
        if old is not None:
            box.remove(old)
        b = v if isinstance(v, Border) else Border(str(v))
        attrs = {_W + "val": "nil"} if b.style == "none" else {
            _W + "val": b.style, _W + "sz": "4", _W + "space": "0", _W + "color": "auto"}
        etree.SubElement(box, _W + side, attrs)
        return f"w:tcBorders/w:{side} {b.style}"
    return write


@binds("cell.border.top", kinds="cell", vtype=T.BORDER)
def cell_border_top(t, ctx):
    """The cell's top border as seen (cell, conditional table style and table levels)."""
    return _cell_border(t, ctx, "top")


writes("cell.border.top", CELL, "tcBorders")(_put_cell_border("top"))


@binds("cell.border.bottom", kinds="cell", vtype=T.BORDER)
def cell_border_bottom(t, ctx):
    return _cell_border(t, ctx, "bottom")


writes("cell.border.bottom", CELL, "tcBorders")(_put_cell_border("bottom"))


@binds("cell.border.left", kinds="cell", vtype=T.BORDER)
def cell_border_left(t, ctx):
    return _cell_border(t, ctx, "left")


writes("cell.border.left", CELL, "tcBorders")(_put_cell_border("left"))


@binds("cell.border.right", kinds="cell", vtype=T.BORDER)
def cell_border_right(t, ctx):
    return _cell_border(t, ctx, "right")


writes("cell.border.right", CELL, "tcBorders")(_put_cell_border("right"))


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


@prop("cell.shading", T.COLOR, kinds="cell", breaks=choices("none", "FFFF00", "DDEBF7"),
      draft=Drafting(skill="border"))
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


writes("cell.shading", CELL, "shd")(shading_fill)


@prop("cell.vertical_alignment", T.EnumType("vertical_alignment"), kinds="cell",
      breaks=choices("top", "center", "bottom"),
      draft=Drafting(asked="words", words=("垂直",)))
def cell_valign(t, ctx):
    """Vertical alignment in the cell."""
    if not isinstance(t, CellTarget):
        return None
    hit = _cell_prop(t, "vAlign")
    if hit is None or (ctx.direct and hit[1] != "direct"):
        return None if ctx.direct else Observation("top", "default")
    raw = hit[0].get(_W + "val") or "top"
    return Observation(vocabulary.get("vertical_alignment").canonical(raw) or raw, hit[1])


writes("cell.vertical_alignment", CELL, "vAlign")(lambda el, v: valued(el, "vAlign", v))


@prop("cell.span", T.TEXT, kinds="cell",
      read_only="merging reshapes the table (cells are absorbed), not one cell's value",
      draft=Drafting(volatile=True))
def cell_span(t, ctx):
    """Merged span of a cell as ROWSxCOLS (1x1 when not merged)."""
    if not isinstance(t, CellTarget):
        return None
    return Observation(f"{t.row_span}x{t.col_span}", "computed")


@prop("cell.text", T.TEXT, kinds="cell",
      draft=Drafting(made=True, restates_value=True, content=True, inserted_text=True),
      plan=Plan("text"), typed_text=True)
def cell_text(t, ctx):
    """A table cell's text."""
    return Observation(t.text, "direct") if isinstance(t, CellTarget) else None


WRITERS.writer("cell.text")(write_text)


@prop("cell.text_direction", T.TEXT, kinds="cell",
      draft=Drafting(skill="cell_format"))
def cell_text_direction(t, ctx):
    """Text direction in a cell (lrTb horizontal, tbRl vertical …)."""
    if not isinstance(t, CellTarget):
        return None
    el = t.tc_pr.find(_W + "textDirection") if t.tc_pr is not None else None
    if el is None:
        return None if ctx.direct else Observation("lrTb", "default")
    return Observation(el.get(_W + "val") or "lrTb", "direct")


writes("cell.text_direction", CELL, "textDirection")(
    lambda el, v: valued(el, "textDirection", v))
