"""Reference solution for word-l2-annual, written the way a candidate program would be:
python-docx for properties, styles, the table and sections; raw XML where python-docx has
no API (East Asian fonts, the TOC, SEQ and REF fields, a bookmark, a footnote and its part,
page-number fields and formats, vertical alignment of the cover page). Reads input.docx,
writes output.docx. The values the instruction leaves to the example pictures are the ones
the pictures were rendered from (this program's output)."""

import copy
import re

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Cm, Pt, RGBColor

TITLE = "滨江区社区图书馆2025年度工作报告"

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


def footnote(paragraph, word, text):
    """A footnote on the first ``word`` of ``paragraph`` (one run split around it); the
    footnotes part is created when the document has none."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import XmlPart
    part = doc.part
    fpart = next((r.target_part for r in part.rels.values() if r.reltype == RT.FOOTNOTES), None)
    if fpart is None:
        xml = (f'<w:footnotes {nsdecls("w")}>'
               '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
               '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
               '</w:footnotes>')
        fpart = XmlPart(PackURI("/word/footnotes.xml"),
                        "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml",
                        parse_xml(xml), part.package)
        part.relate_to(fpart, RT.FOOTNOTES)
    fid = str(len(fpart.element.findall(qn("w:footnote"))) - 1)
    fpart.element.append(parse_xml(
        f'<w:footnote {nsdecls("w")} w:id="{fid}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
        '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>'
        f'<w:r><w:t xml:space="preserve"> {text}</w:t></w:r></w:p></w:footnote>'))
    run = next(r for r in paragraph.runs if word in r.text)
    before, after = run.text.split(word, 1)
    run.text = before + word
    ref = copy.deepcopy(run._r)
    for t in ref.findall(qn("w:t")):
        ref.remove(t)
    rpr = ref.find(qn("w:rPr"))
    if rpr is None:
        rpr = OxmlElement("w:rPr")
        ref.insert(0, rpr)
    va = OxmlElement("w:vertAlign")
    va.set(qn("w:val"), "superscript")
    rpr.append(va)
    fr = OxmlElement("w:footnoteReference")
    fr.set(qn("w:id"), fid)
    ref.append(fr)
    run._r.addnext(ref)
    if after:
        tail = copy.deepcopy(run._r)
        for t in tail.findall(qn("w:t")):
            t.text = after
        ref.addnext(tail)


doc = Document("input.docx")
styles = doc.styles
paragraphs = list(doc.paragraphs)

# 1. Document properties.
doc.core_properties.title = TITLE
doc.core_properties.author = "滨江区文化服务中心"

# 3. Replace every "阅览市" with "阅览室".
for p in paragraphs:
    for r in p.runs:
        if "阅览市" in r.text:
            r.text = r.text.replace("阅览市", "阅览室")

# 4-5. Heading styles: 标题 1 as the example picture shows (centered, dark blue), 标题 2.
h1, h2 = styles["Heading 1"], styles["Heading 2"]
east_asia(h1.element, "黑体")
h1.font.size = Pt(16)
h1.font.bold = True
h1.font.color.rgb = RGBColor(0x1F, 0x4E, 0x79)
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
lines(h1.element.get_or_add_pPr(), before=0.5, after=0.5)
east_asia(h2.element, "楷体")
h2.font.size = Pt(14)
h2.font.bold = True
h2.font.color.rgb = RGBColor(0, 0, 0)
lines(h2.element.get_or_add_pPr(), before=0.5)

# 6. A body style.
body_style = styles.add_style("报告正文", WD_STYLE_TYPE.PARAGRAPH)
body_style.base_style = styles["Normal"]
east_asia(body_style.element, "宋体")
body_style.font.name = "Times New Roman"
body_style.font.size = Pt(12)
body_style.paragraph_format.line_spacing = 1.5
ppr_child(body_style.element.get_or_add_pPr(), "ind").set(qn("w:firstLineChars"), "200")

# 7. Apply the styles: chapters "一、…", sections "（一）…", the rest of the body.
cover = paragraphs[:4]
rows = [p for p in paragraphs if "\t" in p.text]
for p in paragraphs[4:]:
    if re.match(r"^[一二三四五六七八九十]+、", p.text):
        p.style = h1
    elif re.match(r"^（[一二三四五六七八九十]+）", p.text):
        p.style = h2
    elif p.text.strip() and p not in rows:
        p.style = body_style

# 8. The tab-separated lines become a table, styled and centered as the example shows.
cells = [p.text.split("\t") for p in rows]
table = doc.add_table(rows=len(cells), cols=len(cells[0]))
table.style = styles["Medium Shading 1 Accent 1"]
table.alignment = WD_TABLE_ALIGNMENT.CENTER
for i, row in enumerate(cells):
    for j, value in enumerate(row):
        cell = table.cell(i, j)
        cell.text = value
        cell.paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.CENTER
rows[0]._p.addprevious(table._tbl)
for p in rows:
    p._p.getparent().remove(p._p)

# 9. Caption above the table (SEQ), bookmarked; "见下表" becomes a cross-reference.
caption = doc.add_paragraph(style="Caption")
table._tbl.addprevious(caption._p)
caption.alignment = WD_ALIGN_PARAGRAPH.CENTER
start = OxmlElement("w:bookmarkStart")
start.set(qn("w:id"), "90")
start.set(qn("w:name"), "_Ref_table1")
caption._p.append(start)
caption.add_run("表 ")
field_runs(caption, r"SEQ 表 \* ARABIC", "1")
end = OxmlElement("w:bookmarkEnd")
end.set(qn("w:id"), "90")
caption._p.append(end)
caption.add_run(" 2025年各分馆主要服务指标")
mention = next(p for p in doc.paragraphs if "见下表" in p.text)
head, tail = mention.text.split("见下表")
for r in list(mention.runs):
    r._r.getparent().remove(r._r)
mention.add_run(head + "见")
field_runs(mention, r"REF _Ref_table1 \h", "表 1")
mention.add_run(tail)

# 10. A footnote on the first "一卡通".
footnote(next(p for p in doc.paragraphs if "一卡通" in p.text), "一卡通",
         "读者证在全区各分馆和服务点通用，可通借通还。")

# 11. The cover as the example shows: centered lines, the report title large and bold,
#     the page vertically centered.
for p in cover:
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
title = cover[1]
for r in title.runs:
    east_asia(r._r, "黑体")
    r.font.size = Pt(26)
    r.font.bold = True

# 12. Sections: cover | contents | body; a TOC of two levels with hyperlinks.
toc_title = doc.add_paragraph("目录")
toc = doc.add_paragraph()
cover[-1]._p.addnext(toc_title._p)
toc_title._p.addnext(toc._p)
toc_title.alignment = WD_ALIGN_PARAGRAPH.CENTER
field_runs(toc, r'TOC \o "1-2" \h \z \u', "（右键更新域以生成目录）")
end_section(cover[-1], "nextPage")
end_section(toc, "nextPage")
settings = doc.settings.element
update = OxmlElement("w:updateFields")
update.set(qn("w:val"), "true")
settings.append(update)

# 2. Page setup of every section: A4, margins 2.5 cm top and bottom, 3 cm left and right.
for s in doc.sections:
    s.page_width, s.page_height = Cm(21), Cm(29.7)
    s.top_margin = s.bottom_margin = Cm(2.5)
    s.left_margin = s.right_margin = Cm(3)
cover_section, toc_section, body_section = doc.sections
v = OxmlElement("w:vAlign")
v.set(qn("w:val"), "center")
cover_section._sectPr.find(qn("w:pgMar")).addnext(v) if cover_section._sectPr.find(qn("w:cols")) is None \
    else cover_section._sectPr.find(qn("w:cols")).addnext(v)

# 13. Header and page numbers in the body only.
body_section.header.is_linked_to_previous = False
hp = body_section.header.paragraphs[0]
hp.text = TITLE
hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
page_footer(body_section)
page_numbers(body_section, "decimal", 1)

doc.save("output.docx")
