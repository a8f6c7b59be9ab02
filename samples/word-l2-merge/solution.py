"""Reference solution for word-l2-merge, written the way a candidate program would be:
python-docx for page setup and fonts; raw XML where python-docx has no API (East Asian fonts,
character spacing, the page background, merge fields and the IF field, the mail-merge
settings and the relationship to the data source). Reads input.docx (嘉宾名单.xlsx lies next
to it), writes output.docx in the current directory."""

from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_UNDERLINE
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Cm, Pt, RGBColor

DATA = "嘉宾名单.xlsx"
MAIL_MERGE_SOURCE = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
                     "mailMergeSource")


def east_asia(run, name):
    run._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), name)


def add_field(paragraph, instruction, result, nested=None):
    """Append a complex field; ``nested`` = (instruction, result) of a field placed in the
    middle of the instruction at the ``{}`` marker."""
    def run(child):
        r = paragraph.add_run()
        r._r.append(child)
        return r

    def char(kind):
        el = OxmlElement("w:fldChar")
        el.set(qn("w:fldCharType"), kind)
        return run(el)

    def instr(text):
        el = OxmlElement("w:instrText")
        el.set(qn("xml:space"), "preserve")
        el.text = text
        return run(el)

    runs = [char("begin")]
    if nested:
        before, after = instruction.split("{}")
        runs.append(instr(before))
        runs.extend(add_field(paragraph, *nested))
        runs.append(instr(after))
    else:
        runs.append(instr(instruction))
    runs.append(char("separate"))
    t = OxmlElement("w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = result
    runs.append(run(t))
    runs.append(char("end"))
    return runs


def before_child(parent, new, names):
    """Insert ``new`` before the first child named in ``names`` (schema order), else append."""
    for child in parent:
        if child.tag.split("}")[-1] in names:
            child.addprevious(new)
            return
    parent.append(new)


doc = Document("input.docx")
ps = doc.paragraphs
title, salutation, body1, body2, seat, contact, sender, date = ps

# 1. Page: 22 cm x 16 cm (landscape), margins 2 cm top/bottom, 3 cm left/right.
section = doc.sections[0]
section.orientation = WD_ORIENT.LANDSCAPE
section.page_width, section.page_height = Cm(22), Cm(16)
section.top_margin = section.bottom_margin = Cm(2)
section.left_margin = section.right_margin = Cm(3)

# 2. Page background color RGB(253, 246, 227), shown on screen.
background = parse_xml(f'<w:background {nsdecls("w")} w:color="FDF6E3"/>')
doc.element.insert(0, background)
settings = doc.settings.element
show = OxmlElement("w:displayBackgroundShape")
before_child(settings, show, {"printPostScriptOverText", "printFractionalCharacterWidth",
                              "embedTrueTypeFonts", "mirrorMargins", "proofState",
                              "attachedTemplate", "defaultTabStop", "mailMerge",
                              "characterSpacingControl", "compat"})

# 3. Title: 隶书 小初 red, characters 5 pt apart, centered, 1 line after.
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
title.paragraph_format.space_after = Pt(0)
title._p.get_or_add_pPr().get_or_add_spacing().set(qn("w:afterLines"), "100")
for r in title.runs:
    east_asia(r, "隶书")
    r.font.size = Pt(36)
    r.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)
    spacing = OxmlElement("w:spacing")
    spacing.set(qn("w:val"), "100")
    before_child(r._element.get_or_add_rPr(), spacing, {"w", "kern", "position", "sz",
                                                        "szCs", "highlight", "u", "effect",
                                                        "bdr", "shd", "fitText", "vertAlign",
                                                        "rtl", "cs", "em", "lang",
                                                        "eastAsianLayout", "specVanish",
                                                        "oMath"})

# 4. Merge fields: name and 先生/女士 after "尊敬的", the seat number after "您的座位号：".
salutation.runs[0].text = "尊敬的"
add_field(salutation, " MERGEFIELD 姓名 ", "«姓名»")
add_field(salutation, ' IF {} = "男" "先生" "女士" ', "先生",
          nested=(" MERGEFIELD 性别 ", "«性别»"))
salutation.add_run("：")
add_field(seat, " MERGEFIELD 座位号 ", "«座位号»")

# 5. Letter body: 仿宋 四号, 1.25 line spacing; first-line indent for the two text paragraphs;
#    the sender and date right-aligned.
for p in (salutation, body1, body2, seat, contact):
    p.paragraph_format.line_spacing = 1.25
    for r in p.runs:
        east_asia(r, "仿宋")
        r.font.size = Pt(14)
for p in (body1, body2):
    ind = p._p.get_or_add_pPr().get_or_add_ind()
    ind.set(qn("w:firstLineChars"), "200")
for p in (sender, date):
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    for r in p.runs:
        east_asia(r, "楷体")
        r.font.size = Pt(12)
sender._p.get_or_add_pPr().get_or_add_spacing().set(qn("w:beforeLines"), "100")

# 6. "城市阅读空间设计" in the first body paragraph: bold, single underline.
run = body1.runs[0]
text = run.text
head, tail = text.split("城市阅读空间设计", 1)
run.text = head
for piece, emphasis in (("城市阅读空间设计", True), (tail, False)):
    new = body1.add_run(piece)
    east_asia(new, "仿宋")
    new.font.size = Pt(14)
    if emphasis:
        new.font.bold = True
        new.font.underline = WD_UNDERLINE.SINGLE

# 7. Mail merge: a letter merge with the guest list's Sheet1.
rid = doc.part._settings_part.relate_to(DATA, MAIL_MERGE_SOURCE, is_external=True)
mail_merge = parse_xml(
    f'<w:mailMerge {nsdecls("w", "r")}>'
    '<w:mainDocumentType w:val="formLetters"/><w:linkToQuery/><w:dataType w:val="native"/>'
    f'<w:connectString w:val="Provider=Microsoft.ACE.OLEDB.12.0;User ID=Admin;'
    f'Data Source={DATA};Mode=Read;Extended Properties=&quot;HDR=YES;IMEX=1;&quot;"/>'
    '<w:query w:val="SELECT * FROM `Sheet1$` "/>'
    f'<w:dataSource r:id="{rid}"/></w:mailMerge>')
before_child(settings, mail_merge, {"revisionView", "trackRevisions", "doNotTrackMoves",
                                    "doNotTrackFormatting", "documentProtection",
                                    "autoFormatOverride", "styleLockTheme", "styleLockQFSet",
                                    "defaultTabStop", "characterSpacingControl", "compat"})

doc.save("output.docx")
