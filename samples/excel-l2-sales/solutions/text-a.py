# Independent solution written from the prompt alone (excel-l2-sales, text-only)
# Step 1: rename the (first) data sheet to "销售数据", tab colour 0070C0 (Excel standard "蓝色").
# Step 2: H2:H61 =Fn*Gn, number format #,##0.00.
# Step 3: list data validation on C2:C61, source "华东,华北,华南,西南", error alert on.
# Step 4: freeze panes A2; auto filter A1:H61.
# Step 5: conditional format top-10 rule (rank 5) on H2:H61 with solid yellow FFFF00 fill.
# Step 6: sheet "汇总" after 销售数据: headers, A2:A5 regions, A6 总计;
#         B =SUMIFS(销售数据!$H$2:$H$61,销售数据!$C$2:$C$61,An); C =COUNTIFS(销售数据!$C$2:$C$61,An);
#         D =Bn/Cn; B6/C6 =SUM(..), D6 =B6/C6; B and D columns #,##0.00.
# Step 7: pie chart on 汇总 (categories A2:A5, values B2:B5, series name B1), title
#         "各地区销售额占比", data labels showing percentage, two-cell anchor F2 .. inside M18.
# Step 8: sheet "透视分析" after 汇总 with a real pivot table "销售透视表" at A3 written as
#         OOXML parts (pivotCacheDefinition + records + pivotTable) after openpyxl saves:
#         source 销售数据!A1:H61, rows 产品类别, columns 地区, values Sum of 销售额, page field 销售员
#         (refreshOnLoad=1; the rendered values are also written into the sheet cells).
import copy
import datetime as dt
import re
import shutil
import zipfile
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment
from openpyxl.formatting.rule import Rule
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.chart import PieChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.drawing.spreadsheet_drawing import TwoCellAnchor, AnchorMarker

SRC, OUT = "input.xlsx", "output.xlsx"
REGIONS = ["华东", "华北", "华南", "西南"]
NUMFMT = "#,##0.00"

wb = openpyxl.load_workbook(SRC)
ws = wb["Sheet1"] if "Sheet1" in wb.sheetnames else wb.worksheets[0]

# ---- 1
ws.title = "销售数据"
ws.sheet_properties.tabColor = "FF0070C0"

# find data extent (expected rows 2..61)
last = 1
for r in range(2, ws.max_row + 1):
    if ws.cell(row=r, column=1).value not in (None, ""):
        last = r

# ---- 2
for r in range(2, last + 1):
    ws[f"H{r}"] = f"=F{r}*G{r}"
    ws[f"H{r}"].number_format = NUMFMT
if (ws.column_dimensions["H"].width or 0) < 12:
    ws.column_dimensions["H"].width = 12

# ---- 3
dv = DataValidation(type="list", formula1='"华东,华北,华南,西南"', allow_blank=True,
                    showDropDown=False, showErrorMessage=True, showInputMessage=False,
                    errorTitle="输入错误", error="请从下拉列表中选择：华东、华北、华南、西南")
dv.add(f"C2:C{last}")
ws.add_data_validation(dv)

# ---- 4
ws.freeze_panes = "A2"
ws.auto_filter.ref = f"A1:H{last}"

# ---- 5
yellow = PatternFill(fill_type="solid", start_color="FFFFFF00", end_color="FFFFFF00")
yellow_dxf = PatternFill(fill_type="solid", fgColor="FFFFFF00", bgColor="FFFFFF00")
rule = Rule(type="top10", rank=5, dxf=DifferentialStyle(fill=yellow_dxf))
ws.conditional_formatting.add(f"H2:H{last}", rule)

# ---- 6
sm = wb.create_sheet("汇总", index=wb.sheetnames.index("销售数据") + 1)
for j, h in enumerate(["地区", "销售额合计", "订单数", "平均销售额"], start=1):
    c = sm.cell(row=1, column=j, value=h)
    c.font = Font(bold=True)
    c.alignment = Alignment(horizontal="center")
