# Independent solution written from the prompt alone (excel-l2-orders, with pictures)
# Step 1: openpyxl writes the headers 客户名称/所在地区/产品类别/单价/金额 into 订单明细!F1:J1.
# Step 2: F/G use VLOOKUP(C,客户!$A$2:$C$41,2|3,FALSE); H/I use VLOOKUP(D,产品!$A$2:$D$21,3|4,FALSE).
# Step 3: J = E*I as a formula in every data row.
# Step 4: I and J get the currency format "¥"#,##0.00 seen in example-1.png.
# Step 5: A1:J1 filled dark blue 1F4E79 (picked from example-1.png), white bold font, centred.
# Step 6: freeze panes at A2 (first row) and auto filter on A1:J361.
# Step 7: conditional format on A2:J361 with formula =$J2>=3000, fill FCE4D6 (light peach from the picture).
# Step 8: whole-number data validation 1..200 on E2:E361 with stop alert "数量错误"/"请输入1～200之间的整数".
# Step 9: new sheet 汇总 with headers A1:G1, regions A2:A5 and 合计 in A6.
# Step 10: SUMIFS / SUM / COUNTIFS / SUM formulas, number format #,##0 on B2:F6, rows 1 and 6 bold.
# Step 11: stacked column chart from A1:E5 (series = categories, x axis = regions), title 各地区分类销售额,
#          legend at the bottom, anchored at A9.
# Step 12: new sheet 透视表 with a real pivot table 类别销售透视 at A3 (cache = 订单明细!A1:J361,
#          row field 产品类别, page field 所在地区, data = 求和项:金额); the pivot parts are written as
#          OOXML after openpyxl saves, with a full pivot cache (records) and refreshOnLoad.
# Step 13: columns A:E of 订单明细 and sheets 客户/产品 are not touched.
# Extra: cached results are written into all formula cells so the file shows values even before a recalc.

import io
import re
import zipfile
import datetime
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.styles import Font, PatternFill, Alignment
from openpyxl.formatting.rule import FormulaRule
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.chart import BarChart, Reference
from openpyxl.utils import get_column_letter
from lxml import etree

IN_FILE = "input.xlsx"
OUT_FILE = "output.xlsx"
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_RNS = "http://schemas.openxmlformats.org/package/2006/relationships"

wb = openpyxl.load_workbook(IN_FILE)
ws = wb["订单明细"]
ws_c = wb["客户"]
ws_p = wb["产品"]

# ---------- lookup tables (for cached values / pivot cache only) ----------
cust = {}
cust_last = 1
for r in range(2, ws_c.max_row + 1):
    k = ws_c.cell(r, 1).value
    if k is None:
        continue
    cust_last = r
    cust[str(k).strip()] = (ws_c.cell(r, 2).value, ws_c.cell(r, 3).value)
prod = {}
prod_last = 1
cat_order = []
for r in range(2, ws_p.max_row + 1):
    k = ws_p.cell(r, 1).value
    if k is None:
        continue
    prod_last = r
    cat = ws_p.cell(r, 3).value
    prod[str(k).strip()] = (cat, ws_p.cell(r, 4).value)
    if cat not in cat_order:
        cat_order.append(cat)

last = 1
for r in range(2, ws.max_row + 1):
    if ws.cell(r, 1).value is not None:
        last = r
# expected 361

cached = {}  # (sheet title, coordinate) -> value

# ---------- Step 1 ----------
headers = ["客户名称", "所在地区", "产品类别", "单价", "金额"]
for i, h in enumerate(headers):
    ws.cell(1, 6 + i, h)

# ---------- Steps 2-3 ----------
cust_rng = "客户!$A$2:$C$%d" % cust_last
prod_rng = "产品!$A$2:$D$%d" % prod_last
rows = []  # computed row values for the pivot cache
for r in range(2, last + 1):
    ws.cell(r, 6).value = "=VLOOKUP(C%d,%s,2,FALSE)" % (r, cust_rng)
    ws.cell(r, 7).value = "=VLOOKUP(C%d,%s,3,FALSE)" % (r, cust_rng)
    ws.cell(r, 8).value = "=VLOOKUP(D%d,%s,3,FALSE)" % (r, prod_rng)
    ws.cell(r, 9).value = "=VLOOKUP(D%d,%s,4,FALSE)" % (r, prod_rng)
    ws.cell(r, 10).value = "=E%d*I%d" % (r, r)
    a, b, c, d, e = (ws.cell(r, k).value for k in range(1, 6))
    cn, reg = cust.get(str(c).strip(), (None, None))
    cat, price = prod.get(str(d).strip(), (None, None))
    amt = (e or 0) * (price or 0)
    amt = round(amt, 10)
    for col, v in zip("FGHIJ", (cn, reg, cat, price, amt)):
        cached[("订单明细", "%s%d" % (col, r))] = v
    rows.append([a, b, c, d, e, cn, reg, cat, price, amt])

