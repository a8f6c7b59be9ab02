"""Reference solution for excel-l2-library, written the way a candidate program would be:
openpyxl for formulas, formats, conditional formatting, validation, the chart, the page
setup and the outline of the subtotals; raw XML parts for the pivot table and the pivot
chart's link to it (openpyxl can create neither). Reads input.xlsx, writes output.xlsx.
The values the instruction leaves to the example pictures are the ones the pictures were
rendered from (this program's output)."""

import re
import zipfile
from collections import Counter

from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.chart.label import DataLabelList
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.worksheet.datavalidation import DataValidation

COLLEGES = ["信息学院", "经济学院", "文学院", "历史学院", "艺术学院", "理学院"]
CATEGORIES = ["计算机", "经济", "历史", "文学", "艺术"]
PINYIN_ORDER = ["经济", "计算机", "历史", "文学", "艺术"]
TYPES = {"BK": "本科生", "YJ": "研究生", "JS": "教师"}

wb = load_workbook("input.xlsx")
ws = wb["借阅记录"]
readers = wb["读者"]
books = wb["图书"]
last = ws.max_row
n_read = readers.max_row
n_book = books.max_row

# 1. Reader type from the card number (characters 5-6).
readers["D1"] = "读者类型"
for r in range(2, n_read + 1):
    readers[f"D{r}"] = (f'=IF(MID(A{r},5,2)="BK","本科生",IF(MID(A{r},5,2)="YJ","研究生",'
                        '"教师"))')
readers.column_dimensions["D"].width = 10

# 2. Lookups across sheets, loan days, month, status.
for col, title in zip("FGHIJK", ["读者姓名", "所在学院", "图书分类", "借阅天数", "借出月份",
                                 "借阅状态"]):
    ws[f"{col}1"] = title
for r in range(2, last + 1):
    ws[f"F{r}"] = f"=VLOOKUP(B{r},读者!$A$2:$C${n_read},2,FALSE)"
    ws[f"G{r}"] = f"=VLOOKUP(B{r},读者!$A$2:$C${n_read},3,FALSE)"
    ws[f"H{r}"] = f"=VLOOKUP(C{r},图书!$A$2:$C${n_book},3,FALSE)"
    ws[f"I{r}"] = f"=E{r}-D{r}"
    ws[f"I{r}"].number_format = "0"
    ws[f"J{r}"] = f"=MONTH(D{r})"
    ws[f"J{r}"].number_format = '0"月"'
    ws[f"K{r}"] = f'=IF(I{r}>30,"超期","正常")'
    for c in "DE":
        ws[f"{c}{r}"].number_format = 'yyyy"年"m"月"d"日"'

# 3. The header row as example-1.png shows: dark green fill, white bold text, centered.
for cell in ws[1]:
    cell.fill = PatternFill("solid", fgColor="375623")
    cell.font = Font(bold=True, color="FFFFFF")
    cell.alignment = Alignment(horizontal="center")
for col, w in zip("DEFGHIJK", [16, 16, 10, 10, 10, 10, 10, 10]):
    ws.column_dimensions[col].width = w

# 4. Freeze the header; print landscape with the header row on every page.
ws.freeze_panes = "A2"
ws.page_setup.orientation = "landscape"
ws.print_title_rows = "1:1"

# 5. Overdue loans: the whole row filled (a formula rule), colour as example-1.png.
ws.conditional_formatting.add(
    f"A2:K{last}", FormulaRule(formula=['$K2="超期"'], fill=PatternFill(bgColor="F8CBAD")))

# 6. Books: loans per book (COUNTIF across sheets); the category from a list only.
books["E1"] = "借阅次数"
for r in range(2, n_book + 1):
    books[f"E{r}"] = f"=COUNTIF(借阅记录!$C$2:$C${last},A{r})"
dv = DataValidation(type="list", formula1='"计算机,经济,历史,文学,艺术"', showErrorMessage=True,
                    errorTitle="分类错误", error="请从列表中选择分类")
dv.add(f"C2:C{n_book}")
books.add_data_validation(dv)

