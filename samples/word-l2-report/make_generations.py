"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
word-l2-report. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Near-correct, but the list is put on each heading paragraph (w:numPr in the paragraph, not
# in the heading styles), and the TOC has no \h switch.
ALPHA_1 = variant(
    ('''for style, level in ((h1, 0), (h2, 1)):
    num_pr = ppr_child(style.element.get_or_add_pPr(), "numPr")''',
     '''for p in doc.paragraphs:
    if p.text not in H1 + H2:
        continue
    level = 0 if p.text in H1 else 1
    num_pr = ppr_child(p._p.get_or_add_pPr(), "numPr")'''),
    ('''field_runs(toc, r'TOC \\o "1-2" \\h \\z \\u', "（右键更新域以生成目录）")''',
     '''field_runs(toc, r'TOC \\o "1-2"', "（右键更新域以生成目录）")'''),
)
# The list must be defined before the paragraphs get their styles: move nothing else.

# Crashes on a caption API python-docx does not have.
ALPHA_2 = variant(
    ('table_caption = doc.add_paragraph(style="Caption")',
     'table_caption = table.insert_caption("表", position="above")'),
)

# Latin-only heading fonts with the theme fonts left in place, chapter numbers typed into the
# text, no sections (the TOC lands at the top of the one section), no captions.
BETA_1 = r'''
from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt

H1 = ["调查背景", "调查对象与方法", "调查结果", "问题与建议", "结语"]
H2 = ["借阅情况", "读者满意度", "数字资源使用", "存在的问题", "改进建议"]

doc = Document("input.docx")
doc.core_properties.title = "社区图书馆服务情况调查报告"
doc.core_properties.author = "城市公共文化研究组"
h1 = doc.styles["Heading 1"]
h1.font.name = "黑体"
h1.font.size = Pt(16)
h1.font.bold = True
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
h1.paragraph_format.space_before = Pt(6)
h1.paragraph_format.space_after = Pt(6)
h2 = doc.styles["Heading 2"]
h2.font.name = "楷体"
h2.font.size = Pt(14)
body = doc.styles.add_style("报告正文", WD_STYLE_TYPE.PARAGRAPH)
body.base_style = doc.styles["Normal"]
body.font.name = "宋体"
body.font.size = Pt(12)
body.paragraph_format.first_line_indent = Pt(24)
body.paragraph_format.line_spacing = 1.5
chapter = section = 0
for p in doc.paragraphs[4:]:
    if p.text in H1:
        chapter += 1
        section = 0
        p.style = h1
        p.runs[0].text = f"第{chapter}章 " + p.runs[0].text
    elif p.text in H2:
        section += 1
        p.style = h2
        p.runs[0].text = f"{chapter}.{section} " + p.runs[0].text
    elif p.text.strip():
        p.style = body
toc = doc.paragraphs[4].insert_paragraph_before()
for kind, text in (("begin", None), ("instr", 'TOC \\o "1-2" \\h'), ("separate", None),
                   ("end", None)):
    r = toc.add_run()._r
    el = OxmlElement("w:instrText" if kind == "instr" else "w:fldChar")
    if text:
        el.text = text
    else:
        el.set(qn("w:fldCharType"), kind)
    r.append(el)
doc.sections[0].header.paragraphs[0].text = "社区图书馆服务情况调查报告"
doc.save("output.docx")
'''

# Partial: properties and styles only; the rest of the task is not attempted.
BETA_2 = REFERENCE[:REFERENCE.index("# 4. Multilevel list")] + '''
for p in doc.paragraphs[4:]:
    if p.text in H1:
        p.style = h1
    elif p.text in H2:
        p.style = h2
    elif p.text.strip():
        p.style = body_style
doc.save("output.docx")
'''

# A raw answer: styles, linked numbering and headers done in one section; no TOC, captions
# or page-number formats.
GAMMA_2_ANSWER = ("以下程序修改样式、建立链接到标题的多级编号并设置页眉页脚：\n\n```python\n"
                  + REFERENCE[:REFERENCE.index("# 6. Captions")]
                  + '''
section = doc.sections[0]
section.header.paragraphs[0].text = TITLE
p = section.footer.paragraphs[0]
p.alignment = WD_ALIGN_PARAGRAPH.CENTER
field_runs(p, "PAGE", "1")
doc.save("output.docx")
```
''')

LINES = [
    {"task": "word-l2-report", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "word-l2-report", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: near-correct; the multilevel list is set on each heading paragraph "
             "instead of being linked to the heading styles; TOC entries not hyperlinks"},
    {"task": "word-l2-report", "model": "sim-alpha", "sample": 2, "code": ALPHA_2,
     "note": "simulated: API misuse that crashes: Table.insert_caption does not exist in "
             "python-docx (AttributeError) before anything is saved"},
    {"task": "word-l2-report", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: heading fonts set with font.name (Latin slot; the theme East Asian "
             "font stays), chapter numbers typed into the text, spacing in points, no "
             "sections, no captions"},
    {"task": "word-l2-report", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: partial: document properties and styles only"},
    {"task": "word-l2-report", "model": "sim-gamma", "sample": 2, "answer": GAMMA_2_ANSWER,
     "note": "simulated: raw answer; styles and linked numbering right, one section with a "
             "header and page numbers, no TOC, captions or page-number formats"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
