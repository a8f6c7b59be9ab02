"""The slide show settings being edited: ``p:showPr`` of the presentation's properties part
(presProps.xml), which the writers of the show's type, loop, slides and advance share."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import P
from officeeval.properties.writing import NotApplicable, Session

_P = f"{{{P}}}"


def show_pr(session: Session) -> etree._Element:
    """``p:showPr`` of the presProps part, created (first) when absent and the part marked
    as changed; ``NotApplicable`` when the presentation has no presProps part."""
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
