"""Table borders as a reader sees them.

Every edge segment of the grid (the top of each top-row cell, the line between two cells …)
gets one border, found in this order for each cell touching it:

1. the cell's own ``w:tcBorders``;
2. the table style's conditional formats that apply to the cell (first row, banding …),
   highest priority first: a region's ``top``/``bottom``/``left``/``right`` on the region's
   outline, its ``insideH``/``insideV`` inside it;
3. the table's borders: the row's ``w:tblPrEx`` exceptions, the table's ``w:tblBorders``, the
   table style's (its ``top``… on the table's outline, ``insideH``/``insideV`` inside).

Where two cells meet and say different things, the heavier line wins (width times the number
of lines), then the darker color, as Word resolves cell border conflicts (ISO 29500
17.4.66). Lines between the parts of a merged cell are not drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import eighth_points_to_pt
from officeeval.values import Border
from officeeval.word.table_styles import conditional, style_chain
from officeeval.word.theme_colors import theme_or_stored

_W = f"{{{W}}}"
NONE = Border("none")
_LINES = {"double": 2, "triple": 3, "thinThickSmallGap": 2, "thickThinSmallGap": 2,
          "thinThickMediumGap": 2, "thickThinMediumGap": 2, "thinThickLargeGap": 2,
          "thickThinLargeGap": 2, "thinThickThinSmallGap": 3, "thinThickThinMediumGap": 3,
          "thinThickThinLargeGap": 3, "doubleWave": 2}
_ALIASES = {"left": ("left", "start"), "right": ("right", "end"), "top": ("top",),
            "bottom": ("bottom",), "insideH": ("insideH",), "insideV": ("insideV",)}


def read_border(el: etree._Element | None, theme) -> Border | None:
    """A border element as a ``Border``; ``None`` for no element. ``nil``/``none`` give the
    ``none`` border (an explicit "no line", which still overrides)."""
    if el is None:
        return None
    style = el.get(_W + "val") or "none"
    if style in ("nil", "none"):
        return NONE
    color = normalize_hex(el.get(_W + "color"))
    slot = el.get(_W + "themeColor")
    if slot and theme is not None and theme.color(slot):
        color = theme_or_stored(theme.color(slot), color, el.get(_W + "themeTint"),
                                el.get(_W + "themeShade"))
    return Border(style, eighth_points_to_pt(el.get(_W + "sz")), color)


def _find(container: etree._Element | None, side: str) -> etree._Element | None:
    if container is None:
        return None
    for name in _ALIASES[side]:
        el = container.find(_W + name)
        if el is not None:
            return el
    return None


def weight(b: Border) -> tuple[float, float]:
    if b.style in ("none", "nil"):
        return (-1.0, 0.0)
    width = b.width if b.width is not None else 0.5
    darkness = 0.0
    if b.color and len(b.color) == 6:
        try:
            darkness = 765 - sum(int(b.color[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            darkness = 0.0
    elif b.color in (None, "auto"):
        darkness = 765.0
    return (width * _LINES.get(b.style, 1), darkness)


@dataclass(frozen=True)
class Edge:
    """One edge segment: ``label`` locates it; ``position`` is ``top``/``bottom``/``left``/
    ``right`` for the table's outline or ``insideH``/``insideV``."""

    label: str
    position: str
    border: Border
    source: str