# 7. Per-college statistics: COUNTIFS, AVERAGEIFS, the overdue rate.
stats = wb.create_sheet("学院统计")
stats.append(["学院", "借阅次数", "超期次数", "平均借阅天数", "超期率"])
rng = lambda c: f"借阅记录!${c}$2:${c}${last}"  # noqa: E731
for i, college in enumerate(COLLEGES, start=2):
    stats.append([college, f"=COUNTIFS({rng('G')},$A{i})",
                  f'=COUNTIFS({rng("G")},$A{i},{rng("K")},"超期")',
                  f"=AVERAGEIFS({rng('I')},{rng('G')},$A{i})", f"=C{i}/B{i}"])
stats.append(["合计", "=SUM(B2:B7)", "=SUM(C2:C7)", f"=AVERAGE({rng('I')})", "=C8/B8"])
thin = Side(style="thin", color="000000")
for row in stats["A1:E8"]:
    for cell in row:
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
for r in range(2, 9):
    stats[f"D{r}"].number_format = "0.0"
    stats[f"E{r}"].number_format = "0.0%"
for cell in list(stats[1]) + list(stats[8]):
    cell.font = Font(bold=True)
stats.column_dimensions["A"].width = 12
stats.column_dimensions["D"].width = 14
stats.sheet_properties.tabColor = "C00000"

# 8. The chart as example-2.png shows: horizontal bars, value labels, no legend.
chart = BarChart()
chart.type = "bar"
chart.title = "各学院借阅次数"
chart.add_data(Reference(stats, min_col=2, min_row=1, max_row=7), titles_from_data=True)
chart.set_categories(Reference(stats, min_col=1, min_row=2, max_row=7))
chart.legend = None
chart.dataLabels = DataLabelList()
chart.dataLabels.showVal = True
chart.dataLabels.showCatName = chart.dataLabels.showSerName = False
chart.dataLabels.showLegendKey = False
chart.width, chart.height = 14, 8
stats.add_chart(chart, "G2")

# 9. The pivot table's cells (what Excel shows once it is refreshed) and a pivot chart on
#    them; the pivot table itself and the chart's link to it are raw XML below.
cust = {r[0]: r[1:] for r in readers.iter_rows(min_row=2, max_col=3, values_only=True)}
book = {r[0]: r[1:] for r in books.iter_rows(min_row=2, max_col=4, values_only=True)}
records = []
for code, card, book_id, out_day, back_day in ws.iter_rows(min_row=2, max_col=5,
                                                            values_only=True):
    days = (back_day - out_day).days
    records.append((cust[card][1], book[book_id][1], "超期" if days > 30 else "正常"))
counts = Counter((college, cat) for college, cat, _ in records)
pt = wb.create_sheet("借阅透视")
pt["A1"], pt["B1"] = "借阅状态", "(全部)"
pt["A3"], pt["B3"] = "计数项:流水号", "列标签"
pt.append([])
pt["A4"] = "行标签"
for j, cat in enumerate(CATEGORIES):
    pt.cell(row=4, column=2 + j, value=cat)
pt.cell(row=4, column=7, value="总计")
for i, college in enumerate(COLLEGES):
    pt.cell(row=5 + i, column=1, value=college)
    for j, cat in enumerate(CATEGORIES):
        pt.cell(row=5 + i, column=2 + j, value=counts[(college, cat)])
    pt.cell(row=5 + i, column=7, value=sum(counts[(college, c)] for c in CATEGORIES))
pt.cell(row=11, column=1, value="总计")
for j, cat in enumerate(CATEGORIES):
    pt.cell(row=11, column=2 + j, value=sum(counts[(c, cat)] for c in COLLEGES))
pt.cell(row=11, column=7, value=len(records))
pt.column_dimensions["A"].width = 14
pivot_chart = BarChart()
pivot_chart.type = "col"
pivot_chart.grouping = "clustered"
pivot_chart.title = "各学院分类借阅量"
pivot_chart.add_data(Reference(pt, min_col=2, max_col=6, min_row=4, max_row=10),
                     titles_from_data=True)
