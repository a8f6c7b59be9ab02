"""Page setup (``page.*``): paper size and orientation, margins and the gutter, header and
footer distances, page borders; read from a section's ``w:sectPr`` (every section for the
document) with Word's defaults (US Letter, 1 inch margins) when it says nothing, and
written there.
"""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import eighth_points_to_pt, twips_to_pt
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import CM, choices, page_sizes, shift
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import PAPER_SIZES, Border, Measure, Observation, PageSize, aggregate
from officeeval.word import runs as R
from officeeval.word.edit.borders import SIDES
from officeeval.word.edit.levels import SECTION, on_level
from officeeval.word.edit.xml import points, toggle, twips, wset
from officeeval.word.props_section import SECTION_KINDS, section_property
from officeeval.word.targets import SectionTarget

_W = f"{{{W}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
writes = on_level(WRITERS)


def _pg_size(s: SectionTarget, direct: bool) -> tuple[float, float, str] | None:
    el = s.child("pgSz")
    w = twips_to_pt(el.get(_W + "w")) if el is not None else None
    h = twips_to_pt(el.get(_W + "h")) if el is not None else None
    if w and h and w > 0 and h > 0:
        return w, h, "direct"
    if direct:
        return None
    return 612.0, 792.0, "default"  # Word's default page: US Letter


def _written_size(sect: etree._Element) -> tuple[float, float]:
    el = sect.find(_W + "pgSz")
    try:
        w = float(el.get(_W + "w")) / 20 if el is not None else 612.0
        h = float(el.get(_W + "h")) / 20 if el is not None else 792.0
    except (TypeError, ValueError):
        w, h = 612.0, 792.0
    return w, h


@prop("page.size", T.PAGE_SIZE, kinds=SECTION_KINDS, breaks=page_sizes,
      draft=Drafting(asked="page_setup", words=("纸张", "A4", "B5", "A3", "Letter"), called=("纸张",),
                     named_sizes=True))
@section_property
def page_size(s, direct):
    """Paper size by dimensions (A4, A3, B5, 16K, Letter …), in either orientation."""
    got = _pg_size(s, direct)
    return Observation(PageSize(got[0], got[1]), got[2]) if got else None


@writes("page.size", SECTION, "pgSz")
def put_page_size(sect: etree._Element, v: Any) -> str:
    """A ``PageSize``, or a paper's name (A4, B5 …) in portrait."""
    if not hasattr(v, "width"):
        size = PAPER_SIZES.get(str(v).strip()) or PAPER_SIZES.get(str(v).strip().upper())
        if size is None:
            raise NotApplicable(f"no paper {v!r}")
        v = PageSize(*size)
    wset(sect, "pgSz", w=twips(v.width), h=twips(v.height))
    return f"w:pgSz {twips(v.width)}x{twips(v.height)}"


def _page_dim(s, direct, i: int):
    got = _pg_size(s, direct)
    return Observation(Measure(got[i]), got[2]) if got else None


