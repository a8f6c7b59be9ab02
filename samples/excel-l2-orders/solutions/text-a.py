# Independent solution written from the prompt alone (excel-l2-orders, text-only)
# Step 1: 订单明细 F1:J1 = 客户名称/所在地区/产品类别/单价/金额.
# Step 2: F =VLOOKUP($Cn,客户!$A$2:$C$41,2,FALSE), G same col 3; H =VLOOKUP($Dn,产品!$A$2:$D$21,3,FALSE), I col 4.
# Step 3: J =En*In.
# Step 4: I and J number format #,##0.00 (pictures not available -> 2 decimals with thousands separator).
# Step 5: A1:J1 bold white font on solid 4472C4 fill, centred horizontally and vertically.
# Step 6: freeze panes A2; auto filter A1:J361.
# Step 7: formula conditional format on A2:J361: =$J2>=3000 -> solid light fill FFF2CC.
# Step 8: whole-number validation 1..200 on E2:E361, stop alert, title "数量错误", text "请输入1～200之间的整数".
# Step 9: new sheet 汇总 (appended): A1:G1 headers, A2:A5 华东/华北/华南/华中, A6 合计.
# Step 10: B2:E5 =SUMIFS(订单明细!$J..,订单明细!$G..,$An,订单明细!$H..,B$1); F =SUM(Bn:En);
#          G2:G5 =COUNTIFS(订单明细!$G..,$An); row 6 =SUM(..2:..5) for B..G; B2:F6 "#,##0"; rows 1 and 6 bold.
# Step 11: clustered column chart from A1:E5 (regions = categories, 4 category series), title
#          "各地区分类销售额", legend bottom, top-left anchored at A9.
# Step 12: new sheet 透视表 with native pivot table "类别销售透视" at A3 (written as OOXML parts after
#          openpyxl saves): source 订单明细!A1:J361, row field 产品类别, page field 所在地区, Sum of 金额;
#          refreshOnLoad=1 and rendered values also placed in the cells.
# Step 13: 客户/产品 sheets and 订单明细 A:E are never written to.
import datetime as dt
import re
import shutil
import zipfile
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment
from openpyxl.formatting.rule import FormulaRule
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.chart import BarChart, Reference
from openpyxl.utils import get_column_letter

SRC, OUT = "input.xlsx", "output.xlsx"
REGIONS = ["华东", "华北", "华南", "华中"]
CATS = ["文具", "办公设备", "耗材", "家具"]

wb = openpyxl.load_workbook(SRC)
od = wb["订单明细"]
cu = wb["客户"]
pr = wb["产品"]

last = 1
for r in range(2, od.max_row + 1):
    if od.cell(row=r, column=1).value not in (None, ""):
        last = r
cu_last = max(r for r in range(1, cu.max_row + 1) if cu.cell(row=r, column=1).value not in (None, ""))
pr_last = max(r for r in range(1, pr.max_row + 1) if pr.cell(row=r, column=1).value not in (None, ""))

# ---- 1
for j, h in enumerate(["客户名称", "所在地区", "产品类别", "单价", "金额"], start=6):
    od.cell(row=1, column=j, value=h)

# ---- 2, 3, 4
for r in range(2, last + 1):
    od[f"F{r}"] = f"=VLOOKUP($C{r},客户!$A$2:$C${cu_last},2,FALSE)"
    od[f"G{r}"] = f"=VLOOKUP($C{r},客户!$A$2:$C${cu_last},3,FALSE)"
    od[f"H{r}"] = f"=VLOOKUP($D{r},产品!$A$2:$D${pr_last},3,FALSE)"
    od[f"I{r}"] = f"=VLOOKUP($D{r},产品!$A$2:$D${pr_last},4,FALSE)"
    od[f"J{r}"] = f"=E{r}*I{r}"
    od[f"I{r}"].number_format = "#,##0.00"
    od[f"J{r}"].number_format = "#,##0.00"
for col, w in (("F", 20), ("G", 10), ("H", 10), ("I", 10), ("J", 12)):
    od.column_dimensions[col].width = w

# ---- 5
hdr_fill = PatternFill(fill_type="solid", start_color="FF4472C4", end_color="FF4472C4")
for j in range(1, 11):
    c = od.cell(row=1, column=j)
    c.fill = hdr_fill
    c.font = Font(bold=True, color="FFFFFFFF")
    c.alignment = Alignment(horizontal="center", vertical="center")

# ---- 6
od.freeze_panes = "A2"
od.auto_filter.ref = f"A1:J{last}"

