"""PowerPoint resolvers for custom shows and the slide show settings (设置放映方式), each with
its writer below it (custom shows in presentation.xml, the show settings in presProps.xml)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import P, R
from officeeval.ppt import shows
from officeeval.ppt.edit.show_settings import show_pr
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import (
    Plan, cycled, mistyped, on_first, other_show_slides, reordered,
)
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

PRES, SHOW = "presentation", "custom_show"
_P = f"{{{P}}}"
# The show type's element in p:showPr: which slides to play comes right after it.
_SHOW_TYPE_TAGS = ("present", "browse", "kiosk")

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


def _cust_show_els(session: Session) -> list[etree._Element]:
    lst = session.doc.root_el.find(_P + "custShowLst")  # type: ignore[attr-defined]
    found = lst.findall(_P + "custShow") if lst is not None else []
    if not found:
        raise NotApplicable("no custom shows")
    session.touch(lst)
    return found


def _show_el(session: Session, t: Target) -> etree._Element:
    if t.kind != "custom_show":
        raise NotApplicable(f"not a custom show: {t.kind}")
    for el in _cust_show_els(session):
        if (el.get("id") or "") == t.show.show_id:  # type: ignore[attr-defined]
            return el
    raise NotApplicable("the custom show is not found")


@prop("presentation.custom_shows", T.ORDERED_LIST, kinds=PRES,
      draft=Drafting(called=("自定义放映", "放映")),
      plan=Plan("setting", mistake=on_first(mistyped)))
def custom_shows(target, ctx) -> Observation | None:
    """Names of the custom shows (自定义放映) in order; an empty list when there are none."""
    got = shows.custom_shows(target.doc)
    return Observation([s.name for s in got], "direct" if got else "default")


@WRITERS.writer("presentation.custom_shows")
def write_custom_shows(session: Session, target: Target, value: Any) -> str:
    """The custom shows renamed in order (as many as both lists have)."""
    els = _cust_show_els(session)
    for el, name in zip(els, list(value)):
        el.set("name", str(name))
    return "custom shows " + "|".join(el.get("name") or "" for el in els)


@prop("custom_show.name", T.TEXT, kinds=SHOW,
      draft=Drafting(volatile=True, called=("自定义放映",)),
      plan=Plan("setting", mistake=mistyped))
def custom_show_name(target, ctx) -> Observation | None:
    """The custom show's name."""
    return Observation(target.show.name, "direct")


@WRITERS.writer("custom_show.name")
def write_custom_show_name(session: Session, target: Target, value: Any) -> str:
    _show_el(session, target).set("name", str(value))
    return f"name={value!r}"


@prop("custom_show.slides", T.ORDERED_LIST, kinds=SHOW,
      draft=Drafting(called=("自定义放映",)),
      plan=Plan("setting", mistake=reordered))
def custom_show_slides(target, ctx) -> Observation | None:
    """The slides of the custom show in the order it plays them, as their numbers in the
    presentation (3|1|5)."""
    return Observation([str(n) for n in target.show.slides], "direct")


@WRITERS.writer("custom_show.slides")
def write_custom_show_slides(session: Session, target: Target, value: Any) -> str:
    """The custom show's slides, by their numbers in the presentation, in order (each a
    relationship from presentation.xml to the slide)."""
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


@prop("presentation.show.slides", T.TEXT, kinds=PRES,
      draft=Drafting(called=("放映",)),
      plan=Plan("setting", mistake=other_show_slides))
def show_slides(target, ctx) -> Observation | None:
    """Which slides the slide show plays (放映幻灯片): all (全部), a range such as 2-5 (从 2
    到 5), or custom (a custom show: presentation.show.custom_show names it). all by
    default."""
    v = shows.played_slides(target.doc)
    if v is None:
        return None if ctx.direct else Observation("all", "default")
    return Observation(v, "presProps")


@WRITERS.writer("presentation.show.slides")
def write_show_slides(session: Session, target: Target, value: Any) -> str:
    """``all``, or a range ``2-5`` (``p:sldRg``); a custom show is chosen by
    presentation.show.custom_show."""
    show = show_pr(session)
    text = str(value).strip().lower()
    if text == "custom":
        raise NotApplicable("a custom show is chosen by its name")
    for tag in ("sldAll", "sldRg", "custShow"):
        for el in show.findall(_P + tag):
            show.remove(el)
    kind = next((c for c in show if isinstance(c.tag, str) and etree.QName(c).localname in
                 _SHOW_TYPE_TAGS), None)
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


@prop("presentation.show.custom_show", T.TEXT, kinds=PRES,
      draft=Drafting(called=("放映",)),
      plan=Plan("presentation", mistake="other_show", shows="presentation.custom_shows"))
def show_custom_show(target, ctx) -> Observation | None:
    """Name of the custom show the slide show plays (放映幻灯片 / 自定义放映); no value when it
    plays all slides or a range."""
    s = shows.played_custom_show(target.doc)
    return Observation(s.name, "presProps") if s is not None else None


@WRITERS.writer("presentation.show.custom_show")
def write_show_custom_show(session: Session, target: Target, value: Any) -> str:
    """The slide show playing the custom show named ``value``; an empty value (no custom
    show) plays every slide (``p:sldAll``)."""
    name = "" if value is None else str(value)
    found = next((s for s in shows.custom_shows(session.doc) if s.name == name), None)
    if found is None and name:
        raise NotApplicable(f"no custom show {value!r}")
    show = show_pr(session)
    for tag in ("sldAll", "sldRg", "custShow"):
        for el in show.findall(_P + tag):
            show.remove(el)
    new = (etree.Element(_P + "custShow", id=found.show_id) if found is not None
           else etree.Element(_P + "sldAll"))
    kind = next((c for c in show if isinstance(c.tag, str) and etree.QName(c).localname in
                 _SHOW_TYPE_TAGS), None)
    if kind is not None:
        kind.addnext(new)
    else:
        show.insert(0, new)
    return f"custom show {name!r}" if found is not None else "all slides"


@prop("presentation.advance", T.EnumType("show_advance"), kinds=PRES,
      draft=Drafting(called=("放映",)),
      plan=Plan("setting", mistake=cycled("timings", "manual")))
def show_advance(target, ctx) -> Observation | None:
    """How slides advance in the show (换片方式): timings (如果出现计时，则使用它, the default)
    or manual (手动; showPr/@useTimings=0)."""
    v = shows.uses_timings(target.doc)
    if v is None:
        return None if ctx.direct else Observation("timings", "default")
    return Observation("timings" if v else "manual", "presProps")


@WRITERS.writer("presentation.advance")
def write_advance(session: Session, target: Target, value: Any) -> str:
    show_pr(session).set("useTimings", "0" if str(value) == "manual" else "1")
    return f"useTimings={'0' if str(value) == 'manual' else '1'}"
