# Independent solution written from the prompt alone (excel-l2-library, with pictures)
# Step 1: 读者!D1 = 读者类型; D2:D61 = IF(MID(A2,5,2)="BK","本科生",IF(MID(A2,5,2)="YJ","研究生",IF(MID(A2,5,2)="JS","教师",""))).
# Step 2: 借阅记录!F1:K1 = 读者姓名/所在学院/图书分类/借阅天数/借出月份/借阅状态.
# Step 3: F/G = VLOOKUP(B,读者!$A$2:$C$61,2|3,FALSE); H = VLOOKUP(C,图书!$A$2:$C$81,3,FALSE).
# Step 4: I = E-D with number format "0".
# Step 5: J = MONTH(D) with custom format 0"月" (shows "9月" like example-1.png).
# Step 6: K = IF(I>30,"超期","正常").
# Step 7: D and E get the date format yyyy"年"m"月"d"日" (2025年9月1日 in the picture).
# Step 8: A1:K1 fill 375623 (dark green from picture), white bold font, centred; freeze panes A2.
# Step 9: conditional format on A2:K421, formula =$K2="超期", fill F8CBAD (sampled from picture).
# Step 10: page setup landscape, print title rows 1:1.
# Step 11: 图书!E1 = 借阅次数, E2:E81 = COUNTIF(借阅记录!$C$2:$C$421,A2); list validation on C2:C81
#          "计算机,经济,历史,文学,艺术" with stop alert 分类错误 / 请从列表中选择分类.
# Step 12: new sheet 学院统计, tab colour C00000 (standard 深红), headers and college names, A8 合计.
# Step 13: COUNTIFS / COUNTIFS / AVERAGEIFS / C÷B formulas; B8,C8 SUM, D8 AVERAGE of all days, E8 C8/B8;
#          formats 0 / 0.0 / 0.0%; thin borders on A1:E8; rows 1 and 8 bold.
# Step 14: clustered bar chart (horizontal) from A1:B7, title 各学院借阅次数, no legend, value data labels, at G2.
# Step 15: real pivot table 学院分类借阅 at 借阅透视!A3 (rows 所在学院, columns 图书分类, page 借阅状态,
#          count of 流水号), written as OOXML pivot parts with a full cache.
# Step 16: pivot chart: clustered column chart based on the pivot (c:pivotSource -> 学院分类借阅), title
#          各学院分类借阅量, anchored at I3.
# Step 17: sheet 分类汇总: values of 图书!A1:E81 (COUNTIF results computed), sorted by the given category order
#          then 图书编号; subtotal per 分类 with SUM of 借阅次数 (SUBTOTAL(9,...)), "xx 汇总" rows below each
#          group, "总计" at the end, outline levels like Excel's 分类汇总 command.
# Step 18: original columns are not modified.

import copy
import io
import zipfile
import datetime
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment, Border, Side
from openpyxl.formatting.rule import FormulaRule
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.properties import Outline
from openpyxl.chart import BarChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.utils import get_column_letter
from lxml import etree

IN_FILE = "input.xlsx"
OUT_FILE = "output.xlsx"
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_RNS = "http://schemas.openxmlformats.org/package/2006/relationships"
CNS = "http://schemas.openxmlformats.org/drawingml/2006/chart"

wb = openpyxl.load_workbook(IN_FILE)
ws = wb["借阅记录"]
ws_r = wb["读者"]
ws_b = wb["图书"]

cached = {}


def last_row(sheet):
    lr = 1
    for r in range(2, sheet.max_row + 1):
        if sheet.cell(r, 1).value not in (None, ""):
            lr = r
    return lr


LAST = last_row(ws)      # 421
R_LAST = last_row(ws_r)  # 61
B_LAST = last_row(ws_b)  # 81


def to_dt(v):
    if isinstance(v, datetime.datetime):
        return v
    if isinstance(v, datetime.date):
        return datetime.datetime(v.year, v.month, v.day)
    return None


