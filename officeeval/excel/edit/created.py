"""Edits of objects a task created in a workbook, as another candidate would have made them:
a drawing's object (chart, picture, shape) renamed (Excel's localized default, ``图表 1``),
the drawing's objects in another order, an object anchored to other cells; a table renamed
(``表1``) with the structured references of every formula following it. An object is found
by its drawing part and its anchor's index among the drawing's top-level anchors.

Raises ``NotApplicable`` for an object that is not there or cannot take the edit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import A, S, XDR
from officeeval.ooxml.units import to_int
from officeeval.properties.writing import NotApplicable, Session

_X, _A, _S = f"{{{XDR}}}", f"{{{A}}}", f"{{{S}}}"
_ANCHORS = ("twoCellAnchor", "oneCellAnchor", "absoluteAnchor")
_KINDS = (("graphicFrame", "chart", "图表"), ("pic", "picture", "图片"),
          ("sp", "shape", "矩形"), ("grpSp", "group", "组合"), ("cxnSp", "connector", "直接连接符"))

Marker = tuple[int, int, int, int]  # col, colOff (EMU), row, rowOff (EMU); 0-based


@dataclass(frozen=True)
class Anchored:
    """An object of a drawing: its ``part``, ``index`` among the anchors, ``name``,
    ``kind`` (``chart``, ``picture``, ``shape`` …), anchor kind, ``start`` marker, ``end``
    marker (two-cell anchors), ``ext`` (EMU, one-cell anchors) and the ``cells`` it covers
    (``E2:L18``; ``None`` when not known)."""

    part: str
    index: int
    name: str
    kind: str
    anchor: str
    start: Marker | None
    end: Marker | None
    ext: tuple[int, int] | None
    default_name: str
    cells: str | None = None


def _anchors(root: etree._Element) -> list[etree._Element]:
    return [c for c in root if isinstance(c.tag, str)
            and etree.QName(c).localname in _ANCHORS]


def _marker(el: etree._Element | None) -> Marker | None:
    if el is None:
        return None
    vals = [to_int(el.findtext(_X + t)) for t in ("col", "colOff", "row", "rowOff")]
    if vals[0] is None or vals[2] is None:
        return None
    return (vals[0], vals[1] or 0, vals[2], vals[3] or 0)


def _object(anchor: etree._Element) -> tuple[etree._Element | None, str, str]:
    for tag, kind, word in _KINDS:
        el = anchor.find(_X + tag)
        if el is not None:
            return el, kind, word
    return None, "object", "对象"


def _c_nv_pr(obj: etree._Element | None) -> etree._Element | None:
    if obj is None:
        return None
    for nv in obj:
        if isinstance(nv.tag, str) and etree.QName(nv).localname.startswith("nv"):
            return nv.find(_X + "cNvPr")
    return None


def objects(doc, part: str, sheet=None) -> list[Anchored]:
    """The objects of drawing part ``part`` in drawing order (with the cells each covers
    when the ``sheet`` holding the drawing is given)."""
    from officeeval.excel.drawings import anchor_cells
    out = []
    for i, anchor in enumerate(_anchors(doc.package.xml(part))):
        obj, kind, word = _object(anchor)
        pr = _c_nv_pr(obj)
        ext = anchor.find(_X + "ext")
        size = None
        if ext is not None and to_int(ext.get("cx")) and to_int(ext.get("cy")):
            size = (to_int(ext.get("cx")), to_int(ext.get("cy")))
        n = to_int(pr.get("id")) if pr is not None else None
        out.append(Anchored(part, i, (pr.get("name") or "") if pr is not None else "", kind,
                            etree.QName(anchor).localname, _marker(anchor.find(_X + "from")),
                            _marker(anchor.find(_X + "to")), size,
                            f"{word} {max(1, (n or 2) - 1)}",
                            anchor_cells(sheet, anchor) if sheet is not None else None))
    return out


def _anchor(session: Session, part: str, index: int) -> etree._Element:
    found = _anchors(session.doc.package.xml(part))  # type: ignore[attr-defined]
    if index >= len(found):
        raise NotApplicable(f"{part} has no object #{index + 1}")
    return found[index]


def rename(session: Session, part: str, index: int, name: str) -> str:
    pr = _c_nv_pr(_object(_anchor(session, part, index))[0])
    if pr is None:
        raise NotApplicable("the object has no name")
    old = pr.get("name") or ""
    pr.set("name", name)
    session.touch(pr)
    return f"{old!r} -> {name!r}"


def reorder(session: Session, part: str, indexes: list[int]) -> str:
    """The anchors ``indexes`` of ``part`` in the reverse of their drawing order, each
    taking another's place."""
    els = [_anchor(session, part, i) for i in indexes]
    if len(els) < 2:
        raise NotApplicable("fewer than two objects to reorder")
    root = els[0].getparent()
    slots = []
    for el in els:
        marker = etree.Comment("slot")
        el.addprevious(marker)
        slots.append(marker)
        root.remove(el)
    for marker, el in zip(slots, reversed(els)):
        marker.addprevious(el)
        root.remove(marker)
    session.touch(root)
    return f"{len(els)} reordered"


