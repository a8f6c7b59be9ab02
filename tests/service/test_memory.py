"""A grading worker's memory is bounded (issue 31, point 4): it grades under an
address-space limit, a document that needs more is ``unevaluable`` (its points lost, kept in
the total: making the grader fail never earns points) and answered, the worker that held it
is replaced rather than keeping what it took, and workers are recycled every N jobs."""

from __future__ import annotations

import time

import pytest
from serve_fixtures import RUBRICS, Server, descendants, paragraphs_doc, resident, sample

MIB = 1024 * 1024
REF = sample("word-l1-notice", "reference.docx").read_bytes()


def _metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} not in the metrics")


@pytest.fixture(scope="module")
def bounded():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--no-recalc", "--worker-memory",
                "600M", "--recycle-rss", "400M", "--recycle-jobs", "4") as s:
        yield s


def test_a_document_over_the_memory_limit_is_unevaluable_and_the_worker_replaced(bounded):
    huge = paragraphs_doc(1_000_000)  # 2.4 MB packed; about 2.5 GB to grade unbounded
    assert len(huge) < 4 * MIB
    with bounded.client(timeout=300) as c:
        before = _metric(c.get("/metrics").text, "officeeval_worker_recycles_total")
        kills = _metric(c.get("/metrics").text, "officeeval_worker_memory_kills_total")
        started = time.monotonic()
        resp = c.post("/v1/score", data={"task": "word-l1-notice"},
                      files={"document": ("huge.docx", huge)})
        took = time.monotonic() - started
        assert resp.status_code == 200, resp.text
        card = resp.json()
        assert card["outcome"] == "ok" and card["score"] == 0 and card["total"] == 100
        assert card["eval_errors"] == 0
        assert {c["failure_class"] for c in card["criteria"]} == {"unevaluable"}
        assert took < 60, took
        text = c.get("/metrics").text
        assert _metric(text, "officeeval_worker_recycles_total") == before + 1
        assert _metric(text, "officeeval_worker_restarts_total") == 0  # none died
        # Ended from outside at its resident limit, before its own address-space limit
        # (where libxml2 or CPython may crash instead of raising MemoryError).
        assert _metric(text, "officeeval_worker_memory_kills_total") == kills + 1
        # What held the document is gone: no process of the server keeps its memory.
        held = max(resident(p) for p in descendants(bounded.proc.pid))
        assert held < 300 * MIB, held / MIB
        assert resident(bounded.proc.pid) < 300 * MIB
        again = c.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                       files={"document": ("r.docx", REF)})
        assert again.status_code == 200 and again.json()["score"] == 100


def test_workers_are_recycled_every_n_jobs(bounded):
    with bounded.client() as c:
        before = _metric(c.get("/metrics").text, "officeeval_worker_recycles_total")
        for _ in range(8):
            resp = c.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                          files={"document": ("r.docx", REF)})
            assert resp.status_code == 200 and resp.json()["score"] == 100
        after = _metric(c.get("/metrics").text, "officeeval_worker_recycles_total")
    assert after - before >= 2
