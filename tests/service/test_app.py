"""Every endpoint of a real ``officeeval serve`` on 127.0.0.1: tasks, score (multipart,
base64 JSON, inline rubric, detail levels), run (code, raw answer), health, metrics,
OpenAPI."""

from __future__ import annotations

import base64
import json

from serve_fixtures import INLINE_RUBRIC, sample, solution, word_text

from officeeval.service.app import ROUTES


def test_tasks_list_and_detail_hide_expected_values(http):
    got = http.get("/v1/tasks").json()
    ids = {t["id"] for t in got["tasks"]}
    assert {"word-l1-notice", "excel-l1-grades", "ppt-l1-campus"} <= ids
    notice = next(t for t in got["tasks"] if t["id"] == "word-l1-notice")
    assert (notice["app"], notice["output"], notice["total"]) == ("word", "output.docx", 100)
    detail = http.get("/v1/tasks/word-l1-notice").json()
    assert detail["criteria"][0] == {"id": "c01", "skill": "font", "points": 5.0}
    text = json.dumps(detail, ensure_ascii=False)
    assert "黑体" not in text and "expected" not in text and "rubric_xml" not in text
    assert [f["role"] for f in detail["files"]] == ["input"]
    assert http.get("/v1/tasks/no-such-task").status_code == 404


def test_task_files_input_only(http):
    resp = http.get("/v1/tasks/word-l1-notice/files/input.docx")
    assert resp.status_code == 200
    assert resp.content == sample("word-l1-notice", "input.docx").read_bytes()
    assert http.get("/v1/tasks/word-l1-notice/files/reference.docx").status_code == 404
    assert http.get("/v1/tasks/word-l1-notice/files/..%2Fword-l1-notice.xml"
                    ).status_code == 404


def test_score_multipart_at_each_detail(http):
    doc = sample("word-l1-notice", "reference.docx").read_bytes()
    cards = {}
    for detail in ("summary", "criteria"):
        resp = http.post("/v1/score", params={"detail": detail},
                         data={"task": "word-l1-notice"},
                         files={"document": ("mine.docx", doc)})
        assert resp.status_code == 200, resp.text
        cards[detail] = resp.json()
    assert cards["summary"]["score"] == 100 and cards["summary"]["passed"] is True
    assert "criteria" not in cards["summary"]
    assert cards["summary"]["document"] == "mine.docx"
    assert all("checks" not in c and c["passed"] for c in cards["criteria"]["criteria"])
    assert http.post("/v1/score", params={"detail": "everything"},
                     data={"task": "word-l1-notice"},
                     files={"document": ("x.docx", doc)}).status_code == 400


def test_score_base64_json_the_input_scores_low(http):
    doc = sample("ppt-l1-campus", "input.pptx").read_bytes()
    resp = http.post("/v1/score?detail=criteria", json={
        "task": "ppt-l1-campus", "document": base64.b64encode(doc).decode(),
        "filename": "in.pptx"})
    assert resp.status_code == 200, resp.text
    card = resp.json()
    assert card["app"] == "ppt" and card["outcome"] == "ok"
    assert card["score"] < 60 and not card["passed"]
    assert "logic" in {c["failure_class"] for c in card["criteria"]}


def test_score_with_an_inline_rubric(http):
    good = http.post("/v1/score", data={"rubric": INLINE_RUBRIC},
                     files={"document": ("hello.docx", word_text("Hello"))}).json()
    assert (good["task"], good["score"]) == ("inline-hello", 100)
    bad = http.post("/v1/score", json={"rubric": INLINE_RUBRIC, "document":
                                       base64.b64encode(word_text("Bye")).decode()}).json()
    assert bad["score"] == 0 and bad["criteria"][0]["checks"][0]["actual"] == "'Bye'"
    broken = http.post("/v1/score", data={"rubric": INLINE_RUBRIC.replace('op="equals"',
                                                                          'op="nope"')},
                       files={"document": ("h.docx", word_text("Hello"))})
    assert broken.status_code == 422
    assert broken.json()["error"] == "invalid_rubric" and broken.json()["issues"]


def test_an_inline_rubric_may_not_name_server_files(http):
    sneaky = INLINE_RUBRIC.replace(
        '<criterion', '<files reference="/etc/hostname" input="../../rubrics/x.docx"/>'
        '<criterion', 1)
    resp = http.post("/v1/score", data={"rubric": sneaky},
                     files={"document": ("h.docx", word_text("Hello"))})
    assert resp.status_code == 422, resp.text
    assert "may not name files" in resp.json()["detail"]