H = f"销售数据!$H$2:$H${last}"
C = f"销售数据!$C$2:$C${last}"
for i, reg in enumerate(REGIONS, start=2):
    sm[f"A{i}"] = reg
    sm[f"B{i}"] = f"=SUMIFS({H},{C},A{i})"
    sm[f"C{i}"] = f"=COUNTIFS({C},A{i})"
    sm[f"D{i}"] = f"=B{i}/C{i}"
sm["A6"] = "总计"
sm["B6"] = "=SUM(B2:B5)"
sm["C6"] = "=SUM(C2:C5)"
sm["D6"] = "=B6/C6"
for r in range(2, 7):
    sm[f"B{r}"].number_format = NUMFMT
    sm[f"D{r}"].number_format = NUMFMT
for col, w in (("A", 10), ("B", 14), ("C", 10), ("D", 14)):
    sm.column_dimensions[col].width = w

# ---- 7
pie = PieChart()
pie.title = "各地区销售额占比"
pie.add_data(Reference(sm, min_col=2, min_row=1, max_row=5), titles_from_data=True)
pie.set_categories(Reference(sm, min_col=1, min_row=2, max_row=5))
pie.dataLabels = DataLabelList()
pie.dataLabels.showPercent = True
pie.dataLabels.showVal = False
pie.dataLabels.showCatName = False
pie.dataLabels.showSerName = False
pie.dataLabels.showLegendKey = False
pie.legend.position = "r"
anchor = TwoCellAnchor()
anchor._from = AnchorMarker(col=5, colOff=0, row=1, rowOff=0)          # F2
anchor.to = AnchorMarker(col=12, colOff=600000, row=17, rowOff=180000)  # inside M18
pie.anchor = anchor
sm.add_chart(pie)

# ---- 8 (cells now, pivot XML parts after saving)
pv = wb.create_sheet("透视分析", index=wb.sheetnames.index("汇总") + 1)

# read the source records for the pivot cache
hdr = [ws.cell(row=1, column=j).value for j in range(1, 9)]
rows = []
for r in range(2, last + 1):
    vals = [ws.cell(row=r, column=j).value for j in range(1, 8)]
    qty, price = vals[5], vals[6]
    vals.append((qty or 0) * (price or 0))
    rows.append(vals)

F_REG, F_PER, F_CAT, F_AMT = 2, 3, 4, 7


def uniq(idx, preferred=None):
    seen = []
    for v in rows:
        if v[idx] not in seen:
            seen.append(v[idx])
    if preferred:
        ordered = [p for p in preferred if p in seen] + [s for s in seen if s not in preferred]
        return ordered
    return seen


reg_items = uniq(F_REG, REGIONS)
cat_items = uniq(F_CAT, ["办公家具", "电子设备", "文具耗材"])   # pinyin order, as Excel sorts
per_items = uniq(F_PER)

# rendered pivot values (so the sheet shows the table even before a refresh)
agg = {}
for v in rows:
    agg[(v[F_CAT], v[F_REG])] = agg.get((v[F_CAT], v[F_REG]), 0) + v[F_AMT]
pv["A1"] = "销售员"
pv["B1"] = "(全部)"
pv["A3"] = "求和项:销售额"
pv["B3"] = "列标签"
pv["A4"] = "行标签"
for j, reg in enumerate(reg_items):
    pv.cell(row=4, column=2 + j, value=reg)
tot_col = 2 + len(reg_items)
pv.cell(row=4, column=tot_col, value="总计")
for i, cat in enumerate(cat_items):
    rr = 5 + i
    pv.cell(row=rr, column=1, value=cat)
    s = 0
    for j, reg in enumerate(reg_items):
        val = agg.get((cat, reg))
        if val is not None:
            pv.cell(row=rr, column=2 + j, value=val).number_format = NUMFMT
            s += val
    pv.cell(row=rr, column=tot_col, value=s).number_format = NUMFMT
