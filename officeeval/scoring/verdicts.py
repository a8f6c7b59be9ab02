"""One target's verdict per comparator kind (``VERDICTS``), and how a check's verdicts add up
to its result by ``match`` (``aggregate``); an empty selection's result
(``nothing_selected``)."""

from __future__ import annotations

from typing import Any, Callable

from officeeval.comparators.registry import ComparatorKind as K, Verdict, render_expected
from officeeval.properties.types import compare_number, parse_comparison
from officeeval.scoring.display import expected_display, expected_text, render_observation
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult, TargetResult
from officeeval.targets import Target
from officeeval.values import Observation

MAX_TARGETS_SHOWN = 50

# A target, its verdict, its observation (``None``: no value).
Judged = tuple[Target, Verdict, "Observation | None"]


# ------------------------------------------------------------------------------ verdicts
def presence_verdict(run: CheckRun, obs: Observation | None, expected: Any) -> Verdict:
    return run.judge(obs.value if obs else None, None)


def value_verdict(run: CheckRun, obs: Observation | None, expected: Any) -> Verdict:
    if obs is None:
        return Verdict(False, render_expected(expected, run.vtype), "(none)",
                       "no value anywhere in the chain")
    if obs.parts and obs.value is None:
        # Mixed values across runs: the check holds only if it holds for every part.
        verdicts = [(label, run.judge(p.value, expected)) for label, p in obs.parts]
        bad = [(label, v) for label, v in verdicts if not v.passed]
        exp = verdicts[0][1].expected if verdicts else ""
        if not bad:
            return Verdict(True, exp, render_observation(obs, run.vtype), "")
        label, v = bad[0]
        return Verdict(False, exp, render_observation(obs, run.vtype),
                       f"{len(bad)} of {len(verdicts)} runs differ; e.g. {label}: {v.actual}")
    return run.judge(obs.value, expected)


def input_verdict(run: CheckRun, obs: Observation | None, expected: Any) -> Verdict:
    if obs is None:
        # No value in the graded document: the same as the input when it has none either
        # (``unchanged`` holds), else a change (a deleted value: ``changed`` holds).
        if expected is None:
            ok = run.comparator.name == "unchanged"
            return Verdict(ok, "(none, as in the input)", "(none)",
                           "" if ok else "same as the input: neither has a value")
        ok = run.comparator.name == "changed"
        return Verdict(ok, render_expected(expected, run.vtype), "(none)",
                       "" if ok else "no value, where the input has one")
    if obs is not None and isinstance(expected, tuple) and obs.parts:
        # unchanged/changed on an aggregate target compares part by part.
        mine = tuple(p.value for _, p in obs.parts)
        same = len(mine) == len(expected) and all(
            run.vtype.equals(a, b, run.ctx) for a, b in zip(mine, expected))
        unchanged = run.comparator.name == "unchanged"
        ok = same if unchanged else not same
        return Verdict(ok, "(as in input)", render_observation(obs, run.vtype),
                       "" if ok else ("differs from the input" if unchanged
                                      else "same as the input"))
    return value_verdict(run, obs, expected)


VERDICTS: dict[K, Callable[[CheckRun, "Observation | None", Any], Verdict]] = {
    K.VALUE: value_verdict, K.PRESENCE: presence_verdict, K.INPUT: input_verdict,
    K.VALUES: value_verdict}


# ------------------------------------------------------------------------------ aggregate
def holds(match: str, n_pass: int, n: int) -> bool:
    """Whether ``n_pass`` passing targets of ``n`` satisfy ``match``."""
    if match == "any":
        return n_pass > 0
    if match == "none":
        return n_pass == 0
    if match.startswith("count"):
        return compare_number(n_pass, parse_comparison(match[len("count"):]))
    return n_pass == n


def aggregate(run: CheckRun, per: list[Judged]) -> CheckResult:
    """The check's result from every target's verdict, judged by ``match``: ``not_found``
    when it fails and no target had a value (``presence`` comparators judge that itself)."""
    if len(per) == 1:
        t, v, o = per[0]
        ok = holds(run.check.match, 1 if v.passed else 0, 1)
        status = S.PASS if ok else (S.NOT_FOUND if o is None and run.comparator.kind
                                    is not K.PRESENCE else S.FAIL)
        # The resolver's note says why the value is what it is (the TOC entries that
        # disagree, the room a cell lacks): part of a failure's explanation.
        note = f"; {o.note}" if o is not None and o.note else ""
        return run.result(expected=v.expected, actual=v.actual, source=o.source if o else "",
                          passed=ok, status=status,
                          detail="" if ok else f"{t.locator}: {v.explanation}{note}")
    n_pass = sum(1 for _, v, _ in per if v.passed)
    ok = holds(run.check.match, n_pass, len(per))
    all_missing = run.comparator.kind is not K.PRESENCE and all(o is None for _, _, o in per)
    status = S.PASS if ok else (S.NOT_FOUND if all_missing else S.FAIL)
    return _aggregate_several(run, per, ok, status, n_pass)


def _aggregate_several(run: CheckRun, per: list[Judged], ok: bool, status: S,
                       n_pass: int) -> CheckResult:
    m = run.check.match
    shown = [TargetResult(t.locator, v.actual, o.source if o else "", v.passed)
             for t, v, o in per[:MAX_TARGETS_SHOWN]]
    detail = f"{n_pass} of {len(per)} targets pass (match={m})"
    first_bad = next(((t, v) for t, v, _ in per if not v.passed), None)
    if not ok and first_bad and m in ("all", "any"):
        detail += f"; e.g. {first_bad[0].locator}: {first_bad[1].explanation}"
    sources = {o.source for _, _, o in per if o}
    # Expected and actual are values, never a tally (the detail counts): those of the target
    # the verdict turns on when the check fails (the first failing one; for match="none"
    # the first that holds), else of the first target.
    shown_v = per[0][1]
    if not ok:
        shown_v = next((v for _, v, _ in per if v.passed == (m == "none")), None) or shown_v
    return run.result(expected=shown_v.expected, actual=shown_v.actual,
                      source=sources.pop() if len(sources) == 1 else "mixed",
                      passed=ok, status=status, detail=detail, targets=shown)


def nothing_selected(run: CheckRun, typed: bool = False) -> CheckResult:
    """An empty selection: ``not_found``, unless the check asks for absence. ``typed``: say
    the expected literal as it would be said were something selected (22pt (二号))."""
    check = run.check
    ok = run.comparator.name == "absent" or check.match == "none"
    expected = expected_text(check, run.comparator)
    if typed:
        expected = expected_display(check, render_expected(check.expected_value, run.vtype))
    return run.result(expected=expected, actual="(nothing selected)", source="", passed=ok,
                      status=S.PASS if ok else S.NOT_FOUND,
                      detail="" if ok else f"selector {check.select!r} matched nothing")
