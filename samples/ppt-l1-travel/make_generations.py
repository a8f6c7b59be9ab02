"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
ppt-l1-travel. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note"). Variants of the reference are
made by explicit text substitutions, each checked to apply."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


# Near-correct: fonts of slide 2 set with font.name (the Latin slot only), no automatic
# advance time, legacy speed only (no p14:dur: "slow" is 1 s, so the duration still holds).
ALPHA_NEAR = variant(
    REFERENCE,
    ('        set_east_asia(r, "微软雅黑")\n', '        r.font.name = "微软雅黑"\n'),
    ('attrs = {"spd": "slow", "advClick": "1", "advTm": "5000"}',
     'attrs = {"spd": "slow", "advClick": "1"}'),
)

# A text box drawn where a table was asked; title fonts on the Latin slot; nothing done for
# transitions, footers or notes.
BETA_TEXTBOX = r'''
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Cm, Emu, Pt

prs = Presentation("input.pptx")
prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
slides = list(prs.slides)

title = slides[0].shapes.title
for p in title.text_frame.paragraphs:
    for r in p.runs:
        r.font.name = "黑体"
        r.font.size = Pt(48)
        r.font.bold = True
        r.font.color.rgb = RGBColor(0x00, 0x20, 0x60)

for p in slides[1].placeholders[1].text_frame.paragraphs:
    p.line_spacing = 1.5
    for r in p.runs:
        r.font.name = "微软雅黑"
        r.font.size = Pt(24)

box = slides[2].shapes.add_textbox(Cm(3), Cm(5), Cm(27), Cm(8))
rows = ["日程\t地点\t安排", "第一天\t乌镇\t游船、夜游西栅", "第二天上午\t西塘\t古镇漫步、品尝小吃",
        "第二天下午\t返程\t14:00 集合乘车返回"]
box.text_frame.text = rows[0]
for line in rows[1:]:
    box.text_frame.add_paragraph().text = line

for p in slides[3].placeholders[1].text_frame.paragraphs[1:3]:
    p.level = 1

for slide in slides:
    slide.background.fill.solid()
    slide.background.fill.fore_color.rgb = RGBColor(226, 239, 218)

prs.save("output.pptx")
'''

# API misuse: python-pptx has no transition module -> ModuleNotFoundError, nothing saved.
GAMMA_CRASH = r'''
from pptx import Presentation
from pptx.enum.transition import PP_TRANSITION
from pptx.util import Pt

prs = Presentation("input.pptx")
for slide in prs.slides:
    slide.transition.type = PP_TRANSITION.PUSH
    slide.transition.duration = 1.0
prs.save("output.pptx")
'''

# Partial: the formatting and the table are done (fonts on the right slot), but the
# transitions, footers, slide numbers and notes are missing.
GAMMA_PARTIAL = variant(
    REFERENCE,
    ("    # 7. Transition\n    add_transition(slide)\n", ""),
    ("    # 8. Footer and slide number on every slide but the title slide\n"
     "    if index > 0:\n        add_footer_and_number(slide, \"江南水乡旅游推介\")\n", ""),
    ('slides[4].notes_slide.notes_text_frame.text = "介绍报名截止日期与咨询电话。"\n', ""),
)

GAMMA_ANSWER = ("下面的代码完成了大部分要求（切换效果需要在 PowerPoint 中手动设置）：\n\n```python\n"
                + GAMMA_PARTIAL.strip() + "\n```\n\n运行后得到 output.pptx。")

ENTRIES = [
    {"model": "sim-alpha", "sample": 1, "code": REFERENCE,
     "note": "simulated: a complete, correct solution"},
    {"model": "sim-alpha", "sample": 2, "code": ALPHA_NEAR,
     "note": "simulated: near-correct; slide-2 font on the Latin slot only, no auto-advance"},
    {"model": "sim-beta", "sample": 1, "code": BETA_TEXTBOX,
     "note": "simulated: a text box drawn where a table was asked; Latin-only fonts; "
             "no transitions, footers or notes"},
    {"model": "sim-gamma", "sample": 1, "code": GAMMA_CRASH,
     "note": "simulated: API misuse (pptx.enum.transition does not exist) crashes"},
    {"model": "sim-gamma", "sample": 2, "answer": GAMMA_ANSWER,
     "note": "simulated: partial; formatting and table done, transitions/footers/notes "
             "missing (fenced code in a chatty answer)"},
]


def main() -> None:
    write_generations(HERE, ({"task": "ppt-l1-travel", **e} for e in ENTRIES))


if __name__ == "__main__":
    main()
