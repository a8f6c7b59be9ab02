# Independent solution written from the prompt alone (excel-l1-grades, text-only)
# Step 1: rename sheet 成绩表 -> 期末成绩, tab colour FF0000 (standard red).
# Step 2: merge A1:J1, centre (horizontal + vertical), font 黑体 16 pt bold, row 1 height 28.
# Step 3: A2:J2 bold, horizontally centred, solid fill DDEBF7.
# Step 4: G3:G32 = SUM(D:F) per row.
# Step 5: H3:H32 = AVERAGE(D:F) per row, number format 0.00.
# Step 6: I3:I32 = IF(H>=85,"优秀",IF(H>=60,"合格","不合格")).
# Step 7: J3:J32 = RANK(G3,$G$3:$G$32,0).
# Step 8: D33:F33 = AVERAGE(D3:D32) ..., number format 0.0.
# Step 9: thin border on all sides of every cell in A2:J33.
# Step 10: conditional format D3:F32, cell value < 60 -> red (FF0000) font.
# Step 11: column B width 12; freeze panes at A3 (rows 1-2 stay visible).
# Step 12: clustered column chart, categories B3:B12, data G3:G12, title 前十位学生总分, legend bottom,
#          two-cell anchor from L2 to the bottom-right part of S18.

import copy
import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment, Border, Side
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.chart import BarChart, Reference
from openpyxl.chart.series import SeriesLabel
from openpyxl.chart.data_source import StrRef
from openpyxl.drawing.spreadsheet_drawing import TwoCellAnchor, AnchorMarker
from openpyxl.utils.units import pixels_to_EMU

wb = openpyxl.load_workbook("input.xlsx")
ws = wb["成绩表"] if "成绩表" in wb.sheetnames else wb.worksheets[0]

# Step 1
ws.title = "期末成绩"
ws.sheet_properties.tabColor = "FFFF0000"

# Step 2
ws.merge_cells("A1:J1")
ws["A1"].alignment = Alignment(horizontal="center", vertical="center")
ws["A1"].font = Font(name="黑体", size=16, bold=True)
ws.row_dimensions[1].height = 28

# Step 3
fill = PatternFill(fill_type="solid", start_color="FFDDEBF7", end_color="FFDDEBF7")
for col in range(1, 11):
    c = ws.cell(2, col)
    f = copy.copy(c.font)
    f.bold = True
    c.font = f
    al = copy.copy(c.alignment)
    al.horizontal = "center"
    c.alignment = al
    c.fill = fill

FIRST, LAST = 3, 32
for r in range(FIRST, LAST + 1):
    # Step 4
    ws["G%d" % r] = "=SUM(D%d:F%d)" % (r, r)
    # Step 5
    ws["H%d" % r] = "=AVERAGE(D%d:F%d)" % (r, r)
    ws["H%d" % r].number_format = "0.00"
    # Step 6
    ws["I%d" % r] = '=IF(H{0}>=85,"优秀",IF(H{0}>=60,"合格","不合格"))'.format(r)
    # Step 7
    ws["J%d" % r] = "=RANK(G%d,$G$%d:$G$%d,0)" % (r, FIRST, LAST)

# Step 8
for col in "DEF":
    ws["%s33" % col] = "=AVERAGE(%s%d:%s%d)" % (col, FIRST, col, LAST)
    ws["%s33" % col].number_format = "0.0"

# Step 9
thin = Side(style="thin", color="FF000000")
border = Border(left=thin, right=thin, top=thin, bottom=thin)
for row in ws["A2:J33"]:
    for c in row:
        c.border = border

# Step 10
ws.conditional_formatting.add(
    "D3:F32",
    CellIsRule(operator="lessThan", formula=["60"], font=Font(color="FFFF0000")))

# Step 11
ws.column_dimensions["B"].width = 12
ws.freeze_panes = "A3"

# Step 12
ch = BarChart()
ch.type = "col"
ch.grouping = "clustered"
ch.title = "前十位学生总分"
ch.add_data(Reference(ws, min_col=7, min_row=3, max_row=12), titles_from_data=False)
ch.series[0].tx = SeriesLabel(strRef=StrRef("'%s'!$G$2" % ws.title))  # series name = header 总分
ch.set_categories(Reference(ws, min_col=2, min_row=3, max_row=12))
ch.legend.position = "b"
ch.x_axis.delete = False
ch.y_axis.delete = False
ch.y_axis.majorGridlines = openpyxl.chart.axis.ChartLines()
anchor = TwoCellAnchor()
anchor._from = AnchorMarker(col=11, colOff=0, row=1, rowOff=0)          # L2
anchor.to = AnchorMarker(col=18, colOff=pixels_to_EMU(60), row=17, rowOff=pixels_to_EMU(18))  # inside S18
ch.anchor = anchor
ws.add_chart(ch)

wb.save("output.xlsx")
