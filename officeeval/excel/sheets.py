"""One sheet of a workbook: its place in tab order, its cell store, and the sheet-level
settings read from the part (tab color, frozen panes, column and row dimensions, merges,
filters, sorting, outline, page setup, protection) and related parts (drawings, tables,
pivot tables) found through the sheet's relationships.

Settings that precede ``sheetData`` come from the part's head (no rows read); those after it
from the skeleton (one pass, only when asked).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lxml import etree

from officeeval.cache import cached_property
from officeeval.excel.celldata import CellStore
from officeeval.excel.refs import Area, cell_ref, parse_area, parse_cell
from officeeval.excel.widths import ColumnWidth, default_width, from_stored, max_digit_width
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_float, to_int

if TYPE_CHECKING:
    from officeeval.excel.workbook import ExcelDocument

_S = f"{{{S}}}"
DEFAULT_ROW_HEIGHT = 15.0


@dataclass(frozen=True)
class ColSpec:
    min: int
    max: int
    width: float | None
    custom: bool
    hidden: bool
    style: int | None
    outline: int


def _flag(v: str | None) -> bool:
    return (v or "").lower() in ("1", "true")


class Sheet:
    """A tab: ``kind`` is ``worksheet``, ``chartsheet``, ``dialogsheet`` or ``macrosheet``;
    ``part`` the part name (``None`` when the relationship dangles); ``index`` 1-based tab
    order; ``state`` ``visible``, ``hidden`` or ``veryHidden``."""

    def __init__(self, book: "ExcelDocument", name: str, index: int, sheet_id: str,
                 state: str, part: str | None, kind: str) -> None:
        self.book = book
        self.name = name
        self.index = index
        self.sheet_id = sheet_id
        self.state = state
        self.part = part
        self.kind = kind
        self.store: CellStore | None = (CellStore(book.package, part)
                                        if part is not None and kind == "worksheet" else None)
        # (row, col) -> (value, source) of cells already read (see cells.cell_value); this
        # sheet's alone, so it cannot outlive the document.
        self.values: dict[tuple[int, int], tuple] = {}
        # (row, col) -> the cell.value Observation (or None) of cells already resolved
        # (frozen: shared by every check reading the cell).
        self.observations: dict[tuple[int, int], object] = {}

    def __repr__(self) -> str:
        return f"<Sheet {self.index} {self.name!r} {self.kind}>"

    # ------------------------------------------------------------------ parts
    @cached_property
    def head(self) -> etree._Element | None:
        """The worksheet root with at least the elements before ``sheetData``."""
        if self.store is not None:
            return self.store.head()
        if self.part is not None:
            return self.book.package.xml(self.part)
        return None

    @cached_property
    def skeleton(self) -> etree._Element | None:
        """The worksheet root including everything after ``sheetData``."""
        if self.store is not None:
            return self.store.skeleton()
        return self.head

    def head_child(self, tag: str) -> etree._Element | None:
        return self.head.find(_S + tag) if self.head is not None else None

    def tail_child(self, tag: str) -> etree._Element | None:
        return self.skeleton.find(_S + tag) if self.skeleton is not None else None

    def tail_children(self, tag: str) -> list[etree._Element]:
        return self.skeleton.findall(_S + tag) if self.skeleton is not None else []

    def related(self, type_name: str) -> list[str]:
        """Parts related from this sheet by relationship type (``drawing``, ``table``,
        ``pivotTable``), in relationship order."""
        if self.part is None:
            return []
        return self.book.package.related(self.part, type_name)

    # ------------------------------------------------------------------ head settings
    @cached_property
    def tab_color(self) -> str | None:
        pr = self.head_child("sheetPr")
        tc = pr.find(_S + "tabColor") if pr is not None else None
        from officeeval.excel.styles import read_color
        return self.book.styles.resolve(read_color(tc))

    @cached_property
    def freeze(self) -> str:
        """The top-left cell of the scrolling pane (``C3``) or ``none``."""
        views = self.head_child("sheetViews")
        view = views.find(_S + "sheetView") if views is not None else None
        pane = view.find(_S + "pane") if view is not None else None
        if pane is None or (pane.get("state") or "split") not in ("frozen", "frozenSplit"):
            return "none"
        xs = max(0, to_int(pane.get("xSplit")) or 0)
        ys = max(0, to_int(pane.get("ySplit")) or 0)
        if xs == 0 and ys == 0:
            return "none"
        base = parse_cell(view.get("topLeftCell")) or (1, 1)
        return cell_ref(min(base[0] + ys, 1_048_576), min(base[1] + xs, 16_384))

    @cached_property
    def format_pr(self) -> dict[str, float | None]:
        el = self.head_child("sheetFormatPr")
        get = (lambda k: to_float(el.get(k))) if el is not None else (lambda k: None)
        return {"defaultRowHeight": get("defaultRowHeight"),
                "defaultColWidth": get("defaultColWidth"), "baseColWidth": get("baseColWidth"),
                "outlineLevelRow": get("outlineLevelRow"), "outlineLevelCol": get("outlineLevelCol")}

    @cached_property
    def cols(self) -> list[ColSpec]:
        out = []
        for grp in self.head.findall(_S + "cols") if self.head is not None else []:
            for c in grp.findall(_S + "col"):
                lo, hi = to_int(c.get("min")), to_int(c.get("max"))
                if lo is None or hi is None or lo < 1 or hi < lo:
                    continue
                w = to_float(c.get("width"))
                out.append(ColSpec(lo, min(hi, 16_384), w if w is not None and w >= 0 else None,
                                   _flag(c.get("customWidth")), _flag(c.get("hidden")),
                                   to_int(c.get("style")), to_int(c.get("outlineLevel")) or 0))
        return out

    def col_spec(self, col: int) -> ColSpec | None:
        for spec in self.cols:
            if spec.min <= col <= spec.max:
                return spec
        return None

    def column_width(self, col: int) -> tuple[ColumnWidth, str]:
        """(width, source): ``direct`` from a ``col`` entry, ``default`` otherwise."""
        font = self.book.styles.font(0)
        mdw = max_digit_width(font.name if font else None, font.size if font else None)
        spec = self.col_spec(col)
        if spec is not None and spec.width is not None:
            return from_stored(spec.width, mdw), "direct"
        fp = self.format_pr
        return default_width(fp["baseColWidth"], fp["defaultColWidth"], mdw), "default"

    def default_row_height(self) -> float:
        h = self.format_pr["defaultRowHeight"]
        return h if h is not None and 0 <= h <= 409.5 else DEFAULT_ROW_HEIGHT

    # ------------------------------------------------------------------ cell styles
    def style_at(self, row: int, col: int) -> int:
        """The cellXfs index in force: the cell's own, else its row's (customFormat), else
        its column's, else 0 (Normal)."""
        if self.store is not None:
            raw = self.store.get(row, col)
            if raw is not None:
                return raw.s
            info = self.store.row_info(row)
            if info is not None and info.style is not None:
                return info.style
        spec = self.col_spec(col)
        if spec is not None and spec.style is not None:
            return spec.style
        return 0

    def number_format_of(self, style_index: int | None) -> str | None:
        return self.book.styles.number_format_at(style_index)

    # ------------------------------------------------------------------ tail settings
    @cached_property
    def merges(self) -> list[Area]:
        out = []
        mc = self.tail_child("mergeCells")
        for m in mc.findall(_S + "mergeCell") if mc is not None else []:
            a = parse_area(m.get("ref"))
            if a is not None and (a.rows > 1 or a.cols > 1):
                out.append(a)
        return out

    def merge_at(self, row: int, col: int) -> Area | None:
        for a in self.merges:
            if a.contains(row, col):
                return a
        return None

    @cached_property
    def autofilter(self) -> etree._Element | None:
        return self.tail_child("autoFilter")

    @cached_property
    def sort_state(self) -> etree._Element | None:
        ss = self.tail_child("sortState")
        if ss is None and self.autofilter is not None:
            ss = self.autofilter.find(_S + "sortState")
        return ss

    @cached_property
    def protected(self) -> bool:
        sp = self.tail_child("sheetProtection")
        return sp is not None and _flag(sp.get("sheet"))

    @cached_property
    def page_setup(self) -> dict[str, str | None]:
        ps = self.tail_child("pageSetup")
        pr = self.head_child("sheetPr")
        fit = pr.find(_S + "pageSetUpPr") if pr is not None else None
        get = (lambda k: ps.get(k)) if ps is not None else (lambda k: None)
        return {"orientation": get("orientation"), "fitToWidth": get("fitToWidth"),
                "fitToHeight": get("fitToHeight"), "paperSize": get("paperSize"),
                "scale": get("scale"),
                "fitToPage": fit.get("fitToPage") if fit is not None else None}

    def outline_levels(self) -> tuple[int, int]:
        """(deepest row outline level, deepest column outline level)."""
        rows = self.store.max_outline() if self.store is not None else 0
        cols = max((c.outline for c in self.cols), default=0)
        return rows, cols

    def used_area(self) -> Area | None:
        return self.store.used() if self.store is not None else None

    def bound(self, area: Area) -> Area | None:
        """``area`` with whole columns/rows limited to the used range (``None`` when the
        sheet has no content there); other areas unchanged."""
        if area.kind not in ("cols", "rows"):
            return area
        if self.store is None:
            return None
        if area.kind == "cols":
            self.store.ensure(1, 1_048_576, area.c1, area.c2)  # one pass learns the used range
        used = self.used_area()
        if used is None:
            return None
        if area.kind == "cols":
            return Area(used.r1, area.c1, used.r2, area.c2, "cols")
        return Area(area.r1, used.c1, area.r2, used.c2, "rows")
