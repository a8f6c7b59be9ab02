"""Writers of presentation settings: the slide show (loop, show type, in presProps.xml) and
sections (their names, the section a slide belongs to)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import P, P14
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_P, _P14 = f"{{{P}}}", f"{{{P14}}}"
SHOW_TYPES = {"speaker": "present", "browsed": "browse", "kiosk": "kiosk"}


def _show_pr(session: Session) -> etree._Element:
    doc = session.doc
    name = doc.package.related_one(doc.main, "presProps")  # type: ignore[attr-defined]
    if name is None:
        raise NotApplicable("no presProps part")
    root = session.part(name)
    show = root.find(_P + "showPr")
    if show is None:
        show = etree.Element(_P + "showPr")
        root.insert(0, show)
    return show


@WRITERS.writer("presentation.loop")
def loop(session: Session, target: Target, value: Any) -> str:
    _show_pr(session).set("loop", "1" if value else "0")
    return f"loop={int(bool(value))}"


@WRITERS.writer("presentation.show_type")
def show_type(session: Session, target: Target, value: Any) -> str:
    show = _show_pr(session)
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


# ------------------------------------------------------------------ custom shows
def _cust_show_els(session: Session) -> list[etree._Element]:
    lst = session.doc.root_el.find(_P + "custShowLst")  # type: ignore[attr-defined]
    shows = lst.findall(_P + "custShow") if lst is not None else []
    if not shows:
        raise NotApplicable("no custom shows")
    session.touch(lst)
    return shows


def _show_el(session: Session, t: Target) -> etree._Element:
    if t.kind != "custom_show":
        raise NotApplicable(f"not a custom show: {t.kind}")
    for el in _cust_show_els(session):
        if (el.get("id") or "") == t.show.show_id:  # type: ignore[attr-defined]
            return el
    raise NotApplicable("the custom show is not found")


@WRITERS.writer("presentation.custom_shows")
def custom_shows(session: Session, target: Target, value: Any) -> str:
    """The custom shows renamed in order (as many as both lists have)."""
    shows = _cust_show_els(session)
    for el, name in zip(shows, list(value)):
        el.set("name", str(name))
    return "custom shows " + "|".join(el.get("name") or "" for el in shows)


@WRITERS.writer("custom_show.name")
def custom_show_name(session: Session, target: Target, value: Any) -> str:
    _show_el(session, target).set("name", str(value))
    return f"name={value!r}"


@WRITERS.writer("custom_show.slides")
def custom_show_slides(session: Session, target: Target, value: Any) -> str:
    """The custom show's slides, by their numbers in the presentation, in order (each a
    relationship from presentation.xml to the slide)."""
    from officeeval.ooxml.ns import R
    doc = session.doc
    el = _show_el(session, target)
    rels = {part.lower(): rid for rid, part in (
        (rid, doc.package.target(doc.main, rid))  # type: ignore[attr-defined]
        for rid in doc.package.rels(doc.main)) if part}  # type: ignore[attr-defined]
    lst = el.find(_P + "sldLst")
    if lst is None:
        lst = etree.SubElement(el, _P + "sldLst")
    for old in list(lst):
        lst.remove(old)
    parts = doc.slide_parts  # type: ignore[attr-defined]
    for n in value:
        i = int(str(n)) - 1
        if not 0 <= i < len(parts) or parts[i].lower() not in rels:
            raise NotApplicable(f"no slide {n}")
        etree.SubElement(lst, _P + "sld", {f"{{{R}}}id": rels[parts[i].lower()]})
    return "slides " + "|".join(str(n) for n in value)


@WRITERS.writer("presentation.show.slides")
def show_slides(session: Session, target: Target, value: Any) -> str:
    """``all``, or a range ``2-5`` (``p:sldRg``); a custom show is chosen by
    presentation.show.custom_show."""
    show = _show_pr(session)
    text = str(value).strip().lower()
    if text == "custom":
        raise NotApplicable("a custom show is chosen by its name")
    for tag in ("sldAll", "sldRg", "custShow"):
        for el in show.findall(_P + tag):
            show.remove(el)
    kind = next((c for c in show if isinstance(c.tag, str) and etree.QName(c).localname in (
        "present", "browse", "kiosk")), None)
    if text == "all":
        new = etree.Element(_P + "sldAll")
    else:
        st, _, end = text.partition("-")
        new = etree.Element(_P + "sldRg", st=str(int(st)), end=str(int(end or st)))
    # CT_ShowProperties: the show type, then which slides, then penClr and extLst.
    if kind is not None:
        kind.addnext(new)
    else:
        show.insert(0, new)
    return f"slides {text}"


@WRITERS.writer("presentation.show.custom_show")
def show_custom_show(session: Session, target: Target, value: Any) -> str:
    """The slide show playing the custom show named ``value``; an empty value (no custom
    show) plays every slide (``p:sldAll``)."""
    from officeeval.ppt.shows import custom_shows as read_shows
    name = "" if value is None else str(value)
    found = next((s for s in read_shows(session.doc) if s.name == name), None)
    if found is None and name:
        raise NotApplicable(f"no custom show {value!r}")
    show = _show_pr(session)
    for tag in ("sldAll", "sldRg", "custShow"):
        for el in show.findall(_P + tag):
            show.remove(el)
    new = (etree.Element(_P + "custShow", id=found.show_id) if found is not None
           else etree.Element(_P + "sldAll"))
    kind = next((c for c in show if isinstance(c.tag, str) and etree.QName(c).localname in (
        "present", "browse", "kiosk")), None)
    if kind is not None:
        kind.addnext(new)
    else:
        show.insert(0, new)
    return f"custom show {name!r}" if found is not None else "all slides"


@WRITERS.writer("presentation.advance")
def advance(session: Session, target: Target, value: Any) -> str:
    _show_pr(session).set("useTimings", "0" if str(value) == "manual" else "1")
    return f"useTimings={'0' if str(value) == 'manual' else '1'}"
