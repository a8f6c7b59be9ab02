"""Hostile documents and programs sent to a real server are contained as in ``batch``:
graded or run in worker processes and the sandbox, classified, and the server goes on
serving."""

from __future__ import annotations

import socket

import pytest
from serve_fixtures import hostile, sample, solution, word_doc, word_text

from officeeval.runner.limits import Limits

W = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _score(http, data: bytes) -> dict:
    resp = http.post("/v1/score?detail=summary", data={"task": "word-l1-notice"},
                     files={"document": ("hostile.docx", data)})
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_hostile_documents_are_invalid_packages_and_read_nothing(http):
    secret = socket.gethostname()
    bomb = word_doc(b'<?xml version="1.0"?><w:document ' + W + b'><w:body>' +
                    b" " * 24_000_000 + b"</w:body></w:document>")
    assert len(bomb) < 200_000  # a small upload that inflates 24 MB at a ratio > 200
    xxe = word_doc(b'<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY s SYSTEM '
                   b'"file:///etc/hostname">]><w:document ' + W + b'><w:body><w:p><w:r>'
                   b'<w:t>&s;</w:t></w:r></w:p></w:body></w:document>')
    laughs = word_doc(b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
                      + b"".join(b'<!ENTITY %c "&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;">'
                                 % ((98 + i,) + (97 + i,) * 10) for i in range(8))
                      + b']><w:document ' + W + b'><w:body><w:p><w:r><w:t>&i;</w:t></w:r>'
                      b'</w:p></w:body></w:document>')
    cases = {"bomb": (bomb, "limit_exceeded"), "xxe": (xxe, "malformed_xml"),
             "laughs": (laughs, "malformed_xml"), "text": (b"PK\x03\x04 truncated",
                                                           "not_a_zip"),
             "empty": (b"", "not_a_zip")}
    for name, (data, stage) in cases.items():
        card = _score(http, data)
        assert card["outcome"] == "invalid_package", name
        assert stage in card["outcome_detail"], (name, card["outcome_detail"])
        assert card["score"] == 0
        assert secret not in card["outcome_detail"]
    assert http.get("/healthz").json()["status"] == "ok"
    assert _score(http, sample("word-l1-notice", "reference.docx").read_bytes()
                  )["score"] == 100


def test_a_document_of_another_app_is_wrong_format(http):
    card = _score(http, sample("ppt-l1-campus", "reference.pptx").read_bytes())
    assert card["outcome"] == "invalid_package" and "wrong_format" in card["outcome_detail"]
    card = _score(http, word_text("ok"))
    assert card["outcome"] == "ok" and card["score"] < 60


def _run(http, code: str, **limits) -> dict:
    resp = http.post("/v1/run", json={"task": "word-l1-notice", "code": code,
                                      "limits": limits or None})
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_hostile_programs_are_contained_and_the_next_one_runs(http):
    cases = [
        ("fork_bomb", {"processes": 32, "timeout": 30}, "exec_killed",
         "process limit of 32 reached"),
        ("memory_hog", {"memory": "768M", "timeout": 60}, "exec_killed",
         "memory limit of 768 MiB reached"),
        ("endless_loop", {"timeout": 2}, "exec_timeout", ""),
        ("kill_parent", {}, "exec_killed", "killed by SIGKILL"),
        ("not_a_zip", {}, "invalid_package", "not_a_zip"),
    ]
    for name, limits, outcome, detail in cases:
        got = _run(http, hostile(name), **limits)
        card = got["scorecard"]
        assert card["outcome"] == outcome, (name, card["outcome_detail"])
        assert detail in card["outcome_detail"], (name, card["outcome_detail"])
        assert card["score"] == 0
    assert http.get("/healthz").json()["status"] == "ok"
    assert _run(http, solution("word-l1-notice"))["scorecard"]["score"] == 100


def test_a_program_cannot_raise_the_server_limits(http):
    got = _run(http, "import resource\nprint(resource.getrlimit(resource.RLIMIT_AS))\n",
               memory="1T", timeout=99999)
    limits = got["run"]["limits"]
    server = Limits()  # the server runs with the defaults: a request may only lower them
    assert (limits["memory"], limits["timeout"]) == (server.memory, server.timeout)


def test_secrets_are_out_of_reach_under_bubblewrap(http):
    if http.get("/healthz").json()["sandbox"] != "bwrap":
        pytest.skip("bubblewrap is not usable here: rlimits-only mode cannot hide files")
    ref = sample("word-l1-notice", "reference.docx")
    code = hostile("read_secrets").replace(
        "GUESSES = [", f"GUESSES = [{str(ref)!r}, {str(ref.parents[2] / 'rubrics')!r}, ")
    got = _run(http, code)
    assert got["scorecard"]["outcome"] == "exec_error"
    assert f"cannot read {ref}: FileNotFoundError" in got["run"]["stdout_tail"]
    assert "LEAKED" not in got["run"]["stdout_tail"]


def test_what_a_program_prints_or_raises_cannot_break_the_answer(http):
    code = ("import sys\nsys.stdout.write(b'\\xff\\xfe'.decode('utf-8', 'surrogateescape'))\n"
            "open(b'\\xff.txt', 'wb').close()\n"
            "raise RuntimeError(b'\\xff'.decode('utf-8', 'surrogateescape'))\n")
    for detail in ("summary", "criteria"):  # checks: test_serve_rubric_hidden (exposed)
        resp = http.post(f"/v1/run?detail={detail}",
                         json={"task": "word-l1-notice", "code": code})
        assert resp.status_code == 200, resp.text
        got = resp.json()
        assert got["scorecard"]["outcome"] == "exec_error"
        assert got["run"]["exception_type"] == "RuntimeError"
