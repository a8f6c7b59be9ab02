"""Reference solution for excel-l2-orders, written the way a candidate program would be:
openpyxl for formulas, formats, conditional formatting, validation and the chart; raw XML
parts for the pivot table (openpyxl cannot create one). Reads input.xlsx, writes
output.xlsx. The values the instruction leaves to the example pictures are the ones the
pictures were rendered from (this program's output)."""

import re
import zipfile

from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

REGIONS = ["华东", "华北", "华南", "华中"]
CATEGORIES = ["文具", "办公设备", "耗材", "家具"]

wb = load_workbook("input.xlsx")
ws = wb["订单明细"]
last = ws.max_row
n_cust = wb["客户"].max_row
n_prod = wb["产品"].max_row

# 1. Lookups across sheets: customer name and region, product category, unit price; amount.
for col, title in zip("FGHIJ", ["客户名称", "所在地区", "产品类别", "单价", "金额"]):
    ws[f"{col}1"] = title
for r in range(2, last + 1):
    ws[f"F{r}"] = f"=VLOOKUP(C{r},客户!$A$2:$C${n_cust},2,FALSE)"
    ws[f"G{r}"] = f"=VLOOKUP(C{r},客户!$A$2:$C${n_cust},3,FALSE)"
    ws[f"H{r}"] = f"=VLOOKUP(D{r},产品!$A$2:$D${n_prod},3,FALSE)"
    ws[f"I{r}"] = f"=VLOOKUP(D{r},产品!$A$2:$D${n_prod},4,FALSE)"
    ws[f"J{r}"] = f"=E{r}*I{r}"
    ws[f"I{r}"].number_format = '"¥"#,##0.00'
    ws[f"J{r}"].number_format = '"¥"#,##0.00'

# 2. The header row as example-1.png shows: dark blue fill, white bold text, centered.
for cell in ws[1]:
    cell.fill = PatternFill("solid", fgColor="1F4E79")
    cell.font = Font(bold=True, color="FFFFFF")
    cell.alignment = Alignment(horizontal="center")
for col, w in zip("FGHIJ", [22, 10, 10, 12, 14]):
    ws.column_dimensions[col].width = w

# 3. Freeze the header row; an autofilter over the table.
ws.freeze_panes = "A2"
ws.auto_filter.ref = f"A1:J{last}"

# 4. Whole orders of 3000 and more highlighted (a formula rule), colour as example-1.png.
ws.conditional_formatting.add(
    f"A2:J{last}", FormulaRule(formula=["$J2>=3000"], fill=PatternFill(bgColor="FCE4D6")))

# 5. Quantities: whole numbers from 1 to 200, with an error message.
dv = DataValidation(type="whole", operator="between", formula1="1", formula2="200",
                    showErrorMessage=True, errorTitle="数量错误", error="请输入1～200之间的整数")
dv.add(f"E2:E{last}")
ws.add_data_validation(dv)

# 6. Summary by region and category (SUMIFS), totals, order counts (COUNTIFS).
summary = wb.create_sheet("汇总")
summary.append(["地区"] + CATEGORIES + ["合计", "订单数"])
rng = lambda c: f"订单明细!${c}$2:${c}${last}"  # noqa: E731
for i, region in enumerate(REGIONS, start=2):
    row = [region]
    for j, _ in enumerate(CATEGORIES):
        col = "BCDE"[j]
        row.append(f"=SUMIFS({rng('J')},{rng('G')},$A{i},{rng('H')},{col}$1)")
    row += [f"=SUM(B{i}:E{i})", f"=COUNTIFS({rng('G')},A{i})"]
    summary.append(row)
summary.append(["合计"] + [f"=SUM({c}2:{c}5)" for c in "BCDEFG"])
for r in range(2, 7):
    for c in "BCDEF":
        summary[f"{c}{r}"].number_format = "#,##0"
for cell in summary[1]:
    cell.font = Font(bold=True)
for cell in summary[6]:
    cell.font = Font(bold=True)

