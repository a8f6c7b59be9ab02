"""Reference solution for word-l1-notice, written the way a candidate program would be:
python-docx plus raw XML where python-docx has no API (East Asian fonts, character-unit
indents, line-unit spacing, emphasis marks, the PAGE field). Reads input.docx, writes
output.docx in the current directory."""

import copy

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_UNDERLINE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor


def set_east_asia(rpr_owner, name):
    """Set the East Asian font (w:eastAsia) on a run or style."""
    rpr = rpr_owner.element.get_or_add_rPr()
    rfonts = rpr.find(qn("w:rFonts"))
    if rfonts is None:
        rfonts = OxmlElement("w:rFonts")
        rpr.insert(0, rfonts)
    rfonts.set(qn("w:eastAsia"), name)


def set_spacing_lines(paragraph, before=None, after=None):
    ppr = paragraph._p.get_or_add_pPr()
    spacing = ppr.get_or_add_spacing()  # python-docx keeps the schema's order
    if before is not None:
        spacing.set(qn("w:beforeLines"), str(int(before * 100)))
    if after is not None:
        spacing.set(qn("w:afterLines"), str(int(after * 100)))


def set_first_line_chars(paragraph, chars):
    ppr = paragraph._p.get_or_add_pPr()
    ind = ppr.find(qn("w:ind"))
    if ind is None:
        ind = OxmlElement("w:ind")
        ppr.insert_element_before(ind, "w:contextualSpacing", "w:mirrorIndents",
                                  "w:suppressOverlap", "w:jc", "w:textDirection",
                                  "w:textAlignment", "w:textboxTightWrap", "w:outlineLvl",
                                  "w:divId", "w:cnfStyle", "w:rPr", "w:sectPr", "w:pPrChange")
    ind.set(qn("w:firstLineChars"), str(int(chars * 100)))


def isolate(paragraph, needle):
    """Split runs so that every occurrence of needle is its own run; return those runs."""
    found = []
    for run in list(paragraph.runs):
        text = run.text
        if needle not in text:
            continue
        pieces = text.split(needle)
        run.text = pieces[0]
        anchor = run._r
        for i, rest in enumerate(pieces[1:]):
            for piece in (needle, rest):
                new = copy.deepcopy(run._r)
                for t in new.findall(qn("w:t")):
                    new.remove(t)
                t = OxmlElement("w:t")
                t.text = piece
                t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
                new.append(t)
                anchor.addnext(new)
                anchor = new
                if piece == needle:
                    found.append(new)
    from docx.text.run import Run
    return [Run(r, paragraph) for r in found]


def add_page_field(paragraph):
    """A complex PAGE field: begin, instruction, separate, a result, end."""
    def run_with(child):
        r = paragraph.add_run()._r
        r.append(child)

    for kind in ("begin", "instr", "separate", "result", "end"):
        if kind == "instr":
            el = OxmlElement("w:instrText")
            el.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            el.text = " PAGE "
        elif kind == "result":
            el = OxmlElement("w:t")
            el.text = "1"
        else:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        run_with(el)


doc = Document("input.docx")
paras = doc.paragraphs

# 2. Body text through the Normal style: 仿宋 / Times New Roman, 小四, 1.5 lines.
normal = doc.styles["Normal"]
normal.font.name = "Times New Roman"
normal.font.size = Pt(12)
set_east_asia(normal, "仿宋")
normal.paragraph_format.line_spacing = 1.5

# 1. Title.
title = paras[0]
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
set_spacing_lines(title, after=1)
for run in title.runs:
    run.font.bold = True
    run.font.size = Pt(22)
    set_east_asia(run, "黑体")

# 3. Sub-headings.
for p in paras:
    if p.text.startswith(("一、", "二、", "三、")):
        set_spacing_lines(p, before=0.5)
        for run in p.runs:
            run.font.bold = True
            set_east_asia(run, "楷体")

# 4. First-line indents (paragraphs 3, 5, 7, 8, 9, 11).
for n in (3, 5, 7, 8, 9, 11):
    set_first_line_chars(paras[n - 1], 2)

# 5. 读书节: red with emphasis marks, everywhere in the body.
for p in paras[1:]:
    for run in isolate(p, "读书节"):
        run.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)
        em = OxmlElement("w:em")
        em.set(qn("w:val"), "dot")
        run._r.get_or_add_rPr().append(em)

# 6. The theme phrase: italic, double underline.
for run in isolate(paras[2], "阅读点亮青春"):
    run.font.italic = True
    run.font.underline = WD_UNDERLINE.DOUBLE

# 7. Signature right-aligned.
for p in paras[-2:]:
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT

# 8. Page setup.
section = doc.sections[0]
section.page_width, section.page_height = Cm(21), Cm(29.7)
section.top_margin = section.bottom_margin = Cm(2.5)
section.left_margin = section.right_margin = Cm(3)
section.header_distance = Cm(1.5)

# 9. Header text and a page number in the footer.
section.header.paragraphs[0].text = "校团委办公室"
footer_p = section.footer.paragraphs[0]
footer_p.alignment = WD_ALIGN_PARAGRAPH.CENTER
add_page_field(footer_p)

doc.save("output.docx")
