"""The ``batch`` and ``tasks`` commands as a user runs them (subprocesses), with the exit
codes of officeeval.cli: 0 finished, 2 usage, 3 invalid rubric, 5 evaluator errors."""

from __future__ import annotations

import json

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from runner_fixtures import GOOD, PARTIAL, build_task

from officeeval import cli


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def manifest(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def test_tasks_lists_files_present_and_missing(tmp_path):
    rubrics = build_task(tmp_path)
    (rubrics / "other.xml").write_text(
        (rubrics / "mini-word.xml").read_text().replace('id="mini-word"', 'id="other"')
        .replace("files/reference.docx", "files/gone.docx"))
    res = run("tasks", "--json", cwd=tmp_path)  # rubrics/ in the current directory
    assert res.returncode == cli.EXIT_OK, res.stderr
    got = {t["id"]: t for t in json.loads(res.stdout)["tasks"]}
    assert set(got) == {"mini-word", "other"}
    t = got["mini-word"]
    assert (t["app"], t["level"], t["criteria"], t["output"]) == ("word", "1", 3,
                                                                 "output.docx")
    assert [(f["role"], f["present"]) for f in t["files"]] == [("input", True),
                                                               ("reference", True)]
    assert [(f["role"], f["present"]) for f in got["other"]["files"]] == [("input", True),
                                                                          ("reference", False)]
    table = run("tasks", cwd=tmp_path)
    assert "mini-word" in table.stdout and "missing" in table.stdout


def test_tasks_with_an_invalid_rubric_exits_3(tmp_path):
    d = tmp_path / "more"
    d.mkdir()
    (d / "bad.xml").write_text('<rubric xmlns="urn:officeeval:rubric:1" id="bad" app="word">'
                               '<criterion id="c1" skill="s" points="100"><check '
                               'select="paragraph[" property="text"/></criterion></rubric>')
    res = run("tasks", str(d), cwd=tmp_path)
    assert res.returncode == cli.EXIT_RUBRIC
    assert "bad" in res.stdout and "invalid" in res.stdout


def test_batch_exit_codes(tmp_path):
    rubrics = build_task(tmp_path)
    m = manifest(tmp_path / "m.jsonl", [{"task": "mini-word", "model": "m", "code": GOOD},
                                        {"task": "mini-word", "model": "m", "sample": 2,
                                         "code": PARTIAL}, {"task": "nope", "model": "m",
                                                            "code": GOOD}])
    ok = run("batch", str(m), "-o", "out", "--tasks", str(rubrics), "--no-report",
             cwd=tmp_path)
    assert ok.returncode == cli.EXIT_OK, ok.stderr + ok.stdout
    assert "manifest line 3" in ok.stdout and "unknown task 'nope'" in ok.stdout
    assert "2 graded now, 0 already in out" in ok.stdout
    assert "sim" not in ok.stderr and "Batch summary" in ok.stdout
    again = run("batch", str(m), "-o", "out", "--tasks", str(rubrics), "--no-report",
                cwd=tmp_path)
    assert again.returncode == cli.EXIT_OK and "0 graded now, 2 already in out" in again.stdout
    # usage errors
    for bad in (["--isolation", "chroot"], ["--memory", "lots"], ["--backend", "slurm"],
                ["--jobs", "-1"]):
        res = run("batch", str(m), "-o", "out2", *bad, cwd=tmp_path)
        assert res.returncode == cli.EXIT_USAGE, bad
    res = run("batch", "missing.jsonl", "-o", "out2", cwd=tmp_path)
    assert res.returncode == cli.EXIT_USAGE and "cannot read manifest" in res.stderr


def test_batch_exit_3_for_an_invalid_rubric_and_5_for_evaluator_errors(tmp_path):
    rubrics = build_task(tmp_path)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "b.xml").write_text('<rubric xmlns="urn:officeeval:rubric:1" id="b" '
                                  'app="word"><criterion id="c1" skill="s" points="100">'
                                  '<check property="no.such.property"/></criterion>'
                                  '</rubric>')
    m = manifest(tmp_path / "m.jsonl", [{"task": "b", "model": "m", "code": GOOD},
                                        {"task": "mini-word", "model": "m", "code": GOOD}])
    res = run("batch", str(m), "-o", "o3", "--tasks", str(rubrics), "--tasks", str(broken),
              "--no-report", cwd=tmp_path)
    assert res.returncode == cli.EXIT_RUBRIC
    assert "invalid rubric" in res.stdout and "1 graded now" in res.stdout
    # A reference the rubric needs is missing: an evaluator error, exit 5.
    text = (rubrics / "mini-word.xml").read_text().replace(
        'op="equals" expected="Notice"', 'op="equals" expected-from="reference"')
    (rubrics / "mini-word.xml").write_text(text)
    (tmp_path / "files" / "reference.docx").unlink()
    res = run("batch", str(m), "-o", "o5", "--tasks", str(rubrics), "--no-report",
              cwd=tmp_path)
    assert res.returncode == cli.EXIT_EVAL_ERROR, res.stdout + res.stderr


def _sigint_at_default() -> None:
    """Run in the child before exec: Ctrl-C from a terminal reaches a program whose SIGINT
    is at its default. A test process left with SIGINT ignored would pass that on, and
    Python then installs no KeyboardInterrupt handler: the interrupt would never arrive."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_cleanly_and_the_batch_resumes(tmp_path):
    rubrics = build_task(tmp_path)
    slow = "import time\ntime.sleep(1.0)\n" + GOOD
    m = manifest(tmp_path / "m.jsonl", [{"task": "mini-word", "model": "m", "sample": i,
                                         "code": slow} for i in range(8)])
    cmd = [sys.executable, "-m", "officeeval", "batch", str(m), "-o", "out", "--tasks",
           str(rubrics), "--jobs", "2", "--no-report"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=_sigint_at_default)
    db = tmp_path / "out" / "results.sqlite"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if sqlite3.connect(db).execute("SELECT COUNT(*) FROM generations").fetchone()[0]:
                break
        except sqlite3.Error:
            pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "run the same command again" in err
    n = sqlite3.connect(db).execute("SELECT COUNT(*) FROM generations").fetchone()[0]
    assert 1 <= n < 8
    res = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0 and f"{8 - n} graded now, {n} already in out" in res.stdout
    rows = sqlite3.connect(db).execute("SELECT outcome, score FROM generations").fetchall()
    assert rows == [("ok", 100.0)] * 8



