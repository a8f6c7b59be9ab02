"""Reference solution for word-l1-article, written the way a candidate program would be:
python-docx plus raw XML where python-docx has no API (East Asian fonts, paragraph borders and
shading, the drop cap frame, section columns, table borders, cell shading, the PAGE field and
the page-number format). Reads input.docx, writes output.docx in the current directory."""

import copy

from docx import Document
from docx.enum.table import WD_CELL_VERTICAL_ALIGNMENT, WD_ROW_HEIGHT_RULE, WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING, WD_UNDERLINE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt
from docx.text.run import Run


# The order ECMA-376 gives the children of w:pPr and w:tblPr: Word ignores a property
# written out of order.
ORDER = {
    qn("w:pPr"): ["w:" + t for t in (
        "pStyle keepNext keepLines pageBreakBefore framePr widowControl numPr "
        "suppressLineNumbers pBdr shd tabs suppressAutoHyphens kinsoku wordWrap "
        "overflowPunct topLinePunct autoSpaceDE autoSpaceDN bidi adjustRightInd snapToGrid "
        "spacing ind contextualSpacing mirrorIndents suppressOverlap jc textDirection "
        "textAlignment textboxTightWrap outlineLvl divId cnfStyle rPr sectPr pPrChange").split()],
    qn("w:tblPr"): ["w:" + t for t in (
        "tblStyle tblpPr tblOverlap bidiVisual tblStyleRowBandSize tblStyleColBandSize tblW "
        "jc tblCellSpacing tblInd tblBorders shd tblLayout tblCellMar tblLook tblCaption "
        "tblDescription tblPrChange").split()],
}


def child(parent, tag, before=None):
    """The first ``tag`` child of ``parent``, created (in schema order for w:pPr and
    w:tblPr, else at the end or before ``before``)."""
    el = parent.find(qn(tag))
    if el is None:
        el = OxmlElement(tag)
        anchor = parent.find(qn(before)) if before else None
        order = ORDER.get(parent.tag)
        if anchor is None and order and tag in order:
            later = {qn(t) for t in order[order.index(tag) + 1:]}
            anchor = next((c for c in parent if c.tag in later), None)
        if anchor is not None:
            anchor.addprevious(el)
        else:
            parent.append(el)
    return el


def fonts(run, east_asia, latin=None):
    rfonts = run._element.get_or_add_rPr().get_or_add_rFonts()
    rfonts.set(qn("w:eastAsia"), east_asia)
    if latin:
        run.font.name = latin


def isolate(paragraph, needle):
    """Split runs so that each occurrence of ``needle`` is its own run; return those runs."""
    found = []
    for run in list(paragraph.runs):
        text = run.text
        if needle not in text:
            continue
        pieces = text.split(needle)
        run.text = pieces[0]
        anchor = run._r
        for rest in pieces[1:]:
            for piece in (needle, rest):
                new = copy.deepcopy(run._r)
                for t in new.findall(qn("w:t")):
                    new.remove(t)
                t = OxmlElement("w:t")
                t.text = piece
                t.set(qn("xml:space"), "preserve")
                new.append(t)
                anchor.addnext(new)
                anchor = new
                if piece == needle:
                    found.append(Run(new, paragraph))
    return found


def border(parent, side, style, eighths, color):
    el = child(parent, f"w:{side}")
    el.set(qn("w:val"), style)
    el.set(qn("w:sz"), str(eighths))
    el.set(qn("w:space"), "0")
    el.set(qn("w:color"), color)