grand_row = 5 + len(cat_items)
pv.cell(row=grand_row, column=1, value="总计")
gt = 0
for j, reg in enumerate(reg_items):
    s = sum(agg.get((cat, reg), 0) for cat in cat_items)
    pv.cell(row=grand_row, column=2 + j, value=s).number_format = NUMFMT
    gt += s
pv.cell(row=grand_row, column=tot_col, value=gt).number_format = NUMFMT
pv.column_dimensions["A"].width = 16
for j in range(len(reg_items) + 1):
    pv.column_dimensions[openpyxl.utils.get_column_letter(2 + j)].width = 13
pivot_ref = f"A3:{openpyxl.utils.get_column_letter(tot_col)}{grand_row}"

wb.active = 0
for s in wb.worksheets:
    s.sheet_view.tabSelected = (s.title == "销售数据")
wb.save(OUT)

# ---------------------------------------------------------------- pivot parts
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def xml_num(x):
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x)


def cache_field(idx, name):
    vals = [v[idx] for v in rows]
    if idx in (F_REG, F_PER, F_CAT):
        items = {F_REG: reg_items, F_PER: per_items, F_CAT: cat_items}[idx]
        inner = "".join(f'<s v="{escape(str(x), {chr(34): "&quot;"})}"/>' for x in items)
        return (f'<cacheField name="{escape(name)}" numFmtId="0">'
                f'<sharedItems count="{len(items)}">{inner}</sharedItems></cacheField>')
    if all(isinstance(x, (dt.datetime, dt.date)) for x in vals):
        mn = min(vals).strftime("%Y-%m-%dT%H:%M:%S")
        mx = max(vals).strftime("%Y-%m-%dT%H:%M:%S")
        return (f'<cacheField name="{escape(name)}" numFmtId="14"><sharedItems containsSemiMixedTypes="0" '
                f'containsNonDate="0" containsDate="1" containsString="0" minDate="{mn}" maxDate="{mx}"/></cacheField>')
    if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in vals):
        integer = all(float(x).is_integer() for x in vals)
        int_attr = ' containsInteger="1"' if integer else ""
        return (f'<cacheField name="{escape(name)}" numFmtId="0"><sharedItems containsSemiMixedTypes="0" '
                f'containsString="0" containsNumber="1"{int_attr} '
                f'minValue="{xml_num(min(vals))}" maxValue="{xml_num(max(vals))}"/></cacheField>')
    return f'<cacheField name="{escape(name)}" numFmtId="0"><sharedItems/></cacheField>'


fields_xml = "".join(cache_field(i, hdr[i]) for i in range(8))
cache_def = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotCacheDefinition xmlns="{NS}" xmlns:r="{RNS}" r:id="rId1" refreshOnLoad="1" '
    f'refreshedBy="Author" refreshedDate="45748.5" createdVersion="6" refreshedVersion="6" '
    f'minRefreshableVersion="3" recordCount="{len(rows)}">'
    f'<cacheSource type="worksheet"><worksheetSource ref="A1:H{last}" sheet="销售数据"/></cacheSource>'
    f'<cacheFields count="8">{fields_xml}</cacheFields></pivotCacheDefinition>'
)


def rec_val(idx, x):
    if idx == F_REG:
        return f'<x v="{reg_items.index(x)}"/>'
    if idx == F_PER:
        return f'<x v="{per_items.index(x)}"/>'
    if idx == F_CAT:
        return f'<x v="{cat_items.index(x)}"/>'
    if isinstance(x, (dt.datetime, dt.date)):
        return f'<d v="{x.strftime("%Y-%m-%dT%H:%M:%S")}"/>'
    if isinstance(x, (int, float)):
        return f'<n v="{xml_num(x)}"/>'
    if x is None:
        return "<m/>"
    return f'<s v="{escape(str(x), {chr(34): "&quot;"})}"/>'


