"""The upload spool of a real server is empty after every request, whatever its outcome
(issue 31, point 2): a bad field, an unknown task, an invalid or oversized inline rubric, a
hidden detail level, a graded document, a client gone mid-upload. Inline rubrics are capped
at 4 MiB on both routes (413) and are not kept once graded."""

from __future__ import annotations

import base64
import socket
import time
from urllib.parse import urlsplit

from serve_fixtures import INLINE_RUBRIC, sample, spool_files, word_text

DOC = word_text("Hello")
BIG = 5 * 1024 * 1024


def _empty(server, within: float = 0.0) -> None:
    end = time.monotonic() + within
    while True:
        left = spool_files(server)
        if not left or time.monotonic() >= end:
            break
        time.sleep(0.05)
    assert left == [], [p.name for p in left]


def test_rejected_fields_leave_nothing_behind(server, http):
    b64 = base64.b64encode(DOC).decode()
    bad = [{"id": "../../x"}, {"model": ""}, {"model": "m" * 300}, {"sample": "-1"},
           {"sample": "lots"}]
    for extra in bad:
        for rubric in (None, INLINE_RUBRIC):
            form = {"task": "word-l1-notice"} if rubric is None else {"rubric": rubric}
            resp = http.post("/v1/score", data={**form, **extra},
                             files={"document": ("a.docx", DOC)})
            assert (resp.status_code, resp.json()["error"]) == (400, "bad_request"), extra
            _empty(server)
            body = {**form, "document": b64, **extra}
            if extra.get("sample") == "-1":
                body["sample"] = -1
            resp = http.post("/v1/score", json=body)
            assert resp.status_code == 400, (extra, resp.text)
            _empty(server)


def test_every_outcome_leaves_the_spool_empty(server, http):
    ref = sample("word-l1-notice", "reference.docx").read_bytes()
    cases = [
        (dict(data={"task": "no-such-task"}, files={"document": ("a.docx", DOC)}), 404),
        (dict(data={"task": "word-l1-notice", "rubric": INLINE_RUBRIC},
              files={"document": ("a.docx", DOC)}), 400),
        (dict(data={"rubric": INLINE_RUBRIC.replace('op="equals"', 'op="nope"')},
              files={"document": ("a.docx", DOC)}), 422),
        (dict(params={"detail": "checks"}, data={"task": "word-l1-notice"},
              files={"document": ("a.docx", DOC)}), 403),
        (dict(params={"detail": "lots"}, data={"task": "word-l1-notice"},
              files={"document": ("a.docx", DOC)}), 400),
        (dict(data={"task": "word-l1-notice"}, files={"document": ("r.docx", ref)}), 200),
        (dict(data={"rubric": INLINE_RUBRIC}, files={"document": ("a.docx", DOC)}), 200),
        (dict(data={"task": "word-l1-notice"},
              files={"document": ("x.docx", b"not a zip")}), 200),
    ]
    for kwargs, status in cases:
        resp = http.post("/v1/score", **kwargs)
        assert resp.status_code == status, (kwargs.get("data"), resp.text)
        _empty(server)


def test_distinct_inline_rubrics_are_not_kept(server, http):
    for i in range(20):
        rubric = INLINE_RUBRIC.replace('id="inline-hello"', f'id="inline-{i}"')
        got = http.post("/v1/score", data={"rubric": rubric},
                        files={"document": ("h.docx", DOC)})
        assert got.status_code == 200 and got.json()["task"] == f"inline-{i}"
        _empty(server)


def test_an_inline_rubric_over_4_mib_is_413_on_both_routes(server, http):
    huge = INLINE_RUBRIC.replace("</rubric>", "<!--" + "x" * BIG + "--></rubric>")
    resp = http.post("/v1/score", data={"rubric": huge}, files={"document": ("a.docx", DOC)})
    assert (resp.status_code, resp.json()["error"]) == (413, "too_large"), resp.text
    _empty(server)
    resp = http.post("/v1/score", files={"document": ("a.docx", DOC),
                                         "rubric": ("r.xml", huge.encode())})
    assert (resp.status_code, resp.json()["error"]) == (413, "too_large"), resp.text
    _empty(server)
    resp = http.post("/v1/score", json={"rubric": huge,
                                        "document": base64.b64encode(DOC).decode()})
    assert (resp.status_code, resp.json()["error"]) == (413, "too_large"), resp.text
    _empty(server)
    resp = http.post("/v1/run", data={"task": "word-l1-notice"},
                     files={"code": (None, b"x" * BIG)})  # a text field, multipart
    assert (resp.status_code, resp.json()["error"]) == (413, "too_large"), resp.text


def test_a_client_gone_mid_upload_leaves_nothing(server, http):
    where = urlsplit(server.url)
    boundary = b"b0undary"
    head = (b"--" + boundary + b'\r\nContent-Disposition: form-data; name="task"\r\n\r\n'
            b"word-l1-notice\r\n--" + boundary + b'\r\nContent-Disposition: form-data; '
            b'name="document"; filename="a.docx"\r\n\r\n')
    with socket.create_connection((where.hostname, where.port), timeout=30) as sock:
        sock.sendall(b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-"
                     b"data; boundary=" + boundary + b"\r\nContent-Length: 3000000\r\n\r\n"
                     + head + b"\0" * 2_000_000)
        time.sleep(0.5)
    _empty(server, within=10)
    assert http.get("/healthz").json()["status"] == "ok"
