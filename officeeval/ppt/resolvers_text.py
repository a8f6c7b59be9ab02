"""PowerPoint text resolvers: run-level formatting (font.*) and paragraph formatting
(paragraph.*) over runs, paragraphs, shapes and table cells.

On a paragraph, shape or cell a run-level property is judged on every run that shows text
(each run is a part of the observation), falling back to the first paragraph mark when there
is no visible text. ``ctx.direct`` reads only the run's own ``a:rPr`` (or the paragraph's
own ``a:pPr`` for paragraph properties); otherwise PowerPoint's default is returned with
source ``default`` when nothing in the chain sets the property.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from officeeval.cache import memo_table
from officeeval.ppt import tables
from officeeval.ppt.markup import a, first_child
from officeeval.ppt.targets import CellTarget, ParagraphTarget, RunTarget, ShapeTarget
from officeeval.ppt.textstyle import DEFAULT_SIZE_PT, TextChain, paragraph_level
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Breaks, choices, flip, fonts, lengths, next_level, sizes
from officeeval.values import LineSpacing, Measure, Observation, aggregate

TEXT_KINDS = ("shape", "table", "paragraph", "run", "cell")
PARA_KINDS = ("shape", "table", "paragraph", "cell")
Reader = Callable[[TextChain], "Observation | None"]

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


def text_paragraphs(target) -> list[ParagraphTarget]:
    """The paragraphs a target's text formatting is judged on: its own, a cell's, a
    shape's (a table's: those of its cells, merged-away cells left out)."""
    return _paragraphs(target)


def _paragraphs(target) -> list[ParagraphTarget]:
    if isinstance(target, ParagraphTarget):
        return [target]
    if isinstance(target, CellTarget):
        return target.paragraphs
    if isinstance(target, ShapeTarget):
        if target.shape.tx_body is not None:
            return target.paragraphs
        if target.shape.kind == "table":
            merged = {(c.row, c.col) for c in _merged(target)}
            return [par for cell in target.cells if (cell.row, cell.col) not in merged
                    for par in cell.paragraphs]
    return []


def _merged(target: ShapeTarget) -> list:
    tbl = tables.table_element(target.shape)
    return [c for c in tables.cells(tbl) if c.merged_into] if tbl is not None else []


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
        pars = _paragraphs(target)
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


@binds("font.east_asia", kinds=TEXT_KINDS, breaks=fonts("宋体", "黑体", "楷体", "微软雅黑"))
@run_property()
def font_east_asia(chain: TextChain) -> Observation | None:
    return chain.font("ea")


@binds("font.size", kinds=TEXT_KINDS, breaks=sizes)
@run_property(DEFAULT_SIZE_PT)
def font_size(chain: TextChain) -> Observation | None:
    return chain.size()


@binds("font.bold", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_bold(chain: TextChain) -> Observation | None:
    return chain.flag("b")


@binds("font.italic", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_italic(chain: TextChain) -> Observation | None:
    return chain.flag("i")


@binds("font.underline", kinds=TEXT_KINDS, breaks=choices("none", "single", "double"))
@run_property("none")
def font_underline(chain: TextChain) -> Observation | None:
    return chain.underline()


@binds("font.color", kinds=TEXT_KINDS, breaks=choices("000000", "FF0000", "0000FF"))
@run_property("000000")
def font_color(chain: TextChain) -> Observation | None:
    return chain.color()


# PowerPoint highlights any colour (a:highlight holds a colour, not Word's named set).
@binds("font.highlight", kinds=TEXT_KINDS, vtype=T.COLOR, breaks=choices("FFFF00", "00FF00"))
@run_property()
def font_highlight(chain: TextChain) -> Observation | None:
    return chain.highlight()


def _strike(chain: TextChain, which: str) -> Observation | None:
    obs = chain.strike()
    return Observation(obs.value == which, obs.source) if obs else None


@binds("font.strike", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_strike(chain: TextChain) -> Observation | None:
    return _strike(chain, "sngStrike")


@binds("font.double_strike", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_double_strike(chain: TextChain) -> Observation | None:
    return _strike(chain, "dblStrike")


def _baseline(chain: TextChain, sign: int) -> Observation | None:
    obs = chain.baseline()
    return Observation(obs.value * sign > 0, obs.source) if obs else None


@binds("font.superscript", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_superscript(chain: TextChain) -> Observation | None:
    return _baseline(chain, 1)


@binds("font.subscript", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_subscript(chain: TextChain) -> Observation | None:
    return _baseline(chain, -1)


def _caps(chain: TextChain, which: str) -> Observation | None:
    obs = chain.caps()
    return Observation(obs.value == which, obs.source) if obs else None


@binds("font.all_caps", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_all_caps(chain: TextChain) -> Observation | None:
    return _caps(chain, "all")


@binds("font.small_caps", kinds=TEXT_KINDS, breaks=flip)
@run_property(False)
def font_small_caps(chain: TextChain) -> Observation | None:
    return _caps(chain, "small")


@binds("font.spacing", kinds=TEXT_KINDS, breaks=choices(Measure(2.0), Measure(0.0)))
@run_property(Measure(0.0))
def font_spacing(chain: TextChain) -> Observation | None:
    obs = chain.spacing()
    return Observation(Measure(obs.value), obs.source) if obs else None


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
        pars = _paragraphs(target)
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


@prop("paragraph.bullet", T.TEXT, kinds=PARA_KINDS,
      breaks=lambda ref: ["none", "•", "autonumber:arabicPeriod"])
@paragraph_property("none")
def bullet(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    """PowerPoint paragraph bullet: none, a character, or an autonumber scheme."""
    return chain.bullet()


@binds("paragraph.alignment", kinds=PARA_KINDS,
       breaks=choices("left", "center", "right", "justify"))
@paragraph_property("left")
def alignment(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.alignment()


@binds("paragraph.line_spacing", kinds=PARA_KINDS,
       breaks=choices(LineSpacing("multiple", 1.0), LineSpacing("multiple", 1.5), LineSpacing("exact", 20.0)))
@paragraph_property(LineSpacing("multiple", 1.0))
def line_spacing(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.line_spacing()


@binds("paragraph.space_before", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(12.0), True), tries=2))
@paragraph_property(Measure(0.0))
def space_before(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.paragraph_space("spcBef")


@binds("paragraph.space_after", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(12.0), True), tries=2))
@paragraph_property(Measure(0.0))
def space_after(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    return chain.paragraph_space("spcAft")


@binds("paragraph.indent.left", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(18.0), True), tries=2))
@paragraph_property(Measure(0.0))
def indent_left(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    obs = chain.margin_left()
    return Observation(Measure(obs.value), obs.source) if obs else None


@binds("paragraph.indent.first_line", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(18.0), True), tries=2))
@paragraph_property(Measure(0.0))
def indent_first_line(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    obs = chain.indent()
    return Observation(Measure(max(obs.value, 0.0)), obs.source) if obs else None


@binds("paragraph.indent.hanging", kinds=PARA_KINDS,
       breaks=Breaks(lengths(Measure(18.0), True), tries=2))
@paragraph_property(Measure(0.0))
def indent_hanging(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    obs = chain.indent()
    return Observation(Measure(max(-obs.value, 0.0)), obs.source) if obs else None
