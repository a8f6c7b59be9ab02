"""Writers of section and page properties: ``w:sectPr`` children (page size and margins,
columns, page borders, page numbering, section start, title page, vertical alignment) on
the target's section (every section for the document), and the document setting of
different odd and even headers."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Border
from officeeval.word.edit.font import toggle, valued
from officeeval.word.edit.levels import SECTION, on_level
from officeeval.word.edit.xml import _W, points, twips, wset

WRITERS = WriterSet()
writes = on_level(WRITERS)
SIDES = ("top", "left", "bottom", "right")


def _pg(sect: etree._Element) -> tuple[float, float]:
    el = sect.find(_W + "pgSz")
    try:
        w = float(el.get(_W + "w")) / 20 if el is not None else 612.0
        h = float(el.get(_W + "h")) / 20 if el is not None else 792.0
    except (TypeError, ValueError):
        w, h = 612.0, 792.0
    return w, h


@writes("page.size", SECTION, "pgSz")
def page_size(sect: etree._Element, v: Any) -> str:
    """A ``PageSize``, or a paper's name (A4, B5 …) in portrait."""
    if not hasattr(v, "width"):
        from officeeval.values import PAPER_SIZES, PageSize
        size = PAPER_SIZES.get(str(v).strip()) or PAPER_SIZES.get(str(v).strip().upper())
        if size is None:
            raise NotApplicable(f"no paper {v!r}")
        v = PageSize(*size)
    wset(sect, "pgSz", w=twips(v.width), h=twips(v.height))
    return f"w:pgSz {twips(v.width)}x{twips(v.height)}"


def _page_dim(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        wset(sect, "pgSz", **{attr: twips(points(v) or 0.0)})
        return f"w:pgSz/@w:{attr}={twips(points(v) or 0.0)}"
    return write


writes("page.width", SECTION, "pgSz")(_page_dim("w"))
writes("page.height", SECTION, "pgSz")(_page_dim("h"))


@writes("page.orientation", SECTION, "pgSz")
def orientation(sect: etree._Element, v: Any) -> str:
    w, h = _pg(sect)
    lo, hi = sorted((w, h))
    if v == "landscape":
        wset(sect, "pgSz", w=twips(hi), h=twips(lo), orient="landscape")
    else:
        wset(sect, "pgSz", w=twips(lo), h=twips(hi), orient="portrait")
    return f"w:pgSz orient={v}"


def _margin(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        wset(sect, "pgMar", **{attr: twips(points(v) or 0.0)})
        return f"w:pgMar/@w:{attr}={twips(points(v) or 0.0)}"
    return write


writes("page.margin.top", SECTION, "pgMar")(_margin("top"))
writes("page.margin.bottom", SECTION, "pgMar")(_margin("bottom"))
writes("page.margin.left", SECTION, "pgMar")(_margin("left"))
writes("page.margin.right", SECTION, "pgMar")(_margin("right"))
writes("page.margin.gutter", SECTION, "pgMar")(_margin("gutter"))
writes("page.header_distance", SECTION, "pgMar")(_margin("header"))
writes("page.footer_distance", SECTION, "pgMar")(_margin("footer"))


@writes("page.border", SECTION, "pgBorders")
def page_border(sect: etree._Element, v: Any) -> str:
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


def _page_border_side(side: str) -> Callable[[etree._Element, Any], str]:
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


writes("page.border.top", SECTION, "pgBorders")(_page_border_side("top"))
writes("page.border.left", SECTION, "pgBorders")(_page_border_side("left"))
writes("page.border.bottom", SECTION, "pgBorders")(_page_border_side("bottom"))
writes("page.border.right", SECTION, "pgBorders")(_page_border_side("right"))


@writes("columns.count", SECTION, "cols")
def columns_count(sect: etree._Element, v: Any) -> str:
    cols = wset(sect, "cols", num=str(int(v)), equalWidth=None)
    for c in cols.findall(_W + "col"):
        cols.remove(c)
    return f"w:cols/@w:num={int(v)}"


@writes("columns.spacing", SECTION, "cols")
def columns_spacing(sect: etree._Element, v: Any) -> str:
    wset(sect, "cols", space=twips(points(v) or 0.0))
    return f"w:cols/@w:space={twips(points(v) or 0.0)}"


@writes("columns.separator", SECTION, "cols")
def columns_separator(sect: etree._Element, v: Any) -> str:
    wset(sect, "cols", sep="1" if v else "0")
    return f"w:cols/@w:sep={'1' if v else '0'}"


writes("section.start", SECTION, "type")(lambda sect, v: valued(sect, "type", v))
writes("section.title_page", SECTION, "titlePg")(lambda sect, v: toggle(sect, "titlePg", v))
writes("section.vertical_alignment", SECTION, "vAlign")(
    lambda sect, v: valued(sect, "vAlign", "both" if v == "justify" else v))


def _pgnum(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        val = str(int(v)) if attr == "start" else str(v)
        wset(sect, "pgNumType", **{attr: val})
        return f"w:pgNumType/@w:{attr}={val}"
    return write


def _on_section_or_hf(name: str, put: Callable[[etree._Element, Any], str]) -> None:
    """Page numbering is set on the section; a header or footer target writes its
    section's."""
    from officeeval.word.edit.levels import section_props

    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        t = target.section if target.kind in ("header", "footer") else target  # type: ignore
        note = ""
        for sp in section_props(t):
            note = put(sp, value)
            session.touch(sp)
        return note


_on_section_or_hf("page_numbers.format", _pgnum("fmt"))
_on_section_or_hf("page_numbers.start", _pgnum("start"))


@WRITERS.writer("section.even_and_odd")
def even_and_odd(session: Session, target: Target, value: Any) -> str:
    """A document setting (``w:evenAndOddHeaders`` in settings.xml), whatever section."""
    settings = target.doc.settings  # type: ignore[attr-defined]
    if settings is None:
        raise NotApplicable("no settings part")
    note = toggle(settings, "evenAndOddHeaders", value)
    session.touch(settings.find(_W + "evenAndOddHeaders"))
    return note


# w:sectPr children that come after w:rtlGutter (CT_SectPr, ISO 29500 17.6.17).
_AFTER_RTL_GUTTER = ("docGrid", "printerSettings", "sectPrChange")


@WRITERS.writer("page.margin.gutter_position")
def gutter_position(session: Session, target: Target, value: Any) -> str:
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
