"""Helpers for the runner tests: a small Word task (rubric + input) built in a temporary
directory, programs that solve it well, partly or not at all, and manifest helpers."""

from __future__ import annotations

import json
from pathlib import Path

from docx import Document

RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="mini-word" app="word" level="1" total="100"
        pass="60">
  <title>mini task for runner tests</title>
  <files input="files/input.docx" reference="files/reference.docx" output="output.docx"/>
  <criterion id="c1" skill="font" points="50">
    <check select="paragraph[1]" property="font.bold" op="equals" expected="true"/>
  </criterion>
  <criterion id="c2" skill="paragraph" points="30">
    <check select="paragraph[2]" property="paragraph.alignment" op="equals" expected="center"/>
  </criterion>
  <criterion id="c3" skill="text" points="20">
    <check select="paragraph[1]" property="text" op="equals" expected="Notice"/>
  </criterion>
</rubric>
"""

GOOD = """
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.bold = True
doc.paragraphs[1].alignment = WD_ALIGN_PARAGRAPH.CENTER
doc.save("output.docx")
"""

PARTIAL = """
from docx import Document
doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.bold = True
doc.save("output.docx")
"""

CRASH = """
from docx import Document
doc = Document("input.docx")
doc.paragraphs[0].alignment = doc.NO_SUCH_THING
doc.save("output.docx")
"""

WRONG_NAME = """
from docx import Document
Document("input.docx").save("result.docx")
"""


def build_task(root: Path, rubric_text: str = RUBRIC) -> Path:
    """Write rubrics/mini-word.xml and files/input.docx (+ reference) under ``root``;
    return the rubrics directory."""
    files = root / "files"
    files.mkdir(parents=True, exist_ok=True)
    doc = Document()
    doc.add_paragraph("Notice")
    doc.add_paragraph("The library opens at nine.")
    doc.save(files / "input.docx")
    ref = Document(files / "input.docx")
    for run in ref.paragraphs[0].runs:
        run.font.bold = True
    ref.paragraphs[1].alignment = 1
    ref.save(files / "reference.docx")
    rubrics = root / "rubrics"
    rubrics.mkdir(exist_ok=True)
    (rubrics / "mini-word.xml").write_text(rubric_text, encoding="utf-8")
    # The rubric names its files relative to itself.
    (rubrics / "files").symlink_to(files, target_is_directory=True)
    return rubrics


def write_manifest(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines),
                    encoding="utf-8")
    return path
