"""Tables as a reader sees them: a grid of rows and columns where a merged cell (``w:gridSpan``
across, ``w:vMerge`` down) is one cell at its top-left grid position.

``cell(r, c)`` addresses grid coordinates (1-based), as python-docx's ``table.cell`` and the
Word UI do: any coordinate inside a merged cell gives that cell. Rows list the cells that start
in them; columns the cells that cover them. Odd markup (a ``vMerge`` continue with nothing
above, ragged rows, a missing ``w:tblGrid``) still gives a grid, never an exception.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lxml import etree

from officeeval.cache import cached_property
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_int
from officeeval.targets import Target
from officeeval.word.containers import BlockContainer
from officeeval.word.table_styles import (
    TableFormatting, band_sizes, conditions, effective_style_id, read_look,
)
from officeeval.word.text import paragraph_text

if TYPE_CHECKING:
    from officeeval.word.document import WordDocument

_W = f"{{{W}}}"
_SDT = _W + "sdt"
_WRAPPERS = (_W + "customXml", _W + "ins", _W + "moveTo")
MAX_GRID = 64  # Word tables have at most 63 columns; a hostile gridSpan must not allocate more


def _children(el: etree._Element, tag: str) -> list[etree._Element]:
    """``tag`` children of ``el``, looking through content controls and custom XML."""
    out: list[etree._Element] = []
    stack = [iter(el)]
    while stack:
        for child in stack[-1]:
            if child.tag == tag:
                out.append(child)
            elif child.tag == _SDT:
                content = child.find(_W + "sdtContent")
                if content is not None:
                    stack.append(iter(content))
                    break
            elif child.tag in _WRAPPERS:
                stack.append(iter(child))
                break
        else:
            stack.pop()
    return out


def _prop(parent: etree._Element | None, path: str) -> etree._Element | None:
    return parent.find(path) if parent is not None else None


class TableTarget(Target):
    kind = "table"

    def __init__(self, doc: "WordDocument", el: etree._Element, locator: str, part: str,
                 section: Any = None) -> None:
        super().__init__(doc, locator)
        self.el = el
        self.part = part
        self.section = section
        self.tbl_pr = el.find(_W + "tblPr")

    @cached_property
    def style_id(self) -> str | None:
        return effective_style_id(self.doc, self.tbl_pr)

    @cached_property
    def has_direct_style(self) -> bool:
        return _prop(self.tbl_pr, _W + "tblStyle") is not None

    @cached_property
    def look(self):
        return read_look(self.tbl_pr)

    @cached_property
    def row_elements(self) -> list[etree._Element]:
        return _children(self.el, _W + "tr")

    @cached_property
    def grid_widths(self) -> list[etree._Element]:
        grid = self.el.find(_W + "tblGrid")
        return grid.findall(_W + "gridCol") if grid is not None else []

    @cached_property
    def _grid(self) -> tuple[list[list["CellTarget | None"]], list["CellTarget"], int]:
        slots: list[list[CellTarget | None]] = []
        cells: list[CellTarget] = []
        width = len(self.grid_widths)
        for r, tr in enumerate(self.row_elements):
            row: list[CellTarget | None] = []
            before = to_int(_val(_prop(tr.find(_W + "trPr"), _W + "gridBefore"))) or 0
            row.extend([None] * max(0, min(before, MAX_GRID)))
            for tc in _children(tr, _W + "tc"):
                tc_pr = tc.find(_W + "tcPr")
                span = to_int(_val(_prop(tc_pr, _W + "gridSpan"))) or 1
                span = max(1, min(span, MAX_GRID - len(row))) if len(row) < MAX_GRID else 0
                if span == 0:
                    break
                vm = _prop(tc_pr, _W + "vMerge")
                g = len(row)
                above = slots[r - 1][g] if r > 0 and g < len(slots[r - 1]) else None
                if vm is not None and (vm.get(_W + "val") or "continue") == "continue" \
                        and above is not None:
                    above.row_end = r
                    above.continuations.append(tc)
                    origin = above
                else:
                    origin = CellTarget(self, tc, r, g, span)
                    cells.append(origin)
                row.extend([origin] * span)
            slots.append(row)
            width = max(width, len(row))
        cells.sort(key=lambda c: (c.row, c.col))
        return slots, cells, width

    @property
    def slots(self) -> list[list["CellTarget | None"]]:
        return self._grid[0]

    @property
    def cells(self) -> list["CellTarget"]:
        """Every cell (merged cells once), row by row."""
        return self._grid[1]

    @property
    def column_count(self) -> int:
        return self._grid[2]

    @cached_property
    def rows(self) -> list["RowTarget"]:
        return [RowTarget(self, tr, i) for i, tr in enumerate(self.row_elements)]

    @cached_property
    def columns(self) -> list["ColumnTarget"]:
        return [ColumnTarget(self, g) for g in range(self.column_count)]

    def cell_at(self, row: int, col: int) -> "CellTarget | None":
        """The cell covering 0-based grid position (row, col); ``None`` outside the grid."""
        if 0 <= row < len(self.slots) and 0 <= col < len(self.slots[row]):
            return self.slots[row][col]
        return None

    @cached_property
    def band_sizes(self) -> tuple[int, int]:
        return band_sizes(self.doc, self.style_id)

    @cached_property
    def cells_by_row(self) -> dict[int, list["CellTarget"]]:
        out: dict[int, list[CellTarget]] = {}
        for c in self.cells:
            out.setdefault(c.row, []).append(c)
        return out

    @cached_property
    def paragraphs(self):
        return [p for c in self.cells for p in c.paragraphs]

    @cached_property
    def text(self) -> str:
        return "\n".join(r.text for r in self.rows)

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "style":
            st = self.doc.styles.get(self.style_id)  # type: ignore[attr-defined]
            return [st.id, st.name] if st else None
        return None


class CellTarget(BlockContainer, Target):
    kind = "cell"

    def __init__(self, table: TableTarget, el: etree._Element, row: int, col: int,
                 col_span: int) -> None:
        Target.__init__(self, table.doc, f"{table.locator}/cell({row + 1},{col + 1})")
        self.table = table
        self.el = el
        self.container_el = el
        self.row = row
        self.col = col
        self.col_span = col_span
        self.row_end = row
        self.continuations: list[etree._Element] = []
        self.part = table.part
        self.section = table.section  # None for body tables: found through the body
        self.tc_pr = el.find(_W + "tcPr")

    @property
    def row_span(self) -> int:
        return self.row_end - self.row + 1

    @cached_property
    def conditions(self) -> tuple[str, ...]:
        t = self.table
        rows, cols = t.band_sizes
        return conditions(t.look, self.row, len(t.row_elements) - 1, self.col,
                          self.col + self.col_span - 1, t.column_count - 1, rows, cols)

    @cached_property
    def table_style(self) -> TableFormatting:  # type: ignore[override]
        return TableFormatting(self.table.style_id, self.conditions)

    @cached_property
    def text(self) -> str:
        return "\n".join(p.text for p in self.paragraphs) if self.paragraphs else \
            paragraph_text(self.el)

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


class RowTarget(Target):
    kind = "row"

    def __init__(self, table: TableTarget, el: etree._Element, index: int) -> None:
        super().__init__(table.doc, f"{table.locator}/row[{index + 1}]")
        self.table = table
        self.el = el
        self.index = index
        self.tr_pr = el.find(_W + "trPr")

    @cached_property
    def cells(self) -> list[CellTarget]:
        """Cells that start in this row, left to right."""
        return self.table.cells_by_row.get(self.index, [])

    @cached_property
    def paragraphs(self):
        return [p for c in self.cells for p in c.paragraphs]

    @cached_property
    def text(self) -> str:
        return "\t".join(c.text for c in self.cells)

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


class ColumnTarget(Target):
    kind = "column"

    def __init__(self, table: TableTarget, index: int) -> None:
        super().__init__(table.doc, f"{table.locator}/column[{index + 1}]")
        self.table = table
        self.index = index

    @cached_property
    def cells(self) -> list[CellTarget]:
        """Cells covering this grid column, top to bottom (a merged cell once)."""
        out: list[CellTarget] = []
        for row in self.table.slots:
            c = row[self.index] if self.index < len(row) else None
            if c is not None and (not out or out[-1] is not c):
                out.append(c)
        return out

    @cached_property
    def paragraphs(self):
        return [p for c in self.cells for p in c.paragraphs]

    @cached_property
    def text(self) -> str:
        return "\n".join(c.text for c in self.cells)

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


def _val(el: etree._Element | None) -> str | None:
    return el.get(_W + "val") if el is not None else None
