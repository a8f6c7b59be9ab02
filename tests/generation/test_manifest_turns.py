"""Manifest lines written by ``generate``: the turns of a feedback-loop conversation and
what the generator recorded (usage, latency) are read, checked for shape, and change the
store key when the conversation changes."""

from __future__ import annotations

import json

from officeeval.runner.manifest import parse_manifest


def parse(*objs):
    return parse_manifest([json.dumps(o) for o in objs])


BASE = {"task": "t", "model": "m", "sample": 1, "answer": "```python\nprint(1)\n```"}


def test_turns_and_generator_records_are_kept():
    m = parse({**BASE, "usage": {"prompt_tokens": 10, "completion_tokens": 5},
               "latency": 1.5, "attempts": 2, "finish_reason": "stop",
               "request": {"model": "x", "seed": 3},
               "turns": [{"answer": "no code", "usage": {"prompt_tokens": 4},
                          "run": {"ok": False}, "feedback": "try again"},
                         {"answer": BASE["answer"], "latency": 0.5}]})
    assert not m.issues
    line = m.lines[0]
    assert line.turn_answers == ("no code", BASE["answer"])
    assert line.turns[0]["feedback"] == "try again" and line.turns[1]["latency"] == 0.5
    assert line.info == {"usage": {"prompt_tokens": 10, "completion_tokens": 5},
                         "latency": 1.5, "attempts": 2, "finish_reason": "stop",
                         "request": {"model": "x", "seed": 3}}


def test_the_key_depends_on_the_turns_and_is_unchanged_without_them():
    plain = parse(BASE).lines[0].key
    one = parse({**BASE, "turns": [{"answer": "a"}, {"answer": BASE["answer"]}]}).lines[0].key
    other = parse({**BASE, "turns": [{"answer": "b"}, {"answer": BASE["answer"]}]}).lines[0].key
    assert len({plain, one, other}) == 3
    assert parse({**BASE, "usage": {"prompt_tokens": 1}}).lines[0].key == plain


def test_bad_turns_are_line_issues():
    m = parse({**BASE, "turns": []}, {**BASE, "sample": 2, "turns": [{"reply": "x"}]},
              {"task": "t", "model": "m", "sample": 3, "code": "x", "turns": [{"answer": "a"}]},
              {**BASE, "sample": 4, "turns": [{"answer": "a"}] * 65})
    assert [n for n, _ in m.issues] == [1, 2, 3, 4]
    assert "non-empty list" in m.issues[0][1]
    assert "string 'answer'" in m.issues[1][1]
    assert "goes with an 'answer'" in m.issues[2][1]
    assert "more than 64" in m.issues[3][1]


def test_odd_generator_records_are_dropped_not_errors():
    m = parse({**BASE, "usage": {"prompt_tokens": -1, "completion_tokens": "many"},
               "latency": "fast", "attempts": True, "request": "x"})
    assert not m.issues and m.lines[0].info == {"usage": {}}
