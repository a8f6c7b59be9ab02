"""Reference solution for word-l2-report, written the way a candidate program would be:
python-docx for styles, properties, sections, headers and footers; raw XML where python-docx
has no API (East Asian fonts, multilevel numbering linked to the heading styles, the TOC and
SEQ/REF fields, bookmarks, page-number formats). Reads input.docx, writes output.docx."""

import copy

from docx import Document
from docx.enum.section import WD_SECTION
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Cm, Pt

H1 = ["调查背景", "调查对象与方法", "调查结果", "问题与建议", "结语"]
H2 = ["借阅情况", "读者满意度", "数字资源使用", "存在的问题", "改进建议"]
TITLE = "社区图书馆服务情况调查报告"

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


def east_asia(font_owner_element, name):
    rpr = font_owner_element.get_or_add_rPr()
    rfonts = rpr.get_or_add_rFonts()
    for attr in ("w:eastAsiaTheme", "w:asciiTheme", "w:hAnsiTheme"):
        if rfonts.get(qn(attr)) is not None:
            del rfonts.attrib[qn(attr)]
    rfonts.set(qn("w:eastAsia"), name)


def lines(ppr, before=None, after=None):
    spacing = ppr_child(ppr, "spacing")
    for attr in ("w:before", "w:after"):
        if spacing.get(qn(attr)) is not None:
            del spacing.attrib[qn(attr)]
    if before is not None:
        spacing.set(qn("w:beforeLines"), str(int(before * 100)))
    if after is not None:
        spacing.set(qn("w:afterLines"), str(int(after * 100)))


def field_runs(paragraph, instruction, result):
    """Append a complex field (begin, instruction, separate, result, end) as runs."""
    runs = []
    for kind in ("begin", "instr", "separate", "result", "end"):
        r = paragraph.add_run()
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
        r._r.append(el)
        runs.append(r)
    return runs


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


def page_footer(section):
    section.footer.is_linked_to_previous = False
    p = section.footer.paragraphs[0]
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    field_runs(p, "PAGE", "1")


doc = Document("input.docx")
styles = doc.styles

# 1. Document properties.
doc.core_properties.title = TITLE
doc.core_properties.author = "城市公共文化研究组"

# 2. Heading styles.
h1, h2 = styles["Heading 1"], styles["Heading 2"]
east_asia(h1.element, "黑体")
h1.font.size = Pt(16)
h1.font.bold = True
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
lines(h1.element.get_or_add_pPr(), before=0.5, after=0.5)
east_asia(h2.element, "楷体")
h2.font.size = Pt(14)
h2.font.bold = True
lines(h2.element.get_or_add_pPr(), before=0.5)

# 3. A new paragraph style for body text.
body_style = styles.add_style("报告正文", WD_STYLE_TYPE.PARAGRAPH)
body_style.base_style = styles["Normal"]
east_asia(body_style.element, "宋体")
body_style.font.name = "Times New Roman"
body_style.font.size = Pt(12)
body_style.paragraph_format.line_spacing = 1.5
ppr_child(body_style.element.get_or_add_pPr(), "ind").set(qn("w:firstLineChars"), "200")

# 4. Multilevel list "第1章" / "1.1" linked to the heading styles.
numbering = doc.part.numbering_part.element
abstract = parse_xml(
    f'<w:abstractNum {nsdecls("w")} w:abstractNumId="90">'
    '<w:multiLevelType w:val="multilevel"/>'
    '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
    '<w:pStyle w:val="Heading1"/><w:suff w:val="space"/><w:lvlText w:val="第%1章"/>'
    '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>'
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
    '<w:pStyle w:val="Heading2"/><w:suff w:val="space"/><w:lvlText w:val="%1.%2"/>'
    '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>'
    '</w:abstractNum>')
num = parse_xml(f'<w:num {nsdecls("w")} w:numId="90"><w:abstractNumId w:val="90"/></w:num>')
first_num = numbering.find(qn("w:num"))
if first_num is not None:
    first_num.addprevious(abstract)
else:
    numbering.append(abstract)
