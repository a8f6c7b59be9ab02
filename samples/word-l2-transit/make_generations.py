"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
word-l2-transit. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


def between(start: str, end: str) -> str:
    """The reference's text from ``start`` up to and including ``end``."""
    i = REFERENCE.index(start)
    return REFERENCE[i:REFERENCE.index(end, i) + len(end)]


# Text only: everything stated is done, everything shown only in the pictures is guessed
# (heading 1 left in the template's alignment and colour, a plain grid table at the left,
# a clustered column chart with the legend on the right and no axis title, the cover's
# sizes left as they were).
ALPHA_1 = variant(
    ("h1.font.color.rgb = RGBColor(0xC0, 0x00, 0x00)\nh1.paragraph_format.alignment = "
     "WD_ALIGN_PARAGRAPH.CENTER\n", ""),
    ('table.style = styles["Light Grid Accent 1"]\ntable.alignment = '
     'WD_TABLE_ALIGNMENT.CENTER\n', 'table.style = styles["Table Grid"]\n'),
    ("        r.font.size = Pt({0: 22, 1: 36}.get(i, 16))\n", ""),
    ("'<c:marker><c:symbol val=\"circle\"/><c:size val=\"6\"/></c:marker>'\n", ""),
    ("'</c:numRef></c:val><c:smooth val=\"0\"/></c:ser>'", "'</c:numRef></c:val></c:ser>'"),
    ("'<c:lineChart><c:grouping val=\"standard\"/><c:varyColors val=\"0\"/>'",
     "'<c:barChart><c:barDir val=\"col\"/><c:grouping val=\"clustered\"/>"
     "<c:varyColors val=\"0\"/>'"),
    ("'<c:marker val=\"1\"/><c:axId val=\"50010001\"/><c:axId val=\"50010002\"/></c:lineChart>'",
     "'<c:gapWidth val=\"150\"/><c:axId val=\"50010001\"/><c:axId val=\"50010002\"/>"
     "</c:barChart>'"),
    ("        f'<c:title>{rich(y_title, 1000, False, rotate=True)}<c:overlay val=\"0\"/></c:title>'\n",
     ""),
    ("'<c:legend><c:legendPos val=\"b\"/>", "'<c:legend><c:legendPos val=\"r\"/>"),
)
# Crashes: python-docx has no chart API (Document.add_chart is python-pptx's shape API
# misremembered) before anything is saved.
BETA_1 = variant(
    ("insert_chart(holder, cells, Cm(14), Cm(7.5), \"客运量图表\")",
     "doc.add_chart(holder, cells, Cm(14), Cm(7.5), \"客运量图表\")"),
)
# Two logic slips: the table of contents is inserted as a bare field for Word to update
# (no entries, no page numbers), and the embedded workbook is written without its header
# row, so every value sits one row above the cells the chart's references name.
BETA_2 = variant(
    (between("previous = toc_title\nchapter = 0\n", 'fld_char(toc_end._p, "end")\n'),
     "toc_end = doc.add_paragraph()\ntoc_title._p.addnext(toc_end._p)\n"
     "field_runs(toc_end, 'TOC \\\\o \"1-2\" \\\\h \\\\z \\\\u', \"（请右键更新域以生成目录）\")\n"),
    ("    for i, row in enumerate(rows):\n        sheet.append(",
     "    for i, row in enumerate(rows[1:], start=1):\n        sheet.append("),
)

LINES = [
    {"task": "word-l2-transit", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "word-l2-transit", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: text-only reading: every stated step done, the values shown only "
             "in the example pictures guessed wrong (heading alignment and colour, table "
             "style and position, chart type, legend and axis title, cover sizes)"},
    {"task": "word-l2-transit", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: API invention that crashes: Document.add_chart does not exist in "
             "python-docx (AttributeError) before anything is saved"},
    {"task": "word-l2-transit", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: the table of contents left as a bare field to be updated in Word "
             "(no entries, no page numbers), and the chart's embedded workbook written "
             "without its header row (the chart's cache no longer matches its data)"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
