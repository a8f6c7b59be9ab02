"""The parts of a slide, layout or master its writers edit: the sheet itself and its own
background (``p:cSld/p:bg``), set to a solid or gradient fill or removed so it inherits."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target

_A, _P = f"{{{A}}}", f"{{{P}}}"
SHEETS = ("slide", "layout", "master")


def sheet_of(t: Target):
    """The sheet a slide, layout or master target is; ``NotApplicable`` for any other."""
    if t.kind not in SHEETS:
        raise NotApplicable(f"not a slide, layout or master: {t.kind}")
    return t.sheet  # type: ignore[attr-defined]


def solid_background(color: str) -> etree._Element:
    bg = etree.Element(_P + "bg")
    pr = etree.SubElement(bg, _P + "bgPr")
    fill = etree.SubElement(pr, _A + "solidFill")
    etree.SubElement(fill, _A + "srgbClr", val=color)
    etree.SubElement(pr, _A + "effectLst")
    return bg


def gradient_background() -> etree._Element:
    bg = etree.Element(_P + "bg")
    pr = etree.SubElement(bg, _P + "bgPr")
    grad = etree.SubElement(pr, _A + "gradFill")
    lst = etree.SubElement(grad, _A + "gsLst")
    for pos, color in (("0", "FFFFFF"), ("100000", "4472C4")):
        gs = etree.SubElement(lst, _A + "gs", pos=pos)
        etree.SubElement(gs, _A + "srgbClr", val=color)
    etree.SubElement(pr, _A + "effectLst")
    return bg


def set_background(session: Session, target: Target, bg: etree._Element) -> None:
    """``bg`` made the sheet's own background (replacing any it had)."""
    c_sld = sheet_of(target).root.find(_P + "cSld")
    session.touch(c_sld)
    for old in c_sld.findall(_P + "bg"):
        c_sld.remove(old)
    c_sld.insert(0, bg)


def remove_background(session: Session, target: Target) -> None:
    """The sheet's own background removed (it then inherits its layout's or master's);
    ``NotApplicable`` when it has none of its own."""
    c_sld = sheet_of(target).root.find(_P + "cSld")
    found = False
    for old in c_sld.findall(_P + "bg"):
        session.touch(c_sld)
        c_sld.remove(old)
        found = True
    if not found:
        raise NotApplicable("no background of its own")
