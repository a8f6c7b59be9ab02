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

Each writer follows its reader: ``put(pPr, value) -> note`` on the target's paragraphs and on
the style or defaults level the value is inherited from (``word.edit.levels``).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Breaks, INDENT_CHARS, choices, flip, lengths
from officeeval.properties.mistakes import Breaks, INDENT_CHARS, Plan, choices, flip, lengths
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import LineSpacing, Measure
from officeeval.ooxml.units import twips_to_pt
from officeeval.values import Observation, aggregate
from officeeval.word import paragraphs as P
from officeeval.word import runs as R
from officeeval.word.containers import content_paragraphs
from officeeval.word.edit.levels import PARA, on_level, write_text
from officeeval.word.edit.xml import points, ppr_toggle, twips, wchild, wset
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
              "toc", "toc_entry", "hyperlink", "bookmark", "image", "chart", "smartart")

Reader = Callable[[RunChain], "Observation | None"]

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
writes = on_level(WRITERS)


# ------------------------------------------------------------------ run-level properties
def run_property(default: Any = None) -> Callable[[Reader], Callable]:
    """Decorator: lift a chain reader to a resolver over run, span, paragraph and style
    targets (and containers: their content paragraphs); ``default`` is Word's value when
    nothing in the chain sets the property."""
    return functools.partial(_lift_run, default=default)


def _lift_run(reader: Reader, default: Any = None) -> Callable:

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

    return functools.wraps(reader)(resolve)


@prop("text", T.TEXT, kinds=TEXT_KINDS,
      draft=Drafting(restates_value=True,
                     formula_shadowed=True,
                     content=True,
                     by_name=False,
                     inserted_text=True,
                     beside="smartart.nodes"),
      plan=Plan("text"), implied_by="text", typed_text=True)
def text(target, ctx) -> Observation | None:
    r"""The visible text. Word paragraphs include field results and exclude deleted
    revisions; tabs are \t and breaks \n.

    Of a section or the document, every body paragraph and table in order (cells of a row
    joined by tabs, rows by new lines)."""
    if isinstance(target, (SectionTarget, DocumentTarget)):
        blocks = target.doc.blocks.order if isinstance(target, DocumentTarget) else \
            sorted([*target.paragraphs, *target.tables], key=_body_position(target.doc))
        return Observation("\n".join(b.text for b in blocks), "direct")
    value = getattr(target, "text", None)
    if isinstance(value, str):
        return Observation(value, "direct")
    return None


WRITERS.writer("text")(write_text)


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


@prop("paragraph.style", T.STYLE_NAME, kinds=PARA_KINDS,
      draft=Drafting(asked="feature", words=("样式", "应用"), called=("应用",), by_name=False,
                     not_on_styles=True),
      plan=Plan("paragraph_style"),
      implied_by="style")
def paragraph_style(target, ctx) -> Observation | None:
    """The paragraph style's name (built-in names match in English or Chinese)."""
    if isinstance(target, StyleTarget):
        return Observation(target.style.display_name, "direct")
    if not isinstance(target, ParagraphTarget):
        return _style_of_paragraphs(target, ctx)
    st = target.doc.styles.get(target.style_id)
    if st is None:
        return None if ctx.direct else Observation("Normal", "default")
    if ctx.direct and not target.has_direct_style:
        return None
    return Observation(st.display_name, "direct" if target.has_direct_style else "default")


@WRITERS.writer("paragraph.style")
def write_paragraph_style(session: Session, target: Target, value: Any) -> str:
    """The paragraph style referenced by name (or id): ``w:pStyle`` on the paragraph."""
    if target.kind != "paragraph":
        raise NotApplicable(f"no paragraph style on a {target.kind} target")
    st = target.doc.styles.find(str(value))  # type: ignore[attr-defined]
    if st is None:
        raise NotApplicable(f"no style {value!r}")
    ppr = wchild(target.el, "pPr", first=True)  # type: ignore[attr-defined]
    wset(ppr, "pStyle", first=True, val=st.id)
    session.touch(ppr)
    return f"w:pStyle={st.id}"


def para_property(fn: Callable) -> Callable:
    """Decorator: lift a paragraph reader ``(paragraph, levels, direct)`` to paragraph and
    style targets and to containers (every content paragraph)."""
    @functools.wraps(fn)
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


_para = para_property
_style_of_paragraphs = para_property(lambda t, lv, d: paragraph_style(t, _Ctx(d)))