pivot_chart.set_categories(Reference(pt, min_col=1, min_row=5, max_row=10))
pivot_chart.width, pivot_chart.height = 16, 9
pt.add_chart(pivot_chart, "I3")

# 10. Subtotals: the books by category (pinyin order) then number, a SUBTOTAL sum of the
#     loans under each category and a grand total, outlined in two levels (example-3.png).
sub = wb.create_sheet("分类汇总")
sub.append(["图书编号", "书名", "分类", "定价", "借阅次数"])
loans_per_book = Counter(b for _, _, b, _, _ in ws.iter_rows(min_row=2, max_col=5,
                                                              values_only=True))
rows = sorted(books.iter_rows(min_row=2, max_col=4, values_only=True),
              key=lambda b: (PINYIN_ORDER.index(b[2]), b[0]))
r = 2
for cat in PINYIN_ORDER:
    first = r
    for b in (b for b in rows if b[2] == cat):
        sub.append([*b, loans_per_book[b[0]]])
        sub.row_dimensions[r].outline_level = 2
        r += 1
    sub.append([None, None, f"{cat} 汇总", None, f"=SUBTOTAL(9,E{first}:E{r - 1})"])
    sub.row_dimensions[r].outline_level = 1
    r += 1
sub.append([None, None, "总计", None, f"=SUBTOTAL(9,E2:E{r - 1})"])
sub.sheet_format.outlineLevelRow = 2
sub.column_dimensions["B"].width = 24
sub.column_dimensions["C"].width = 12

wb.save("output.xlsx")


# 11. The pivot table (loans by college and category, filtered by status), as raw XML
#     parts, and the pivot chart's link to it.
def shared_items(values):
    return f'<sharedItems count="{len(values)}">' + "".join(
        f'<s v="{v}"/>' for v in values) + "</sharedItems>"


def items(n):
    return f'<items count="{n + 1}">' + "".join(f'<item x="{i}"/>' for i in range(n)) + \
        '<item t="default"/></items>'


def axis_items(n):
    return "".join("<i><x/></i>" if i == 0 else f'<i><x v="{i}"/></i>' for i in range(n)) + \
        '<i t="grand"><x/></i>'


S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
plain = "<sharedItems/>"
num = '<sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1"/>'
date = ('<sharedItems containsSemiMixedTypes="0" containsNonDate="0" containsDate="1" '
        'containsString="0"/>')
fields = [("流水号", plain), ("借书证号", plain), ("图书编号", plain), ("借出日期", date),
          ("归还日期", date), ("读者姓名", plain), ("所在学院", shared_items(COLLEGES)),
          ("图书分类", shared_items(CATEGORIES)), ("借阅天数", num), ("借出月份", num),
          ("借阅状态", shared_items(["超期", "正常"]))]
