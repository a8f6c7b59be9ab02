"""Cell data of one worksheet.

Small sheets (part below ``EAGER_BYTES``) are parsed once and their rows indexed; a row's
cells are read when a request first touches it. Large ones are never held whole: a request
(a cell, an area, a column) streams the part from the top, keeps only the cells asked for,
and stops at the first row past the request, so a check on one cell of a 200,000-row sheet
costs one partial pass and little memory. Stopping early assumes the rows come in ascending
order, as every writer writes them: that is checked once per sheet, from the bytes, the
first time a pass would stop, and a part whose rows are out of order or repeated is read to
its end by every pass (its cells are the last write, as a small sheet reads them). When the grading planned its reads (``plan``: the
areas every check of the rubric will ask for), the first pass reads all of them, so a rubric
costs one pass per sheet instead of one per check. Shared-formula masters and
array ranges met on the way are remembered (they are few), because a cell far down may
belong to a group whose master sits at the top.

The part's head (``sheetPr``, ``dimension``, ``sheetViews``, ``sheetFormatPr``, ``cols``) is
read without touching the rows; the tail (merges, conditional formats, validations, page
setup, drawings …) needs one pass past the rows and is read only when a property asks.
"""

from __future__ import annotations

import gc

from lxml import etree

from officeeval.excel import fastrows
from officeeval.excel.rawcells import (
    PLAIN_ROW, RawCell, RowInfo, column_in_row, column_of, flag, grow, has_content, plain_row,
    position_of, read_cell, row_number,
)
from officeeval.excel.refs import MAX_COL, MAX_ROW, Area, parse_area
from officeeval.excel.sheetstream import ROW, SheetStream
from officeeval.ooxml.ns import S
from officeeval.ooxml.package import Package
from officeeval.ooxml.units import to_float, to_int

_S = f"{{{S}}}"
_C, _F = _S + "c", _S + "f"
EAGER_BYTES = 2 * 1024 * 1024


def _noted(f: etree._Element, r: int, col: int) -> None:
    """``read_cell``'s note for streamed rows, whose formulas were noted already."""


