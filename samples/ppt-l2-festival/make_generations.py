"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
ppt-l2-festival. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Text only: the stated steps done, the pictured values guessed (title colour left black,
# no master background, a chart with its legend and without data labels).
ALPHA_1 = variant(
    ('fill = set_child(title_rpr, "a:solidFill")\netree.SubElement(fill, qn("a:srgbClr"), '
     'val="1F4E79")\n', ''),
    ('master.background.fill.solid()\nmaster.background.fill.fore_color.rgb = '
     'RGBColor(0xDE, 0xEB, 0xF7)\n', ''),
    ('chart.has_legend = False\nplot = chart.plots[0]\nplot.has_data_labels = True\n'
     'plot.data_labels.position = XL_LABEL_POSITION.OUTSIDE_END\n'
     'plot.data_labels.show_value = True\n', 'chart.has_legend = True\n'),
)
# Crashes: python-pptx slides have no sections API.
BETA_1 = variant(
    ('add_sections(prs, [("开幕", 4), ("活动内容", 4), ("服务信息", 3)])',
     'prs.sections.add("开幕", slides[:4])'),
)
# Animations and transitions skipped (no API), everything else done.
BETA_2 = variant(
    ("for slide in slides:\n    add_push(slide)\n", ""),
    ("add_timing(opening, effects,", "(opening, effects,"),
    ("add_timing(traffic, [", "([traffic, "),
)

LINES = [
    {"task": "ppt-l2-festival", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "ppt-l2-festival", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: text-only reading: every stated step done, the values shown only "
             "in the example pictures guessed wrong (title colour, master background, chart "
             "legend and data labels)"},
    {"task": "ppt-l2-festival", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: API invention that crashes: Presentation.sections does not exist in "
             "python-pptx (AttributeError) before anything is saved"},
    {"task": "ppt-l2-festival", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: no transitions and no animations (python-pptx has no API for "
             "either); everything else done"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
