"""PowerPoint resolvers for shapes: kind, name, text, position and size (inherited from the
layout or master placeholder when the slide does not set them), geometry, fill and outline;
each writable one with its writer below it (written on the shape itself: its own transform,
``p:cNvPr``, ``p:spPr``). Tables, SmartArt and click actions have their own modules
(``resolvers_table``, ``resolvers_smartart``, ``resolvers_link``)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml import drawing_edit
from officeeval.ooxml.drawingml import find_fill, first_color, read_fill
from officeeval.ooxml.ns import A, P
from officeeval.ooxml.units import to_int
from officeeval.ppt.edit.shape_parts import (
    none_or_solid, on_sp_pr, own_box, own_xfrm, shape_of, sp_pr,
)
from officeeval.ppt.edit.text_nodes import replace_text, shown_nodes
from officeeval.ppt.markup import a, first_child
from officeeval.ppt.sheets import box_component
from officeeval.ppt.targets import CellTarget, ParagraphTarget, RunTarget, ShapeTarget
from officeeval.ppt.value_types import DEGREES
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.mistakes import Plan, cycled, other_line_width
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Measure, Observation

SHAPE_KINDS = ("shape", "picture", "table", "chart", "smartart", "media")
EMU_PER_PT = 12700.0
_A, _P = f"{{{A}}}", f"{{{P}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


@prop("shape.kind", T.EnumType("shape_kind"), kinds=SHAPE_KINDS,
      read_only="what the shape is (its element and placeholder): not a value written on it",
      draft=Drafting(volatile=True),
      implied_by="type")
def shape_kind(target: ShapeTarget, ctx) -> Observation | None:
    """What the shape is: title, subtitle, body, content, date, footer, slide_number
    (placeholders by type), textbox, autoshape, picture, table, chart, smartart, group,
    media, connector, ole."""
    return Observation(target.shape.kind, "direct")


@prop("shape.name", T.TEXT, kinds=SHAPE_KINDS,
      draft=Drafting(volatile=True),
      implied_by="name",
      plan=Plan("shape_name"))
def shape_name(target: ShapeTarget, ctx) -> Observation | None:
    """The shape's name (p:cNvPr/@name, as in the Selection Pane)."""
    name = target.shape.name
    return Observation(name, "direct") if name else None


@WRITERS.writer("shape.name")
def write_shape_name(session: Session, target: Target, value: Any) -> str:
    pr = shape_of(target).c_nv_pr
    if pr is None:
        raise NotApplicable("a shape without cNvPr")
    session.touch(pr)
    pr.set("name", str(value))
    return f"renamed {pr.get('name')!r}"


@binds("shape.text", kinds=(*SHAPE_KINDS, "cell"), plan=Plan("text"))
def shape_text(target, ctx) -> Observation | None:
    if isinstance(target, (ShapeTarget, CellTarget, ParagraphTarget, RunTarget)):
        return Observation(target.text, "direct")
    return None


@WRITERS.writer("shape.text")
def write_shape_text(session: Session, target: Target, value: Any) -> str:
    return replace_text(session, target, "shape.text", shown_nodes(target), value)


@prop("shape.placeholder_type", T.TEXT, kinds=SHAPE_KINDS,
      draft=Drafting(volatile=True))
def placeholder_type(target: ShapeTarget, ctx) -> Observation | None:
    """Placeholder type token (title, ctrTitle, subTitle, body, obj, dt, ftr, sldNum, pic
    …)."""
    ph = target.shape.placeholder
    return Observation(ph.type, "direct") if ph is not None else None


@WRITERS.writer("shape.placeholder_type")
def write_placeholder_type(session: Session, target: Target, value: Any) -> str:
    shape = shape_of(target)
    ph = next(shape.el.iter(_P + "ph"), None)
    if ph is None:
        raise NotApplicable("not a placeholder")
    ph.set("type", str(value))
    session.touch(ph)
    return f"ph/@type={value}"


