"""The warm server's grading (``scoring.warm``): the ScoreCard the command would print, for
the code the server runs only, the rubric validated again whenever its bytes change, and no
answer (the command then grades on its own) for anything that is not a gradable request."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from officeeval.backends import Backends
from officeeval.rubric import load_rubric
from officeeval.scoring.engine import evaluate
from officeeval.scoring.warm import WarmGrading

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "samples/word-l1-notice/reference.docx"
INPUT = REPO / "samples/word-l1-notice/input.docx"
RUBRIC = REPO / "rubrics/word-l1-notice.xml"


def _request(grading: WarmGrading, **over) -> dict:
    req = {"op": "score", "code": grading.fingerprint, "given": "given/name.docx",
           "document": str(DOC), "rubric": str(RUBRIC), "input": None, "reference": None,
           "options": {}}
    return {**req, **over}


def _without_time(card: dict) -> dict:
    return {k: v for k, v in card.items() if k != "seconds"}


@pytest.fixture()
def grading():
    g = WarmGrading(Backends(), fingerprint="code-1")
    yield g
    g.close()


def test_the_card_is_the_one_the_command_would_print(grading):
    reply = grading.answer(_request(grading))
    assert reply["ok"] is True and reply["op"] == "score"
    local = evaluate(load_rubric(RUBRIC), DOC, backends=Backends()).to_dict()
    local["document"] = "given/name.docx"
    assert _without_time(reply["card"]) == _without_time(local)
    assert reply["card"]["score"] == 100.0
    # The input graded as a candidate: a real grading each time, not a kept answer.
    low = grading.answer(_request(grading, document=str(INPUT)))["card"]
    assert low["score"] < 20 and grading.graded == 2


def test_other_code_is_told_it_is_stale(grading):
    assert grading.answer(_request(grading, code="code-2")) == {
        "ok": False, "op": "score", "stale": True}
    assert grading.answer(_request(grading, code=None))["stale"] is True
    assert grading.graded == 0


@pytest.mark.parametrize("change", [
    {"document": "samples/word-l1-notice/reference.docx"},  # relative
    {"document": "/nonexistent/x.docx"},
    {"rubric": 7},
    {"input": "/nonexistent/input.docx"},
    {"options": ["recalc"]},
    {"given": None},
])
def test_a_request_it_cannot_grade_gets_no_card(grading, change):
    reply = grading.answer(_request(grading, **change))
    assert reply["ok"] is False and "card" not in reply and reply["error"]


def test_an_edited_rubric_is_validated_again(grading, tmp_path):
    rubric = tmp_path / "r.xml"
    text = RUBRIC.read_text("utf-8").replace(
        'input="', f'input="{REPO}/rubrics/').replace('reference="', f'reference="{REPO}/rubrics/')
    rubric.write_text(text, "utf-8")
    first = grading.answer(_request(grading, rubric=str(rubric)))
    assert first["ok"] and first["card"]["score"] == 100.0
    # A criterion's expected value changed in place: the next answer grades the new rubric.
    changed = text.replace('expected="黑体"', 'expected="宋体"', 1)
    assert changed != text
    rubric.write_text(changed, "utf-8")
    second = grading.answer(_request(grading, rubric=str(rubric)))
    assert second["ok"] and second["card"]["score"] < 100.0
    assert second["card"]["rubric_sha256"] != first["card"]["rubric_sha256"]
    # Broken: no card, so the command loads it itself and prints every problem.
    rubric.write_text(text.replace("<criterion ", "<criterion bogus=\"1\" ", 1), "utf-8")
    broken = grading.answer(_request(grading, rubric=str(rubric)))
    assert broken["ok"] is False and broken["error"].startswith("rubric:")
