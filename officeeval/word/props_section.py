"""Section properties: columns, how a section starts, the title page, vertical alignment,
different odd and even headers, page numbering; read from a section's ``w:sectPr`` (every
section for the document; page numbering also for a header or footer, its section's) with
Word's defaults when it says nothing, and written there (odd and even headers: settings.xml).

Each reader takes a section and ``direct`` (only what the section sets) and returns an
``Observation`` or ``None``; on the document, a property holds when it holds for every
section. Page setup is in ``props_page``, headers and footers in ``props_headers``.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_int, twips_to_pt
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import CM, choices, flip, next_int, shift
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Measure, Observation, aggregate
from officeeval.word import runs as R
from officeeval.word.edit.levels import SECTION, on_level, section_props
from officeeval.word.edit.xml import points, toggle, twips, valued, wset
from officeeval.word.headers import HeaderFooterTarget
from officeeval.word.targets import DocumentTarget, SectionTarget

_W = f"{{{W}}}"
SECTION_KINDS = ("section", "document")
HF_KINDS = ("header", "footer")
SECTION_OR_HF = (*SECTION_KINDS, *HF_KINDS)

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
writes = on_level(WRITERS)


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


@prop("columns.count", T.INTEGER, kinds=SECTION_KINDS, breaks=lambda ref: [2, 1, 3],
      draft=Drafting(asked="page_setup", words=("分栏", "栏"), called=("分栏",)))
@section_property
def columns_count(s, direct):
    """Number of text columns (分栏)."""
    return _cols(s, direct, "num")


@writes("columns.count", SECTION, "cols")
def put_columns_count(sect: etree._Element, v: Any) -> str:
    cols = wset(sect, "cols", num=str(int(v)), equalWidth=None)
    for c in cols.findall(_W + "col"):
        cols.remove(c)
    return f"w:cols/@w:num={int(v)}"


@prop("columns.spacing", T.LENGTH_CHARS, kinds=SECTION_KINDS, breaks=shift(CM),
      draft=Drafting(asked="page_setup", words=("分栏", "栏"), called=("分栏",),
                     in_cm=True))
@section_property
def columns_spacing(s, direct):
    """Space between columns."""
    return _cols(s, direct, "space")


@writes("columns.spacing", SECTION, "cols")
def put_columns_spacing(sect: etree._Element, v: Any) -> str:
    wset(sect, "cols", space=twips(points(v) or 0.0))
    return f"w:cols/@w:space={twips(points(v) or 0.0)}"


@prop("columns.separator", T.BOOL, kinds=SECTION_KINDS, breaks=flip,
      draft=Drafting(asked="page_setup", words=("分栏", "栏"), called=("分栏",)))
@section_property
def columns_separator(s, direct):
    """Whether a line separates the columns (分隔线)."""
    return _cols(s, direct, "sep")


@writes("columns.separator", SECTION, "cols")
def put_columns_separator(sect: etree._Element, v: Any) -> str:
    wset(sect, "cols", sep="1" if v else "0")
    return f"w:cols/@w:sep={'1' if v else '0'}"


@prop("section.start", T.EnumType("section_start"), kinds=SECTION_KINDS,
      breaks=choices("nextPage", "continuous"),
      draft=Drafting(made=True, called=("分节",)))
@section_property
def start(s, direct):
    """How the section starts: nextPage, continuous, evenPage, oddPage, nextColumn."""
    el = s.child("type")
    if el is not None and el.get(_W + "val"):
        return Observation(el.get(_W + "val"), "direct")
    return None if direct else Observation("nextPage", "default")


writes("section.start", SECTION, "type")(lambda sect, v: valued(sect, "type", v))


@prop("section.title_page", T.BOOL, kinds=SECTION_KINDS, breaks=flip,
      draft=Drafting(asked="section", words=("首页",), called=("分节",)))
@section_property
def title_page(s, direct):
    """Different first page header/footer (首页不同)."""
    el = s.child("titlePg")
    if el is not None:
        return Observation(R.on_off(el), "direct")
    return None if direct else Observation(False, "default")


writes("section.title_page", SECTION, "titlePg")(lambda sect, v: toggle(sect, "titlePg", v))


@prop("section.vertical_alignment", T.EnumType("vertical_alignment"), kinds=SECTION_KINDS,
      draft=Drafting(asked="section", words=("垂直",), called=("分节",)))
@section_property
def vertical_alignment(s, direct):
    """Vertical alignment of text on the page (页面垂直对齐方式): top, center, justify
    (both), bottom."""
    el = s.child("vAlign")
    if el is not None and el.get(_W + "val"):
        return Observation(el.get(_W + "val"), "direct")
    return None if direct else Observation("top", "default")


writes("section.vertical_alignment", SECTION, "vAlign")(
    lambda sect, v: valued(sect, "vAlign", "both" if v == "justify" else v))


@prop("section.even_and_odd", T.BOOL, kinds=SECTION_KINDS,
      draft=Drafting(asked="section", words=("奇偶",), called=("分节",)))
@section_property
def even_and_odd(s, direct):
    """Different odd and even headers (奇偶页不同; a document setting)."""
    el = s.doc.setting("evenAndOddHeaders")
    if el is not None:
        return Observation(R.on_off(el), "settings")
    return None if direct else Observation(False, "default")


@WRITERS.writer("section.even_and_odd")
def write_even_and_odd(session: Session, target: Target, value: Any) -> str:
    """A document setting (``w:evenAndOddHeaders`` in settings.xml), whatever section."""
    settings = target.doc.settings  # type: ignore[attr-defined]
    if settings is None:
        raise NotApplicable("no settings part")
    note = toggle(settings, "evenAndOddHeaders", value)
    session.touch(settings.find(_W + "evenAndOddHeaders"))
    return note


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


def _put_pgnum(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        val = str(int(v)) if attr == "start" else str(v)
        wset(sect, "pgNumType", **{attr: val})
        return f"w:pgNumType/@w:{attr}={val}"
    return write


def _section_or_hf_writer(name: str, put: Callable[[etree._Element, Any], str]) -> None:
    """Page numbering is set on the section; a header or footer target writes its
    section's."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        t = target.section if target.kind in ("header", "footer") else target  # type: ignore
        note = ""
        for sp in section_props(t):
            note = put(sp, value)
            session.touch(sp)
        return note


@prop("page_numbers.format", T.EnumType("number_format"), kinds=SECTION_OR_HF,
      breaks=choices("decimal", "upperRoman", "lowerRoman"),
      draft=Drafting(made=True, called=("页码",)))
@on_section_or_hf
def page_numbers_format(s, direct):
    """Page number format (decimal, upperRoman, chineseCounting …)."""
    return _pgnum(s, direct, "fmt")


_section_or_hf_writer("page_numbers.format", _put_pgnum("fmt"))


@prop("page_numbers.start", T.INTEGER, kinds=SECTION_OR_HF, breaks=next_int,
      draft=Drafting(made=True, called=("页码",)))
@on_section_or_hf
def page_numbers_start(s, direct):
    """Page numbering restarts at this number."""
    return _pgnum(s, direct, "start")


_section_or_hf_writer("page_numbers.start", _put_pgnum("start"))
