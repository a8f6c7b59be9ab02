"""Writers of table properties: ``w:tblPr`` (alignment, width, borders, style), ``w:trPr``
(row height and rule, header row), ``w:tcPr`` (shading, vertical alignment, text
direction, cell borders), the grid (column widths) and the table's size (rows and columns
removed from the end)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Border
from officeeval.word.edit.font import valued
from officeeval.word.edit.levels import CELL, ROW, TABLE, on_level
from officeeval.word.edit.paragraph import SIDES, borders, shading_fill
from officeeval.word.edit.xml import _W, points, twips, wchild, wset

WRITERS = WriterSet()
writes = on_level(WRITERS)

writes("cell.shading", CELL, "shd")(shading_fill)
writes("cell.vertical_alignment", CELL, "vAlign")(lambda el, v: valued(el, "vAlign", v))
writes("cell.text_direction", CELL, "textDirection")(
    lambda el, v: valued(el, "textDirection", v))
writes("table.alignment", TABLE, "jc")(
    lambda el, v: valued(el, "jc", "both" if str(v) == "justify" else v))


@writes("table.width", TABLE, "tblW")
def table_width(el: etree._Element, v: Any) -> str:
    wset(el, "tblW", w=twips(points(v) or 0.0), type="dxa")
    return "w:tblW"


@writes("table.header_repeat", ROW, "tblHeader")
def header_repeat(el: etree._Element, v: Any) -> str:
    wset(el, "tblHeader", val="1" if v else "0")
    return f"w:tblHeader={int(bool(v))}"


writes("table.border.outer", TABLE, "tblBorders")(borders(SIDES))
writes("table.border.inner", TABLE, "tblBorders")(borders(("insideH", "insideV")))
writes("table.border.top", TABLE, "tblBorders")(borders(("top",)))
writes("table.border.left", TABLE, "tblBorders")(borders(("left",)))
writes("table.border.bottom", TABLE, "tblBorders")(borders(("bottom",)))
writes("table.border.right", TABLE, "tblBorders")(borders(("right",)))
writes("table.border.inside_h", TABLE, "tblBorders")(borders(("insideH",)))
writes("table.border.inside_v", TABLE, "tblBorders")(borders(("insideV",)))


@writes("row.height", ROW, "trHeight")
def row_height(el: etree._Element, v: Any) -> str:
    wset(el, "trHeight", val=twips(points(v) or 0.0))
    return f"w:trHeight={twips(points(v) or 0.0)}"


@writes("row.height_rule", ROW, "trHeight")
def row_height_rule(el: etree._Element, v: Any) -> str:
    val = {"at_least": "atLeast", "exact": "exact", "auto": "auto"}.get(str(v), str(v))
    wset(el, "trHeight", hRule=val)
    return f"w:trHeight/@w:hRule={val}"


def _cell_border(side: str) -> Callable[[etree._Element, Any], str]:
    def write(tcpr: etree._Element, v: Any) -> str:
        box = wchild(tcpr, "tcBorders")
        old = box.find(_W + side)
        if old is not None:
            box.remove(old)
        b = v if isinstance(v, Border) else Border(str(v))
        attrs = {_W + "val": "nil"} if b.style == "none" else {
            _W + "val": b.style, _W + "sz": "4", _W + "space": "0", _W + "color": "auto"}
        etree.SubElement(box, _W + side, attrs)
        return f"w:tcBorders/w:{side} {b.style}"
    return write


writes("cell.border.top", CELL, "tcBorders")(_cell_border("top"))
writes("cell.border.left", CELL, "tcBorders")(_cell_border("left"))
writes("cell.border.bottom", CELL, "tcBorders")(_cell_border("bottom"))
writes("cell.border.right", CELL, "tcBorders")(_cell_border("right"))


# ------------------------------------------------------------------ table style and size
@WRITERS.writer("table.style")
def table_style(session: Session, target: Target, value: Any) -> str:
    """The table style by name or id (``None`` or ``none``: no table style)."""
    if target.kind != "table":
        raise NotApplicable(f"no table style on a {target.kind} target")
    tp = wchild(target.el, "tblPr", first=True)  # type: ignore[attr-defined]
    session.touch(tp)
    if value in (None, "none"):
        old = tp.find(_W + "tblStyle")
        if old is None:
            raise NotApplicable("no table style to drop")
        tp.remove(old)
        return "tblStyle=(none)"
    st = target.doc.styles.find(str(value))  # type: ignore[attr-defined]
    sid = st.id if st is not None else str(value)
    wset(tp, "tblStyle", first=True, val=sid)
    return f"tblStyle={sid}"


@WRITERS.writer("table.rows")
def table_rows(session: Session, target: Target, value: Any) -> str:
    """Fewer rows: the last ones removed (a table never grows here)."""
    tbl = target.el  # type: ignore[attr-defined]
    trs = tbl.findall(_W + "tr")
    n = int(value)
    if n < 1 or n >= len(trs):
        raise NotApplicable(f"a table of {len(trs)} rows cannot be cut to {n}")
    session.touch(tbl)
    for tr in trs[n:]:
        tbl.remove(tr)
    return "last row removed" if len(trs) - n == 1 else f"{len(trs) - n} last rows removed"


@WRITERS.writer("table.columns")
def table_columns(session: Session, target: Target, value: Any) -> str:
    """Fewer columns: the last ones removed from the grid and every row."""
    tbl = target.el  # type: ignore[attr-defined]
    grid = tbl.find(_W + "tblGrid")
    have = len(grid) if grid is not None else max(
        (len(tr.findall(_W + "tc")) for tr in tbl.findall(_W + "tr")), default=0)
    n = int(value)
    if n < 1 or n >= have:
        raise NotApplicable(f"a table of {have} columns cannot be cut to {n}")
    session.touch(tbl)
    for _ in range(have - n):
        if grid is not None and len(grid):
            grid.remove(grid[-1])
        for tr in tbl.findall(_W + "tr"):
            tcs = tr.findall(_W + "tc")
            if tcs:
                tr.remove(tcs[-1])
    return "last column removed" if have - n == 1 else f"{have - n} last columns removed"


@WRITERS.writer("column.width")
def column_width(session: Session, target: Target, value: Any) -> str:
    """The width of a column (its grid column and every cell of it) or of a cell."""
    table = target.table  # type: ignore[attr-defined]
    col = target.index if target.kind == "column" else target.col  # type: ignore
    width = twips(points(value) or 0.0)
    grid = table.el.find(_W + "tblGrid")
    session.touch(table.el)
    if grid is not None and col < len(grid):
        grid[col].set(_W + "w", width)
    cells = target.cells if target.kind == "column" else [target]  # type: ignore
    for c in cells:
        tcpr = wchild(c.el, "tcPr", first=True)
        wset(tcpr, "tcW", w=width, type="dxa")
    return f"w:tcW={width}"
