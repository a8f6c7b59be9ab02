"""Authentication and limits on a real server: the bearer token, --expose-rubrics, body
size (413) and time (408), grading time (504, the worker replaced) and a full queue (429
with Retry-After)."""

from __future__ import annotations

import socket
import threading
import time
from urllib.parse import urlsplit

import httpx
import pytest
from serve_fixtures import RUBRICS, TOKEN, Server, sample

AUTH = {"Authorization": f"Bearer {TOKEN}"}
SLEEPER = "import time\ntime.sleep({})\n"


@pytest.fixture(scope="module")
def guarded():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--queue", "1", "--no-recalc",
                "--token-env", "OE_TEST_TOKEN", "--max-body", "200K", "--read-timeout", "1",
                "--grade-timeout", "0.001", "--expose-rubrics",
                env={"OE_TEST_TOKEN": TOKEN}) as s:
        yield s


def test_the_token_is_required_except_for_health_and_the_api_document(guarded):
    with guarded.client() as c:
        for path in ("/v1/tasks", "/metrics", "/v1/tasks/word-l1-notice"):
            resp = c.get(path)
            assert resp.status_code == 401, path
            assert resp.headers["www-authenticate"].startswith("Bearer")
            assert c.get(path, headers={"Authorization": "Bearer wrong"}).status_code == 401
            assert c.get(path, headers=AUTH).status_code == 200
        assert c.post("/v1/score", files={"document": ("a.docx", b"x")}).status_code == 401
        assert c.get("/healthz").status_code == 200
        assert c.get("/openapi.json").status_code == 200


def test_expose_rubrics_shows_expected_values_and_the_reference(guarded):
    with guarded.client(headers=AUTH) as c:
        detail = c.get("/v1/tasks/word-l1-notice").json()
        check = detail["criteria"][0]["checks"][0]
        assert (check["property"], check["expected"]) == ("font.east_asia", "黑体")
        assert detail["criteria"][0]["description"] == "标题中文字体为黑体"
        assert "<rubric" in detail["rubric_xml"]
        assert "reference" in [f["role"] for f in detail["files"]]
        ref = c.get("/v1/tasks/word-l1-notice/files/reference.docx")
        assert ref.content == sample("word-l1-notice", "reference.docx").read_bytes()


def test_bodies_over_the_size_limit_are_refused(guarded):
    big = b"\0" * 300_000
    with guarded.client(headers=AUTH) as c:
        resp = c.post("/v1/score", data={"task": "word-l1-notice"},
                      files={"document": ("big.docx", big)})
        assert resp.status_code == 413 and resp.json()["error"] == "too_large"

        def chunks():  # no Content-Length: refused while it streams
            for _ in range(30):
                yield b"\0" * 20_000
        resp = c.post("/v1/score", content=chunks(),
                      headers={"content-type": "application/json"})
        assert resp.status_code == 413 and resp.json()["error"] == "too_large"


def test_a_body_sent_too_slowly_is_refused(guarded):
    where = urlsplit(guarded.url)
    with socket.create_connection((where.hostname, where.port), timeout=30) as sock:
        sock.sendall(b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 1000\r\nAuthorization: " + AUTH[
                         "Authorization"].encode() + b"\r\n\r\n{\"task\": ")
        started = time.monotonic()
        answer = b""
        while b"}" not in answer:  # headers and body may come in separate segments
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"request_timeout" in answer
    assert time.monotonic() - started < 15


def test_grading_past_its_time_limit_is_504_and_the_worker_is_replaced(guarded):
    with guarded.client(headers=AUTH) as c:
        resp = c.post("/v1/score", data={"task": "word-l1-notice"},
                      files={"document": ("r.docx",
                                          sample("word-l1-notice", "reference.docx")
                                          .read_bytes())})
        assert resp.status_code == 504 and resp.json()["error"] == "grading_timeout"
        metrics = c.get("/metrics").text
        assert "officeeval_grading_timeouts_total 1" in metrics
        assert "officeeval_worker_restarts_total 1" in metrics
        assert c.get("/healthz").json()["status"] == "ok"


def test_a_full_queue_answers_429_with_retry_after(guarded):
    results: dict[str, httpx.Response] = {}

    def send(name: str, seconds: float) -> None:
        with guarded.client(headers=AUTH) as c:
            results[name] = c.post("/v1/run", json={"task": "word-l1-notice",
                                                    "code": SLEEPER.format(seconds)})

    first = threading.Thread(target=send, args=("running", 4))
    first.start()
    with guarded.client(headers=AUTH) as c:
        for _ in range(100):  # until the worker has the first program
            if c.get("/healthz").json()["running"] == 1:
                break
            time.sleep(0.05)
        second = threading.Thread(target=send, args=("queued", 0))
        second.start()
        for _ in range(100):
            if c.get("/healthz").json()["queued"] == 1:
                break
            time.sleep(0.05)
        refused = c.post("/v1/run", json={"task": "word-l1-notice", "code": "pass"})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == "queue_full"
        assert int(refused.headers["retry-after"]) >= 1
    first.join(60)
    second.join(60)
    assert results["running"].status_code == 200
    assert results["running"].json()["scorecard"]["outcome"] == "no_output"
    assert results["queued"].status_code == 200
    with guarded.client(headers=AUTH) as c:
        assert 'officeeval_requests_total{endpoint="/v1/run",status="429"} 1' in \
            c.get("/metrics").text
