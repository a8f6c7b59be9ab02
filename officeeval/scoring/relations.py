"""Relations: a check whose expected value is another selection's value in the graded
document itself (``against=``): "the report name larger than the other cover lines",
"the caption's font size equal to the body's", "the button below the table".

Each target's value is compared with the value of every target ``against`` selects (the
target itself left out), with the check's comparator; a target holds when every pair
holds, and the check aggregates its targets by ``match`` like any other. Nothing selected
on either side is ``not_found``; a target on the other side without a value fails its
pairs (the relation cannot be shown), never passes.
"""

from __future__ import annotations

from dataclasses import replace

from officeeval.comparators.registry import Verdict, render_expected
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult
from officeeval.scoring.verdicts import aggregate, nothing_selected, value_verdict
from officeeval.selectors import select


def judge_relation(run: CheckRun) -> CheckResult:
    """The relation check's result; raises what resolving raises (``EvalError`` …)."""
    check = run.check
    if not run.targets:
        return nothing_selected(run)
    others = [o for o in select(run.grading.main, check.against)]
    if not others:
        return run.result(expected=f"{check.op} {check.against}", actual="(nothing selected)",
                          source="", passed=False, status=S.NOT_FOUND,
                          detail=f"against={check.against!r} matched nothing")
    other_check = replace(check, property=check.against_property) \
        if check.against_property else check
    other_obs = [(o, run.grading.resolve(other_check, o)) for o in others]
    per = []
    for t in run.targets:
        obs = run.grading.resolve(check, t)
        pairs = [(o, oo) for o, oo in other_obs if o.locator != t.locator]
        per.append((t, _target_verdict(run, obs, pairs, other_check.property or ""), obs))
    if all(not [o for o in others if o.locator != t.locator] for t in run.targets):
        return run.result(expected=f"{check.op} {check.against}", actual="(only itself)",
                          source="", passed=False, status=S.NOT_FOUND,
                          detail=f"against={check.against!r} selects only the target itself")
    return aggregate(run, per)


def _target_verdict(run: CheckRun, obs, pairs, prop: str) -> Verdict:
    """One target against every other value: the first pair that fails says why."""
    if obs is None:
        return Verdict(False, f"{run.check.op} {run.check.against}", "(none)",
                       "no value anywhere in the chain")
    shown = None
    for other, other_obs in pairs:
        if other_obs is None or other_obs.value is None:
            return Verdict(False, f"{run.check.op} {other.locator}'s {prop}", "(unknown)",
                           f"{other.locator} has no value of {prop} to compare with")
        run.forget_said()
        v = value_verdict(run, obs, other_obs.value)
        expected = f"{_op_words(run.check.op)} {render_expected(other_obs.value, run.vtype)} " \
                   f"({other.locator})"
        if not v.passed:
            return Verdict(False, expected, v.actual,
                           f"not {_op_words(run.check.op)} {other.locator}'s "
                           f"{render_expected(other_obs.value, run.vtype)}")
        shown = shown or Verdict(True, expected, v.actual, "")
    return shown or Verdict(False, f"{run.check.op} {run.check.against}", "(only itself)",
                            "nothing to compare with but itself")


_WORDS = {"equals": "=", "not_equals": "≠", "approx": "≈", "greater": ">",
          "greater_equal": "≥", "less": "<", "less_equal": "≤"}


def _op_words(op: str) -> str:
    return _WORDS.get(op, op)
