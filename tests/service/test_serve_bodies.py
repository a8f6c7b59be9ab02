"""Request bodies held by the server are bounded as a whole: many clients each sending a
large body and stalling before its end cannot grow the server's memory past the body budget
(``--body-budget``); past it a newcomer gets a JSON ``503 busy`` with ``Retry-After`` at
once, counted, and is served again once the held bodies are gone."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

import pytest
from serve_fixtures import RUBRICS, Server, resident, sample

MIB = 1024 * 1024
BODY = 4 * MIB


@pytest.fixture(scope="module")
def budgeted():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--no-recalc", "--max-body", "5M",
                "--body-budget", "16M", "--read-timeout", "20") as s:
        yield s


def _stall(server: Server) -> socket.socket:
    """A connection that sends all of a 4 MiB JSON body but its last byte."""
    where = urlsplit(server.url)
    sock = socket.create_connection((where.hostname, where.port), timeout=30)
    sock.sendall(b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n" % BODY)
    sock.sendall(b'{"task": "word-l1-notice", "document": "' + b"A" * (BODY - 41))
    return sock


def test_stalled_large_bodies_do_not_grow_the_server_past_the_budget(budgeted):
    before = resident(budgeted.proc.pid)
    socks = [_stall(budgeted) for _ in range(30)]  # 120 MiB sent, 16 MiB may be held
    try:
        time.sleep(1.5)
        grown = resident(budgeted.proc.pid) - before
        answers = []
        for s in socks:
            s.settimeout(0.2)
            try:
                answers.append(s.recv(4096))
            except socket.timeout:
                answers.append(b"")
        refused = [a for a in answers if a.startswith(b"HTTP/1.1 503")]
        assert len(refused) == 26 and answers[:4] == [b""] * 4, answers  # 4 x 4 MiB held
        assert all(b'"busy"' in a and b"retry-after" in a.lower() for a in refused)
        assert grown < 48 * MIB, grown / MIB
        with budgeted.client() as c:
            doc = sample("word-l1-notice", "reference.docx").read_bytes()
            busy = c.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                          files={"document": ("r.docx", doc)})
            assert busy.status_code == 503 and busy.json()["error"] == "busy"
            text = c.get("/metrics").text
        assert "officeeval_body_bytes_held 16777216" in text
    finally:
        for s in socks:
            s.close()
    time.sleep(1.0)
    with budgeted.client() as c:
        doc = sample("word-l1-notice", "reference.docx").read_bytes()
        ok = c.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                    files={"document": ("r.docx", doc)})
        assert ok.status_code == 200 and ok.json()["score"] == 100
        text = c.get("/metrics").text
    assert 'officeeval_requests_total{endpoint="/v1/score",status="503"} 27' in text
    assert "officeeval_body_bytes_held 0" in text
