"""The service's options, request helpers and metrics text, without a server; and the
command's usage errors, run as a user would."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from serve_fixtures import REPO

from officeeval.runner.limits import Limits
from officeeval.service.inputs import BadRequest, capped_limits, _filename, _suffix
from officeeval.service.metrics import Histogram, Metrics
from officeeval.service.options import OptionsError, ServeOptions, is_loopback, \
    token_from_env
from officeeval.service.server import bind


@pytest.mark.parametrize("host,loopback", [
    ("127.0.0.1", True), ("127.3.4.5", True), ("localhost", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("::", False), ("192.168.1.10", False),
    ("example.org", False), ("", False)])
def test_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_a_token_is_required_off_loopback():
    with pytest.raises(OptionsError, match="needs a bearer token"):
        ServeOptions(host="0.0.0.0").check()
    ServeOptions(host="0.0.0.0", token="x" * 16).check()
    ServeOptions(host="127.0.0.1").check()
    with pytest.raises(OptionsError, match="at least 16"):
        ServeOptions(token="short").check()
    for bad in (dict(jobs=0), dict(queue=-1), dict(port=70000), dict(grade_timeout=0),
                dict(max_body=10), dict(header_timeout=0), dict(inline_timeout=-1),
                dict(graceful_timeout=0), dict(max_connections=2), dict(worker_memory=1),
                dict(recycle_rss=0), dict(recycle_rss=8 << 30), dict(recycle_jobs=0),
                dict(body_budget=1024)):
        with pytest.raises(OptionsError):
            ServeOptions(**bad).check()


def test_token_from_env(monkeypatch):
    assert token_from_env(None) is None
    monkeypatch.setenv("OE_T", "  abc  ")
    assert token_from_env("OE_T") == "abc"
    monkeypatch.setenv("OE_T", "")
    with pytest.raises(OptionsError, match="unset or empty"):
        token_from_env("OE_T")


def test_requests_may_lower_limits_never_raise_them():
    server = Limits(timeout=30, memory=1024 ** 3)
    got = capped_limits(server, {"timeout": 5, "memory": "4G", "processes": 8})
    assert (got.timeout, got.memory, got.processes) == (5, 1024 ** 3, 8)
    assert capped_limits(server, None) is server
    with pytest.raises(BadRequest, match="unknown limit"):
        capped_limits(server, {"network": True})


def test_client_file_names_are_reduced_to_harmless_base_names():
    assert _filename("../../etc/passwd") == "passwd"
    assert _filename("C:\\Users\\x\\out.docx") == "out.docx"
    assert _filename("a\nb\x00.docx") == "ab.docx"
    assert _filename(None) == ""
    assert (_suffix("x.DOCX"), _suffix("x.exe"), _suffix("")) == (".docx", ".bin", ".bin")


def test_histogram_text():
    h = Histogram("t_seconds", "doc", ("endpoint",), buckets=(0.1, 1.0))
    for v in (0.05, 0.1, 0.5, 3.0):
        h.observe(v, "/x")
    lines = list(h.render())
    assert 't_seconds_bucket{endpoint="/x",le="0.1"} 2' in lines
    assert 't_seconds_bucket{endpoint="/x",le="1"} 3' in lines
    assert 't_seconds_bucket{endpoint="/x",le="+Inf"} 4' in lines
    assert 't_seconds_count{endpoint="/x"} 4' in lines
    assert 't_seconds_sum{endpoint="/x"} 3.65' in lines


def test_metrics_text_escapes_labels_and_reads_gauges():
    m = Metrics()
    m.outcomes.inc("word", 'we"ird\n')
    m.gauge("g_depth", "depth", lambda: 3)
    m.gauge("g_absent", "absent", lambda: None)
    text = m.render()
    assert 'officeeval_outcomes_total{app="word",outcome="we\\"ird\\n"} 1' in text
    assert "g_depth 3" in text and "g_absent" not in text
    assert "officeeval_eval_errors_total 0" in text


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", "serve", *args],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def test_usage_errors_exit_2():
    res = run("--host", "0.0.0.0")
    assert res.returncode == 2 and "needs a bearer token" in res.stderr
    res = run("--token-env", "OE_SURELY_UNSET_VARIABLE")
    assert res.returncode == 2 and "unset or empty" in res.stderr
    res = run("--max-body", "lots")
    assert res.returncode == 2 and "--max-body" in res.stderr
    res = run("--keep-documents")
    assert res.returncode == 2 and "needs --store" in res.stderr
    res = run("--tasks", "rubrics", "--tasks", "no-such-folder")  # not a server of 0 tasks
    assert res.returncode == 2 and "--tasks no-such-folder: no such" in res.stderr


def test_the_listening_socket_says_tcp_so_answers_go_out_without_delay():
    # asyncio sets TCP_NODELAY only on sockets created with IPPROTO_TCP; without it every
    # answer on a keep-alive connection waited ~40 ms for the client's delayed ACK.
    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP and sock.getsockname()[1] > 0
        with pytest.raises(OptionsError, match="cannot listen"):
            bind("127.0.0.1", sock.getsockname()[1])
    finally:
        sock.close()
