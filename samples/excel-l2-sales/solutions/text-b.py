# Independent solution written from the prompt alone (excel-l2-sales, text-only)
# Step 1: the data sheet (named Sheet/Sheet1 in the input) is renamed 销售数据, tab colour 0070C0 (standard 蓝色).
# Step 2: H2:H61 = F*G, number format #,##0.00.
# Step 3: list data validation on C2:C61 with "华东,华北,华南,西南" (in-cell drop-down).
# Step 4: freeze panes A2; auto filter A1:H61.
# Step 5: conditional format "top 10" rule with rank 5 on H2:H61, yellow (FFFF00) solid fill.
# Step 6: new sheet 汇总 after 销售数据: headers, regions, 总计; SUMIFS / COUNTIFS / B÷C formulas; row 6 SUM,
#         D6 = B6/C6; B2:B6 and D2:D6 number format #,##0.00.
# Step 7: pie chart (categories A2:A5, values B2:B5, series name B1), title 各地区销售额占比, data labels show
#         percentage, two-cell anchor from F2 to a point inside M18.
# Step 8: new sheet 透视分析 after 汇总 with a real pivot table 销售透视表 at A3 (source 销售数据!A1:H61, rows 产品类别,
#         columns 地区, values 求和项:销售额, page/filter field 销售员 at A1:B1); pivot parts written as OOXML
#         after openpyxl saves (cache with records, refreshOnLoad); the visible pivot body is also written.
# Extra: cached results are written into all formula cells.

import io
import zipfile
import datetime
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.styles import Font, PatternFill
from openpyxl.formatting.rule import Rule
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.chart import PieChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.drawing.spreadsheet_drawing import TwoCellAnchor, AnchorMarker
from openpyxl.utils.units import pixels_to_EMU
from openpyxl.utils import get_column_letter
from lxml import etree

NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_RNS = "http://schemas.openxmlformats.org/package/2006/relationships"

wb = openpyxl.load_workbook("input.xlsx")
if "Sheet1" in wb.sheetnames:
    ws = wb["Sheet1"]
elif "Sheet" in wb.sheetnames:
    ws = wb["Sheet"]
else:
    ws = wb.worksheets[0]

# ---------- Step 1 ----------
ws.title = "销售数据"
ws.sheet_properties.tabColor = "FF0070C0"

last = 1
for r in range(2, ws.max_row + 1):
    if ws.cell(r, 1).value not in (None, ""):
        last = r  # 61

cached = {}


def to_dt(v):
    if isinstance(v, datetime.datetime):
        return v
    if isinstance(v, datetime.date):
        return datetime.datetime(v.year, v.month, v.day)
    return v


# ---------- Step 2 ----------
rows = []
for r in range(2, last + 1):
    ws["H%d" % r] = "=F%d*G%d" % (r, r)
    ws["H%d" % r].number_format = "#,##0.00"
    vals = [ws.cell(r, k).value for k in range(1, 8)]
    q, p = vals[5], vals[6]
    amt = (q or 0) * (p or 0)
    amt = round(amt, 10) if isinstance(amt, float) else amt
    cached[("销售数据", "H%d" % r)] = amt
    vals[1] = to_dt(vals[1])
    rows.append(vals + [amt])
if (ws.column_dimensions["H"].width or 0) < 12:
    ws.column_dimensions["H"].width = 12

# ---------- Step 3 ----------
dv = DataValidation(type="list", formula1='"华东,华北,华南,西南"', allow_blank=True, showDropDown=False,
                    showErrorMessage=True)
dv.add("C2:C%d" % last)
ws.add_data_validation(dv)

# ---------- Step 4 ----------
ws.freeze_panes = "A2"
ws.auto_filter.ref = "A1:H%d" % last

# ---------- Step 5 ----------
yellow = PatternFill(fill_type="solid", start_color="FFFFFF00", end_color="FFFFFF00", bgColor="FFFFFF00")
rule = Rule(type="top10", rank=5, dxf=DifferentialStyle(fill=yellow))
ws.conditional_formatting.add("H2:H%d" % last, rule)

# ---------- Step 6 ----------
REG = ["华东", "华北", "华南", "西南"]
sm = wb.create_sheet("汇总", index=wb.sheetnames.index("销售数据") + 1)
for i, h in enumerate(["地区", "销售额合计", "订单数", "平均销售额"]):
    sm.cell(1, 1 + i, h)
