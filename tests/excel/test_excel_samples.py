"""The four Excel sample tasks: every reference scores 100 (its formulas recalculated with
LibreOffice, since openpyxl writes no cached results), every untouched input at most 15, the
rubrics have the required shape, and the simulated generations are graded for the right
reasons — above all, a pasted value keeps the value points and loses the formula points."""

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
TASKS = ["excel-l1-grades", "excel-l1-purchase", "excel-l2-sales", "excel-l2-import"]
needs_lo = pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")


def rubric(task):
    return load_rubric(REPO / "rubrics" / f"{task}.xml")


@pytest.mark.parametrize("task", TASKS)
def test_rubric_shape(task):
    r = rubric(task)
    assert 25 <= len(r.criteria) <= 40
    assert len({c.skill for c in r.criteria}) >= 5
    assert sum(c.points for c in r.criteria) == 100
    # Formula checks come with value checks on the same cells: a pasted value is told apart.
    props = {k.property for c in r.criteria for k in c.checks}
    assert {"cell.has_formula", "cell.functions", "cell.value"} <= props
    folder = REPO / "samples" / task
    for name in ("make_input.py", "input.xlsx", "instruction.md", "solution.py",
                 "reference.xlsx", "generations.jsonl"):
        assert (folder / name).is_file(), name
    text = (folder / "instruction.md").read_text("utf-8")
    assert "## 题目（中文）" in text and "## Task (English translation)" in text


@needs_lo
@pytest.mark.parametrize("task", TASKS)
def test_reference_scores_100(task):
    card = evaluate(rubric(task), REPO / "samples" / task / "reference.xlsx")
    assert card.eval_errors == 0
    assert card.score == 100, [(c.id, [k.detail for k in c.checks if k.status != "pass"])
                               for c in card.criteria if c.status != "pass"]
    assert card.value_sources["recalculated"] > 0 and card.value_sources["cached"] == 0


@pytest.mark.parametrize("task", TASKS)
def test_untouched_input_scores_at_most_15(task):
    card = evaluate(rubric(task), REPO / "samples" / task / "input.xlsx")
    assert card.eval_errors == 0
    assert card.score <= 15


def _generations(task):
    lines = (REPO / "samples" / task / "generations.jsonl").read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("task", TASKS)
def test_generations_are_labelled_and_cover_the_failure_kinds(task):
    gens = _generations(task)
    assert {g["model"] for g in gens} == {"sim-alpha", "sim-beta", "sim-gamma"}
    notes = " ".join(g["note"] for g in gens)
    for kind in ("pasted values", "API misuse", "wrong range", "partial", "correct"):
        assert kind in notes, kind
    assert all(g["note"].startswith("simulated") and g["task"] == task for g in gens)


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
        return run.returncode, run.stderr.strip().splitlines()[-1:], None
    card = evaluate(rubric(task), out)
    return 0, [], {c.id: c.status for c in card.criteria} | {"_score": card.score,
                                                             "_errors": card.eval_errors}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = str(tmp_path_factory.mktemp("gens"))
    return lambda task, model, sample: _graded(task, model, sample, tmp)


# (task, pasted-values generation, formula criteria that must fail, value criteria that
# must still pass): the point of the formula checks.
PASTED = [
    ("excel-l1-grades", ("sim-beta", 1), ["c10", "c11", "c13", "c18"], ["c12", "c17", "c20"]),
    ("excel-l1-purchase", ("sim-beta", 1), ["c05", "c07", "c10", "c12"], ["c06", "c08", "c11"]),
    ("excel-l2-sales", ("sim-beta", 1), ["c03", "c13", "c15", "c17"], ["c04", "c14"]),
    ("excel-l2-import", ("sim-beta", 1), ["c02", "c04", "c07", "c15"], ["c03", "c05", "c14"]),
]


@needs_lo
@pytest.mark.parametrize("task,gen,formula_fails,value_passes", PASTED)
def test_pasted_values_lose_formula_points_only(graded, task, gen, formula_fails, value_passes):
    code, _, status = graded(task, *gen)
    assert code == 0 and status["_errors"] == 0
    assert all(status[c] == "fail" for c in formula_fails), status
    assert all(status[c] == "pass" for c in value_passes), status


@pytest.mark.parametrize("task", TASKS)
def test_api_misuse_crashes(graded, task):
    code, last_line, _ = graded(task, "sim-gamma", 1)
    assert code != 0 and last_line and ("Error" in last_line[0])


WRONG_RANGE = [
    ("excel-l1-grades", ["c14", "c19"], ["c12", "c20"]),   # AVERAGE over D:G; RANK without $
    ("excel-l1-purchase", ["c06", "c09", "c11"], ["c05", "c10"]),
    ("excel-l2-sales", ["c14", "c06"], ["c13", "c04"]),
    ("excel-l2-import", ["c17", "c18"], ["c15", "c11"]),
]


@needs_lo
@pytest.mark.parametrize("task,fails,passes", WRONG_RANGE)
def test_wrong_ranges_are_caught(graded, task, fails, passes):
    code, _, status = graded(task, "sim-beta", 2)
    assert code == 0 and status["_errors"] == 0
    assert all(status[c] != "pass" for c in fails), status
    assert all(status[c] == "pass" for c in passes), status


@needs_lo
@pytest.mark.parametrize("task", TASKS)
def test_correct_near_correct_and_partial_order(graded, task):
    correct = graded(task, "sim-alpha", 1)[2]
    near = graded(task, "sim-alpha", 2)[2]
    partial = graded(task, "sim-gamma", 2)[2]
    assert correct["_score"] == 100
    assert 60 <= near["_score"] < 100
    assert partial["_score"] < 60
    assert all(s["_errors"] == 0 for s in (correct, near, partial))


@needs_lo
def test_a_hand_made_table_is_not_a_pivot_table(graded):
    status = graded("excel-l2-sales", "sim-alpha", 2)[2]
    assert all(status[c] == "not_found" for c in ("c24", "c25", "c26", "c28"))
    assert status["c14"] == "pass"
