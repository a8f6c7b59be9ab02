"""PowerPoint text resolvers: run-level formatting (font.*) and paragraph formatting
(paragraph.*) over runs, paragraphs, shapes and table cells.

On a paragraph, shape or cell a run-level property is judged on every run that shows text
(each run is a part of the observation), falling back to the first paragraph mark when there
is no visible text. ``ctx.direct`` reads only the run's own ``a:rPr`` (or the paragraph's
own ``a:pPr`` for paragraph properties); otherwise PowerPoint's default is returned with
source ``default`` when nothing in the chain sets the property.
"""

from __future__ import annotations

from typing import Any, Callable

from officeeval.ppt import tables
from officeeval.ppt.markup import a
from officeeval.ppt.targets import CellTarget, ParagraphTarget, RunTarget, ShapeTarget
from officeeval.ppt.textstyle import DEFAULT_SIZE_PT, TextChain, paragraph_level
from officeeval.values import LineSpacing, Measure, Observation, aggregate

TEXT_KINDS = ("shape", "table", "smartart", "paragraph", "run", "cell")
PARA_KINDS = ("shape", "table", "paragraph", "cell")
Reader = Callable[[TextChain], "Observation | None"]


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
    mark when no run shows text."""
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


def run_property(reader: Reader, default: Any = None) -> Callable:
    """Lift a chain reader to run, paragraph, shape and cell targets."""

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


def _flag(name: str) -> Reader:
    return lambda chain: chain.flag(name)


def _strike(which: str) -> Reader:
    def read(chain: TextChain) -> Observation | None:
        obs = chain.strike()
        return Observation(obs.value == which, obs.source) if obs else None
    return read


def _baseline(sign: int) -> Reader:
    def read(chain: TextChain) -> Observation | None:
        obs = chain.baseline()
        return Observation(obs.value * sign > 0, obs.source) if obs else None
    return read


def _caps(which: str) -> Reader:
    def read(chain: TextChain) -> Observation | None:
        obs = chain.caps()
        return Observation(obs.value == which, obs.source) if obs else None
    return read


def _spacing(chain: TextChain) -> Observation | None:
    obs = chain.spacing()
    return Observation(Measure(obs.value), obs.source) if obs else None


RUN_RESOLVERS: dict[str, Callable] = {
    "font.name": run_property(lambda c: c.font("latin")),
    "font.east_asia": run_property(lambda c: c.font("ea")),
    "font.size": run_property(TextChain.size, DEFAULT_SIZE_PT),
    "font.bold": run_property(_flag("b"), False),
    "font.italic": run_property(_flag("i"), False),
    "font.underline": run_property(TextChain.underline, "none"),
    "font.color": run_property(TextChain.color, "000000"),
    "font.highlight": run_property(TextChain.highlight),
    "font.strike": run_property(_strike("sngStrike"), False),
    "font.double_strike": run_property(_strike("dblStrike"), False),
    "font.superscript": run_property(_baseline(1), False),
    "font.subscript": run_property(_baseline(-1), False),
    "font.all_caps": run_property(_caps("all"), False),
    "font.small_caps": run_property(_caps("small"), False),
    "font.spacing": run_property(_spacing, Measure(0.0)),
}


# ------------------------------------------------------------------ paragraph properties
def paragraph_property(reader: Callable[[ParagraphTarget, TextChain], "Observation | None"],
                       default: Any = None) -> Callable:
    """Lift a paragraph reader to paragraph, shape and cell targets (a shape's value holds
    only when it holds for every paragraph with text)."""

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


def _level(par: ParagraphTarget, chain: TextChain) -> Observation | None:
    ppr = par.el.find(a("pPr"))
    if ppr is not None and ppr.get("lvl") is not None:
        return Observation(paragraph_level(par.el) + 1, "direct")
    return None


def _first_line(par, chain: TextChain) -> Observation | None:
    obs = chain.indent()
    return Observation(Measure(max(obs.value, 0.0)), obs.source) if obs else None


def _hanging(par, chain: TextChain) -> Observation | None:
    obs = chain.indent()
    return Observation(Measure(max(-obs.value, 0.0)), obs.source) if obs else None


def _left(par, chain: TextChain) -> Observation | None:
    obs = chain.margin_left()
    return Observation(Measure(obs.value), obs.source) if obs else None


PARA_RESOLVERS: dict[str, Callable] = {
    "paragraph.alignment": paragraph_property(lambda par, c: c.alignment(), "left"),
    "paragraph.level": paragraph_property(_level, 1),
    "paragraph.bullet": paragraph_property(lambda par, c: c.bullet(), "none"),
    "paragraph.line_spacing": paragraph_property(lambda par, c: c.line_spacing(),
                                                 LineSpacing("multiple", 1.0)),
    "paragraph.space_before": paragraph_property(lambda par, c: c.paragraph_space("spcBef"),
                                                 Measure(0.0)),
    "paragraph.space_after": paragraph_property(lambda par, c: c.paragraph_space("spcAft"),
                                                Measure(0.0)),
    "paragraph.indent.left": paragraph_property(_left, Measure(0.0)),
    "paragraph.indent.first_line": paragraph_property(_first_line, Measure(0.0)),
    "paragraph.indent.hanging": paragraph_property(_hanging, Measure(0.0)),
}