@prop("shape.geometry", T.EnumType("shape_geometry"), kinds=SHAPE_KINDS,
      draft=Drafting(asked="drawn",
                     words=("形状", "按钮", "矩形", "圆形"),
                     freed_by=("形状",),
                     pictured_by=("形状",),
                     called=("形状",)))
def geometry(target: ShapeTarget, ctx) -> Observation | None:
    """Preset geometry: every ST_ShapeType preset by its token, common ones by their Chinese UI
    name (rect/矩形, roundRect/圆角矩形, ellipse/椭圆, actionButtonHome/动作按钮: 转到主页 …;
    custom for freeforms). ``shape.geometry^='actionButton'`` selects any action button."""
    g = target.shape.geometry
    return Observation(g, "direct") if g else None


@WRITERS.writer("shape.geometry")
def write_geometry(session: Session, target: Target, value: Any) -> str:
    return on_sp_pr(session, target, drawing_edit.set_geometry, value)


def _box_part(target: ShapeTarget, ctx, i: int) -> Observation | None:
    """left, top, width, height in points (0..3)."""
    got = box_component(target.shape, i)
    if got is None:
        return None
    value, source = got
    if ctx.direct and source != "direct":
        return None
    return Observation(Measure(round(value / EMU_PER_PT, 3)), source)


def _box_writer(name: str, which: int) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """The whole box written on the shape itself (an inherited placeholder box made
        the shape's own), with one of its parts set."""
        from officeeval.ppt.sheets import effective_box
        shape = shape_of(target)
        got = effective_box(shape)
        if got is None:
            raise NotApplicable("the shape has no box")
        box = got[0]
        vals = [box.x, box.y, box.cx, box.cy]
        pt = value.points() if isinstance(value, Measure) else float(value)
        vals[which] = pt * EMU_PER_PT
        xfrm = own_xfrm(shape)
        for child in list(xfrm):
            if child.tag in (_A + "off", _A + "ext"):
                xfrm.remove(child)
        etree.SubElement(xfrm, _A + "off", x=str(int(round(vals[0]))),
                         y=str(int(round(vals[1]))))
        etree.SubElement(xfrm, _A + "ext", cx=str(int(round(vals[2]))),
                         cy=str(int(round(vals[3]))))
        session.touch(xfrm)
        return f"{name} {pt:g} pt"


@prop("shape.left", T.LENGTH_ABS, kinds=SHAPE_KINDS,
      draft=Drafting(asked="placed",
                     words=(),
                     stated_by=("位置", "距"),
                     freed_by=("位置",),
                     from_layout=True),
      plan=Plan("box"))
def left(target: ShapeTarget, ctx) -> Observation | None:
    """Distance from the slide's left edge (inherited from the layout or master placeholder
    when the slide does not set it)."""
    return _box_part(target, ctx, 0)


_box_writer("shape.left", 0)


@prop("shape.top", T.LENGTH_ABS, kinds=SHAPE_KINDS,
      draft=Drafting(asked="placed",
                     words=(),
                     stated_by=("位置", "距"),
                     freed_by=("位置",),
                     from_layout=True),
      plan=Plan("box"))
def top(target: ShapeTarget, ctx) -> Observation | None:
    """Distance from the slide's top edge."""
    return _box_part(target, ctx, 1)


_box_writer("shape.top", 1)


@prop("shape.width", T.LENGTH_ABS, kinds=SHAPE_KINDS,
      draft=Drafting(asked="placed",
                     words=("同宽", "等宽"),
                     stated_by=("宽",),
                     freed_by=("大小", "尺寸"),
                     from_layout=True,
                     twin="image.width"),
      plan=Plan("box"))
def width(target: ShapeTarget, ctx) -> Observation | None:
    """Width."""
    return _box_part(target, ctx, 2)


_box_writer("shape.width", 2)


