"""The audit's edits of shapes that are not a property's value: a native table turned into a
text box holding its text."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.ppt.edit.shape_parts import shape_of
from officeeval.properties.writing import Session
from officeeval.targets import Target

_A, _P = f"{{{A}}}", f"{{{P}}}"


def table_to_textbox(session: Session, t: Target) -> None:
    """A native table replaced by a text box holding its text (a row per paragraph,
    cells joined by tabs): a frequent shortcut."""
    frame = shape_of(t).el
    rows = ["\t".join("".join(x.text or "" for x in tc.iter(_A + "t"))
                      for tc in tr.findall(_A + "tc"))
            for tr in frame.iter(_A + "tr")]
    session.touch(frame)
    c_nv = frame.find(f"{_P}nvGraphicFramePr/{_P}cNvPr")
    sp = etree.Element(_P + "sp")
    nv = etree.SubElement(sp, _P + "nvSpPr")
    etree.SubElement(nv, _P + "cNvPr", id=c_nv.get("id") if c_nv is not None else "99",
                     name=c_nv.get("name") if c_nv is not None else "Table")
    etree.SubElement(nv, _P + "cNvSpPr", txBox="1")
    etree.SubElement(nv, _P + "nvPr")
    sp_pr = etree.SubElement(sp, _P + "spPr")
    xfrm = frame.find(_P + "xfrm")
    if xfrm is not None:
        ax = etree.SubElement(sp_pr, _A + "xfrm")
        for child in xfrm:
            ax.append(etree.fromstring(etree.tostring(child)))
    geom = etree.SubElement(sp_pr, _A + "prstGeom", prst="rect")
    etree.SubElement(geom, _A + "avLst")
    body = etree.SubElement(sp, _P + "txBody")
    etree.SubElement(body, _A + "bodyPr", wrap="square")
    etree.SubElement(body, _A + "lstStyle")
    for line in rows or [""]:
        par = etree.SubElement(body, _A + "p")
        r = etree.SubElement(par, _A + "r")
        etree.SubElement(r, _A + "t").text = line
    frame.getparent().replace(frame, sp)


def is_table(t: Target) -> bool:
    shape = getattr(t, "shape", None)
    return shape is not None and next(shape.el.iter(_A + "tbl"), None) is not None
