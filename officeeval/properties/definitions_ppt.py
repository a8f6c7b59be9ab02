"""PowerPoint catalog names (rubric-language section 5, PowerPoint), and the value types only
PowerPoint needs: slide sizes by aspect ratio or paper, and names that compare through a
vocabulary when both sides are built-in names (layout names in English or Chinese, table
style names) and exactly otherwise.

Shared names (``text``, ``font.*``, ``paragraph.*``, ``footer.text``, ``theme.name``,
``shape.text``, ``table.*``, ``cell.*``, ``hyperlink.target``) are defined in
``definitions.py``; a name another app's definitions already added is not defined twice.
"""

from __future__ import annotations

from typing import Any

from officeeval.errors import ValueParseError
from officeeval.properties import types as T
from officeeval.properties.registry import Registry
from officeeval.properties.types import CompareContext, TextType, ValueType, normalize_text
from officeeval.vocabulary import get as vocab


class SlideSizeType(ValueType):
    """``16:9``, ``4:3``, ``16:10``, 宽屏, 标准, ``A4`` (PowerPoint's A4 paper slide),
    ``Letter`` …, or exact ``33.867cm x 19.05cm``."""

    name = "slide_size"
    description = ("a slide size: 16:9, 4:3, 16:10 (宽屏, 标准), a paper (A4, Letter, B5 …) "
                   "or exact WxH (25.4cm x 19.05cm)")

    def parse(self, literal: str) -> Any:
        from officeeval.ppt.slide_size import parse_slide_size
        spec = parse_slide_size(literal)
        if spec is None:
            raise ValueParseError(f"{literal!r} is not a slide size (16:9, 4:3, A4, "
                                  f"25.4cm x 19.05cm)")
        return spec

    def render(self, value: Any) -> str:
        return "(none)" if value is None else str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        from officeeval.ppt.presentation import SlideSize
        from officeeval.ppt.slide_size import SizeSpec, size_matches
        if not isinstance(actual, SlideSize) or not isinstance(expected, SizeSpec):
            return False
        tol = ctx.tolerance.absolute if ctx.tolerance and ctx.tolerance.absolute else 1.0
        return size_matches(actual, expected, tol)


class VocabNameType(TextType):
    """A name that may be a built-in one: when both sides are known to the vocabulary they
    compare by token (``标题幻灯片`` = ``Title Slide``; ``中度样式 2 - 强调 1`` =
    ``Medium Style 2 - Accent 1``); otherwise as text, ignoring case."""

    def __init__(self, vocab_name: str, name: str, description: str) -> None:
        self.vocab_name = vocab_name
        self.name = name
        self.description = description

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        v = vocab(self.vocab_name)
        a_tok, e_tok = v.canonical(str(actual)), v.canonical(str(expected))
        if a_tok is not None and e_tok is not None:
            return a_tok == e_tok
        return normalize_text(str(actual), ctx.normalize).casefold() == normalize_text(
            str(expected), ctx.normalize).casefold()


SLIDE_SIZE = SlideSizeType()
LAYOUT_NAME = VocabNameType("layout_type", "layout_name", "a layout name (built-in names in "
                            "English or Chinese: Title Slide = 标题幻灯片)")
PPT_TABLE_STYLE = VocabNameType("ppt_table_style", "table_style", "a table style name "
                                "(built-in names in English or Chinese: Medium Style 2 - "
                                "Accent 1 = 中度样式 2 - 强调 1)")
DEGREES = T.NumberType(unit="°", name="angle", default_tolerance=T.Tolerance(absolute=0.01))

_THEME_SLOTS = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4",
                "accent5", "accent6", "hlink", "folHlink")

_PRESENTATION = [
    ("slide.count", T.INTEGER, "Number of slides (p:sldIdLst, hidden slides included)."),
    ("presentation.slide_size", SLIDE_SIZE, "Slide size: 16:9, 4:3, 16:10 by aspect ratio "
     "(1 % tolerance), a PowerPoint paper size (A4 = 26 x 19.05 cm, by p:sldSz/@type or "
     "dimensions), or exact dimensions within 1 pt."),
    ("presentation.loop", T.BOOL, "Loop continuously until Esc (循环放映，按 ESC 键终止; "
     "presProps showPr/@loop). False by default."),
    ("presentation.show_type", T.EnumType("show_type"), "Show type: speaker (演讲者放映), "
     "browsed (观众自行浏览), kiosk (在展台浏览). speaker by default."),
    ("section.names", T.ORDERED_LIST, "Section names in order (节; p14:sectionLst)."),
    ("picture.count", T.INTEGER, "Number of pictures on the slide (or in the presentation), "
     "inside groups too; media are not counted."),
]

