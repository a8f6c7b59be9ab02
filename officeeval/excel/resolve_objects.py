"""Resolvers for charts on sheets, and the reading of referenced cells every object on a
sheet shares (pivot tables are in ``resolve_pivots``, tables in ``resolve_tables``, defined
names in ``resolve_workbook``, conditional formats in ``resolve_rules``, validations in
``resolve_validation``).

Charts bind the ``chart.*`` family (``officeeval.properties.charts``), which Excel defines;
where a chart is (its anchor, its sheet) and the pivot table it is built on are Excel's own,
each with its writer. Chart data: the series' names, values and categories come from the
chart's cache; a chart written without a cache (openpyxl writes none) reads the referenced
cells instead, through the same value path as ``cell.value`` (so formulas there are
recalculated too).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel import cells as C
from officeeval.excel import value_types as X
from officeeval.excel.numfmt import general
from officeeval.excel.refs import parse_area, split_sheet
from officeeval.excel.targets import ChartTarget
from officeeval.ooxml.ns import A, C as NS_C, R, XDR
from officeeval.properties import types as T
from officeeval.properties.charts import REFERENCES, bind_charts
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, mistyped
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

MAX_REF_CELLS = 100_000
CHART = "chart"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
_A, _C, _R, _XDR = f"{{{A}}}", f"{{{NS_C}}}", f"{{{R}}}", f"{{{XDR}}}"


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


# ------------------------------------------------------------------ references to cells
def ref_cells(doc, ref: str | None, default_sheet=None) -> list[tuple]:
    """(sheet, row, col) of every cell a reference covers (unqualified references are on
    ``default_sheet``; a bare defined name is followed), whole columns/rows bounded by the
    used range; ``[]`` for anything else (constants, other workbooks, oversized areas)."""
    if not ref:
        return []
    text = ref.strip().lstrip("=")
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    out = []
    for piece in text.split(","):
        sheet_name, body = split_sheet(piece.strip())
        sheet = doc.sheet(sheet_name) if sheet_name else default_sheet
        area = parse_area(body)
        if area is None and sheet_name is None:
            target = _name_ref(doc, body)
            if target and target.strip() != piece.strip():
                out.extend(ref_cells(doc, target))
            continue
        if sheet is None or area is None:
            continue
        area = sheet.bound(area)
        if area is None or area.rows * area.cols > MAX_REF_CELLS:
            continue
        out.extend((sheet, r, c) for r in range(area.r1, area.r2 + 1)
                   for c in range(area.c1, area.c2 + 1))
    return out


def _name_ref(doc, name: str) -> str | None:
    for n in doc.names:
        if n.name.casefold() == name.strip().casefold():
            return n.refers_to
    return None


def cell_text_at(sheet, row: int, col: int) -> str:
    shown, _ = C.display_text(sheet, row, col)
    return shown


def _cell_number(sheet, row: int, col: int) -> str:
    v, _ = C.cell_value(sheet, row, col)
    if v.kind == "number":
        return general(float(v.value))
    if v.kind == "date" and v.extra.get("serial") is not None:
        return general(float(v.extra["serial"]))
    return "" if v.kind == "empty" else str(v.value)


# ------------------------------------------------------------------ charts
class SheetChart:
    """A chart on a sheet, for the ``chart.*`` family's readers (``properties.charts``):
    what its cache lacks (openpyxl writes none) is read from the cells it refers to, and
    its numbers are shown as Excel's General format shows them."""

    def __init__(self, t: ChartTarget) -> None:
        self.target = t
        self.info = t.info

    def title(self) -> Observation | None:
        """The title, ``auto`` for Excel's automatic one (the series name)."""
        return _obs(self.info.title, "auto" if self.info.title_auto else "direct")

    def series_names(self) -> Observation | None:
        got = [self._series_name(s) for s in self.info.series]
        return _obs([name for name, _ in got],
                    "cells" if any(c for _, c in got) else "direct")

    def _series_name(self, series) -> tuple[str, bool]:
        """(name, read from cells): the cached or literal name, else the text of the cells
        its reference names (several cells joined by a space, as Excel shows them)."""
        if series.name or not series.name_ref:
            return series.name or "", False
        cells = ref_cells(self.target.doc, series.name_ref)
        texts = [cell_text_at(sh, r, c) for sh, r, c in cells]
        return " ".join(x for x in texts if x), True

    def _values(self, series) -> tuple[list[str], str]:
        if series.values and any(v is not None for v in series.values):
            return ["" if v is None else general(v) for v in series.values], "cached"
        cells = ref_cells(self.target.doc, series.values_ref)
        return [_cell_number(sh, r, c) for sh, r, c in cells], "cells"

    def first_values(self) -> Observation | None:
        if not self.info.series:
            return None
        vals, source = self._values(self.info.series[0])
        return Observation(vals, source)

    def all_values(self) -> Observation | None:
        out: list[str] = []
        sources = set()
        for s in self.info.series:
            vals, source = self._values(s)
            out.extend(vals)
            sources.add(source)
        if not self.info.series:
            return None
        return Observation(out, sources.pop() if len(sources) == 1 else "mixed")

    def first_categories(self) -> Observation | None:
        if not self.info.series:
            return None
        s = self.info.series[0]
        if s.categories and any(v is not None for v in s.categories):
            return Observation(["" if v is None else str(v) for v in s.categories], "cached")
        cells = ref_cells(self.target.doc, s.categories_ref)
        if not cells:
            return None
        return Observation([cell_text_at(sh, r, c) for sh, r, c in cells], "cells")


