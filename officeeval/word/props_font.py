"""Run formatting (``font.*``): where the catalog's font properties are defined.

Each is a reader of a run's property chain (direct ``w:rPr`` -> character style ->
paragraph style and its ancestors -> table style -> ``w:rPrDefault`` -> theme fonts), lifted
by ``run_property`` to runs, spans, paragraphs (every run that shows text), styles and
containers, with Word's built-in value as the default. Excel and PowerPoint bind the same
names to their own readers.
"""

from __future__ import annotations

from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import choices, flip, fonts, sizes
from officeeval.values import Observation
from officeeval.word import runs as R
from officeeval.word.resolvers import RUN_KINDS, run_property
from officeeval.word.runs import RunChain

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


@prop("font.name", T.TEXT, kinds=RUN_KINDS,
      breaks=fonts("Arial", "Times New Roman", "Courier New"))
@run_property(R.DEFAULT_FONT)
def name(chain: RunChain) -> Observation | None:
    """Latin (ASCII/hAnsi) font name, effective through styles, document defaults and theme
    fonts. Word's built-in default is Times New Roman."""
    return chain.font("ascii")


@prop("font.east_asia", T.TEXT, kinds=RUN_KINDS, breaks=fonts("宋体", "黑体", "楷体", "仿宋", "微软雅黑"))
@run_property()
def east_asia(chain: RunChain) -> Observation | None:
    """East Asian font name (w:eastAsia / a:ea), kept apart from the Latin font: 黑体 here
    does not make font.name 黑体."""
    return chain.font("eastAsia")


@prop("font.size", T.SIZE, kinds=RUN_KINDS, breaks=sizes)
@run_property(R.DEFAULT_SIZE_PT)
def size(chain: RunChain) -> Observation | None:
    """Font size in points (exact: 五号 = 10.5). Word's built-in default is 10 pt."""
    return R.size(chain)


@prop("font.bold", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def bold(chain: RunChain) -> Observation | None:
    """Bold, effective (a heading bold through its style is bold). Word toggle properties
    combine paragraph and character styles as Word does."""
    return chain.toggle("b")


@prop("font.italic", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def italic(chain: RunChain) -> Observation | None:
    """Italic, effective."""
    return chain.toggle("i")


@prop("font.underline", T.EnumType("underline"), kinds=RUN_KINDS,
      breaks=choices("none", "single", "double"))
@run_property("none")
def underline(chain: RunChain) -> Observation | None:
    """Underline style (none when not underlined)."""
    return R.valued(chain, "u", "single")


@prop("font.color", T.COLOR, kinds=RUN_KINDS,
      breaks=choices("000000", "FF0000", "0000FF", "00B050"))
@run_property("auto")
def color(chain: RunChain) -> Observation | None:
    """Text color as RGB (theme colors resolved with tint/shade), or auto."""
    return R.color(chain)


@prop("font.highlight", T.EnumType("highlight"), kinds=RUN_KINDS,
      breaks=choices("yellow", "green", "none"))
@run_property("none")
def highlight(chain: RunChain) -> Observation | None:
    """Text highlight color (none when absent)."""
    return R.valued(chain, "highlight")


@prop("font.strike", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def strike(chain: RunChain) -> Observation | None:
    """Single strikethrough."""
    return chain.toggle("strike")


@prop("font.double_strike", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def double_strike(chain: RunChain) -> Observation | None:
    """Double strikethrough."""
    return chain.toggle("dstrike")


def _vert(chain: RunChain, which: str) -> Observation | None:
    obs = R.vert_align(chain)
    return Observation(obs.value == which, obs.source) if obs else None


@prop("font.superscript", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def superscript(chain: RunChain) -> Observation | None:
    """Superscript (vertical alignment)."""
    return _vert(chain, "superscript")


@prop("font.subscript", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def subscript(chain: RunChain) -> Observation | None:
    """Subscript (vertical alignment)."""
    return _vert(chain, "subscript")


@prop("font.small_caps", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def small_caps(chain: RunChain) -> Observation | None:
    """Small capitals."""
    return chain.toggle("smallCaps")


@prop("font.all_caps", T.BOOL, kinds=RUN_KINDS, breaks=flip)
@run_property(False)
def all_caps(chain: RunChain) -> Observation | None:
    """All capitals."""
    return chain.toggle("caps")


@prop("font.spacing", T.LENGTH_ABS, kinds=RUN_KINDS, breaks=choices(2.0, 0.0, -1.0))
@run_property(0.0)
def spacing(chain: RunChain) -> Observation | None:
    """Character spacing adjustment in points (positive = expanded, 加宽; negative =
    condensed, 紧缩); 0 when not set."""
    return R.spacing(chain)


@prop("font.scale", T.PERCENT, kinds=RUN_KINDS, breaks=choices(150.0, 100.0))
@run_property(100.0)
def scale(chain: RunChain) -> Observation | None:
    """Character width scale in percent (缩放); 100 when not set."""
    return R.scale(chain)


@prop("font.emphasis_mark", T.EnumType("emphasis_mark"), kinds=RUN_KINDS,
      breaks=choices("dot", "none", "comma"))
@run_property("none")
def emphasis_mark(chain: RunChain) -> Observation | None:
    """East Asian emphasis mark (着重号)."""
    return R.valued(chain, "em")


@prop("font.shading", T.COLOR, kinds=RUN_KINDS, breaks=choices("FFFF00", "none"))
@run_property("none")
def shading(chain: RunChain) -> Observation | None:
    """Character shading fill color (none when absent)."""
    return R.shading(chain)