_SLIDES = [
    ("slide.layout", LAYOUT_NAME, "Name of the slide's layout (built-in names match in "
     "English or Chinese: Title and Content = 标题和内容)."),
    ("slide.layout_type", T.EnumType("layout_type"), "The layout's type (p:sldLayout/@type: "
     "title, obj, twoObj, titleOnly, blank …), inferred from a built-in name when the type "
     "is absent."),
    ("slide.title", T.TEXT, "Text of the slide's title (or centered title) placeholder."),
    ("slide.hidden", T.BOOL, "Hidden slide (隐藏幻灯片; p:sld/@show=0)."),
    ("slide.index", T.INTEGER, "1-based position of the slide in the show."),
    ("slide.section", T.TEXT, "Name of the section the slide belongs to."),
    ("slide.background.kind", T.EnumType("background_kind"), "Background fill kind: solid, "
     "gradient, picture (picture or texture), pattern, none — on the slide or inherited "
     "from its layout and master (p:bgPr, or p:bgRef into the theme)."),
    ("slide.background.color", T.COLOR, "Background color: the solid color, a gradient's "
     "first stop, a pattern's foreground; theme colors through the slide's color map."),
    ("slide.number.visible", T.BOOL, "Slide number shown (幻灯片编号): a slide-number "
     "placeholder is on the slide; on a layout or master, its p:hf/@sldNum."),
    ("slide.footer.visible", T.BOOL, "Footer shown (页脚): a footer placeholder is on the "
     "slide; on a layout or master, its p:hf/@ftr."),
    ("slide.date.visible", T.BOOL, "Date and time shown (日期和时间): a date placeholder is "
     "on the slide; on a layout or master, its p:hf/@dt."),
    ("notes.text", T.TEXT, "Text of the slide's speaker notes (备注)."),
]

_THEME = [
    ("theme.font.major", T.TEXT, "The theme's heading (major) Latin font."),
    ("theme.font.minor", T.TEXT, "The theme's body (minor) Latin font."),
    ("theme.font.major.east_asia", T.TEXT, "The theme's heading East Asian font (a:ea, or "
     "the Simplified Chinese script font when a:ea is empty)."),
    ("theme.font.minor.east_asia", T.TEXT, "The theme's body East Asian font."),
] + [(f"theme.color.{slot}", T.COLOR, f"The theme color {slot} as RGB.")
     for slot in _THEME_SLOTS]

_TRANSITIONS = [
    ("transition.type", T.EnumType("transition"), "Slide transition effect (fade/淡出, "
     "push/推进, wipe/擦除, split/分割, vortex/涡流 …); PowerPoint 2010+ transitions are read "
     "from the p14/p15 mc:AlternateContent Choice before the Fallback. none for a "
     "transition element without effect; no value when the slide has no transition."),
    ("transition.direction", T.EnumType("transition_direction"), "The effect's direction "
     "option (dir/orient: l, r, u, d, horz, vert, in, out …)."),
    ("transition.duration", T.DURATION, "Transition duration in seconds: p14:dur (ms), else "
     "the legacy speed (fast 0.5, med 0.75, slow 1)."),
    ("transition.advance_on_click", T.BOOL, "Advance on mouse click (单击鼠标时); true by "
     "default."),
    ("transition.advance_after", T.DURATION, "Advance automatically after this many seconds "
     "(设置自动换片时间; p:transition/@advTm)."),
]

_ANIMATIONS = [
    ("animation.effect", T.EnumType("animation_effect"), "The effect (presetClass + "
     "presetID): appear/出现, fade/淡出, fly_in/飞入, wipe/擦除, zoom/缩放, "
     "grow_shrink/放大/缩小, spin/陀螺旋, fly_out/飞出 …"),
    ("animation.class", T.EnumType("animation_class"), "entrance (进入), emphasis (强调), "
     "exit (退出) or path (动作路径)."),
    ("animation.target", T.TEXT, "Name of the animated shape (the paragraph is in the note "
     "when the effect animates one paragraph)."),
    ("animation.paragraph", T.INTEGER, "The 1-based paragraph an effect animates, when it "
     "animates one paragraph of its shape."),
    ("animation.trigger", T.EnumType("animation_trigger"), "How the effect starts: on_click "
     "(单击时), with_previous (与上一动画同时), after_previous (上一动画之后), on_shape_click "
     "(a trigger)."),
    ("animation.duration", T.DURATION, "Effect duration in seconds (the longest behaviour)."),
    ("animation.delay", T.DURATION, "Effect delay in seconds."),
    ("animation.by_paragraph", T.BOOL, "Text animated by paragraph (按段落)."),
    ("animation.direction", T.EnumType("animation_direction"), "Direction option of "
     "directional effects (fly in from_bottom/自底部 …)."),
    ("animation.order", T.INTEGER, "1-based position of the effect in playback order."),
]

