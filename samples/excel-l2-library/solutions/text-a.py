# Independent solution written from the prompt alone (excel-l2-library, text-only)
# Step 1: 读者!D1 "读者类型"; D2:D61 =IF(MID(A2,5,2)="BK","本科生",IF(MID(A2,5,2)="YJ","研究生",IF(MID(A2,5,2)="JS","教师",""))).
# Step 2: 借阅记录!F1:K1 = 读者姓名/所在学院/图书分类/借阅天数/借出月份/借阅状态.
# Step 3: F/G =VLOOKUP($B2,读者!$A$2:$C$61,2/3,FALSE); H =VLOOKUP($C2,图书!$A$2:$D$81,3,FALSE).
# Step 4: I =E2-D2, number format 0.
# Step 5: J =MONTH(D2), number format 0"月" (pictures not available).
# Step 6: K =IF(I2>30,"超期","正常").
# Step 7: D/E date format yyyy"年"m"月"d"日" (pictures not available); columns widened to fit.
# Step 8: A1:K1 bold white on solid 4472C4, centred; freeze panes A2.
# Step 9: formula CF on A2:K421: =$K2="超期" -> solid light-red fill FFC7CE.
# Step 10: page setup landscape; print titles $1:$1.
# Step 11: 图书!E1 "借阅次数", E2:E81 =COUNTIF(借阅记录!$C$2:$C$421,A2); list validation on C2:C81
#          "计算机,经济,历史,文学,艺术", stop alert title 分类错误 / text 请从列表中选择分类.
# Step 12: new sheet 学院统计 (tab colour C00000 = standard 深红) with headers, colleges and 合计.
# Step 13: B =COUNTIFS(学院), C =COUNTIFS(学院,"超期"), D =AVERAGEIFS(天数,学院) format 0.0,
#          E =C/B format 0.0%; B8/C8 =SUM, D8 =AVERAGE(借阅记录!$I$2:$I$421), E8 =C8/B8;
#          thin borders on A1:E8, rows 1 and 8 bold.
# Step 14: clustered column chart from A1:B7, title 各学院借阅次数, value data labels, no legend
#          (single series), anchored at G2.
# Step 15: sheet 借阅透视 with native pivot table 学院分类借阅 at A3 (rows 所在学院, columns 图书分类,
#          page 借阅状态, Count of 流水号), written as OOXML parts after openpyxl saves; refreshOnLoad=1,
#          rendered values also put in the cells.
# Step 16: pivot chart: clustered column chart whose chartSpace carries <c:pivotSource> naming
#          借阅透视!学院分类借阅, series = the pivot's column items, title 各学院分类借阅量, anchored at I3.
# Step 17: sheet 分类汇总: 图书 A1:E81 copied as values (借阅次数 computed), sorted by 分类 order
#          经济,计算机,历史,文学,艺术 then 图书编号 asc; Excel-style subtotal: after each group a row
#          "<分类> 汇总" in C and =SUBTOTAL(9,E..) (sum of 借阅次数), then "总计" row; outline levels
#          (detail 2, group totals 1), summary below data.
# Step 18: 借阅记录 A:E, 读者 A:C, 图书 A:D values never written.
import datetime as dt
import re
import shutil
import zipfile
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment, Border, Side
from openpyxl.formatting.rule import FormulaRule
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.properties import Outline
from openpyxl.chart import BarChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.chart.pivot import PivotSource, PivotFormat
from openpyxl.chart.data_source import AxDataSource, StrRef
from openpyxl.utils import get_column_letter

SRC, OUT = "input.xlsx", "output.xlsx"
COLLEGES = ["信息学院", "经济学院", "文学院", "历史学院", "艺术学院", "理学院"]
CATS = ["经济", "计算机", "历史", "文学", "艺术"]          # pinyin order given in step 17

wb = openpyxl.load_workbook(SRC)
br = wb["借阅记录"]
rd = wb["读者"]
bk = wb["图书"]


def last_row(ws):
    return max(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value not in (None, ""))


BL, RL, KL = last_row(br), last_row(rd), last_row(bk)     # 421, 61, 81

# ---- 1
rd["D1"] = "读者类型"
for r in range(2, RL + 1):
    rd[f"D{r}"] = (f'=IF(MID(A{r},5,2)="BK","本科生",IF(MID(A{r},5,2)="YJ","研究生",'
                   f'IF(MID(A{r},5,2)="JS","教师","")))')