@prop("shape.height", T.LENGTH_ABS, kinds=SHAPE_KINDS,
      draft=Drafting(asked="placed",
                     words=("同高", "等高"),
                     stated_by=("高",),
                     freed_by=("大小", "尺寸"),
                     from_layout=True,
                     twin="image.height"),
      plan=Plan("box"))
def height(target: ShapeTarget, ctx) -> Observation | None:
    """Height."""
    return _box_part(target, ctx, 3)


_box_writer("shape.height", 3)


@prop("shape.region", T.EnumType("region"), kinds=SHAPE_KINDS,
      draft=Drafting(from_layout=True, never_asked=True),
      plan=Plan("region"))
def region(target: ShapeTarget, ctx) -> Observation | None:
    """Where the shape sits on the slide, in the words a step uses: the third of the
    slide's width and of its height the centre of its box falls in (右下角 bottom_right,
    左下方 bottom_left, 顶部 top, 中央 center …; a centre on a boundary counts as the
    middle). Compare with ``in`` for a looser reading (``右下角|右侧|底部``). ``None`` when the
    box or the slide size is unknown."""
    from officeeval.vocabulary.common import region_of
    size = target.doc.slide_size
    parts = [box_component(target.shape, i) for i in range(4)]
    if size is None or size.width <= 0 or size.height <= 0 or any(x is None for x in parts):
        return None
    (x, src), (y, _), (w, _), (h, _) = parts  # type: ignore[misc]
    cx = (x + w / 2) / EMU_PER_PT / size.width
    cy = (y + h / 2) / EMU_PER_PT / size.height
    if ctx.direct and src != "direct":
        return None
    return Observation(region_of(cx, cy), src)


@WRITERS.writer("shape.region")
def write_region(session: Session, target: Target, value: Any) -> str:
    """The shape moved, its size kept, so that its centre is at the middle of the region's
    third of the slide (``bottom_right``: five sixths across and down)."""
    size = target.doc.slide_size
    if size is None or size.width <= 0 or size.height <= 0:
        raise NotApplicable("the slide size is unknown")
    token = str(value)
    row, _, col = token.partition("_") if "_" in token else (
        (token, "", "") if token in ("top", "bottom") else ("", "", token))
    fx = {"left": 1 / 6, "right": 5 / 6}.get(col, 1 / 2)
    fy = {"top": 1 / 6, "bottom": 5 / 6}.get(row, 1 / 2)
    xfrm = own_box(shape_of(target))
    off, ext = xfrm.find(_A + "off"), xfrm.find(_A + "ext")
    cx, cy = int(ext.get("cx") or 0), int(ext.get("cy") or 0)
    off.set("x", str(int(round(fx * size.width * EMU_PER_PT - cx / 2))))
    off.set("y", str(int(round(fy * size.height * EMU_PER_PT - cy / 2))))
    session.touch(xfrm)
    return f"shape.region {token}"


@prop("shape.rotation", DEGREES, kinds=SHAPE_KINDS)
def rotation(target: ShapeTarget, ctx) -> Observation | None:
    """Rotation in degrees (0 when not rotated)."""
    box = target.shape.own_box
    if box is None:
        return None if ctx.direct else Observation(0.0, "default")
    return Observation(round(box.rot, 3), "direct")


@WRITERS.writer("shape.rotation")
def write_rotation(session: Session, target: Target, value: Any) -> str:
    xfrm = own_box(shape_of(target))
    xfrm.set("rot", str(int(round(float(value) * 60000))))
    session.touch(xfrm)
    return f"rot={xfrm.get('rot')}"