# ---------- Step 4 ----------
CUR_FMT = '"¥"#,##0.00'
for r in range(2, last + 1):
    ws.cell(r, 9).number_format = CUR_FMT
    ws.cell(r, 10).number_format = CUR_FMT

# ---------- Step 5 ----------
hdr_fill = PatternFill(fill_type="solid", start_color="FF1F4E79", end_color="FF1F4E79")
for col in range(1, 11):
    c = ws.cell(1, col)
    c.fill = hdr_fill
    c.font = Font(name=c.font.name or "Calibri", size=c.font.sz or 11, bold=True, color="FFFFFFFF")
    c.alignment = Alignment(horizontal="center", vertical="center")

for col, w in zip("FGHIJ", (20, 10, 10, 12, 14)):
    ws.column_dimensions[col].width = w

# ---------- Step 6 ----------
ws.freeze_panes = "A2"
ws.auto_filter.ref = "A1:J%d" % last

# ---------- Step 7 ----------
cf_fill = PatternFill(fill_type="solid", start_color="FFFCE4D6", end_color="FFFCE4D6")
ws.conditional_formatting.add("A2:J%d" % last, FormulaRule(formula=["$J2>=3000"], fill=cf_fill))

# ---------- Step 8 ----------
dv = DataValidation(type="whole", operator="between", formula1="1", formula2="200",
                    allow_blank=True, showErrorMessage=True, errorStyle="stop",
                    errorTitle="数量错误", error="请输入1～200之间的整数")
dv.add("E2:E%d" % last)
ws.add_data_validation(dv)

# ---------- Steps 9-10 ----------
ws_s = wb.create_sheet("汇总")
s_head = ["地区", "文具", "办公设备", "耗材", "家具", "合计", "订单数"]
regions = ["华东", "华北", "华南", "华中"]
cats = ["文具", "办公设备", "耗材", "家具"]
for i, h in enumerate(s_head):
    ws_s.cell(1, i + 1, h)
for i, reg in enumerate(regions):
    ws_s.cell(2 + i, 1, reg)
ws_s.cell(6, 1, "合计")

J = "订单明细!$J$2:$J$%d" % last
G = "订单明细!$G$2:$G$%d" % last
H = "订单明细!$H$2:$H$%d" % last
tot = {}
for i, reg in enumerate(regions):
    r = 2 + i
    rsum = 0
    for j, cat in enumerate(cats):
        col = get_column_letter(2 + j)
        ws_s["%s%d" % (col, r)] = "=SUMIFS(%s,%s,$A%d,%s,%s$1)" % (J, G, r, H, col)
        v = round(sum(x[9] for x in rows if x[6] == reg and x[7] == cat), 10)
        cached[("汇总", "%s%d" % (col, r))] = v
        tot[col] = tot.get(col, 0) + v
        rsum += v
    ws_s["F%d" % r] = "=SUM(B%d:E%d)" % (r, r)
    cached[("汇总", "F%d" % r)] = round(rsum, 10)
    tot["F"] = tot.get("F", 0) + rsum
    ws_s["G%d" % r] = "=COUNTIFS(%s,$A%d)" % (G, r)
    n = sum(1 for x in rows if x[6] == reg)
    cached[("汇总", "G%d" % r)] = n
    tot["G"] = tot.get("G", 0) + n
for col in "BCDEFG":
    ws_s["%s6" % col] = "=SUM(%s2:%s5)" % (col, col)
    cached[("汇总", "%s6" % col)] = round(tot[col], 10)
for r in range(2, 7):
    for col in "BCDEF":
        ws_s["%s%d" % (col, r)].number_format = "#,##0"
for col in range(1, 8):
    ws_s.cell(1, col).font = Font(bold=True)
    ws_s.cell(6, col).font = Font(bold=True)
