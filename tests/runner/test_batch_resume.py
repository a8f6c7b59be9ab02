"""Killing a batch with SIGKILL half-way and running it again ends with exactly one result
per generation, identical (outcomes, scores, criterion statuses) to an uninterrupted run;
nothing the killed batch started survives it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from runner_fixtures import CRASH, GOOD, PARTIAL, WRONG_NAME
from runner_sandboxes import marker, processes_with

OFFICEEVAL = [sys.executable, "-m", "officeeval"]


def slow(code: str, tag: str) -> str:
    # Each program lingers (with a child carrying the marker) so the kill lands mid-run.
    return ("import subprocess, sys, time\n"
            f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)', "
            f"'{tag}'])\n"
            "time.sleep(0.8)\n" + code)


def manifest(path: Path, tag: str) -> Path:
    programs = [GOOD, PARTIAL, CRASH, WRONG_NAME] * 3
    path.write_text("".join(json.dumps({"task": "mini-word", "model": f"sim-{i % 3}",
                                        "sample": i, "code": slow(p, tag)}) + "\n"
                            for i, p in enumerate(programs)), encoding="utf-8")
    return path


def command(m: Path, out: Path, rubrics: Path) -> list[str]:
    return OFFICEEVAL + ["batch", str(m), "-o", str(out), "--tasks", str(rubrics),
                         "--jobs", "2", "--no-report", "--timeout", "60"]


def results(out: Path) -> dict[str, tuple]:
    con = sqlite3.connect(out / "results.sqlite")
    gens = {k: (t, m, s, o, sc, tot, p) for k, t, m, s, o, sc, tot, p in con.execute(
        "SELECT key, task, model, sample, outcome, score, total, passed FROM generations")}
    crit: dict[str, list] = {}
    for k, cid, st, earned in con.execute(
            "SELECT gen_key, criterion_id, status, earned FROM criteria ORDER BY criterion_id"):
        crit.setdefault(k, []).append((cid, st, earned))
    n_checks = con.execute("SELECT COUNT(*) FROM checks").fetchone()[0]
    return {k: v + (tuple(crit.get(k, [])),) for k, v in gens.items()} | {"#checks": n_checks}


def _describe(pid: int) -> str:
    """State and ancestry of a process, to say why it survived."""
    chain = []
    while pid > 1 and len(chain) < 8:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")[:80]
        except OSError:
            break
        rest = stat[stat.rfind(")") + 2:].split()
        chain.append(f"{pid} {rest[0]} {cmd.decode(errors='replace')}")
        pid = int(rest[1])
    return " <- ".join(chain)


def test_sigkill_half_way_then_resume(task_root, tmp_path):
    tag = marker()
    m = manifest(tmp_path / "m.jsonl", tag)
    rubrics = task_root / "rubrics"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    # The uninterrupted run.
    full = tmp_path / "full"
    done = subprocess.run(command(m, full, rubrics), capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr

    # A run killed half-way.
    part = tmp_path / "part"
    proc = subprocess.Popen(command(m, part, rubrics), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env)
    db = part / "results.sqlite"
    deadline = time.monotonic() + 120
    n = 0
    while time.monotonic() < deadline:
        if db.exists():
            try:
                n = sqlite3.connect(db).execute("SELECT COUNT(*) FROM generations").fetchone()[0]
            except sqlite3.Error:
                n = 0
            if n >= 4:
                break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert 4 <= n < 12, n
    # Everything it started dies with it: workers, sandboxes, the programs' children.
    end = time.monotonic() + 30
    while processes_with(tag) and time.monotonic() < end:
        time.sleep(0.1)
    left = {pid: _describe(pid) for pid in processes_with(tag)}
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == {}
    killed = sqlite3.connect(db).execute("SELECT COUNT(*) FROM generations").fetchone()[0]
    assert killed < 12

    resumed = subprocess.run(command(m, part, rubrics), capture_output=True, text=True,
                             env=env, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{12 - killed} graded now, {killed} already in" in resumed.stdout

    a, b = results(full), results(part)
    assert len(a) - 1 == 12 and a == b
    outcomes = sorted({v[3] for k, v in a.items() if k != "#checks"})
    assert outcomes == ["exec_error", "no_output", "ok"]
