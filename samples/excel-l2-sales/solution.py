"""Reference solution for excel-l2-sales, written the way a candidate program would be:
openpyxl for the workbook, raw XML for the pivot table (openpyxl cannot create one).
Reads input.xlsx, writes output.xlsx in the current directory."""

import re
import zipfile

from openpyxl import load_workbook
from openpyxl.chart import PieChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.formatting.rule import Rule
from openpyxl.styles import Font, PatternFill
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.worksheet.datavalidation import DataValidation

REGIONS = ["华东", "华北", "华南", "西南"]

wb = load_workbook("input.xlsx")
ws = wb.active
ws.title = "销售数据"
ws.sheet_properties.tabColor = "0070C0"
last = ws.max_row

# 1. Sales amounts, validation, freeze, filter, top-5 highlight.
for r in range(2, last + 1):
    ws[f"H{r}"] = f"=F{r}*G{r}"
    ws[f"H{r}"].number_format = "#,##0.00"
dv = DataValidation(type="list", formula1='"华东,华北,华南,西南"', allow_blank=True)
dv.add(f"C2:C{last}")
ws.add_data_validation(dv)
ws.freeze_panes = "A2"
ws.auto_filter.ref = f"A1:H{last}"
top5 = Rule(type="top10", rank=5, dxf=DifferentialStyle(fill=PatternFill(bgColor="FFFF00")))
ws.conditional_formatting.add(f"H2:H{last}", top5)

# 2. Summary by region with SUMIFS / COUNTIFS, and a pie chart.
summary = wb.create_sheet("汇总")
summary.append(["地区", "销售额合计", "订单数", "平均销售额"])
for i, region in enumerate(REGIONS, start=2):
    summary.append([region,
                    f"=SUMIFS(销售数据!$H$2:$H${last},销售数据!$C$2:$C${last},A{i})",
                    f"=COUNTIFS(销售数据!$C$2:$C${last},A{i})",
                    f"=B{i}/C{i}"])
summary.append(["总计", "=SUM(B2:B5)", "=SUM(C2:C5)", "=B6/C6"])
for r in range(2, 7):
    summary[f"B{r}"].number_format = "#,##0.00"
    summary[f"D{r}"].number_format = "#,##0.00"
for cell in summary[1]:
    cell.font = Font(bold=True)
pie = PieChart()
pie.title = "各地区销售额占比"
pie.add_data(Reference(summary, min_col=2, min_row=1, max_row=5), titles_from_data=True)
pie.set_categories(Reference(summary, min_col=1, min_row=2, max_row=5))
pie.dataLabels = DataLabelList()
pie.dataLabels.showPercent = True
pie.width, pie.height = 13.5, 8.9
summary.add_chart(pie, "F2")

wb.create_sheet("透视分析")
wb.save("output.xlsx")


# 3. The pivot table, as raw XML parts added to the saved package.
def shared_items(values):
    return "".join(f'<s v="{v}"/>' for v in values)


rows = list(ws.iter_rows(min_row=2, max_row=last, values_only=True))
sellers = sorted({r[3] for r in rows})
products = sorted({r[4] for r in rows})
S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CACHE = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<pivotCacheDefinition xmlns="{S}" xmlns:r="{R}" refreshOnLoad="1" saveData="0" recordCount="{len(rows)}" createdVersion="6" refreshedVersion="6" minRefreshableVersion="3">
<cacheSource type="worksheet"><worksheetSource ref="A1:H{last}" sheet="销售数据"/></cacheSource>
<cacheFields count="8">
<cacheField name="订单编号" numFmtId="0"><sharedItems/></cacheField>
<cacheField name="日期" numFmtId="14"><sharedItems containsSemiMixedTypes="0" containsNonDate="0" containsDate="1" containsString="0"/></cacheField>
<cacheField name="地区" numFmtId="0"><sharedItems count="{len(REGIONS)}">{shared_items(REGIONS)}</sharedItems></cacheField>
<cacheField name="销售员" numFmtId="0"><sharedItems count="{len(sellers)}">{shared_items(sellers)}</sharedItems></cacheField>
<cacheField name="产品类别" numFmtId="0"><sharedItems count="{len(products)}">{shared_items(products)}</sharedItems></cacheField>
<cacheField name="数量" numFmtId="0"><sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1" containsInteger="1"/></cacheField>
<cacheField name="单价" numFmtId="0"><sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1"/></cacheField>
<cacheField name="销售额" numFmtId="4"><sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1"/></cacheField>
</cacheFields></pivotCacheDefinition>"""


def items(n):
    return f'<items count="{n + 1}">' + "".join(f'<item x="{i}"/>' for i in range(n)) + \
        '<item t="default"/></items>'


def axis_items(n):
    return "".join("<i><x/></i>" if i == 0 else f'<i><x v="{i}"/></i>' for i in range(n)) + \
        '<i t="grand"><x/></i>'


TABLE = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<pivotTableDefinition xmlns="{S}" name="销售透视表" cacheId="1" dataCaption="值" applyNumberFormats="0" applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" applyWidthHeightFormats="1" updatedVersion="6" minRefreshableVersion="3" createdVersion="6" useAutoFormatting="1" itemPrintTitles="1" indent="0" outline="1" outlineData="1">
<location ref="A3:F{4 + len(products) + 1}" firstHeaderRow="1" firstDataRow="2" firstDataCol="1" rowPageCount="1" colPageCount="1"/>
<pivotFields count="8">
<pivotField showAll="0"/><pivotField numFmtId="14" showAll="0"/>
<pivotField axis="axisCol" showAll="0">{items(len(REGIONS))}</pivotField>
<pivotField axis="axisPage" showAll="0">{items(len(sellers))}</pivotField>
<pivotField axis="axisRow" showAll="0">{items(len(products))}</pivotField>
<pivotField showAll="0"/><pivotField showAll="0"/><pivotField dataField="1" showAll="0"/>
</pivotFields>
<rowFields count="1"><field x="4"/></rowFields>
<rowItems count="{len(products) + 1}">{axis_items(len(products))}</rowItems>
<colFields count="1"><field x="2"/></colFields>
<colItems count="{len(REGIONS) + 1}">{axis_items(len(REGIONS))}</colItems>
<pageFields count="1"><pageField fld="3" hier="-1"/></pageFields>
<dataFields count="1"><dataField name="求和项:销售额" fld="7" baseField="0" baseItem="0" numFmtId="4"/></dataFields>
<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" showRowStripes="0" showColStripes="0" showLastColumn="1"/>
</pivotTableDefinition>"""

REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"


def rels(entries):
    body = "".join(f'<Relationship Id="{i}" Type="{REL}/{t}" Target="{target}"/>'
                   for i, t, target in entries)
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships '
            f'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{body}'
            '</Relationships>')


with zipfile.ZipFile("output.xlsx") as z:
    parts = {name: z.read(name) for name in z.namelist()}

wb_rels = parts["xl/_rels/workbook.xml.rels"].decode("utf-8")
sheet_rid = re.search(r'<sheet [^>]*name="透视分析"[^>]*r:id="([^"]+)"',
                      parts["xl/workbook.xml"].decode("utf-8")).group(1)
for rel in re.findall(r"<Relationship\b[^>]*>", wb_rels):
    if f'Id="{sheet_rid}"' in rel:
        target = re.search(r'Target="([^"]+)"', rel).group(1).lstrip("/")
        sheet_part = target if target.startswith("xl/") else "xl/" + target
sheet_rels = sheet_part.replace("worksheets/", "worksheets/_rels/") + ".rels"

parts["xl/pivotCache/pivotCacheDefinition1.xml"] = CACHE.encode("utf-8")
parts["xl/pivotTables/pivotTable1.xml"] = TABLE.encode("utf-8")
parts["xl/pivotTables/_rels/pivotTable1.xml.rels"] = rels(
    [("rId1", "pivotCacheDefinition", "../pivotCache/pivotCacheDefinition1.xml")]).encode()
if sheet_rels in parts:
    parts[sheet_rels] = parts[sheet_rels].replace(
        b"</Relationships>", f'<Relationship Id="rIdPivot1" Type="{REL}/pivotTable" '
        f'Target="../pivotTables/pivotTable1.xml"/></Relationships>'.encode())
else:
    parts[sheet_rels] = rels([("rIdPivot1", "pivotTable",
                               "../pivotTables/pivotTable1.xml")]).encode()
parts["xl/_rels/workbook.xml.rels"] = wb_rels.replace(
    "</Relationships>", f'<Relationship Id="rIdCache1" Type="{REL}/pivotCacheDefinition" '
    'Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>').encode("utf-8")
workbook = parts["xl/workbook.xml"].decode("utf-8")
caches = '<pivotCaches><pivotCache cacheId="1" r:id="rIdCache1"/></pivotCaches>'
if "<calcPr" in workbook:
    workbook = re.sub(r"(<calcPr[^>]*/>)", r"\1" + caches, workbook, count=1)
else:
    workbook = workbook.replace("</workbook>", caches + "</workbook>")
root_tag = re.search(r"<workbook\b[^>]*>", workbook).group(0)
if "xmlns:r=" not in root_tag:
    workbook = workbook.replace(root_tag, root_tag[:-1] + f' xmlns:r="{REL}">', 1)
parts["xl/workbook.xml"] = workbook.encode("utf-8")
parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
    b"</Types>",
    f'<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
    f'ContentType="{CT}.pivotCacheDefinition+xml"/><Override '
    f'PartName="/xl/pivotTables/pivotTable1.xml" ContentType="{CT}.pivotTable+xml"/>'
    "</Types>".encode())

with zipfile.ZipFile("output.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in parts.items():
        z.writestr(name, data)
