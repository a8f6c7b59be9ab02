"""Section and page resolvers: page setup, columns, page borders, page numbering, section
start, and the headers and footers a section shows.

Each reader takes a section and ``direct`` (only what the section sets) and returns an
``Observation`` or ``None``; Word's defaults (US Letter, 1 inch margins, one column, numbering
in decimal) are returned with source ``default`` when the section says nothing. On the
document, a property holds when it holds for every section.
"""

from __future__ import annotations

import functools
from typing import Callable

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import eighth_points_to_pt, to_int, twips_to_pt
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import CM, choices, flip, next_int, page_sizes, shift
from officeeval.values import Border, Measure, Observation, PageSize, aggregate
from officeeval.word import runs as R
from officeeval.word.headers import HeaderFooterTarget, header_footer
from officeeval.word.hf_visibility import what_shows
from officeeval.word.targets import DocumentTarget, SectionTarget

_W = f"{{{W}}}"
SECTION_KINDS = ("section", "document")
HF_KINDS = ("header", "footer")
SECTION_OR_HF = (*SECTION_KINDS, *HF_KINDS)

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


def section_property(fn: Callable[[SectionTarget], "Observation | None"]) -> Callable:
    """Decorator: lift a section reader ``(section, direct)`` to section targets and to the
    document (all sections)."""

    @functools.wraps(fn)
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


@prop("page.size", T.PAGE_SIZE, kinds=SECTION_KINDS, breaks=page_sizes)
@section_property
def page_size(s, direct):
    """Paper size by dimensions (A4, A3, B5, 16K, Letter …), in either orientation."""
    got = _pg_size(s, direct)
    return Observation(PageSize(got[0], got[1]), got[2]) if got else None


def _page_dim(s, direct, i: int):
    got = _pg_size(s, direct)
    return Observation(Measure(got[i]), got[2]) if got else None


@prop("page.width", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(2 * CM))
@section_property
def page_width(s, direct):
    """Page width."""
    return _page_dim(s, direct, 0)


@prop("page.height", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(2 * CM))
@section_property
def page_height(s, direct):
    """Page height."""
    return _page_dim(s, direct, 1)


@prop("page.orientation", T.EnumType("orientation"), kinds=SECTION_KINDS,
      breaks=choices("landscape", "portrait"))
@section_property
def orientation(s, direct):
    """portrait (纵向) or landscape (横向)."""
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


def _margin(s, direct, attr: str):
    el = s.child("pgMar")
    v = twips_to_pt(el.get(_W + attr)) if el is not None else None
    if v is not None:
        # Negative top/bottom margins mean "exactly, text may overlap headers": the
        # distance is the absolute value.
        return Observation(Measure(abs(v)), "direct")
    return None if direct else Observation(Measure(_MARGIN_DEFAULTS[attr]), "default")


@prop("page.margin.top", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM))
@section_property
def margin_top(s, direct):
    """Top margin."""
    return _margin(s, direct, "top")


@prop("page.margin.bottom", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM))
@section_property
def margin_bottom(s, direct):
    """Bottom margin."""
    return _margin(s, direct, "bottom")


@prop("page.margin.left", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM))
@section_property
def margin_left(s, direct):
    """Left margin."""
    return _margin(s, direct, "left")


@prop("page.margin.right", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM))
@section_property
def margin_right(s, direct):
    """Right margin."""
    return _margin(s, direct, "right")


@prop("page.margin.gutter", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM))
@section_property
def margin_gutter(s, direct):
    """Gutter (装订线) width."""
    return _margin(s, direct, "gutter")


@prop("page.margin.gutter_position", T.EnumType("gutter_position"), kinds=SECTION_KINDS,
      breaks=choices("left", "top"))
@section_property
def gutter_position(s, direct):
    """Gutter position (装订线位置): left (靠左), top (靠上) or right (a right-to-left
    section's gutter); left when nothing says otherwise.

    Top is a document setting (``w:gutterAtTop`` in settings.xml, ISO 29500 17.15.1.49) and
    wins over a section's ``w:rtlGutter`` (17.6.16), as in Word's Page Setup.
    """
    top = s.doc.setting("gutterAtTop")
    if top is not None and R.on_off(top):
        return Observation("top", "settings")
    rtl = s.child("rtlGutter")
    if rtl is not None and R.on_off(rtl):
        return Observation("right", "direct")
    if rtl is not None:
        return Observation("left", "direct")
    if direct:
        return None
    return Observation("left", "settings" if top is not None else "default")


