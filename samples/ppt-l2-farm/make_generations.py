"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
ppt-l2-farm. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Text only: the stated steps done, the pictured values guessed: the title colour a dark
# blue, the bar a brighter green, the title layout left white, the SmartArt a vertical
# bullet list in the default colours, the button a plain blue rectangle.
ALPHA_1 = variant(
    ('TITLE_GREEN, BAR_GREEN, COVER_BG = "1E6B3A", "8BC34A", "EAF4E4"',
     'TITLE_GREEN, BAR_GREEN, COVER_BG = "1F4E79", "00B050", "FFFFFF"'),
    ('solid_bg(cover_layout._element.find(qn("p:cSld")), COVER_BG)\n', ''),
    ('{base}layout/process1"', '{base}layout/vList2"'),
    ('definition("layoutDef", base + "layout/process1", "process")',
     'definition("layoutDef", base + "layout/vList2", "list")'),
    ('csTypeId="{base}colors/colorful1" csCatId="colorful"',
     'csTypeId="{base}colors/accent1_2" csCatId="accent1"'),
    ('definition("colorsDef", base + "colors/colorful1", "mainScheme")',
     'definition("colorsDef", base + "colors/accent1_2", "accent1")'),
    ('MSO_SHAPE.ROUNDED_RECTANGLE', 'MSO_SHAPE.RECTANGLE'),
    ('RGBColor(0xF5, 0x7C, 0x00)', 'RGBColor(0x44, 0x72, 0xC4)'),
)
# Crashes: python-pptx has no SmartArt API (AttributeError) before anything is saved.
BETA_1 = variant(
    ('add_smartart(history, stages, (Cm(2.5), Cm(6), Cm(28.9), Cm(8)), "建设历程图示")',
     'history.shapes.add_smartart("basic_process", stages)'),
)
# Logic errors: the custom show's slides taken by 0-based index from 1-based numbers
# (slides 2, 5, 9, 12), and the answer's effect put in the main sequence (on click, no
# trigger).
BETA_2 = variant(
    ('etree.SubElement(lst, qn("p:sld")).set(qn("r:id"), rids[sld_ids[n - 1]])',
     'etree.SubElement(lst, qn("p:sld")).set(qn("r:id"), rids[sld_ids[n]])'),
    ('timing(faq, trigger=(button.shape_id, dict(spid=answer.shape_id, preset=1, sub=0,\n'
     '                                           kind="appear")),',
     'timing(faq, main=[dict(spid=answer.shape_id, preset=1, sub=0, kind="appear")],'),
)

LINES = [
    {"task": "ppt-l2-farm", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "ppt-l2-farm", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: text-only reading: every stated step done, the values shown only "
             "in the example pictures guessed wrong (title and bar colours, the title "
             "layout's background, the SmartArt's layout and colours, the button's shape "
             "and fill)"},
    {"task": "ppt-l2-farm", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: API invention that crashes: SlideShapes.add_smartart does not exist "
             "in python-pptx (AttributeError) before anything is saved"},
    {"task": "ppt-l2-farm", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: logic errors: the custom show's slides indexed off by one (2, 5, 9, "
             "12) and the answer's effect in the main sequence instead of on a trigger"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
