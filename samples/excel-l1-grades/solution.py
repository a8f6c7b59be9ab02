"""Reference solution for excel-l1-grades, written the way a candidate program would be:
openpyxl only. Reads input.xlsx, writes output.xlsx in the current directory. Formulas are
written as formulas (openpyxl stores no cached results; the grader recalculates them)."""

from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

wb = load_workbook("input.xlsx")
ws = wb["成绩表"]
ws.title = "期末成绩"
ws.sheet_properties.tabColor = "FF0000"

# 1. Title: merged and centered, 黑体 16 pt bold, row height 28.
ws.merge_cells("A1:J1")
ws["A1"].font = Font(name="黑体", size=16, bold=True)
ws["A1"].alignment = Alignment(horizontal="center", vertical="center")
ws.row_dimensions[1].height = 28

# 2. Header row.
for cell in ws[2]:
    cell.font = Font(bold=True)
    cell.alignment = Alignment(horizontal="center")
    cell.fill = PatternFill("solid", fgColor="DDEBF7")

# 3. Formulas.
for r in range(3, 33):
    ws[f"G{r}"] = f"=SUM(D{r}:F{r})"
    ws[f"H{r}"] = f"=AVERAGE(D{r}:F{r})"
    ws[f"H{r}"].number_format = "0.00"
    ws[f"I{r}"] = f'=IF(H{r}>=85,"优秀",IF(H{r}>=60,"合格","不合格"))'
    ws[f"J{r}"] = f"=RANK(G{r},$G$3:$G$32)"
for col in "DEF":
    ws[f"{col}33"] = f"=AVERAGE({col}3:{col}32)"
    ws[f"{col}33"].number_format = "0.0"

# 4. Borders on A2:J33.
thin = Side(style="thin")
for row in ws["A2:J33"]:
    for cell in row:
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)

# 5. Scores below 60 in red.
ws.conditional_formatting.add("D3:F32", CellIsRule(operator="lessThan", formula=["60"],
                                                   font=Font(color="FF0000")))

# 6. Column width, frozen header rows.
ws.column_dimensions["B"].width = 12
ws.freeze_panes = "A3"

# 7. Chart of the first ten students' totals.
chart = BarChart()
chart.type = "col"
chart.grouping = "clustered"
chart.title = "前十位学生总分"
chart.add_data(Reference(ws, min_col=7, min_row=2, max_row=12), titles_from_data=True)
chart.set_categories(Reference(ws, min_col=2, min_row=3, max_row=12))
chart.legend.position = "b"
chart.width, chart.height = 13.5, 8.9
ws.add_chart(chart, "L2")

wb.save("output.xlsx")