# ---------- Step 1 ----------
TYPE = {"BK": "本科生", "YJ": "研究生", "JS": "教师"}
ws_r["D1"] = "读者类型"
readers = {}
for r in range(2, R_LAST + 1):
    ws_r["D%d" % r] = ('=IF(MID(A{0},5,2)="BK","本科生",IF(MID(A{0},5,2)="YJ","研究生",'
                       'IF(MID(A{0},5,2)="JS","教师","")))').format(r)
    cid = str(ws_r.cell(r, 1).value)
    cached[("读者", "D%d" % r)] = TYPE.get(cid[4:6], "")
    readers[cid.strip()] = (ws_r.cell(r, 2).value, ws_r.cell(r, 3).value)
ws_r["D1"].font = copy.copy(ws_r["C1"].font)
ws_r["D1"].alignment = copy.copy(ws_r["C1"].alignment)
ws_r.column_dimensions["D"].width = 10

books = {}
for r in range(2, B_LAST + 1):
    books[str(ws_b.cell(r, 1).value).strip()] = ws_b.cell(r, 3).value

# ---------- Step 2-6 ----------
for i, h in enumerate(["读者姓名", "所在学院", "图书分类", "借阅天数", "借出月份", "借阅状态"]):
    ws.cell(1, 6 + i, h)

rows = []
for r in range(2, LAST + 1):
    ws["F%d" % r] = "=VLOOKUP(B%d,读者!$A$2:$C$%d,2,FALSE)" % (r, R_LAST)
    ws["G%d" % r] = "=VLOOKUP(B%d,读者!$A$2:$C$%d,3,FALSE)" % (r, R_LAST)
    ws["H%d" % r] = "=VLOOKUP(C%d,图书!$A$2:$C$%d,3,FALSE)" % (r, B_LAST)
    ws["I%d" % r] = "=E%d-D%d" % (r, r)
    ws["J%d" % r] = "=MONTH(D%d)" % r
    ws["K%d" % r] = '=IF(I%d>30,"超期","正常")' % r
    ws["I%d" % r].number_format = "0"
    ws["J%d" % r].number_format = '0"月"'
    a, b, c, d, e = (ws.cell(r, k).value for k in range(1, 6))
    name, college = readers.get(str(b).strip(), (None, None))
    cat = books.get(str(c).strip())
    dd, ed = to_dt(d), to_dt(e)
    days = (ed - dd).days if dd and ed else None
    month = dd.month if dd else None
    status = None if days is None else ("超期" if days > 30 else "正常")
    for col, v in zip("FGHIJK", (name, college, cat, days, month, status)):
        cached[("借阅记录", "%s%d" % (col, r))] = v
    rows.append([a, b, c, dd, ed, name, college, cat, days, month, status])

# ---------- Step 7 ----------
DATE_FMT = 'yyyy"年"m"月"d"日"'
for r in range(2, LAST + 1):
    ws["D%d" % r].number_format = DATE_FMT
    ws["E%d" % r].number_format = DATE_FMT
ws.column_dimensions["D"].width = 15
ws.column_dimensions["E"].width = 15
for col, w in zip("FGHIJK", (10, 11, 10, 10, 10, 10)):
    ws.column_dimensions[col].width = w

# ---------- Step 8 ----------
hdr_fill = PatternFill(fill_type="solid", start_color="FF375623", end_color="FF375623")
for col in range(1, 12):
    c = ws.cell(1, col)
    c.fill = hdr_fill
    c.font = Font(name=c.font.name or "Calibri", size=c.font.sz or 11, bold=True, color="FFFFFFFF")
    c.alignment = Alignment(horizontal="center", vertical="center")
ws.freeze_panes = "A2"

# ---------- Step 9 ----------
cf_fill = PatternFill(fill_type="solid", start_color="FFF8CBAD", end_color="FFF8CBAD")
ws.conditional_formatting.add("A2:K%d" % LAST, FormulaRule(formula=['$K2="超期"'], fill=cf_fill))

# ---------- Step 10 ----------
ws.page_setup.orientation = "landscape"
ws.print_title_rows = "1:1"

# ---------- Step 11 ----------
ws_b["E1"] = "借阅次数"
ws_b.column_dimensions["E"].width = 10
book_cnt = {}
for x in rows:
    book_cnt[str(x[2]).strip()] = book_cnt.get(str(x[2]).strip(), 0) + 1
