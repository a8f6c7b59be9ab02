"""The parts of a shape that its writers edit: the shape itself, its own transform (the
whole box made its own when it inherits it), its ``p:spPr``, and the part its graphic
data points to (a chart's, a SmartArt's)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target

_A, _P = f"{{{A}}}", f"{{{P}}}"
EMU_PER_PT = 12700


def shape_of(t: Target):
    """The shape ``t`` is or lies in; ``NotApplicable`` for a target in no shape."""
    shape = getattr(t, "shape", None)
    if shape is None:
        raise NotApplicable(f"no shape for a {t.kind} target")
    return shape


def own_xfrm(shape) -> etree._Element:
    """The shape's own transform (``p:xfrm`` of a graphic frame, else ``a:xfrm`` in its
    ``spPr``), created when absent."""
    if shape.el.tag == _P + "graphicFrame":
        xfrm = shape.el.find(_P + "xfrm")
        if xfrm is None:
            xfrm = etree.SubElement(shape.el, _P + "xfrm")
        return xfrm
    sp_pr = shape.el.find(_P + "spPr")
    if sp_pr is None:
        sp_pr = etree.SubElement(shape.el, _P + "spPr")
    xfrm = sp_pr.find(_A + "xfrm")
    if xfrm is None:
        xfrm = etree.Element(_A + "xfrm")
        sp_pr.insert(0, xfrm)
    return xfrm


def own_box(shape) -> etree._Element:
    """The shape's own transform holding its whole box (an inherited placeholder box made
    its own); ``NotApplicable`` when the shape has no box."""
    from officeeval.ppt.sheets import effective_box
    xfrm = own_xfrm(shape)
    if xfrm.find(_A + "off") is None or xfrm.find(_A + "ext") is None:
        got = effective_box(shape)
        if got is None:
            raise NotApplicable("the shape has no box")
        box = got[0]
        for child in list(xfrm):
            if child.tag in (_A + "off", _A + "ext"):
                xfrm.remove(child)
        etree.SubElement(xfrm, _A + "off", x=str(int(box.x)), y=str(int(box.y)))
        etree.SubElement(xfrm, _A + "ext", cx=str(int(box.cx)), cy=str(int(box.cy)))
    return xfrm


def sp_pr(shape) -> etree._Element:
    """The shape's own ``p:spPr``; ``NotApplicable`` when it has none."""
    sp = shape.el.find(_P + "spPr")
    if sp is None:
        raise NotApplicable("a shape without spPr")
    return sp


def on_sp_pr(session: Session, target: Target, edit: Callable[[etree._Element, Any], str],
             value: Any) -> str:
    """``edit(spPr, value)`` on the shape's own properties, the part marked as changed."""
    sp = sp_pr(shape_of(target))
    note = edit(sp, value)
    session.touch(sp)
    return note


def none_or_solid(value: Any, what: str, solid: str) -> str:
    """``none``, or the ``solid`` colour for ``solid``; other kinds are not made up
    (``NotApplicable``)."""
    if str(value) not in ("none", "solid"):
        raise NotApplicable(f"a {value} {what} is not made up")
    return "none" if str(value) == "none" else solid


def graphic_part(session: Session, t: Target, tag: str, attr: str) -> str:
    """The part a shape's graphic data points to (``c:chart``/@r:id, ``dgm:relIds``/@r:dm
    …); ``NotApplicable`` when it is not found."""
    shape = shape_of(t)
    el = next(shape.el.iter(tag), None)
    rid = el.get(attr) if el is not None else None
    part = session.doc.package.target(shape.sheet.part, rid)
    if part is None:
        raise NotApplicable("the graphic's part is not found")
    return part
