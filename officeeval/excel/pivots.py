"""Pivot tables: the sheet's ``pivotTableDefinition`` parts (through relationships), their
cache definitions (field names and the ``worksheetSource``), and the row, column, value and
filter fields as names a rubric author uses.

Value fields read ``字段:函数`` (``销售额:sum``); the functions are the ``subtotal`` tokens
(sum when absent). The "Values" pseudo-field (``x=-2``) is left out of row and column lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from officeeval.excel.refs import parse_area, quote_sheet
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_int

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet

_S = f"{{{S}}}"


@dataclass
class PivotInfo:
    sheet: "Sheet"
    part: str
    name: str = ""
    location: str | None = None
    source: str | None = None
    fields: list[str] = field(default_factory=list)
    rows: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)
    value_names: list[str] = field(default_factory=list)
    value_functions: list[str] = field(default_factory=list)
    value_format_ids: list[int | None] = field(default_factory=list)
    filters: list[str] = field(default_factory=list)


def _field_names(idx_list, fields: list[str]) -> list[str]:
    out = []
    for x in idx_list:
        if x is None or x < 0 or x >= len(fields):
            continue
        out.append(fields[x])
    return out


def read_pivot(sheet: "Sheet", part: str) -> PivotInfo:
    pkg = sheet.book.package
    root = pkg.xml(part)
    info = PivotInfo(sheet, part, name=root.get("name") or "")
    loc = root.find(_S + "location")
    if loc is not None:
        info.location = loc.get("ref")
    cache_part = pkg.related_one(part, "pivotCacheDefinition")
    cache = pkg.xml_or_none(cache_part)
    if cache is not None:
        info.fields = [f.get("name") or "" for f in
                       cache.iterfind(f"{_S}cacheFields/{_S}cacheField")]
        ws = cache.find(f"{_S}cacheSource/{_S}worksheetSource")
        if ws is not None:
            if ws.get("name"):
                info.source = ws.get("name")
            elif ws.get("ref"):
                sheet_name = ws.get("sheet")
                info.source = (f"{quote_sheet(sheet_name)}!{ws.get('ref')}" if sheet_name
                               else ws.get("ref"))
    info.rows = _field_names([to_int(f.get("x")) for f in
                              root.iterfind(f"{_S}rowFields/{_S}field")], info.fields)
    info.columns = _field_names([to_int(f.get("x")) for f in
                                 root.iterfind(f"{_S}colFields/{_S}field")], info.fields)
    info.filters = _field_names([to_int(f.get("fld")) for f in
                                 root.iterfind(f"{_S}pageFields/{_S}pageField")], info.fields)
    for df in root.iterfind(f"{_S}dataFields/{_S}dataField"):
        fld = to_int(df.get("fld"))
        if fld is None or not 0 <= fld < len(info.fields):
            continue
        info.values.append(f"{info.fields[fld]}:{df.get('subtotal') or 'sum'}")
        info.value_names.append(df.get("name") or info.fields[fld])
        info.value_functions.append(df.get("subtotal") or "sum")
        info.value_format_ids.append(to_int(df.get("numFmtId")))
    return info


def sheet_pivots(sheet: "Sheet") -> list[PivotInfo]:
    return [read_pivot(sheet, p) for p in sheet.related("pivotTable")]


def top_left(ref: str | None) -> str | None:
    area = parse_area(ref)
    return area.top_left if area is not None else None