def chart_part(session: Session, t: Target) -> str:
    """The chart part of chart target ``t``; ``NotApplicable`` for another target."""
    placed = getattr(t, "placed", None)
    if placed is None:
        raise NotApplicable(f"not a chart: {t.kind}")
    return placed.part


# Excel defines the chart family (``properties.charts``) with its own reference grammar.
bind_charts(PROPERTIES, "excel", kinds=CHART, part_of=chart_part,
            chart_of=lambda t: SheetChart(t) if isinstance(t, ChartTarget) else None,
            defines={REFERENCES: X.REFS})


@prop("chart.anchor", X.ANCHOR, kinds=CHART, plan=Plan("chart_moved"),
      draft=Drafting(asked="anchor", freed_by=("位置",), called=("图表",)))
def chart_anchor(t: ChartTarget, ctx) -> Observation | None:
    """Cells the chart covers (B10:H25); one-cell anchors are measured through column widths
    and row heights."""
    return _obs(t.placed.anchor)


@WRITERS.writer("chart.anchor")
def write_anchor(session: Session, target: Target, value: Any) -> str:
    """The cells the chart covers (``E2:L18``; a single cell moves it, keeping its
    size)."""
    area = parse_area(str(value))
    if area is None:
        raise NotApplicable(f"not a range: {value!r}")
    el = anchor_of(session, target)
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


def anchor_of(session: Session, t: Target) -> etree._Element:
    """The drawing anchor (``xdr:twoCellAnchor`` …) holding chart target ``t``, its drawing
    part marked as changed; ``NotApplicable`` when it is not found."""
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


@prop("chart.sheet", T.TEXT, kinds=CHART, plan=Plan("chart_deleted"),
      read_only="where the chart's drawing is: moving it to another sheet is moving a part",
      draft=Drafting(volatile=True, called=("图表",)))
def chart_sheet(t: ChartTarget, ctx) -> Observation | None:
    """Name of the sheet the chart is on (a chart sheet's own name)."""
    return _obs(t.sheet.name)


@prop("chart.pivot_source", T.TEXT, kinds=CHART,
      draft=Drafting(called=("图表",)),
      plan=Plan("setting", mistake=mistyped))
def chart_pivot_source(t: ChartTarget, ctx) -> Observation | None:
    """The pivot table a pivot chart (数据透视图) is built on, as sheet!name (透视表!类别透视)
    from the chart's pivot source with the file prefix ([Book1.xlsx]) and the sheet's quotes
    dropped; no value for a chart built on cells.

    c:chartSpace/c:pivotSource/c:name (ISO 29500 21.2.2.144). The file prefix names the
    workbook as it was saved (output.xlsx, reference.xlsx), so it is not compared."""
    root = t.sheet.book.package.xml(t.placed.part)
    name = root.findtext(f"{{{NS_C}}}pivotSource/{{{NS_C}}}name") if root is not None else None
    if name is None:
        return None
    return _obs(pivot_source_name(name))


@WRITERS.writer("chart.pivot_source")
def write_pivot_source(session: Session, target: Target, value: Any) -> str:
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


def pivot_source_name(text: str) -> str:
    """``[Book1.xlsx]'透视 表'!PT1`` -> ``透视 表!PT1``: the file prefix and quotes dropped."""
    text = text.strip()
    if text.startswith("[") and "]" in text:
        text = text[text.index("]") + 1:]
    sheet, bang, name = text.rpartition("!")
    if not bang:
        return name
    if len(sheet) >= 2 and sheet[0] == sheet[-1] == "'":
        sheet = sheet[1:-1].replace("''", "'")
    return f"{sheet}!{name}"
