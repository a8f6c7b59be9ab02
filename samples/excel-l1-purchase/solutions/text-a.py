# Independent solution written from the prompt alone (excel-l1-purchase, text-only)
# Step 1: A1 font 黑体 18pt; A1:H1 horizontal alignment "centerContinuous" (跨列居中, no merge).
# Step 2: A2:H2 white bold font, horizontal centre, solid fill #4472C4.
# Step 3: D3:D22 =VLOOKUP(Cn,价格表!$A$2:$C$13,2,FALSE); E3:E22 same with column 3.
# Step 4: G3:G22 =En*Fn; G23 =SUM(G3:G22), bold.
# Step 5: G24 =COUNTIF(G3:G22,">=1000")/COUNT(G3:G22), number format 0.0%.
# Step 6: E3:E22, G3:G23 currency format "¥"#,##0.00 (with negative section);
#         B3:B22 date format yyyy"年"m"月"d"日".
# Step 7: data-bar conditional format on G3:G22 (min..max, blue bar).
# Step 8: column widths B and D = 16 (G widened to 14 so the total is not shown as ####).
# Step 9: page setup A4 (paperSize 9), landscape, fit to 1 page wide x automatic tall,
#         print titles rows $1:$2.
# Step 10: sheet "价格表" state hidden; "采购清单" stays active.
import copy
import openpyxl
from openpyxl.styles import Font, Alignment, PatternFill
from openpyxl.formatting.rule import DataBarRule
from openpyxl.worksheet.properties import PageSetupProperties

wb = openpyxl.load_workbook("input.xlsx")
ws = wb["采购清单"]
pt = wb["价格表"]

# 1
f = copy.copy(ws["A1"].font)
f.name = "黑体"
f.sz = 18
ws["A1"].font = f
for col in "ABCDEFGH":
    c = ws[f"{col}1"]
    al = copy.copy(c.alignment)
    al.horizontal = "centerContinuous"
    c.alignment = al

# 2
fill = PatternFill(fill_type="solid", start_color="FF4472C4", end_color="FF4472C4")
for col in "ABCDEFGH":
    c = ws[f"{col}2"]
    f = copy.copy(c.font)
    f.b = True
    f.color = "FFFFFFFF"
    c.font = f
    al = copy.copy(c.alignment)
    al.horizontal = "center"
    c.alignment = al
    c.fill = fill

# 3, 4
for r in range(3, 23):
    ws[f"D{r}"] = f"=VLOOKUP(C{r},价格表!$A$2:$C$13,2,FALSE)"
    ws[f"E{r}"] = f"=VLOOKUP(C{r},价格表!$A$2:$C$13,3,FALSE)"
    ws[f"G{r}"] = f"=E{r}*F{r}"
ws["G23"] = "=SUM(G3:G22)"
f = copy.copy(ws["G23"].font)
f.b = True
ws["G23"].font = f

# 5
ws["G24"] = '=COUNTIF(G3:G22,">=1000")/COUNT(G3:G22)'
ws["G24"].number_format = "0.0%"

# 6
CNY = '"¥"#,##0.00;"¥"\\-#,##0.00'
for r in range(3, 23):
    ws[f"E{r}"].number_format = CNY
    ws[f"G{r}"].number_format = CNY
    ws[f"B{r}"].number_format = 'yyyy"年"m"月"d"日"'
ws["G23"].number_format = CNY

# 7
ws.conditional_formatting.add(
    "G3:G22",
    DataBarRule(start_type="min", end_type="max", color="FF638EC6", showValue=True),
)

# 8
ws.column_dimensions["B"].width = 16
ws.column_dimensions["D"].width = 16
# keep the bold currency total in G23 from showing "####" (Excel would auto-widen too)
if (ws.column_dimensions["G"].width or 0) < 14:
    ws.column_dimensions["G"].width = 14

# 9
ws.page_setup.paperSize = 9            # A4
ws.page_setup.orientation = "landscape"
if ws.sheet_properties.pageSetUpPr is None:
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
else:
    ws.sheet_properties.pageSetUpPr.fitToPage = True
ws.page_setup.fitToWidth = 1
ws.page_setup.fitToHeight = 0          # automatic number of pages tall
ws.print_title_rows = "1:2"

# 10
pt.sheet_state = "hidden"
wb.active = wb.sheetnames.index("采购清单")
for s in wb.worksheets:
    s.sheet_view.tabSelected = (s is ws)

wb.save("output.xlsx")
