# Independent solution written from the prompt alone (excel-l2-import, text-only)
# Step 1: 导入数据!G1:I1 = 姓名（规范）/金额（数值）/报销日期（日期）.
# Step 2: G2:G37 = TRIM(B2).
# Step 3: H2:H37 = VALUE(SUBSTITUTE(E2,",","")), number format #,##0.00.
# Step 4: I2:I37 = DATEVALUE(F2), number format yyyy/m/d (shows 2025/3/3).
# Step 5: new sheet 分类汇总 right after 导入数据: bold header 工号/姓名/部门/报销类别/金额; cleaned records
#         (names stripped, amounts numeric) sorted by 财务部, 技术部, 市场部, 行政部 then amount descending;
#         after each department a bold row "<部门> 汇总" in C with =SUBTOTAL(9,E..:E..) in E; last bold row
#         "总计" with =SUBTOTAL(9,E2:E<last>); E2:E42 format #,##0.00; outline: detail rows level 2, subtotal
#         rows level 1, summary rows below detail; freeze panes A2.
# Extra: cached results are written into the formula cells (computed in Python) so values show before recalculation.

import copy
import io
import re
import zipfile
import datetime

import openpyxl
from openpyxl.styles import Font
from openpyxl.worksheet.properties import Outline
from lxml import etree

NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

wb = openpyxl.load_workbook("input.xlsx")
ws = wb["导入数据"]

last = 1
for r in range(2, ws.max_row + 1):
    if ws.cell(r, 1).value not in (None, ""):
        last = r   # 37

cached = {}
EXCEL_EPOCH = datetime.date(1899, 12, 30)


def to_number(v):
    if isinstance(v, (int, float)):
        return v
    s = str(v).replace(",", "").strip()
    try:
        f = float(s)
    except ValueError:
        return None
    return int(f) if f.is_integer() else f


def to_date(v):
    if isinstance(v, datetime.datetime):
        return v.date()
    if isinstance(v, datetime.date):
        return v
    s = str(v).strip()
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d"):
        try:
            return datetime.datetime.strptime(s, fmt).date()
        except ValueError:
            pass
    return None


# ---------- Step 1 ----------
ws["G1"] = "姓名（规范）"
ws["H1"] = "金额（数值）"
ws["I1"] = "报销日期（日期）"
for col in "GHI":
    src = ws["F1"]
    ws["%s1" % col].font = Font(name=src.font.name, size=src.font.sz, bold=src.font.bold)
    ws["%s1" % col].alignment = copy.copy(src.alignment)
ws.column_dimensions["G"].width = 14
ws.column_dimensions["H"].width = 14
ws.column_dimensions["I"].width = 17

# ---------- Steps 2-4 ----------
records = []
for r in range(2, last + 1):
    ws["G%d" % r] = "=TRIM(B%d)" % r
    ws["H%d" % r] = '=VALUE(SUBSTITUTE(E%d,",",""))' % r
    ws["H%d" % r].number_format = "#,##0.00"
    ws["I%d" % r] = "=DATEVALUE(F%d)" % r
    ws["I%d" % r].number_format = "yyyy/m/d"
    name = re.sub(r" +", " ", str(ws["B%d" % r].value or "").strip())  # what TRIM returns
    amt = to_number(ws["E%d" % r].value)
    d = to_date(ws["F%d" % r].value)
    cached[("导入数据", "G%d" % r)] = name
    cached[("导入数据", "H%d" % r)] = amt
    cached[("导入数据", "I%d" % r)] = (d - EXCEL_EPOCH).days if d else None
    records.append({"id": ws["A%d" % r].value, "name": name, "dept": ws["C%d" % r].value,
                    "kind": ws["D%d" % r].value, "amt": amt, "order": r})

# ---------- Step 5 ----------
DEPTS = ["财务部", "技术部", "市场部", "行政部"]
ss = wb.create_sheet("分类汇总", index=wb.sheetnames.index("导入数据") + 1)
bold = Font(bold=True)
for i, h in enumerate(["工号", "姓名", "部门", "报销类别", "金额"]):
    c = ss.cell(1, 1 + i, h)
    c.font = bold