rd.column_dimensions["D"].width = 10

# ---- 2 .. 7
for j, h in enumerate(["读者姓名", "所在学院", "图书分类", "借阅天数", "借出月份", "借阅状态"], start=6):
    br.cell(row=1, column=j, value=h)
DATEFMT = 'yyyy"年"m"月"d"日"'
for r in range(2, BL + 1):
    br[f"F{r}"] = f"=VLOOKUP($B{r},读者!$A$2:$C${RL},2,FALSE)"
    br[f"G{r}"] = f"=VLOOKUP($B{r},读者!$A$2:$C${RL},3,FALSE)"
    br[f"H{r}"] = f"=VLOOKUP($C{r},图书!$A$2:$D${KL},3,FALSE)"
    br[f"I{r}"] = f"=E{r}-D{r}"
    br[f"I{r}"].number_format = "0"
    br[f"J{r}"] = f"=MONTH(D{r})"
    br[f"J{r}"].number_format = '0"月"'
    br[f"K{r}"] = f'=IF(I{r}>30,"超期","正常")'
    br[f"D{r}"].number_format = DATEFMT
    br[f"E{r}"].number_format = DATEFMT
for col, w in (("D", 16), ("E", 16), ("F", 10), ("G", 11), ("H", 10), ("I", 10), ("J", 10), ("K", 10)):
    if (br.column_dimensions[col].width or 0) < w:
        br.column_dimensions[col].width = w

# ---- 8
hdr_fill = PatternFill(fill_type="solid", start_color="FF4472C4", end_color="FF4472C4")
for j in range(1, 12):
    c = br.cell(row=1, column=j)
    c.fill = hdr_fill
    c.font = Font(bold=True, color="FFFFFFFF")
    c.alignment = Alignment(horizontal="center", vertical="center")
br.freeze_panes = "A2"

# ---- 9
red = PatternFill(fill_type="solid", fgColor="FFFFC7CE", bgColor="FFFFC7CE")
br.conditional_formatting.add(f"A2:K{BL}", FormulaRule(formula=['$K2="超期"'], fill=red))

# ---- 10
br.page_setup.orientation = "landscape"
br.print_title_rows = "1:1"

# ---- 11
bk["E1"] = "借阅次数"
for r in range(2, KL + 1):
    bk[f"E{r}"] = f"=COUNTIF(借阅记录!$C$2:$C${BL},A{r})"
bk.column_dimensions["E"].width = 10
dv = DataValidation(type="list", formula1='"计算机,经济,历史,文学,艺术"', allow_blank=True,
                    showErrorMessage=True, errorStyle="stop", errorTitle="分类错误", error="请从列表中选择分类")
dv.add(f"C2:C{KL}")
bk.add_data_validation(dv)

# ---- 12, 13
st = wb.create_sheet("学院统计")
st.sheet_properties.tabColor = "FFC00000"
for j, h in enumerate(["学院", "借阅次数", "超期次数", "平均借阅天数", "超期率"], start=1):
    st.cell(row=1, column=j, value=h)
G = f"借阅记录!$G$2:$G${BL}"
K = f"借阅记录!$K$2:$K${BL}"
I = f"借阅记录!$I$2:$I${BL}"
for i, col in enumerate(COLLEGES, start=2):
    st[f"A{i}"] = col
    st[f"B{i}"] = f"=COUNTIFS({G},A{i})"
    st[f"C{i}"] = f'=COUNTIFS({G},A{i},{K},"超期")'
    st[f"D{i}"] = f"=AVERAGEIFS({I},{G},A{i})"
    st[f"E{i}"] = f"=C{i}/B{i}"
st["A8"] = "合计"
st["B8"] = "=SUM(B2:B7)"
st["C8"] = "=SUM(C2:C7)"
st["D8"] = f"=AVERAGE({I})"
st["E8"] = "=C8/B8"
thin = Side(style="thin", color="FF000000")
for r in range(1, 9):
    st[f"D{r}"].number_format = "0.0" if r > 1 else "General"
    st[f"E{r}"].number_format = "0.0%" if r > 1 else "General"
    for j in range(1, 6):
        c = st.cell(row=r, column=j)
        c.border = Border(left=thin, right=thin, top=thin, bottom=thin)
        if r in (1, 8):
            c.font = Font(bold=True)
        if r == 1:
            c.alignment = Alignment(horizontal="center")
