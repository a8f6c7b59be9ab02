"""Idle and slow connections against a real server (issue 31, point 1): 300 connections that
send nothing, or a header line now and then, do not keep anyone else from being served;
each is closed within the header deadline (or evicted for a newer connection when the
server holds as many as it may), and every close is counted in ``/metrics``."""

from __future__ import annotations

import socket
import threading
import time
from urllib.parse import urlsplit

import pytest
from serve_fixtures import RUBRICS, Server, sample

HEADER_TIMEOUT = 6.0
DOC = sample("word-l1-notice", "reference.docx").read_bytes()


def _address(server: Server) -> tuple[str, int]:
    where = urlsplit(server.url)
    return where.hostname, where.port


def _open(server: Server, n: int) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.create_connection(_address(server), timeout=30)
        socks.append(s)
    return socks


def _closed_within(sock: socket.socket, seconds: float) -> tuple[float, bytes]:
    """Seconds until the server closed ``sock`` (at most ``seconds``) and what it wrote."""
    started = time.monotonic()
    sock.settimeout(0.2)
    got = b""
    while time.monotonic() - started < seconds:
        try:
            chunk = sock.recv(4096)
        except socket.timeout:
            continue
        except ConnectionResetError:
            break
        if not chunk:
            break
        got += chunk
    return time.monotonic() - started, got


def _metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} not in the metrics")


def _served(server: Server) -> None:
    """Another client's health check and score request are answered, and fast."""
    with server.client(timeout=20) as c:
        started = time.monotonic()
        assert c.get("/healthz").status_code == 200
        resp = c.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                      files={"document": ("r.docx", DOC)})
        assert resp.status_code == 200 and resp.json()["score"] == 100, resp.text
        assert time.monotonic() - started < 10


@pytest.fixture(scope="module")
def watched():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--no-recalc", "--header-timeout",
                str(HEADER_TIMEOUT)) as s:
        yield s


def test_300_idle_connections_neither_block_others_nor_stay(watched):
    opened = time.monotonic()
    idle = _open(watched, 300)
    served: list = []

    def other_client() -> None:
        try:
            _served(watched)
            served.append(time.monotonic() - opened)
        except BaseException as exc:  # noqa: BLE001 - reported by the test below
            served.append(exc)

    meanwhile = threading.Thread(target=other_client)
    meanwhile.start()
    try:
        closed = []
        for s in idle:  # when each was closed, counted from when they were opened
            _, got = _closed_within(s, HEADER_TIMEOUT + 10 - (time.monotonic() - opened))
            closed.append((time.monotonic() - opened, got))
    finally:
        for s in idle:
            s.close()
    meanwhile.join(60)
    assert served and isinstance(served[0], float), served
    assert served[0] < HEADER_TIMEOUT or closed[0][0] >= served[0]  # served while held
    assert max(t for t, _ in closed) < HEADER_TIMEOUT + 4, max(t for t, _ in closed)
    assert min(t for t, _ in closed) >= HEADER_TIMEOUT - 0.5
    assert all(got == b"" for _, got in closed)  # nothing was asked: closed silently
    with watched.client() as c:
        text = c.get("/metrics").text
    assert _metric(text, 'officeeval_connections_closed_total{reason="header_timeout"}') \
        >= 300
    assert 'status="503"' not in text


def test_a_head_sent_a_line_at_a_time_is_cut_off_with_408(watched):
    sock = socket.create_connection(_address(watched), timeout=30)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        got = b""
        for i in range(60):  # a header line every half second: 30 s if let through
            try:
                sock.sendall(f"X-Slow-{i}: {i}\r\n".encode())
            except OSError:
                break
            waited, got = _closed_within(sock, 0.5)
            if got or waited < 0.45:
                break
        elapsed = time.monotonic() - started
    finally:
        sock.close()
    assert elapsed < HEADER_TIMEOUT + 2, elapsed
    assert got.startswith(b"HTTP/1.1 408"), got[:100]
    assert b'"request_timeout"' in got


def test_a_kept_alive_connection_must_send_its_next_head_in_time(watched):
    sock = socket.create_connection(_address(watched), timeout=30)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        first = b""
        while b"}" not in first:
            first += sock.recv(4096)
        assert first.startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /healthz HTTP/1.1\r\n")  # the next head, never finished
        started = time.monotonic()
        for i in range(60):
            try:
                sock.sendall(f"X-Slow-{i}: {i}\r\n".encode())
            except OSError:
                break
            waited, got = _closed_within(sock, 0.5)
            if got or waited < 0.45:
                break
        elapsed = time.monotonic() - started
    finally:
        sock.close()
    assert elapsed < HEADER_TIMEOUT + 2, elapsed


@pytest.fixture(scope="module")
def small():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--no-recalc", "--header-timeout",
                "60", "--max-connections", "50", "--read-timeout", "8") as s:
        yield s


def test_past_the_connection_limit_the_idle_are_evicted_not_the_newcomer(small):
    idle = _open(small, 300)
    try:
        time.sleep(0.5)
        _served(small)
        closed = [s for s in idle if _closed_within(s, 0.05)[0] < 0.05]
        assert len(closed) >= 240  # the oldest went, as newer ones came
        assert idle[-1] not in closed  # the newest were kept
        with small.client() as c:
            text = c.get("/metrics").text
        assert _metric(text, 'officeeval_connections_closed_total{reason="evicted"}') >= 250
        assert _metric(text, "officeeval_connections_open") <= 50
    finally:
        for s in idle:
            s.close()


def test_when_every_connection_is_inside_a_request_a_newcomer_gets_a_json_503(small):
    busy = []
    try:
        for _ in range(50):  # complete heads, bodies never sent: inside a request
            s = socket.create_connection(_address(small), timeout=30)
            s.sendall(b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/"
                      b"json\r\nContent-Length: 1000\r\n\r\n{")
            busy.append(s)
        time.sleep(1.0)
        late = socket.create_connection(_address(small), timeout=30)
        _, got = _closed_within(late, 5)
        late.close()
        assert got.startswith(b"HTTP/1.1 503"), got[:200]
        assert b'"too_many_connections"' in got and b"retry-after: 1" in got
    finally:
        for s in busy:
            s.close()
    time.sleep(1.0)
    with small.client() as c:
        assert c.get("/healthz").status_code == 200
        text = c.get("/metrics").text
    assert _metric(text, 'officeeval_connections_closed_total{reason="refused"}') >= 1
