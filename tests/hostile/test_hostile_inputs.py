"""Every hostile input ends in a clear outcome, in bounded memory and CPU, reading nothing
outside the package and touching no network.

Each case (tests/hostile/hostile_cases.py) is built in a temp dir at test time and graded in
a child process (hostile_child.py) that runs under RLIMIT_AS and RLIMIT_CPU: it must finish
under them with exit status 0 and no traceback. The outcome must be the case's (an
``invalid_package`` ScoreCard naming the stage, or ``ok`` with exactly the damaged criteria
failing), never an ``eval_error``; ``inspect`` must survive the document; no part may be
parsed twice and bombs must be refused before inflating (counts from ``Package.stats``).
Reading outside the package is caught three ways: a FIFO sentinel (whoever opens it is
seen by a watcher thread), a secret file whose text must never appear in any output, and a
local TCP listener that must never get a connection.
"""

from __future__ import annotations

import json
import os
import resource
import select
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hostile_cases import RUBRICS, Case, Ctx, all_cases  # noqa: E402

# Bounds every hostile case must finish under (the child is killed past them).
MEMORY_LIMIT = 2 * 1024**3          # RLIMIT_AS: address space, bytes
CPU_LIMIT = 40                      # RLIMIT_CPU: seconds of CPU
WALL_TIMEOUT = 900                  # only a safety net against a blocked child
MAX_INFLATED_ANY = 600 * 1024**2    # no case may make us inflate more than this

SECRET_TEXT = "SENTINEL-7f3a9c-never-read"


@dataclass
class Env:
    root: Path
    ctx: Ctx
    listener: socket.socket
    fifo_opened: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def connections(self) -> int:
        n = 0
        while select.select([self.listener], [], [], 0)[0]:
            conn, _ = self.listener.accept()
            conn.close()
            n += 1
        return n


def _watch_fifo(env: Env) -> None:
    """Open the FIFO's write end whenever a reader has opened it (O_NONBLOCK succeeds only
    then), record it, and release the reader so it cannot hang."""
    while not env.stop.is_set():
        try:
            fd = os.open(env.ctx.fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            time.sleep(0.005)
            continue
        env.fifo_opened.append(time.strftime("%H:%M:%S"))
        try:
            os.write(fd, b"<x/>")
        finally:
            os.close(fd)


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> Env:
    root = tmp_path_factory.mktemp("hostile")
    fifo = root / "sentinel.fifo"
    os.mkfifo(fifo)
    secret = root / "secret.txt"
    secret.write_text(SECRET_TEXT)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    port = listener.getsockname()[1]
    e = Env(root, Ctx(str(fifo), str(secret), SECRET_TEXT, f"http://127.0.0.1:{port}/"),
            listener)
    watcher = threading.Thread(target=_watch_fifo, args=(e,), daemon=True)
    watcher.start()
    yield e
    e.stop.set()
    watcher.join(timeout=2)
    listener.close()


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))


def run_child(env: Env, case: Case) -> tuple[subprocess.CompletedProcess, dict | None]:
    path = env.root / case.filename
    path.write_bytes(case.build(env.ctx))
    rubric = RUBRICS / f"hostile-{case.app}.xml"
    child_env = dict(os.environ)
    if not case.extra.get("recalc"):
        # Recalculation (LibreOffice) only where a case is about it: the others keep every
        # formula's cached value, and must not depend on LibreOffice being installed.
        child_env["OFFICEEVAL_SOFFICE"] = "none"
    proc = subprocess.run([sys.executable, str(HERE / "hostile_child.py"), str(rubric),
                           str(path)], capture_output=True, text=True, timeout=WALL_TIMEOUT,
                          preexec_fn=_limits, cwd=env.root, env=child_env)
    path.unlink()
    result = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 \
        and proc.stdout.strip() else None
    return proc, result


CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input(env: Env, case: Case) -> None:
    if case.extra.get("recalc"):
        from officeeval.recalc import available
        if not available():
            pytest.skip("LibreOffice is not installed: nothing recalculates")
    opened_before = len(env.fifo_opened)
    proc, out = run_child(env, case)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, (
        f"child failed (rc={proc.returncode}, a negative rc is the signal that killed it: "
        f"-9/-24 = over the memory/CPU bounds)\n{proc.stderr[-3000:]}")
    assert out is not None
    card = out["card"]

    # Nothing outside the package: no sentinel opened, no secret echoed, no connection.
    assert len(env.fifo_opened) == opened_before, "the FIFO sentinel was opened"
    assert SECRET_TEXT not in proc.stdout and SECRET_TEXT not in proc.stderr
    assert env.connections() == 0, "a network connection reached the local listener"
    allowed = ("subprocess.Popen",) if case.extra.get("recalc") else ()
    events = [e for e in out["events"] if e[0] not in allowed]
    assert events == [], f"audited events: {events}"

    # The outcome.
    if case.outcome == "invalid_package":
        assert card["outcome"] == "invalid_package", _summary(card)
        assert card["outcome_detail"].startswith(f"{case.stage}:"), card["outcome_detail"]
        assert all(c["status"] == "skipped" for c in card["criteria"])
        assert card["score"] == 0
    else:
        assert card["outcome"] == "ok", card.get("outcome_detail")
        statuses = {c["id"]: c["status"] for c in card["criteria"]}
        for cid, status in statuses.items():
            if cid in case.failing:
                assert status in ("fail", "not_found"), (cid, status, _summary(card))
            else:
                assert status == "pass", (cid, status, _summary(card))
    assert card["eval_errors"] == 0, _summary(card)
    for crit in card["criteria"]:
        for check in crit["checks"]:
            assert not check["detail"].startswith("evaluator error:"), check

    # inspect survives the document; its errors are damaged parts, never our bugs.
    for row in out["inspect_errors"]:
        assert row["error"].startswith(("PackageError", "UnverifiableValue")), row
    if case.outcome == "ok":
        assert out["inspect_open"] is None and out["inspect_rows"] > 0

    # Counts from the package: parsed at most once, bombs refused before inflating.
    for stats in out["packages"]:
        assert all(n == 1 for n in stats["parses"].values()), stats["parses"]
        assert stats["bytes_inflated"] <= MAX_INFLATED_ANY
    if case.max_inflated is not None and out["packages"]:
        assert out["packages"][0]["bytes_inflated"] <= case.max_inflated, out["packages"][0]


def _summary(card: dict) -> str:
    return "; ".join(f"{c['id']}={c['status']}" + (
        f" ({c['checks'][0]['actual']!r}: {c['checks'][0]['detail'][:80]})"
        if c["checks"] and c["status"] != "pass" else "") for c in card["criteria"])


def test_every_hostile_rubric_scores_the_base_100(env: Env) -> None:
    """The yardstick: the untouched base documents score 100, so a failing criterion in a
    hostile case is the damage, not the rubric."""
    bases = [c for c in CASES if c.name.startswith("base")]
    assert {c.app for c in bases} == {c.app for c in CASES}
    for case in bases:
        _, out = run_child(env, case)
        assert out is not None and out["card"]["score"] == 100, _summary(out["card"])
