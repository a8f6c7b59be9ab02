"""Writing DrawingML objects, format-neutral: a SmartArt's layout and node text (its own
parts, found by each format from its graphic frame), and a shape's preset geometry and
solid fill in its ``spPr``."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import A, DGM
from officeeval.properties.writing import NotApplicable

_A, _DGM = f"{{{A}}}", f"{{{DGM}}}"
LAYOUT_URN = "urn:microsoft.com/office/officeart/2005/8/layout/"
_FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")


def layout_uid(value: Any) -> str:
    """A SmartArt layout as its definition id: a token of the ``smartart_layout``
    vocabulary or a bare layout name (``hProcess9``) becomes ``urn:…/layout/hProcess9``."""
    text = str(value)
    if text.startswith("urn:"):
        return text
    from officeeval.vocabulary.ppt import SMARTART_LAYOUT_IDS
    for uid, token in SMARTART_LAYOUT_IDS.items():
        if token == text:
            return uid
    return LAYOUT_URN + text


def set_layout(layout_root: etree._Element, value: Any) -> str:
    """The layout definition part's ``uniqueId`` (what readers identify the layout by)."""
    uid = layout_uid(value)
    layout_root.set("uniqueId", uid)
    return f"layout {uid.rsplit('/', 1)[-1]}"


def node_texts(data_root: etree._Element) -> list[list[etree._Element]]:
    """The ``a:t`` elements of each content node with text, in data-model order (as
    readers list the nodes)."""
    out = []
    for pt in data_root.iter(_DGM + "pt"):
        if (pt.get("type") or "node") != "node":
            continue
        ts = list(pt.iter(_A + "t"))
        if "".join(x.text or "" for x in ts).strip():
            out.append(ts)
    return out


def set_nodes(data_root: etree._Element, value: Any) -> str:
    """Node texts, in order, where ``value`` differs (as many nodes as both have)."""
    changed = 0
    for ts, text in zip(node_texts(data_root), list(value)):
        if "".join(x.text or "" for x in ts).strip() != str(text):
            set_text(ts, str(text))
            changed += 1
    if not changed:
        raise NotApplicable("no node text to change")
    return f"{changed} node text(s)"


def set_geometry(sp_pr: etree._Element, value: Any) -> str:
    """The preset geometry; a shape that inherits its geometry (a placeholder) gets its own,
    a freeform (``a:custGeom``) is not made a preset."""
    geom = sp_pr.find(_A + "prstGeom")
    if geom is None:
        if sp_pr.find(_A + "custGeom") is not None:
            raise NotApplicable("a freeform, not a preset shape")
        geom = etree.Element(_A + "prstGeom")
        etree.SubElement(geom, _A + "avLst")
        xfrm = sp_pr.find(_A + "xfrm")
        sp_pr.insert(sp_pr.index(xfrm) + 1 if xfrm is not None else 0, geom)
    geom.set("prst", str(value))
    return f"prstGeom={value}"


def set_solid_fill(sp_pr: etree._Element, value: Any) -> str:
    """A solid fill of RRGGBB ``value`` (``none``: no fill), in place of any fill."""
    at = None
    for tag in _FILLS:
        for el in sp_pr.findall(_A + tag):
            at = sp_pr.index(el) if at is None else at
            sp_pr.remove(el)
    if str(value) == "none":
        fill = etree.Element(_A + "noFill")
    else:
        fill = etree.Element(_A + "solidFill")
        etree.SubElement(fill, _A + "srgbClr", val=str(value))
    if at is None:
        geom = sp_pr.find(_A + "prstGeom")
        if geom is None:
            geom = sp_pr.find(_A + "custGeom")
        at = sp_pr.index(geom) + 1 if geom is not None else len(sp_pr)
    sp_pr.insert(at, fill)
    return f"fill {value}"