def test_score_request_errors(http):
    doc = word_text("Hello")
    cases = [
        (dict(data={"task": "nope"}, files={"document": ("a.docx", doc)}), 404,
         "unknown_task"),
        (dict(data={}, files={"document": ("a.docx", doc)}), 400, "bad_request"),
        (dict(data={"task": "word-l1-notice", "rubric": INLINE_RUBRIC},
              files={"document": ("a.docx", doc)}), 400, "bad_request"),
        (dict(data={"task": "word-l1-notice"}), 415, "unsupported_media_type"),
        (dict(data={"task": "word-l1-notice"}, files={"other": ("a.docx", doc)}), 400,
         "bad_request"),
        (dict(json={"task": "word-l1-notice", "document": "***"}), 400, "bad_request"),
        (dict(content=b"raw", headers={"content-type": "text/plain"}), 415,
         "unsupported_media_type"),
        (dict(content=b"{not json", headers={"content-type": "application/json"}), 400,
         "bad_request"),
    ]
    for kwargs, status, code in cases:
        resp = http.post("/v1/score", **kwargs)
        assert (resp.status_code, resp.json()["error"]) == (status, code), kwargs


def test_run_a_program_and_a_raw_answer(http):
    got = http.post("/v1/run", json={"task": "word-l1-notice",
                                     "code": solution("word-l1-notice")})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["scorecard"]["score"] == 100 and body["scorecard"]["outcome"] == "ok"
    assert body["scorecard"]["document"] == "output.docx"
    run = body["run"]
    assert run["exit_code"] == 0 and run["output_found"] and run["mode"] in ("bwrap",
                                                                            "rlimits-only")
    answer = "Here is my program:\n```python\nprint('no output written')\n```\n"
    got = http.post("/v1/run?detail=summary", json={"task": "word-l1-notice",
                                                    "answer": answer}).json()
    assert got["scorecard"]["outcome"] == "no_output"
    assert got["run"]["extraction"] == "fenced:python"
    # A reasoning model's reply: a longer draft inside <think> (it would write nothing),
    # the final program after it. The final one is graded.
    final = solution("word-l1-notice")
    draft = "```python\nprint('draft: no output written')\n" + \
        "# more thinking\n" * (len(final) // 10) + "```"
    assert len(draft) > len(final)  # the longest block: what the old rule took
    thought = (f"<think>\nA first try:\n{draft}\nNo, save the document.\n</think>\n\n"
               f"```python\n{final}\n```\n")
    got = http.post("/v1/run?detail=summary", json={"task": "word-l1-notice",
                                                    "answer": thought}).json()
    assert got["scorecard"]["outcome"] == "ok" and got["scorecard"]["score"] == 100
    none = http.post("/v1/run", json={"task": "word-l1-notice",
                                      "answer": "I cannot do that."}).json()
    assert none["scorecard"]["outcome"] == "no_code" and none["scorecard"]["score"] == 0
    both = http.post("/v1/run", json={"task": "word-l1-notice", "code": "x", "answer": "y"})
    assert both.status_code == 400
    bad_limit = http.post("/v1/run", json={"task": "word-l1-notice", "code": "x",
                                           "limits": {"timeout": "forever"}})
    assert bad_limit.status_code == 400 and "timeout" in bad_limit.json()["detail"]


def test_health_metrics_and_openapi(http):
    health = http.get("/healthz").json()
    assert health["status"] == "ok" and health["workers"] == 2
    http.post("/v1/score", data={"task": "word-l1-notice"},
              files={"document": ("x.docx", b"not a zip at all")})
    text = http.get("/metrics").text
    assert "# TYPE officeeval_request_seconds histogram" in text
    assert 'officeeval_outcomes_total{app="word",outcome="invalid_package"}' in text
    count = [ln for ln in text.splitlines()
             if ln.startswith('officeeval_request_seconds_count{endpoint="/v1/score"}')]
    inf = [ln for ln in text.splitlines() if ln.startswith(
        'officeeval_request_seconds_bucket{endpoint="/v1/score",le="+Inf"}')]
    assert count and inf and count[0].split()[-1] == inf[0].split()[-1]
    assert "officeeval_queue_depth 0" in text and "officeeval_workers 2" in text
    assert 'officeeval_requests_total{endpoint="/v1/score",status="200"}' in text
    doc = http.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    documented = {(path, method.upper()) for path, ops in doc["paths"].items()
                  for method in ops}
    served = {(r.path.replace("{task_id}", "{task_id}"), m) for r in ROUTES
              for m in r.methods if m != "HEAD"}
    assert documented == served