ws_s.column_dimensions["A"].width = 8
for col in "BCDEFG":
    ws_s.column_dimensions[col].width = 12

# ---------- Step 11 ----------
ch = BarChart()
ch.type = "col"
ch.grouping = "stacked"
ch.overlap = 100
ch.title = "各地区分类销售额"
data = Reference(ws_s, min_col=2, max_col=5, min_row=1, max_row=5)
catsref = Reference(ws_s, min_col=1, min_row=2, max_row=5)
ch.add_data(data, titles_from_data=True)
ch.set_categories(catsref)
ch.legend.position = "b"
ch.x_axis.delete = False
ch.y_axis.delete = False
ch.y_axis.number_format = "#,##0"
ch.y_axis.majorGridlines = openpyxl.chart.axis.ChartLines()
ch.width = 16
ch.height = 9
ws_s.add_chart(ch, "A9")

# ---------- Step 12 (sheet + visible pivot body; pivot parts added after save) ----------
ws_t = wb.create_sheet("透视表")
cat_items = [c for c in cat_order if any(x[7] == c for x in rows)]
for x in rows:
    if x[7] not in cat_items and x[7] is not None:
        cat_items.append(x[7])
reg_items = []
for x in rows:
    if x[6] not in reg_items and x[6] is not None:
        reg_items.append(x[6])
reg_items.sort(key=lambda v: regions.index(v) if v in regions else 99)
ws_t["A1"] = "所在地区"
ws_t["B1"] = "(全部)"
ws_t["A3"] = "行标签"
ws_t["B3"] = "求和项:金额"
for i, c in enumerate(cat_items):
    ws_t.cell(4 + i, 1, c)
    ws_t.cell(4 + i, 2, round(sum(x[9] for x in rows if x[7] == c), 10))
grand_row = 4 + len(cat_items)
ws_t.cell(grand_row, 1, "总计")
ws_t.cell(grand_row, 2, round(sum(x[9] for x in rows), 10))
ws_t.column_dimensions["A"].width = 12
ws_t.column_dimensions["B"].width = 14

sheet_titles = wb.sheetnames
buf = io.BytesIO()
wb.save(buf)
buf.seek(0)


