"""Render the example pictures of excel-l2-library from the reference with LibreOffice
headless (``soffice --convert-to png`` renders the first page of the first sheet):

* example-1.png — the top of "借阅记录" (header row, lookups, date and month formats and
  the highlighted overdue loans);
* example-2.png — "学院统计" with its chart;
* example-3.png — "分类汇总" with the first category expanded and the others collapsed to
  their subtotal rows, as the outline's level buttons show them.

Each picture is reference.xlsx reduced to what it shows (rows cut or hidden, the sheet moved
first), recalculated by LibreOffice as it opens it. Needs ``soffice``; run from this
directory after solution.py has written reference.xlsx: ``python make_examples.py``.
"""

import os
import sys
import tempfile
from pathlib import Path

from openpyxl import load_workbook

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from example_pictures import render, sheet_first  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        wb = load_workbook(HERE / "reference.xlsx")
        ws = sheet_first(wb, "借阅记录")
        ws.delete_rows(17, ws.max_row)
        ws.print_area = "A1:K16"
        ws.print_title_rows = None
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
        wb.save(tmp / "example-1.xlsx")
        render(tmp / "example-1.xlsx", HERE / "example-1.png", tmp)

        wb = load_workbook(HERE / "reference.xlsx")
        ws = sheet_first(wb, "学院统计")
        ws.print_area = "A1:P19"
        ws.page_setup.orientation = "landscape"
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 1
        wb.save(tmp / "example-2.xlsx")
        render(tmp / "example-2.xlsx", HERE / "example-2.png", tmp)

        wb = load_workbook(HERE / "reference.xlsx")
        ws = sheet_first(wb, "分类汇总")
        seen_subtotal = False
        for r in range(2, ws.max_row + 1):
            if seen_subtotal and ws.row_dimensions[r].outline_level == 2:
                ws.row_dimensions[r].hidden = True
            if str(ws[f"C{r}"].value or "").endswith(" 汇总"):
                seen_subtotal = True
        ws.print_area = f"A1:E{ws.max_row}"
        wb.save(tmp / "example-3.xlsx")
        render(tmp / "example-3.xlsx", HERE / "example-3.png", tmp)
        print("wrote example-1.png, example-2.png, example-3.png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