recs = "".join("<r>" + "".join(rec_val(i, v[i]) for i in range(8)) + "</r>" for v in rows)
cache_recs = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotCacheRecords xmlns="{NS}" xmlns:r="{RNS}" count="{len(rows)}">{recs}</pivotCacheRecords>'
)


def items_xml(n):
    return f'<items count="{n + 1}">' + "".join(f'<item x="{i}"/>' for i in range(n)) + '<item t="default"/></items>'


pf = []
for i in range(8):
    if i == F_REG:
        pf.append(f'<pivotField axis="axisCol" showAll="0">{items_xml(len(reg_items))}</pivotField>')
    elif i == F_PER:
        pf.append(f'<pivotField axis="axisPage" showAll="0">{items_xml(len(per_items))}</pivotField>')
    elif i == F_CAT:
        pf.append(f'<pivotField axis="axisRow" showAll="0">{items_xml(len(cat_items))}</pivotField>')
    elif i == F_AMT:
        pf.append('<pivotField dataField="1" numFmtId="4" showAll="0"/>')
    elif i == 1:
        pf.append('<pivotField numFmtId="14" showAll="0"/>')
    else:
        pf.append('<pivotField showAll="0"/>')


def axis_items(n):
    out = ['<i><x/></i>'] + [f'<i><x v="{k}"/></i>' for k in range(1, n)] + ['<i t="grand"><x/></i>']
    return f'<rowItems count="{n + 1}">' + "".join(out) + "</rowItems>"


row_items = axis_items(len(cat_items))
col_items = axis_items(len(reg_items)).replace("rowItems", "colItems")
pt_xml = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<pivotTableDefinition xmlns="{NS}" name="销售透视表" cacheId="1" applyNumberFormats="0" '
    'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
    'applyWidthHeightFormats="1" dataCaption="值" updatedVersion="6" minRefreshableVersion="3" '
    'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
    'multipleFieldFilters="0" rowHeaderCaption="行标签" colHeaderCaption="列标签">'
    f'<location ref="{pivot_ref}" firstHeaderRow="1" firstDataRow="2" firstDataCol="1" '
    'rowPageCount="1" colPageCount="1"/>'
    f'<pivotFields count="8">{"".join(pf)}</pivotFields>'
    f'<rowFields count="1"><field x="{F_CAT}"/></rowFields>{row_items}'
    f'<colFields count="1"><field x="{F_REG}"/></colFields>{col_items}'
    f'<pageFields count="1"><pageField fld="{F_PER}" hier="-1"/></pageFields>'
    f'<dataFields count="1"><dataField name="求和项:销售额" fld="{F_AMT}" baseField="0" baseItem="0" numFmtId="4"/></dataFields>'
    '<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" '
    'showRowStripes="0" showColStripes="0" showLastColumn="1"/>'
    '</pivotTableDefinition>'
)

REL_PT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable"
REL_PCD = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition"
REL_PCR = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheRecords"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"

zin = zipfile.ZipFile(OUT)
files = {n: zin.read(n) for n in zin.namelist()}
order = zin.namelist()
zin.close()

# locate the 透视分析 sheet part
wbxml = files["xl/workbook.xml"].decode("utf-8")
wbrels = files["xl/_rels/workbook.xml.rels"].decode("utf-8")
m = re.search(r'<sheet[^>]*name="透视分析"[^>]*r:id="([^"]+)"', wbxml) or \
    re.search(r'<sheet[^>]*r:id="([^"]+)"[^>]*name="透视分析"', wbxml)
rid = m.group(1)
target = re.search(r'<Relationship[^>]*Id="%s"[^>]*Target="([^"]+)"' % rid, wbrels) or \
    re.search(r'<Relationship[^>]*Target="([^"]+)"[^>]*Id="%s"' % rid, wbrels)
