"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
ppt-l1-campus. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note"). Variants of the reference are
made by explicit text substitutions, each checked to apply."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


# Near-correct, but the animation order is reversed: the title flies in first (on click),
# the picture zooms after it.
ALPHA_ORDER = variant(
    REFERENCE,
    ('add_timing(slides[2], [(pic.shape_id, 53, 16, "zoom", "clickEffect", 500),\n'
     '                       (title_id, 2, 4, "fly_bottom", "afterEffect", 500)])',
     'add_timing(slides[2], [(title_id, 2, 4, "fly_bottom", "clickEffect", 500),\n'
     '                       (pic.shape_id, 53, 16, "zoom", "afterEffect", 500)])'),
)

# Missing animations and sections; the title font set with font.name (Latin slot only).
BETA_NO_ANIMATION = variant(
    REFERENCE,
    ('        set_east_asia(r, "微软雅黑")\n', '        r.font.name = "微软雅黑"\n'),
    ('add_timing(slides[2], [(pic.shape_id, 53, 16, "zoom", "clickEffect", 500),\n'
     '                       (title_id, 2, 4, "fly_bottom", "afterEffect", 500)])', ''),
    ('add_sections(prs, [("封面", 1, 1), ("活动介绍", 2, 4)])\n', ''),
)

# Four text boxes in a row where a SmartArt graphic was asked.
BETA_TEXTBOXES = variant(
    REFERENCE,
    ("add_smartart(slides[1], steps, x, y, cx, cy)\n",
     "for i, step in enumerate(steps):\n"
     "    box = slides[1].shapes.add_textbox(x + i * cx // 4, y, cx // 4 - Cm(0.5), Cm(2))\n"
     "    box.text_frame.text = step\n"),
)

# API misuse: python-pptx has no SmartArt API -> AttributeError before anything is saved.
GAMMA_CRASH = r'''
from pptx import Presentation
from pptx.util import Cm

prs = Presentation("input.pptx")
slide = prs.slides[1]
body = slide.placeholders[1]
steps = [p.text for p in body.text_frame.paragraphs]
graphic = slide.shapes.add_smartart("BasicProcess", Cm(2), Cm(4), Cm(20), Cm(8))
for node, text in zip(graphic.nodes, steps):
    node.text = text
prs.save("output.pptx")
'''

ENTRIES = [
    {"model": "sim-alpha", "sample": 1, "code": REFERENCE,
     "note": "simulated: a complete, correct solution"},
    {"model": "sim-alpha", "sample": 2, "code": ALPHA_ORDER,
     "note": "simulated: near-correct; the two animations in the wrong order"},
    {"model": "sim-beta", "sample": 1, "code": BETA_NO_ANIMATION,
     "note": "simulated: animations and sections missing; title font on the Latin slot only"},
    {"model": "sim-beta", "sample": 2, "code": BETA_TEXTBOXES,
     "note": "simulated: text boxes drawn where a SmartArt graphic was asked"},
    {"model": "sim-gamma", "sample": 1, "code": GAMMA_CRASH,
     "note": "simulated: API misuse (shapes.add_smartart does not exist) crashes"},
]


def main() -> None:
    write_generations(HERE, ({"task": "ppt-l1-campus", **e} for e in ENTRIES))


if __name__ == "__main__":
    main()
