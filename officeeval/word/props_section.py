"""Section and page resolvers: page setup, columns, page borders, page numbering, section
start, and the headers and footers a section shows.

Each reader takes a section and ``direct`` (only what the section sets) and returns an
``Observation`` or ``None``; Word's defaults (US Letter, 1 inch margins, one column, numbering
in decimal) are returned with source ``default`` when the section says nothing. On the
document, a property holds when it holds for every section.
"""

from __future__ import annotations

from typing import Callable

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import eighth_points_to_pt, to_int, twips_to_pt
from officeeval.values import Border, Measure, Observation, PageSize, aggregate
from officeeval.word import runs as R
from officeeval.word.headers import HeaderFooterTarget, header_footer
from officeeval.word.hf_visibility import what_shows
from officeeval.word.targets import DocumentTarget, SectionTarget

_W = f"{{{W}}}"
SECTION_KINDS = ("section", "document")
HF_KINDS = ("header", "footer")


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
        el = s.child("pgMar")
        v = twips_to_pt(el.get(_W + attr)) if el is not None else None
        if v is not None:
            # Negative top/bottom margins mean "exactly, text may overlap headers": the
            # distance is the absolute value.
            return Observation(Measure(abs(v)), "direct")
        return None if direct else Observation(Measure(_MARGIN_DEFAULTS[attr]), "default")
    return read


def border_of(el) -> Border:
    """A ``w:top``/``w:left``… border element as a ``Border`` (``nil`` is ``none``)."""
    style = el.get(_W + "val") or "none"
    return Border("none" if style in ("nil", "none") else style,
                  eighth_points_to_pt(el.get(_W + "sz")), normalize_hex(el.get(_W + "color")))


def _page_border(s, direct):
    el = s.child("pgBorders")
    if el is None:
        return None if direct else Observation(Border("none"), "default")
    sides = [(side, el.find(_W + side)) for side in ("top", "left", "bottom", "right")]
    found = [(side, border_of(b)) for side, b in sides if b is not None]
    if not found:
        return Observation(Border("none"), "direct")
    if len({b for _, b in found}) == 1:
        return Observation(found[0][1], "direct")
    return aggregate([(side, Observation(b, "direct")) for side, b in found])


def _page_border_side(side: str):
    def read(s, direct):
        el = s.child("pgBorders")
        b = el.find(_W + side) if el is not None else None
        if b is None:
            return None if direct else Observation(Border("none"), "default")
        return Observation(border_of(b), "direct")
    return read


def _cols(attr: str):
    def read(s, direct):
        el = s.child("cols")
        explicit = el.findall(_W + "col") if el is not None else []
        unequal = el is not None and (el.get(_W + "equalWidth") or "").lower() in (
            "0", "false", "off")
        if attr == "num":
            if el is not None:
                n = len(explicit) if unequal and explicit else to_int(el.get(_W + "num"))
                if n is not None and n >= 1:
                    return Observation(n, "direct")
            return None if direct else Observation(1, "default")
        if attr == "space":
            holder = explicit[0] if unequal and explicit else el
            v = twips_to_pt(holder.get(_W + "space")) if holder is not None else None
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


def _v_align(s, direct):
    el = s.child("vAlign")
    if el is not None and el.get(_W + "val"):
        return Observation(el.get(_W + "val"), "direct")
    return None if direct else Observation("top", "default")


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
        hf = header_footer(s, which, "default")
        if hf is None or not hf.defined:
            return None
        return Observation(hf.text, hf.part)
    return read


def _hf_page(which: str):
    def read(s, direct):
        found = [t for t in (header_footer(s, which, k) for k in ("default", "first", "even"))
                 if t is not None and t.defined]
        if not found:
            return Observation(False, "default")
        hit = next((t for t in found if t.has_page_number), None)
        return Observation(hit is not None, (hit or found[0]).part)
    return read


def _hf_visible(which: str):
    def read(s, direct):
        shown_here = [t for t in (header_footer(s, which, k) for k in ("default", "first",
                                                                       "even"))
                      if t is not None and t.defined]
        if not shown_here:
            # No part shows: seen, not an application default (an absence, like count 0).
            return Observation(False, "computed", note=f"no {which} is defined")
        for t in shown_here:
            what = what_shows(t)
            if what is not None:
                return Observation(True, t.part, note=f"{t.locator} shows {what}")
        return Observation(False, shown_here[0].part, note="nothing shows")
    return read


def hf_visible(target, ctx) -> Observation | None:
    """``header.visible`` / ``footer.visible`` on a header or footer target: whether it
    shows anything."""
    if not isinstance(target, HeaderFooterTarget):
        return None
    what = what_shows(target)
    return Observation(what is not None, target.part if target.defined else "computed",
                       note=f"shows {what}" if what else "nothing shows")


def hf_text(target, ctx) -> Observation | None:
    """``header.text`` / ``footer.text`` on a header or footer target: its own text."""
    if not isinstance(target, HeaderFooterTarget):
        return None
    return Observation(target.text, target.part if target.defined else "default")


def hf_page_number(target, ctx) -> Observation | None:
    if not isinstance(target, HeaderFooterTarget):
        return None
    return Observation(target.has_page_number, target.part if target.defined else "default")


def on_section_or_hf(fn: Callable) -> Callable:
    """A section reader also answering for a header/footer target (its section) and the
    document (every section)."""
    sect = section_property(fn)

    def resolve(target, ctx):
        if isinstance(target, HeaderFooterTarget):
            return fn(target.section, ctx.direct)
        return sect(target, ctx)
    return resolve


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
    "page.border.top": section_property(_page_border_side("top")),
    "page.border.bottom": section_property(_page_border_side("bottom")),
    "page.border.left": section_property(_page_border_side("left")),
    "page.border.right": section_property(_page_border_side("right")),
    "columns.count": section_property(_cols("num")),
    "columns.spacing": section_property(_cols("space")),
    "columns.separator": section_property(_cols("sep")),
    "section.start": section_property(_start),
    "section.title_page": section_property(_title_page),
    "section.vertical_alignment": section_property(_v_align),
    "section.even_and_odd": section_property(_even_odd),
    "page_numbers.format": on_section_or_hf(_pgnum("fmt")),
    "page_numbers.start": on_section_or_hf(_pgnum("start")),
    "header.text": section_property(_hf_text("header")),
    "footer.text": section_property(_hf_text("footer")),
    "header.has_page_number": section_property(_hf_page("header")),
    "footer.has_page_number": section_property(_hf_page("footer")),
    "header.visible": section_property(_hf_visible("header")),
    "footer.visible": section_property(_hf_visible("footer")),
}
