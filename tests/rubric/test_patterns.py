"""Regular expressions whose matching time explodes with the text are told from ordinary
ones (``rubric.patterns``): ``serve`` refuses them in inline rubrics, lint warns of them in
task rubrics. Each hazardous pattern here is timed: it really is slow on a short text."""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path

import pytest

from officeeval.audit.lint import lint
from officeeval.rubric import load_rubric, load_rubric_text
from officeeval.rubric.patterns import hazard, rubric_hazards
from officeeval.scoring import evaluate_outcome

REPO = Path(__file__).resolve().parents[2]

HAZARDS = [r"(a+)+$", r"(a|a)*$", r"(a*)*$", r"(\w*\s?)*$", r"([a-z]+)*$", r"(a|aa)+$",
           r"(?:a+b?)+$", r"(.*a){12}$"]
FINE = [r"^\S+$", r"(\d|x)+", r"(?:ab|ac)*", r"a{2,5}", r"[\s\S]*", r"(\d|\w)+",
        r"^(\d{1,3}\.){3}\d{1,3}$", r"SUBTOTAL\(\s*9\s*,", r"(foo|bar)+", r"(ab|a)*c",
        r"(x|xy)*z", r"第[一二三四五六七八九十]+章", r"^=\s*(_xlfn\.)?(IF|IFS)\(", r"(", r""]


class _Slow(Exception):
    pass


def _seconds(pattern: str, text: str, limit: float = 2.0) -> float:
    """Seconds ``re.search`` takes (``limit`` when it had not finished by then)."""
    def stop(*_):
        raise _Slow
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, limit)
    started = time.perf_counter()
    try:
        re.search(pattern, text)
    except _Slow:
        return limit
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return time.perf_counter() - started


@pytest.mark.parametrize("pattern", HAZARDS)
def test_hazards_are_told_and_really_are_slow(pattern):
    assert hazard(pattern) is not None
    # 37 characters: seconds on any machine (the time grows by half again or more with
    # each character; 31 took 0.48-2 s depending on the machine and its load), cut at 2 s.
    assert _seconds(pattern, "a" * 36 + "!") >= 0.5


@pytest.mark.parametrize("pattern", FINE)
def test_ordinary_patterns_pass(pattern):
    assert hazard(pattern) is None


def test_no_shipped_rubric_has_one():
    for path in sorted((REPO / "rubrics").glob("*.xml")):
        assert rubric_hazards(load_rubric(path)) == [], path.name


def test_a_rubric_lists_its_hazards_and_lint_warns():
    text = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="re" app="word" total="10" pass="6">
  <criterion id="c1" skill="text" points="5">
    <check select="paragraph[1]" property="text" op="matches" expected="^(\\w+\\s?)*$"/>
  </criterion>
  <criterion id="c2" skill="text" points="5">
    <check select="paragraph[text~='(a|aa)+x']" op="count" expected="1"/>
  </criterion>
</rubric>
"""
    rubric = load_rubric_text(text)
    found = rubric_hazards(rubric)
    assert [(line, pattern) for line, pattern, _ in found] == [
        (4, r"^(\w+\s?)*$"), (7, "(a|aa)+x")]
    warnings = lint(rubric, evaluate_outcome(rubric, "ok"), [], {}, None, {})
    assert [(w.code, w.criterion) for w in warnings if w.code == "regex-hazard"] == [
        ("regex-hazard", "c1"), ("regex-hazard", "c2")]
