# Independent solution written from the prompt alone (excel-l1-purchase, text-only)
# Step 1: A1 font 黑体 18 pt; A1:H1 horizontal alignment "centerContinuous" (跨列居中), no merge.
# Step 2: A2:H2 white bold font, horizontally centred, solid fill 4472C4.
# Step 3: D3:D22 = VLOOKUP(C3,价格表!$A$2:$C$13,2,FALSE); E3:E22 = VLOOKUP(C3,价格表!$A$2:$C$13,3,FALSE).
# Step 4: G3:G22 = E*F; G23 = SUM(G3:G22), bold.
# Step 5: G24 = COUNTIF(G3:G22,">=1000")/COUNT(G3:G22), number format 0.0%.
# Step 6: E3:E22, G3:G23 format "¥"#,##0.00; B3:B22 format yyyy"年"m"月"d"日".
# Step 7: data bar conditional format on G3:G22 (min..max, blue 638EC6).
# Step 8: columns B and D width 16.
# Step 9: paper A4 (9), landscape, fit to 1 page wide / automatic height, print titles rows 1:2.
# Step 10: sheet 价格表 hidden (采购清单 stays active).

import copy
import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment
from openpyxl.formatting.rule import DataBarRule
from openpyxl.worksheet.properties import PageSetupProperties

wb = openpyxl.load_workbook("input.xlsx")
ws = wb["采购清单"]
wp = wb["价格表"]

# Step 1
f = copy.copy(ws["A1"].font)
ws["A1"].font = Font(name="黑体", size=18, bold=f.bold, italic=f.italic, color=f.color)
for col in "ABCDEFGH":
    c = ws["%s1" % col]
    al = copy.copy(c.alignment)
    al.horizontal = "centerContinuous"
    c.alignment = al

# Step 2
fill = PatternFill(fill_type="solid", start_color="FF4472C4", end_color="FF4472C4")
for col in "ABCDEFGH":
    c = ws["%s2" % col]
    c.font = Font(name=c.font.name, size=c.font.sz, bold=True, color="FFFFFFFF")
    al = copy.copy(c.alignment)
    al.horizontal = "center"
    c.alignment = al
    c.fill = fill

FIRST, LAST = 3, 22
# Step 3 + 4
for r in range(FIRST, LAST + 1):
    ws["D%d" % r] = "=VLOOKUP(C%d,价格表!$A$2:$C$13,2,FALSE)" % r
    ws["E%d" % r] = "=VLOOKUP(C%d,价格表!$A$2:$C$13,3,FALSE)" % r
    ws["G%d" % r] = "=E%d*F%d" % (r, r)
ws["G23"] = "=SUM(G%d:G%d)" % (FIRST, LAST)
g = copy.copy(ws["G23"].font)
g.bold = True
ws["G23"].font = g

# Step 5
ws["G24"] = '=COUNTIF(G%d:G%d,">=1000")/COUNT(G%d:G%d)' % (FIRST, LAST, FIRST, LAST)
ws["G24"].number_format = "0.0%"

# Step 6
CUR = '"¥"#,##0.00'
for r in range(FIRST, LAST + 1):
    ws["E%d" % r].number_format = CUR
    ws["G%d" % r].number_format = CUR
    ws["B%d" % r].number_format = 'yyyy"年"m"月"d"日"'
ws["G23"].number_format = CUR

# Step 7
ws.conditional_formatting.add(
    "G%d:G%d" % (FIRST, LAST),
    DataBarRule(start_type="min", end_type="max", color="FF638EC6", showValue=True))

# Step 8
ws.column_dimensions["B"].width = 16
ws.column_dimensions["D"].width = 16
if ws.column_dimensions["G"].width is None or ws.column_dimensions["G"].width < 12:
    ws.column_dimensions["G"].width = 13  # room for ¥ amounts (not asked, avoids ####)

# Step 9
ws.page_setup.paperSize = ws.PAPERSIZE_A4
ws.page_setup.orientation = "landscape"
if ws.sheet_properties.pageSetUpPr is None:
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
else:
    ws.sheet_properties.pageSetUpPr.fitToPage = True
ws.page_setup.fitToWidth = 1
ws.page_setup.fitToHeight = 0
ws.print_title_rows = "1:2"

# Step 10
wb.active = wb.sheetnames.index("采购清单")
wp.sheet_state = "hidden"

wb.save("output.xlsx")
