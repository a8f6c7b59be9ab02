"""Word property resolvers: ``(target, ctx) -> Observation | None``.

Run-level properties resolve on runs, spans, paragraphs and styles. On a paragraph they are
judged on every run that shows text (each run is a part of the observation), falling back to
the paragraph mark for an empty paragraph; on a span, on every run covering its characters.
On a container (a table, row, column or cell, a header or footer, a note, a text box) run and
paragraph properties are judged on every paragraph in it that shows content (an empty
paragraph there does not change how the text looks).
``ctx.direct`` restricts resolution to what is set on the element itself (no styles, no
defaults); otherwise the built-in default is returned with source ``default`` when nothing in
the chain sets the property.
"""

from __future__ import annotations

from typing import Any, Callable

from officeeval.cache import memo_value
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import twips_to_pt
from officeeval.values import Observation, aggregate
from officeeval.word import paragraphs as P
from officeeval.word import runs as R
from officeeval.word.runs import RunChain
from officeeval.word.targets import (
    DocumentTarget, ParagraphTarget, RunTarget, SectionTarget, SpanTarget, StyleTarget,
)

_W = f"{{{W}}}"

CONTAINER_KINDS = ("table", "row", "column", "cell", "header", "footer", "footnote", "endnote",
                   "comment", "textbox", "shape")
RUN_KINDS = ("run", "span", "paragraph", "style", *CONTAINER_KINDS)
PARA_KINDS = ("paragraph", "style", *CONTAINER_KINDS)
TEXT_KINDS = ("paragraph", "run", "span", "section", "document", *CONTAINER_KINDS, "field",
              "toc", "hyperlink", "bookmark", "image", "chart", "smartart")

Reader = Callable[[RunChain], "Observation | None"]


# ------------------------------------------------------------------ run-level properties
def run_property(reader: Reader, default: Any = None) -> Callable:
    """Lift a chain reader to a resolver over run, span, paragraph and style targets."""

    def one(chain: RunChain, direct: bool) -> Observation | None:
        if direct:
            chain = chain.direct_only()
        obs = reader(chain)
        if obs is None and default is not None and not direct:
            return Observation(default, "default")
        return obs

    def resolve(target, ctx) -> Observation | None:
        if isinstance(target, RunTarget):
            return one(target.chain(), ctx.direct)
        if isinstance(target, StyleTarget):
            return one(target.chain(), ctx.direct)
        if isinstance(target, SpanTarget):
            runs = target.pieces
        elif isinstance(target, ParagraphTarget):
            runs = target.text_runs()
            if not runs:
                return one(target.mark_chain(), ctx.direct)
        else:
            paragraphs = content_paragraphs(target)
            if not paragraphs:
                return None
            runs = [r for p in paragraphs for r in p.text_runs()]
            if not runs:
                parts = [(p.locator, one(p.mark_chain(), ctx.direct) or Observation(None, "none"))
                         for p in paragraphs]
                result = aggregate(parts)
                return None if all(o.value is None for _, o in parts) else result
        parts = []
        for r in runs:
            obs = one(r.chain(), ctx.direct)
            if obs is None:
                obs = Observation(None, "none")
            parts.append((f"{r.locator} {r.text[:12]!r}", obs))
        result = aggregate(parts)
        if result is not None and all(o.value is None for _, o in parts):
            return None
        return result

    return resolve


def _toggle(tag: str) -> Reader:
    return lambda chain: chain.toggle(tag)


def _vert(which: str) -> Reader:
    def read(chain: RunChain) -> Observation | None:
        obs = R.vert_align(chain)
        return Observation(obs.value == which, obs.source) if obs else None
    return read


def _underline(chain: RunChain) -> Observation | None:
    return R.valued(chain, "u", "single")


def _emphasis(chain: RunChain) -> Observation | None:
    return R.valued(chain, "em")


RUN_RESOLVERS: dict[str, Callable] = {
    "font.name": run_property(lambda c: c.font("ascii"), R.DEFAULT_FONT),
    "font.east_asia": run_property(lambda c: c.font("eastAsia")),
    "font.size": run_property(R.size, R.DEFAULT_SIZE_PT),
    "font.bold": run_property(_toggle("b"), False),
    "font.italic": run_property(_toggle("i"), False),
    "font.underline": run_property(_underline, "none"),
    "font.color": run_property(R.color, "auto"),
    "font.highlight": run_property(lambda c: R.valued(c, "highlight"), "none"),
    "font.strike": run_property(_toggle("strike"), False),
    "font.double_strike": run_property(_toggle("dstrike"), False),
    "font.superscript": run_property(_vert("superscript"), False),
    "font.subscript": run_property(_vert("subscript"), False),
    "font.small_caps": run_property(_toggle("smallCaps"), False),
    "font.all_caps": run_property(_toggle("caps"), False),
    "font.spacing": run_property(R.spacing, 0.0),
    "font.scale": run_property(R.scale, 100.0),
    "font.emphasis_mark": run_property(_emphasis, "none"),
    "font.shading": run_property(R.shading, "none"),
}