def shade(parent_pr, fill):
    shd = child(parent_pr, "w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)


def section_break(paragraph, template_sect_pr, start="continuous", cols=None):
    """End a section at ``paragraph``: a copy of the page setup, its own start and columns."""
    sect_pr = copy.deepcopy(template_sect_pr)
    for el in sect_pr.findall(qn("w:headerReference")) + sect_pr.findall(qn("w:footerReference")):
        sect_pr.remove(el)
    kind = child(sect_pr, "w:type", before="w:pgSz")
    kind.set(qn("w:val"), start)
    if cols is not None:
        old = sect_pr.find(qn("w:cols"))
        if old is not None:
            old.addprevious(cols)
            sect_pr.remove(old)
        else:
            child(sect_pr, "w:docGrid").addprevious(cols)
    paragraph._p.get_or_add_pPr().append(sect_pr)


def add_page_field(paragraph):
    for kind in ("begin", "instr", "separate", "result", "end"):
        r = paragraph.add_run()._r
        if kind == "instr":
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = " PAGE "
        elif kind == "result":
            el = OxmlElement("w:t")
            el.text = "1"
        else:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        r.append(el)


doc = Document("input.docx")
paras = doc.paragraphs
title, body, lines = paras[0], paras[1:6], paras[6:11]

# 1. Title: 黑体 小二 bold, centered, 0.5 line after, 1.5 pt blue box, shading.
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for run in title.runs:
    fonts(run, "黑体")
    run.font.size = Pt(18)
    run.font.bold = True
ppr = title._p.get_or_add_pPr()
child(ppr, "w:spacing").set(qn("w:afterLines"), "50")
pbdr = child(ppr, "w:pBdr")
for side in ("top", "left", "bottom", "right"):
    border(pbdr, side, "single", 12, "0070C0")
shade(ppr, "E2EFDA")

# 2. Body paragraphs: 宋体 / Times New Roman, 五号, first line 2 characters, exactly 18 pt.
for p in body:
    for run in p.runs:
        fonts(run, "宋体", "Times New Roman")
        run.font.size = Pt(10.5)
    child(p._p.get_or_add_pPr(), "w:ind").set(qn("w:firstLineChars"), "200")
    p.paragraph_format.line_spacing_rule = WD_LINE_SPACING.EXACTLY
    p.paragraph_format.line_spacing = Pt(18)

# 3. Drop cap on the first body paragraph: a frame paragraph holding the first character.
first = body[0]
letter = first.text[0]
first.runs[0].text = first.runs[0].text[1:]
cap = copy.deepcopy(first._p)
for el in list(cap):
    if el.tag != qn("w:pPr"):
        cap.remove(el)
cap_ppr = cap.find(qn("w:pPr"))
for tag in ("w:ind", "w:spacing"):
    el = cap_ppr.find(qn(tag))
    if el is not None:
        cap_ppr.remove(el)
frame = OxmlElement("w:framePr")
for k, v in (("dropCap", "drop"), ("lines", "2"), ("hSpace", "113"), ("wrap", "around"),
             ("vAnchor", "text"), ("hAnchor", "text")):
    frame.set(qn(f"w:{k}"), v)
cap_ppr.insert(1 if cap_ppr.find(qn("w:pStyle")) is not None else 0, frame)
spacing = OxmlElement("w:spacing")
spacing.set(qn("w:line"), "600")
spacing.set(qn("w:lineRule"), "exact")
cap_ppr.append(spacing)
first._p.addprevious(cap)
from docx.text.paragraph import Paragraph  # noqa: E402
cap_run = Paragraph(cap, first._parent).add_run(letter)
fonts(cap_run, "隶书", "Times New Roman")
cap_run.font.size = Pt(31.5)

# 4. Paragraphs 2 and 3 of the body in two equal columns, 1 cm apart, with a line.
final_sect = doc.sections[-1]._sectPr
section_break(body[0], final_sect)  # the first section ends after the first paragraph
cols = OxmlElement("w:cols")
cols.set(qn("w:num"), "2")
cols.set(qn("w:space"), "567")
cols.set(qn("w:sep"), "1")
section_break(body[2], final_sect, start="continuous", cols=cols)
child(final_sect, "w:type", before="w:pgSz").set(qn("w:val"), "continuous")

# 5. "读书会、周末市集" in body paragraph 4: bold, italic, wavy underline.
for run in isolate(body[3], "读书会、周末市集"):
    run.font.bold = True
    run.font.italic = True
    run.font.underline = WD_UNDERLINE.WAVY

# 6. The last five lines become a 5 x 4 table.
rows = [p.text.split("\t") for p in lines]
for p in lines:
    p._p.getparent().remove(p._p)
table = doc.add_table(rows=5, cols=4)
table.alignment = WD_TABLE_ALIGNMENT.CENTER
for r, values in enumerate(rows):
    for c, value in enumerate(values):
        cell = table.cell(r, c)
        cell.text = value
        cell.vertical_alignment = WD_CELL_VERTICAL_ALIGNMENT.CENTER
        for p in cell.paragraphs:
            p.alignment = WD_ALIGN_PARAGRAPH.CENTER
            if r == 0:
                for run in p.runs:
                    run.font.bold = True
        if r == 0:
            shade(cell._tc.get_or_add_tcPr(), "DDEBF7")
for row in table.rows:
    row.height = Cm(0.8)
    row.height_rule = WD_ROW_HEIGHT_RULE.EXACTLY
tbl_pr = table._tbl.tblPr
borders = child(tbl_pr, "w:tblBorders")
for side in ("top", "left", "bottom", "right"):
    border(borders, side, "double", 6, "002060")
for side in ("insideH", "insideV"):
    border(borders, side, "single", 4, "002060")
doc.add_paragraph()

# 7. Page setup for every section: A4, left and right margins 2.8 cm.
for section in doc.sections:
    section.page_width, section.page_height = Cm(21), Cm(29.7)
    section.left_margin = section.right_margin = Cm(2.8)

# 8. Header text, centered page number "-1-" in the footer.
first_section = doc.sections[0]
header_p = first_section.header.paragraphs[0]
header_p.text = "城市生活专栏"
header_p.alignment = WD_ALIGN_PARAGRAPH.CENTER
footer_p = first_section.footer.paragraphs[0]
footer_p.alignment = WD_ALIGN_PARAGRAPH.CENTER
add_page_field(footer_p)
for section in doc.sections:
    pg = child(section._sectPr, "w:pgNumType", before="w:cols")
    pg.set(qn("w:fmt"), "numberInDash")

doc.save("output.docx")
