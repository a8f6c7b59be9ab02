"""Run formatting (``font.*``): where the catalog's font properties are defined.

Each is a reader of a run's property chain (direct ``w:rPr`` -> character style ->
paragraph style and its ancestors -> table style -> ``w:rPrDefault`` -> theme fonts), lifted
by ``run_property`` to runs, spans, paragraphs (every run that shows text), styles and
containers, with Word's built-in value as the default. Excel and PowerPoint bind the same
names to their own readers. Each writer follows its reader: ``put(rPr, value) -> note`` on
the target's runs and on the style or defaults level the value is inherited from
(``word.edit.levels``).
"""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import choices, flip, fonts, sizes
from officeeval.properties.writing import WriterSet
from officeeval.values import Observation
from officeeval.word import runs as R
from officeeval.word.edit.levels import RUN, on_level
from officeeval.word.edit.xml import points, toggle, twips, valued, wset
from officeeval.word.resolvers import RUN_KINDS, run_property
from officeeval.word.runs import RunChain

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
writes = on_level(WRITERS)


def font_slot(rpr: etree._Element, slot: str, value: Any, also: tuple[str, ...] = ()) -> str:
    """Name the font of ``slot`` (``ascii``, ``eastAsia`` …) in ``w:rFonts``, dropping the
    theme font that would override it."""
    attrs: dict[str, str | None] = {s: str(value) for s in (slot, *also)}
    attrs.update({f"{s}Theme": None for s in (slot, *also)})
    wset(rpr, "rFonts", **attrs)
    return f"w:rFonts/@w:{slot}={value}"


@prop("font.name", T.TEXT, kinds=RUN_KINDS,
      breaks=fonts("Arial", "Times New Roman", "Courier New"),
      draft=Drafting(asked="feature", words=("西文", "英文"), freed_by=("字体",)))
@run_property(R.DEFAULT_FONT)
def name(chain: RunChain) -> Observation | None:
    """Latin (ASCII/hAnsi) font name, effective through styles, document defaults and theme
    fonts. Word's built-in default is Times New Roman."""
    return chain.font("ascii")


@writes("font.name", RUN, "rFonts", ("ascii", "asciiTheme"))
def put_name(rpr: etree._Element, v: Any) -> str:
    return font_slot(rpr, "ascii", v, ("hAnsi",))


@prop("font.east_asia", T.TEXT, kinds=RUN_KINDS, breaks=fonts("宋体", "黑体", "楷体", "仿宋", "微软雅黑"),
      draft=Drafting(asked="feature", words=("中文字体", "字体"), freed_by=("字体",)))
@run_property()
def east_asia(chain: RunChain) -> Observation | None:
    """East Asian font name (w:eastAsia / a:ea), kept apart from the Latin font: 黑体 here
    does not make font.name 黑体."""
    return chain.font("eastAsia")


@writes("font.east_asia", RUN, "rFonts", ("eastAsia", "eastAsiaTheme"))
def put_east_asia(rpr: etree._Element, v: Any) -> str:
    return font_slot(rpr, "eastAsia", v)


@prop("font.size", T.SIZE, kinds=RUN_KINDS, breaks=sizes,
      draft=Drafting(asked="feature",
                     words=("号", "磅", "字号"),
                     freed_by=("字号",),
                     pictured_by=("字号", "大小", "字体大小")))
@run_property(R.DEFAULT_SIZE_PT)
def size(chain: RunChain) -> Observation | None:
    """Font size in points (exact: 五号 = 10.5). Word's built-in default is 10 pt."""
    return R.size(chain)


@writes("font.size", RUN, "sz")
def put_size(rpr: etree._Element, v: Any) -> str:
    half = str(int(round((points(v) or 12.0) * 2)))
    wset(rpr, "sz", val=half)
    wset(rpr, "szCs", val=half)
    return f"w:sz={half} (half-points)"


@prop("font.bold", T.BOOL, kinds=RUN_KINDS, breaks=flip,
      draft=Drafting(asked="feature", words=("加粗", "粗体"), spoken_true=("加粗", "粗体")))
@run_property(False)
def bold(chain: RunChain) -> Observation | None:
    """Bold, effective (a heading bold through its style is bold). Word toggle properties
    combine paragraph and character styles as Word does."""
    return chain.toggle("b")


writes("font.bold", RUN, "b")(lambda rpr, v: toggle(rpr, "b", v))


@prop("font.italic", T.BOOL, kinds=RUN_KINDS, breaks=flip,
      draft=Drafting(asked="feature", words=("倾斜", "斜体"), spoken_true=("倾斜", "斜体")))
@run_property(False)
def italic(chain: RunChain) -> Observation | None:
    """Italic, effective."""
    return chain.toggle("i")


writes("font.italic", RUN, "i")(lambda rpr, v: toggle(rpr, "i", v))


@prop("font.underline", T.EnumType("underline"), kinds=RUN_KINDS,
      breaks=choices("none", "single", "double"),
      draft=Drafting(asked="feature", words=("下划线",)))
@run_property("none")
def underline(chain: RunChain) -> Observation | None:
    """Underline style (none when not underlined)."""
    return R.valued(chain, "u", "single")


@writes("font.underline", RUN, "u")
def put_underline(rpr: etree._Element, v: Any) -> str:
    return valued(rpr, "u", v)


