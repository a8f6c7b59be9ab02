"""The presentation's list of slides (``p:sldIdLst``) as its writers and the audit edit it:
two slides swapped in the show."""

from __future__ import annotations

from officeeval.ooxml.ns import P
from officeeval.properties.writing import Session

_P = f"{{{P}}}"


def swap_slides(session: Session, n: int, other: int) -> str:
    """Slides ``n`` and ``other`` (1-based) swapped in the show."""
    lst = session.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
    items = list(lst.findall(_P + "sldId"))
    a_, b_ = items[n - 1], items[other - 1]
    # Swapping the entries' attributes (id, r:id) swaps the slides' positions.
    attrs_a, attrs_b = dict(a_.attrib), dict(b_.attrib)
    a_.attrib.clear()
    b_.attrib.clear()
    a_.attrib.update(attrs_b)
    b_.attrib.update(attrs_a)
    session.touch(lst)
    return f"slides {n} and {other} swapped"