# ---- 7
hl = PatternFill(fill_type="solid", fgColor="FFFFF2CC", bgColor="FFFFF2CC")
od.conditional_formatting.add(f"A2:J{last}", FormulaRule(formula=["$J2>=3000"], fill=hl))

# ---- 8
dv = DataValidation(type="whole", operator="between", formula1="1", formula2="200",
                    allow_blank=True, showErrorMessage=True, errorStyle="stop",
                    errorTitle="数量错误", error="请输入1～200之间的整数")
dv.add(f"E2:E{last}")
od.add_data_validation(dv)

# ---- 9, 10
sm = wb.create_sheet("汇总")
for j, h in enumerate(["地区"] + CATS + ["合计", "订单数"], start=1):
    sm.cell(row=1, column=j, value=h)
J = f"订单明细!$J$2:$J${last}"
G = f"订单明细!$G$2:$G${last}"
H = f"订单明细!$H$2:$H${last}"
for i, reg in enumerate(REGIONS, start=2):
    sm[f"A{i}"] = reg
    for col in "BCDE":
        sm[f"{col}{i}"] = f"=SUMIFS({J},{G},$A{i},{H},{col}$1)"
    sm[f"F{i}"] = f"=SUM(B{i}:E{i})"
    sm[f"G{i}"] = f"=COUNTIFS({G},$A{i})"
sm["A6"] = "合计"
for col in "BCDEFG":
    sm[f"{col}6"] = f"=SUM({col}2:{col}5)"
for r in range(2, 7):
    for col in "BCDEF":
        sm[f"{col}{r}"].number_format = "#,##0"
for r in (1, 6):
    for j in range(1, 8):
        sm.cell(row=r, column=j).font = Font(bold=True)
for col, w in (("A", 10), ("B", 12), ("C", 12), ("D", 12), ("E", 12), ("F", 13), ("G", 10)):
    sm.column_dimensions[col].width = w

# ---- 11
ch = BarChart()
ch.type = "col"
ch.grouping = "clustered"
ch.title = "各地区分类销售额"
ch.add_data(Reference(sm, min_col=2, max_col=5, min_row=1, max_row=5), titles_from_data=True)
ch.set_categories(Reference(sm, min_col=1, min_row=2, max_row=5))
ch.legend.position = "b"
ch.x_axis.delete = False
ch.y_axis.delete = False
ch.y_axis.numFmt = "#,##0"
ch.width = 18
ch.height = 9
ch.anchor = "A9"
sm.add_chart(ch)

# ---- 12 (sheet + rendered cells; XML parts after saving)
pv = wb.create_sheet("透视表")

cust = {cu.cell(row=r, column=1).value: (cu.cell(row=r, column=2).value, cu.cell(row=r, column=3).value)
        for r in range(2, cu_last + 1)}
prod = {pr.cell(row=r, column=1).value: (pr.cell(row=r, column=3).value, pr.cell(row=r, column=4).value)
        for r in range(2, pr_last + 1)}
headers = [od.cell(row=1, column=j).value for j in range(1, 11)]
rows = []
for r in range(2, last + 1):
    a, b, c, d, e = (od.cell(row=r, column=j).value for j in range(1, 6))
    name, region = cust.get(c, (None, None))
    cat, price = prod.get(d, (None, None))
    amt = round((e or 0) * (price or 0), 2)
    rows.append([a, b, c, d, e, name, region, cat, price, amt])

F_REG, F_CAT, F_AMT = 6, 7, 9


def ordered(idx, preferred):
    seen = []
    for v in rows:
        if v[idx] not in seen:
            seen.append(v[idx])
    return [p for p in preferred if p in seen] + [s for s in seen if s not in preferred]


reg_items = ordered(F_REG, REGIONS)
cat_items = ordered(F_CAT, CATS)

sums = {}
for v in rows:
    sums[v[F_CAT]] = round(sums.get(v[F_CAT], 0) + v[F_AMT], 2)
pv["A1"] = "所在地区"
pv["B1"] = "(全部)"
pv["A3"] = "行标签"
pv["B3"] = "求和项:金额"
for i, cat in enumerate(cat_items):
    pv.cell(row=4 + i, column=1, value=cat)
    pv.cell(row=4 + i, column=2, value=sums.get(cat, 0)).number_format = "#,##0.00"
grand_row = 4 + len(cat_items)
pv.cell(row=grand_row, column=1, value="总计")
pv.cell(row=grand_row, column=2, value=round(sum(sums.values()), 2)).number_format = "#,##0.00"
pv.column_dimensions["A"].width = 12
pv.column_dimensions["B"].width = 16
pivot_ref = f"A3:B{grand_row}"