def _put_page_dim(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        wset(sect, "pgSz", **{attr: twips(points(v) or 0.0)})
        return f"w:pgSz/@w:{attr}={twips(points(v) or 0.0)}"
    return write


@prop("page.width", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(2 * CM),
      draft=Drafting(asked="page_setup", words=("纸张", "宽"), side_of="page.size"))
@section_property
def page_width(s, direct):
    """Page width."""
    return _page_dim(s, direct, 0)


writes("page.width", SECTION, "pgSz")(_put_page_dim("w"))


@prop("page.height", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(2 * CM),
      draft=Drafting(asked="page_setup", words=("纸张", "高"), side_of="page.size"))
@section_property
def page_height(s, direct):
    """Page height."""
    return _page_dim(s, direct, 1)


writes("page.height", SECTION, "pgSz")(_put_page_dim("h"))


@prop("page.orientation", T.EnumType("orientation"), kinds=SECTION_KINDS,
      breaks=choices("landscape", "portrait"),
      draft=Drafting(asked="page_setup", words=("方向", "横向", "纵向")))
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


@writes("page.orientation", SECTION, "pgSz")
def put_orientation(sect: etree._Element, v: Any) -> str:
    w, h = _written_size(sect)
    lo, hi = sorted((w, h))
    if v == "landscape":
        wset(sect, "pgSz", w=twips(hi), h=twips(lo), orient="landscape")
    else:
        wset(sect, "pgSz", w=twips(lo), h=twips(hi), orient="portrait")
    return f"w:pgSz orient={v}"


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


def _put_margin(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        wset(sect, "pgMar", **{attr: twips(points(v) or 0.0)})
        return f"w:pgMar/@w:{attr}={twips(points(v) or 0.0)}"
    return write


@prop("page.margin.top", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM),
      draft=Drafting(asked="page_setup", words=("页边距", "边距"), called=("页边距",)))
@section_property
def margin_top(s, direct):
    """Top margin."""
    return _margin(s, direct, "top")


writes("page.margin.top", SECTION, "pgMar")(_put_margin("top"))


@prop("page.margin.bottom", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM),
      draft=Drafting(asked="page_setup", words=("页边距", "边距"), called=("页边距",)))
@section_property
def margin_bottom(s, direct):
    """Bottom margin."""
    return _margin(s, direct, "bottom")


writes("page.margin.bottom", SECTION, "pgMar")(_put_margin("bottom"))


@prop("page.margin.left", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM),
      draft=Drafting(asked="page_setup", words=("页边距", "边距"), called=("页边距",)))
@section_property
def margin_left(s, direct):
    """Left margin."""
    return _margin(s, direct, "left")


writes("page.margin.left", SECTION, "pgMar")(_put_margin("left"))


@prop("page.margin.right", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM),
      draft=Drafting(asked="page_setup", words=("页边距", "边距"), called=("页边距",)))
@section_property
def margin_right(s, direct):
    """Right margin."""
    return _margin(s, direct, "right")


writes("page.margin.right", SECTION, "pgMar")(_put_margin("right"))


@prop("page.margin.gutter", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM),
      draft=Drafting(asked="page_setup", words=("装订线",), called=("页边距",)))
@section_property
def margin_gutter(s, direct):
    """Gutter (装订线) width."""
    return _margin(s, direct, "gutter")


writes("page.margin.gutter", SECTION, "pgMar")(_put_margin("gutter"))


@prop("page.margin.gutter_position", T.EnumType("gutter_position"), kinds=SECTION_KINDS,
      breaks=choices("left", "top"),
      draft=Drafting(asked="page_setup", words=("装订线",), called=("页边距",)))
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


# w:sectPr children that come after w:rtlGutter (CT_SectPr, ISO 29500 17.6.17).
_AFTER_RTL_GUTTER = ("docGrid", "printerSettings", "sectPrChange")


@WRITERS.writer("page.margin.gutter_position")
def write_gutter_position(session: Session, target: Target, value: Any) -> str:
    """``top``: the document setting ``w:gutterAtTop`` (every section); ``right``: the
    section's ``w:rtlGutter`` (every section for the document) with the setting off;
    ``left``: both off."""
    settings = target.doc.settings  # type: ignore[attr-defined]
    if target.kind == "section":
        sections = [target.sect_pr]  # type: ignore[attr-defined]
    elif target.kind == "document":
        sections = [s.sect_pr for s in target.doc.sections]  # type: ignore[attr-defined]
    else:
        raise NotApplicable(f"not a section: {target.kind}")
    value = str(value)
    if value not in ("left", "top", "right"):
        raise NotApplicable(f"no gutter position {value!r}")
    if settings is None:
        if value == "top":
            raise NotApplicable("no settings part")
    else:
        old = settings.find(_W + "gutterAtTop")
        if value == "top":
            toggle(settings, "gutterAtTop", True)
            session.touch(settings.find(_W + "gutterAtTop"))
        elif old is not None:
            settings.remove(old)
            session.touch(settings)
    for sect in sections:
        el = sect.find(_W + "rtlGutter")
        if value == "right":
            if el is None:
                el = etree.Element(_W + "rtlGutter")
                after = [c for c in sect if c.tag in {_W + t for t in _AFTER_RTL_GUTTER}]
                if after:
                    after[0].addprevious(el)
                else:
                    sect.append(el)
            el.attrib.pop(_W + "val", None)
            session.touch(el)
        elif el is not None:
            sect.remove(el)
            session.touch(sect)
    return f"gutter {value}"


