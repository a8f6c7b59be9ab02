"""Writers of presentation settings: the slide show's loop and type (in presProps.xml) and
sections (their names, the section a slide belongs to)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import P, P14
from officeeval.ppt.edit.show_settings import show_pr
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_P, _P14 = f"{{{P}}}", f"{{{P14}}}"
SHOW_TYPES = {"speaker": "present", "browsed": "browse", "kiosk": "kiosk"}


@WRITERS.writer("presentation.loop")
def loop(session: Session, target: Target, value: Any) -> str:
    show_pr(session).set("loop", "1" if value else "0")
    return f"loop={int(bool(value))}"


@WRITERS.writer("presentation.show_type")
def show_type(session: Session, target: Target, value: Any) -> str:
    show = show_pr(session)
    tag = SHOW_TYPES.get(str(value))
    if tag is None:
        raise NotApplicable(f"no show type {value!r}")
    for old in ("present", "browse", "kiosk"):
        for el in show.findall(_P + old):
            show.remove(el)
    show.insert(0, etree.Element(_P + tag))
    return f"show type {tag}"


def _sections(session: Session) -> etree._Element:
    lst = next(session.doc.root_el.iter(_P14 + "sectionLst"), None)  # type: ignore
    if lst is None:
        raise NotApplicable("no sections")
    session.touch(lst)
    return lst


@WRITERS.writer("section.names")
def section_names(session: Session, target: Target, value: Any) -> str:
    """Sections renamed, in order, where ``value`` names them differently."""
    note = ""
    for sec, name in zip(_sections(session).findall(_P14 + "section"), list(value)):
        if sec.get("name") != name:
            sec.set("name", str(name))
            note = f"section renamed {name!r}"
    if not note:
        raise NotApplicable("no section name differs")
    return note


@WRITERS.writer("slide.section")
def slide_section(session: Session, target: Target, value: Any) -> str:
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
