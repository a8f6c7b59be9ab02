"""What one client's costly request costs the others (issue 31, point 5). An inline rubric
with a regular expression whose time explodes is refused (422) before grading; one that is
merely slow (polynomial: no static check tells it) is cut at ``--inline-timeout`` (504),
and inline-rubric jobs hold at most all workers but one, so a task's request is answered
meanwhile."""

from __future__ import annotations

import threading
import time

import httpx
import pytest
from serve_fixtures import INLINE_RUBRIC, RUBRICS, Server, sample, word_text

REF = sample("word-l1-notice", "reference.docx").read_bytes()
DIGITS = word_text("1" * 3000)


def _rubric(pattern: str, rid: str) -> str:
    return INLINE_RUBRIC.replace('id="inline-hello"', f'id="{rid}"').replace(
        'op="equals" expected="Hello"', f'op="matches" expected="{pattern}"')


@pytest.fixture(scope="module")
def fair():
    with Server("--tasks", str(RUBRICS), "--jobs", "2", "--queue", "8", "--no-recalc",
                "--inline-timeout", "4") as s:
        yield s


def test_an_exploding_pattern_is_refused_before_grading(fair):
    with fair.client() as c:
        for pattern in (r"^(\w+\s?)*$", r"(a|aa)+x", r"(\d*)*x"):
            started = time.monotonic()
            resp = c.post("/v1/score", data={"rubric": _rubric(pattern, "bomb")},
                          files={"document": ("d.docx", DIGITS)})
            assert resp.status_code == 422, resp.text
            body = resp.json()
            assert body["error"] == "invalid_rubric" and "exponentially" in body["detail"]
            assert pattern in body["issues"][0]
            assert time.monotonic() - started < 3


def test_slow_inline_rubrics_leave_a_worker_to_the_tasks_and_are_cut(fair):
    slow = r"\d*\d*\d*\d*\d*x"  # not exploding in shape, but n^5 on 3000 digits
    results: dict = {}

    def inline(i: int) -> None:
        with httpx.Client(base_url=fair.url, timeout=120) as c:
            results[i] = c.post("/v1/score", data={"rubric": _rubric(slow, f"slow-{i}")},
                                files={"document": ("d.docx", DIGITS)})

    threads = [threading.Thread(target=inline, args=(i,)) for i in range(2)]
    started = time.monotonic()
    for t in threads:
        t.start()
    with fair.client() as c:
        for _ in range(100):
            if c.get("/healthz").json()["running"] >= 1:
                break
            time.sleep(0.05)
        task_started = time.monotonic()
        resp = c.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                      files={"document": ("r.docx", REF)})
        task_took = time.monotonic() - task_started
        assert resp.status_code == 200 and resp.json()["score"] == 100
        assert c.get("/healthz").json()["running"] >= 1  # an inline job still held its worker
    assert task_took < 3, task_took
    for t in threads:
        t.join(60)
    took = time.monotonic() - started
    for i in range(2):
        assert results[i].status_code == 504, results[i].text
        assert results[i].json()["error"] == "grading_timeout"
    assert 8 <= took < 20, took  # one after the other, each cut at 4 s


def test_a_flooding_address_does_not_keep_another_waiting_behind_its_queue():
    """Clients from two addresses (127.0.0.2 floods, 127.0.0.3 sends one request): with one
    worker, the second address's request is the next graded, not the flood's sixth."""
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--queue", "8",
                "--no-recalc") as s:
        done: dict = {}

        def send(source: str, name: str, seconds: float) -> None:
            transport = httpx.HTTPTransport(local_address=source)
            with httpx.Client(base_url=s.url, timeout=120, transport=transport) as c:
                c.post("/v1/run?detail=summary", json={
                    "task": "word-l1-notice", "code": f"import time\ntime.sleep({seconds})"})
            done[name] = time.monotonic()

        flood = [threading.Thread(target=send, args=("127.0.0.2", f"flood{i}", 1.5))
                 for i in range(5)]
        for t in flood:
            t.start()
            time.sleep(0.1)
        with s.client() as c:
            for _ in range(100):
                if c.get("/healthz").json()["queued"] >= 4:
                    break
                time.sleep(0.05)
        other = threading.Thread(target=send, args=("127.0.0.3", "other", 0))
        other.start()
        for t in flood + [other]:
            t.join(120)
    order = sorted(done, key=done.get)
    assert order.index("other") <= 1, order  # after the flood's running job at most