# ---------- post-processing ----------
def fmt_num(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    s = repr(float(v))
    if s.endswith(".0"):
        s = s[:-2]
    return s


zin = zipfile.ZipFile(buf)
files = {n: zin.read(n) for n in zin.namelist()}
zin.close()

# map sheet title -> part name
wbx = etree.fromstring(files["xl/workbook.xml"])
wbrels = etree.fromstring(files["xl/_rels/workbook.xml.rels"])
rid2target = {}
for rel in wbrels:
    t = rel.get("Target")
    if t.startswith("/"):
        t = t[1:]
    elif not t.startswith("xl/"):
        t = "xl/" + t
    rid2target[rel.get("Id")] = t
title2part = {}
for sh in wbx.find("{%s}sheets" % NS):
    title2part[sh.get("name")] = rid2target[sh.get("{%s}id" % RNS)]

# cached values in formula cells
by_sheet = {}
for (t, coord), v in cached.items():
    by_sheet.setdefault(t, {})[coord] = v
for t, vals in by_sheet.items():
    part = title2part[t]
    root = etree.fromstring(files[part])
    for c in root.iter("{%s}c" % NS):
        coord = c.get("r")
        if coord not in vals or c.find("{%s}f" % NS) is None:
            continue
        v = vals[coord]
        if v is None:
            continue
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

# ----- pivot cache -----
field_names = [ws.cell(1, k).value for k in range(1, 11)]
n_rec = len(rows)


def col_values(k):
    return [x[k] for x in rows]


shared = {}  # field index -> list of items (for string fields)
cache_fields_xml = []
for k, name in enumerate(field_names):
    vals = col_values(k)
    if all(isinstance(v, str) for v in vals):
        items = []
        seen = set()
        src = vals
        if k == 6:
            src = reg_items + vals
        if k == 7:
            src = cat_items + vals
        for v in src:
            if v not in seen:
                seen.add(v)
                items.append(v)
        shared[k] = items
        body = "".join('<s v="%s"/>' % escape(v, {'"': "&quot;"}) for v in items)
        cache_fields_xml.append('<cacheField name="%s" numFmtId="0"><sharedItems count="%d">%s</sharedItems></cacheField>'
                                % (escape(name), len(items), body))
    elif all(isinstance(v, (datetime.datetime, datetime.date)) for v in vals):
        mn = min(vals)
        mx = max(vals)
        f = lambda d: (d if isinstance(d, datetime.datetime) else datetime.datetime(d.year, d.month, d.day)).strftime("%Y-%m-%dT%H:%M:%S")
        cache_fields_xml.append('<cacheField name="%s" numFmtId="164"><sharedItems containsSemiMixedTypes="0" '
                                'containsNonDate="0" containsDate="1" containsString="0" minDate="%s" maxDate="%s"/></cacheField>'
                                % (escape(name), f(mn), f(mx)))
    else:
        nums = [float(v) for v in vals if isinstance(v, (int, float))]
        is_int = all(float(v).is_integer() for v in nums)
        cache_fields_xml.append('<cacheField name="%s" numFmtId="0"><sharedItems containsSemiMixedTypes="0" '
                                'containsString="0" containsNumber="1"%s minValue="%s" maxValue="%s"/></cacheField>'
                                % (escape(name), ' containsInteger="1"' if is_int else "",
                                   fmt_num(min(nums) if nums else 0), fmt_num(max(nums) if nums else 0)))

rec_xml = []
for x in rows:
    parts = []
    for k, v in enumerate(x):
        if k in shared:
            parts.append('<x v="%d"/>' % shared[k].index(v))
        elif isinstance(v, (datetime.datetime, datetime.date)):
            d = v if isinstance(v, datetime.datetime) else datetime.datetime(v.year, v.month, v.day)
            parts.append('<d v="%s"/>' % d.strftime("%Y-%m-%dT%H:%M:%S"))
        elif v is None:
            parts.append("<m/>")
        else:
            parts.append('<n v="%s"/>' % fmt_num(v))
    rec_xml.append("<r>%s</r>" % "".join(parts))

cache_def = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<pivotCacheDefinition xmlns="%s" xmlns:r="%s" r:id="rId1" refreshOnLoad="1" '
             'createdVersion="6" refreshedVersion="6" minRefreshableVersion="3" recordCount="%d">'
             '<cacheSource type="worksheet"><worksheetSource ref="A1:J%d" sheet="订单明细"/></cacheSource>'
             '<cacheFields count="%d">%s</cacheFields></pivotCacheDefinition>'
             % (NS, RNS, n_rec, last, len(field_names), "".join(cache_fields_xml)))
cache_rec = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<pivotCacheRecords xmlns="%s" xmlns:r="%s" count="%d">%s</pivotCacheRecords>'
             % (NS, RNS, n_rec, "".join(rec_xml)))

# ----- pivot table definition -----
REG_F, CAT_F, AMT_F = 6, 7, 9
pf = []
for k in range(len(field_names)):
    if k == REG_F:
        items = "".join('<item x="%d"/>' % i for i in range(len(shared[k])))
        pf.append('<pivotField axis="axisPage" showAll="0"><items count="%d">%s<item t="default"/></items></pivotField>'
                  % (len(shared[k]) + 1, items))
    elif k == CAT_F:
        items = "".join('<item x="%d"/>' % i for i in range(len(shared[k])))
        pf.append('<pivotField axis="axisRow" showAll="0"><items count="%d">%s<item t="default"/></items></pivotField>'
                  % (len(shared[k]) + 1, items))
    elif k == AMT_F:
        pf.append('<pivotField dataField="1" showAll="0"/>')
    else:
        pf.append('<pivotField showAll="0"/>')
n_cat = len(shared[CAT_F])
row_items = "<i><x/></i>" + "".join('<i><x v="%d"/></i>' % i for i in range(1, n_cat)) + '<i t="grand"><x/></i>'
pt_def = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<pivotTableDefinition xmlns="%s" name="类别销售透视" cacheId="1" applyNumberFormats="0" '
          'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
          'applyWidthHeightFormats="1" dataCaption="值" updatedVersion="6" minRefreshableVersion="3" '
          'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
          'multipleFieldFilters="0" rowHeaderCaption="行标签">'
          '<location ref="A3:B%d" firstHeaderRow="1" firstDataRow="1" firstDataCol="1" rowPageCount="1" colPageCount="1"/>'
          '<pivotFields count="%d">%s</pivotFields>'
          '<rowFields count="1"><field x="%d"/></rowFields>'
          '<rowItems count="%d">%s</rowItems>'
          '<colItems count="1"><i/></colItems>'
          '<pageFields count="1"><pageField fld="%d" hier="-1"/></pageFields>'
          '<dataFields count="1"><dataField name="求和项:金额" fld="%d" baseField="0" baseItem="0"/></dataFields>'
          '<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" '
          'showRowStripes="0" showColStripes="0" showLastColumn="1"/>'
          '</pivotTableDefinition>'
          % (NS, 3 + n_cat + 1, len(field_names), "".join(pf), CAT_F, n_cat + 1, row_items, REG_F, AMT_F))