@prop("paragraph.alignment", T.EnumType("alignment"), kinds=PARA_KINDS,
      breaks=choices("left", "center", "right", "justify"),
      draft=Drafting(header_kinds=("header", "footer"),
                     asked="feature",
                     words=("对齐", "居中", "居左", "居右", "两端"),
                     pictured_by=("对齐", "位置", "居中"),
                     family="paragraph.alignment"))
@para_property
def alignment(t, levels, direct):
    """Horizontal alignment: left, center, right, justify, distribute (居中, 两端对齐,
    分散对齐 …)."""
    return None if direct and not P.first(levels, "jc") else P.alignment(levels)


@writes("paragraph.alignment", PARA, "jc")
def put_alignment(ppr: etree._Element, v: Any) -> str:
    val = "both" if v == "justify" else str(v)
    wset(ppr, "jc", val=val)
    return f"w:jc={val}"


def put_indent(side: str) -> Callable[[etree._Element, Any], str]:
    """A ``put(pPr, length)`` of one side of ``w:ind`` (``left``, ``right``,
    ``first_line``, ``hanging``): in character units for a length in characters, else in
    twips; a first-line indent drops the hanging one and the reverse."""
    names = {"left": ("left", "start"), "right": ("right", "end"),
             "first_line": ("firstLine",), "hanging": ("hanging",)}[side]
    opposite = {"first_line": ("hanging", "hangingChars"),
                "hanging": ("firstLine", "firstLineChars")}.get(side, ())

    def write(ppr: etree._Element, v: Any) -> str:
        attrs: dict[str, str | None] = {a: None for a in opposite}
        for n in names:
            attrs[n + "Chars"] = None
            attrs[n] = None
        main = names[0]
        if isinstance(v, Measure) and v.chars is not None:
            attrs[main + "Chars"] = str(int(round(v.chars * 100)))
            attrs[main] = twips(v.chars * 12.0)
            what = f"w:ind/@w:{main}Chars={attrs[main + 'Chars']}"
        else:
            attrs[main] = twips(points(v) or 0.0)
            what = f"w:ind/@w:{main}={attrs[main]}"
        wset(ppr, "ind", **attrs)
        return what
    return write


FIRST_OR_HANGING = ("firstLine", "firstLineChars", "hanging", "hangingChars")


@prop("paragraph.indent.left", T.LENGTH_CHARS, kinds=PARA_KINDS,
      breaks=Breaks(lengths(INDENT_CHARS), tries=2),
      draft=Drafting(asked="feature", words=("左缩进", "左侧缩进"), freed_by=("缩进",),
                     family="paragraph.indent",
                     in_cm=True))
@para_property
def indent_left(t, levels, direct):
    """Left indent; Nchar when stored in character units (w:leftChars)."""
    return P.indent(levels, "left", _char_unit(t), direct)


writes("paragraph.indent.left", PARA, "ind",
       ("left", "start", "leftChars", "startChars"))(put_indent("left"))


@prop("paragraph.indent.right", T.LENGTH_CHARS, kinds=PARA_KINDS,
      breaks=Breaks(lengths(INDENT_CHARS), tries=2),
      draft=Drafting(asked="feature", words=("右缩进", "右侧缩进"), freed_by=("缩进",),
                     family="paragraph.indent",
                     in_cm=True))
@para_property
def indent_right(t, levels, direct):
    """Right indent; Nchar when stored in character units."""
    return P.indent(levels, "right", _char_unit(t), direct)


writes("paragraph.indent.right", PARA, "ind",
       ("right", "end", "rightChars", "endChars"))(put_indent("right"))


@prop("paragraph.indent.first_line", T.LENGTH_CHARS, kinds=PARA_KINDS,
      breaks=Breaks(lengths(INDENT_CHARS), tries=2),
      draft=Drafting(asked="feature", words=("首行",), freed_by=("缩进",),
                     family="paragraph.indent"))
@para_property
def indent_first_line(t, levels, direct):
    """First-line indent (首行缩进); 0 when the paragraph has a hanging indent instead.
    2char matches firstLineChars=200, or an absolute indent of two East Asian characters of
    the paragraph's size."""
    return P.indent(levels, "first_line", _char_unit(t), direct)


writes("paragraph.indent.first_line", PARA, "ind", FIRST_OR_HANGING)(put_indent("first_line"))


@prop("paragraph.indent.hanging", T.LENGTH_CHARS, kinds=PARA_KINDS,
      breaks=Breaks(lengths(INDENT_CHARS), tries=2),
      draft=Drafting(asked="feature", words=("悬挂",), freed_by=("缩进",),
                     family="paragraph.indent"))