H_R = "销售数据!$H$2:$H$%d" % last
C_R = "销售数据!$C$2:$C$%d" % last
tb = tc = 0
for i, reg in enumerate(REG):
    r = 2 + i
    sm["A%d" % r] = reg
    sm["B%d" % r] = "=SUMIFS(%s,%s,A%d)" % (H_R, C_R, r)
    sm["C%d" % r] = "=COUNTIFS(%s,A%d)" % (C_R, r)
    sm["D%d" % r] = "=B%d/C%d" % (r, r)
    b = sum(x[7] for x in rows if x[2] == reg)
    c = sum(1 for x in rows if x[2] == reg)
    tb += b
    tc += c
    cached[("汇总", "B%d" % r)] = b
    cached[("汇总", "C%d" % r)] = c
    if c:
        cached[("汇总", "D%d" % r)] = b / c
sm["A6"] = "总计"
sm["B6"] = "=SUM(B2:B5)"
sm["C6"] = "=SUM(C2:C5)"
sm["D6"] = "=B6/C6"
cached[("汇总", "B6")] = tb
cached[("汇总", "C6")] = tc
if tc:
    cached[("汇总", "D6")] = tb / tc
for r in range(2, 7):
    sm["B%d" % r].number_format = "#,##0.00"
    sm["D%d" % r].number_format = "#,##0.00"
sm.column_dimensions["A"].width = 8
sm.column_dimensions["B"].width = 14
sm.column_dimensions["C"].width = 10
sm.column_dimensions["D"].width = 14

# ---------- Step 7 ----------
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
anchor._from = AnchorMarker(col=5, colOff=0, row=1, rowOff=0)                                  # F2
anchor.to = AnchorMarker(col=12, colOff=pixels_to_EMU(60), row=17, rowOff=pixels_to_EMU(18))   # inside M18
pie.anchor = anchor
sm.add_chart(pie)

# ---------- Step 8 (sheet + visible body) ----------
pv = wb.create_sheet("透视分析", index=wb.sheetnames.index("汇总") + 1)
ROW_F, COL_F, PAGE_F, DATA_F = 4, 2, 3, 7   # 产品类别, 地区, 销售员, 销售额
row_items = []
for x in rows:
    if x[ROW_F] is not None and x[ROW_F] not in row_items:
        row_items.append(x[ROW_F])
row_items.sort()
col_items = [c for c in REG if any(x[COL_F] == c for x in rows)] + \
    sorted({x[COL_F] for x in rows if x[COL_F] not in REG and x[COL_F] is not None})
page_items = []
for x in rows:
    if x[PAGE_F] is not None and x[PAGE_F] not in page_items:
        page_items.append(x[PAGE_F])
page_items.sort()
nR, nC = len(row_items), len(col_items)
pv["A1"] = "销售员"
pv["B1"] = "(全部)"
pv["A3"] = "求和项:销售额"
pv["B3"] = "列标签"
pv["A4"] = "行标签"
for j, cn in enumerate(col_items):
    pv.cell(4, 2 + j, cn)
pv.cell(4, 2 + nC, "总计")
for i, rn in enumerate(row_items):
    pv.cell(5 + i, 1, rn)
    for j, cn in enumerate(col_items):
        sel = [x[DATA_F] for x in rows if x[ROW_F] == rn and x[COL_F] == cn]
        pv.cell(5 + i, 2 + j, sum(sel) if sel else None)
    pv.cell(5 + i, 2 + nC, sum(x[DATA_F] for x in rows if x[ROW_F] == rn))
pv.cell(5 + nR, 1, "总计")
for j, cn in enumerate(col_items):
    pv.cell(5 + nR, 2 + j, sum(x[DATA_F] for x in rows if x[COL_F] == cn))
pv.cell(5 + nR, 2 + nC, sum(x[DATA_F] for x in rows))
pv.column_dimensions["A"].width = 15
for j in range(nC + 1):
    pv.column_dimensions[get_column_letter(2 + j)].width = 12
PT_REF = "A3:%s%d" % (get_column_letter(2 + nC), 5 + nR)

field_names = [ws.cell(1, k).value for k in range(1, 9)]

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
    out = []
    for p in (base_dir + "/" + target).split("/"):
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
rid2t = {rel.get("Id"): resolve("xl", rel.get("Target")) for rel in wbrels}
title2part = {sh.get("name"): rid2t[sh.get("{%s}id" % RNS)] for sh in wbx.find("{%s}sheets" % NS)}

