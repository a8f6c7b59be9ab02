"""PowerPoint text resolvers: run-level formatting (font.*) and paragraph formatting
(paragraph.*) over runs, paragraphs, shapes and table cells.

On a paragraph, shape or cell a run-level property is judged on every run that shows text
(each run is a part of the observation), falling back to the first paragraph mark when there
is no visible text. ``ctx.direct`` reads only the run's own ``a:rPr`` (or the paragraph's
own ``a:pPr`` for paragraph properties); otherwise PowerPoint's default is returned with
source ``default`` when nothing in the chain sets the property.

Each property's writer is registered below its resolver: it writes the runs' ``a:rPr`` or the
paragraphs' ``a:pPr`` a check reads and, when the value is inherited, the level it comes
from (``officeeval.ppt.edit.text_props``).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from lxml import etree

from officeeval.cache import memo_table
from officeeval.ooxml.ns import A
from officeeval.ppt.edit.text_props import (
    PARA, RUN, Put, emu, has_attr, has_child, onoff, set_attr, spacing, text_writer, to_points,
    typeface,
)
from officeeval.ppt.markup import a, first_child
from officeeval.ppt.targets import ParagraphTarget, RunTarget, text_paragraphs
from officeeval.ppt.textstyle import DEFAULT_SIZE_PT, TextChain, paragraph_level
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Breaks, choices, flip, fonts, lengths, next_level, sizes
from officeeval.properties.writing import WriterSet
from officeeval.values import LineSpacing, Measure, Observation, aggregate

TEXT_KINDS = ("shape", "table", "paragraph", "run", "cell")
PARA_KINDS = ("shape", "table", "paragraph", "cell")
Reader = Callable[[TextChain], "Observation | None"]

_A = f"{{{A}}}"
FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
_UNDERLINE = {"none": "none", "single": "sng", "double": "dbl", "thick": "heavy",
              "dotted": "dotted", "dash": "dash", "wave": "wavy", "words": "words"}
_ALIGN = {"left": "l", "center": "ctr", "right": "r", "justify": "just", "distribute": "dist"}
BULLETS = ("buNone", "buChar", "buAutoNum", "buBlip", "buFont", "buSzPct", "buSzPts",
           "buSzTx", "buClr", "buClrTx", "buFontTx")

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


def _run(name: str, defines: Callable[[etree._Element], bool], put: Put) -> None:
    WRITERS.add(text_writer(name, RUN, defines, put))


def _para(name: str, defines: Callable[[etree._Element], bool], put: Put) -> None:
    WRITERS.add(text_writer(name, PARA, defines, put))


def _chains(target, direct: bool) -> list[tuple[str, TextChain]]:
    """(label, chain) for every text-showing run of the target, or the first paragraph
    mark when no run shows text. Kept on the target (a function of it alone): a rubric asks
    several font and paragraph properties of one title. The list is shared: callers only
    read it."""
    kept = memo_table(target, "_officeeval_text_chains")
    found = kept.get(direct)
    if found is None:
        found = kept[direct] = _read_chains(target, direct)
    return found


def _read_chains(target, direct: bool) -> list[tuple[str, TextChain]]:
    if isinstance(target, RunTarget):
        runs = [target]
        pars: list[ParagraphTarget] = []
    else:
        pars = text_paragraphs(target)
        runs = [r for par in pars for r in par.text_runs()]
    out = [(f"{r.locator} {r.text[:12]!r}", r.chain()) for r in runs]
    if not out and pars:
        out = [(f"{pars[0].locator} (paragraph mark)", pars[0].mark_chain())]
    if direct:
        out = [(label, chain.only(("direct",))) for label, chain in out]
    return out


def run_property(default: Any = None) -> Callable[[Reader], Callable]:
    """Decorator: lift a chain reader to run, paragraph, shape and cell targets;
    ``default`` is PowerPoint's value when nothing in the chain sets the property."""
    return functools.partial(_lift_run, default=default)


def _lift_run(reader: Reader, default: Any = None) -> Callable:
    @functools.wraps(reader)
    def resolve(target, ctx) -> Observation | None:
        parts = []
        for label, chain in _chains(target, ctx.direct):
            obs = reader(chain)
            if obs is None and default is not None and not ctx.direct:
                obs = Observation(default, "default")
            parts.append((label, obs if obs is not None else Observation(None, "none")))
        if not parts or all(o.value is None for _, o in parts):
            return None
        return aggregate(parts)

    return resolve


@binds("font.name", kinds=TEXT_KINDS, breaks=fonts("Arial", "Times New Roman", "Courier New"))
@run_property()
def font_name(chain: TextChain) -> Observation | None:
    return chain.font("latin")


_run("font.name", has_child("latin"), typeface("latin"))


@binds("font.east_asia", kinds=TEXT_KINDS, breaks=fonts("宋体", "黑体", "楷体", "微软雅黑"))
@run_property()
def font_east_asia(chain: TextChain) -> Observation | None:
    return chain.font("ea")


