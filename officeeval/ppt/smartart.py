"""SmartArt (DrawingML diagrams) in slides: the layout and the node texts.

A SmartArt graphic frame holds ``dgm:relIds`` naming four parts: data (``r:dm``), layout
definition (``r:lo``), quick style and colors. The layout is identified by the layout part's
``uniqueId`` (a ``#n`` suffix PowerPoint adds to copies is dropped), else by the data model's
``loTypeId``; the id maps to a gallery name through
``vocabulary.ppt_smartart.SMARTART_LAYOUT_IDS``.

Nodes are the data model's points of type ``node`` (the default), ordered as the user sees
them in the text pane: depth first from the document point along the ``parOf`` connections,
siblings by ``srcOrd``. Points not reached that way follow in document order.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import DGM
from officeeval.ooxml.units import to_int
from officeeval.ppt.markup import R, body_text, first_child
from officeeval.ppt.shapes import Shape
from officeeval.vocabulary.ppt_smartart import (
    SMARTART_COLORS_IDS, SMARTART_LAYOUT_IDS, SMARTART_STYLE_IDS,
)

_DGM = f"{{{DGM}}}"
_NODE_TYPES = ("", "node")


@dataclass(frozen=True)
class Node:
    text: str
    depth: int  # 1 = top-level bullet in the text pane


def _rel_ids(shape: Shape) -> etree._Element | None:
    gd = shape.graphic_data
    return first_child(gd, _DGM + "relIds") if gd is not None else None


def _part(shape: Shape, attr: str) -> etree._Element | None:
    rel = _rel_ids(shape)
    if rel is None:
        return None
    pkg = shape.sheet.doc.package
    return pkg.xml_or_none(pkg.target(shape.sheet.part, rel.get(f"{{{R}}}{attr}")))


def data_model(shape: Shape) -> etree._Element | None:
    return _part(shape, "dm")


def _definition_id(shape: Shape, attr: str, type_attr: str) -> str | None:
    """The id of the definition part ``attr`` names (``lo``, ``qs``, ``cs``), else the data
    model's ``type_attr`` on its document point; ``#n`` copy suffix removed; ``None`` when
    neither names one."""
    part = _part(shape, attr)
    uid = part.get("uniqueId") if part is not None else None
    if not uid:
        dm = data_model(shape)
        if dm is not None:
            for pt in dm.iter(_DGM + "pt"):
                if pt.get("type") == "doc":
                    pr = first_child(pt, _DGM + "prSet")
                    uid = pr.get(type_attr) if pr is not None else None
                    break
    if not uid:
        return None
    return uid.split("#", 1)[0]


def layout_id(shape: Shape) -> str | None:
    """The layout definition's id, ``#n`` copy suffix removed; ``None`` when unknown."""
    return _definition_id(shape, "lo", "loTypeId")


def style_token(shape: Shape) -> str | None:
    """The SmartArt style (quick style) as its gallery token (``moderate_effect`` …), the
    raw id when not in the table; ``None`` when the diagram names none."""
    uid = _definition_id(shape, "qs", "qsTypeId")
    return SMARTART_STYLE_IDS.get(uid, uid) if uid else None


def colors_token(shape: Shape) -> str | None:
    """The SmartArt colour scheme as its gallery token (``colorful_accent``,
    ``accent1_fill`` …), the raw id when not in the table; ``None`` when none is named."""
    uid = _definition_id(shape, "cs", "csTypeId")
    return SMARTART_COLORS_IDS.get(uid, uid) if uid else None


def layout_token(shape: Shape) -> str | None:
    """The gallery layout token (``basic_process`` …), or the raw id when the layout is not
    in the table; ``None`` when the diagram names no layout."""
    uid = layout_id(shape)
    if uid is None:
        return None
    return SMARTART_LAYOUT_IDS.get(uid, uid)


def categories(shape: Shape) -> list[str]:
    """The layout's gallery categories (``list``, ``process``, ``cycle`` …)."""
    lo = _part(shape, "lo")
    if lo is None:
        return []
    cat_lst = first_child(lo, _DGM + "catLst")
    if cat_lst is None:
        return []
    return [c.get("type") or "" for c in cat_lst.findall(_DGM + "cat") if c.get("type")]


def nodes(shape: Shape) -> list[Node]:
    """Node texts in text-pane order with their depth."""
    dm = data_model(shape)
    if dm is None:
        return []
    pt_lst = first_child(dm, _DGM + "ptLst")
    cxn_lst = first_child(dm, _DGM + "cxnLst")
    points: dict[str, etree._Element] = {}
    order: list[str] = []
    doc_id = None
    for pt in (pt_lst if pt_lst is not None else []):
        if pt.tag != _DGM + "pt":
            continue
        mid = pt.get("modelId") or ""
        points[mid] = pt
        order.append(mid)
        if pt.get("type") == "doc" and doc_id is None:
            doc_id = mid
    kids: dict[str, list[tuple[int, int, str]]] = {}
    for i, cxn in enumerate(cxn_lst if cxn_lst is not None else []):
        if cxn.tag != _DGM + "cxn" or (cxn.get("type") or "parOf") != "parOf":
            continue
        src, dst = cxn.get("srcId") or "", cxn.get("destId") or ""
        kids.setdefault(src, []).append((to_int(cxn.get("srcOrd")) or 0, i, dst))
    out: list[Node] = []
    seen: set[str] = set()

    def visit(mid: str, depth: int) -> None:
        if mid in seen or depth > 50:
            return
        seen.add(mid)
        pt = points.get(mid)
        if pt is not None and (pt.get("type") or "") in _NODE_TYPES:
            out.append(Node(body_text(first_child(pt, _DGM + "t")).strip(), depth))
        for _, _, child in sorted(kids.get(mid, [])):
            visit(child, depth + 1)

    if doc_id is not None:
        visit(doc_id, 0)
    for mid in order:  # nodes not reachable from the document point
        pt = points[mid]
        if mid not in seen and (pt.get("type") or "") in _NODE_TYPES:
            seen.add(mid)
            out.append(Node(body_text(first_child(pt, _DGM + "t")).strip(), 1))
    return out