for r in range(2, B_LAST + 1):
    ws_b["E%d" % r] = "=COUNTIF(借阅记录!$C$2:$C$%d,A%d)" % (LAST, r)
    cached[("图书", "E%d" % r)] = book_cnt.get(str(ws_b.cell(r, 1).value).strip(), 0)
dv = DataValidation(type="list", formula1='"计算机,经济,历史,文学,艺术"', allow_blank=True,
                    showErrorMessage=True, errorStyle="stop",
                    errorTitle="分类错误", error="请从列表中选择分类")
dv.add("C2:C%d" % B_LAST)
ws_b.add_data_validation(dv)

# ---------- Step 12-13 ----------
COLLEGES = ["信息学院", "经济学院", "文学院", "历史学院", "艺术学院", "理学院"]
st = wb.create_sheet("学院统计")
st.sheet_properties.tabColor = "FFC00000"
for i, h in enumerate(["学院", "借阅次数", "超期次数", "平均借阅天数", "超期率"]):
    st.cell(1, 1 + i, h)
G_R = "借阅记录!$G$2:$G$%d" % LAST
K_R = "借阅记录!$K$2:$K$%d" % LAST
I_R = "借阅记录!$I$2:$I$%d" % LAST
tb = tc = 0
for i, col in enumerate(COLLEGES):
    r = 2 + i
    st["A%d" % r] = col
    st["B%d" % r] = "=COUNTIFS(%s,A%d)" % (G_R, r)
    st["C%d" % r] = '=COUNTIFS(%s,A%d,%s,"超期")' % (G_R, r, K_R)
    st["D%d" % r] = "=AVERAGEIFS(%s,%s,A%d)" % (I_R, G_R, r)
    st["E%d" % r] = "=C%d/B%d" % (r, r)
    sel = [x for x in rows if x[6] == col]
    nb = len(sel)
    nc = sum(1 for x in sel if x[10] == "超期")
    tb += nb
    tc += nc
    cached[("学院统计", "B%d" % r)] = nb
    cached[("学院统计", "C%d" % r)] = nc
    if nb:
        cached[("学院统计", "D%d" % r)] = sum(x[8] for x in sel) / nb
        cached[("学院统计", "E%d" % r)] = nc / nb
st["A8"] = "合计"
st["B8"] = "=SUM(B2:B7)"
st["C8"] = "=SUM(C2:C7)"
st["D8"] = "=AVERAGE(%s)" % I_R
st["E8"] = "=C8/B8"
cached[("学院统计", "B8")] = tb
cached[("学院统计", "C8")] = tc
cached[("学院统计", "D8")] = sum(x[8] for x in rows) / len(rows)
cached[("学院统计", "E8")] = tc / tb if tb else None
thin = Side(style="thin", color="FF000000")
border = Border(left=thin, right=thin, top=thin, bottom=thin)
for r in range(1, 9):
    st["B%d" % r].number_format = "0" if r > 1 else "General"
    st["C%d" % r].number_format = "0" if r > 1 else "General"
    if r > 1:
        st["D%d" % r].number_format = "0.0"
        st["E%d" % r].number_format = "0.0%"
    for cc in range(1, 6):
        st.cell(r, cc).border = border
        if r in (1, 8):
            st.cell(r, cc).font = Font(bold=True)
st.column_dimensions["A"].width = 10
st.column_dimensions["B"].width = 9
st.column_dimensions["C"].width = 9
st.column_dimensions["D"].width = 13
st.column_dimensions["E"].width = 9

# ---------- Step 14 ----------
bc = BarChart()
bc.type = "bar"
bc.grouping = "clustered"
bc.title = "各学院借阅次数"
bc.add_data(Reference(st, min_col=2, min_row=1, max_row=7), titles_from_data=True)
bc.set_categories(Reference(st, min_col=1, min_row=2, max_row=7))
bc.legend = None
bc.dataLabels = DataLabelList()
bc.dataLabels.showVal = True
bc.dataLabels.showSerName = False
bc.dataLabels.showCatName = False
bc.dataLabels.showLegendKey = False
bc.dataLabels.showPercent = False
bc.x_axis.delete = False
bc.y_axis.delete = False
bc.y_axis.majorGridlines = openpyxl.chart.axis.ChartLines()
bc.width = 15
bc.height = 7.5
st.add_chart(bc, "G2")