files["xl/pivotCache/pivotCacheDefinition1.xml"] = cache_def.encode("utf-8")
files["xl/pivotCache/pivotCacheRecords1.xml"] = cache_rec.encode("utf-8")
files["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="%s"><Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheRecords" '
    'Target="pivotCacheRecords1.xml"/></Relationships>' % PKG_RNS).encode("utf-8")
files["xl/pivotTables/pivotTable1.xml"] = pt_def.encode("utf-8")
files["xl/pivotTables/_rels/pivotTable1.xml.rels"] = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="%s"><Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition" '
    'Target="../pivotCache/pivotCacheDefinition1.xml"/></Relationships>' % PKG_RNS).encode("utf-8")

# sheet rels for 透视表
pt_part = title2part["透视表"]
d, fn = pt_part.rsplit("/", 1)
rels_name = "%s/_rels/%s.rels" % (d, fn)
if rels_name in files:
    rroot = etree.fromstring(files[rels_name])
else:
    rroot = etree.Element("{%s}Relationships" % PKG_RNS, nsmap={None: PKG_RNS})
ids = {r.get("Id") for r in rroot}
n = 1
while "rIdPT%d" % n in ids:
    n += 1
rel = etree.SubElement(rroot, "{%s}Relationship" % PKG_RNS)
rel.set("Id", "rIdPT%d" % n)
rel.set("Type", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable")
rel.set("Target", "../pivotTables/pivotTable1.xml")
files[rels_name] = etree.tostring(rroot, xml_declaration=True, encoding="UTF-8", standalone=True)

# workbook rels + pivotCaches
ids = {r.get("Id") for r in wbrels}
n = 1
while "rIdPC%d" % n in ids:
    n += 1
pc_rid = "rIdPC%d" % n
rel = etree.SubElement(wbrels, "{%s}Relationship" % PKG_RNS)
rel.set("Id", pc_rid)
rel.set("Type", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition")
rel.set("Target", "pivotCache/pivotCacheDefinition1.xml")
files["xl/_rels/workbook.xml.rels"] = etree.tostring(wbrels, xml_declaration=True, encoding="UTF-8", standalone=True)

order = ["fileVersion", "fileSharing", "workbookPr", "workbookProtection", "bookViews", "sheets",
         "functionGroups", "externalReferences", "definedNames", "calcPr", "oleSize",
         "customWorkbookViews", "pivotCaches"]
pcs = etree.Element("{%s}pivotCaches" % NS)
pc = etree.SubElement(pcs, "{%s}pivotCache" % NS)
pc.set("cacheId", "1")
pc.set("{%s}id" % RNS, pc_rid)
insert_at = 0
for i, child in enumerate(list(wbx)):
    lname = etree.QName(child).localname
    if lname in order:
        insert_at = i + 1
wbx.insert(insert_at, pcs)
files["xl/workbook.xml"] = etree.tostring(wbx, xml_declaration=True, encoding="UTF-8", standalone=True)

# content types
ct = files["[Content_Types].xml"].decode("utf-8")
add = ('<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
       'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/>'
       '<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" '
       'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheRecords+xml"/>'
       '<Override PartName="/xl/pivotTables/pivotTable1.xml" '
       'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"/>')
ct = ct.replace("</Types>", add + "</Types>")
files["[Content_Types].xml"] = ct.encode("utf-8")

with zipfile.ZipFile(OUT_FILE, "w", zipfile.ZIP_DEFLATED) as zout:
    if "[Content_Types].xml" in files:
        zout.writestr("[Content_Types].xml", files.pop("[Content_Types].xml"))
    for name, data in files.items():
        zout.writestr(name, data)