def _fill(target: ShapeTarget):
    shape = target.shape
    sheet = shape.sheet
    if shape.sp_pr is not None:
        fill = read_fill(find_fill(shape.sp_pr), sheet.scheme_color)
        if fill is not None:
            return fill, "direct"
    style = shape.style
    ref = first_child(style, a("fillRef")) if style is not None else None
    idx = to_int(ref.get("idx")) if ref is not None else None
    if idx is not None and idx >= 1 and sheet.theme_root is not None:
        elems = first_child(sheet.theme_root, a("themeElements"))
        fmt = first_child(elems, a("fmtScheme")) if elems is not None else None
        lst = first_child(fmt, a("fillStyleLst")) if fmt is not None else None
        fills = [c for c in lst if isinstance(c.tag, str)] if lst is not None else []
        if idx <= len(fills):
            fill = read_fill(fills[idx - 1], sheet.scheme_color, sheet.color(first_color(ref)))
            if fill is not None:
                return fill, "style"
    return None


@prop("shape.fill.kind", T.EnumType("background_kind"), kinds=SHAPE_KINDS,
      draft=Drafting(freed_by=("颜色",), pictured_by=("填充", "颜色"), called=("填充",)))
def fill_kind(target: ShapeTarget, ctx) -> Observation | None:
    """Shape fill kind (solid, gradient, picture, pattern, none), from spPr or the shape
    style's fillRef."""
    got = _fill(target)
    if got is None or (ctx.direct and got[1] != "direct"):
        return None
    return Observation(got[0].kind, got[1])


@WRITERS.writer("shape.fill.kind")
def write_fill_kind(session: Session, target: Target, value: Any) -> str:
    """``none`` (no fill) or ``solid`` (white); other kinds are not made up."""
    return on_sp_pr(session, target, drawing_edit.set_solid_fill,
                    none_or_solid(value, "fill", "FFFFFF"))


@prop("shape.fill.color", T.COLOR, kinds=SHAPE_KINDS,
      draft=Drafting(freed_by=("颜色",), pictured_by=("填充", "颜色"), called=("填充",)))
def fill_color(target: ShapeTarget, ctx) -> Observation | None:
    """Shape fill color (solid color, a gradient's first stop)."""
    got = _fill(target)
    if got is None or (ctx.direct and got[1] != "direct"):
        return None
    fill, source = got
    if fill.kind == "none":
        return Observation("none", source)
    return Observation(fill.color, source) if fill.color else None


@WRITERS.writer("shape.fill.color")
def write_fill_color(session: Session, target: Target, value: Any) -> str:
    return on_sp_pr(session, target, drawing_edit.set_solid_fill, value)


# ------------------------------------------------------------------ outlines
def _theme_list(sheet, tag: str) -> list:
    root = sheet.theme_root
    elems = first_child(root, a("themeElements")) if root is not None else None
    fmt = first_child(elems, a("fmtScheme")) if elems is not None else None
    lst = fmt.find(a(tag)) if fmt is not None else None
    return [c for c in lst if isinstance(c.tag, str)] if lst is not None else []


def _outline(target: ShapeTarget) -> tuple[object, float | None, str, str] | None:
    """(fill of the line, width in points, fill source, width source) of the shape's
    outline: its own ``a:ln``, else the theme line its style's ``lnRef`` picks; ``None``
    when neither says anything."""
    shape = target.shape
    sheet = shape.sheet
    ln = first_child(shape.sp_pr, a("ln")) if shape.sp_pr is not None else None
    fill = read_fill(find_fill(ln), sheet.scheme_color) if ln is not None else None
    w = to_int(ln.get("w")) if ln is not None else None
    width = w / 12700.0 if w is not None and 0 <= w <= 20_116_800 else None
    sources = ["direct" if fill is not None else "", "direct" if width is not None else ""]
    style = shape.style
    ref = first_child(style, a("lnRef")) if style is not None else None
    idx = to_int(ref.get("idx")) if ref is not None else None
    if (fill is None or width is None) and idx is not None and idx >= 1:
        lines = _theme_list(sheet, "lnStyleLst")
        if idx <= len(lines):
            theme_ln = lines[idx - 1]
            if fill is None:
                fill = read_fill(find_fill(theme_ln), sheet.scheme_color,
                                 sheet.color(first_color(ref)))
                sources[0] = "style" if fill is not None else ""
            if width is None:
                tw = to_int(theme_ln.get("w"))
                if tw is not None and 0 <= tw <= 20_116_800:
                    width, sources[1] = tw / 12700.0, "style"
    if fill is None and width is None:
        return None
    return fill, width, sources[0], sources[1]


