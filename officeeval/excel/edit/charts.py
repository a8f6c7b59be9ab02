"""Writers of charts on sheets: every ``chart.*`` value the chart part holds (through
``officeeval.ooxml.chart_edit``), where the chart is (``chart.anchor``, its drawing's anchor
cells), and a chart deleted."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel.refs import parse_area
from officeeval.ooxml.chart_edit import chart_writers
from officeeval.ooxml.ns import A, C, R, XDR
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_A, _C, _R, _XDR = f"{{{A}}}", f"{{{C}}}", f"{{{R}}}", f"{{{XDR}}}"


def chart_part(session: Session, t: Target) -> str:
    placed = getattr(t, "placed", None)
    if placed is None:
        raise NotApplicable(f"not a chart: {t.kind}")
    return placed.part


chart_writers(WRITERS, chart_part)


def chart_anchor(session: Session, t: Target) -> etree._Element:
    """The drawing anchor (``xdr:twoCellAnchor`` …) holding chart target ``t``, its drawing
    part marked as changed."""
    pkg = session.doc.package
    for drawing in t.sheet.related("drawing"):  # type: ignore[attr-defined]
        root = pkg.xml(drawing)
        for frame in root.iter(_XDR + "graphicFrame"):
            chart = frame.find(f"{_A}graphic/{_A}graphicData/{_C}chart")
            if chart is None or pkg.target(drawing, chart.get(_R + "id")) != \
                    t.placed.part:  # type: ignore[attr-defined]
                continue
            anchor = frame
            while anchor.getparent() is not None and anchor.getparent() is not root:
                anchor = anchor.getparent()
            session.part(drawing)
            return anchor
    raise NotApplicable("the chart's anchor is not found")


def delete_chart(session: Session, t: Target) -> str:
    anchor = chart_anchor(session, t)
    anchor.getparent().remove(anchor)
    return "anchor removed"


@WRITERS.writer("chart.anchor")
def anchor(session: Session, target: Target, value: Any) -> str:
    """The cells the chart covers (``E2:L18``; a single cell moves it, keeping its
    size)."""
    area = parse_area(str(value))
    if area is None:
        raise NotApplicable(f"not a range: {value!r}")
    el = chart_anchor(session, target)
    frm, to = el.find(_XDR + "from"), el.find(_XDR + "to")
    if frm is None:
        raise NotApplicable("a chart anchored without cells")
    old_c, old_r = int(frm.findtext(_XDR + "col") or 0), int(frm.findtext(_XDR + "row") or 0)
    dc, dr = area.c1 - 1 - old_c, area.r1 - 1 - old_r
    for m, (c, r) in ((frm, (area.c1, area.r1)), (to, (area.c2, area.r2))):
        if m is None:
            continue
        col, row = m.find(_XDR + "col"), m.find(_XDR + "row")
        if area.kind == "cell" or m is frm:
            col.text = str(int(col.text or 0) + dc) if m is to else str(c - 1)
            row.text = str(int(row.text or 0) + dr) if m is to else str(r - 1)
        else:
            col.text, row.text = str(c - 1), str(r - 1)
    return f"anchor {value}"


@WRITERS.writer("chart.pivot_source")
def pivot_source(session: Session, target: Target, value: Any) -> str:
    """The pivot table the chart is built on (``sheet!name``; a file prefix is kept as
    given): ``c:pivotSource`` created in its schema place (after ``c:clrMapOvr``, before
    ``c:protection`` and ``c:chart``) with a ``c:fmtId`` of 0, or its name replaced; an
    empty value removes it (a chart built on cells)."""
    root = session.part(chart_part(session, target))
    src = root.find(_C + "pivotSource")
    text = "" if value is None else str(value).strip()
    if not text:
        if src is None:
            raise NotApplicable("the chart has no pivot source to remove")
        root.remove(src)
        return "pivotSource removed"
    if src is None:
        src = etree.Element(_C + "pivotSource")
        etree.SubElement(src, _C + "name")
        etree.SubElement(src, _C + "fmtId").set("val", "0")
        before = None
        for tag in ("protection", "chart"):
            before = root.find(_C + tag)
            if before is not None:
                break
        if before is not None:
            before.addprevious(src)
        else:
            root.append(src)
    name = src.find(_C + "name")
    if name is None:
        name = etree.Element(_C + "name")
        src.insert(0, name)
    name.text = text
    return f"pivotSource {text}"
