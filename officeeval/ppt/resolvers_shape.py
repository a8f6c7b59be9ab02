"""PowerPoint resolvers for shapes: kind, name, text, position and size (inherited from the
layout or master placeholder when the slide does not set them), geometry, fill, tables,
SmartArt and click actions."""

from __future__ import annotations

from officeeval.ooxml.drawingml import find_fill, first_color, read_fill
from officeeval.ooxml.units import to_int
from officeeval.ppt import content, smartart, tables
from officeeval.ppt.markup import a, first_child
from officeeval.ppt.sheets import box_component
from officeeval.ppt.targets import CellTarget, ParagraphTarget, RunTarget, ShapeTarget
from officeeval.ppt.value_types import DEGREES, PPT_TABLE_STYLE
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.values import Measure, Observation

SHAPE_KINDS = ("shape", "picture", "table", "chart", "smartart", "media")
TABLES = ("table", "shape")
SMARTART = ("smartart", "shape")
LINKED = (*SHAPE_KINDS, "paragraph", "run")
EMU_PER_PT = 12700.0

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


@prop("shape.kind", T.EnumType("shape_kind"), kinds=SHAPE_KINDS,
      read_only="what the shape is (its element and placeholder): not a value written on it")
def shape_kind(target: ShapeTarget, ctx) -> Observation | None:
    """What the shape is: title, subtitle, body, content, date, footer, slide_number
    (placeholders by type), textbox, autoshape, picture, table, chart, smartart, group,
    media, connector, ole."""
    return Observation(target.shape.kind, "direct")


@prop("shape.name", T.TEXT, kinds=SHAPE_KINDS)
def shape_name(target: ShapeTarget, ctx) -> Observation | None:
    """The shape's name (p:cNvPr/@name, as in the Selection Pane)."""
    name = target.shape.name
    return Observation(name, "direct") if name else None


@binds("shape.text", kinds=(*SHAPE_KINDS, "cell"))
def shape_text(target, ctx) -> Observation | None:
    if isinstance(target, (ShapeTarget, CellTarget, ParagraphTarget, RunTarget)):
        return Observation(target.text, "direct")
    return None


@prop("shape.placeholder_type", T.TEXT, kinds=SHAPE_KINDS)
def placeholder_type(target: ShapeTarget, ctx) -> Observation | None:
    """Placeholder type token (title, ctrTitle, subTitle, body, obj, dt, ftr, sldNum, pic
    …)."""
    ph = target.shape.placeholder
    return Observation(ph.type, "direct") if ph is not None else None


@prop("shape.geometry", T.EnumType("shape_geometry"), kinds=SHAPE_KINDS)
def geometry(target: ShapeTarget, ctx) -> Observation | None:
    """Preset geometry: every ST_ShapeType preset by its token, common ones by their Chinese UI
    name (rect/矩形, roundRect/圆角矩形, ellipse/椭圆, actionButtonHome/动作按钮: 转到主页 …;
    custom for freeforms). ``shape.geometry^='actionButton'`` selects any action button."""
    g = target.shape.geometry
    return Observation(g, "direct") if g else None


def _box_part(target: ShapeTarget, ctx, i: int) -> Observation | None:
    """left, top, width, height in points (0..3)."""
    got = box_component(target.shape, i)
    if got is None:
        return None
    value, source = got
    if ctx.direct and source != "direct":
        return None
    return Observation(Measure(round(value / EMU_PER_PT, 3)), source)


@prop("shape.left", T.LENGTH_ABS, kinds=SHAPE_KINDS)
def left(target: ShapeTarget, ctx) -> Observation | None:
    """Distance from the slide's left edge (inherited from the layout or master placeholder
    when the slide does not set it)."""
    return _box_part(target, ctx, 0)


@prop("shape.top", T.LENGTH_ABS, kinds=SHAPE_KINDS)
def top(target: ShapeTarget, ctx) -> Observation | None:
    """Distance from the slide's top edge."""
    return _box_part(target, ctx, 1)


@prop("shape.width", T.LENGTH_ABS, kinds=SHAPE_KINDS)
def width(target: ShapeTarget, ctx) -> Observation | None:
    """Width."""
    return _box_part(target, ctx, 2)