for col, w in (("A", 12), ("B", 10), ("C", 10), ("D", 14), ("E", 10)):
    st.column_dimensions[col].width = w

# ---- 14
ch = BarChart()
ch.type = "col"
ch.grouping = "clustered"
ch.title = "各学院借阅次数"
ch.add_data(Reference(st, min_col=2, min_row=1, max_row=7), titles_from_data=True)
ch.set_categories(Reference(st, min_col=1, min_row=2, max_row=7))
for s_ in ch.series:   # text categories as string references
    s_.cat = AxDataSource(strRef=StrRef(f="'学院统计'!$A$2:$A$7"))
ch.dataLabels = DataLabelList()
ch.dataLabels.showVal = True
ch.dataLabels.showSerName = False
ch.dataLabels.showCatName = False
ch.dataLabels.showLegendKey = False
ch.dataLabels.showPercent = False
ch.dataLabels.position = "outEnd"
ch.legend = None
ch.x_axis.delete = False
ch.y_axis.delete = False
ch.y_axis.scaling.min = 0
ch.width = 16
ch.height = 8.5
ch.anchor = "G2"
st.add_chart(ch)

# ---- data for pivot cache / subtotal copy (computed the same way as the formulas)
readers = {rd.cell(row=r, column=1).value: (rd.cell(row=r, column=2).value, rd.cell(row=r, column=3).value)
           for r in range(2, RL + 1)}
books = {bk.cell(row=r, column=1).value: [bk.cell(row=r, column=j).value for j in range(1, 5)]
         for r in range(2, KL + 1)}
headers = [br.cell(row=1, column=j).value for j in range(1, 12)]
rows = []
for r in range(2, BL + 1):
    a, b, c, d, e = (br.cell(row=r, column=j).value for j in range(1, 6))
    name, college = readers.get(b, (None, None))
    cat = books.get(c, [None, None, None, None])[2]
    days = (e - d).days if isinstance(d, dt.datetime) and isinstance(e, dt.datetime) else None
    month = d.month if isinstance(d, dt.datetime) else None
    status = "超期" if days is not None and days > 30 else "正常"
    rows.append([a, b, c, d, e, name, college, cat, days, month, status])

# ---- 15 (sheet + rendered cells)
pv = wb.create_sheet("借阅透视")
F_ID, F_COL, F_CAT, F_ST = 0, 6, 7, 10


def ordered(idx, preferred):
    seen = []
    for v in rows:
        if v[idx] not in seen:
            seen.append(v[idx])
    return [p for p in preferred if p in seen] + [s for s in seen if s not in preferred]


col_items = ordered(F_COL, COLLEGES)
cat_items = ordered(F_CAT, CATS)
st_items = ordered(F_ST, ["正常", "超期"])
cnt = {}
for v in rows:
    cnt[(v[F_COL], v[F_CAT])] = cnt.get((v[F_COL], v[F_CAT]), 0) + 1
pv["A1"] = "借阅状态"
pv["B1"] = "(全部)"
pv["A3"] = "计数项:流水号"
pv["B3"] = "列标签"
pv["A4"] = "行标签"
for j, cat in enumerate(cat_items):
    pv.cell(row=4, column=2 + j, value=cat)
tot_c = 2 + len(cat_items)
pv.cell(row=4, column=tot_c, value="总计")
for i, col in enumerate(col_items):
    rr = 5 + i
    pv.cell(row=rr, column=1, value=col)
    s = 0
    for j, cat in enumerate(cat_items):
        n = cnt.get((col, cat))
        if n:
            pv.cell(row=rr, column=2 + j, value=n)
            s += n
    pv.cell(row=rr, column=tot_c, value=s)
grand = 5 + len(col_items)
pv.cell(row=grand, column=1, value="总计")
for j, cat in enumerate(cat_items):
    pv.cell(row=grand, column=2 + j, value=sum(cnt.get((col, cat), 0) for col in col_items))
pv.cell(row=grand, column=tot_c, value=len(rows))
pv.column_dimensions["A"].width = 14
pivot_ref = f"A3:{get_column_letter(tot_c)}{grand}"

