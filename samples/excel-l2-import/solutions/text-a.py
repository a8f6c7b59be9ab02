# Independent solution written from the prompt alone (excel-l2-import, text-only)
# Step 1: G1/H1/I1 = "姓名（规范）" / "金额（数值）" / "报销日期（日期）" (header style copied from F1).
# Step 2: G2:G37 =TRIM(Bn).
# Step 3: H2:H37 =VALUE(SUBSTITUTE(En,",","")), number format #,##0.00.
# Step 4: I2:I37 =DATEVALUE(Fn), number format yyyy/m/d (shows 2025/3/3).
# Step 5: new sheet "分类汇总" placed right after "导入数据":
#   - row 1 headers 工号/姓名/部门/报销类别/金额 in bold;
#   - cleaned records (names stripped in Python, amounts parsed to numbers) written as values,
#     sorted by department order 财务部, 技术部, 市场部, 行政部, then amount descending;
#   - after each department a row "××部 汇总" in C and =SUBTOTAL(9,E..:E..) in E;
#     last row "总计" in C and =SUBTOTAL(9,E2:E<last>) in E;
#   - summary/total rows bold; E2:E42 format #,##0.00;
#   - outline: detail rows outlineLevel 2, department summary rows outlineLevel 1,
#     summary rows below detail (summaryBelow), sheetFormatPr outlineLevelRow=2;
#   - freeze first row (freeze_panes A2).
import copy
import openpyxl
from openpyxl.styles import Font
from openpyxl.worksheet.properties import Outline

wb = openpyxl.load_workbook("input.xlsx")
ws = wb["导入数据"]

# find last data row (expected 37)
last = 1
for r in range(2, ws.max_row + 1):
    if ws.cell(row=r, column=1).value not in (None, ""):
        last = r

# 1
for col, title in zip("GHI", ["姓名（规范）", "金额（数值）", "报销日期（日期）"]):
    c = ws[f"{col}1"]
    c.value = title
    src = ws["F1"]
    if src.has_style:
        c.font = copy.copy(src.font)
        c.fill = copy.copy(src.fill)
        c.border = copy.copy(src.border)
        c.alignment = copy.copy(src.alignment)

# 2-4
for r in range(2, last + 1):
    ws[f"G{r}"] = f"=TRIM(B{r})"
    ws[f"H{r}"] = f'=VALUE(SUBSTITUTE(E{r},",",""))'
    ws[f"H{r}"].number_format = "#,##0.00"
    ws[f"I{r}"] = f"=DATEVALUE(F{r})"
    ws[f"I{r}"].number_format = "yyyy/m/d"
for col, w in (("G", 14), ("H", 14), ("I", 16)):
    if ws.column_dimensions[col].width is None or ws.column_dimensions[col].width < w:
        ws.column_dimensions[col].width = w

# 5 — gather cleaned records
def to_num(v):
    if isinstance(v, (int, float)):
        return v
    s = str(v).replace(",", "").replace("，", "").strip()
    x = float(s)
    return int(x) if x.is_integer() else x

records = []
for i, r in enumerate(range(2, last + 1)):
    emp = ws.cell(row=r, column=1).value
    name = ws.cell(row=r, column=2).value
    # same as Excel TRIM: strip ends, collapse inner runs of spaces
    name = " ".join(x for x in str(name).strip().split(" ") if x != "") if name is not None else ""
    dept = str(ws.cell(row=r, column=3).value).strip()
    cat = ws.cell(row=r, column=4).value
    amt = to_num(ws.cell(row=r, column=5).value)
    records.append((emp, name, dept, cat, amt, i))

order = ["财务部", "技术部", "市场部", "行政部"]
def dept_key(d):
    return order.index(d) if d in order else len(order)
records.sort(key=lambda t: (dept_key(t[2]), -t[4], t[5]))

ns = wb.create_sheet("分类汇总", index=wb.sheetnames.index("导入数据") + 1)
headers = ["工号", "姓名", "部门", "报销类别", "金额"]
for j, h in enumerate(headers, start=1):
    c = ns.cell(row=1, column=j, value=h)
    c.font = Font(bold=True)

bold = Font(bold=True)
row = 2
depts_in_order = []
for t in records:
    if t[2] not in depts_in_order:
        depts_in_order.append(t[2])

for d in depts_in_order:
    start = row
    for t in (x for x in records if x[2] == d):
        for j, v in enumerate(t[:5], start=1):
            ns.cell(row=row, column=j, value=v)
        ns.cell(row=row, column=5).number_format = "#,##0.00"
        ns.row_dimensions[row].outlineLevel = 2
        row += 1
    end = row - 1
    ns.cell(row=row, column=3, value=f"{d} 汇总")
    ns.cell(row=row, column=5, value=f"=SUBTOTAL(9,E{start}:E{end})")
    ns.cell(row=row, column=5).number_format = "#,##0.00"
    for j in range(1, 6):
        ns.cell(row=row, column=j).font = bold
    ns.row_dimensions[row].outlineLevel = 1
    row += 1

ns.cell(row=row, column=3, value="总计")
ns.cell(row=row, column=5, value=f"=SUBTOTAL(9,E2:E{row - 1})")
ns.cell(row=row, column=5).number_format = "#,##0.00"
for j in range(1, 6):
    ns.cell(row=row, column=j).font = bold

# make sure the whole requested range E2:E42 carries the format
for r in range(2, max(row, 42) + 1):
    ns.cell(row=r, column=5).number_format = "#,##0.00"

ns.sheet_properties.outlinePr = Outline(summaryBelow=True, summaryRight=True, applyStyles=False, showOutlineSymbols=True)
ns.sheet_format.outlineLevelRow = 2
ns.freeze_panes = "A2"
for col, w in (("A", 10), ("B", 10), ("C", 14), ("D", 12), ("E", 14)):
    ns.column_dimensions[col].width = w

wb.save("output.xlsx")
