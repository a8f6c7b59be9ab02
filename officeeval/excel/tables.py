"""Excel tables (ListObjects, ``套用表格格式``): the sheet's ``table`` parts found through its
relationships, with name, range, style, header and total rows, and column names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_int

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet

_S = f"{{{S}}}"


@dataclass
class TableInfo:
    sheet: "Sheet"
    part: str
    name: str
    display_name: str
    ref: str | None
    style: str | None
    header_row: bool
    total_row: bool
    columns: list[str] = field(default_factory=list)
    # tableStyleInfo's style options (表格样式选项): showRowStripes, showColumnStripes,
    # showFirstColumn, showLastColumn; None when the attribute is absent (Excel: off).
    options: dict[str, bool | None] = field(default_factory=dict)


STYLE_OPTIONS = ("showRowStripes", "showColumnStripes", "showFirstColumn", "showLastColumn")


def _options(tsi) -> dict[str, bool | None]:
    out: dict[str, bool | None] = {}
    for attr in STYLE_OPTIONS:
        v = tsi.get(attr) if tsi is not None else None
        out[attr] = None if v is None else v.strip() in ("1", "true")
    return out


def sheet_tables(sheet: "Sheet") -> list[TableInfo]:
    out = []
    pkg = sheet.book.package
    for part in sheet.related("table"):
        root = pkg.xml(part)
        if root.tag != _S + "table":
            continue
        tsi = root.find(_S + "tableStyleInfo")
        totals = to_int(root.get("totalsRowCount")) or 0
        headers = to_int(root.get("headerRowCount"))
        out.append(TableInfo(
            sheet, part, root.get("name") or "", root.get("displayName") or root.get("name")
            or "", root.get("ref"), tsi.get("name") if tsi is not None else None,
            headers is None or headers > 0, totals > 0,
            [c.get("name") or "" for c in root.iterfind(f"{_S}tableColumns/{_S}tableColumn")],
            _options(tsi)))
    return out
