"""Charts placed on sheets: the sheet's drawing part (found through its relationships), its
anchors (two-cell, one-cell, absolute; inside ``mc:AlternateContent`` and group shapes too)
and the chart parts their graphic frames point at; chart sheets' charts likewise.

A one-cell anchor (what openpyxl writes) stores only the top-left cell and a size; its
bottom-right cell is found by walking the sheet's column widths and row heights, so
``chart.anchor`` reads ``E2:L18`` however the chart was placed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lxml import etree

from officeeval.excel.refs import cell_ref
from officeeval.excel.widths import max_digit_width
from officeeval.ooxml.ns import A, C, MC, R, XDR
from officeeval.ooxml.units import to_int

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet

_X = f"{{{XDR}}}"
_RID = f"{{{R}}}id"
EMU_PER_PT = 12700.0


@dataclass(frozen=True)
class PlacedChart:
    """A chart on a sheet: ``part`` the chart part, ``anchor`` ``B10:H25`` (``None`` for an
    absolute anchor on a worksheet), ``name`` the frame's name (``Chart 1``)."""

    sheet: "Sheet"
    part: str
    anchor: str | None
    name: str


def _marker(el: etree._Element | None) -> tuple[int, int, int, int] | None:
    """(col, colOff EMU, row, rowOff EMU), 0-based, from ``xdr:from``/``xdr:to``."""
    if el is None:
        return None
    col, row = to_int(el.findtext(_X + "col")), to_int(el.findtext(_X + "row"))
    if col is None or row is None or col < 0 or row < 0:
        return None
    return (min(col, 16_383), max(0, to_int(el.findtext(_X + "colOff")) or 0),
            min(row, 1_048_575), max(0, to_int(el.findtext(_X + "rowOff")) or 0))


def _col_pt(sheet: "Sheet", col: int) -> float:
    font = sheet.book.styles.font(0)
    mdw = max_digit_width(font.name if font else None, font.size if font else None)
    width, _ = sheet.column_width(col)
    pixels = math.trunc(((256 * width.stored + math.trunc(128 / mdw)) / 256) * mdw)
    spec = sheet.col_spec(col)
    return 0.0 if spec is not None and spec.hidden else pixels * 0.75


def _row_pt(sheet: "Sheet", row: int) -> float:
    info = sheet.store.rows.get(row) if sheet.store is not None else None
    if info is not None and info.hidden:
        return 0.0
    if info is not None and info.height is not None:
        return info.height
    return sheet.default_row_height()


def _walk(sheet: "Sheet", start: int, offset_pt: float, extent_pt: float, size) -> int:
    """The 1-based index (column or row) where an extent starting ``offset_pt`` into
    ``start`` ends."""
    pos, remaining = start, extent_pt + offset_pt
    for _ in range(100_000):
        size_pt = size(sheet, pos)
        if remaining <= size_pt or size_pt <= 0 and remaining <= 0:
            return pos
        remaining -= size_pt
        pos += 1
    return pos


def _anchor_text(sheet: "Sheet", anchor: etree._Element) -> str | None:
    kind = etree.QName(anchor).localname
    frm = _marker(anchor.find(_X + "from"))
    if frm is None:
        return None
    top_left = cell_ref(frm[2] + 1, frm[0] + 1)
    if kind == "twoCellAnchor":
        to = _marker(anchor.find(_X + "to"))
        if to is None:
            return top_left
        col, row = to[0] + 1, to[2] + 1
        # A corner exactly on a cell's top/left edge does not reach into that cell.
        if to[1] == 0 and col > frm[0] + 1:
            col -= 1
        if to[3] == 0 and row > frm[2] + 1:
            row -= 1
        return f"{top_left}:{cell_ref(row, col)}"
    ext = anchor.find(_X + "ext")
    cx = to_int(ext.get("cx")) if ext is not None else None
    cy = to_int(ext.get("cy")) if ext is not None else None
    if not cx or not cy or cx < 0 or cy < 0:
        return top_left
    if sheet.store is not None:
        sheet.store.ensure(frm[2] + 1, frm[2] + 1 + 200)
    col = _walk(sheet, frm[0] + 1, frm[1] / EMU_PER_PT, cx / EMU_PER_PT - 0.01, _col_pt)
    row = _walk(sheet, frm[2] + 1, frm[3] / EMU_PER_PT, cy / EMU_PER_PT - 0.01, _row_pt)
    return f"{top_left}:{cell_ref(row, col)}"


def anchor_cells(sheet: "Sheet", anchor: etree._Element) -> str | None:
    """The cells an anchor covers (``E2:L18``), as ``chart.anchor`` reads them; a one-cell
    anchor's end found by walking the sheet's column widths and row heights."""
    return _anchor_text(sheet, anchor)


def _frames(el: etree._Element):
    """Chart relationship ids under an anchor (graphic frames, group shapes, and the richest
    ``mc:AlternateContent`` branch we understand), with the frame's name."""
    for frame in el.iter(_X + "graphicFrame"):
        chart = frame.find(f"{{{A}}}graphic/{{{A}}}graphicData/{{{C}}}chart")
        if chart is not None and chart.get(_RID):
            pr = frame.find(f"{_X}nvGraphicFramePr/{_X}cNvPr")
            yield chart.get(_RID), (pr.get("name") if pr is not None else "") or ""


def _anchors(root: etree._Element):
    for child in root:
        if not isinstance(child.tag, str):
            continue
        if child.tag == f"{{{MC}}}AlternateContent":
            branch = child.find(f"{{{MC}}}Choice")
            if branch is None:
                branch = child.find(f"{{{MC}}}Fallback")
            if branch is not None:
                yield from _anchors(branch)
        elif etree.QName(child).localname in ("twoCellAnchor", "oneCellAnchor",
                                               "absoluteAnchor"):
            yield child


def sheet_charts(sheet: "Sheet") -> list[PlacedChart]:
    """Charts of a worksheet or chart sheet, in drawing order."""
    pkg = sheet.book.package
    out: list[PlacedChart] = []
    for drawing in sheet.related("drawing"):
        root = pkg.xml(drawing)
        for anchor in _anchors(root):
            for rid, name in _frames(anchor):
                part = pkg.target(drawing, rid)
                if part is None:
                    continue
                text = None if sheet.kind == "chartsheet" else _anchor_text(sheet, anchor)
                out.append(PlacedChart(sheet, part, text, name))
    return out