# 7. The chart as example-2.png shows: stacked columns of each region's categories.
chart = BarChart()
chart.type = "col"
chart.grouping = "stacked"
chart.overlap = 100
chart.title = "各地区分类销售额"
chart.add_data(Reference(summary, min_col=2, max_col=5, min_row=1, max_row=5),
               titles_from_data=True)
chart.set_categories(Reference(summary, min_col=1, min_row=2, max_row=5))
chart.legend.position = "b"
chart.width, chart.height = 16, 9
summary.add_chart(chart, "A9")

wb.create_sheet("透视表")
wb.save("output.xlsx")


# 8. The pivot table (category by region, sum of amounts), as raw XML parts.
def shared_items(values):
    return "".join(f'<s v="{v}"/>' for v in values)


def items(n):
    return f'<items count="{n + 1}">' + "".join(f'<item x="{i}"/>' for i in range(n)) + \
        '<item t="default"/></items>'


def axis_items(n):
    return "".join("<i><x/></i>" if i == 0 else f'<i><x v="{i}"/></i>' for i in range(n)) + \
        '<i t="grand"><x/></i>'


S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
plain = '<sharedItems/>'
num = '<sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1"/>'
CACHE = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<pivotCacheDefinition xmlns="{S}" xmlns:r="{R}" refreshOnLoad="1" saveData="0" recordCount="{last - 1}" createdVersion="6" refreshedVersion="6" minRefreshableVersion="3">
<cacheSource type="worksheet"><worksheetSource ref="A1:J{last}" sheet="订单明细"/></cacheSource>
<cacheFields count="10">
<cacheField name="订单号" numFmtId="0">{plain}</cacheField>
<cacheField name="下单日期" numFmtId="14"><sharedItems containsSemiMixedTypes="0" containsNonDate="0" containsDate="1" containsString="0"/></cacheField>
<cacheField name="客户编号" numFmtId="0">{plain}</cacheField>
<cacheField name="产品编号" numFmtId="0">{plain}</cacheField>
<cacheField name="数量" numFmtId="0">{num}</cacheField>
<cacheField name="客户名称" numFmtId="0">{plain}</cacheField>
<cacheField name="所在地区" numFmtId="0"><sharedItems count="4">{shared_items(REGIONS)}</sharedItems></cacheField>
<cacheField name="产品类别" numFmtId="0"><sharedItems count="4">{shared_items(CATEGORIES)}</sharedItems></cacheField>
<cacheField name="单价" numFmtId="0">{num}</cacheField>
<cacheField name="金额" numFmtId="0">{num}</cacheField>
</cacheFields></pivotCacheDefinition>"""
TABLE = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<pivotTableDefinition xmlns="{S}" name="类别销售透视" cacheId="1" dataCaption="值" applyNumberFormats="0" applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" applyWidthHeightFormats="1" updatedVersion="6" minRefreshableVersion="3" createdVersion="6" useAutoFormatting="1" itemPrintTitles="1" indent="0" outline="1" outlineData="1">
<location ref="A3:B8" firstHeaderRow="1" firstDataRow="1" firstDataCol="1" rowPageCount="1" colPageCount="1"/>
<pivotFields count="10">
<pivotField showAll="0"/><pivotField numFmtId="14" showAll="0"/><pivotField showAll="0"/>
<pivotField showAll="0"/><pivotField showAll="0"/><pivotField showAll="0"/>
<pivotField axis="axisPage" showAll="0">{items(4)}</pivotField>
<pivotField axis="axisRow" showAll="0">{items(4)}</pivotField>
<pivotField showAll="0"/><pivotField dataField="1" showAll="0"/>
</pivotFields>
<rowFields count="1"><field x="7"/></rowFields>
<rowItems count="5">{axis_items(4)}</rowItems>
<colItems count="1"><i/></colItems>
<pageFields count="1"><pageField fld="6" hier="-1"/></pageFields>
<dataFields count="1"><dataField name="求和项:金额" fld="9" baseField="0" baseItem="0"/></dataFields>
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
sheet_rid = re.search(r'<sheet [^>]*name="透视表"[^>]*r:id="([^"]+)"',
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
