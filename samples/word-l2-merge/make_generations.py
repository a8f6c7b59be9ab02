"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
word-l2-merge. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Near-correct, but the title is typed for each guest ("先生/女士") instead of an IF rule,
# and the data source is named by an absolute Windows path (still the same file name).
ALPHA_1 = variant(
    ('''add_field(salutation, ' IF {} = "男" "先生" "女士" ', "先生",
          nested=(" MERGEFIELD 性别 ", "«性别»"))''',
     '''salutation.add_run("先生/女士")'''),
    ('''rid = doc.part._settings_part.relate_to(DATA, MAIL_MERGE_SOURCE, is_external=True)''',
     '''rid = doc.part._settings_part.relate_to("file:///C:\\\\Users\\\\office\\\\Desktop\\\\" + DATA,
                                       MAIL_MERGE_SOURCE, is_external=True)'''),
)

# Merge fields typed as text ("«姓名»") and no mail-merge settings at all: it looks right in
# a screenshot and merges nothing.
BETA_1 = r'''
from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor

doc = Document("input.docx")
s = doc.sections[0]
s.orientation = WD_ORIENT.LANDSCAPE
s.page_width, s.page_height = Cm(22), Cm(16)
s.top_margin = s.bottom_margin = Cm(2)
s.left_margin = s.right_margin = Cm(3)
ps = doc.paragraphs
ps[0].alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in ps[0].runs:
    r._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), "隶书")
    r.font.size = Pt(36)
    r.font.color.rgb = RGBColor(255, 0, 0)
ps[1].runs[0].text = "尊敬的«姓名»«先生/女士»："
ps[4].runs[0].text = "您的座位号：«座位号»"
for p in ps[1:6]:
    for r in p.runs:
        r._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), "仿宋")
        r.font.size = Pt(14)
for p in ps[6:8]:
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
doc.save("output.docx")
'''

# Crashes: python-docx has no mail-merge API; the program calls one that does not exist.
BETA_2 = variant(
    ('''rid = doc.part._settings_part.relate_to(DATA, MAIL_MERGE_SOURCE, is_external=True)''',
     '''doc.mail_merge.open_data_source(DATA, sheet="Sheet1")
rid = doc.part._settings_part.relate_to(DATA, MAIL_MERGE_SOURCE, is_external=True)'''),
)

# Latin-only fonts everywhere (run.font.name), the merge right, no page color, no character
# spacing, a portrait page of the right size.
GAMMA_1 = variant(
    ('''def east_asia(run, name):
    run._element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), name)''',
     '''def east_asia(run, name):
    run.font.name = name'''),
    ("section.orientation = WD_ORIENT.LANDSCAPE\n", ""),
    ("section.page_width, section.page_height = Cm(22), Cm(16)",
     "section.page_width, section.page_height = Cm(16), Cm(22)"),
    ("doc.element.insert(0, background)\n", ""),
    ('''    spacing.set(qn("w:val"), "100")''', '''    spacing.set(qn("w:val"), "0")'''),
)

# A raw answer whose program merges every guest into one document (what the mail-merge
# "finish" step produces) instead of the main document the task asked for.
GAMMA_2_ANSWER = """由于 python-docx 不支持 Word 的邮件合并，下面的程序直接读取名单，为每位嘉宾生成一页邀请函：

```python
import copy
from docx import Document
from docx.enum.text import WD_BREAK
from openpyxl import load_workbook

rows = list(load_workbook("嘉宾名单.xlsx").active.iter_rows(values_only=True))[1:]
template = Document("input.docx")
out = Document("input.docx")
body = out.element.body
for p in list(body):
    if p.tag.endswith("}p"):
        body.remove(p)
for number, name, gender, unit, seat in rows:
    for p in template.paragraphs:
        new = copy.deepcopy(p._p)
        body.insert(len(body) - 1, new)
    paras = out.paragraphs[-8:]
    paras[1].runs[0].text = f"尊敬的{name}{'先生' if gender == '男' else '女士'}："
    paras[4].runs[0].text = f"您的座位号：{seat}"
    paras[-1].add_run().add_break(WD_BREAK.PAGE)
out.save("output.docx")
```
"""

LINES = [
    {"task": "word-l2-merge", "model": "sim-alpha", "sample": 2, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "word-l2-merge", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: near-correct; '先生/女士' typed instead of an IF rule on 性别; the "
             "data source named by an absolute Windows path to the same file"},
    {"task": "word-l2-merge", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: merge fields typed as «» text, no mail-merge settings, partial "
             "formatting"},
    {"task": "word-l2-merge", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: API misuse that crashes: a non-existent Document.mail_merge API "
             "(AttributeError) before anything is saved"},
    {"task": "word-l2-merge", "model": "sim-gamma", "sample": 1, "code": GAMMA_1,
     "note": "simulated: Latin-only fonts (run.font.name), portrait page, no page color, no "
             "character spacing; the merge itself right"},
    {"task": "word-l2-merge", "model": "sim-gamma", "sample": 2, "answer": GAMMA_2_ANSWER,
     "note": "simulated: raw answer that merges the guests into one document itself (reads "
             "the attachment with openpyxl) instead of writing the merge main document"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