@para_property
def indent_hanging(t, levels, direct):
    """Hanging indent (悬挂缩进); 0 when the paragraph has a first-line indent instead."""
    return P.indent(levels, "hanging", _char_unit(t), direct)


writes("paragraph.indent.hanging", PARA, "ind", FIRST_OR_HANGING)(put_indent("hanging"))


@prop("paragraph.space_before", T.LENGTH_LINES, kinds=PARA_KINDS,
      breaks=Breaks(lengths(Measure(12.0)), tries=2),
      draft=Drafting(asked="feature", words=("段前",),
                     family="paragraph.spacing"))
@para_property
def space_before(t, levels, direct):
    """Space before (段前) in points, or Nline when stored in line units (w:beforeLines)."""
    return P.space(levels, "before", _line_pitch(t), direct)


def _put_space(which: str) -> Callable[[etree._Element, Any], str]:
    def write(ppr: etree._Element, v: Any) -> str:
        if isinstance(v, Measure) and v.lines is not None:
            wset(ppr, "spacing", **{which + "Lines": str(int(round(v.lines * 100))),
                                    which: twips(v.lines * 12.0),
                                    which + "Autospacing": None})
            return f"w:spacing/@w:{which}Lines={int(round(v.lines * 100))}"
        wset(ppr, "spacing", **{which: twips(points(v) or 0.0), which + "Lines": None,
                                which + "Autospacing": None})
        return f"w:spacing/@w:{which}={twips(points(v) or 0.0)}"
    return write


writes("paragraph.space_before", PARA, "spacing",
       ("before", "beforeLines", "beforeAutospacing"))(_put_space("before"))


@prop("paragraph.space_after", T.LENGTH_LINES, kinds=PARA_KINDS,
      breaks=Breaks(lengths(Measure(12.0)), tries=2),
      draft=Drafting(asked="feature", words=("段后",),
                     family="paragraph.spacing"))
@para_property
def space_after(t, levels, direct):
    """Space after (段后) in points, or Nline."""
    return P.space(levels, "after", _line_pitch(t), direct)


writes("paragraph.space_after", PARA, "spacing",
       ("after", "afterLines", "afterAutospacing"))(_put_space("after"))


@prop("paragraph.line_spacing", T.LINE_SPACING, kinds=PARA_KINDS,
      breaks=choices(LineSpacing("multiple", 1.0), LineSpacing("multiple", 1.5), LineSpacing("multiple", 2.0), LineSpacing("exact", 20.0)),
      draft=Drafting(asked="feature", words=("行距",),
                     family="paragraph.spacing"))
@para_property
def line_spacing(t, levels, direct):
    """Line spacing: a multiple (1.5line, 1.5倍行距), exactly N pt (固定值) or at least N pt
    (最小值). Word's default is single (1line)."""
    return P.line_spacing(levels, direct)


@writes("paragraph.line_spacing", PARA, "spacing", ("line",))
def put_line_spacing(ppr: etree._Element, v: Any) -> str:
    if v.rule == "multiple":
        line, rule = str(int(round(v.value * 240))), "auto"
    else:
        line, rule = twips(v.value), ("exact" if v.rule == "exact" else "atLeast")
    wset(ppr, "spacing", line=line, lineRule=rule)
    return f"w:spacing/@w:line={line} lineRule={rule}"


@prop("paragraph.outline_level", T.EnumType("outline_level"), kinds=PARA_KINDS,
      breaks=choices("body_text", "1", "2"),
      draft=Drafting(asked="feature", words=("大纲",)))
@para_property
def outline_level(t, levels, direct):
    """Outline level 1–9, or body_text (正文文本)."""
    return P.outline_level(levels, direct)


@writes("paragraph.outline_level", PARA, "outlineLvl")
def put_outline_level(ppr: etree._Element, v: Any) -> str:
    val = "9" if v == "body_text" else str(int(v) - 1)
    wset(ppr, "outlineLvl", val=val)
    return f"w:outlineLvl={val}"


@prop("paragraph.keep_with_next", T.BOOL, kinds=PARA_KINDS, breaks=flip,
      draft=Drafting(asked="feature", words=("同页",), spoken_true=("与下段同页",)))
@para_property
def keep_with_next(t, levels, direct):
    """Keep with next (与下段同页)."""
    return P.flag(levels, "keepNext", direct)


writes("paragraph.keep_with_next", PARA, "keepNext")(
    lambda ppr, v: ppr_toggle(ppr, "keepNext", v))