@prop("font.color", T.COLOR, kinds=RUN_KINDS,
      breaks=choices("000000", "FF0000", "0000FF", "00B050"),
      draft=Drafting(asked="feature",
                     words=("颜色", "色"),
                     not_named_by="(填充|背景|底纹|标签|边框|框线|线条)颜色[^，,。；;]*",
                     freed_by=("颜色",),
                     pictured_by=("颜色", "填充", "背景", "底纹", "配色")))
@run_property("auto")
def color(chain: RunChain) -> Observation | None:
    """Text color as RGB (theme colors resolved with tint/shade), or auto."""
    return R.color(chain)


@writes("font.color", RUN, "color")
def put_color(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "color", val=str(v), themeColor=None, themeTint=None, themeShade=None)
    return f"w:color={v}"


@prop("font.highlight", T.EnumType("highlight"), kinds=RUN_KINDS,
      breaks=choices("yellow", "green", "none"))
@run_property("none")
def highlight(chain: RunChain) -> Observation | None:
    """Text highlight color (none when absent)."""
    return R.valued(chain, "highlight")


@writes("font.highlight", RUN, "highlight")
def put_highlight(rpr: etree._Element, v: Any) -> str:
    return valued(rpr, "highlight", v)


@prop("font.strike", T.BOOL, kinds=RUN_KINDS, breaks=flip,
      draft=Drafting(spoken_true=("删除线",)))
@run_property(False)
def strike(chain: RunChain) -> Observation | None:
    """Single strikethrough."""
    return chain.toggle("strike")


writes("font.strike", RUN, "strike")(lambda rpr, v: toggle(rpr, "strike", v))


@prop("font.double_strike", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def double_strike(chain: RunChain) -> Observation | None:
    """Double strikethrough."""
    return chain.toggle("dstrike")


writes("font.double_strike", RUN, "dstrike")(lambda rpr, v: toggle(rpr, "dstrike", v))


def _vert(chain: RunChain, which: str) -> Observation | None:
    obs = R.vert_align(chain)
    return Observation(obs.value == which, obs.source) if obs else None


def _put_vert(which: str) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        val = which if v else "baseline"
        wset(rpr, "vertAlign", val=val)
        return f"w:vertAlign={val}"
    return write


@prop("font.superscript", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def superscript(chain: RunChain) -> Observation | None:
    """Superscript (vertical alignment)."""
    return _vert(chain, "superscript")


writes("font.superscript", RUN, "vertAlign")(_put_vert("superscript"))


@prop("font.subscript", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def subscript(chain: RunChain) -> Observation | None:
    """Subscript (vertical alignment)."""
    return _vert(chain, "subscript")


writes("font.subscript", RUN, "vertAlign")(_put_vert("subscript"))


@prop("font.small_caps", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def small_caps(chain: RunChain) -> Observation | None:
    """Small capitals."""
    return chain.toggle("smallCaps")


writes("font.small_caps", RUN, "smallCaps")(lambda rpr, v: toggle(rpr, "smallCaps", v))


@prop("font.all_caps", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def all_caps(chain: RunChain) -> Observation | None:
    """All capitals."""
    return chain.toggle("caps")


writes("font.all_caps", RUN, "caps")(lambda rpr, v: toggle(rpr, "caps", v))


@prop("font.spacing", T.LENGTH_ABS, kinds=RUN_KINDS, breaks=choices(2.0, 0.0, -1.0),
      draft=Drafting(asked="feature", words=("字符间距", "字间距")))
@run_property(0.0)
def spacing(chain: RunChain) -> Observation | None:
    """Character spacing adjustment in points (positive = expanded, 加宽; negative =
    condensed, 紧缩); 0 when not set."""
    return R.spacing(chain)


@writes("font.spacing", RUN, "spacing")
def put_spacing(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "spacing", val=twips(points(v) or 0.0))
    return f"w:spacing={twips(points(v) or 0.0)}"


@prop("font.scale", T.PERCENT, kinds=RUN_KINDS, breaks=choices(150.0, 100.0),
      draft=Drafting(asked="feature", words=("缩放",)))
@run_property(100.0)
def scale(chain: RunChain) -> Observation | None:
    """Character width scale in percent (缩放); 100 when not set."""
    return R.scale(chain)


@writes("font.scale", RUN, "w")
def put_scale(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "w", val=str(int(v)))
    return f"w:w={int(v)}"


@prop("font.emphasis_mark", T.EnumType("emphasis_mark"), kinds=RUN_KINDS,
      breaks=choices("dot", "none", "comma"))
@run_property("none")
def emphasis_mark(chain: RunChain) -> Observation | None:
    """East Asian emphasis mark (着重号)."""
    return R.valued(chain, "em")


@writes("font.emphasis_mark", RUN, "em")
def put_emphasis_mark(rpr: etree._Element, v: Any) -> str:
    return valued(rpr, "em", v)


@prop("font.shading", T.COLOR, kinds=RUN_KINDS, breaks=choices("FFFF00", "none"))
@run_property("none")
def shading(chain: RunChain) -> Observation | None:
    """Character shading fill color (none when absent)."""
    return R.shading(chain)


@writes("font.shading", RUN, "shd")
def put_shading(rpr: etree._Element, v: Any) -> str:
    if v == "none":
        wset(rpr, "shd", val="clear", fill="auto", color="auto", themeFill=None)
    else:
        wset(rpr, "shd", val="clear", fill=str(v), color="auto", themeFill=None)
    return f"w:shd/@w:fill={v}"