@prop("page.header_distance", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM / 2))
@section_property
def header_distance(s, direct):
    """Header distance from the page edge (页眉距边界)."""
    return _margin(s, direct, "header")


@prop("page.footer_distance", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM / 2))
@section_property
def footer_distance(s, direct):
    """Footer distance from the page edge."""
    return _margin(s, direct, "footer")


def border_of(el) -> Border:
    """A ``w:top``/``w:left``… border element as a ``Border`` (``nil`` is ``none``)."""
    style = el.get(_W + "val") or "none"
    return Border("none" if style in ("nil", "none") else style,
                  eighth_points_to_pt(el.get(_W + "sz")), normalize_hex(el.get(_W + "color")))


@prop("page.border", T.BORDER, kinds=SECTION_KINDS,
      breaks=lambda ref: [Border("single", 0.5), Border("none")])
@section_property
def page_border(s, direct):
    """Page border (top edge, or the box): style, width, color."""
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


def _page_border_side(s, direct, side: str):
    el = s.child("pgBorders")
    b = el.find(_W + side) if el is not None else None
    if b is None:
        return None if direct else Observation(Border("none"), "default")
    return Observation(border_of(b), "direct")


@prop("page.border.top", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_top(s, direct):
    """Top page border."""
    return _page_border_side(s, direct, "top")


@prop("page.border.bottom", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_bottom(s, direct):
    """Bottom page border."""
    return _page_border_side(s, direct, "bottom")


@prop("page.border.left", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_left(s, direct):
    """Left page border."""
    return _page_border_side(s, direct, "left")


@prop("page.border.right", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_right(s, direct):
    """Right page border."""
    return _page_border_side(s, direct, "right")


def _cols(s, direct, attr: str):
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


@prop("columns.count", T.INTEGER, kinds=SECTION_KINDS, breaks=lambda ref: [2, 1, 3])
@section_property
def columns_count(s, direct):
    """Number of text columns (分栏)."""
    return _cols(s, direct, "num")


@prop("columns.spacing", T.LENGTH_CHARS, kinds=SECTION_KINDS, breaks=shift(CM))
@section_property
def columns_spacing(s, direct):
    """Space between columns."""
    return _cols(s, direct, "space")


@prop("columns.separator", T.BOOL, kinds=SECTION_KINDS, breaks=flip)
@section_property
def columns_separator(s, direct):
    """Whether a line separates the columns (分隔线)."""
    return _cols(s, direct, "sep")


@prop("section.start", T.EnumType("section_start"), kinds=SECTION_KINDS,
      breaks=choices("nextPage", "continuous"))
@section_property
def start(s, direct):
    """How the section starts: nextPage, continuous, evenPage, oddPage, nextColumn."""
    el = s.child("type")
    if el is not None and el.get(_W + "val"):
        return Observation(el.get(_W + "val"), "direct")
    return None if direct else Observation("nextPage", "default")


@prop("section.title_page", T.BOOL, kinds=SECTION_KINDS, breaks=flip)
@section_property
def title_page(s, direct):
    """Different first page header/footer (首页不同)."""
    el = s.child("titlePg")
    if el is not None:
        return Observation(R.on_off(el), "direct")
    return None if direct else Observation(False, "default")


@prop("section.vertical_alignment", T.EnumType("vertical_alignment"), kinds=SECTION_KINDS)
@section_property
def vertical_alignment(s, direct):
    """Vertical alignment of text on the page (页面垂直对齐方式): top, center, justify
    (both), bottom."""
    el = s.child("vAlign")
    if el is not None and el.get(_W + "val"):
        return Observation(el.get(_W + "val"), "direct")
    return None if direct else Observation("top", "default")


@prop("section.even_and_odd", T.BOOL, kinds=SECTION_KINDS)
@section_property
def even_and_odd(s, direct):
    """Different odd and even headers (奇偶页不同; a document setting)."""
    el = s.doc.setting("evenAndOddHeaders")
    if el is not None:
        return Observation(R.on_off(el), "settings")
    return None if direct else Observation(False, "default")


def on_section_or_hf(fn: Callable) -> Callable:
    """Decorator: a section reader also answering for a header/footer target (its
    section) and the document (every section)."""
    sect = section_property(fn)

    @functools.wraps(fn)
    def resolve(target, ctx):
        if isinstance(target, HeaderFooterTarget):
            return fn(target.section, ctx.direct)
        return sect(target, ctx)
    return resolve


def _pgnum(s, direct, attr: str):
    el = s.child("pgNumType")
    v = el.get(_W + attr) if el is not None else None
    if attr == "start":
        n = to_int(v)
        return Observation(n, "direct") if n is not None else None
    if v:
        return Observation(v, "direct")
    return None if direct else Observation("decimal", "default")


@prop("page_numbers.format", T.EnumType("number_format"), kinds=SECTION_OR_HF,
      breaks=choices("decimal", "upperRoman", "lowerRoman"))
@on_section_or_hf
def page_numbers_format(s, direct):
    """Page number format (decimal, upperRoman, chineseCounting …)."""
    return _pgnum(s, direct, "fmt")


@prop("page_numbers.start", T.INTEGER, kinds=SECTION_OR_HF, breaks=next_int)
@on_section_or_hf
def page_numbers_start(s, direct):
    """Page numbering restarts at this number."""
    return _pgnum(s, direct, "start")


# ------------------------------------------------------------------ headers and footers
def section_or_hf(on_hf: Callable) -> Callable[[Callable], Callable]:
    """Decorator: a section reader answering for sections and the document, with
    ``on_hf(target, ctx)`` answering for a header or footer target itself."""
    def lift(fn: Callable) -> Callable:
        sect = section_property(fn)

        @functools.wraps(fn)
        def resolve(target, ctx):
            if isinstance(target, HeaderFooterTarget):
                return on_hf(target, ctx)
            return sect(target, ctx)
        return resolve
    return lift


def hf_visible(target, ctx) -> Observation | None:
    """``header.visible`` / ``footer.visible`` on a header or footer target: whether it
    shows anything."""
    what = what_shows(target)
    return Observation(what is not None, target.part if target.defined else "computed",
                       note=f"shows {what}" if what else "nothing shows")


def hf_text(target, ctx) -> Observation | None:
    """``header.text`` / ``footer.text`` on a header or footer target: its own text."""
    return Observation(target.text, target.part if target.defined else "default")


def hf_page_number(target, ctx) -> Observation | None:
    return Observation(target.has_page_number, target.part if target.defined else "default")


def _hf_text(s, which: str):
    hf = header_footer(s, which, "default")
    if hf is None or not hf.defined:
        return None
    return Observation(hf.text, hf.part)


@prop("header.text", T.TEXT, kinds=SECTION_OR_HF)
@section_or_hf(hf_text)
def header_text(s, direct):
    """Text of the section's default header (inherited from the previous section when not
    set)."""
    return _hf_text(s, "header")


@prop("footer.text", T.TEXT, kinds=SECTION_OR_HF)
@section_or_hf(hf_text)
def footer_text(s, direct):
    """Text of the section's default footer, or a slide's footer placeholder text."""
    return _hf_text(s, "footer")


def _hf_page(s, which: str):
    found = [t for t in (header_footer(s, which, k) for k in ("default", "first", "even"))
             if t is not None and t.defined]
    if not found:
        return Observation(False, "default")
    hit = next((t for t in found if t.has_page_number), None)
    return Observation(hit is not None, (hit or found[0]).part)


@prop("header.has_page_number", T.BOOL, kinds=SECTION_OR_HF)
@section_or_hf(hf_page_number)
def header_has_page_number(s, direct):
    """Whether the header holds a PAGE field."""
    return _hf_page(s, "header")


@prop("footer.has_page_number", T.BOOL, kinds=SECTION_OR_HF)
@section_or_hf(hf_page_number)
def footer_has_page_number(s, direct):
    """Whether the footer holds a PAGE field."""
    return _hf_page(s, "footer")


def _hf_visible(s, which: str):
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


@prop("header.visible", T.BOOL, kinds=SECTION_OR_HF)
@section_or_hf(hf_visible)
def header_visible(s, direct):
    """Whether a header shows on the page, as a reader sees it: some text, a field, a
    drawing (not a watermark) or a border (the 页眉 style's line). On a section: any header
    its pages show (default, first page, even pages; inherited from the previous section).
    An empty header part is not visible (false)."""
    return _hf_visible(s, "header")


@prop("footer.visible", T.BOOL, kinds=SECTION_OR_HF)
@section_or_hf(hf_visible)
def footer_visible(s, direct):
    """Whether a footer shows on the page: some text, a field, a drawing or a border (as
    header.visible)."""
    return _hf_visible(s, "footer")
