"""Custom shows (自定义放映: ``p:custShowLst`` in presentation.xml, each a name and a list of
slides by relationship) and the slide show settings of presProps (``p:showPr``: which
slides play — all, a range, or a custom show — and whether saved timings advance them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from officeeval.ooxml.units import to_int
from officeeval.ppt.markup import R_ID, first_child, on, p

if TYPE_CHECKING:
    from officeeval.ppt.presentation import PptDocument


@dataclass(frozen=True)
class CustomShow:
    name: str
    show_id: str
    slides: tuple[int, ...]  # 1-based show positions; slides not in the deck are left out


def custom_shows(doc: "PptDocument") -> list[CustomShow]:
    """The presentation's custom shows in order; ``[]`` without any."""
    lst = first_child(doc.root_el, p("custShowLst"))
    out: list[CustomShow] = []
    for show in lst.findall(p("custShow")) if lst is not None else []:
        numbers = []
        sld_lst = first_child(show, p("sldLst"))
        for sld in sld_lst.findall(p("sld")) if sld_lst is not None else []:
            n = doc.slide_number_of(doc.package.target(doc.main, sld.get(R_ID)))
            if n is not None:
                numbers.append(n)
        out.append(CustomShow(show.get("name") or "", show.get("id") or "", tuple(numbers)))
    return out


def played_slides(doc: "PptDocument") -> str | None:
    """What the slide show plays: ``all``, a range ``2-5``, or ``custom`` (a custom show);
    ``None`` without show settings."""
    sp = doc.show_settings
    if sp is None:
        return None
    rg = first_child(sp, p("sldRg"))
    if rg is not None:
        st, end = to_int(rg.get("st")), to_int(rg.get("end"))
        if st is not None and end is not None:
            return f"{st}-{end}"
    if first_child(sp, p("custShow")) is not None:
        return "custom"
    return "all"


def played_custom_show(doc: "PptDocument") -> CustomShow | None:
    """The custom show the slide show plays (``p:showPr/p:custShow/@id``), if any."""
    sp = doc.show_settings
    el = first_child(sp, p("custShow")) if sp is not None else None
    if el is None:
        return None
    return next((s for s in custom_shows(doc) if s.show_id == (el.get("id") or "")), None)


def uses_timings(doc: "PptDocument") -> bool | None:
    """``p:showPr/@useTimings`` (on when absent); ``None`` without show settings."""
    sp = doc.show_settings
    return on(sp.get("useTimings"), True) if sp is not None else None
