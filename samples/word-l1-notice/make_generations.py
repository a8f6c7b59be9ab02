"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
word-l1-notice. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")

# A near-correct program that formats runs directly (no styles) and uses absolute indents.
ALPHA = r'''
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_UNDERLINE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor


def fonts(run, east_asia, latin="Times New Roman"):
    run.font.name = latin
    run._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), east_asia)


def split_runs(p, word):
    """Rebuild the paragraph's runs so `word` gets its own runs; return them."""
    text = p.text
    for r in list(p.runs):
        r._element.getparent().remove(r._element)
    out, parts = [], text.split(word)
    for i, part in enumerate(parts):
        if part:
            p.add_run(part)
        if i < len(parts) - 1:
            out.append(p.add_run(word))
    return out


doc = Document("input.docx")
ps = doc.paragraphs
t = ps[0]
t.alignment = WD_ALIGN_PARAGRAPH.CENTER
t.paragraph_format.space_after = Pt(12)
for r in t.runs:
    fonts(r, "黑体")
    r.font.size = Pt(22)
    r.font.bold = True
for i, p in enumerate(ps[1:], start=2):
    emph = split_runs(p, "读书节") if "读书节" in p.text else []
    theme = split_runs(p, "阅读点亮青春") if i == 3 else []
    p.paragraph_format.line_spacing = 1.5
    for r in p.runs:
        fonts(r, "楷体" if p.text.startswith(("一、", "二、", "三、")) else "仿宋")
        r.font.size = Pt(12)
    if p.text.startswith(("一、", "二、", "三、")):
        p.paragraph_format.space_before = Pt(6)
        for r in p.runs:
            r.font.bold = True
    if i in (3, 5, 7, 8, 9, 11):
        p.paragraph_format.first_line_indent = Pt(24)
    for r in emph:
        r.font.color.rgb = RGBColor(255, 0, 0)
        em = OxmlElement("w:em")
        em.set(qn("w:val"), "dot")
        r._element.get_or_add_rPr().append(em)
    for r in theme:
        r.font.italic = True
        r.font.underline = WD_UNDERLINE.DOUBLE
for p in ps[-2:]:
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
s = doc.sections[0]
s.page_width, s.page_height = Cm(21), Cm(29.7)
s.top_margin = s.bottom_margin = Cm(2.5)
s.left_margin = s.right_margin = Cm(3)
s.header_distance = Cm(1.5)
s.header.paragraphs[0].text = "校团委办公室"
fp = s.footer.paragraphs[0]
fld = OxmlElement("w:fldSimple")
fld.set(qn("w:instr"), "PAGE")
fp._p.append(fld)
doc.save("output.docx")
'''

# Sets fonts with run.font.name only: python-docx writes w:ascii/w:hAnsi, so the Chinese
# text keeps its old East Asian font. Skips the character effects and the header/footer.
BETA_LATIN_ONLY = r'''
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt, Cm

doc = Document("input.docx")
paragraphs = doc.paragraphs
title = paragraphs[0]
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for run in title.runs:
    run.font.name = "黑体"
    run.font.size = Pt(22)
    run.font.bold = True
for p in paragraphs[1:]:
    p.paragraph_format.line_spacing = 1.5
    for run in p.runs:
        run.font.name = "仿宋"
        run.font.size = Pt(12)
for p in paragraphs[-2:]:
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
section = doc.sections[0]
section.page_width = Cm(21)
section.page_height = Cm(29.7)
section.top_margin = section.bottom_margin = Cm(2.5)
section.left_margin = section.right_margin = Cm(3)
doc.save("output.docx")
'''

# API misuse: WD_ALIGN_PARAGRAPH has no MIDDLE member -> AttributeError before saving.
GAMMA_CRASH = r'''
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt

doc = Document("input.docx")
title = doc.paragraphs[0]
for run in title.runs:
    run.font.size = Pt(22)
    run.font.bold = True
title.alignment = WD_ALIGN_PARAGRAPH.MIDDLE
doc.save("output.docx")
'''

GAMMA_WRONG_NAME = r'''Sure! Here is a script that formats the notice:

```python
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt

doc = Document("input.docx")
title = doc.paragraphs[0]
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for run in title.runs:
    run.font.size = Pt(22)
    run.font.bold = True
doc.save("result.docx")
```

Run it in the folder that contains `input.docx`.'''

BETA_NO_CODE = ("I'm sorry, but I can't edit Word files directly. Please open input.docx in "
                "Microsoft Word, select the title, choose 黑体 and 二号 from the Home tab, and "
                "continue with the remaining steps in the same way.")

ENTRIES = [
    {"model": "sim-alpha", "sample": 1, "code": REFERENCE,
     "note": "simulated: a complete, correct solution"},
    {"model": "sim-alpha", "sample": 2, "code": ALPHA,
     "note": "simulated: near-correct; direct formatting, absolute indents (24pt), fldSimple"},
    {"model": "sim-beta", "sample": 1, "code": BETA_LATIN_ONLY,
     "note": "simulated: fonts set on the Latin slot only; effects and header/footer missing"},
    {"model": "sim-beta", "sample": 2, "answer": BETA_NO_CODE,
     "note": "simulated: a refusal with no code"},
    {"model": "sim-gamma", "sample": 1, "code": GAMMA_CRASH,
     "note": "simulated: API misuse (WD_ALIGN_PARAGRAPH.MIDDLE) crashes before saving"},
    {"model": "sim-gamma", "sample": 2, "answer": GAMMA_WRONG_NAME,
     "note": "simulated: fenced code in a chatty answer; saves result.docx, not output.docx"},
]


def main() -> None:
    write_generations(HERE, ({"task": "word-l1-notice", **e} for e in ENTRIES))


if __name__ == "__main__":
    main()