@prop("page.header_distance", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM / 2),
      draft=Drafting(asked="page_setup", words=("页眉", "边界")))
@section_property
def header_distance(s, direct):
    """Header distance from the page edge (页眉距边界)."""
    return _margin(s, direct, "header")


writes("page.header_distance", SECTION, "pgMar")(_put_margin("header"))


@prop("page.footer_distance", T.LENGTH_ABS, kinds=SECTION_KINDS, breaks=shift(CM / 2),
      draft=Drafting(asked="page_setup", words=("页脚", "边界")))
@section_property
def footer_distance(s, direct):
    """Footer distance from the page edge."""
    return _margin(s, direct, "footer")


writes("page.footer_distance", SECTION, "pgMar")(_put_margin("footer"))


def border_of(el) -> Border:
    """A ``w:top``/``w:left``… border element as a ``Border`` (``nil`` is ``none``)."""
    style = el.get(_W + "val") or "none"
    return Border("none" if style in ("nil", "none") else style,
                  eighth_points_to_pt(el.get(_W + "sz")), normalize_hex(el.get(_W + "color")))


@prop("page.border", T.BORDER, kinds=SECTION_KINDS,
      breaks=lambda ref: [Border("single", 0.5), Border("none")],
      draft=Drafting(volatile=True))
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


@writes("page.border", SECTION, "pgBorders")
def put_page_border(sect: etree._Element, v: Any) -> str:
    old = sect.find(_W + "pgBorders")
    if old is not None:
        sect.remove(old)
    if isinstance(v, Border) and v.style != "none":
        box = etree.SubElement(sect, _W + "pgBorders")
        for side in SIDES:
            etree.SubElement(box, _W + side, {_W + "val": v.style, _W + "sz": "4",
                                               _W + "space": "24", _W + "color": "auto"})
        return f"w:pgBorders {v.style}"
    return "w:pgBorders removed"


def _page_border_side(s, direct, side: str):
    el = s.child("pgBorders")
    b = el.find(_W + side) if el is not None else None
    if b is None:
        return None if direct else Observation(Border("none"), "default")
    return Observation(border_of(b), "direct")


def _put_page_border_side(side: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        box = sect.find(_W + "pgBorders")
        if box is None:
            box = etree.SubElement(sect, _W + "pgBorders")
        old = box.find(_W + side)
        if old is not None:
            box.remove(old)
        if isinstance(v, Border) and v.style != "none":
            etree.SubElement(box, _W + side, {_W + "val": v.style, _W + "sz": "4",
                                               _W + "space": "24", _W + "color": "auto"})
            return f"w:pgBorders/w:{side} {v.style}"
        return f"w:pgBorders/w:{side} removed"
    return write


@prop("page.border.top", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_top(s, direct):
    """Top page border."""
    return _page_border_side(s, direct, "top")


writes("page.border.top", SECTION, "pgBorders")(_put_page_border_side("top"))


@prop("page.border.bottom", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_bottom(s, direct):
    """Bottom page border."""
    return _page_border_side(s, direct, "bottom")


writes("page.border.bottom", SECTION, "pgBorders")(_put_page_border_side("bottom"))


@prop("page.border.left", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_left(s, direct):
    """Left page border."""
    return _page_border_side(s, direct, "left")


writes("page.border.left", SECTION, "pgBorders")(_put_page_border_side("left"))


@prop("page.border.right", T.BORDER, kinds=SECTION_KINDS)
@section_property
def page_border_right(s, direct):
    """Right page border."""
    return _page_border_side(s, direct, "right")


writes("page.border.right", SECTION, "pgBorders")(_put_page_border_side("right"))
