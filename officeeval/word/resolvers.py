"""Word property resolvers: ``(target, ctx) -> Observation | None``.

Run-level properties resolve on runs, spans, paragraphs and styles. On a paragraph they are
judged on every run that shows text (each run is a part of the observation), falling back to
the paragraph mark for an empty paragraph; on a span, on every run covering its characters.
``ctx.direct`` restricts resolution to what is set on the element itself (no styles, no
defaults); otherwise the built-in default is returned with source ``default`` when nothing in
the chain sets the property.
"""

from __future__ import annotations

from typing import Any, Callable

from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_int, twips_to_pt
from officeeval.values import Observation, PageSize, aggregate
from officeeval.word import paragraphs as P
from officeeval.word import runs as R
from officeeval.word.runs import RunChain
from officeeval.word.targets import (
    DocumentTarget, ParagraphTarget, RunTarget, SectionTarget, SpanTarget, StyleTarget,
)

_W = f"{{{W}}}"

RUN_KINDS = ("run", "span", "paragraph", "style")
PARA_KINDS = ("paragraph", "style")
SECTION_KINDS = ("section", "document")

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
            return None
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


def text(target, ctx) -> Observation | None:
    if isinstance(target, (ParagraphTarget, RunTarget, SpanTarget)):
        return Observation(target.text, "direct")
    if isinstance(target, SectionTarget):
        return Observation("\n".join(p.text for p in target.paragraphs), "direct")
    if isinstance(target, DocumentTarget):
        return Observation("\n".join(p.text for p in target.doc.paragraphs), "direct")
    return None


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
        runs = target.text_runs()
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
    st = target.doc.styles.get(target.style_id)
    if st is None:
        return None if ctx.direct else Observation("Normal", "default")
    if ctx.direct and not target.has_direct_style:
        return None
    return Observation(st.display_name, "direct" if target.has_direct_style else "default")


def _para(fn: Callable) -> Callable:
    def resolve(target, ctx):
        if not isinstance(target, (ParagraphTarget, StyleTarget)):
            return None
        return fn(target, _direct_levels(target, ctx), ctx.direct)
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


# ------------------------------------------------------------------ section properties
def section_property(fn: Callable[[SectionTarget], "Observation | None"]) -> Callable:
    """Lift a section reader to section targets and to the document (all sections)."""

    def resolve(target, ctx):
        if isinstance(target, SectionTarget):
            return fn(target, ctx.direct)
        if isinstance(target, DocumentTarget):
            parts = []
            for s in target.doc.sections:
                obs = fn(s, ctx.direct)
                parts.append((s.locator, obs if obs is not None else Observation(None, "none")))
            if all(o.value is None for _, o in parts):
                return None
            return aggregate(parts)
        return None

    return resolve


def _pg_size(s: SectionTarget, direct: bool) -> tuple[float, float, str] | None:
    el = s.child("pgSz")
    w = twips_to_pt(el.get(_W + "w")) if el is not None else None
    h = twips_to_pt(el.get(_W + "h")) if el is not None else None
    if w and h and w > 0 and h > 0:
        return w, h, "direct"
    if direct:
        return None
    return 612.0, 792.0, "default"  # Word's default page: US Letter


def _page_size(s, direct):
    got = _pg_size(s, direct)
    return Observation(PageSize(got[0], got[1]), got[2]) if got else None


def _page_dim(i: int):
    def read(s, direct):
        got = _pg_size(s, direct)
        from officeeval.values import Measure
        return Observation(Measure(got[i]), got[2]) if got else None
    return read


def _orientation(s, direct):
    el = s.child("pgSz")
    orient = el.get(_W + "orient") if el is not None else None
    if orient in ("landscape", "portrait"):
        return Observation(orient, "direct")
    got = _pg_size(s, direct)
    if got is None:
        return None
    return Observation("landscape" if got[0] > got[1] else "portrait", got[2])


# Word's defaults when w:pgMar is absent (1 inch all round, header/footer 0.5 inch).
_MARGIN_DEFAULTS = {"top": 72.0, "bottom": 72.0, "left": 72.0, "right": 72.0, "gutter": 0.0,
                    "header": 36.0, "footer": 36.0}


def _margin(attr: str):
    def read(s, direct):
        from officeeval.values import Measure
        el = s.child("pgMar")
        v = twips_to_pt(el.get(_W + attr)) if el is not None else None
        if v is not None:
            # Negative top/bottom margins mean "exactly, text may overlap headers": the
            # distance is the absolute value.
            return Observation(Measure(abs(v)), "direct")
        return None if direct else Observation(Measure(_MARGIN_DEFAULTS[attr]), "default")
    return read


