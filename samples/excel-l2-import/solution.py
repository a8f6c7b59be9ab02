"""Reference solution for excel-l2-import, written the way a candidate program would be:
openpyxl only. Reads input.xlsx, writes output.xlsx in the current directory."""

import datetime as dt

from openpyxl import load_workbook
from openpyxl.styles import Font

DEPARTMENTS = ["财务部", "技术部", "市场部", "行政部"]

wb = load_workbook("input.xlsx")
src = wb["导入数据"]
last = src.max_row

# 1. Cleaning formulas next to the imported columns.
src["G1"], src["H1"], src["I1"] = "姓名（规范）", "金额（数值）", "报销日期（日期）"
for r in range(2, last + 1):
    src[f"G{r}"] = f"=TRIM(B{r})"
    src[f"H{r}"] = f'=VALUE(SUBSTITUTE(E{r},",",""))'
    src[f"H{r}"].number_format = "#,##0.00"
    src[f"I{r}"] = f"=DATEVALUE(F{r})"
    src[f"I{r}"].number_format = "yyyy/m/d"

# 2. The cleaned records as values, sorted by department then amount (descending).
records = []
for emp, name, dept, kind, amount, day in src.iter_rows(min_row=2, max_row=last, max_col=6,
                                                        values_only=True):
    records.append((emp, name.strip(" "), dept, kind, float(amount.replace(",", "")),
                    dt.date.fromisoformat(day)))
records.sort(key=lambda t: (DEPARTMENTS.index(t[2]), -t[4]))

out = wb.create_sheet("分类汇总")
out.append(["工号", "姓名", "部门", "报销类别", "金额"])
bold = Font(bold=True)
for cell in out[1]:
    cell.font = bold
row = 2
for dept in DEPARTMENTS:
    first = row
    for emp, name, d, kind, amount, _ in (t for t in records if t[2] == dept):
        out.append([emp, name, d, kind, amount])
        out.row_dimensions[row].outline_level = 2
        row += 1
    out.append([None, None, f"{dept} 汇总", None, f"=SUBTOTAL(9,E{first}:E{row - 1})"])
    out.row_dimensions[row].outline_level = 1
    for cell in out[row]:
        cell.font = bold
    row += 1
out.append([None, None, "总计", None, f"=SUBTOTAL(9,E2:E{row - 1})"])
for cell in out[row]:
    cell.font = bold
for r in range(2, row + 1):
    out[f"E{r}"].number_format = "#,##0.00"
out.sheet_properties.outlinePr.summaryBelow = True
out.freeze_panes = "A2"

wb.save("output.xlsx")
