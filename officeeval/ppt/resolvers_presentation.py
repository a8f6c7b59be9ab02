"""PowerPoint resolvers for the presentation as a whole: its slides counted, their size, the
slide show's loop and type, the sections and the section a slide is in, the pictures
counted and the package's problems; each writer below its resolver (the show settings in
presProps' ``p:showPr``, the sections in ``p14:sectionLst``)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import P, P14
from officeeval.ooxml.problems import problems_of
from officeeval.ppt import content
from officeeval.ppt.edit.show_settings import show_pr
from officeeval.ppt.targets import PresentationTarget
from officeeval.ppt.value_types import SLIDE_SIZE
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

PRES, SLIDE = "presentation", "slide"
_P, _P14 = f"{{{P}}}", f"{{{P14}}}"
SHOW_TYPES = {"speaker": "present", "browsed": "browse", "kiosk": "kiosk"}

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


# ------------------------------------------------------------------ slides and their size
@prop("slide.count", T.INTEGER, kinds=PRES,
      plan=Plan("presentation", mistake="one_less", what="the last slide removed"))
def slide_count(target, ctx) -> Observation | None:
    """Number of slides (p:sldIdLst, hidden slides included)."""
    return Observation(len(target.doc.slides), "computed")


@WRITERS.writer("slide.count")
def put_slide_count(session: Session, target: Target, value: Any) -> str:
    """Fewer slides: the last ones dropped from the show."""
    lst = session.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
    items = lst.findall(_P + "sldId") if lst is not None else []
    n = int(value)
    if not 1 <= n < len(items):
        raise NotApplicable(f"{len(items)} slides cannot become {n}")
    session.touch(lst)
    for item in items[n:]:
        lst.remove(item)
    return "last slide removed" if len(items) - n == 1 else f"{len(items) - n} slides removed"


@prop("presentation.slide_size", SLIDE_SIZE, kinds=PRES, plan=Plan("slide_size"),
      draft=Drafting(called=("放映",)))
def slide_size(target, ctx) -> Observation | None:
    """Slide size: 16:9, 4:3, 16:10 by aspect ratio (1 % tolerance), a PowerPoint paper size
    (A4 = 26 x 19.05 cm, by p:sldSz/@type or dimensions), or exact dimensions within 1
    pt."""
    size = target.doc.slide_size
    return Observation(size, "direct") if size is not None else None


@WRITERS.writer("presentation.slide_size")
def put_slide_size(session: Session, target: Target, value: Any) -> str:
    """A slide size as ``16:9`` or ``4:3`` (PowerPoint's 33.867 x 19.05 cm and
    25.4 x 19.05 cm), or a ``SizeSpec`` of exact dimensions."""
    sz = session.doc.root_el.find(_P + "sldSz")  # type: ignore[attr-defined]
    if sz is None:
        raise NotApplicable("no p:sldSz")
    text = str(value)
    sizes = {"16:9": ("12192000", "6858000"), "4:3": ("9144000", "6858000")}
    if text not in sizes:
        raise NotApplicable(f"a {text} slide size is not made up")
    cx, cy = sizes[text]
    sz.set("cx", cx)
    sz.set("cy", cy)
    sz.attrib.pop("type", None)
    session.touch(sz)
    return f"cx={cx}"


# ------------------------------------------------------------------ the slide show
@prop("presentation.loop", T.BOOL, kinds=PRES,
      plan=Plan("presentation", mistake="flip", what="loop changed"),
      draft=Drafting(called=("放映",)))
def loop(target, ctx) -> Observation | None:
    """Loop continuously until Esc (循环放映，按 ESC 键终止; presProps showPr/@loop). False by
    default."""
    v = target.doc.loop
    if v is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(v, "presProps")


@WRITERS.writer("presentation.loop")
def put_loop(session: Session, target: Target, value: Any) -> str:
    show_pr(session).set("loop", "1" if value else "0")
    return f"loop={int(bool(value))}"


@prop("presentation.show_type", T.EnumType("show_type"), kinds=PRES,
      plan=Plan("presentation", mistake="tokens", tokens=("speaker", "kiosk"),
                what="show type changed"),
      draft=Drafting(called=("放映",)))
def show_type(target, ctx) -> Observation | None:
    """Show type: speaker (演讲者放映), browsed (观众自行浏览), kiosk (在展台浏览). speaker by
    default."""
    v = target.doc.show_type
    if v is None:
        return None if ctx.direct else Observation("speaker", "default")
    return Observation(v, "presProps")


@WRITERS.writer("presentation.show_type")
def put_show_type(session: Session, target: Target, value: Any) -> str:
    show = show_pr(session)
    tag = SHOW_TYPES.get(str(value))
    if tag is None:
        raise NotApplicable(f"no show type {value!r}")
    for old in ("present", "browse", "kiosk"):
        for el in show.findall(_P + old):
            show.remove(el)
    show.insert(0, etree.Element(_P + tag))
    return f"show type {tag}"


# ------------------------------------------------------------------ sections
def _sections(session: Session) -> etree._Element:
    lst = next(session.doc.root_el.iter(_P14 + "sectionLst"), None)  # type: ignore
    if lst is None:
        raise NotApplicable("no sections")
    session.touch(lst)
    return lst


@prop("section.names", T.ORDERED_LIST, kinds=PRES,
      plan=Plan("presentation", mistake="rename_first", what="a section renamed"),
      draft=Drafting(called=("分为", "分节"),
                     skill="slide"))
def section_names(target, ctx) -> Observation | None:
    """Section names in order (节; p14:sectionLst)."""
    sections = target.doc.sections
    if not sections:
        return None
    return Observation([name for name, _ in sections], "direct")


@WRITERS.writer("section.names")
def put_section_names(session: Session, target: Target, value: Any) -> str:
    """Sections renamed, in order, where ``value`` names them differently."""
    note = ""
    for sec, name in zip(_sections(session).findall(_P14 + "section"), list(value)):
        if sec.get("name") != name:
            sec.set("name", str(name))
            note = f"section renamed {name!r}"
    if not note:
        raise NotApplicable("no section name differs")
    return note


@prop("slide.section", T.TEXT, kinds=SLIDE, plan=Plan("slide_section"),
      draft=Drafting(called=("分为",)))
def slide_section(target, ctx) -> Observation | None:
    """Name of the section the slide belongs to."""
    name = target.doc.section_of(target.slide_id)
    return Observation(name, "direct") if name is not None else None


@WRITERS.writer("slide.section")
def put_slide_section(session: Session, target: Target, value: Any) -> str:
    """The slide moved into the section named ``value`` (at its end)."""
    secs = _sections(session).findall(_P14 + "section")
    dest = next((s for s in secs if s.get("name") == str(value)), None)
    if dest is None:
        raise NotApplicable(f"no section {value!r}")
    for sec in secs:
        ids = sec.find(_P14 + "sldIdLst")
        hit = next((e for e in (ids if ids is not None else [])
                    if e.get("id") == target.slide_id), None)  # type: ignore[attr-defined]
        if hit is not None:
            if sec is dest:
                raise NotApplicable("the slide is already there")
            ids.remove(hit)
            lst = dest.find(_P14 + "sldIdLst")
            if lst is None:
                lst = etree.SubElement(dest, _P14 + "sldIdLst")
            lst.append(hit)
            return f"slide moved to section {value!r}"
    raise NotApplicable("the slide is in no section")


# ------------------------------------------------------------------ counted, not written
@prop("picture.count", T.INTEGER, kinds=(PRES, SLIDE),
      read_only="counted: add or delete pictures",
      draft=Drafting(volatile=True))
def picture_count(target, ctx) -> Observation | None:
    """Number of pictures on the slide (or in the presentation), inside groups too; media
    are not counted."""
    if isinstance(target, PresentationTarget):
        return Observation(sum(len(content.pictures(s.sheet)) for s in target.doc.slides),
                           "computed")
    return Observation(len(content.pictures(target.sheet)), "computed")


@binds("package.problems", kinds=PRES, read_only="found in the package's structure: write the part, relationship or order")
def package_problems(t, ctx):
    if t.kind != PRES:
        return None
    return Observation([str(p) for p in problems_of(t.doc)], "computed")


@binds("package.problem_count", kinds=PRES, read_only="found in the package's structure: write the part, relationship or order")
def package_problem_count(t, ctx):
    if t.kind != PRES:
        return None
    return Observation(len(problems_of(t.doc)), "computed")
