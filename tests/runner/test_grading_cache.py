"""Grading many documents of one task reuses its input and reference documents (the engine
keeps them open), but never a stale one: a changed file is read again."""

from __future__ import annotations

from docx import Document
from runner_fixtures import build_task

from officeeval.rubric import load_rubric
from officeeval.scoring import evaluate

RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="cache" app="word" total="100">
  <files input="files/input.docx" reference="files/reference.docx" output="output.docx"/>
  <criterion id="c1" skill="text" points="50">
    <check select="paragraph[2]" property="text" op="unchanged"/>
  </criterion>
  <criterion id="c2" skill="text" points="50">
    <check select="paragraph[1]" property="text" expected-from="reference"/>
  </criterion>
</rubric>
"""


def test_input_and_reference_are_reread_when_they_change(tmp_path):
    rubrics = build_task(tmp_path, RUBRIC)
    rubric = load_rubric(rubrics / "mini-word.xml")
    graded = tmp_path / "graded.docx"
    Document(tmp_path / "files" / "input.docx").save(graded)  # the untouched input
    first = [evaluate(rubric, graded).score for _ in range(3)]
    assert first == [100.0, 100.0, 100.0]
    # The input and the reference change on disk: the next grading must see it.
    for name, text in (("input.docx", "The library opens at ten."),
                       ("reference.docx", "Notice!")):
        path = tmp_path / "files" / name
        doc = Document(path)
        doc.paragraphs[1 if name == "input.docx" else 0].runs[0].text = text
        doc.save(path)
    card = evaluate(rubric, graded)
    statuses = {c.id: c.status for c in card.criteria}
    assert statuses == {"c1": "fail", "c2": "fail"}
    assert "Notice!" in card.criteria[1].checks[0].expected