# cached values
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
    files[part] = dump(root)

# pivot cache
preset = {ROW_F: row_items, COL_F: col_items, PAGE_F: page_items}
shared = {}
cf_xml = []
for k, name in enumerate(field_names):
    vals = [x[k] for x in rows]
    nonnull = [v for v in vals if v is not None]
    has_null = len(nonnull) != len(vals)
    if nonnull and all(isinstance(v, str) for v in nonnull):
        items, seen = [], set()
        for v in list(preset.get(k, [])) + nonnull:
            if v not in seen:
                seen.add(v)
                items.append(v)
        shared[k] = items
        body = "".join('<s v="%s"/>' % q(v) for v in items) + ("<m/>" if has_null else "")
        cf_xml.append('<cacheField name="%s" numFmtId="0"><sharedItems%s count="%d">%s</sharedItems></cacheField>'
                      % (q(name), ' containsBlank="1"' if has_null else "", len(items) + (1 if has_null else 0), body))
    elif nonnull and all(isinstance(v, datetime.datetime) for v in nonnull):
        f = lambda d: d.strftime("%Y-%m-%dT%H:%M:%S")
        cf_xml.append('<cacheField name="%s" numFmtId="14"><sharedItems containsSemiMixedTypes="0" containsNonDate="0" '
                      'containsDate="1" containsString="0"%s minDate="%s" maxDate="%s"/></cacheField>'
                      % (q(name), ' containsBlank="1"' if has_null else "", f(min(nonnull)), f(max(nonnull))))
    else:
        nums = [float(v) for v in nonnull if isinstance(v, (int, float))]
        is_int = all(v.is_integer() for v in nums)
        cf_xml.append('<cacheField name="%s" numFmtId="0"><sharedItems containsSemiMixedTypes="0" containsString="0" '
                      'containsNumber="1"%s%s minValue="%s" maxValue="%s"/></cacheField>'
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
             '<cacheSource type="worksheet"><worksheetSource ref="A1:H%d" sheet="销售数据"/></cacheSource>'
             '<cacheFields count="%d">%s</cacheFields></pivotCacheDefinition>'
             % (NS, RNS, len(rows), last, len(field_names), "".join(cf_xml)))
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
          '<pivotTableDefinition xmlns="%s" name="销售透视表" cacheId="1" applyNumberFormats="0" '
          'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
          'applyWidthHeightFormats="1" dataCaption="值" updatedVersion="6" minRefreshableVersion="3" '
          'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
          'multipleFieldFilters="0" rowHeaderCaption="行标签" colHeaderCaption="列标签">'
          '<location ref="%s" firstHeaderRow="1" firstDataRow="2" firstDataCol="1" rowPageCount="1" colPageCount="1"/>'
          '<pivotFields count="%d">%s</pivotFields>'
          '<rowFields count="1"><field x="%d"/></rowFields><rowItems count="%d">%s</rowItems>'
          '<colFields count="1"><field x="%d"/></colFields><colItems count="%d">%s</colItems>'
          '<pageFields count="1"><pageField fld="%d" hier="-1"/></pageFields>'
          '<dataFields count="1"><dataField name="求和项:销售额" fld="%d" baseField="0" baseItem="0"/></dataFields>'
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

pv_part = title2part["透视分析"]
rn = rels_of(pv_part)
prel = etree.fromstring(files[rn]) if rn in files else etree.Element("{%s}Relationships" % PKG_RNS, nsmap={None: PKG_RNS})
rel = etree.SubElement(prel, "{%s}Relationship" % PKG_RNS)
rel.set("Id", "rIdPT1")
rel.set("Type", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable")
rel.set("Target", "../pivotTables/pivotTable1.xml")
files[rn] = dump(prel)

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

ct = files["[Content_Types].xml"].decode("utf-8")
ct = ct.replace("</Types>",
                '<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/>'
                '<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheRecords+xml"/>'
                '<Override PartName="/xl/pivotTables/pivotTable1.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"/></Types>')
files["[Content_Types].xml"] = ct.encode("utf-8")

with zipfile.ZipFile("output.xlsx", "w", zipfile.ZIP_DEFLATED) as zout:
    zout.writestr("[Content_Types].xml", files.pop("[Content_Types].xml"))
    for n, data in files.items():
        zout.writestr(n, data)
