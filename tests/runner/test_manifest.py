"""Manifest parsing: valid lines, every kind of bad line with its line number, keys."""

from __future__ import annotations

import json

import pytest

from officeeval.runner.manifest import generation_key, parse_manifest, read_manifest


def _lines(*objs) -> list[str]:
    return [o if isinstance(o, str) else json.dumps(o) for o in objs]


def test_valid_lines_and_defaults(tmp_path):
    m = parse_manifest(_lines(
        {"task": "t1", "model": "m", "sample": 2, "code": "print(1)", "note": "n"},
        {"task": "t1", "model": "m", "answer": "```python\nx=1\n```"},
        {"task": "t1", "model": "agent", "output": "docs/a.docx"},
    ), tmp_path / "manifest.jsonl")
    assert m.issues == []
    a, b, c = m.lines
    assert (a.line, a.source, a.sample, a.note) == (1, "code", 2, "n")
    assert (b.source, b.sample) == ("answer", 1)
    assert c.source == "output" and c.payload == str(tmp_path / "docs" / "a.docx")
    assert len({a.key, b.key, c.key}) == 3


BAD = [
    ("not json at all", "not JSON"),
    ('["a", "list"]', "not a JSON object"),
    ({"model": "m", "code": "x"}, "missing or empty 'task'"),
    ({"task": "t", "model": "", "code": "x"}, "missing or empty 'model'"),
    ({"task": "t", "model": "m", "sample": "1", "code": "x"}, "'sample' must be"),
    ({"task": "t", "model": "m", "sample": True, "code": "x"}, "'sample' must be"),
    ({"task": "t", "model": "m", "sample": -1, "code": "x"}, "'sample' must be"),
    ({"task": "t", "model": "m"}, "exactly one of"),
    ({"task": "t", "model": "m", "code": "x", "answer": "y"}, "exactly one of"),
    ({"task": "t", "model": "m", "code": 12}, "'code' must be a string"),
    ({"task": "t", "model": "m", "output": " "}, "empty path"),
    ({"task": "t", "model": "m", "code": "x", "limits": {"timeout": -1}}, "bad value"),
    ({"task": "t", "model": "m", "code": "x", "limits": {"speed": 1}}, "unknown limit"),
]


@pytest.mark.parametrize("line,message", BAD)
def test_bad_lines_are_reported_with_their_line_number(line, message):
    good = {"task": "t", "model": "m", "sample": 9, "code": "print(1)"}
    m = parse_manifest(_lines(good, "", "# a comment", line, {**good, "sample": 10}))
    assert [ln.sample for ln in m.lines] == [9, 10]  # the rest still runs
    assert len(m.issues) == 1
    line_no, text = m.issues[0]
    assert line_no == 4 and message in text


def test_duplicates_and_unknown_tasks():
    known = {"t"}
    m = parse_manifest(_lines(
        {"task": "t", "model": "m", "code": "a"},
        {"task": "t", "model": "m", "code": "b"},          # same (task, model, sample 1)
        {"task": "nope", "model": "m", "code": "a"},
        {"task": "t", "model": "m", "sample": 2, "code": "a"},
    ), known_task=lambda ln: None if ln.task in known else f"unknown task {ln.task!r}")
    assert [ln.line for ln in m.lines] == [1, 4]
    assert m.issues == [(2, "duplicate generation: task 't', model 'm', sample 1 is already "
                            "on line 1"), (3, "unknown task 'nope'")]


def test_key_is_stable_and_depends_on_the_content():
    k = generation_key("t", "m", 1, "code", "print(1)")
    assert k == generation_key("t", "m", 1, "code", "print(1)")
    assert len({k, generation_key("t", "m", 1, "code", "print(2)"),
                generation_key("t", "m", 2, "code", "print(1)"),
                generation_key("t", "m2", 1, "code", "print(1)"),
                generation_key("t", "m", 1, "answer", "print(1)")}) == 5


def test_read_manifest_errors_and_odd_bytes(tmp_path):
    from officeeval.errors import TaskError
    with pytest.raises(TaskError):
        read_manifest(tmp_path / "missing.jsonl")
    p = tmp_path / "m.jsonl"
    p.write_bytes(b'{"task": "t", "model": "m", "code": "x"}\n\xff\xfe garbage\n')
    m = read_manifest(p)
    assert len(m.lines) == 1 and m.issues[0][0] == 2
