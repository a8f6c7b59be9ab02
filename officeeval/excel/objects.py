"""The workbook's selectable objects as targets, built once per document and sheet: sheets,
charts, pivot tables, tables, conditional-format rules, validation rules and defined names.
Indexes in locators count per sheet (``sheet('成绩')/chart[2]``) in drawing/document order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from officeeval.cache import memo_table
from officeeval.excel import conditional, drawings, pivots, tables, validation
from officeeval.excel.targets import (
    CfTarget, ChartTarget, NameTarget, PivotTarget, SheetTarget, TableTarget,
    ValidationTarget,
)

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet
    from officeeval.excel.workbook import ExcelDocument


def _cache(doc: "ExcelDocument") -> dict:
    return memo_table(doc, "_officeeval_excel_objects")


def sheet_targets(doc: "ExcelDocument") -> list[SheetTarget]:
    c = _cache(doc)
    if "sheets" not in c:
        c["sheets"] = [SheetTarget(s) for s in doc.sheets]
    return c["sheets"]


def sheet_target(sheet: "Sheet") -> SheetTarget:
    return sheet_targets(sheet.book)[sheet.index - 1]


def _per_sheet(sheet: "Sheet", key: str, build: Callable) -> list:
    c = _cache(sheet.book)
    k = (key, sheet.index)
    if k not in c:
        c[k] = build(sheet)
    return c[k]


def charts(sheet: "Sheet") -> list[ChartTarget]:
    return _per_sheet(sheet, "charts", lambda s: [
        ChartTarget(p, i) for i, p in enumerate(drawings.sheet_charts(s), start=1)])


def pivot_tables(sheet: "Sheet") -> list[PivotTarget]:
    return _per_sheet(sheet, "pivots", lambda s: [
        PivotTarget(p, i) for i, p in enumerate(pivots.sheet_pivots(s), start=1)])


def list_objects(sheet: "Sheet") -> list[TableTarget]:
    return _per_sheet(sheet, "tables", lambda s: [TableTarget(t)
                                                  for t in tables.sheet_tables(s)])


def cf_rules(sheet: "Sheet") -> list[CfTarget]:
    return _per_sheet(sheet, "cf", lambda s: [
        CfTarget(r, i) for i, r in enumerate(conditional.sheet_rules(s), start=1)]
        if s.kind == "worksheet" else [])


def validations(sheet: "Sheet") -> list[ValidationTarget]:
    return _per_sheet(sheet, "dv", lambda s: [
        ValidationTarget(r, i) for i, r in enumerate(validation.sheet_validations(s), start=1)]
        if s.kind == "worksheet" else [])


def names(doc: "ExcelDocument") -> list[NameTarget]:
    c = _cache(doc)
    if "names" not in c:
        c["names"] = [NameTarget(doc, n) for n in doc.names]
    return c["names"]
