"""A sheet's columns and rows: width, height, hidden, outline level; each resolver followed
by its writer (a column range split so that one column can change alone).

Defaults Excel applies when the file says nothing come back with source ``default``: the
sheet's default row height, the default column width (8.43 characters at Calibri 11).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.cells import cell_el, sheet_root
from officeeval.excel.edit.sheets import sheet_of
from officeeval.excel.targets import ColumnTarget, RowTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.mistakes import Plan
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Measure, Observation

_S = f"{{{S}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()
COLUMN, ROW = "column", "row"


# ------------------------------------------------------------------ columns
def _own_col(root: etree._Element, n: int) -> etree._Element:
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


@binds("column.width", kinds=COLUMN, vtype=X.COLUMN_WIDTH,
       plan=Plan("column", mistake="wider"))
def column_width(t: ColumnTarget, ctx) -> Observation | None:
    width, source = t.sheet.column_width(t.col)
    return Observation(width, source)


@WRITERS.writer("column.width")
def write_column_width(session: Session, target: Target, value: Any) -> str:
    """The stored width in characters (``ColumnWidth``'s stored width, or a number)."""
    col = _own_col(sheet_root(session, sheet_of(target)), target.col)  # type: ignore
    width = float(getattr(value, "stored", value))
    col.set("width", f"{width:g}")
    col.set("customWidth", "1")
    return f"width={width:g}"


@prop("column.hidden", T.BOOL, kinds=COLUMN,
      plan=Plan("column", mistake="toggle"))
def column_hidden(t: ColumnTarget, ctx) -> Observation | None:
    """Whether the column is hidden."""
    spec = t.sheet.col_spec(t.col)
    if spec is None:
        return Observation(False, "default")
    return Observation(spec.hidden or (spec.width == 0 and spec.custom), "direct")


@WRITERS.writer("column.hidden")
def write_column_hidden(session: Session, target: Target, value: Any) -> str:
    col = _own_col(sheet_root(session, sheet_of(target)), target.col)  # type: ignore
    col.set("hidden", "1" if value else "0")
    return f"hidden={bool(value)}"


# ------------------------------------------------------------------ rows
def _row_info(t: RowTarget):
    if t.sheet.store is None:
        return None
    return t.sheet.store.row_info(t.row)


def _row(session: Session, t: Target) -> etree._Element:
    root = sheet_root(session, sheet_of(t))
    return cell_el(root, t.row, 1).getparent()  # type: ignore[attr-defined]


@binds("row.height", kinds=ROW,
       plan=Plan("row", mistake="taller"))
def row_height(t: RowTarget, ctx) -> Observation | None:
    info = _row_info(t)
    if info is not None and info.height is not None and 0 <= info.height <= 409.5:
        return Observation(Measure(pt=info.height), "direct")
    return Observation(Measure(pt=t.sheet.default_row_height()), "default")


@WRITERS.writer("row.height")
def write_row_height(session: Session, target: Target, value: Any) -> str:
    h = value.points() if isinstance(value, Measure) else float(value)
    row = _row(session, target)
    row.set("ht", f"{h:g}")
    row.set("customHeight", "1")
    return f"ht={h:g}"


@prop("row.hidden", T.BOOL, kinds=ROW,
      plan=Plan("row", mistake="toggle"))
def row_hidden(t: RowTarget, ctx) -> Observation | None:
    """Whether the row is hidden."""
    info = _row_info(t)
    if info is None:
        return Observation(False, "default")
    return Observation(info.hidden, "direct")


@WRITERS.writer("row.hidden")
def write_row_hidden(session: Session, target: Target, value: Any) -> str:
    _row(session, target).set("hidden", "1" if value else "0")
    return f"hidden={bool(value)}"


@prop("row.outline_level", T.INTEGER, kinds=ROW,
      plan=Plan("row", mistake="outline"))
def row_outline(t: RowTarget, ctx) -> Observation | None:
    """Outline (grouping) level of the row, 0 when none."""
    info = _row_info(t)
    return Observation(info.outline if info else 0, "direct" if info else "default")


@WRITERS.writer("row.outline_level")
def write_row_outline(session: Session, target: Target, value: Any) -> str:
    row = _row(session, target)
    if int(value):
        row.set("outlineLevel", str(int(value)))
    else:
        row.attrib.pop("outlineLevel", None)
    return f"outlineLevel={int(value)}"