numbering.append(num)
for style, level in ((h1, 0), (h2, 1)):
    num_pr = ppr_child(style.element.get_or_add_pPr(), "numPr")
    ilvl = OxmlElement("w:ilvl")
    ilvl.set(qn("w:val"), str(level))
    num_id = OxmlElement("w:numId")
    num_id.set(qn("w:val"), "90")
    num_pr.append(ilvl)
    num_pr.append(num_id)

# 5. Apply the styles.
paragraphs = doc.paragraphs
cover = paragraphs[:4]
for p in paragraphs[4:]:
    if p.text in H1:
        p.style = h1
    elif p.text in H2:
        p.style = h2
    elif p.text.strip():
        p.style = body_style

# 6. Captions: the table (above) and the picture (below), with SEQ fields; a bookmark on the
#    table's label and number, and a REF to it in the text ("见下表" -> "见表 1").
table = doc.tables[0]
table_caption = doc.add_paragraph(style="Caption")
table._tbl.addprevious(table_caption._p)
table_caption.alignment = WD_ALIGN_PARAGRAPH.CENTER
start = OxmlElement("w:bookmarkStart")
start.set(qn("w:id"), "90")
start.set(qn("w:name"), "_Ref_table1")
table_caption._p.append(start)
table_caption.add_run("表 ")
field_runs(table_caption, r"SEQ 表 \* ARABIC", "1")
end = OxmlElement("w:bookmarkEnd")
end.set(qn("w:id"), "90")
table_caption._p.append(end)
table_caption.add_run(" 各馆服务指标")

picture_paragraph = next(p for p in doc.paragraphs if p._p.find(".//" + qn("w:drawing")) is not None)
picture_paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
picture_caption = doc.add_paragraph(style="Caption")
picture_paragraph._p.addnext(picture_caption._p)
picture_caption.alignment = WD_ALIGN_PARAGRAPH.CENTER
picture_caption.add_run("图 ")
field_runs(picture_caption, r"SEQ 图 \* ARABIC", "1")
picture_caption.add_run(" 数字资源月访问量")

reference = next(p for p in doc.paragraphs if "见下表" in p.text)
text = reference.text
head, tail = text.split("见下表")
for r in list(reference.runs):
    r._r.getparent().remove(r._r)
reference.add_run(head + "见")
field_runs(reference, r"REF _Ref_table1 \h", "表 1")
reference.add_run(tail)

# 7. The picture 12 cm wide, aspect ratio kept; the table: style, centered, header row repeats.
shape = doc.inline_shapes[0]
ratio = shape.height / shape.width
shape.width = Cm(12)
shape.height = int(Cm(12) * ratio)
table.style = styles["Light Grid Accent 1"]
table.alignment = WD_TABLE_ALIGNMENT.CENTER
for cell in table._cells:
    for p in cell.paragraphs:
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER
tr_pr = table.rows[0]._tr.get_or_add_trPr()
tr_pr.append(OxmlElement("w:tblHeader"))

# 8. Sections: cover | table of contents | body, each starting on a new page.
toc_title = doc.add_paragraph("目录")
toc = doc.add_paragraph()
cover[-1]._p.addnext(toc_title._p)
toc_title._p.addnext(toc._p)
toc_title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for run in toc_title.runs:
    run.font.size = Pt(16)
    run.font.bold = True
    east_asia(run._r, "黑体")
field_runs(toc, r'TOC \o "1-2" \h \z \u', "（右键更新域以生成目录）")
end_section(cover[-1], "nextPage")
end_section(toc, "nextPage")
doc.sections[-1].start_type = WD_SECTION.NEW_PAGE
settings = doc.settings.element
update = OxmlElement("w:updateFields")
update.set(qn("w:val"), "true")
settings.append(update)

# 9. Headers and footers: none on the cover; roman page numbers from I on the TOC page;
#    the title in the body's header and Arabic page numbers from 1.
cover_section, toc_section, body_section = doc.sections
page_footer(toc_section)
page_numbers(toc_section, "upperRoman", 1)
body_section.header.is_linked_to_previous = False
header_p = body_section.header.paragraphs[0]
header_p.text = TITLE
header_p.alignment = WD_ALIGN_PARAGRAPH.CENTER
page_footer(body_section)
page_numbers(body_section, "decimal", 1)

doc.save("output.docx")