# ---- 16 pivot chart
pc = BarChart()
pc.type = "col"
pc.grouping = "clustered"
pc.title = "各学院分类借阅量"
for j in range(len(cat_items)):
    pc.add_data(Reference(pv, min_col=2 + j, min_row=4, max_row=4 + len(col_items)), titles_from_data=True)
pc.set_categories(Reference(pv, min_col=1, min_row=5, max_row=4 + len(col_items)))
for s_ in pc.series:
    s_.cat = AxDataSource(strRef=StrRef(f=f"'借阅透视'!$A$5:$A${4 + len(col_items)}"))
pc.legend.position = "r"
pc.x_axis.delete = False
pc.y_axis.delete = False
pc.pivotSource = PivotSource(name="[output.xlsx]借阅透视!学院分类借阅", fmtId=0)
pc.pivotFormats = [PivotFormat(idx=k) for k in range(len(cat_items))]
pc.width = 18
pc.height = 9
pc.anchor = "I3"
pv.add_chart(pc)

# ---- 17 分类汇总
borrow_cnt = {}
for v in rows:
    borrow_cnt[v[2]] = borrow_cnt.get(v[2], 0) + 1
sb = wb.create_sheet("分类汇总")
hdr = [bk.cell(row=1, column=j).value for j in range(1, 5)] + ["借阅次数"]
for j, h in enumerate(hdr, start=1):
    sb.cell(row=1, column=j, value=h)
    sb.cell(row=1, column=j).font = Font(bold=True)
recs = []
for code, vals in books.items():
    recs.append(vals + [borrow_cnt.get(code, 0)])
cat_rank = {c: i for i, c in enumerate(CATS)}
recs.sort(key=lambda t: (cat_rank.get(t[2], len(CATS)), str(t[0])))
groups = []
for t in recs:
    if not groups or groups[-1][0] != t[2]:
        groups.append((t[2], []))
    groups[-1][1].append(t)
r = 2
bold = Font(bold=True)
for cat, items in groups:
    start = r
    for t in items:
        for j, v in enumerate(t, start=1):
            sb.cell(row=r, column=j, value=v)
        sb.row_dimensions[r].outlineLevel = 2
        r += 1
    sb.cell(row=r, column=3, value=f"{cat} 汇总").font = bold
    sb.cell(row=r, column=5, value=f"=SUBTOTAL(9,E{start}:E{r - 1})").font = bold
    sb.row_dimensions[r].outlineLevel = 1
    r += 1
sb.cell(row=r, column=3, value="总计").font = bold
sb.cell(row=r, column=5, value=f"=SUBTOTAL(9,E2:E{r - 1})").font = bold
sb.sheet_properties.outlinePr = Outline(summaryBelow=True, summaryRight=True)
sb.sheet_format.outlineLevelRow = 2
for col, w in (("A", 10), ("B", 26), ("C", 12), ("D", 8), ("E", 10)):
    sb.column_dimensions[col].width = w

wb.active = 0
for s in wb.worksheets:
    s.sheet_view.tabSelected = (s.title == "借阅记录")
wb.save(OUT)

# ---------------------------------------------------------------- pivot table parts
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
REL_PT = RNS + "/pivotTable"
REL_PCD = RNS + "/pivotCacheDefinition"
REL_PCR = RNS + "/pivotCacheRecords"
SHARED = {F_COL: col_items, F_CAT: cat_items, F_ST: st_items}


def q(s):
    return escape(str(s), {'"': "&quot;"})


def num(x):
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return repr(x) if isinstance(x, float) else str(x)


def cache_field(idx, name):
    vals = [v[idx] for v in rows]
    if idx in SHARED:
        it = SHARED[idx]
        return (f'<cacheField name="{q(name)}" numFmtId="0"><sharedItems count="{len(it)}">'
                + "".join(f'<s v="{q(x)}"/>' for x in it) + "</sharedItems></cacheField>")
    if vals and all(isinstance(x, (dt.datetime, dt.date)) for x in vals):
        mn = min(vals).strftime("%Y-%m-%dT%H:%M:%S")
        mx = max(vals).strftime("%Y-%m-%dT%H:%M:%S")
        return (f'<cacheField name="{q(name)}" numFmtId="14"><sharedItems containsSemiMixedTypes="0" '
                f'containsNonDate="0" containsDate="1" containsString="0" minDate="{mn}" maxDate="{mx}"/></cacheField>')
    if vals and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in vals):
        integer = ' containsInteger="1"' if all(float(x).is_integer() for x in vals) else ""
        return (f'<cacheField name="{q(name)}" numFmtId="0"><sharedItems containsSemiMixedTypes="0" '
                f'containsString="0" containsNumber="1"{integer} minValue="{num(min(vals))}" '
                f'maxValue="{num(max(vals))}"/></cacheField>')
    return f'<cacheField name="{q(name)}" numFmtId="0"><sharedItems/></cacheField>'