# ---------- Step 15 (visible body; pivot parts added after save) ----------
CATS = ["经济", "计算机", "历史", "文学", "艺术"]
pv = wb.create_sheet("借阅透视")
row_items = [c for c in COLLEGES if any(x[6] == c for x in rows)] + \
    sorted({x[6] for x in rows if x[6] is not None and x[6] not in COLLEGES})
col_items = [c for c in CATS if any(x[7] == c for x in rows)] + \
    sorted({x[7] for x in rows if x[7] is not None and x[7] not in CATS})
page_items = [s for s in ("正常", "超期") if any(x[10] == s for x in rows)]
nR, nC = len(row_items), len(col_items)
pv["A1"] = "借阅状态"
pv["B1"] = "(全部)"
pv["A3"] = "计数项:流水号"
pv["B3"] = "列标签"
pv["A4"] = "行标签"
for j, cname in enumerate(col_items):
    pv.cell(4, 2 + j, cname)
pv.cell(4, 2 + nC, "总计")
for i, rname in enumerate(row_items):
    pv.cell(5 + i, 1, rname)
    for j, cname in enumerate(col_items):
        n = sum(1 for x in rows if x[6] == rname and x[7] == cname)
        pv.cell(5 + i, 2 + j, n if n else None)
    pv.cell(5 + i, 2 + nC, sum(1 for x in rows if x[6] == rname))
pv.cell(5 + nR, 1, "总计")
for j, cname in enumerate(col_items):
    pv.cell(5 + nR, 2 + j, sum(1 for x in rows if x[7] == cname))
pv.cell(5 + nR, 2 + nC, len(rows))
pv.column_dimensions["A"].width = 14
PT_REF = "A3:%s%d" % (get_column_letter(2 + nC), 5 + nR)

# ---------- Step 16: pivot chart (openpyxl chart, turned into a pivot chart after save) ----------
pc = BarChart()
pc.type = "col"
pc.grouping = "clustered"
pc.title = "各学院分类借阅量"
for j in range(nC):
    pc.add_data(Reference(pv, min_col=2 + j, min_row=4, max_row=4 + nR), titles_from_data=True)
pc.set_categories(Reference(pv, min_col=1, min_row=5, max_row=4 + nR))
pc.legend.position = "r"
pc.x_axis.delete = False
pc.y_axis.delete = False
pc.y_axis.majorGridlines = openpyxl.chart.axis.ChartLines()
pc.width = 16
pc.height = 8.5
pv.add_chart(pc, "I3")

# ---------- Step 17 ----------
sub = wb.create_sheet("分类汇总")
hdr = [ws_b.cell(1, k).value for k in range(1, 6)]
book_rows = []
for r in range(2, B_LAST + 1):
    vals = [ws_b.cell(r, k).value for k in range(1, 5)]
    vals.append(cached[("图书", "E%d" % r)])
    book_rows.append(vals)
order = {c: i for i, c in enumerate(CATS)}
book_rows.sort(key=lambda v: (order.get(v[2], 99), str(v[2]), str(v[0])))
for k, h in enumerate(hdr):
    sub.cell(1, 1 + k, h)
r = 2
groups = []
i = 0
while i < len(book_rows):
    cat = book_rows[i][2]
    start = r
    tot = 0
    while i < len(book_rows) and book_rows[i][2] == cat:
        for k, v in enumerate(book_rows[i]):
            sub.cell(r, 1 + k, v)
        sub.row_dimensions[r].outline_level = 2
        tot += book_rows[i][4] or 0
        r += 1
        i += 1
    sub.cell(r, 3, "%s 汇总" % cat)
    sub.cell(r, 5, "=SUBTOTAL(9,E%d:E%d)" % (start, r - 1))
    cached[("分类汇总", "E%d" % r)] = tot
    sub.row_dimensions[r].outline_level = 1
    groups.append(tot)
    r += 1