CACHE = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<pivotCacheDefinition xmlns="{S}" xmlns:r="{R}" refreshOnLoad="1" saveData="0" recordCount="{last - 1}" createdVersion="6" refreshedVersion="6" minRefreshableVersion="3">
<cacheSource type="worksheet"><worksheetSource ref="A1:K{last}" sheet="借阅记录"/></cacheSource>
<cacheFields count="{len(fields)}">""" + "".join(
    f'<cacheField name="{n}" numFmtId="0">{s}</cacheField>' for n, s in fields) + \
    "</cacheFields></pivotCacheDefinition>"
pivot_fields = ['<pivotField dataField="1" showAll="0"/>'] + \
    ['<pivotField showAll="0"/>'] * 5 + \
    [f'<pivotField axis="axisRow" showAll="0">{items(6)}</pivotField>',
     f'<pivotField axis="axisCol" showAll="0">{items(5)}</pivotField>',
     '<pivotField showAll="0"/>', '<pivotField showAll="0"/>',
     f'<pivotField axis="axisPage" showAll="0">{items(2)}</pivotField>']
TABLE = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<pivotTableDefinition xmlns="{S}" name="学院分类借阅" cacheId="1" dataCaption="值" applyNumberFormats="0" applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" applyWidthHeightFormats="1" updatedVersion="6" minRefreshableVersion="3" createdVersion="6" useAutoFormatting="1" itemPrintTitles="1" indent="0" outline="1" outlineData="1" chartFormat="1">
<location ref="A3:G11" firstHeaderRow="1" firstDataRow="2" firstDataCol="1" rowPageCount="1" colPageCount="1"/>
<pivotFields count="{len(pivot_fields)}">{"".join(pivot_fields)}</pivotFields>
<rowFields count="1"><field x="6"/></rowFields>
<rowItems count="7">{axis_items(6)}</rowItems>
<colFields count="1"><field x="7"/></colFields>
<colItems count="6">{axis_items(5)}</colItems>
<pageFields count="1"><pageField fld="10" hier="-1"/></pageFields>
<dataFields count="1"><dataField name="计数项:流水号" fld="0" subtotal="count" baseField="0" baseItem="0"/></dataFields>
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


def resolve(base, target):
    """The part a relationship target names, relative to the part ``base``."""
    if target.startswith("/"):
        return target.lstrip("/")
    parts = base.split("/")[:-1]
    for piece in target.split("/"):
        if piece == "..":
            parts.pop()
        elif piece != ".":
            parts.append(piece)
    return "/".join(parts)


def rels_of(part):
    folder, name = part.rsplit("/", 1)
    return f"{folder}/_rels/{name}.rels"


with zipfile.ZipFile("output.xlsx") as z:
    parts = {name: z.read(name) for name in z.namelist()}

wb_rels = parts["xl/_rels/workbook.xml.rels"].decode("utf-8")
sheet_rid = re.search(r'<sheet [^>]*name="借阅透视"[^>]*r:id="([^"]+)"',
                      parts["xl/workbook.xml"].decode("utf-8")).group(1)
for rel in re.findall(r"<Relationship\b[^>]*>", wb_rels):
    if f'Id="{sheet_rid}"' in rel:
        sheet_part = resolve("xl/workbook.xml", re.search(r'Target="([^"]+)"', rel).group(1))
sheet_rels = rels_of(sheet_part)

# The pivot chart: the chart on the pivot sheet names the pivot table as its source.
drawing_target = re.search(r'Type="[^"]*/drawing" Target="([^"]+)"|Target="([^"]+)" '
                           r'Type="[^"]*/drawing"', parts[sheet_rels].decode("utf-8"))
drawing = resolve(sheet_part, next(g for g in drawing_target.groups() if g))
chart_target = re.search(r'Target="([^"]+chart[^"]*)"',
                         parts[rels_of(drawing)].decode("utf-8")).group(1)
chart_part = resolve(drawing, chart_target)
chart_xml = parts[chart_part].decode("utf-8")
chart_xml = re.sub(r"<(\w+:)?chart>", lambda m: f"<{m.group(1) or ''}pivotSource><"
                   f"{m.group(1) or ''}name>[output.xlsx]借阅透视!学院分类借阅</"
                   f"{m.group(1) or ''}name><{m.group(1) or ''}fmtId val=\"0\"/></"
                   f"{m.group(1) or ''}pivotSource>{m.group(0)}", chart_xml, count=1)
parts[chart_part] = chart_xml.encode("utf-8")

parts["xl/pivotCache/pivotCacheDefinition1.xml"] = CACHE.encode("utf-8")
parts["xl/pivotTables/pivotTable1.xml"] = TABLE.encode("utf-8")
parts["xl/pivotTables/_rels/pivotTable1.xml.rels"] = rels(
    [("rId1", "pivotCacheDefinition", "../pivotCache/pivotCacheDefinition1.xml")]).encode()
parts[sheet_rels] = parts[sheet_rels].replace(
    b"</Relationships>", f'<Relationship Id="rIdPivot1" Type="{REL}/pivotTable" '
    f'Target="../pivotTables/pivotTable1.xml"/></Relationships>'.encode())
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