@prop("shape.height", T.LENGTH_ABS, kinds=SHAPE_KINDS)
def height(target: ShapeTarget, ctx) -> Observation | None:
    """Height."""
    return _box_part(target, ctx, 3)


@prop("shape.region", T.EnumType("region"), kinds=SHAPE_KINDS)
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


@prop("shape.rotation", DEGREES, kinds=SHAPE_KINDS)
def rotation(target: ShapeTarget, ctx) -> Observation | None:
    """Rotation in degrees (0 when not rotated)."""
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


@prop("shape.fill.kind", T.EnumType("background_kind"), kinds=SHAPE_KINDS)
def fill_kind(target: ShapeTarget, ctx) -> Observation | None:
    """Shape fill kind (solid, gradient, picture, pattern, none), from spPr or the shape
    style's fillRef."""
    got = _fill(target)
    if got is None or (ctx.direct and got[1] != "direct"):
        return None
    return Observation(got[0].kind, got[1])


@prop("shape.fill.color", T.COLOR, kinds=SHAPE_KINDS)
def fill_color(target: ShapeTarget, ctx) -> Observation | None:
    """Shape fill color (solid color, a gradient's first stop)."""
    got = _fill(target)
    if got is None or (ctx.direct and got[1] != "direct"):
        return None
    fill, source = got
    if fill.kind == "none":
        return Observation("none", source)
    return Observation(fill.color, source) if fill.color else None


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


@prop("shape.outline.kind", T.EnumType("outline_kind"), kinds=SHAPE_KINDS)
def outline_kind(target: ShapeTarget, ctx) -> Observation | None:
    """Shape outline (形状轮廓): solid (实线), gradient, pattern or none (无线条), from the
    shape's a:ln or its style's lnRef into the theme; none when neither sets one."""
    got = _outline(target)
    if got is None or got[0] is None:
        return _no_line(target, ctx)
    if ctx.direct and got[2] != "direct":
        return None
    return Observation(got[0].kind, got[2])


@prop("shape.outline.color", T.COLOR, kinds=SHAPE_KINDS)
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


@prop("shape.outline.width", T.LENGTH_ABS, kinds=SHAPE_KINDS)
def outline_width(target: ShapeTarget, ctx) -> Observation | None:
    """Width (粗细) of the shape's outline in points (a:ln/@w, else the theme line of its
    style); no value when the shape draws no line."""
    got = _outline(target)
    if got is None or got[1] is None or (got[0] is not None and got[0].kind == "none"):
        return None
    if ctx.direct and got[3] != "direct":
        return None
    return Observation(Measure(pt=round(got[1], 3)), got[3])


# ------------------------------------------------------------------ tables
def _table(target):
    shape = target.shape if isinstance(target, (ShapeTarget, CellTarget)) else None
    return tables.table_element(shape) if shape is not None and shape.kind == "table" else None


@binds("table.rows", kinds=TABLES)
def table_rows(target, ctx) -> Observation | None:
    tbl = _table(target)
    return Observation(len(tables.rows(tbl)), "direct") if tbl is not None else None


@binds("table.columns", kinds=TABLES)
def table_columns(target, ctx) -> Observation | None:
    tbl = _table(target)
    return Observation(tables.column_count(tbl), "direct") if tbl is not None else None


@binds("table.style", kinds=TABLES, vtype=PPT_TABLE_STYLE)
def table_style(target, ctx) -> Observation | None:
    tbl = _table(target)
    if tbl is None:
        return None
    obs = tables.style_name(tbl, target.doc.table_styles)
    if obs is not None and ctx.direct and obs.source != "direct":
        return None
    return obs


def _table_flag(target, name: str) -> Observation | None:
    tbl = _table(target)
    if tbl is None:
        return None
    return Observation(tables.flags(tbl)[name], "direct")


@prop("table.first_row", T.BOOL, kinds=TABLES)
def first_row(target, ctx) -> Observation | None:
    """Table style option: header row (标题行)."""
    return _table_flag(target, "firstRow")


@prop("table.banded_rows", T.BOOL, kinds=TABLES)
def banded_rows(target, ctx) -> Observation | None:
    """Table style option: banded rows (镶边行)."""
    return _table_flag(target, "bandRow")


