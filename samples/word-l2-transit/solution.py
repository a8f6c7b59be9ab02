"""Reference solution for word-l2-transit, written the way a candidate program would be:
python-docx for properties, styles, the table, sections and headers; raw XML where
python-docx has no API (East Asian fonts, a style's page break and line spacing, the table's
repeated header row, SEQ and REF fields with their bookmarks, page-number formats, the
cover's vertical alignment, a native line chart with its chart part and embedded workbook,
a table of contents whose entries and page numbers are written out). Reads input.docx,
writes output.docx. The values the instruction leaves to the example pictures are the ones
the pictures were rendered from (this program's output).

The table of contents is written with its entries: every chapter starts a new page and
fits on one, so chapter N and its sections are on body page N (the page numbers a
"update the table of contents" in Word would show)."""

import copy
import io
import re

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_TAB_ALIGNMENT, WD_TAB_LEADER
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part, XmlPart
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor
from openpyxl import Workbook

TITLE = "云溪市主城区公共交通出行调查报告"
ORG = "云溪市交通发展研究中心"
CHART_TITLE = "2021—2025年主城区公共交通日均客运量"

# Order of w:pPr children (ISO 29500 CT_PPrBase), to insert where Word expects them.
PPR_ORDER = ["pStyle", "keepNext", "keepLines", "pageBreakBefore", "framePr", "widowControl",
             "numPr", "suppressLineNumbers", "pBdr", "shd", "tabs", "suppressAutoHyphens",
             "kinsoku", "wordWrap", "overflowPunct", "topLinePunct", "autoSpaceDE",
             "autoSpaceDN", "bidi", "adjustRightInd", "snapToGrid", "spacing", "ind",
             "contextualSpacing", "mirrorIndents", "suppressOverlap", "jc", "textDirection",
             "textAlignment", "textboxTightWrap", "outlineLvl", "divId", "cnfStyle", "rPr",
             "sectPr", "pPrChange"]


def ppr_child(ppr, tag):
    """The ``w:tag`` child of a pPr, created in schema order."""
    el = ppr.find(qn(f"w:{tag}"))
    if el is not None:
        return el
    el = OxmlElement(f"w:{tag}")
    rank = PPR_ORDER.index(tag)
    for other in ppr:
        name = other.tag.split("}")[-1]
        if name in PPR_ORDER and PPR_ORDER.index(name) > rank:
            other.addprevious(el)
            return el
    ppr.append(el)
    return el


def east_asia(owner, name):
    rfonts = owner.get_or_add_rPr().get_or_add_rFonts()
    for attr in ("w:eastAsiaTheme", "w:asciiTheme", "w:hAnsiTheme"):
        if rfonts.get(qn(attr)) is not None:
            del rfonts.attrib[qn(attr)]
    rfonts.set(qn("w:eastAsia"), name)


def lines(ppr, before=None, after=None):
    """Space before/after in lines (段前/段后 N 行)."""
    spacing = ppr_child(ppr, "spacing")
    for attr in ("w:before", "w:after"):
        if spacing.get(qn(attr)) is not None:
            del spacing.attrib[qn(attr)]
    if before is not None:
        spacing.set(qn("w:beforeLines"), str(int(before * 100)))
        spacing.set(qn("w:before"), str(int(before * 312)))
    if after is not None:
        spacing.set(qn("w:afterLines"), str(int(after * 100)))
        spacing.set(qn("w:after"), str(int(after * 312)))


def field_runs(paragraph, instruction, result, container=None):
    """Append a complex field (begin, instruction, separate, result, end) as runs."""
    parent = container if container is not None else paragraph._p
    for kind in ("begin", "instr", "separate", "result", "end"):
        r = OxmlElement("w:r")
        if kind == "instr":
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = f" {instruction} "
        elif kind == "result":
            el = OxmlElement("w:t")
            el.set(qn("xml:space"), "preserve")
            el.text = result
        else:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        r.append(el)
        parent.append(r)


def fld_char(parent, kind):
    r = OxmlElement("w:r")
    el = OxmlElement("w:fldChar")
    el.set(qn("w:fldCharType"), kind)
    r.append(el)
    parent.append(r)