_run("font.east_asia", has_child("ea"), typeface("ea"))


@binds("font.size", kinds=TEXT_KINDS, breaks=sizes)
@run_property(DEFAULT_SIZE_PT)
def font_size(chain: TextChain) -> Observation | None:
    return chain.size()


_run("font.size", has_attr("sz"), set_attr("sz", lambda v: str(int(round(to_points(v) * 100)))))


@binds("font.bold", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_bold(chain: TextChain) -> Observation | None:
    return chain.flag("b")


_run("font.bold", has_attr("b"), set_attr("b", onoff))


@binds("font.italic", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_italic(chain: TextChain) -> Observation | None:
    return chain.flag("i")


_run("font.italic", has_attr("i"), set_attr("i", onoff))


@binds("font.underline", kinds=TEXT_KINDS, breaks=choices("none", "single", "double"))
@run_property("none")
def font_underline(chain: TextChain) -> Observation | None:
    return chain.underline()


_run("font.underline", has_attr("u"), set_attr("u", lambda v: _UNDERLINE.get(str(v), "sng")))


@binds("font.color", kinds=TEXT_KINDS, breaks=choices("000000", "FF0000", "0000FF"))
@run_property("000000")
def font_color(chain: TextChain) -> Observation | None:
    return chain.color()


def write_color(rpr: etree._Element, v: Any) -> str:
    for t in FILLS:
        for el in rpr.findall(_A + t):
            rpr.remove(el)
    fill = etree.Element(_A + "solidFill")
    etree.SubElement(fill, _A + "srgbClr", val=str(v))
    # A fill comes after a:ln and before the effects and fonts.
    ln = rpr.find(_A + "ln")
    rpr.insert(rpr.index(ln) + 1 if ln is not None else 0, fill)
    return f"a:solidFill/a:srgbClr={v}"


_run("font.color", has_child(*FILLS), write_color)


# PowerPoint highlights any colour (a:highlight holds a colour, not Word's named set).
@binds("font.highlight", kinds=TEXT_KINDS, vtype=T.COLOR, breaks=choices("FFFF00", "00FF00"))
@run_property()
def font_highlight(chain: TextChain) -> Observation | None:
    return chain.highlight()


def _write_highlight(rpr: etree._Element, v: Any) -> str:
    for el in rpr.findall(_A + "highlight"):
        rpr.remove(el)
    hl = etree.SubElement(rpr, _A + "highlight")
    etree.SubElement(hl, _A + "srgbClr", val=str(v))
    return f"a:highlight={v}"


_run("font.highlight", has_child("highlight"), _write_highlight)


def _strike(chain: TextChain, which: str) -> Observation | None:
    obs = chain.strike()
    return Observation(obs.value == which, obs.source) if obs else None


@binds("font.strike", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_strike(chain: TextChain) -> Observation | None:
    return _strike(chain, "sngStrike")


_run("font.strike", has_attr("strike"),
     set_attr("strike", lambda v: "sngStrike" if v else "noStrike"))


@binds("font.double_strike", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_double_strike(chain: TextChain) -> Observation | None:
    return _strike(chain, "dblStrike")


_run("font.double_strike", has_attr("strike"),
     set_attr("strike", lambda v: "dblStrike" if v else "noStrike"))


def _baseline(chain: TextChain, sign: int) -> Observation | None:
    obs = chain.baseline()
    return Observation(obs.value * sign > 0, obs.source) if obs else None


@binds("font.superscript", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_superscript(chain: TextChain) -> Observation | None:
    return _baseline(chain, 1)


_run("font.superscript", has_attr("baseline"),
     set_attr("baseline", lambda v: "30000" if v else "0"))


@binds("font.subscript", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_subscript(chain: TextChain) -> Observation | None:
    return _baseline(chain, -1)


_run("font.subscript", has_attr("baseline"),
     set_attr("baseline", lambda v: "-25000" if v else "0"))


def _caps(chain: TextChain, which: str) -> Observation | None:
    obs = chain.caps()
    return Observation(obs.value == which, obs.source) if obs else None


@binds("font.all_caps", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_all_caps(chain: TextChain) -> Observation | None:
    return _caps(chain, "all")


_run("font.all_caps", has_attr("cap"), set_attr("cap", lambda v: "all" if v else "none"))


@binds("font.small_caps", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_small_caps(chain: TextChain) -> Observation | None:
    return _caps(chain, "small")


_run("font.small_caps", has_attr("cap"), set_attr("cap", lambda v: "small" if v else "none"))


@binds("font.spacing", kinds=TEXT_KINDS, breaks=choices(Measure(2.0), Measure(0.0)))
@run_property(Measure(0.0))
def font_spacing(chain: TextChain) -> Observation | None:
    obs = chain.spacing()
    return Observation(Measure(obs.value), obs.source) if obs else None


_run("font.spacing", has_attr("spc"),
     set_attr("spc", lambda v: str(int(round((to_points(v) or 0.0) * 100)))))


# ------------------------------------------------------------------ paragraph properties
def paragraph_property(default: Any = None) -> Callable[[Callable], Callable]:
    """Decorator: lift a paragraph reader ``(paragraph, chain)`` to paragraph, shape and
    cell targets (a shape's value holds only when it holds for every paragraph with text);
    ``default`` is PowerPoint's value when nothing sets it."""
    return functools.partial(_lift_paragraph, default=default)


def _lift_paragraph(reader: Callable[[ParagraphTarget, TextChain], "Observation | None"],
                    default: Any = None) -> Callable:
    @functools.wraps(reader)
    def resolve(target, ctx) -> Observation | None:
        pars = text_paragraphs(target)
        shown = [x for x in pars if x.text.strip()] or pars[:1]
        parts = []
        for par in shown:
            chain = par.mark_chain()
            if ctx.direct:
                chain = chain.only(("paragraph",))
            obs = reader(par, chain)
            if obs is None and default is not None and not ctx.direct:
                obs = Observation(default, "default")
            parts.append((par.locator, obs if obs is not None else Observation(None, "none")))
        if not parts or all(o.value is None for _, o in parts):
            return None
        return aggregate(parts)

    return resolve


@prop("paragraph.level", T.INTEGER, kinds=PARA_KINDS, breaks=next_level)
@paragraph_property(1)
def level(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    """PowerPoint paragraph indent level (1-based)."""
    ppr = first_child(par.el, a("pPr"))
    if ppr is not None and ppr.get("lvl") is not None:
        return Observation(paragraph_level(par.el) + 1, "direct")
    return None


_para("paragraph.level", has_attr("lvl"), set_attr("lvl", lambda v: str(int(v) - 1)))


@prop("paragraph.bullet", T.TEXT, kinds=PARA_KINDS,
      breaks=lambda ref: ["none", "•", "autonumber:arabicPeriod"])
@paragraph_property("none")
def bullet(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    """PowerPoint paragraph bullet: none, a character, or an autonumber scheme."""
    return chain.bullet()


def _write_bullet(ppr: etree._Element, v: Any) -> str:
    for t in BULLETS:
        for el in ppr.findall(_A + t):
            ppr.remove(el)
    s = str(v)
    if s == "none":
        etree.SubElement(ppr, _A + "buNone")
    elif s.startswith("autonumber:"):
        etree.SubElement(ppr, _A + "buAutoNum", type=s.split(":", 1)[1])
    else:
        etree.SubElement(ppr, _A + "buChar", char=s)
    return f"bullet {s}"


_para("paragraph.bullet", has_child(*BULLETS[:4]), _write_bullet)


@binds("paragraph.alignment", kinds=PARA_KINDS,
       breaks=choices("left", "center", "right", "justify"))
@paragraph_property("left")
def alignment(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.alignment()


_para("paragraph.alignment", has_attr("algn"),
      set_attr("algn", lambda v: _ALIGN.get(str(v), "l")))


@binds("paragraph.line_spacing", kinds=PARA_KINDS,
       breaks=choices(LineSpacing("multiple", 1.0), LineSpacing("multiple", 1.5), LineSpacing("exact", 20.0)))
@paragraph_property(LineSpacing("multiple", 1.0))
def line_spacing(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.line_spacing()


_para("paragraph.line_spacing", has_child("lnSpc"), spacing("lnSpc"))


@binds("paragraph.space_before", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(12.0), True), tries=2))
@paragraph_property(Measure(0.0))
def space_before(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.paragraph_space("spcBef")


_para("paragraph.space_before", has_child("spcBef"), spacing("spcBef"))


@binds("paragraph.space_after", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(12.0), True), tries=2))
@paragraph_property(Measure(0.0))
def space_after(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.paragraph_space("spcAft")


_para("paragraph.space_after", has_child("spcAft"), spacing("spcAft"))


@binds("paragraph.indent.left", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(18.0), True), tries=2))
@paragraph_property(Measure(0.0))
def indent_left(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    obs = chain.margin_left()
    return Observation(Measure(obs.value), obs.source) if obs else None


_para("paragraph.indent.left", has_attr("marL"), set_attr("marL", emu))


@binds("paragraph.indent.first_line", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(18.0), True), tries=2))
@paragraph_property(Measure(0.0))
def indent_first_line(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    obs = chain.indent()
    return Observation(Measure(max(obs.value, 0.0)), obs.source) if obs else None


_para("paragraph.indent.first_line", has_attr("indent"), set_attr("indent", emu))


@binds("paragraph.indent.hanging", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(18.0), True), tries=2))
@paragraph_property(Measure(0.0))
def indent_hanging(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    obs = chain.indent()
    return Observation(Measure(max(-obs.value, 0.0)), obs.source) if obs else None


_para("paragraph.indent.hanging", has_attr("indent"),
      set_attr("indent", lambda v: emu(v, -1)))
