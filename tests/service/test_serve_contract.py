"""The service's answers under load and at its stop keep their contract (issue 31, point 6):
``Retry-After`` tells the real wait when every worker is stuck on a slow job, and requests
cut by the SIGTERM drain get the JSON ``503 shutting_down`` a client retries on, never a
plain-text 500 with a traceback."""

from __future__ import annotations

import signal
import threading
import time

import httpx
from serve_fixtures import RUBRICS, Server

from officeeval.client import Client

SLEEP = "import time\ntime.sleep({})\n"


def _run(url: str, seconds: float, out: dict, name: str) -> None:
    try:
        with httpx.Client(base_url=url, timeout=120) as c:
            out[name] = c.post("/v1/run?detail=summary",
                               json={"task": "word-l1-notice", "code": SLEEP.format(seconds)})
    except httpx.HTTPError as exc:
        out[name] = exc


def _wait_running(server: Server, n: int) -> None:
    with server.client() as c:
        for _ in range(400):
            if c.get("/healthz").json()["running"] >= n:
                return
            time.sleep(0.05)
    raise AssertionError("the requests never reached the workers")


def test_retry_after_grows_with_the_time_the_workers_have_been_stuck():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--queue", "0",
                "--no-recalc") as s:
        with s.client() as c:  # a few fast jobs first: the mean time per job is small
            for _ in range(3):
                assert c.post("/v1/run", json={"task": "word-l1-notice",
                                               "code": "pass"}).status_code == 200
        out: dict = {}
        slow = threading.Thread(target=_run, args=(s.url, 8, out, "slow"))
        slow.start()
        _wait_running(s, 1)
        time.sleep(3)
        with s.client() as c:
            refused = c.post("/v1/run", json={"task": "word-l1-notice", "code": "pass"})
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 3, refused.headers["retry-after"]
        # The client, waiting as it is told, gets its answer with its default 3 retries
        # (told 1 s each time, it gave up after about 3 s).
        started = time.monotonic()
        with Client(s.url) as client:
            got = client.run("word-l1-notice", "pass", detail="summary")
        assert got["scorecard"]["outcome"] == "no_output"
        assert time.monotonic() - started >= 2
        slow.join(60)
        assert out["slow"].status_code == 200


def test_requests_cut_by_the_drain_get_json_503():
    s = Server("--tasks", str(RUBRICS), "--jobs", "1", "--queue", "4", "--no-recalc",
               "--graceful-timeout", "3")
    try:
        out: dict = {}
        threads = [threading.Thread(target=_run, args=(s.url, 60, out, f"r{i}"))
                   for i in range(3)]  # one running, two queued: none can finish in 3 s
        for t in threads:
            t.start()
        _wait_running(s, 1)
        time.sleep(0.5)
        started = time.monotonic()
        code = s.stop(signal.SIGTERM, wait=30)
        for t in threads:
            t.join(30)
        assert time.monotonic() - started < 10
        assert code in (0, -signal.SIGTERM)
    finally:
        s.kill()
    assert sorted(out) == ["r0", "r1", "r2"]
    for name, resp in out.items():
        assert isinstance(resp, httpx.Response), (name, resp)
        assert resp.status_code == 503, (name, resp.text)
        assert resp.headers["content-type"] == "application/json"
        assert resp.json()["error"] == "shutting_down"
    assert "Traceback" not in "".join(s.stderr), "".join(s.stderr)[-2000:]
