"""``batch`` as a newcomer runs it: from another directory (tasks are found next to the
manifest, and the batch says where), with a manifest nothing of which can be graded (exit
2 with the reasons, no store written), and with output that is not a terminal (progress
lines, counted in the report's terms)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from runner_fixtures import GOOD, PARTIAL, build_task

from officeeval import cli


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def manifest(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def test_tasks_are_found_next_to_the_manifest_from_another_directory(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    build_task(project)
    m = manifest(project / "gens.jsonl",
                 [{"task": "mini-word", "model": "m", "sample": i, "code": code}
                  for i, code in enumerate((GOOD, PARTIAL, "raise SystemExit(3)"))])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    res = run("batch", str(m), "-o", "out", "--no-report", cwd=elsewhere)
    assert res.returncode == cli.EXIT_OK, res.stdout + res.stderr
    out = res.stdout
    assert f"tasks: 1 task from {project / 'rubrics'}" in out
    assert "3 graded now, 0 already in out" in out
    # Not a terminal: plain progress lines, in the report's terms.
    assert "grading 3 of 3 generations" in out
    last = [ln for ln in out.splitlines() if ln.startswith("graded ")][-1]
    assert re.match(r"graded 3/3 \(100%\): ok 2 · execution failures 1; [\d.]+/s$", last), last
    assert "failed" not in out


def test_nothing_to_grade_is_exit_2_with_the_reasons(tmp_path):
    rubrics = build_task(tmp_path)
    m = manifest(tmp_path / "m.jsonl",
                 [{"task": "mini-wrod", "model": "m", "sample": i, "code": GOOD}
                  for i in range(5)] + [{"task": "other", "model": "m", "code": GOOD}])
    res = run("batch", str(m), "-o", "out", cwd=tmp_path)
    assert res.returncode == cli.EXIT_USAGE, res.stdout + res.stderr
    assert "Traceback" not in res.stderr
    assert res.stderr.strip() == (
        f"nothing to grade: every line of {m} was rejected (6 lines): unknown task "
        "'mini-wrod'; did you mean 'mini-word'? (lines 1, 2, 3 …); unknown task 'other' "
        f"(line 6). Tasks: 1 task from {tmp_path / 'rubrics'}")
    assert not (tmp_path / "out").exists()
    res = run("batch", str(m), "-o", "out", "--tasks", str(tmp_path / "nowhere"),
              cwd=tmp_path)
    assert res.returncode == cli.EXIT_USAGE
    assert res.stderr.strip().endswith(
        f"Tasks: 0 tasks from {tmp_path / 'nowhere'}; {tmp_path / 'nowhere'}: no such rubric "
        "file or directory")
    empty = manifest(tmp_path / "empty.jsonl", [])
    res = run("batch", str(empty), "-o", "out", "--tasks", str(rubrics), cwd=tmp_path)
    assert res.returncode == cli.EXIT_USAGE
    assert res.stderr.strip() == f"{empty} holds no generations (one JSON object per line)"


def test_no_rubrics_anywhere_is_exit_2(tmp_path, monkeypatch):
    from officeeval.errors import TaskError
    from officeeval.runner import batch, tasks
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tasks, "shipped_rubrics", lambda: None)  # as an installed wheel
    m = manifest(tmp_path / "m.jsonl", [{"task": "mini-word", "model": "m", "code": GOOD}])
    try:
        batch.read_plan(m, batch.BatchOptions())
    except TaskError as exc:
        assert str(exc) == (f"no tasks: there is no rubrics/ directory next to {m}, above "
                            "it or in the current directory; give --tasks DIR")
    else:
        raise AssertionError("no TaskError")