def text_run(parent, text):
    r = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = text
    r.append(t)
    parent.append(r)
    return r


BOOKMARK_ID = [100]


def bookmark(paragraph, name, first_child=None, last_child=None):
    """Wrap the paragraph's content (or first..last child) in a bookmark ``name``."""
    bid = str(BOOKMARK_ID[0])
    BOOKMARK_ID[0] += 1
    start = OxmlElement("w:bookmarkStart")
    start.set(qn("w:id"), bid)
    start.set(qn("w:name"), name)
    end = OxmlElement("w:bookmarkEnd")
    end.set(qn("w:id"), bid)
    runs = paragraph._p.findall(qn("w:r"))
    (first_child if first_child is not None else runs[0]).addprevious(start)
    (last_child if last_child is not None else runs[-1]).addnext(end)


def end_section(paragraph, start):
    """Close a section at ``paragraph``: a copy of the body's page setup, no header refs."""
    sect_pr = copy.deepcopy(doc.sections[-1]._sectPr)
    for el in sect_pr.findall(qn("w:headerReference")) + sect_pr.findall(qn("w:footerReference")):
        sect_pr.remove(el)
    kind = sect_pr.find(qn("w:type"))
    if kind is None:
        kind = OxmlElement("w:type")
        sect_pr.find(qn("w:pgSz")).addprevious(kind)
    kind.set(qn("w:val"), start)
    paragraph._p.get_or_add_pPr().append(sect_pr)


def page_numbers(section, fmt, start):
    pg = section._sectPr.find(qn("w:pgNumType"))
    if pg is None:
        pg = OxmlElement("w:pgNumType")
        section._sectPr.find(qn("w:cols")).addprevious(pg)
    pg.set(qn("w:fmt"), fmt)
    pg.set(qn("w:start"), str(start))


def page_footer(footer):
    footer.is_linked_to_previous = False
    p = footer.paragraphs[0]
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    field_runs(p, "PAGE", "1")


# ------------------------------------------------------------------ the chart
C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def rich(text, size, bold, rotate=False):
    body = '<a:bodyPr rot="-5400000" vert="horz"/>' if rotate else "<a:bodyPr/>"
    b = ' b="1"' if bold else ' b="0"'
    return (f"<c:tx><c:rich>{body}<a:lstStyle/><a:p><a:pPr><a:defRPr sz=\"{size}\"{b}/></a:pPr>"
            f"<a:r><a:rPr lang=\"zh-CN\" altLang=\"en-US\" sz=\"{size}\"{b}/><a:t>{text}</a:t>"
            "</a:r></a:p></c:rich></c:tx>")


def chart_xml(rows, title, y_title):
    """A line chart with markers (one series per column after the first) whose cache is
    ``rows`` and whose references are the embedded workbook's Sheet1."""
    head, data = rows[0], rows[1:]
    n = len(data)
    cats = "".join(f'<c:pt idx="{i}"><c:v>{r[0]}</c:v></c:pt>' for i, r in enumerate(data))
    series = []
    for j, name in enumerate(head[1:], start=1):
        col = "ABCDEFGH"[j]
        vals = "".join(f'<c:pt idx="{i}"><c:v>{r[j]}</c:v></c:pt>' for i, r in enumerate(data))
        series.append(
            f'<c:ser><c:idx val="{j - 1}"/><c:order val="{j - 1}"/>'
            f'<c:tx><c:strRef><c:f>Sheet1!${col}$1</c:f><c:strCache><c:ptCount val="1"/>'
            f'<c:pt idx="0"><c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
            '<c:marker><c:symbol val="circle"/><c:size val="6"/></c:marker>'
            f'<c:cat><c:strRef><c:f>Sheet1!$A$2:$A${n + 1}</c:f><c:strCache>'
            f'<c:ptCount val="{n}"/>{cats}</c:strCache></c:strRef></c:cat>'
            f'<c:val><c:numRef><c:f>Sheet1!${col}$2:${col}${n + 1}</c:f><c:numCache>'
            f'<c:formatCode>General</c:formatCode><c:ptCount val="{n}"/>{vals}</c:numCache>'
            '</c:numRef></c:val><c:smooth val="0"/></c:ser>')
    return (
        f'<c:chartSpace xmlns:c="{C_NS}" xmlns:a="{A_NS}" xmlns:r="{R_NS}">'
        '<c:date1904 val="0"/><c:lang val="zh-CN"/><c:roundedCorners val="0"/>'
        f'<c:chart><c:title>{rich(title, 1200, True)}<c:overlay val="0"/></c:title>'
        '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>'
        '<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>'
        + "".join(series) +
        '<c:marker val="1"/><c:axId val="50010001"/><c:axId val="50010002"/></c:lineChart>'
        '<c:catAx><c:axId val="50010001"/><c:scaling><c:orientation val="minMax"/></c:scaling>'
        '<c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/>'
        '<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>'
        '<c:crossAx val="50010002"/><c:crosses val="autoZero"/><c:auto val="1"/>'
        '<c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
        '<c:valAx><c:axId val="50010002"/><c:scaling><c:orientation val="minMax"/></c:scaling>'
        '<c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/>'
        f'<c:title>{rich(y_title, 1000, False, rotate=True)}<c:overlay val="0"/></c:title>'
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
        '<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="50010001"/>'
        '<c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx></c:plotArea>'
        '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>'
        '<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>'
        '<c:externalData r:id="rIdBook"><c:autoUpdate val="0"/></c:externalData>'
        '</c:chartSpace>')


