# Independent solution written from the prompt alone (excel-l1-grades, text-only)
# Step 1: rename sheet "成绩表" -> "期末成绩" and set tab colour FF0000 (standard red).
# Step 2: merge A1:J1, centre horizontally/vertically, font 黑体 16pt bold, row 1 height 28.
# Step 3: A2:J2 bold, horizontally centred, solid fill #DDEBF7.
# Step 4: G3:G32 =SUM(Dn:Fn).
# Step 5: H3:H32 =AVERAGE(Dn:Fn), number format 0.00.
# Step 6: I3:I32 =IF(Hn>=85,"优秀",IF(Hn>=60,"合格","不合格")).
# Step 7: J3:J32 =RANK(Gn,$G$3:$G$32) (descending by default).
# Step 8: D33:F33 =AVERAGE(D3:D32) etc., number format 0.0.
# Step 9: thin borders on all edges of every cell in A2:J33.
# Step 10: conditional format on D3:F32, cellIs lessThan 60 -> font colour FF0000.
# Step 11: column B width 12; freeze panes at A3 (rows 1-2 stay visible).
# Step 12: clustered column chart, categories B3:B12, values G3:G12 (series name G2),
#          title "前十位学生总分", legend bottom, two-cell anchor spanning L2..S18.
import copy
import openpyxl
from openpyxl.styles import Font, Alignment, PatternFill, Border, Side
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.chart import BarChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.drawing.spreadsheet_drawing import TwoCellAnchor, AnchorMarker

wb = openpyxl.load_workbook("input.xlsx")
ws = wb["成绩表"] if "成绩表" in wb.sheetnames else wb.worksheets[0]

# 1
ws.title = "期末成绩"
ws.sheet_properties.tabColor = "FFFF0000"

# 2
ws.merge_cells("A1:J1")
a1 = ws["A1"]
a1.font = Font(name="黑体", size=16, bold=True)
a1.alignment = Alignment(horizontal="center", vertical="center")
ws.row_dimensions[1].height = 28

# 3
fill = PatternFill(fill_type="solid", start_color="FFDDEBF7", end_color="FFDDEBF7")
for col in range(1, 11):
    c = ws.cell(row=2, column=col)
    f = copy.copy(c.font)
    f.b = True
    c.font = f
    al = copy.copy(c.alignment)
    al.horizontal = "center"
    c.alignment = al
    c.fill = fill

# 4-7
for r in range(3, 33):
    ws[f"G{r}"] = f"=SUM(D{r}:F{r})"
    ws[f"H{r}"] = f"=AVERAGE(D{r}:F{r})"
    ws[f"H{r}"].number_format = "0.00"
    ws[f"I{r}"] = f'=IF(H{r}>=85,"优秀",IF(H{r}>=60,"合格","不合格"))'
    ws[f"J{r}"] = f"=RANK(G{r},$G$3:$G$32)"

# 8
for col in "DEF":
    ws[f"{col}33"] = f"=AVERAGE({col}3:{col}32)"
    ws[f"{col}33"].number_format = "0.0"

# 9
thin = Side(style="thin", color="FF000000")
border = Border(left=thin, right=thin, top=thin, bottom=thin)
for row in ws["A2:J33"]:
    for c in row:
        c.border = border

# 10
ws.conditional_formatting.add(
    "D3:F32",
    CellIsRule(operator="lessThan", formula=["60"], font=Font(color="FFFF0000")),
)

# 11
ws.column_dimensions["B"].width = 12
ws.freeze_panes = "A3"

# 12
chart = BarChart()
chart.type = "col"
chart.grouping = "clustered"
chart.title = "前十位学生总分"
data = Reference(ws, min_col=7, min_row=2, max_row=12)   # G2:G12, G2 = series name
cats = Reference(ws, min_col=2, min_row=3, max_row=12)   # B3:B12
chart.add_data(data, titles_from_data=True)
chart.set_categories(cats)
chart.legend.position = "b"
chart.x_axis.delete = False
chart.y_axis.delete = False
chart.x_axis.title = None
chart.y_axis.title = None
# anchor: top-left of L2 to (almost) bottom-right of S18
anchor = TwoCellAnchor()
anchor._from = AnchorMarker(col=11, colOff=0, row=1, rowOff=0)     # L2
anchor.to = AnchorMarker(col=18, colOff=600000, row=17, rowOff=180000)  # inside S18
chart.anchor = anchor
ws.add_chart(chart)

wb.save("output.xlsx")