_SHAPES = [
    ("shape.kind", T.EnumType("shape_kind"), "What the shape is: title, subtitle, body, "
     "content, date, footer, slide_number (placeholders by type), textbox, autoshape, "
     "picture, table, chart, smartart, group, media, connector, ole."),
    ("shape.name", T.TEXT, "The shape's name (p:cNvPr/@name, as in the Selection Pane)."),
    ("shape.left", T.LENGTH_ABS, "Distance from the slide's left edge (inherited from the "
     "layout or master placeholder when the slide does not set it)."),
    ("shape.top", T.LENGTH_ABS, "Distance from the slide's top edge."),
    ("shape.width", T.LENGTH_ABS, "Width."),
    ("shape.height", T.LENGTH_ABS, "Height."),
    ("shape.rotation", DEGREES, "Rotation in degrees (0 when not rotated)."),
    ("shape.geometry", T.EnumType("shape_geometry"), "Preset geometry (rect/矩形, "
     "roundRect/圆角矩形, ellipse/椭圆 …; custom for freeforms)."),
    ("shape.placeholder_type", T.TEXT, "Placeholder type token (title, ctrTitle, subTitle, "
     "body, obj, dt, ftr, sldNum, pic …)."),
    ("shape.fill.kind", T.EnumType("background_kind"), "Shape fill kind (solid, gradient, "
     "picture, pattern, none), from spPr or the shape style's fillRef."),
    ("shape.fill.color", T.COLOR, "Shape fill color (solid color, a gradient's first stop)."),
    ("table.first_row", T.BOOL, "Table style option: header row (标题行)."),
    ("table.banded_rows", T.BOOL, "Table style option: banded rows (镶边行)."),
    ("smartart.layout", T.EnumType("smartart_layout"), "SmartArt layout (basic_block_list/"
     "基本列表, basic_process/基本流程, basic_cycle/基本循环, hierarchy/层次结构 …); an "
     "unknown layout gives its id."),
    ("smartart.layout_id", T.TEXT, "The SmartArt layout definition id (urn:…/layout/…)."),
    ("smartart.nodes", T.ORDERED_LIST, "SmartArt node texts in text-pane order."),
    ("smartart.categories", T.LIST, "The SmartArt layout's gallery categories (list, "
     "process, cycle, hierarchy …)."),
    ("hyperlink.action", T.EnumType("hyperlink_action"), "Click action kind: url, slide, "
     "first_slide, next_slide, end_show …"),
]

# The chart names are shared with Excel (rubric-language section 5); they are defined here
# only when the Excel definitions have not defined them already.
_CHARTS = [
    ("chart.type", T.EnumType("ppt_chart_type"), "Chart type of the first plot: column, "
     "bar, line, pie, doughnut, area, scatter, radar, bubble, stock, surface."),
    ("chart.grouping", T.EnumType("ppt_chart_grouping"), "clustered, stacked, "
     "percentStacked or standard."),
    ("chart.title", T.TEXT, "Chart title text."),
    ("chart.series.count", T.INTEGER, "Number of series."),
    ("chart.series.names", T.ORDERED_LIST, "Series names in order."),
    ("chart.series.values", T.ORDERED_LIST, "Cached values of the first series."),
    ("chart.series.categories", T.ORDERED_LIST, "Categories of the first series."),
    ("chart.legend.position", T.EnumType("ppt_legend_position"), "Legend position (none "
     "without a legend)."),
    ("chart.axis.x.title", T.TEXT, "Horizontal axis title."),
    ("chart.axis.y.title", T.TEXT, "Vertical axis title."),
    ("chart.data_labels", T.BOOL, "Whether data labels are shown."),
    ("chart.style", T.INTEGER, "Chart style number (c:style)."),
]


def define_all(reg: Registry) -> None:
    """Define every PowerPoint-only name (skipping any another module defined first)."""
    for group in (_PRESENTATION, _SLIDES, _THEME, _TRANSITIONS, _ANIMATIONS, _SHAPES,
                  _CHARTS):
        for name, vtype, doc in group:
            if reg.get(name) is None:
                reg.define(name, vtype, doc)