def _write_marker(el: etree._Element, m: Marker) -> None:
    for child in list(el):
        el.remove(child)
    for tag, v in zip(("col", "colOff", "row", "rowOff"), m):
        etree.SubElement(el, _X + tag).text = str(int(v))


def set_cells(session: Session, part: str, index: int, start: Marker, end: Marker) -> str:
    """The object anchored from ``start`` to ``end`` (a two-cell anchor; a one-cell anchor
    becomes one, as Excel writes an object moved and sized with its cells)."""
    anchor = _anchor(session, part, index)
    kind = etree.QName(anchor).localname
    if kind == "absoluteAnchor":
        raise NotApplicable("an absolutely placed object has no cells")
    if kind == "oneCellAnchor":
        anchor.tag = _X + "twoCellAnchor"
        ext = anchor.find(_X + "ext")
        to = etree.Element(_X + "to")
        if ext is not None:
            ext.addprevious(to)
            anchor.remove(ext)
        else:
            anchor.find(_X + "from").addnext(to)
    _write_marker(anchor.find(_X + "from"), start)
    _write_marker(anchor.find(_X + "to"), end)
    session.touch(anchor)
    return f"from {start} to {end}"


# ------------------------------------------------------------------ tables
def rename_table(session: Session, table_part: str, name: str) -> str:
    """Table ``table_part`` named ``name`` (``name`` and ``displayName``), and every
    structured reference to it in the workbook's formulas, defined names and the tables'
    calculated columns renamed alike."""
    doc = session.doc
    pkg = doc.package  # type: ignore[attr-defined]
    root = pkg.xml(table_part)
    old = root.get("displayName") or root.get("name") or ""
    if not old:
        raise NotApplicable("the table has no name")
    root.set("name", name)
    root.set("displayName", name)
    session.touch(root)
    pattern = re.compile(rf"(?<![\w.]){re.escape(old)}(?=\[)", re.I)
    n = 0
    parts = [s.part for s in doc.sheets if s.part]  # type: ignore[attr-defined]
    parts += [p for p in pkg.part_names() if re.fullmatch(r"xl/tables/table\d*\.xml", p)]
    for part in parts:
        tree = pkg.xml(part)
        for f in list(tree.iter(_S + "f")) + list(tree.iter(_S + "calculatedColumnFormula")):
            if f.text and pattern.search(f.text):
                f.text = pattern.sub(name, f.text)
                session.touch(f)
                n += 1
    wb = pkg.xml(doc.main)  # type: ignore[attr-defined]
    for dn in wb.iter(_S + "definedName"):
        if dn.text and pattern.search(dn.text):
            dn.text = pattern.sub(name, dn.text)
            session.touch(dn)
            n += 1
    return f"table {old!r} -> {name!r} ({n} formulas)"
