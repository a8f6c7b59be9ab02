"""What ``/v1/score`` and ``/v1/run`` tell a client about the rubric (issue 31, point 3).

Without ``--expose-rubrics`` no answer carries a check, an expected value, a criterion's
description or a value read from the reference: a criterion is its id, skill, points,
earned points, whether it passed and its failure class. ``detail=checks`` is refused
(403). With the flag, or for the client's own inline rubric, the whole card as before.
The task's own downloadable input is what an outsider has: every shipped task's input is
scored at every detail level the server allows.
"""

from __future__ import annotations

import json

import pytest
from serve_fixtures import INLINE_RUBRIC, RUBRICS, Server, sample, solution, word_text

from officeeval.rubric import load_rubric

TRAINER_KEYS = {"id", "skill", "points", "earned", "passed", "failure_class"}
HEAD_KEYS = {"task", "app", "document", "outcome", "outcome_detail", "score", "total",
             "pass_mark", "passed", "eval_errors", "rubric_total", "rubric_sha256",
             "engine_version", "value_sources", "seconds", "backends"}
FAILURE_CLASSES = {None, "logic", "execution", "evaluator", "unevaluable"}


def _keys(node, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            found.add(k)
            _keys(v, found)
    elif isinstance(node, list):
        for v in node:
            _keys(v, found)
    return found


def _secrets(task: str) -> list[str]:
    """What of the rubric must not show: every criterion's description and every expected
    literal long enough to be told apart from numbers and booleans of the card (and that
    is not a public name: a skill or criterion id, which /v1/tasks lists)."""
    rubric = load_rubric(RUBRICS / f"{task}.xml")
    public = {c.id for c in rubric.criteria} | {c.skill for c in rubric.criteria}
    out = [c.description for c in rubric.criteria if c.description]
    for c in rubric.criteria:
        out += [k.expected for k in c.checks
                if k.expected and len(k.expected) >= 4 and not k.expected.replace(
                    ".", "").isdigit() and k.expected not in ("true", "false", "none")
                and k.expected not in public]
    return out


def _inputs() -> list[tuple[str, str]]:
    got = []
    for path in sorted(RUBRICS.glob("*.xml")):
        rubric = load_rubric(path)
        if rubric.files.input:
            got.append((rubric.id, rubric.files.input.rsplit("/", 1)[-1]))
    return got


def test_every_tasks_own_input_scores_without_the_answer_key(http):
    tasks = _inputs()
    assert len(tasks) >= 15
    reference_checks = 0
    for task, name in tasks:
        data = http.get(f"/v1/tasks/{task}/files/{name}")
        assert data.status_code == 200, (task, name)
        for detail in (None, "criteria", "summary"):
            params = {"detail": detail} if detail else {}
            resp = http.post("/v1/score", params=params, data={"task": task},
                             files={"document": (name, data.content)})
            assert resp.status_code == 200, (task, resp.text)
            card = resp.json()
            if detail == "summary":
                assert set(card) == HEAD_KEYS, task
                continue
            assert set(card) == HEAD_KEYS | {"criteria"}, task
            assert len(card["criteria"]) == len(load_rubric(RUBRICS / f"{task}.xml").criteria)
            for c in card["criteria"]:
                assert set(c) == TRAINER_KEYS, (task, c)
                assert c["failure_class"] in FAILURE_CLASSES
                assert c["passed"] is (c["failure_class"] is None)
            assert not _keys(card, set()) & {"checks", "expected", "actual", "description",
                                             "detail", "targets", "status"}
            text = json.dumps(card, ensure_ascii=False)
            leaked = [s for s in _secrets(task) if s in text]
            assert not leaked, (task, leaked[:3])
        rubric = load_rubric(RUBRICS / f"{task}.xml")
        reference_checks += sum(k.expected_from == "reference" for c in rubric.criteria
                                for k in c.checks)
    assert reference_checks > 0  # the reference's values were among what had to stay hidden


def test_the_full_card_is_refused_without_the_flag(http):
    doc = sample("word-l1-notice", "reference.docx").read_bytes()
    resp = http.post("/v1/score?detail=checks", data={"task": "word-l1-notice"},
                     files={"document": ("r.docx", doc)})
    assert resp.status_code == 403 and resp.json()["error"] == "rubric_hidden"
    resp = http.post("/v1/run?detail=checks", json={"task": "word-l1-notice",
                                                    "code": "pass"})
    assert resp.status_code == 403 and resp.json()["error"] == "rubric_hidden"
    got = http.post("/v1/run", json={"task": "word-l1-notice",
                                     "code": solution("word-l1-notice")})
    assert got.status_code == 200, got.text
    card = got.json()["scorecard"]
    assert card["score"] == 100 and all(set(c) == TRAINER_KEYS for c in card["criteria"])
    assert all(c["passed"] for c in card["criteria"])


def test_an_inline_rubric_is_the_clients_own_it_sees_all_of_it(http):
    card = http.post("/v1/score", data={"rubric": INLINE_RUBRIC},
                     files={"document": ("bye.docx", word_text("Bye"))}).json()
    check = card["criteria"][0]["checks"][0]
    assert (check["expected"], check["actual"]) == ("Hello", "'Bye'")


@pytest.fixture(scope="module")
def exposed():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--no-recalc",
                "--expose-rubrics") as s:
        yield s


def test_expose_rubrics_gives_the_full_card_by_default(exposed):
    doc = sample("word-l1-notice", "input.docx").read_bytes()
    with exposed.client() as c:
        card = c.post("/v1/score", data={"task": "word-l1-notice"},
                      files={"document": ("in.docx", doc)}).json()
        first = card["criteria"][0]
        assert first["description"] == "标题中文字体为黑体"
        assert first["checks"][0]["expected"] == "黑体"
        crit = c.post("/v1/score?detail=criteria", data={"task": "word-l1-notice"},
                      files={"document": ("in.docx", doc)}).json()["criteria"][0]
        assert set(crit) == TRAINER_KEYS | {"status", "description", "preservation"}
        assert crit["description"] == "标题中文字体为黑体"
        # The full card's serialization path, with what a program printed: still JSON.
        code = ("import sys\nsys.stdout.write(b'\\xff'.decode('utf-8', 'surrogateescape'))\n"
                "raise RuntimeError(b'\\xff'.decode('utf-8', 'surrogateescape'))\n")
        ran = c.post("/v1/run?detail=checks", json={"task": "word-l1-notice", "code": code})
        assert ran.status_code == 200, ran.text
        assert ran.json()["scorecard"]["outcome"] == "exec_error"
