"""Writers of a sheet's columns and rows: width, height, hidden, outline level (a column
range split so that one column can change alone)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel.edit.cells import cell_el, sheet_root
from officeeval.excel.edit.sheets import sheet_of
from officeeval.ooxml.ns import S
from officeeval.properties.writing import Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_S = f"{{{S}}}"


def own_col(root: etree._Element, n: int) -> etree._Element:
    """A ``col`` element covering exactly column ``n`` (splitting a wider range)."""
    cols = root.find(_S + "cols")
    if cols is None:
        cols = etree.Element(_S + "cols")
        root.find(_S + "sheetData").addprevious(cols)
    for col in cols.findall(_S + "col"):
        lo, hi = int(col.get("min") or 0), int(col.get("max") or 0)
        if lo <= n <= hi:
            if lo == hi:
                return col
            pos = cols.index(col)
            cols.remove(col)
            out = None
            for a_, b_ in ((lo, n - 1), (n, n), (n + 1, hi)):
                if a_ > b_:
                    continue
                el = etree.Element(_S + "col", dict(col.attrib))
                el.set("min", str(a_))
                el.set("max", str(b_))
                cols.insert(pos, el)
                pos += 1
                if a_ == n:
                    out = el
            return out  # type: ignore[return-value]
    el = etree.Element(_S + "col", min=str(n), max=str(n), width="8.43")
    before = [c for c in cols.findall(_S + "col") if int(c.get("min") or 0) > n]
    if before:
        before[0].addprevious(el)
    else:
        cols.append(el)
    return el


@WRITERS.writer("column.width")
def column_width(session: Session, target: Target, value: Any) -> str:
    """The stored width in characters (``ColumnWidth``'s stored width, or a number)."""
    col = own_col(sheet_root(session, sheet_of(target)), target.col)  # type: ignore
    width = float(getattr(value, "stored", value))
    col.set("width", f"{width:g}")
    col.set("customWidth", "1")
    return f"width={width:g}"


@WRITERS.writer("column.hidden")
def column_hidden(session: Session, target: Target, value: Any) -> str:
    col = own_col(sheet_root(session, sheet_of(target)), target.col)  # type: ignore
    col.set("hidden", "1" if value else "0")
    return f"hidden={bool(value)}"


def _row(session: Session, t: Target) -> etree._Element:
    root = sheet_root(session, sheet_of(t))
    return cell_el(root, t.row, 1).getparent()  # type: ignore[attr-defined]


@WRITERS.writer("row.height")
def row_height(session: Session, target: Target, value: Any) -> str:
    from officeeval.values import Measure
    h = value.points() if isinstance(value, Measure) else float(value)
    row = _row(session, target)
    row.set("ht", f"{h:g}")
    row.set("customHeight", "1")
    return f"ht={h:g}"


@WRITERS.writer("row.hidden")
def row_hidden(session: Session, target: Target, value: Any) -> str:
    _row(session, target).set("hidden", "1" if value else "0")
    return f"hidden={bool(value)}"


@WRITERS.writer("row.outline_level")
def row_outline(session: Session, target: Target, value: Any) -> str:
    row = _row(session, target)
    if int(value):
        row.set("outlineLevel", str(int(value)))
    else:
        row.attrib.pop("outlineLevel", None)
    return f"outlineLevel={int(value)}"
