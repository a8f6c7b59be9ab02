"""Batch grading end to end on the mini task: one row per generation, bad lines reported
with their numbers, resume without duplicates, rerun, changed code, exit statuses."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from runner_fixtures import CRASH, GOOD, PARTIAL, WRONG_NAME, build_task

from officeeval.runner.batch import BatchOptions, run_batch
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import SandboxConfig

FENCE = "```"


def lines(task_root: Path) -> list[dict]:
    ref = task_root / "files" / "reference.docx"
    made = task_root / "agent-output.docx"  # a document an agent made (here: as good)
    made.write_bytes(ref.read_bytes())
    return [
        {"task": "mini-word", "model": "sim-a", "sample": 1, "code": GOOD},
        {"task": "mini-word", "model": "sim-a", "sample": 2, "code": PARTIAL},
        {"task": "mini-word", "model": "sim-b", "sample": 1, "code": CRASH},
        {"task": "mini-word", "model": "sim-b", "sample": 2, "code": WRONG_NAME},
        {"task": "mini-word", "model": "sim-c", "sample": 1,
         "answer": f"Sure!\n{FENCE}python\n{GOOD}\n{FENCE}\n"},
        {"task": "mini-word", "model": "sim-c", "sample": 2, "answer": "I cannot do that."},
        "this is not json",
        {"task": "no-such-task", "model": "sim-c", "sample": 3, "code": GOOD},
        {"task": "mini-word", "model": "sim-a", "sample": 1, "code": PARTIAL},  # duplicate
        {"task": "mini-word", "model": "agent", "sample": 1, "output": str(made)},
        {"task": "mini-word", "model": "agent", "sample": 2, "output": "missing.docx"},
        # the task's own reference is never a candidate's document
        {"task": "mini-word", "model": "agent", "sample": 3, "output": str(ref)},
    ]


def write(path: Path, items: list) -> Path:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n"
                            for x in items), encoding="utf-8")
    return path


def options(task_root: Path, **kw) -> BatchOptions:
    return BatchOptions(jobs=2, tasks=(str(task_root / "rubrics"),),
                        limits=Limits(timeout=30), **kw)


def rows(outdir: Path) -> dict[tuple[str, int], dict]:
    con = sqlite3.connect(outdir / "results.sqlite")
    con.row_factory = sqlite3.Row
    return {(r["model"], r["sample"]): dict(r) for r in con.execute("SELECT * FROM generations")}


def test_batch_grades_every_line_and_reports_bad_ones(task_root, tmp_path):
    manifest = write(tmp_path / "m.jsonl", lines(task_root))
    out = tmp_path / "out"
    res = run_batch(manifest, out, options(task_root))
    assert (res.total, res.graded, res.skipped, res.errors) == (8, 8, 0, [])
    got = rows(out)
    outcome = {k: (r["outcome"], r["score"]) for k, r in got.items()}
    assert outcome == {
        ("sim-a", 1): ("ok", 100.0), ("sim-a", 2): ("ok", 70.0),
        ("sim-b", 1): ("exec_error", 0.0), ("sim-b", 2): ("no_output", 0.0),
        ("sim-c", 1): ("ok", 100.0), ("sim-c", 2): ("no_code", 0.0),
        ("agent", 1): ("ok", 100.0), ("agent", 2): ("no_output", 0.0)}
    assert [line for line, _ in res.manifest_issues] == [7, 8, 9, 12]
    con = sqlite3.connect(out / "results.sqlite")
    stored = con.execute("SELECT line, message FROM manifest_issues ORDER BY line").fetchall()
    assert [s[0] for s in stored] == [7, 8, 9, 12]
    assert "the task's own reference file" in stored[3][1]
    assert "unknown task 'no-such-task'" in stored[1][1]
    assert "duplicate generation" in stored[2][1]
    # criteria and checks rows, the sandbox record, rubric hash and engine version
    assert con.execute("SELECT COUNT(*) FROM criteria").fetchone()[0] == 8 * 3
    good = got[("sim-a", 1)]
    sandbox = json.loads(good["sandbox"])
    assert sandbox["mode"] in ("bwrap", "rlimits-only") and sandbox["exit_code"] == 0
    assert len(good["rubric_sha256"]) == 64 and good["engine_version"]
    assert json.loads(got[("sim-c", 1)]["sandbox"])["extraction"] == "fenced:python"
    assert got[("sim-b", 1)]["outcome_detail"] == \
        "AttributeError: 'Document' object has no attribute 'NO_SUCH_THING'"
    assert got[("agent", 1)]["sandbox"] is None  # a ready-made output never runs
    assert (out / "documents").is_dir() and len(list((out / "documents").iterdir())) == 3


def test_resume_rerun_and_changed_code(task_root, tmp_path):
    items = lines(task_root)
    manifest = write(tmp_path / "m.jsonl", items)
    out = tmp_path / "out"
    run_batch(manifest, out, options(task_root))
    first = rows(out)
    again = run_batch(manifest, out, options(task_root))
    assert (again.graded, again.skipped) == (0, 8)
    assert rows(out) == first  # untouched, not duplicated
    # The code of one generation changes: only it is graded again, under its new key.
    items[1] = {**items[1], "code": GOOD}
    write(manifest, items)
    changed = run_batch(manifest, out, options(task_root))
    assert (changed.graded, changed.skipped) == (1, 7)
    now = rows(out)
    assert len(now) == 8 and now[("sim-a", 2)]["score"] == 100.0
    assert now[("sim-a", 2)]["key"] != first[("sim-a", 2)]["key"]
    rerun = run_batch(manifest, out, options(task_root, rerun=True))
    assert rerun.graded == 8 and len(rows(out)) == 8


def test_invalid_rubric_and_missing_input_skip_only_their_lines(tmp_path):
    root = tmp_path / "t"
    rubrics = build_task(root)
    (rubrics / "broken.xml").write_text(
        '<rubric xmlns="urn:officeeval:rubric:1" id="broken" app="word" total="100">'
        '<criterion id="c1" skill="x" points="50"><check select="paragraph[1]" '
        'property="font.no_such_thing" expected="1"/></criterion></rubric>', encoding="utf-8")
    (rubrics / "noinput.xml").write_text(
        (rubrics / "mini-word.xml").read_text().replace('id="mini-word"', 'id="noinput"')
        .replace("files/input.docx", "files/absent.docx"), encoding="utf-8")
    manifest = write(tmp_path / "m.jsonl", [
        {"task": "broken", "model": "m", "code": GOOD},
        {"task": "noinput", "model": "m", "code": GOOD},
        {"task": "mini-word", "model": "m", "code": GOOD}])
    res = run_batch(manifest, tmp_path / "out", options(root))
    assert list(res.rubric_errors) == ["broken"]
    assert [n for n, _ in res.manifest_issues] == [1, 2]
    assert "missing input" in res.manifest_issues[1][1]
    assert res.graded == 1


def test_evaluator_errors_are_counted(tmp_path):
    root = tmp_path / "t"
    rubrics = build_task(root)
    text = (rubrics / "mini-word.xml").read_text().replace(
        'property="text" op="equals" expected="Notice"',
        'property="text" op="equals" expected-from="reference"')
    (rubrics / "mini-word.xml").write_text(text)
    (root / "files" / "reference.docx").unlink()
    manifest = write(tmp_path / "m.jsonl", [{"task": "mini-word", "model": "m", "code": GOOD}])
    res = run_batch(manifest, tmp_path / "out", options(root))
    assert res.eval_errors == 1
    r = rows(tmp_path / "out")[("m", 1)]
    assert (r["score"], r["total"], r["eval_errors"]) == (80.0, 80.0, 1)


def test_rlimits_mode_is_recorded_with_a_warning(task_root, tmp_path):
    from runner_sandboxes import sandbox_for
    sandbox_for("rlimits")
    manifest = write(tmp_path / "m.jsonl", [{"task": "mini-word", "model": "m", "code": GOOD}])
    run_batch(manifest, tmp_path / "out",
              options(task_root, sandbox=SandboxConfig(isolation="rlimits")))
    sb = json.loads(rows(tmp_path / "out")[("m", 1)]["sandbox"])
    assert sb["mode"] == "rlimits-only" and "rlimits-only" in sb["warnings"][0]


def test_unknown_backend(task_root, tmp_path):
    from officeeval.errors import TaskError
    manifest = write(tmp_path / "m.jsonl", [{"task": "mini-word", "model": "m", "code": GOOD}])
    with pytest.raises(TaskError):
        run_batch(manifest, tmp_path / "out", options(task_root, backend="slurm"))



