"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
ppt-l2-report. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note"). Variants of the reference are
made by explicit text substitutions, each checked to apply."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")
MASTER_BLOCK = REFERENCE[REFERENCE.index("# 3. Master title style"):
                         REFERENCE.index("def take_place_of")]


# Formats every slide's title directly instead of the master: the slides look right, the
# master check fails.
PER_SLIDE_TITLES = '''# 3. Title format on every slide (the master is left alone)
from pptx.dml.color import RGBColor
for slide in prs.slides:
    for p in slide.shapes.title.text_frame.paragraphs:
        for r in p.runs:
            r.font.name = "Arial"
            r.font.color.rgb = RGBColor(0x1F, 0x4E, 0x79)
            rpr = r._r.get_or_add_rPr()
            ea = etree.SubElement(rpr, qn("a:ea"))
            ea.set("typeface", "微软雅黑")


'''
ALPHA_PER_SLIDE = variant(REFERENCE, (MASTER_BLOCK, PER_SLIDE_TITLES))

# The master's Latin slot gets 微软雅黑 (a:latin) instead of a:ea; a text box where the table
# was asked; no animations.
BETA_LATIN_TEXTBOX = variant(
    REFERENCE,
    ('latin = etree.Element(qn("a:latin"), typeface="Arial")\n'
     'ea = etree.Element(qn("a:ea"), typeface="微软雅黑")',
     'latin = etree.Element(qn("a:latin"), typeface="微软雅黑")\n'
     'ea = etree.Element(qn("a:cs"), typeface="Arial")'),
    ("table = regions.shapes.add_table(4, 3, x, y, cx, cy // 2).table\n"
     "for i, row in enumerate([(\"区域\", \"2024年\", \"2025年\"), (\"华东\", \"210\", \"236\"),\n"
     "                         (\"华南\", \"150\", \"181\"), (\"华北\", \"113\", \"124\")]):\n"
     "    for j, text in enumerate(row):\n"
     "        table.cell(i, j).text = text\n",
     "box = regions.shapes.add_textbox(x, y, cx, cy // 2)\n"
     "box.text_frame.text = \"区域  2024年  2025年\\n华东  210  236\\n华南  150  181\\n华北  113  124\"\n"),
    ("add_timing(sales, [lambda c: effect_xml(c, 10, 0, \"clickEffect\", chart_id, \"fade\")],\n"
     "           f'<p:bldGraphic spid=\"{chart_id}\" grpId=\"0\"><p:bldAsOne/></p:bldGraphic>')\n",
     ""),
    ("add_timing(plan, [(lambda c, i=i: effect_xml(c, 22, 8, \"clickEffect\", body_id, "
     "\"wipe(left)\", i))\n                  for i in range(count)],\n"
     "           f'<p:bldP spid=\"{body_id}\" grpId=\"0\" build=\"p\"/>')\n", ""),
)

# API misuse: XL_CHART_TYPE has no CLUSTERED_COLUMN member -> AttributeError; nothing saved.
GAMMA_CRASH = variant(REFERENCE, ("XL_CHART_TYPE.COLUMN_CLUSTERED", "XL_CHART_TYPE.CLUSTERED_COLUMN"))

# Partial: the outline slide is kept (7 slides) and no transitions or show type are set.
GAMMA_PARTIAL = variant(
    REFERENCE,
    ('prs.part.drop_rel(entry.get(qn("r:id")))\nid_list.remove(entry)\n', ""),
    ('for index, slide in enumerate(prs.slides):\n    if index == 0:\n'
     '        add_transition(slide, "fade")\n    else:\n'
     '        add_transition(slide, "wipe", {"dir": "r"})\n', ""),
    ('show.insert(0, etree.Element(qn("p:browse")))\n', 'show.insert(0, etree.Element(qn("p:present")))\n'),
)

ENTRIES = [
    {"model": "sim-alpha", "sample": 1, "code": REFERENCE,
     "note": "simulated: a complete, correct solution"},
    {"model": "sim-alpha", "sample": 2, "code": ALPHA_PER_SLIDE,
     "note": "simulated: near-correct; title format set on each slide, the master untouched"},
    {"model": "sim-beta", "sample": 1, "code": BETA_LATIN_TEXTBOX,
     "note": "simulated: master font on the Latin slot; a text box where a table was asked; "
             "animations missing"},
    {"model": "sim-gamma", "sample": 1, "code": GAMMA_CRASH,
     "note": "simulated: API misuse (XL_CHART_TYPE.CLUSTERED_COLUMN does not exist) crashes"},
    {"model": "sim-gamma", "sample": 2, "code": GAMMA_PARTIAL,
     "note": "simulated: partial; outline slide kept, no transitions, show type unchanged"},
]


def main() -> None:
    write_generations(HERE, ({"task": "ppt-l2-report", **e} for e in ENTRIES))


if __name__ == "__main__":
    main()
