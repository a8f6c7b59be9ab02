"""Reference solution for excel-l1-purchase, written the way a candidate program would be:
openpyxl only. Reads input.xlsx, writes output.xlsx in the current directory."""

from openpyxl import load_workbook
from openpyxl.formatting.rule import DataBarRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.properties import PageSetupProperties

CURRENCY = '"¥"#,##0.00'

wb = load_workbook("input.xlsx")
ws = wb["采购清单"]

# Title centered across A1:H1 without merging; header row white bold on blue.
ws["A1"].font = Font(name="黑体", size=18)
for col in "ABCDEFGH":
    ws[f"{col}1"].alignment = Alignment(horizontal="centerContinuous")
for cell in ws[2]:
    cell.font = Font(bold=True, color="FFFFFF")
    cell.fill = PatternFill("solid", fgColor="4472C4")
    cell.alignment = Alignment(horizontal="center")

for r in range(3, 23):
    ws[f"B{r}"].number_format = 'yyyy"年"m"月"d"日"'
    ws[f"D{r}"] = f"=VLOOKUP(C{r},价格表!$A$2:$C$13,2,FALSE)"
    ws[f"E{r}"] = f"=VLOOKUP(C{r},价格表!$A$2:$C$13,3,FALSE)"
    ws[f"E{r}"].number_format = CURRENCY
    ws[f"G{r}"] = f"=E{r}*F{r}"
    ws[f"G{r}"].number_format = CURRENCY

ws["G23"] = "=SUM(G3:G22)"
ws["G23"].number_format = CURRENCY
ws["G23"].font = Font(bold=True)
ws["G24"] = '=COUNTIF(G3:G22,">=1000")/COUNT(G3:G22)'
ws["G24"].number_format = "0.0%"

ws.conditional_formatting.add("G3:G22", DataBarRule(start_type="min", end_type="max",
                                                    color="5B9BD5"))
ws.column_dimensions["B"].width = 16
ws.column_dimensions["D"].width = 16

# Printing: landscape A4, one page wide, rows 1-2 repeated on every page.
ws.page_setup.orientation = "landscape"
ws.page_setup.paperSize = ws.PAPERSIZE_A4
ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
ws.page_setup.fitToWidth = 1
ws.page_setup.fitToHeight = 0
ws.print_title_rows = "1:2"

wb["价格表"].sheet_state = "hidden"
wb.save("output.xlsx")
