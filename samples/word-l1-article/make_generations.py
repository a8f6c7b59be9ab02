"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
word-l1-article. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Near-correct: absolute first-line indent and points instead of lines for the title spacing,
# and it forgets the page-number format.
ALPHA_1 = variant(
    ('    child(p._p.get_or_add_pPr(), "w:ind").set(qn("w:firstLineChars"), "200")\n',
     "    p.paragraph_format.first_line_indent = Pt(21)\n"),
    ('child(ppr, "w:spacing").set(qn("w:afterLines"), "50")',
     "title.paragraph_format.space_after = Pt(6)"),
    ('''for section in doc.sections:
    pg = child(section._sectPr, "w:pgNumType", before="w:cols")
    pg.set(qn("w:fmt"), "numberInDash")
''', ""),
)

# Crashes: asks for the table style by its Chinese UI name, which python-docx does not know.
ALPHA_2 = variant(
    ("table = doc.add_table(rows=5, cols=4)", "table = doc.add_table(rows=5, cols=4, style='网格型')"),
)

# Latin-only fonts (run.font.name = '黑体' writes w:ascii/w:hAnsi, not w:eastAsia) and no
# drop cap ("python-docx has no drop cap API").
BETA_1 = r'''
from docx import Document
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING, WD_UNDERLINE
from docx.shared import Cm, Pt

doc = Document("input.docx")
ps = doc.paragraphs
title = ps[0]
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in title.runs:
    r.font.name = "黑体"
    r.font.size = Pt(18)
    r.font.bold = True
for p in ps[1:6]:
    p.paragraph_format.first_line_indent = Pt(21)
    p.paragraph_format.line_spacing_rule = WD_LINE_SPACING.EXACTLY
    p.paragraph_format.line_spacing = Pt(18)
    for r in p.runs:
        r.font.name = "宋体"
        r.font.size = Pt(10.5)
# Drop caps and columns are not supported by python-docx; skipped.
p4 = ps[4]
text = p4.text
for r in list(p4.runs):
    r._element.getparent().remove(r._element)
a, b = text.split("读书会、周末市集")
p4.add_run(a)
hit = p4.add_run("读书会、周末市集")
hit.bold = True
hit.italic = True
hit.underline = WD_UNDERLINE.WAVY
p4.add_run(b)
rows = [p.text.split("\t") for p in ps[6:11]]
for p in ps[6:11]:
    p._element.getparent().remove(p._element)
table = doc.add_table(rows=5, cols=4)
table.style = "Table Grid"
table.alignment = WD_TABLE_ALIGNMENT.CENTER
for i, row in enumerate(rows):
    for j, v in enumerate(row):
        table.cell(i, j).text = v
for s in doc.sections:
    s.page_width, s.page_height = Cm(21), Cm(29.7)
    s.left_margin = s.right_margin = Cm(2.8)
doc.sections[0].header.paragraphs[0].text = "城市生活专栏"
doc.save("output.docx")
'''

# A text box drawn where a table was asked: the five lines are copied into a VML text box.
BETA_2 = r'''
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Cm, Pt

doc = Document("input.docx")
ps = doc.paragraphs
title = ps[0]
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in title.runs:
    r.font.size = Pt(18)
    r.font.bold = True
    r._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), "黑体")
lines = [p.text for p in ps[6:11]]
for p in ps[6:11]:
    p._element.getparent().remove(p._element)
inner = "".join(
    f'<w:p><w:r><w:t xml:space="preserve">{t.replace(chr(9), "    ")}</w:t></w:r></w:p>'
    for t in lines)
V = 'xmlns:v="urn:schemas-microsoft-com:vml"'
box = parse_xml(
    f'<w:p {nsdecls("w")} {V}><w:r><w:pict><v:shape style="width:420pt;height:120pt" '
    f'stroked="t"><v:textbox><w:txbxContent>{inner}</w:txbxContent></v:textbox>'
    f'</v:shape></w:pict></w:r></w:p>')
doc.element.body.insert(len(doc.element.body) - 1, box)
for s in doc.sections:
    s.page_width, s.page_height = Cm(21), Cm(29.7)
    s.left_margin = s.right_margin = Cm(2.8)
doc.save("output.docx")
'''

# Partial: fonts and paragraphs right, then the whole document set to two columns (the
# section's w:cols), no table, no header or footer.
GAMMA_1 = r'''
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt


def ea(run, name):
    run._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), name)


doc = Document("input.docx")
ps = doc.paragraphs
ps[0].alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in ps[0].runs:
    ea(r, "黑体")
    r.font.size = Pt(18)
    r.bold = True
for p in ps[1:6]:
    ind = OxmlElement("w:ind")
    ind.set(qn("w:firstLineChars"), "200")
    p._p.get_or_add_pPr().append(ind)
    p.paragraph_format.line_spacing_rule = WD_LINE_SPACING.EXACTLY
    p.paragraph_format.line_spacing = Pt(18)
    for r in p.runs:
        ea(r, "宋体")
        r.font.name = "Times New Roman"
        r.font.size = Pt(10.5)
cols = doc.sections[0]._sectPr.find(qn("w:cols"))
cols.set(qn("w:num"), "2")
cols.set(qn("w:space"), "567")
cols.set(qn("w:sep"), "1")
doc.save("output.docx")
'''

# A raw model answer (prose + fenced code) whose program calls a method python-docx does not
# have, before saving: nothing is written.
GAMMA_2_ANSWER = """下面的程序完成全部排版要求：

```python
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Cm, Pt

doc = Document("input.docx")
title = doc.paragraphs[0]
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for run in title.runs:
    run.font.size = Pt(18)
    run.font.bold = True
section = doc.sections[0]
section.page_width, section.page_height = Cm(21), Cm(29.7)
section.header.paragraphs[0].text = "城市生活专栏"
section.footer.add_page_number(alignment="center", style="-1-")
doc.save("output.docx")
```

运行后即可在当前目录得到 output.docx。
"""

LINES = [
    {"task": "word-l1-article", "model": "sim-gamma", "sample": 3, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "word-l1-article", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: near-correct; absolute 21 pt first-line indent (passes as 2 "
             "characters at 五号), 6 pt after the title (0.5 line of the 12 pt default pitch), "
             "page-number format forgotten"},
    {"task": "word-l1-article", "model": "sim-alpha", "sample": 2, "code": ALPHA_2,
     "note": "simulated: API misuse that crashes: a table style asked for by its Chinese UI "
             "name ('网格型') raises KeyError in python-docx before anything is saved"},
    {"task": "word-l1-article", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: Latin-only fonts (run.font.name = '黑体' sets w:ascii, not "
             "w:eastAsia), no drop cap, no columns, table with the 'Table Grid' style instead "
             "of the asked borders"},
    {"task": "word-l1-article", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: a VML text box holding the five lines where a table was asked"},
    {"task": "word-l1-article", "model": "sim-gamma", "sample": 1, "code": GAMMA_1,
     "note": "simulated: partial: fonts and paragraphs right, the whole document in two "
             "columns, no table, no header or footer"},
    {"task": "word-l1-article", "model": "sim-gamma", "sample": 2, "answer": GAMMA_2_ANSWER,
     "note": "simulated: raw answer with a fenced program that calls a non-existent "
             "python-docx method (footer.add_page_number) before saving"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
