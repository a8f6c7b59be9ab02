"""PowerPoint resolvers for shapes: kind, name, text, position and size (inherited from the
layout or master placeholder when the slide does not set them), geometry, fill, tables,
SmartArt and click actions."""

from __future__ import annotations

from typing import Callable

from officeeval.ooxml.drawingml import find_fill, first_color, read_fill
from officeeval.ooxml.units import to_int
from officeeval.ppt import content, smartart, tables
from officeeval.ppt.markup import a
from officeeval.ppt.sheets import box_component
from officeeval.ppt.targets import CellTarget, ParagraphTarget, RunTarget, ShapeTarget
from officeeval.values import Measure, Observation

SHAPE_KINDS = ("shape", "picture", "table", "chart", "smartart", "media")
EMU_PER_PT = 12700.0


def shape_kind(target: ShapeTarget, ctx) -> Observation | None:
    return Observation(target.shape.kind, "direct")


def shape_name(target: ShapeTarget, ctx) -> Observation | None:
    name = target.shape.name
    return Observation(name, "direct") if name else None


def shape_text(target, ctx) -> Observation | None:
    if isinstance(target, (ShapeTarget, CellTarget, ParagraphTarget, RunTarget)):
        return Observation(target.text, "direct")
    return None


def placeholder_type(target: ShapeTarget, ctx) -> Observation | None:
    ph = target.shape.placeholder
    return Observation(ph.type, "direct") if ph is not None else None


def geometry(target: ShapeTarget, ctx) -> Observation | None:
    g = target.shape.geometry
    return Observation(g, "direct") if g else None


def box_part(i: int) -> Callable:
    """left, top, width, height in points (0..3)."""

    def resolve(target: ShapeTarget, ctx) -> Observation | None:
        got = box_component(target.shape, i)
        if got is None:
            return None
        value, source = got
        if ctx.direct and source != "direct":
            return None
        return Observation(Measure(round(value / EMU_PER_PT, 3)), source)

    return resolve


def rotation(target: ShapeTarget, ctx) -> Observation | None:
    box = target.shape.own_box
    if box is None:
        return None if ctx.direct else Observation(0.0, "default")
    return Observation(round(box.rot, 3), "direct")


def _fill(target: ShapeTarget):
    shape = target.shape
    sheet = shape.sheet
    if shape.sp_pr is not None:
        fill = read_fill(find_fill(shape.sp_pr), sheet.scheme_color)
        if fill is not None:
            return fill, "direct"
    style = shape.style
    ref = style.find(a("fillRef")) if style is not None else None
    idx = to_int(ref.get("idx")) if ref is not None else None
    if idx is not None and idx >= 1 and sheet.theme_root is not None:
        elems = sheet.theme_root.find(a("themeElements"))
        fmt = elems.find(a("fmtScheme")) if elems is not None else None
        lst = fmt.find(a("fillStyleLst")) if fmt is not None else None
        fills = [c for c in lst if isinstance(c.tag, str)] if lst is not None else []
        if idx <= len(fills):
            fill = read_fill(fills[idx - 1], sheet.scheme_color, sheet.color(first_color(ref)))
            if fill is not None:
                return fill, "style"
    return None


def fill_kind(target: ShapeTarget, ctx) -> Observation | None:
    got = _fill(target)
    if got is None or (ctx.direct and got[1] != "direct"):
        return None
    return Observation(got[0].kind, got[1])


def fill_color(target: ShapeTarget, ctx) -> Observation | None:
    got = _fill(target)
    if got is None or (ctx.direct and got[1] != "direct"):
        return None
    fill, source = got
    if fill.kind == "none":
        return Observation("none", source)
    return Observation(fill.color, source) if fill.color else None


# ------------------------------------------------------------------ tables
def _table(target):
    shape = target.shape if isinstance(target, (ShapeTarget, CellTarget)) else None
    return tables.table_element(shape) if shape is not None and shape.kind == "table" else None


def table_rows(target, ctx) -> Observation | None:
    tbl = _table(target)
    return Observation(len(tables.rows(tbl)), "direct") if tbl is not None else None


def table_columns(target, ctx) -> Observation | None:
    tbl = _table(target)
    return Observation(tables.column_count(tbl), "direct") if tbl is not None else None


def table_style(target, ctx) -> Observation | None:
    tbl = _table(target)
    if tbl is None:
        return None
    obs = tables.style_name(tbl, target.doc.table_styles)
    if obs is not None and ctx.direct and obs.source != "direct":
        return None
    return obs


def table_flag(name: str) -> Callable:
    def resolve(target, ctx) -> Observation | None:
        tbl = _table(target)
        if tbl is None:
            return None
        return Observation(tables.flags(tbl)[name], "direct")
    return resolve


def cell_text(target, ctx) -> Observation | None:
    if isinstance(target, CellTarget):
        return Observation(target.text, "direct")
    return None


def cell_span(target: CellTarget, ctx) -> Observation | None:
    tc = target.el
    rows = max(to_int(tc.get("rowSpan")) or 1, 1)
    cols = max(to_int(tc.get("gridSpan")) or 1, 1)
    return Observation(f"{rows}x{cols}", "direct")


def cell_shading(target: CellTarget, ctx) -> Observation | None:
    tc_pr = target.el.find(a("tcPr"))
    fill = read_fill(find_fill(tc_pr), target.shape.sheet.scheme_color) \
        if tc_pr is not None else None
    if fill is None:
        return None
    if fill.kind == "none":
        return Observation("none", "direct")
    return Observation(fill.color, "direct") if fill.color else None


# ------------------------------------------------------------------ SmartArt
def smartart_layout(target: ShapeTarget, ctx) -> Observation | None:
    if target.shape.kind != "smartart":
        return None
    token = smartart.layout_token(target.shape)
    return Observation(token, "direct") if token else None


def smartart_layout_id(target: ShapeTarget, ctx) -> Observation | None:
    if target.shape.kind != "smartart":
        return None
    uid = smartart.layout_id(target.shape)
    return Observation(uid, "direct") if uid else None


def smartart_nodes(target: ShapeTarget, ctx) -> Observation | None:
    if target.shape.kind != "smartart":
        return None
    if smartart.data_model(target.shape) is None:
        return None
    return Observation([n.text for n in smartart.nodes(target.shape)], "direct")


def smartart_categories(target: ShapeTarget, ctx) -> Observation | None:
    if target.shape.kind != "smartart":
        return None
    cats = smartart.categories(target.shape)
    return Observation(cats, "direct") if cats else None


# ------------------------------------------------------------------ click actions
def _action(target):
    if isinstance(target, ShapeTarget):
        el = target.shape.hyperlink
        sheet = target.shape.sheet
        if el is None and target.shape.tx_body is not None:
            for par in target.paragraphs:
                for r in par.runs:
                    link = r.chain().hyperlink()
                    if link is not None:
                        return content.read_action(sheet, link)
        return content.read_action(sheet, el)
    if isinstance(target, ParagraphTarget):
        for r in target.runs:
            link = r.chain().hyperlink()
            if link is not None:
                return content.read_action(target.shape.sheet, link)
        return None
    if isinstance(target, RunTarget):
        return content.read_action(target.paragraph.shape.sheet, target.chain().hyperlink())
    return None


def hyperlink_target(target, ctx) -> Observation | None:
    act = _action(target)
    if act is None or act.kind == "none":
        return None
    return Observation(act.target, "direct")


def hyperlink_action(target, ctx) -> Observation | None:
    act = _action(target)
    return Observation(act.kind, "direct") if act is not None else None