wb.active = 0
for s in wb.worksheets:
    s.sheet_view.tabSelected = (s.title == "订单明细")
wb.save(OUT)

# ---------------------------------------------------------------- pivot parts
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
REL_PT = RNS + "/pivotTable"
REL_PCD = RNS + "/pivotCacheDefinition"
REL_PCR = RNS + "/pivotCacheRecords"
SHARED = {F_REG: reg_items, F_CAT: cat_items}


def q(s):
    return escape(str(s), {'"': "&quot;"})


def num(x):
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return repr(x) if isinstance(x, float) else str(x)


def cache_field(idx, name):
    vals = [v[idx] for v in rows]
    if idx in SHARED:
        items = SHARED[idx]
        return (f'<cacheField name="{q(name)}" numFmtId="0"><sharedItems count="{len(items)}">'
                + "".join(f'<s v="{q(x)}"/>' for x in items) + "</sharedItems></cacheField>")
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
    f'recordCount="{len(rows)}"><cacheSource type="worksheet"><worksheetSource ref="A1:J{last}" sheet="订单明细"/>'
    f'</cacheSource><cacheFields count="{nf}">' + "".join(cache_field(i, headers[i]) for i in range(nf))
    + "</cacheFields></pivotCacheDefinition>")
cache_recs = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotCacheRecords xmlns="{NS}" xmlns:r="{RNS}" count="{len(rows)}">'
    + "".join("<r>" + "".join(rec(i, v[i]) for i in range(nf)) + "</r>" for v in rows)
    + "</pivotCacheRecords>")


def items_xml(n):
    return f'<items count="{n + 1}">' + "".join(f'<item x="{i}"/>' for i in range(n)) + '<item t="default"/></items>'


pfs = []
for i in range(nf):
    if i == F_REG:
        pfs.append(f'<pivotField axis="axisPage" showAll="0">{items_xml(len(reg_items))}</pivotField>')
    elif i == F_CAT:
        pfs.append(f'<pivotField axis="axisRow" showAll="0">{items_xml(len(cat_items))}</pivotField>')
    elif i == F_AMT:
        pfs.append('<pivotField dataField="1" numFmtId="4" showAll="0"/>')
    elif i == 1:
        pfs.append('<pivotField numFmtId="14" showAll="0"/>')
    else:
        pfs.append('<pivotField showAll="0"/>')
row_items = (f'<rowItems count="{len(cat_items) + 1}"><i><x/></i>'
             + "".join(f'<i><x v="{k}"/></i>' for k in range(1, len(cat_items)))
             + '<i t="grand"><x/></i></rowItems>')
pt_xml = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotTableDefinition xmlns="{NS}" name="类别销售透视" cacheId="1" applyNumberFormats="0" '
    'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
    'applyWidthHeightFormats="1" dataCaption="值" updatedVersion="6" minRefreshableVersion="3" '
    'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
    'multipleFieldFilters="0" rowHeaderCaption="行标签">'
    f'<location ref="{pivot_ref}" firstHeaderRow="1" firstDataRow="1" firstDataCol="1" rowPageCount="1" colPageCount="1"/>'
    f'<pivotFields count="{nf}">{"".join(pfs)}</pivotFields>'
    f'<rowFields count="1"><field x="{F_CAT}"/></rowFields>{row_items}'
    '<colItems count="1"><i/></colItems>'
    f'<pageFields count="1"><pageField fld="{F_REG}" hier="-1"/></pageFields>'
    f'<dataFields count="1"><dataField name="求和项:金额" fld="{F_AMT}" baseField="0" baseItem="0" numFmtId="4"/></dataFields>'
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
    tag = m.group(0)
    if 'name="透视表"' in tag:
        rid = re.search(r'r:id="([^"]+)"', tag).group(1)
target = None
for m in re.finditer(r"<Relationship\b[^>]*>", wbrels):
    tag = m.group(0)
    if f'Id="{rid}"' in tag:
        target = re.search(r'Target="([^"]+)"', tag).group(1)
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
pc = f'<pivotCaches><pivotCache cacheId="1" r:id="{new_rid}"/></pivotCaches>'
if "<calcPr" in wbxml:
    wbxml = re.sub(r"(<calcPr[^>]*/>|<calcPr[^>]*>.*?</calcPr>)", lambda mm: mm.group(1) + pc, wbxml, count=1, flags=re.S)
elif "</definedNames>" in wbxml:
    wbxml = wbxml.replace("</definedNames>", "</definedNames>" + pc, 1)
else:
    wbxml = wbxml.replace("</sheets>", "</sheets>" + pc, 1)
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
