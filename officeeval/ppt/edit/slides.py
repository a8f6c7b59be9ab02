"""The audit's edits of slides that are not a property's value: targets deleted, formatting
no property reads (slides are reordered with ``slide_list``)."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.ppt.edit.text_nodes import SHAPE_KINDS, shown_nodes
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target

_A, _P = f"{{{A}}}", f"{{{P}}}"


# ------------------------------------------------------------------ deletion and order
DELETABLE = SHAPE_KINDS | {"slide", "paragraph", "run", "animation"}


def delete(session: Session, t: Target) -> None:
    """Remove ``t``: a slide from the show, an animation's effect, a shape, a paragraph
    (a text body keeps one, emptied) or a run."""
    if t.kind == "slide":
        lst = session.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
        for item in list(lst) if lst is not None else []:
            if item.get("id") == t.slide_id:  # type: ignore[attr-defined]
                session.touch(lst)
                lst.remove(item)
                return
        raise NotApplicable("slide id not found")
    if t.kind == "animation":
        from officeeval.ppt.edit.timing_parts import effect_ctn
        ctn = effect_ctn(t)
        par = ctn.getparent()
        session.touch(par)
        par.getparent().remove(par)
        return
    el = t.shape.el if t.kind in SHAPE_KINDS else t.el  # type: ignore[attr-defined]
    parent = el.getparent()
    session.touch(el)
    if t.kind == "paragraph" and len(parent.findall(_A + "p")) == 1:
        for r in el.findall(_A + "r"):  # a text body keeps one paragraph
            el.remove(r)
        return
    parent.remove(el)


# ------------------------------------------------------------------ read by no property
def italicize(session: Session, sheet) -> None:
    """Every run of a slide made italic (a slide no check selects)."""
    for r in sheet.root.iter(_A + "r"):
        rpr = r.find(_A + "rPr")
        if rpr is None:
            rpr = etree.Element(_A + "rPr")
            r.insert(0, rpr)
        rpr.set("i", "1")
        session.touch(rpr)


def spell_flags(session: Session, t: Target) -> None:
    """Spell-check flags (read by no property) set on the runs of ``t``'s text."""
    for el in shown_nodes(t):
        r = el.getparent()
        rpr = r.find(_A + "rPr")
        if rpr is None:
            rpr = etree.Element(_A + "rPr")
            r.insert(0, rpr)
        rpr.set("dirty", "0")
        rpr.set("err", "1")
        session.touch(rpr)
