"""The Excel tasks at NCRE density, drafted with ``officeeval draft`` and reviewed by hand
(excel-l2-orders, excel-l2-library): 40-60 criteria over at least 6 skills, steps given by
example pictures that travel with the task, the reference at 100 and the untouched input at
most 15, and the simulated generations graded for the right reasons — above all, the
text-only reading that guesses the pictured values loses exactly the pictured criteria."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from officeeval import recalc
from officeeval.rubric import load_rubric
from officeeval.scoring import evaluate

REPO = Path(__file__).resolve().parents[2]
TASKS = {"excel-l2-orders": 2, "excel-l2-library": 3}      # task: example pictures
needs_lo = pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")


def rubric(task):
    return load_rubric(REPO / "rubrics" / f"{task}.xml")


@pytest.mark.parametrize("task", sorted(TASKS))
def test_rubric_shape_at_exam_density(task):
    r = rubric(task)
    assert 40 <= len(r.criteria) <= 60
    assert len({c.skill for c in r.criteria}) >= 6
    assert sum(c.points for c in r.criteria) == 100
    folder = REPO / "samples" / task
    for name in ("make_input.py", "input.xlsx", "instruction.md", "solution.py",
                 "reference.xlsx", "make_examples.py", "draft.xml", "review.py", "NOTES.md",
                 "make_generations.py", "generations.jsonl"):
        assert (folder / name).is_file(), name
    text = (folder / "instruction.md").read_text("utf-8")
    assert "## 题目（中文）" in text and "## Task (English translation)" in text
    pictures = [f"example-{i}.png" for i in range(1, TASKS[task] + 1)]
    for name in pictures:
        assert (folder / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert name in text      # the instruction points at every picture
    xml = (REPO / "rubrics" / f"{task}.xml").read_text("utf-8")
    assert all(f'<attachment href="../samples/{task}/{n}"/>' in xml for n in pictures)


@needs_lo
@pytest.mark.parametrize("task", sorted(TASKS))
def test_reference_scores_100_and_input_at_most_15(task):
    card = evaluate(rubric(task), REPO / "samples" / task / "reference.xlsx")
    assert card.eval_errors == 0
    assert card.score == 100, [(c.id, [k.detail for k in c.checks if k.status != "pass"])
                               for c in card.criteria if c.status != "pass"]
    card = evaluate(rubric(task), REPO / "samples" / task / "input.xlsx")
    assert card.eval_errors == 0 and card.score <= 15


def _generations(task):
    lines = (REPO / "samples" / task / "generations.jsonl").read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines]


@lru_cache(maxsize=None)
def _graded(task: str, model: str, sample: int, tmp: str):
    g = next(x for x in _generations(task) if x["model"] == model and x["sample"] == sample)
    work = Path(tmp) / f"{task}-{model}-{sample}"
    work.mkdir(parents=True)
    shutil.copy(REPO / "samples" / task / "input.xlsx", work / "input.xlsx")
    (work / "prog.py").write_text(g["code"], encoding="utf-8")
    run = subprocess.run([sys.executable, "prog.py"], cwd=work, capture_output=True, text=True,
                         timeout=300)
    out = work / "output.xlsx"
    if run.returncode != 0 or not out.is_file():
        return None
    card = evaluate(rubric(task), out)
    return {c.id: c.status for c in card.criteria} | {"_score": card.score,
                                                      "_errors": card.eval_errors}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = str(tmp_path_factory.mktemp("gens"))
    return lambda task, model, sample: _graded(task, model, sample, tmp)


# Measured (2026-12-07) with LibreOffice recalculating the openpyxl formulas.
EXPECTATIONS = {
    ("excel-l2-orders", "sim-gamma", 1): {"_score": 100},
    # text-only: header fill, alignment and font colour, the currency format (charged once:
    # how the amounts display is that format's), highlight colour, chart type and legend
    ("excel-l2-orders", "sim-alpha", 1): {
        "_score": 78, "c04": "fail", "c05": "fail", "c06": "fail", "c11": "fail",
        "c15": "fail", "c27": "fail", "c28": "fail", "c07": "pass", "c12": "pass",
        "c13": "pass", "c29": "pass"},
    ("excel-l2-orders", "sim-beta", 1): "crash",
    # lookups pasted as values: the formula criteria fail, the amounts (formulas on the
    # pasted prices) and everything else pass
    ("excel-l2-orders", "sim-beta", 2): {"_score": 89, "c09": "fail", "c10": "fail",
                                         "c12": "pass", "c22": "pass"},
    ("excel-l2-library", "sim-gamma", 1): {"_score": 100},
    # text-only: every value a picture gives (header look, date and month formats, the
    # highlight, borders, the percentage format, chart type, legend and labels, and the
    # subtotal's one summed field) and nothing else
    ("excel-l2-library", "sim-alpha", 1): {
        "_score": 71, "c04": "fail", "c05": "fail", "c06": "fail", "c09": "fail",
        "c14": "fail", "c18": "fail", "c25": "fail", "c32": "fail", "c35": "fail",
        "c36": "fail", "c37": "fail", "c54": "fail",
        # the stated steps pass: formulas, the pivot chart, the pivot table, the subtotals
        "c07": "pass", "c10": "pass", "c42": "pass", "c46": "pass", "c53": "pass"},
    ("excel-l2-library", "sim-beta", 1): "crash",
    ("excel-l2-library", "sim-beta", 2): {"_score": 92, "c10": "fail", "c11": "fail",
                                          "c28": "fail", "c29": "fail", "c31": "fail",
                                          "c12": "pass", "c30": "pass"},
}


def test_every_generation_has_an_expectation():
    keys = {(t, g["model"], g["sample"]) for t in TASKS for g in _generations(t)}
    assert keys == set(EXPECTATIONS)
    for t in TASKS:
        assert all(g["note"].startswith("simulated") and g["task"] == t
                   for g in _generations(t))


@needs_lo
@pytest.mark.parametrize("key", sorted(EXPECTATIONS), ids=lambda k: f"{k[0]}-{k[1]}-{k[2]}")
def test_generations_are_graded_for_the_right_reasons(graded, key):
    status = graded(*key)
    want = EXPECTATIONS[key]
    if want == "crash":
        assert status is None
        return
    assert status is not None and status["_errors"] == 0
    for cid, expected in want.items():
        assert status[cid] == expected, (cid, status)