sub.cell(r, 3, "总计")
sub.cell(r, 5, "=SUBTOTAL(9,E2:E%d)" % (r - 1))
cached[("分类汇总", "E%d" % r)] = sum(groups)
sub.sheet_properties.outlinePr = Outline(summaryBelow=True, summaryRight=True)
sub.sheet_format.outlineLevelRow = 2
for col in "ABCDE":
    w = ws_b.column_dimensions[col].width
    sub.column_dimensions[col].width = w if w else 10
sub.column_dimensions["C"].width = 11

buf = io.BytesIO()
wb.save(buf)
buf.seek(0)


# =================== post-processing ===================
def fmt_num(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    s = repr(float(v))
    return s[:-2] if s.endswith(".0") else s


def q(s):
    return escape(str(s), {'"': "&quot;"})


def dump(root):
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def resolve(base_dir, target):
    if target.startswith("/"):
        return target[1:]
    parts = (base_dir + "/" + target).split("/")
    out = []
    for p in parts:
        if p == "..":
            out.pop()
        elif p and p != ".":
            out.append(p)
    return "/".join(out)


def rels_of(part):
    d, fn = part.rsplit("/", 1)
    return "%s/_rels/%s.rels" % (d, fn)


zin = zipfile.ZipFile(buf)
files = {n: zin.read(n) for n in zin.namelist()}
zin.close()

wbx = etree.fromstring(files["xl/workbook.xml"])
wbrels = etree.fromstring(files["xl/_rels/workbook.xml.rels"])
rid2target = {rel.get("Id"): resolve("xl", rel.get("Target")) for rel in wbrels}
title2part = {sh.get("name"): rid2target[sh.get("{%s}id" % RNS)] for sh in wbx.find("{%s}sheets" % NS)}

# --- cached values ---
by_sheet = {}
for (t, coord), v in cached.items():
    by_sheet.setdefault(t, {})[coord] = v
for t, vals in by_sheet.items():
    part = title2part[t]
    root = etree.fromstring(files[part])
    for c in root.iter("{%s}c" % NS):
        coord = c.get("r")
        if coord not in vals or c.find("{%s}f" % NS) is None or vals[coord] is None:
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
    files[part] = dump(root)

# --- pivot cache ---
field_names = [ws.cell(1, k).value for k in range(1, 12)]
ROW_F, COL_F, PAGE_F, DATA_F = 6, 7, 10, 0
preset = {ROW_F: row_items, COL_F: col_items, PAGE_F: page_items}
shared = {}
cf_xml = []
for k, name in enumerate(field_names):
    vals = [x[k] for x in rows]
    nonnull = [v for v in vals if v is not None]
    has_null = len(nonnull) != len(vals)
    if all(isinstance(v, str) for v in nonnull):
        items, seen = [], set()
        for v in list(preset.get(k, [])) + nonnull:
            if v not in seen:
                seen.add(v)
                items.append(v)
        shared[k] = items
        body = "".join('<s v="%s"/>' % q(v) for v in items) + ("<m/>" if has_null else "")
        attrs = ' containsBlank="1"' if has_null else ""
        cf_xml.append('<cacheField name="%s" numFmtId="0"><sharedItems%s count="%d">%s</sharedItems></cacheField>'
                      % (q(name), attrs, len(items) + (1 if has_null else 0), body))
    elif all(isinstance(v, datetime.datetime) for v in nonnull) and nonnull:
        f = lambda d: d.strftime("%Y-%m-%dT%H:%M:%S")
        cf_xml.append('<cacheField name="%s" numFmtId="14"><sharedItems containsSemiMixedTypes="0" '
                      'containsNonDate="0" containsDate="1" containsString="0"%s minDate="%s" maxDate="%s"/></cacheField>'
                      % (q(name), ' containsBlank="1"' if has_null else "", f(min(nonnull)), f(max(nonnull))))
    else:
        nums = [float(v) for v in nonnull]
        is_int = all(v.is_integer() for v in nums)
        cf_xml.append('<cacheField name="%s" numFmtId="0"><sharedItems containsSemiMixedTypes="0" '
                      'containsString="0" containsNumber="1"%s%s minValue="%s" maxValue="%s"/></cacheField>'
                      % (q(name), ' containsInteger="1"' if is_int else "", ' containsBlank="1"' if has_null else "",
                         fmt_num(min(nums) if nums else 0), fmt_num(max(nums) if nums else 0)))
rec = []
for x in rows:
    p = []
    for k, v in enumerate(x):
        if k in shared:
            p.append('<x v="%d"/>' % (shared[k].index(v) if v is not None else len(shared[k])))
        elif v is None:
            p.append("<m/>")
        elif isinstance(v, datetime.datetime):
            p.append('<d v="%s"/>' % v.strftime("%Y-%m-%dT%H:%M:%S"))
        else:
            p.append('<n v="%s"/>' % fmt_num(v))
    rec.append("<r>%s</r>" % "".join(p))

cache_def = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<pivotCacheDefinition xmlns="%s" xmlns:r="%s" r:id="rId1" refreshOnLoad="1" createdVersion="6" '
             'refreshedVersion="6" minRefreshableVersion="3" recordCount="%d">'
             '<cacheSource type="worksheet"><worksheetSource ref="A1:K%d" sheet="借阅记录"/></cacheSource>'
             '<cacheFields count="%d">%s</cacheFields></pivotCacheDefinition>'
             % (NS, RNS, len(rows), LAST, len(field_names), "".join(cf_xml)))