class TableBorders:
    """Resolves every edge segment of one table."""

    def __init__(self, table) -> None:
        self.table = table
        self.doc = table.doc
        self.theme = table.doc.theme
        self.chain = style_chain(self.doc, table.style_id)
        self.nrows = len(table.row_elements)
        self.ncols = table.column_count

    # -------------------------------------------------------------- one cell side
    def _table_level(self, row_index: int, side: str, outer: bool):
        """The table-level border for ``side`` of a cell: the outline element when the
        edge is on the table's outline, else insideH/insideV."""
        name = side if outer else ("insideH" if side in ("top", "bottom") else "insideV")
        tr = self.table.row_elements[row_index] if row_index < self.nrows else None
        ex = tr.find(_W + "tblPrEx") if tr is not None else None
        holders = [(ex.find(_W + "tblBorders") if ex is not None else None, "row exception"),
                   (self.table.tbl_pr.find(_W + "tblBorders")
                    if self.table.tbl_pr is not None else None, "direct")]
        for st in self.chain:
            tp = st.child("tblPr")
            holders.append((tp.find(_W + "tblBorders") if tp is not None else None,
                            f"style:{st.id}"))
        for holder, source in holders:
            b = read_border(_find(holder, name), self.theme)
            if b is not None:
                return b, source
        return None

    def _region_outline(self, cond: str, cell, side: str) -> bool:
        """Whether ``side`` of ``cell`` lies on the outline of conditional region ``cond``."""
        r0, r1 = cell.row, cell.row_end
        c0, c1 = cell.col, cell.col + cell.col_span - 1
        last_r, last_c = self.nrows - 1, self.ncols - 1
        if cond in ("firstRow", "lastRow", "band1Horz", "band2Horz"):
            return side in ("top", "bottom") or (side == "left" and c0 == 0) or (
                side == "right" and c1 == last_c)
        if cond in ("firstCol", "lastCol", "band1Vert", "band2Vert"):
            return side in ("left", "right") or (side == "top" and r0 == 0) or (
                side == "bottom" and r1 == last_r)
        if cond in ("nwCell", "neCell", "swCell", "seCell"):
            return True
        return {"top": r0 == 0, "bottom": r1 == last_r, "left": c0 == 0,
                "right": c1 == last_c}[side]

    def cell_side(self, cell, side: str) -> tuple[Border, str]:
        """The border one cell gives one of its sides, with its source."""
        tcb = cell.tc_pr.find(_W + "tcBorders") if cell.tc_pr is not None else None
        b = read_border(_find(tcb, side), self.theme)
        if b is not None:
            return b, "direct"
        for cond in cell.conditions:
            for st in self.chain:
                tc_pr = conditional(st, cond, "tcPr")
                holder = tc_pr.find(_W + "tcBorders") if tc_pr is not None else None
                if holder is None:
                    continue
                name = side if self._region_outline(cond, cell, side) else (
                    "insideH" if side in ("top", "bottom") else "insideV")
                b = read_border(_find(holder, name), self.theme)
                if b is not None:
                    return b, f"style:{st.id}[{cond}]"
        outer = {"top": cell.row == 0, "bottom": cell.row_end == self.nrows - 1,
                 "left": cell.col == 0,
                 "right": cell.col + cell.col_span - 1 == self.ncols - 1}[side]
        row_index = cell.row if side != "bottom" else cell.row_end
        got = self._table_level(row_index, side, outer)
        if got is not None:
            return got
        return NONE, "default"

    # -------------------------------------------------------------- segments
    def edges(self) -> list[Edge]:
        """Every visible edge segment of the grid, top to bottom, left to right."""
        slots = self.table.slots
        out: list[Edge] = []
        ncols = self.ncols
        for b in range(self.nrows + 1):
            for g in range(ncols):
                above = _slot(slots, b - 1, g)
                below = _slot(slots, b, g)
                if above is None and below is None:
                    continue
                if above is not None and above is below:
                    continue  # inside a vertically merged cell
                if b == 0 or above is None:
                    pos = "top"
                elif b == self.nrows or below is None:
                    pos = "bottom"
                else:
                    pos = "insideH"
                sides = []
                if above is not None:
                    sides.append(self.cell_side(above, "bottom"))
                if below is not None:
                    sides.append(self.cell_side(below, "top"))
                border, source = _resolve(sides)
                where = f"above row {b + 1}" if b < self.nrows else f"below row {b}"
                out.append(Edge(f"{where}, column {g + 1}", pos, border, source))
        for r in range(self.nrows):
            for g in range(ncols + 1):
                left = _slot(slots, r, g - 1)
                right = _slot(slots, r, g)
                if left is None and right is None:
                    continue
                if left is not None and left is right:
                    continue  # inside a horizontally merged cell
                if g == 0 or left is None:
                    pos = "left"
                elif g == ncols or right is None:
                    pos = "right"
                else:
                    pos = "insideV"
                sides = []
                if left is not None:
                    sides.append(self.cell_side(left, "right"))
                if right is not None:
                    sides.append(self.cell_side(right, "left"))
                border, source = _resolve(sides)
                where = f"left of column {g + 1}" if g < ncols else f"right of column {g}"
                out.append(Edge(f"row {r + 1}, {where}", pos, border, source))
        return out


def _slot(slots, r: int, g: int):
    if r < 0 or g < 0 or r >= len(slots) or g >= len(slots[r]):
        return None
    return slots[r][g]


def _resolve(sides: list[tuple[Border, str]]) -> tuple[Border, str]:
    if len(sides) == 1 or sides[0][0] == sides[1][0]:
        return sides[0]
    return max(sides, key=lambda s: weight(s[0]))
