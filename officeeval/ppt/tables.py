"""Tables in slides (``a:tbl`` inside a ``p:graphicFrame``): grid size, cells in row/column
order with their merge state, and the table style name.

The style is ``a:tblPr/a:tableStyleId``, a GUID: the name comes from the presentation's
``tableStyles.xml`` when it defines that GUID (PowerPoint copies a style's definition there
when it is used), else from the table of built-in GUIDs. A table without a style id uses
the presentation's default style (``a:tblStyleLst/@def``).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.units import emu_to_pt, to_int
from officeeval.ppt.markup import a, body_text, first_child, on
from officeeval.ppt.shapes import Shape
from officeeval.values import Observation
from officeeval.vocabulary.ppt_objects import TABLE_STYLE_GUIDS


@dataclass(frozen=True)
class Cell:
    row: int  # 1-based
    col: int
    el: etree._Element
    row_span: int = 1
    col_span: int = 1
    merged_into: bool = False  # hMerge / vMerge continuation

    @property
    def text(self) -> str:
        return body_text(first_child(self.el, a("txBody")))


def table_element(shape: Shape) -> etree._Element | None:
    gd = shape.graphic_data
    return first_child(gd, a("tbl")) if gd is not None else None


def grid_columns(tbl: etree._Element) -> list[float | None]:
    grid = first_child(tbl, a("tblGrid"))
    if grid is None:
        return []
    return [emu_to_pt(c.get("w")) for c in grid.findall(a("gridCol"))]


def rows(tbl: etree._Element) -> list[etree._Element]:
    return tbl.findall(a("tr"))


def cells(tbl: etree._Element) -> list[Cell]:
    """Every cell, row by row (continuation cells of merges included, flagged)."""
    out: list[Cell] = []
    for r, tr in enumerate(rows(tbl), start=1):
        for c, tc in enumerate(tr.findall(a("tc")), start=1):
            out.append(Cell(r, c, tc, max(to_int(tc.get("rowSpan")) or 1, 1),
                            max(to_int(tc.get("gridSpan")) or 1, 1),
                            on(tc.get("hMerge"), False) or on(tc.get("vMerge"), False)))
    return out


def column_count(tbl: etree._Element) -> int:
    cols = grid_columns(tbl)
    if cols:
        return len(cols)
    return max((len(tr.findall(a("tc"))) for tr in rows(tbl)), default=0)


def table_text(tbl: etree._Element) -> str:
    """Cells joined by tabs, rows by newlines."""
    return "\n".join("\t".join(body_text(first_child(tc, a("txBody"))) for tc in tr.findall(a("tc")))
                     for tr in rows(tbl))


def style_name(tbl: etree._Element, table_styles: etree._Element | None
               ) -> Observation | None:
    """The table style's name (source ``direct`` for an explicit id, ``default`` for the
    presentation's default style); the GUID itself when no name is known; ``None`` when
    the table has no style at all."""
    tbl_pr = first_child(tbl, a("tblPr"))
    sid_el = first_child(tbl_pr, a("tableStyleId")) if tbl_pr is not None else None
    guid = (sid_el.text or "").strip() if sid_el is not None else ""
    source = "direct"
    if not guid and table_styles is not None:
        guid, source = (table_styles.get("def") or "").strip(), "default"
    if not guid:
        return None
    if table_styles is not None:
        for st in table_styles.findall(a("tblStyle")):
            if (st.get("styleId") or "").upper() == guid.upper() and st.get("styleName"):
                name = st.get("styleName") or ""
                builtin = TABLE_STYLE_GUIDS.get(guid.upper())
                return Observation(builtin or name, source)
    return Observation(TABLE_STYLE_GUIDS.get(guid.upper(), guid), source)


def flags(tbl: etree._Element) -> dict[str, bool]:
    """The style options of ``a:tblPr``: firstRow (标题行), lastRow, firstCol, lastCol,
    bandRow (镶边行), bandCol."""
    tbl_pr = first_child(tbl, a("tblPr"))
    names = ("firstRow", "lastRow", "firstCol", "lastCol", "bandRow", "bandCol")
    return {n: on(tbl_pr.get(n), False) if tbl_pr is not None else False for n in names}


def style_id(tbl: etree._Element) -> str | None:
    """The table's own style GUID (``a:tableStyleId``), or ``None``."""
    tbl_pr = first_child(tbl, a("tblPr"))
    sid_el = first_child(tbl_pr, a("tableStyleId")) if tbl_pr is not None else None
    return (sid_el.text or "").strip() or None if sid_el is not None else None
