"""The outline of an Excel workbook: per sheet its used range, frozen panes and first rows
(formulas shown as formulas), then charts, tables and defined names."""

from __future__ import annotations

from officeeval.excel.refs import cell_ref, col_letters, parse_area, split_sheet
from officeeval.outline.common import Lines, short, targets, value
from officeeval.targets import Document

MAX_SHEETS = 12
MAX_ROWS = 6
MAX_COLUMNS = 12
CELL_CHARS = 24


def excel_outline(doc: Document, name: str, out: Lines) -> None:
    sheets = targets(doc, "sheet")
    out.add(f"{name}: Excel workbook, {len(sheets)} sheet(s)")
    for i, sh in enumerate(sheets[:MAX_SHEETS], start=1):
        title = value("sheet.name", sh) or f"sheet {i}"
        used = value("sheet.used_range", sh)
        bits = [f"used range {used}" if used else "empty"]
        freeze = value("sheet.freeze", sh)
        if freeze and freeze != "none":
            bits.append(f"frozen at {freeze}")
        if value("sheet.hidden", sh) not in (None, False, "visible"):
            bits.append("hidden")
        out.add(f"sheet {i} '{title}': " + ", ".join(bits))
        if used:
            _first_rows(doc, title, str(used), out)
    if len(sheets) > MAX_SHEETS:
        out.add(f"… {len(sheets) - MAX_SHEETS} more sheet(s)")
    for step, label, prop in (("chart", "charts", "chart.title"),
                              ("table", "tables", "table.name"),
                              ("pivot", "pivot tables", "pivot.name"),
                              ("name", "defined names", None)):
        found = targets(doc, step)
        if found:
            names = [short(value(prop, t), 30) for t in found[:10]] if prop else []
            shown = ", ".join(n for n in names if n)
            out.add(f"{label}: {len(found)}" + (f" ({shown})" if shown else ""))


def _first_rows(doc: Document, sheet: str, used: str, out: Lines) -> None:
    area = parse_area(split_sheet(used)[1])
    if area is None:
        return
    last_row = min(area.r2, area.r1 + MAX_ROWS - 1)
    last_col = min(area.c2, area.c1 + MAX_COLUMNS - 1)
    width = last_col - area.c1 + 1
    quoted_name = sheet.replace("'", "''")
    cells = targets(doc, f"'{quoted_name}'!{cell_ref(area.r1, area.c1)}:"
                         f"{cell_ref(last_row, last_col)}")
    by_row: dict[int, list[str]] = {}
    for n, cell in enumerate(cells[:width * MAX_ROWS]):
        formula = value("cell.formula", cell)
        shown = f"={str(formula).lstrip('=')}" if formula else value("cell.display", cell)
        by_row.setdefault(area.r1 + n // width, []).append(short(shown, CELL_CHARS))
    more = " | …" if area.c2 > last_col else ""
    for row in sorted(by_row):
        vals = by_row[row]
        while vals and not vals[-1]:
            vals.pop()
        out.add(f"  row {row} (from {col_letters(area.c1)}{row}): "
                + (" | ".join(vals) + more if vals else "(empty)"))
    if area.r2 > last_row:
        out.add(f"  … rows {last_row + 1}–{area.r2} not shown")