cache_rec = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<pivotCacheRecords xmlns="%s" xmlns:r="%s" count="%d">%s</pivotCacheRecords>'
             % (NS, RNS, len(rows), "".join(rec)))

pf = []
for k in range(len(field_names)):
    axis = {ROW_F: "axisRow", COL_F: "axisCol", PAGE_F: "axisPage"}.get(k)
    extra = ' dataField="1"' if k == DATA_F else ""
    if axis:
        n = len(shared[k])
        items = "".join('<item x="%d"/>' % i for i in range(n))
        pf.append('<pivotField axis="%s"%s showAll="0"><items count="%d">%s<item t="default"/></items></pivotField>'
                  % (axis, extra, n + 1, items))
    else:
        pf.append('<pivotField%s showAll="0"/>' % extra)


def axis_items(n):
    return "<i><x/></i>" + "".join('<i><x v="%d"/></i>' % i for i in range(1, n)) + '<i t="grand"><x/></i>'


pt_def = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<pivotTableDefinition xmlns="%s" name="学院分类借阅" cacheId="1" applyNumberFormats="0" '
          'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
          'applyWidthHeightFormats="1" dataCaption="值" updatedVersion="6" minRefreshableVersion="3" '
          'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
          'multipleFieldFilters="0" chartFormat="1" rowHeaderCaption="行标签" colHeaderCaption="列标签">'
          '<location ref="%s" firstHeaderRow="1" firstDataRow="2" firstDataCol="1" rowPageCount="1" colPageCount="1"/>'
          '<pivotFields count="%d">%s</pivotFields>'
          '<rowFields count="1"><field x="%d"/></rowFields><rowItems count="%d">%s</rowItems>'
          '<colFields count="1"><field x="%d"/></colFields><colItems count="%d">%s</colItems>'
          '<pageFields count="1"><pageField fld="%d" hier="-1"/></pageFields>'
          '<dataFields count="1"><dataField name="计数项:流水号" fld="%d" subtotal="count" baseField="0" baseItem="0"/></dataFields>'
          '<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" '
          'showRowStripes="0" showColStripes="0" showLastColumn="1"/>'
          '</pivotTableDefinition>'
          % (NS, PT_REF, len(field_names), "".join(pf), ROW_F, nR + 1, axis_items(nR),
             COL_F, nC + 1, axis_items(nC), PAGE_F, DATA_F))

files["xl/pivotCache/pivotCacheDefinition1.xml"] = cache_def.encode("utf-8")
files["xl/pivotCache/pivotCacheRecords1.xml"] = cache_rec.encode("utf-8")
files["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="%s">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheRecords" '
    'Target="pivotCacheRecords1.xml"/></Relationships>' % PKG_RNS).encode("utf-8")