def embedded_workbook(rows):
    """The chart's data as the workbook Word opens with "Edit Data" (numbers as numbers)."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Sheet1"
    for i, row in enumerate(rows):
        sheet.append([v if i == 0 or j == 0 else float(v) for j, v in enumerate(row)])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def insert_chart(paragraph, rows, width, height, name):
    """A native Word chart in ``paragraph``: chart part + embedded workbook + inline
    drawing (python-docx has no chart API)."""
    package = doc.part.package
    book = Part(PackURI("/word/embeddings/Microsoft_Excel_Worksheet1.xlsx"),
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                embedded_workbook(rows), package)
    chart = XmlPart(PackURI("/word/charts/chart1.xml"),
                    "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
                    parse_xml(chart_xml(rows, CHART_TITLE, "万人次")), package)
    book_rid = chart.relate_to(book, RT.PACKAGE)
    chart.element.find(f"{{{C_NS}}}externalData").set(f"{{{R_NS}}}id", book_rid)
    rid = doc.part.relate_to(chart, RT.CHART)
    cx, cy = int(width), int(height)
    drawing = parse_xml(
        '<w:drawing xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
        f'xmlns:a="{A_NS}" xmlns:c="{C_NS}" xmlns:r="{R_NS}">'
        f'<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="{cx}" cy="{cy}"/>'
        '<wp:effectExtent l="0" t="0" r="0" b="0"/>'
        f'<wp:docPr id="501" name="{name}"/><wp:cNvGraphicFramePr/>'
        f'<a:graphic><a:graphicData uri="{C_NS}"><c:chart r:id="{rid}"/></a:graphicData>'
        '</a:graphic></wp:inline></w:drawing>')
    paragraph.add_run()._r.append(drawing)


doc = Document("input.docx")
styles = doc.styles
paragraphs = list(doc.paragraphs)

# 1. Document properties.
doc.core_properties.title = TITLE
doc.core_properties.author = ORG
doc.core_properties.keywords = "公共交通;出行调查"

# 3. Replace every "公交专用到" with "公交专用道".
for p in paragraphs:
    for r in p.runs:
        if "公交专用到" in r.text:
            r.text = r.text.replace("公交专用到", "公交专用道")

# 4. 标题 1: 黑体 小二 bold, 0.5 line before, 1 line after, every chapter on a new page;
#    centered and dark red as the example picture shows.
h1, h2 = styles["Heading 1"], styles["Heading 2"]
east_asia(h1.element, "黑体")
h1.font.size = Pt(18)
h1.font.bold = True
h1.font.color.rgb = RGBColor(0xC0, 0x00, 0x00)
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
h1.paragraph_format.page_break_before = True
lines(h1.element.get_or_add_pPr(), before=0.5, after=1)
# 5. 标题 2: 黑体 四号 bold black, 0.5 line before and after.
east_asia(h2.element, "黑体")
h2.font.size = Pt(14)
h2.font.bold = True
h2.font.color.rgb = RGBColor(0, 0, 0)
lines(h2.element.get_or_add_pPr(), before=0.5, after=0.5)

# 6. A body style: 仿宋 / Times New Roman, 小四, first line 2 characters, exactly 20 pt,
#    justified.
body_style = styles.add_style("调研正文", WD_STYLE_TYPE.PARAGRAPH)
body_style.base_style = styles["Normal"]
east_asia(body_style.element, "仿宋")
body_style.font.name = "Times New Roman"
body_style.font.size = Pt(12)
body_style.paragraph_format.line_spacing = Pt(20)
body_style.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
ppr_child(body_style.element.get_or_add_pPr(), "ind").set(qn("w:firstLineChars"), "200")

# 7. Apply the styles: chapters "第N章 …", sections "N.N …", the rest of the body.
cover = paragraphs[:4]
rows = [p for p in paragraphs if "\t" in p.text]
for p in paragraphs[4:]:
    if re.match(r"^第\d+章", p.text):
        p.style = h1
    elif re.match(r"^\d+\.\d+\s", p.text):
        p.style = h2
    elif p.text.strip() and p not in rows:
        p.style = body_style

# 8. The tab-separated lines become a table: style and position as the example shows, cell
#    text centered, the first row repeated as a header row.
cells = [p.text.split("\t") for p in rows]
table = doc.add_table(rows=len(cells), cols=len(cells[0]))
table.style = styles["Light Grid Accent 1"]
table.alignment = WD_TABLE_ALIGNMENT.CENTER
for i, row in enumerate(cells):
    for j, value in enumerate(row):
        cell = table.cell(i, j)
        cell.text = value
        cell.paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.CENTER
tr_pr = table.rows[0]._tr.get_or_add_trPr()
tr_pr.append(OxmlElement("w:tblHeader"))
rows[0]._p.addprevious(table._tbl)
for p in rows:
    p._p.getparent().remove(p._p)


def caption(label, text, where, name):
    """A caption "<label> <SEQ> <text>" (Caption style, centered) with a bookmark over
    "<label> <n>" for a cross-reference; ``where(p)`` places it."""
    c = doc.add_paragraph(style="Caption")
    where(c._p)
    c.alignment = WD_ALIGN_PARAGRAPH.CENTER
    first = text_run(c._p, f"{label} ")
    field_runs(c, rf"SEQ {label} \* ARABIC", "1")
    bookmark(c, name, first, c._p.findall(qn("w:r"))[-1])
    text_run(c._p, f" {text}")
    return c


def cross_reference(phrase, before, shown, name, after=""):
    """Replace ``phrase`` in the paragraph holding it by "<before><REF name><after>"."""
    p = next(q for q in doc.paragraphs if phrase in q.text)
    head, tail = p.text.split(phrase, 1)
    for r in list(p.runs):
        r._r.getparent().remove(r._r)
    p.add_run(head + before)
    field_runs(p, rf"REF {name} \h", shown)
    p.add_run(after + tail)


# 9. Table caption above the table; "见下表" becomes "见表 1" (a cross-reference).
caption("表", "2021—2025年主城区公共交通日均客运量（万人次）", table._tbl.addprevious, "_Ref_tab1")
cross_reference("见下表", "见", "表 1", "_Ref_tab1")

# 10. A line chart of the table's data after "……如下图所示。", 14 cm by 7.5 cm, centered;
#     its type, legend and axis title as the example picture shows.
anchor = next(p for p in doc.paragraphs if p.text.endswith("如下图所示。"))
holder = doc.add_paragraph()
anchor._p.addnext(holder._p)
holder.alignment = WD_ALIGN_PARAGRAPH.CENTER
insert_chart(holder, cells, Cm(14), Cm(7.5), "客运量图表")
# 11. Figure caption below the chart; "如下图所示" becomes "如图 1所示" (only "下图" is
#     replaced: the step asks for nothing else).
caption("图", "主城区公共交通日均客运量变化", holder._p.addnext, "_Ref_fig1")
cross_reference("如下图所示", "如", "图 1", "_Ref_fig1", after="所示")

# 12. The cover as the example shows: centered, the report name much larger and bold;
#     vertically centered on its page.
for p in cover:
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
for i, p in enumerate(cover):
    for r in p.runs:
        east_asia(r._r, "黑体" if i < 2 else "楷体")
        r.font.size = Pt({0: 22, 1: 36}.get(i, 16))
        r.font.bold = i < 2

# 13. Contents: a title "目录" and a TOC of 2 levels with hyperlinks, written with its
#     entries (each heading bookmarked, each entry a link with a PAGEREF).
headings = [p for p in doc.paragraphs if p.style.name in ("Heading 1", "Heading 2")]
toc_title = doc.add_paragraph("目录")
cover[-1]._p.addnext(toc_title._p)
toc_title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in toc_title.runs:
    east_asia(r._r, "黑体")
    r.font.size = Pt(16)
levels = {}
for lvl in (1, 2):
    st = styles.add_style(f"toc {lvl}", WD_STYLE_TYPE.PARAGRAPH)
    st.base_style = styles["Normal"]
    st.font.size = Pt(12)
    st.paragraph_format.left_indent = Cm(0.85 * (lvl - 1))
    st.paragraph_format.space_after = Pt(6)
    st.paragraph_format.tab_stops.add_tab_stop(Cm(15.4), WD_TAB_ALIGNMENT.RIGHT,
                                                WD_TAB_LEADER.DOTS)
    levels[lvl] = st
previous = toc_title
chapter = 0
for n, h in enumerate(headings, start=1):
    level = 1 if h.style.name == "Heading 1" else 2
    chapter += level == 1
    name = f"_Toc{n:06d}"
    bookmark(h, name)
    entry = doc.add_paragraph(style=levels[level])
    previous._p.addnext(entry._p)
    previous = entry
    if n == 1:
        fld_char(entry._p, "begin")
        instr = OxmlElement("w:r")
        it = OxmlElement("w:instrText")
        it.set(qn("xml:space"), "preserve")
        it.text = ' TOC \\o "1-2" \\h \\z \\u '
        instr.append(it)
        entry._p.append(instr)
        fld_char(entry._p, "separate")
    link = OxmlElement("w:hyperlink")
    link.set(qn("w:anchor"), name)
    link.set(qn("w:history"), "1")
    entry._p.append(link)
    text_run(link, h.text)
    tab = OxmlElement("w:r")
    tab.append(OxmlElement("w:tab"))
    link.append(tab)
    # Every chapter starts a new page and fits on it: chapter N is on body page N.
    field_runs(entry, f"PAGEREF {name} \\h", str(chapter), container=link)
toc_end = doc.add_paragraph()
previous._p.addnext(toc_end._p)
fld_char(toc_end._p, "end")

# 14. Sections: cover | contents | body, each from a new page.
end_section(cover[-1], "nextPage")
end_section(toc_end, "nextPage")

# 2. Page setup of every section: A4, margins 2.5 cm top and bottom, 2.8 cm left and right,
#    header and footer 1.5 cm from the edge.
for s in doc.sections:
    s.page_width, s.page_height = Cm(21), Cm(29.7)
    s.top_margin = s.bottom_margin = Cm(2.5)
    s.left_margin = s.right_margin = Cm(2.8)
    s.header_distance = s.footer_distance = Cm(1.5)
cover_section, toc_section, body_section = doc.sections
v = OxmlElement("w:vAlign")
v.set(qn("w:val"), "center")
cover_section._sectPr.find(qn("w:cols")).addnext(v)

# 15. Contents: centered page number in the footer, I, II, III …, starting at I.
page_footer(toc_section.footer)
page_numbers(toc_section, "upperRoman", 1)

# 16-17. Body: different odd and even headers (report title / the centre's name), a centered
#        page number on every page, 1, 2, 3 … from 1.
doc.settings.odd_and_even_pages_header_footer = True
body_section.header.is_linked_to_previous = False
body_section.even_page_header.is_linked_to_previous = False
for header, text in ((body_section.header, TITLE), (body_section.even_page_header, ORG)):
    hp = header.paragraphs[0]
    hp.text = text
    hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
page_footer(body_section.footer)
page_footer(body_section.even_page_footer)
page_numbers(body_section, "decimal", 1)

doc.save("output.docx")
