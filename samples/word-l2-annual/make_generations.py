"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
word-l2-annual. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Text only: everything stated is done, everything shown only in the pictures is guessed
# (heading 1 left-aligned in the theme colour, a plain grid table, the cover left as is).
ALPHA_1 = variant(
    ("h1.font.color.rgb = RGBColor(0x1F, 0x4E, 0x79)\nh1.paragraph_format.alignment = "
     "WD_ALIGN_PARAGRAPH.CENTER\n", ""),
    ('table.style = styles["Medium Shading 1 Accent 1"]\ntable.alignment = '
     'WD_TABLE_ALIGNMENT.CENTER\n', 'table.style = styles["Table Grid"]\n'),
    ("for p in cover:\n    p.alignment = WD_ALIGN_PARAGRAPH.CENTER\n", ""),
    ("    r.font.size = Pt(26)\n", ""),
)
# Crashes: python-docx has no footnote API.
BETA_1 = variant(
    ('footnote(next(p for p in doc.paragraphs if "一卡通" in p.text), "一卡通",',
     'doc.add_footnote(next(p for p in doc.paragraphs if "一卡通" in p.text), "一卡通",'),
)
# Finds the headings by a fixed list of positions instead of by their text: the chapters
# after the table (whose lines were removed) are missed, "阅览市" replaced in the first
# chapter only.
BETA_2 = variant(
    ("for p in paragraphs:\n    for r in p.runs:\n        if \"阅览市\" in r.text:",
     "for p in paragraphs[:12]:\n    for r in p.runs:\n        if \"阅览市\" in r.text:"),
    ('    if re.match(r"^[一二三四五六七八九十]+、", p.text):',
     '    if p.text in ("一、总体情况", "二、资源建设"):'),
)

LINES = [
    {"task": "word-l2-annual", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "word-l2-annual", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: text-only reading: every stated step done, the values shown only "
             "in the example pictures guessed wrong (heading alignment and colour, table "
             "style and position, cover layout)"},
    {"task": "word-l2-annual", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: API invention that crashes: Document.add_footnote does not exist "
             "in python-docx (AttributeError) before anything is saved"},
    {"task": "word-l2-annual", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: targets not found in the long document: only two chapter "
             "headings styled, the misspelling corrected in the first chapter only"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
