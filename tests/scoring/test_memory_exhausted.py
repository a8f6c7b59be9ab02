"""A document that exhausts the grader's memory (``MemoryError``: a ``serve`` worker grades
under an address-space limit) is the document's loss: ``unevaluable``, points kept in the
total, never ``eval_error`` (which would leave them out and let the document escape its
checks); after the first, the document's other checks are not tried."""

from __future__ import annotations

from pathlib import Path

from officeeval.rubric import load_rubric
from officeeval.scoring import Grader
from officeeval.scoring import criteria as criteria_module
from officeeval.scoring import grader as grader_module

REPO = Path(__file__).resolve().parents[2]
RUBRIC = REPO / "rubrics" / "word-l1-notice.xml"
REFERENCE = REPO / "samples" / "word-l1-notice" / "reference.docx"


def test_a_check_out_of_memory_is_unevaluable_and_the_rest_are_not_tried(monkeypatch):
    rubric = load_rubric(RUBRIC)
    calls = []

    def exhausted(check, comparator, grading, base):
        calls.append(check)
        raise MemoryError()

    monkeypatch.setattr(criteria_module, "judge_check", exhausted)
    card = Grader().grade(rubric, REFERENCE)
    assert len(calls) == 1
    assert card.outcome == "ok" and card.score == 0 and card.total == rubric.total
    assert card.eval_errors == 0 and not card.passed
    assert {c.status.value for c in card.criteria} == {"unevaluable"}
    first = card.criteria[0].checks[0]
    assert "exhausted the memory" in first.detail and "(charged)" in first.detail


def test_a_document_that_cannot_even_be_opened_for_memory_is_unevaluable(monkeypatch):
    rubric = load_rubric(RUBRIC)

    def exhausted(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(grader_module, "open_document", exhausted)
    card = Grader().grade(rubric, REFERENCE)
    assert card.outcome == "ok" and card.score == 0 and card.total == rubric.total
    assert {c.status.value for c in card.criteria} == {"unevaluable"}
    assert "exhausted the memory" in card.outcome_detail