class CellStore:
    """The cells of one worksheet part. See the module docstring for the reading strategy."""

    def __init__(self, package: Package, part: str, eager_bytes: int | None = None) -> None:
        self.package = package
        self.part = part
        limit = EAGER_BYTES if eager_bytes is None else eager_bytes
        self.large = package.part_size(part) > limit
        self.cells: dict[tuple[int, int], RawCell] = {}
        self.rows: dict[int, RowInfo] = {}
        self._covered: list[tuple[int, int, int, int]] = []
        self._shared: dict[str, tuple[int, int, str]] = {}
        self._arrays: list[tuple[Area, int, int]] = []
        self._used: Area | None = None
        self._used_known = False
        self._outline: int | None = None
        # The part as a stream: large sheets' passes, head and skeleton.
        self.source = SheetStream(package, part)
        self._full = False  # every cell of the sheet is loaded
        self._row_els: dict[int, list[etree._Element]] | None = None
        self._done_rows: set[int] = set()
        # Large sheets: areas a grading announced it will read (``plan``), read by the next
        # pass together with whatever that pass was asked for.
        self._planned: list[tuple[int, int, int, int]] = []
        self.scans = 0  # passes over the part (for tests and benches)
        self.fast_scans = 0  # of them, passes read from the bytes (fastrows)
        self.rows_read = 0  # row elements met over all passes

    # ------------------------------------------------------------------ streaming
    def tree(self) -> etree._Element | None:
        """The parsed part for a small sheet (parsed once, kept by the package); ``None``
        for a large one, which is only ever streamed."""
        return None if self.large else self.package.xml(self.part)

    def head(self) -> etree._Element:
        """The worksheet root holding at least what precedes ``sheetData`` (read without
        touching rows on a large sheet). Raises ``PackageError`` for malformed XML."""
        return self.source.head() if self.large else self.package.xml(self.part)

    def skeleton(self) -> etree._Element:
        """The whole worksheet root, rows emptied on a large sheet (one full pass there).
        Raises ``PackageError`` for malformed XML."""
        return self.source.skeleton() if self.large else self.package.xml(self.part)

    def _row_attrs(self, row_el: etree._Element, r: int) -> int:
        """Record a row element's attributes; returns its outline level."""
        attrib = row_el.attrib
        lvl = 0
        if not plain_row(attrib.keys()):
            lvl = to_int(attrib.get("outlineLevel")) or 0
            self.rows[r] = RowInfo(to_float(attrib.get("ht")), flag(attrib.get("customHeight")),
                                   flag(attrib.get("hidden")), lvl,
                                   flag(attrib.get("collapsed")),
                                   to_int(attrib.get("s")) if flag(attrib.get("customFormat"))
                                   else None)
        else:
            self.rows[r] = PLAIN_ROW
        return lvl

    def _read_row(self, row_el: etree._Element, r: int, spans: list[tuple[int, int]],
                  cmax: int, bounds: list | None) -> int:
        """Large sheets: record a row's attributes and its cells in the column ``spans``
        (c1, c2); cells up to ``cmax`` (every column any request of this pass reaches) have
        their shared-formula masters noted. Grows ``bounds`` with every cell holding content
        when given. Returns the row's outline level."""
        lvl = self._row_attrs(row_el, r)
        cells = list(row_el.iterchildren(_C)) if bounds is not None else None
        if cells:
            # Cells come in column order: the row's content spans its first and last
            # cells holding something.
            first = next((c for c in cells if has_content(c)), None)
            if first is not None:
                last = next(c for c in reversed(cells) if has_content(c))
                lo = column_of(first.get("r"), cells.index(first))
                hi = column_of(last.get("r"), cells.index(last)) if last is not first else lo
                grow(bounds, r, lo)
                grow(bounds, r, hi)
        # Shared-formula masters and array ranges of the row, noted before its cells are
        # read (a master sits left of, or on, its members).
        for f in row_el.iter(_F):
            if f.get("ref") is not None:
                self._note_formula(f, r, position_of(f.getparent(), row_el))
        prev_col = 0
        store = self.cells
        one = spans[0] if len(spans) == 1 else None
        row_text = str(r)
        shared = self._shared
        for c in (cells if cells is not None else row_el.iterchildren(_C)):
            col = column_in_row(c.get("r"), row_text, prev_col)
            if col > cmax or col > MAX_COL:
                break
            prev_col = col
            if one is not None:
                if not one[0] <= col <= one[1]:
                    continue
            elif not any(a <= col <= b for a, b in spans):
                continue
            store[(r, col)] = read_cell(c, r, col, shared, _noted)
        return lvl

    def _index_row(self, row_el: etree._Element, r: int) -> None:
        """Small sheets: record a row's attributes and the record of each of its cells.
        The rubric's checks read most cells of the rows they reach (a range's rows, then
        other columns of the same rows), so the row is read in one loop rather than
        indexed first and each record built when first asked for."""
        self._row_attrs(row_el, r)
        store, shared, note = self.cells, self._shared, self._note_formula
        prev_col = 0
        row_text = str(r)
        for c in row_el.iterchildren(_C):
            col = column_in_row(c.get("r"), row_text, prev_col)
            if col > MAX_COL:
                break
            prev_col = col
            # A repeated cell or row: the last write wins.
            store[(r, col)] = read_cell(c, r, col, shared, note)

    def _scan(self, r1: int, r2: int, c1: int, c2: int) -> None:
        """Large sheets: stream the part and load the cells of rows r1..r2 and columns
        c1..c2 (and their rows' attributes), together with every planned area not read yet
        (one pass for all), stopping after the last row any of them needs. A pass over every
        row also learns the used range and outline depth.

        When the combined pass fails (a malformed or oversized part further down than this
        request reaches), the request is read alone, so it fails or succeeds as it would
        without the plan; the planned areas are then read by their own requests."""
        planned = [a for a in self._planned if not self._is_covered(*a)]
        self._planned = []
        if planned:
            try:
                self._scan_areas([(r1, r2, c1, c2), *planned])
                return
            except Exception:  # noqa: BLE001 - retried alone below, which raises its own
                pass
        self._scan_areas([(r1, r2, c1, c2)])

    def _scan_areas(self, areas: list[tuple[int, int, int, int]]) -> None:
        # A pass allocates millions of short-lived objects (the reader's matches) and keeps
        # a record per wanted cell, none of them in a reference cycle: the cyclic collector
        # would walk the growing store over and over (a quarter of a 200,000-row grading).
        # It runs once first instead, so what is already garbage (the last graded
        # workbook's cells) is not kept through the pass.
        paused = gc.isenabled()
        if paused:
            gc.collect()
            gc.disable()
        try:
            self._scan_areas_now(areas)
        finally:
            if paused:
                gc.enable()

    def _scan_areas_now(self, areas: list[tuple[int, int, int, int]]) -> None:
        self.scans += 1
        lo = min(a[0] for a in areas)
        hi = max(a[1] for a in areas)
        cmax = max(a[3] for a in areas)
        full = lo <= 1 and hi >= MAX_ROW
        # A pass stops after its last wanted row only where the part's rows are known to
        # come in ascending order (every writer's; a row repeated or out of order further
        # down would otherwise be missed, and its cells are the last write). Asked only
        # when the pass would stop: a pass reaching the last row pays nothing for it.
        if self._fast_pass(areas, full):
            return
        single = [(areas[0][2], areas[0][3])] if len(areas) == 1 else None
        prev_row = 0
        bounds: list | None = [None, None, 0, 0] if full else None
        outline = 0
        for row_el in self.source.iter_rows():
            self.rows_read += 1
            r = row_number(row_el.get("r"), prev_row)
            if r < 1 or r > MAX_ROW:
                continue
            prev_row = r
            if r > hi:
                if self.source.rows_in_order():
                    break
                spans = None  # rows out of order: one further down may still be wanted
            elif single is not None:
                spans = single if r >= lo else None
            else:
                spans = [(a[2], a[3]) for a in areas if a[0] <= r <= a[1]] or None
            if spans is None:
                # Only shared-formula masters and array ranges matter outside the requests.
                for f in row_el.iter(_F):
                    if f.get("ref") is not None:
                        self._note_formula(f, r, position_of(f.getparent(), row_el))
                continue
            outline = max(outline, self._read_row(row_el, r, spans, cmax, bounds))
        self._covered.extend(areas)
        if full and bounds is not None:
            self._used_known = True
            self._used = (Area(bounds[0], bounds[1], bounds[2], bounds[3])
                          if bounds[0] is not None else None)
            self._outline = outline

    def _fast_pass(self, areas: list[tuple[int, int, int, int]], full: bool = False) -> bool:
        """The pass read from the part's bytes (``fastrows``); ``False`` when that reader
        does not read this part (anything unusual, a malformed or Strict part), and nothing
        recorded then: the lxml reader reads the pass, and raises what it raises."""
        try:
            stream = self.source.open()
        except Exception:  # noqa: BLE001 - the lxml reader raises it
            return False
        try:
            if self.source.strict:
                return False
            shared, arrays = dict(self._shared), list(self._arrays)
            got = fastrows.scan(stream, self.part, None, areas, shared, arrays, full,
                                self.source.rows_in_order)
        except Exception:  # noqa: BLE001 - Unusual, or anything the lxml reader reports
            return False
        finally:
            stream.close()
        self.fast_scans += 1
        self.rows_read += got.rows_read
        self.cells.update(got.cells)
        self.rows.update(got.rows)
        self._shared, self._arrays = shared, arrays
        self._covered.extend(areas)
        if full and got.bounds is not None:
            b = got.bounds
            self._used_known = True
            self._used = Area(b[0], b[1], b[2], b[3]) if b[0] is not None else None
            self._outline = got.outline
        return True

    def plan(self, areas: list[tuple[int, int, int, int]]) -> None:
        """Announce areas (r1, r2, c1, c2) the grading will ask for: on a large sheet the
        next pass over the part reads them too. Nothing is read now; small sheets, which
        are parsed whole, ignore it."""
        if self.large:
            self._planned.extend(a for a in areas if not self._is_covered(*a))

    # ------------------------------------------------------------------ small sheets
    def _index(self) -> dict[int, list[etree._Element]]:
        """Small sheets: row number -> the row elements with that number, in part order (a
        repeated row is read after the first, so its cells win, as the last write does),
        with shared-formula masters and array ranges noted on the way. Built once."""
        if self._row_els is None:
            self.scans += 1
            idx: dict[int, list[etree._Element]] = {}
            prev_row = 0
            for row_el in self.package.xml(self.part).iter(ROW):
                self.rows_read += 1
                r = row_number(row_el.get("r"), prev_row)
                if r < 1 or r > MAX_ROW:
                    continue
                prev_row = r
                idx.setdefault(r, []).append(row_el)
                for f in row_el.iter(_F):
                    if f.get("ref") is not None:
                        self._note_formula(f, r, position_of(f.getparent(), row_el))
            self._row_els = idx
        return self._row_els

    def _ensure_small(self, r1: int, r2: int) -> None:
        idx = self._index()
        todo = (range(r1, r2 + 1) if r2 - r1 < len(idx) else sorted(idx))
        for r in todo:
            if r1 <= r <= r2 and r in idx and r not in self._done_rows:
                self._done_rows.add(r)
                for row_el in idx[r]:
                    self._index_row(row_el, r)
        if len(self._done_rows) == len(idx):
            self._full = True

    def _small_bounds(self) -> None:
        bounds: list = [None, None, 0, 0]
        outline = 0
        for r, row_els in self._index().items():
            for row_el in row_els:
                outline = max(outline, to_int(row_el.get("outlineLevel")) or 0)
                prev_col = 0
                for c in row_el.iterchildren(_C):
                    col = column_of(c.get("r"), prev_col)
                    prev_col = col
                    if has_content(c):
                        grow(bounds, r, min(col, MAX_COL))
        self._used_known = True
        self._used = Area(bounds[0], bounds[1], bounds[2], bounds[3]) if bounds[0] else None
        self._outline = outline

    def _note_formula(self, f: etree._Element, r: int, col: int) -> None:
        kind = f.get("t")
        if kind == "shared" and f.get("ref") and f.text:
            si = f.get("si") or ""
            if si not in self._shared:
                self._shared[si] = (r, col, f.text)
        elif kind == "array" and f.get("ref"):
            area = parse_area(f.get("ref"))
            if area is not None and (area.rows > 1 or area.cols > 1):
                if not any(a.r1 == area.r1 and a.c1 == area.c1 for a, _, _ in self._arrays):
                    self._arrays.append((area, r, col))

    # ------------------------------------------------------------------ requests
    def _is_covered(self, r1: int, r2: int, c1: int, c2: int) -> bool:
        if c1 > MAX_COL:  # row attributes only: any pass over these rows read them
            return any(a <= r1 and r2 <= b for a, b, _, _ in self._covered)
        return any(a <= r1 and r2 <= b and c <= c1 and c2 <= d for a, b, c, d in self._covered)

    def ensure(self, r1: int, r2: int, c1: int = 1, c2: int = MAX_COL) -> None:
        """Make cells of the area available (a full read for small sheets)."""
        if self._full:
            return
        if not self.large:
            if c1 <= MAX_COL:
                self._ensure_small(r1, r2)
            return
        if not self._is_covered(r1, r2, c1, c2):
            self._scan(r1, r2, c1, c2)

    def get(self, row: int, col: int) -> RawCell | None:
        """The stored cell; ``None`` when the sheet has no ``c`` element there. On a large
        sheet the whole row is read (neighbours are usually asked for next)."""
        key = (row, col)
        raw = self.cells.get(key)
        if raw is not None or self._full:
            return raw
        if self.large:
            if not self._is_covered(row, row, col, col):
                self.ensure(row, row)
                return self.cells.get(key)
            return None
        if row not in self._done_rows:
            self._ensure_small(row, row)
            return self.cells.get(key)
        return None

    def get_many(self, keys: list[tuple[int, int]]) -> list[RawCell | None]:
        """``[self.get(r, c) for r, c in keys]``; on a small sheet the rows they span are
        read at once (a range's cells, not one call chain per cell)."""
        if self.large or not keys:
            return [self.get(r, c) for r, c in keys]
        if not self._full:
            self._ensure_small(min(k[0] for k in keys), max(k[0] for k in keys))
        cells = self.cells
        return [cells.get(key) for key in keys]

    def row_info(self, row: int) -> RowInfo | None:
        """The row element's attributes (``None`` without a row element)."""
        if row not in self.rows and not self._full:
            if self.large:
                self.ensure(row, row, MAX_COL + 1, MAX_COL + 1)
            else:
                self._ensure_small(row, row)
        return self.rows.get(row)

    def used(self) -> Area | None:
        """The rectangle of cells holding a value or formula (style-only cells left out);
        ``None`` for a sheet without content. Costs one full pass on a large sheet."""
        if not self._used_known:
            if self.large:
                self._scan(1, MAX_ROW, MAX_COL + 1, MAX_COL + 1)  # bounds only, keep no cells
            else:
                self._small_bounds()
        return self._used

    def max_outline(self) -> int:
        if self._outline is None:
            self.used()
        return self._outline or 0

    def all_cells(self) -> list[RawCell]:
        """Every stored cell in row-major order (loads the whole sheet)."""
        self.ensure(1, MAX_ROW)
        return [self.cells[k] for k in sorted(self.cells)]

    def cells_in(self, area: Area) -> list[RawCell]:
        """Stored cells inside ``area`` in row-major order."""
        self.ensure(area.r1, area.r2, area.c1, area.c2)
        if area.rows * area.cols <= len(self.cells):
            out = [self.cells.get((r, c)) for r in range(area.r1, area.r2 + 1)
                   for c in range(area.c1, area.c2 + 1)]
            return [c for c in out if c is not None]
        return [self.cells[k] for k in sorted(self.cells) if area.contains(*k)]

    def has_arrays(self) -> bool:
        """Whether a multi-cell array formula range has been met (on a small sheet, once
        any of its rows was asked for: all of them then)."""
        return bool(self._arrays)

    def array_at(self, row: int, col: int) -> tuple[Area, int, int] | None:
        """The multi-cell array formula range covering the cell, with its anchor; rows up to
        the cell must have been read (they are, once the cell was asked for)."""
        for area, r, c in self._arrays:
            if area.contains(row, col):
                return area, r, c
        return None