def _no_line(target: ShapeTarget, ctx) -> Observation | None:
    """A shape that says nothing of its outline draws none (pictures, text boxes)."""
    return None if ctx.direct else Observation("none", "default")


@prop("shape.outline.kind", T.EnumType("outline_kind"), kinds=SHAPE_KINDS,
      draft=Drafting(pictured_by=("轮廓", "边框", "线条"), called=("轮廓",)),
      plan=Plan("setting", mistake=cycled("solid", "none")))
def outline_kind(target: ShapeTarget, ctx) -> Observation | None:
    """Shape outline (形状轮廓): solid (实线), gradient, pattern or none (无线条), from the
    shape's a:ln or its style's lnRef into the theme; none when neither sets one."""
    got = _outline(target)
    if got is None or got[0] is None:
        return _no_line(target, ctx)
    if ctx.direct and got[2] != "direct":
        return None
    return Observation(got[0].kind, got[2])


@WRITERS.writer("shape.outline.kind")
def write_outline_kind(session: Session, target: Target, value: Any) -> str:
    """``none`` (no line) or ``solid`` (black); other kinds are not made up."""
    return on_sp_pr(session, target, drawing_edit.set_line_fill,
                    none_or_solid(value, "outline", "000000"))


@prop("shape.outline.color", T.COLOR, kinds=SHAPE_KINDS,
      draft=Drafting(freed_by=("颜色",), pictured_by=("轮廓", "边框", "线条"), called=("轮廓",)),
      plan=Plan("setting", mistake=cycled("FF0000", "0000FF")))
def outline_color(target: ShapeTarget, ctx) -> Observation | None:
    """Colour of the shape's outline as RGB (theme colours resolved), none when the shape
    has no line."""
    got = _outline(target)
    if got is None or got[0] is None:
        return _no_line(target, ctx)
    if ctx.direct and got[2] != "direct":
        return None
    fill = got[0]
    if fill.kind == "none":
        return Observation("none", got[2])
    return Observation(fill.color, got[2]) if fill.color else None


@WRITERS.writer("shape.outline.color")
def write_outline_color(session: Session, target: Target, value: Any) -> str:
    """A solid outline of the colour (``none``: no outline) on the shape itself."""
    return on_sp_pr(session, target, drawing_edit.set_line_fill, value)


@prop("shape.outline.width", T.LENGTH_ABS, kinds=SHAPE_KINDS,
      draft=Drafting(pictured_by=("轮廓", "边框", "线条"), called=("轮廓",)),
      plan=Plan("setting", mistake=other_line_width))
def outline_width(target: ShapeTarget, ctx) -> Observation | None:
    """Width (粗细) of the shape's outline in points (a:ln/@w, else the theme line of its
    style); no value when the shape draws no line."""
    got = _outline(target)
    if got is None or got[1] is None or (got[0] is not None and got[0].kind == "none"):
        return None
    if ctx.direct and got[3] != "direct":
        return None
    return Observation(Measure(pt=round(got[1], 3)), got[3])


@WRITERS.writer("shape.outline.width")
def write_outline_width(session: Session, target: Target, value: Any) -> str:
    """The outline's width (``a:ln/@w``); a shape without a visible line gets a black one."""
    from officeeval.properties.registry import ResolveContext
    sp = sp_pr(shape_of(target))
    shown = outline_kind(target, ResolveContext())
    if shown is None or shown.value == "none":
        drawing_edit.set_line_fill(sp, "000000")
    ln = drawing_edit.line_el(sp)
    pt = value.points() if isinstance(value, Measure) else float(value)
    ln.set("w", str(int(round(pt * EMU_PER_PT))))
    session.touch(sp)
    return f"a:ln/@w={ln.get('w')}"