@binds("cell.text", kinds="cell")
def cell_text(target, ctx) -> Observation | None:
    if isinstance(target, CellTarget):
        return Observation(target.text, "direct")
    return None


@binds("cell.span", kinds="cell",
       read_only="merging reshapes the table (cells are absorbed), not one cell's value")
def cell_span(target: CellTarget, ctx) -> Observation | None:
    tc = target.el
    rows = max(to_int(tc.get("rowSpan")) or 1, 1)
    cols = max(to_int(tc.get("gridSpan")) or 1, 1)
    return Observation(f"{rows}x{cols}", "direct")


@binds("cell.shading", kinds="cell")
def cell_shading(target: CellTarget, ctx) -> Observation | None:
    tc_pr = first_child(target.el, a("tcPr"))
    fill = read_fill(find_fill(tc_pr), target.shape.sheet.scheme_color) \
        if tc_pr is not None else None
    if fill is None:
        return None
    if fill.kind == "none":
        return Observation("none", "direct")
    return Observation(fill.color, "direct") if fill.color else None


# ------------------------------------------------------------------ SmartArt
@prop("smartart.layout", T.EnumType("smartart_layout"), kinds=SMARTART)
def smartart_layout(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt layout (basic_block_list/基本列表, basic_process/基本流程, basic_cycle/基本循环,
    hierarchy/层次结构 …); an unknown layout gives its id."""
    if target.shape.kind != "smartart":
        return None
    token = smartart.layout_token(target.shape)
    return Observation(token, "direct") if token else None


@prop("smartart.layout_id", T.TEXT, kinds=SMARTART)
def smartart_layout_id(target: ShapeTarget, ctx) -> Observation | None:
    """The SmartArt layout definition id (urn:…/layout/…)."""
    if target.shape.kind != "smartart":
        return None
    uid = smartart.layout_id(target.shape)
    return Observation(uid, "direct") if uid else None


@prop("smartart.style", T.EnumType("smartart_style"), kinds=SMARTART)
def smartart_style(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt style (SmartArt 样式: simple_fill/简单填充, subtle_effect/细微效果,
    moderate_effect/中等效果, intense_effect/强烈效果, polished/优雅 …), from the quick style
    part (or the data model's qsTypeId); an unknown style gives its id."""
    if target.shape.kind != "smartart":
        return None
    token = smartart.style_token(target.shape)
    return Observation(token, "direct") if token else None


@prop("smartart.colors", T.EnumType("smartart_colors"), kinds=SMARTART)
def smartart_colors(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt colours (更改颜色: colorful_accent/彩色 - 个性色, colorful_range_2_3,
    accent1_fill/彩色填充 - 个性色 1, accent2_outline/彩色轮廓 - 个性色 2 …), from the colors
    part (or the data model's csTypeId); an unknown scheme gives its id."""
    if target.shape.kind != "smartart":
        return None
    token = smartart.colors_token(target.shape)
    return Observation(token, "direct") if token else None


@prop("smartart.nodes", T.ORDERED_LIST, kinds=SMARTART)
def smartart_nodes(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt node texts in text-pane order."""
    if target.shape.kind != "smartart":
        return None
    if smartart.data_model(target.shape) is None:
        return None
    return Observation([n.text for n in smartart.nodes(target.shape)], "direct")


@prop("smartart.categories", T.LIST, kinds=SMARTART,
      read_only="the layout definition's gallery categories: write smartart.layout")
def smartart_categories(target: ShapeTarget, ctx) -> Observation | None:
    """The SmartArt layout's gallery categories (list, process, cycle, hierarchy …)."""
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


@binds("hyperlink.target", kinds=LINKED)
def hyperlink_target(target, ctx) -> Observation | None:
    act = _action(target)
    if act is None or act.kind == "none":
        return None
    return Observation(act.target, "direct")


@prop("hyperlink.action", T.EnumType("hyperlink_action"), kinds=LINKED)
def hyperlink_action(target, ctx) -> Observation | None:
    """Click action kind: url, slide, first_slide, next_slide, end_show …"""
    act = _action(target)
    return Observation(act.kind, "direct") if act is not None else None
