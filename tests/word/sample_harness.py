"""Helpers for the Word sample-task tests: run a simulated generation the way the batch does
(a fresh directory with the input and the rubric's attachments, the program run there) and
grade what it wrote."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from officeeval.rubric import load_rubric
from officeeval.runner.answers import extract_code
from officeeval.scoring import evaluate

REPO = Path(__file__).resolve().parents[2]


def task_dir(task: str) -> Path:
    return REPO / "samples" / task


def rubric(task: str):
    return load_rubric(REPO / "rubrics" / f"{task}.xml")


def generation(task: str, model: str, sample: int) -> dict:
    for line in (task_dir(task) / "generations.jsonl").read_text(encoding="utf-8").splitlines():
        g = json.loads(line)
        if g["model"] == model and g["sample"] == sample:
            return g
    raise KeyError((task, model, sample))


def run_program(task: str, code: str, workdir: Path) -> subprocess.CompletedProcess:
    """Run ``code`` in ``workdir`` holding copies of the task's input and attachments."""
    r = rubric(task)
    for f in [r.files.input, *r.files.attachments]:
        shutil.copy(f, workdir / Path(f).name)
    (workdir / "prog.py").write_text(code, encoding="utf-8")
    return subprocess.run([sys.executable, "prog.py"], cwd=workdir, timeout=180,
                          capture_output=True, text=True)


def grade_generation(task: str, model: str, sample: int, workdir: Path):
    workdir.mkdir(parents=True, exist_ok=True)
    """(completed process, ScoreCard or None when nothing was written)."""
    g = generation(task, model, sample)
    code = g.get("code") or extract_code(g.get("answer")).code or ""
    proc = run_program(task, code, workdir)
    out = workdir / "output.docx"
    card = evaluate(rubric(task), out) if out.is_file() else None
    return proc, card


def statuses(card) -> dict[str, str]:
    return {c.id: c.status for c in card.criteria}