def rec(idx, x):
    if idx in SHARED:
        return f'<x v="{SHARED[idx].index(x)}"/>'
    if x is None:
        return "<m/>"
    if isinstance(x, (dt.datetime, dt.date)):
        return f'<d v="{x.strftime("%Y-%m-%dT%H:%M:%S")}"/>'
    if isinstance(x, (int, float)):
        return f'<n v="{num(x)}"/>'
    return f'<s v="{q(x)}"/>'


nf = len(headers)
cache_def = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotCacheDefinition xmlns="{NS}" xmlns:r="{RNS}" r:id="rId1" refreshOnLoad="1" refreshedBy="Author" '
    f'refreshedDate="45748.5" createdVersion="6" refreshedVersion="6" minRefreshableVersion="3" '
    f'recordCount="{len(rows)}"><cacheSource type="worksheet"><worksheetSource ref="A1:K{BL}" sheet="借阅记录"/>'
    f'</cacheSource><cacheFields count="{nf}">' + "".join(cache_field(i, headers[i]) for i in range(nf))
    + "</cacheFields></pivotCacheDefinition>")
cache_recs = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotCacheRecords xmlns="{NS}" xmlns:r="{RNS}" count="{len(rows)}">'
    + "".join("<r>" + "".join(rec(i, v[i]) for i in range(nf)) + "</r>" for v in rows)
    + "</pivotCacheRecords>")


def items_xml(n):
    return f'<items count="{n + 1}">' + "".join(f'<item x="{i}"/>' for i in range(n)) + '<item t="default"/></items>'


def axis_items(tag, n):
    return (f'<{tag} count="{n + 1}"><i><x/></i>' + "".join(f'<i><x v="{k}"/></i>' for k in range(1, n))
            + f'<i t="grand"><x/></i></{tag}>')


pfs = []
for i in range(nf):
    if i == F_COL:
        pfs.append(f'<pivotField axis="axisRow" showAll="0">{items_xml(len(col_items))}</pivotField>')
    elif i == F_CAT:
        pfs.append(f'<pivotField axis="axisCol" showAll="0">{items_xml(len(cat_items))}</pivotField>')
    elif i == F_ST:
        pfs.append(f'<pivotField axis="axisPage" showAll="0">{items_xml(len(st_items))}</pivotField>')
    elif i == F_ID:
        pfs.append('<pivotField dataField="1" showAll="0"/>')
    elif i in (3, 4):
        pfs.append('<pivotField numFmtId="14" showAll="0"/>')
    else:
        pfs.append('<pivotField showAll="0"/>')
pt_xml = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotTableDefinition xmlns="{NS}" name="学院分类借阅" cacheId="1" applyNumberFormats="0" '
    'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
    'applyWidthHeightFormats="1" dataCaption="值" updatedVersion="6" minRefreshableVersion="3" '
    'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
    'multipleFieldFilters="0" chartFormat="1" rowHeaderCaption="行标签" colHeaderCaption="列标签">'
    f'<location ref="{pivot_ref}" firstHeaderRow="1" firstDataRow="2" firstDataCol="1" rowPageCount="1" colPageCount="1"/>'
    f'<pivotFields count="{nf}">{"".join(pfs)}</pivotFields>'
    f'<rowFields count="1"><field x="{F_COL}"/></rowFields>{axis_items("rowItems", len(col_items))}'
    f'<colFields count="1"><field x="{F_CAT}"/></colFields>{axis_items("colItems", len(cat_items))}'
    f'<pageFields count="1"><pageField fld="{F_ST}" hier="-1"/></pageFields>'
    f'<dataFields count="1"><dataField name="计数项:流水号" fld="{F_ID}" subtotal="count" baseField="0" baseItem="0"/></dataFields>'
    '<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" showRowStripes="0" '
    'showColStripes="0" showLastColumn="1"/></pivotTableDefinition>')

