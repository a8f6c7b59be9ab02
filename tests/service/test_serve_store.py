"""The results store of a real server: rows like a batch's (``officeeval report`` reads
them), request ids that make retries replace their row, and restarts with requests in
flight: a killed server leaves no half-written row, a stopped one finishes what it has."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from serve_fixtures import REPO, RUBRICS, Server, sample, solution

from officeeval.rubric import load_rubric

SLOW = "import time\ntime.sleep({})\n"


def _rows(store: Path) -> list[tuple]:
    with sqlite3.connect(store / "results.sqlite") as c:
        return c.execute("SELECT key, task, model, sample, outcome, score FROM generations "
                         "ORDER BY sample").fetchall()


def _consistent(store: Path) -> int:
    """Every stored generation is whole: all its criteria, checks for each judged one, no
    row without its generation. Returns the number of generations."""
    with sqlite3.connect(store / "results.sqlite") as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        gens = c.execute("SELECT key, task, outcome FROM generations").fetchall()
        for key, task, outcome in gens:
            n = c.execute("SELECT COUNT(*) FROM criteria WHERE gen_key = ?", (key,)
                          ).fetchone()[0]
            expected = len(load_rubric(RUBRICS / f"{task}.xml").criteria)
            assert n == expected, (key, n, expected)
            if outcome == "ok":
                assert c.execute("SELECT COUNT(*) FROM checks WHERE gen_key = ?", (key,)
                                 ).fetchone()[0] >= n
        for table in ("criteria", "checks", "turns"):
            orphans = c.execute(f"SELECT COUNT(*) FROM {table} WHERE gen_key NOT IN "
                                "(SELECT key FROM generations)").fetchone()[0]
            assert orphans == 0, table
    return len(gens)


def test_results_are_stored_like_a_batch_and_reported(tmp_path):
    store = tmp_path / "rl-run"
    with Server("--tasks", str(RUBRICS), "--jobs", "2", "--no-recalc", "--store",
                str(store), "--keep-documents") as s, s.client() as c:
        doc = sample("word-l1-notice", "reference.docx").read_bytes()
        first = c.post("/v1/score", data={"task": "word-l1-notice", "model": "step-10",
                                          "id": "rollout-1"},
                       files={"document": ("a.docx", doc)})
        assert first.status_code == 200
        key = first.headers["x-officeeval-key"]
        again = c.post("/v1/score", data={"task": "word-l1-notice", "model": "step-10",
                                          "id": "rollout-1", "sample": "1"},
                       files={"document": ("a.docx", doc)})
        assert again.headers["x-officeeval-key"] == key  # a retry replaces its row
        c.post("/v1/score", data={"task": "ppt-l1-campus", "model": "step-10"},
               files={"document": ("b.pptx", sample("ppt-l1-campus", "input.pptx")
                                   .read_bytes())})
        ran = c.post("/v1/run", json={"task": "word-l1-notice", "model": "step-20",
                                      "code": solution("word-l1-notice")})
        assert ran.status_code == 200 and ran.headers["x-officeeval-sample"]
        assert "officeeval_stored_total 4" in c.get("/metrics").text
    rows = _rows(store)
    assert [(r[1], r[2], r[4], r[5]) for r in rows] == [
        ("word-l1-notice", "step-10", "ok", 100.0),
        ("ppt-l1-campus", "step-10", "ok", rows[1][5]),
        ("word-l1-notice", "step-20", "ok", 100.0)]
    assert rows[1][5] < 60
    assert len({r[3] for r in rows}) == 3  # distinct sample numbers
    assert (store / "documents" / f"{key}.docx").read_bytes() == doc
    assert _consistent(store) == 3
    with sqlite3.connect(store / "results.sqlite") as conn:  # a run has its turn, as in batch
        turns = conn.execute("SELECT g.model, t.turn, t.outcome, t.score FROM turns t JOIN "
                             "generations g ON g.key = t.gen_key").fetchall()
    assert turns == [("step-20", 1, "ok", 100.0)]
    out = subprocess.run([sys.executable, "-m", "officeeval", "report", str(store)],
                         cwd=str(REPO), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert (store / "report" / "index.html").is_file()
    tasks_csv = (store / "report" / "tasks.csv").read_text(encoding="utf-8")
    assert tasks_csv.count("step-10") == 2 and tasks_csv.count("step-20") == 1


def _fire(url: str, n: int, code: str, results: dict) -> list[threading.Thread]:
    def one(i: int) -> None:
        try:
            with httpx.Client(base_url=url, timeout=120) as c:
                results[i] = c.post("/v1/run", json={"task": "word-l1-notice",
                                                     "code": code, "id": f"req-{i}"})
        except httpx.HTTPError as exc:
            results[i] = exc
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    return threads


def _wait_running(server: Server, n: int) -> None:
    with server.client() as c:
        for _ in range(400):
            if c.get("/healthz").json()["running"] >= n:
                return
            time.sleep(0.05)
    raise AssertionError("the requests never reached the workers")


def test_a_killed_server_leaves_no_half_written_row_and_a_new_one_resumes(tmp_path):
    store = tmp_path / "store"
    code = SLOW.format(1.5) + solution("word-l1-notice")
    args = ("--tasks", str(RUBRICS), "--jobs", "2", "--no-recalc", "--store", str(store))
    results: dict = {}
    s = Server(*args)
    threads = _fire(s.url, 5, code, results)
    _wait_running(s, 2)
    s.kill()  # kill -9 with two programs running and three requests queued
    for t in threads:
        t.join(60)
    assert len(results) == 5
    assert all(isinstance(r, httpx.HTTPError) for r in results.values()), results
    stored = _consistent(store)
    assert stored <= 2  # at most what the workers committed before they died
    with Server(*args) as again:
        results.clear()
        for t in _fire(again.url, 5, code, results):
            t.join(120)
        assert [r.status_code for r in results.values()] == [200] * 5
    assert _consistent(store) == 5  # the retries replaced whatever had been committed
    assert {r[5] for r in _rows(store)} == {100.0}


def test_a_stopped_server_finishes_its_requests_in_flight(tmp_path):
    store = tmp_path / "store"
    code = SLOW.format(1.5) + solution("word-l1-notice")
    results: dict = {}
    s = Server("--tasks", str(RUBRICS), "--jobs", "2", "--no-recalc", "--store", str(store))
    threads = _fire(s.url, 2, code, results)
    _wait_running(s, 2)
    assert s.stop(signal.SIGTERM) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal
    for t in threads:
        t.join(60)
    assert [r.status_code for r in results.values()] == [200, 200]
    assert _consistent(store) == 2
    try:
        httpx.get(s.url + "/healthz", timeout=5)
    except httpx.HTTPError:
        pass
    else:
        raise AssertionError("the stopped server still answers")