files["xl/pivotTables/pivotTable1.xml"] = pt_def.encode("utf-8")
files["xl/pivotTables/_rels/pivotTable1.xml.rels"] = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="%s">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition" '
    'Target="../pivotCache/pivotCacheDefinition1.xml"/></Relationships>' % PKG_RNS).encode("utf-8")

pv_part = title2part["借阅透视"]
pv_rels_name = rels_of(pv_part)
if pv_rels_name in files:
    prel = etree.fromstring(files[pv_rels_name])
else:
    prel = etree.Element("{%s}Relationships" % PKG_RNS, nsmap={None: PKG_RNS})
# find the chart of this sheet (via its drawing) before adding the pivot relation
chart_parts = []
for rel in prel:
    if rel.get("Type").endswith("/drawing"):
        dpart = resolve(pv_part.rsplit("/", 1)[0], rel.get("Target"))
        drel = etree.fromstring(files[rels_of(dpart)])
        for r2 in drel:
            if r2.get("Type").endswith("/chart"):
                chart_parts.append(resolve(dpart.rsplit("/", 1)[0], r2.get("Target")))
rel = etree.SubElement(prel, "{%s}Relationship" % PKG_RNS)
rel.set("Id", "rIdPT1")
rel.set("Type", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable")
rel.set("Target", "../pivotTables/pivotTable1.xml")
files[pv_rels_name] = dump(prel)

rel = etree.SubElement(wbrels, "{%s}Relationship" % PKG_RNS)
rel.set("Id", "rIdPC1")
rel.set("Type", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition")
rel.set("Target", "pivotCache/pivotCacheDefinition1.xml")
files["xl/_rels/workbook.xml.rels"] = dump(wbrels)

before = ["fileVersion", "fileSharing", "workbookPr", "workbookProtection", "bookViews", "sheets",
          "functionGroups", "externalReferences", "definedNames", "calcPr", "oleSize", "customWorkbookViews"]
pcs = etree.Element("{%s}pivotCaches" % NS)
pce = etree.SubElement(pcs, "{%s}pivotCache" % NS)
pce.set("cacheId", "1")
pce.set("{%s}id" % RNS, "rIdPC1")
pos = 0
for i, child in enumerate(list(wbx)):
    if etree.QName(child).localname in before:
        pos = i + 1
wbx.insert(pos, pcs)
files["xl/workbook.xml"] = dump(wbx)

# --- turn the chart on 借阅透视 into a pivot chart ---
for cp in chart_parts:
    root = etree.fromstring(files[cp])
    chart_el = root.find("{%s}chart" % CNS)
    ps = etree.Element("{%s}pivotSource" % CNS)
    etree.SubElement(ps, "{%s}name" % CNS).text = "[output.xlsx]借阅透视!学院分类借阅"
    etree.SubElement(ps, "{%s}fmtId" % CNS).set("val", "0")
    chart_el.addprevious(ps)
    pfs = etree.Element("{%s}pivotFmts" % CNS)
    for i in range(nC):
        pfe = etree.SubElement(pfs, "{%s}pivotFmt" % CNS)
        etree.SubElement(pfe, "{%s}idx" % CNS).set("val", str(i))
    anchor = None
    for tag in ("autoTitleDeleted", "title"):
        anchor = chart_el.find("{%s}%s" % (CNS, tag))
        if anchor is not None:
            break
    if anchor is not None:
        anchor.addnext(pfs)
    else:
        chart_el.insert(0, pfs)
    files[cp] = dump(root)

ct = files["[Content_Types].xml"].decode("utf-8")
ct = ct.replace("</Types>",
                '<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/>'
                '<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheRecords+xml"/>'
                '<Override PartName="/xl/pivotTables/pivotTable1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"/></Types>')
files["[Content_Types].xml"] = ct.encode("utf-8")

with zipfile.ZipFile(OUT_FILE, "w", zipfile.ZIP_DEFLATED) as zout:
    zout.writestr("[Content_Types].xml", files.pop("[Content_Types].xml"))
    for name, data in files.items():
        zout.writestr(name, data)