zin = zipfile.ZipFile(OUT)
order = zin.namelist()
files = {n: zin.read(n) for n in order}
zin.close()

wbxml = files["xl/workbook.xml"].decode("utf-8")
wbrels = files["xl/_rels/workbook.xml.rels"].decode("utf-8")
rid = None
for m in re.finditer(r"<sheet\b[^>]*>", wbxml):
    if 'name="借阅透视"' in m.group(0):
        rid = re.search(r'r:id="([^"]+)"', m.group(0)).group(1)
target = None
for m in re.finditer(r"<Relationship\b[^>]*>", wbrels):
    if f'Id="{rid}"' in m.group(0):
        target = re.search(r'Target="([^"]+)"', m.group(0)).group(1)
sheet_path = target.lstrip("/")
if not sheet_path.startswith("xl/"):
    sheet_path = "xl/" + sheet_path
sdir, sfile = sheet_path.rsplit("/", 1)
srels = f"{sdir}/_rels/{sfile}.rels"

ids = [int(x) for x in re.findall(r'Id="rId(\d+)"', wbrels)]
new_rid = f"rId{max(ids + [0]) + 1}"
wbrels = wbrels.replace("</Relationships>", f'<Relationship Id="{new_rid}" Type="{REL_PCD}" '
                        'Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>')
root = re.search(r"<workbook\b[^>]*>", wbxml).group(0)
if "xmlns:r=" not in root:
    wbxml = wbxml.replace(root, root[:-1] + f' xmlns:r="{RNS}">', 1)
pcx = f'<pivotCaches><pivotCache cacheId="1" r:id="{new_rid}"/></pivotCaches>'
if "<calcPr" in wbxml:
    wbxml = re.sub(r"(<calcPr[^>]*/>|<calcPr[^>]*>.*?</calcPr>)", lambda mm: mm.group(1) + pcx, wbxml, count=1, flags=re.S)
elif "</definedNames>" in wbxml:
    wbxml = wbxml.replace("</definedNames>", "</definedNames>" + pcx, 1)
else:
    wbxml = wbxml.replace("</sheets>", "</sheets>" + pcx, 1)
files["xl/workbook.xml"] = wbxml.encode("utf-8")
files["xl/_rels/workbook.xml.rels"] = wbrels.encode("utf-8")

if srels in files:
    sr = files[srels].decode("utf-8")
    sids = [int(x) for x in re.findall(r'Id="rId(\d+)"', sr)]
    sr = sr.replace("</Relationships>", f'<Relationship Id="rId{max(sids + [0]) + 1}" Type="{REL_PT}" '
                    'Target="../pivotTables/pivotTable1.xml"/></Relationships>')
else:
    sr = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
          f'<Relationship Id="rId1" Type="{REL_PT}" Target="../pivotTables/pivotTable1.xml"/></Relationships>')
    order.append(srels)
files[srels] = sr.encode("utf-8")

new_parts = {
    "xl/pivotCache/pivotCacheDefinition1.xml": cache_def,
    "xl/pivotCache/pivotCacheRecords1.xml": cache_recs,
    "xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels":
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
        f'<Relationship Id="rId1" Type="{REL_PCR}" Target="pivotCacheRecords1.xml"/></Relationships>',
    "xl/pivotTables/pivotTable1.xml": pt_xml,
    "xl/pivotTables/_rels/pivotTable1.xml.rels":
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
        f'<Relationship Id="rId1" Type="{REL_PCD}" Target="../pivotCache/pivotCacheDefinition1.xml"/></Relationships>',
}
for k, v in new_parts.items():
    files[k] = v.encode("utf-8")
    order.append(k)

CT = "application/vnd.openxmlformats-officedocument.spreadsheetml."
ct = files["[Content_Types].xml"].decode("utf-8")
ct = ct.replace("</Types>",
                f'<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="{CT}pivotCacheDefinition+xml"/>'
                f'<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" ContentType="{CT}pivotCacheRecords+xml"/>'
                f'<Override PartName="/xl/pivotTables/pivotTable1.xml" ContentType="{CT}pivotTable+xml"/></Types>')
files["[Content_Types].xml"] = ct.encode("utf-8")

tmp = OUT + ".tmp"
with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
    for n in order:
        z.writestr(n, files[n])
shutil.move(tmp, OUT)