def _page_border(s, direct):
    from officeeval.ooxml.colors import normalize_hex
    from officeeval.ooxml.units import eighth_points_to_pt
    from officeeval.values import Border
    el = s.child("pgBorders")
    if el is None:
        return None if direct else Observation(Border("none"), "default")
    for side in ("top", "left", "bottom", "right"):
        b = el.find(_W + side)
        if b is not None:
            style = b.get(_W + "val") or "none"
            return Observation(Border("none" if style == "nil" else style,
                                      eighth_points_to_pt(b.get(_W + "sz")),
                                      normalize_hex(b.get(_W + "color"))), "direct")
    return Observation(Border("none"), "direct")


def _cols(attr: str):
    def read(s, direct):
        from officeeval.values import Measure
        el = s.child("cols")
        if attr == "num":
            if el is not None:
                explicit = el.findall(_W + "col")
                n = to_int(el.get(_W + "num"))
                if n is None and explicit and (el.get(_W + "equalWidth") or "") in ("0",
                                                                                   "false"):
                    n = len(explicit)
                if n is not None and n >= 1:
                    return Observation(n, "direct")
            return None if direct else Observation(1, "default")
        if attr == "space":
            v = twips_to_pt(el.get(_W + "space")) if el is not None else None
            if v is not None:
                return Observation(Measure(v), "direct")
            return None if direct else Observation(Measure(36.0), "default")
        if el is not None and el.get(_W + "sep") is not None:
            return Observation((el.get(_W + "sep") or "").lower() in ("1", "true", "on"),
                               "direct")
        return None if direct else Observation(False, "default")
    return read


def _start(s, direct):
    el = s.child("type")
    if el is not None and el.get(_W + "val"):
        return Observation(el.get(_W + "val"), "direct")
    return None if direct else Observation("nextPage", "default")


def _title_page(s, direct):
    el = s.child("titlePg")
    if el is not None:
        return Observation(R.on_off(el), "direct")
    return None if direct else Observation(False, "default")


def _even_odd(s, direct):
    el = s.doc.setting("evenAndOddHeaders")
    if el is not None:
        return Observation(R.on_off(el), "settings")
    return None if direct else Observation(False, "default")


def _pgnum(attr: str):
    def read(s, direct):
        el = s.child("pgNumType")
        v = el.get(_W + attr) if el is not None else None
        if attr == "start":
            n = to_int(v)
            return Observation(n, "direct") if n is not None else None
        if v:
            return Observation(v, "direct")
        return None if direct else Observation("decimal", "default")
    return read


def _hf_text(which: str):
    def read(s, direct):
        from officeeval.word.sections import header_footer_part
        from officeeval.word.text import all_text
        part = header_footer_part(s, which)
        if part is None:
            return None
        return Observation(all_text(s.doc.package.xml(part)).strip(), part)
    return read


def _hf_page(which: str):
    def read(s, direct):
        from officeeval.word.sections import header_footer_part
        from officeeval.word.text import field_instructions
        part = header_footer_part(s, which)
        if part is None:
            return Observation(False, "default")
        found = any(i.split()[:1] == ["PAGE"] for i in field_instructions(s.doc.package.xml(part)))
        return Observation(found, part)
    return read


SECTION_RESOLVERS: dict[str, Callable] = {
    "page.size": section_property(_page_size),
    "page.width": section_property(_page_dim(0)),
    "page.height": section_property(_page_dim(1)),
    "page.orientation": section_property(_orientation),
    "page.margin.top": section_property(_margin("top")),
    "page.margin.bottom": section_property(_margin("bottom")),
    "page.margin.left": section_property(_margin("left")),
    "page.margin.right": section_property(_margin("right")),
    "page.margin.gutter": section_property(_margin("gutter")),
    "page.header_distance": section_property(_margin("header")),
    "page.footer_distance": section_property(_margin("footer")),
    "page.border": section_property(_page_border),
    "columns.count": section_property(_cols("num")),
    "columns.spacing": section_property(_cols("space")),
    "columns.separator": section_property(_cols("sep")),
    "section.start": section_property(_start),
    "section.title_page": section_property(_title_page),
    "section.even_and_odd": section_property(_even_odd),
    "page_numbers.format": section_property(_pgnum("fmt")),
    "page_numbers.start": section_property(_pgnum("start")),
    "header.text": section_property(_hf_text("header")),
    "footer.text": section_property(_hf_text("footer")),
    "header.has_page_number": section_property(_hf_page("header")),
    "footer.has_page_number": section_property(_hf_page("footer")),
}