def content_paragraphs(target) -> list[ParagraphTarget]:
    """The paragraphs of a container that show content (all of them when none does)."""
    def find() -> list[ParagraphTarget]:
        paragraphs = list(getattr(target, "paragraphs", None) or [])
        return [p for p in paragraphs if p.shows_content] or paragraphs
    return memo_value(target, "_officeeval_content_paragraphs", find)


def text(target, ctx) -> Observation | None:
    """The visible text: of a section or the document, every body paragraph and table in
    order (cells of a row joined by tabs, rows by new lines)."""
    if isinstance(target, (SectionTarget, DocumentTarget)):
        blocks = target.doc.blocks.order if isinstance(target, DocumentTarget) else \
            sorted([*target.paragraphs, *target.tables], key=_body_position(target.doc))
        return Observation("\n".join(b.text for b in blocks), "direct")
    value = getattr(target, "text", None)
    if isinstance(value, str):
        return Observation(value, "direct")
    return None


def _body_position(doc):
    order = {id(b): i for i, b in enumerate(doc.blocks.order)}
    return lambda b: order.get(id(b), 0)


class _Ctx:
    def __init__(self, direct: bool) -> None:
        self.direct = direct


# ------------------------------------------------------------------ paragraph properties
def _levels(target):
    return target.ppr_levels()


def _direct_levels(target, ctx):
    levels = _levels(target)
    return [lv for lv in levels if lv.kind == "direct"] if ctx.direct else levels


def _char_unit(target) -> float:
    """Size of one character unit: the effective size of the paragraph's first text run
    (what the reader sees two characters of), else of the paragraph mark."""
    if isinstance(target, ParagraphTarget):
        # A folded drop cap's enlarged letter is not the text the indent is measured in.
        runs = [r for r in target.text_runs() if r.paragraph is target] or target.text_runs()
        chain = runs[0].chain() if runs else target.mark_chain()
    else:
        chain = target.chain()
    obs = R.size(chain)
    return obs.value if obs else R.DEFAULT_SIZE_PT


def _line_pitch(target) -> float:
    doc = target.doc
    sect = doc.section_of(target) if isinstance(target, ParagraphTarget) else doc.sections[-1]
    grid = sect.child("docGrid") if sect is not None else None
    if grid is not None and (grid.get(_W + "type") or "") in ("lines", "linesAndChars",
                                                                "snapToChars"):
        pitch = twips_to_pt(grid.get(_W + "linePitch"))
        if pitch:
            return pitch
    return P.DEFAULT_LINE_PITCH_PT


def paragraph_style(target, ctx) -> Observation | None:
    if isinstance(target, StyleTarget):
        return Observation(target.style.display_name, "direct")
    if not isinstance(target, ParagraphTarget):
        return _para(lambda t, lv, d: paragraph_style(t, _Ctx(d)))(target, ctx)
    st = target.doc.styles.get(target.style_id)
    if st is None:
        return None if ctx.direct else Observation("Normal", "default")
    if ctx.direct and not target.has_direct_style:
        return None
    return Observation(st.display_name, "direct" if target.has_direct_style else "default")


def _para(fn: Callable) -> Callable:
    def resolve(target, ctx):
        if isinstance(target, (ParagraphTarget, StyleTarget)):
            return fn(target, _direct_levels(target, ctx), ctx.direct)
        paragraphs = content_paragraphs(target)
        if not paragraphs:
            return None
        parts = [(p.locator, fn(p, _direct_levels(p, ctx), ctx.direct)
                  or Observation(None, "none")) for p in paragraphs]
        return None if all(o.value is None for _, o in parts) else aggregate(parts)
    return resolve


PARA_RESOLVERS: dict[str, Callable] = {
    "paragraph.alignment": _para(lambda t, lv, d: None if d and not P.first(lv, "jc")
                                 else P.alignment(lv)),
    "paragraph.indent.left": _para(lambda t, lv, d: P.indent(lv, "left", _char_unit(t), d)),
    "paragraph.indent.right": _para(lambda t, lv, d: P.indent(lv, "right", _char_unit(t), d)),
    "paragraph.indent.first_line": _para(lambda t, lv, d: P.indent(lv, "first_line",
                                                                   _char_unit(t), d)),
    "paragraph.indent.hanging": _para(lambda t, lv, d: P.indent(lv, "hanging", _char_unit(t),
                                                                d)),
    "paragraph.space_before": _para(lambda t, lv, d: P.space(lv, "before", _line_pitch(t), d)),
    "paragraph.space_after": _para(lambda t, lv, d: P.space(lv, "after", _line_pitch(t), d)),
    "paragraph.line_spacing": _para(lambda t, lv, d: P.line_spacing(lv, d)),
    "paragraph.outline_level": _para(lambda t, lv, d: P.outline_level(lv, d)),
    "paragraph.keep_with_next": _para(lambda t, lv, d: P.flag(lv, "keepNext", d)),
    "paragraph.page_break_before": _para(lambda t, lv, d: P.flag(lv, "pageBreakBefore", d)),
}
