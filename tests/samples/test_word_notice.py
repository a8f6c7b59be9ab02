"""The word-l1-notice sample: the reference scores 100, the untouched input at most 15, and
the simulated generations are graded for the right reasons."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from officeeval.rubric import load_rubric
from officeeval.scoring import evaluate

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "samples" / "word-l1-notice"
RUBRIC = load_rubric(REPO / "rubrics" / "word-l1-notice.xml")


def test_reference_scores_100():
    card = evaluate(RUBRIC, TASK / "reference.docx")
    assert card.score == 100, [(c.id, c.checks) for c in card.criteria if c.status != "pass"]


def test_untouched_input_scores_at_most_15():
    card = evaluate(RUBRIC, TASK / "input.docx")
    assert card.score <= 15
    passed = {c.id for c in card.criteria if c.status == "pass"}
    assert passed <= {c.id for c in RUBRIC.criteria if c.is_preservation}


def test_rubric_shape():
    assert len(RUBRIC.criteria) >= 20
    assert len({c.skill for c in RUBRIC.criteria}) >= 5


def _run_generation(tmp_path: Path, code: str) -> Path:
    shutil.copy(TASK / "input.docx", tmp_path / "input.docx")
    (tmp_path / "prog.py").write_text(code, encoding="utf-8")
    subprocess.run([sys.executable, "prog.py"], cwd=tmp_path, check=True, timeout=120,
                   capture_output=True)
    return tmp_path / "output.docx"


def _generation(model: str, sample: int) -> dict:
    for line in (TASK / "generations.jsonl").read_text(encoding="utf-8").splitlines():
        g = json.loads(line)
        if g["model"] == model and g["sample"] == sample:
            return g
    raise KeyError((model, sample))


def test_latin_only_fonts_lose_the_east_asian_font_points(tmp_path):
    out = _run_generation(tmp_path, _generation("sim-beta", 1)["code"])
    card = evaluate(RUBRIC, out)
    status = {c.id: c.status for c in card.criteria}
    assert status["c01"] == "fail"           # title East Asian font not 黑体
    assert status["c02"] == "pass"           # but the size is right
    check = card.criteria[0].checks[0]
    assert check.property == "font.east_asia" and "黑体" not in check.actual
    assert status["c07"] == "fail"           # Latin slot now says 仿宋
    assert 20 <= card.score <= 60


def test_absolute_indent_of_two_characters_passes(tmp_path):
    code = (TASK / "solution.py").read_text(encoding="utf-8").replace(
        "set_first_line_chars(paras[n - 1], 2)",
        "paras[n - 1].paragraph_format.first_line_indent = Pt(24)")
    card = evaluate(RUBRIC, _run_generation(tmp_path, code))
    assert card.score == 100