dept_order = {d: i for i, d in enumerate(DEPTS)}
extra = sorted({x["dept"] for x in records if x["dept"] not in dept_order})
for d in extra:
    dept_order[d] = len(dept_order)
records.sort(key=lambda x: (dept_order[x["dept"]], -(x["amt"] or 0), x["order"]))

row = 2
grand = 0
for d in sorted(dept_order, key=dept_order.get):
    group = [x for x in records if x["dept"] == d]
    if not group:
        continue
    start = row
    for x in group:
        ss.cell(row, 1, x["id"])
        ss.cell(row, 2, x["name"])
        ss.cell(row, 3, x["dept"])
        ss.cell(row, 4, x["kind"])
        ss.cell(row, 5, x["amt"])
        ss.row_dimensions[row].outline_level = 2
        row += 1
    ss.cell(row, 3, "%s 汇总" % d)
    ss.cell(row, 5, "=SUBTOTAL(9,E%d:E%d)" % (start, row - 1))
    tot = round(sum(x["amt"] or 0 for x in group), 10)
    grand += tot
    cached[("分类汇总", "E%d" % row)] = tot
    for c in range(1, 6):
        ss.cell(row, c).font = bold
    ss.row_dimensions[row].outline_level = 1
    row += 1
ss.cell(row, 3, "总计")
ss.cell(row, 5, "=SUBTOTAL(9,E2:E%d)" % (row - 1))
cached[("分类汇总", "E%d" % row)] = round(grand, 10)
for c in range(1, 6):
    ss.cell(row, c).font = bold
last_sub = row  # 42

for r in range(2, last_sub + 1):
    ss.cell(r, 5).number_format = "#,##0.00"
ss.sheet_properties.outlinePr = Outline(summaryBelow=True, summaryRight=True)
ss.sheet_format.outlineLevelRow = 2
ss.freeze_panes = "A2"
for col, w in zip("ABCDE", (10, 10, 14, 10, 12)):
    ss.column_dimensions[col].width = w

buf = io.BytesIO()
wb.save(buf)
buf.seek(0)


# ---------- cached values for formula cells ----------
def fmt_num(v):
    if isinstance(v, int):
        return str(v)
    s = repr(float(v))
    return s[:-2] if s.endswith(".0") else s


zin = zipfile.ZipFile(buf)
files = {n: zin.read(n) for n in zin.namelist()}
zin.close()
wbx = etree.fromstring(files["xl/workbook.xml"])
wbrels = etree.fromstring(files["xl/_rels/workbook.xml.rels"])
rid2t = {}
for rel in wbrels:
    t = rel.get("Target")
    t = t[1:] if t.startswith("/") else ("xl/" + t if not t.startswith("xl/") else t)
    rid2t[rel.get("Id")] = t
title2part = {sh.get("name"): rid2t[sh.get("{%s}id" % RNS)] for sh in wbx.find("{%s}sheets" % NS)}
by_sheet = {}
for (t, coord), v in cached.items():
    by_sheet.setdefault(t, {})[coord] = v
for t, vals in by_sheet.items():
    part = title2part[t]
    root = etree.fromstring(files[part])
    for c in root.iter("{%s}c" % NS):
        coord = c.get("r")
        if coord not in vals or vals[coord] is None or c.find("{%s}f" % NS) is None:
            continue
        v = vals[coord]
        ve = c.find("{%s}v" % NS)
        if ve is None:
            ve = etree.SubElement(c, "{%s}v" % NS)
        if isinstance(v, str):
            c.set("t", "str")
            ve.text = v
        else:
            if "t" in c.attrib:
                del c.attrib["t"]
            ve.text = fmt_num(v)
    files[part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

with zipfile.ZipFile("output.xlsx", "w", zipfile.ZIP_DEFLATED) as zout:
    zout.writestr("[Content_Types].xml", files.pop("[Content_Types].xml"))
    for n, data in files.items():
        zout.writestr(n, data)
