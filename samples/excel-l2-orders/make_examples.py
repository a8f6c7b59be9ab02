"""Render the example pictures of excel-l2-orders from the reference with LibreOffice
headless (``soffice --convert-to png`` renders the first page of the first sheet):

* example-1.png — the top of "订单明细" (header row, lookups, number formats and the
  highlighted orders);
* example-2.png — "汇总" with its chart.

Each picture is reference.xlsx reduced to what it shows (rows cut, the sheet moved first),
recalculated by LibreOffice as it opens it. Needs ``soffice``; run from this directory after
solution.py has written reference.xlsx: ``python make_examples.py``.
"""

import os
import sys
import tempfile
from pathlib import Path

from openpyxl import load_workbook

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from example_pictures import render  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        wb = load_workbook(HERE / "reference.xlsx")
        ws = wb["订单明细"]
        ws.delete_rows(16, ws.max_row)
        ws.print_area = "A1:J15"
        ws.page_setup.orientation = "landscape"
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
        wb.active = 0
        wb.save(tmp / "example-1.xlsx")
        render(tmp / "example-1.xlsx", HERE / "example-1.png", tmp)
        wb = load_workbook(HERE / "reference.xlsx")
        summary = wb["汇总"]
        wb.move_sheet(summary, offset=-wb.index(summary))
        wb.active = 0
        summary.print_area = "A1:J27"
        wb.save(tmp / "example-2.xlsx")
        render(tmp / "example-2.xlsx", HERE / "example-2.png", tmp)
        print("wrote example-1.png, example-2.png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