sheet_path = target.group(1).lstrip("/")
if not sheet_path.startswith("xl/"):
    sheet_path = "xl/" + sheet_path
sheet_dir, sheet_file = sheet_path.rsplit("/", 1)
sheet_rels = f"{sheet_dir}/_rels/{sheet_file}.rels"

# workbook rel + pivotCaches
existing = [int(x) for x in re.findall(r'Id="rId(\d+)"', wbrels)]
new_rid = f"rId{max(existing + [0]) + 1}"
wbrels = wbrels.replace("</Relationships>",
                        f'<Relationship Id="{new_rid}" Type="{REL_PCD}" Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>')
pc = f'<pivotCaches><pivotCache cacheId="1" r:id="{new_rid}"/></pivotCaches>'
root_tag = re.search(r"<workbook\b[^>]*>", wbxml).group(0)
if "xmlns:r=" not in root_tag:
    # declare the r: prefix on the root so <pivotCache r:id=...> is well-formed
    wbxml = wbxml.replace(root_tag, root_tag[:-1].rstrip("/") + f' xmlns:r="{RNS}">', 1)
if "<calcPr" in wbxml:
    wbxml = re.sub(r"(<calcPr[^>]*/>|<calcPr[^>]*>.*?</calcPr>)", lambda mm: mm.group(1) + pc, wbxml, count=1, flags=re.S)
elif "</definedNames>" in wbxml:
    wbxml = wbxml.replace("</definedNames>", "</definedNames>" + pc, 1)
else:
    wbxml = wbxml.replace("</sheets>", "</sheets>" + pc, 1)
files["xl/workbook.xml"] = wbxml.encode("utf-8")
files["xl/_rels/workbook.xml.rels"] = wbrels.encode("utf-8")

# sheet -> pivot table rel
if sheet_rels in files:
    sr = files[sheet_rels].decode("utf-8")
    ids = [int(x) for x in re.findall(r'Id="rId(\d+)"', sr)]
    srid = f"rId{max(ids + [0]) + 1}"
    sr = sr.replace("</Relationships>",
                    f'<Relationship Id="{srid}" Type="{REL_PT}" Target="../pivotTables/pivotTable1.xml"/></Relationships>')
else:
    sr = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
          f'<Relationship Id="rId1" Type="{REL_PT}" Target="../pivotTables/pivotTable1.xml"/></Relationships>')
    order.append(sheet_rels)
files[sheet_rels] = sr.encode("utf-8")

files["xl/pivotCache/pivotCacheDefinition1.xml"] = cache_def.encode("utf-8")
files["xl/pivotCache/pivotCacheRecords1.xml"] = cache_recs.encode("utf-8")
files["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
    f'<Relationship Id="rId1" Type="{REL_PCR}" Target="pivotCacheRecords1.xml"/></Relationships>').encode("utf-8")
files["xl/pivotTables/pivotTable1.xml"] = pt_xml.encode("utf-8")
files["xl/pivotTables/_rels/pivotTable1.xml.rels"] = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
    f'<Relationship Id="rId1" Type="{REL_PCD}" Target="../pivotCache/pivotCacheDefinition1.xml"/></Relationships>').encode("utf-8")
order += ["xl/pivotCache/pivotCacheDefinition1.xml", "xl/pivotCache/pivotCacheRecords1.xml",
          "xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels", "xl/pivotTables/pivotTable1.xml",
          "xl/pivotTables/_rels/pivotTable1.xml.rels"]

ct = files["[Content_Types].xml"].decode("utf-8")
ct = ct.replace("</Types>",
                '<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/>'
                '<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheRecords+xml"/>'
                '<Override PartName="/xl/pivotTables/pivotTable1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"/>'
                "</Types>")
files["[Content_Types].xml"] = ct.encode("utf-8")

tmp = OUT + ".tmp"
with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
    for n in order:
        zout.writestr(n, files[n])
shutil.move(tmp, OUT)
