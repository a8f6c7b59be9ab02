"""One judge per comparator kind (``comparators.ComparatorKind``): what a check's selection,
its targets' values and the comparator add up to.

* ``value`` (``equals``, ``between``, ``contains`` …): each target's value against the
  expected literal, or against the same target's value in the reference or input
  (``expected-from``); ``property="count"`` compares the number of targets instead.
* ``presence`` (``exists``, ``absent``): whether each target has a value; without a
  property, whether the selector selected anything.
* ``input`` (``unchanged``, ``changed``): each target's value against its counterpart in
  the input document; targets the candidate deleted or added count.
* ``count``: the number of targets (that have a value, with a property).
* ``values`` (``distinct``): the targets' values together, or each target's list.

An empty selection is ``not_found`` — never a pass — unless the check asks for absence
(``absent``, ``match="none"``). Raising ``EvalError`` makes the check an ``eval_error``
(``scoring/criteria.py``).

Targets are judged against the check's literal (``scoring/literal.py``, by style groups in
``scoring/grouped.py``) or against their counterparts in the input or reference
(``scoring/counterparts.py``); a relation (``against=``) in ``scoring/relations.py``, values
together in ``scoring/distinct.py``, the raw XPath in ``scoring/xpath.py``; one target's
verdict per kind and the aggregation by ``match`` in ``scoring/verdicts.py``.
"""

from __future__ import annotations

from typing import Callable

from officeeval.comparators.registry import Comparator, ComparatorKind as K
from officeeval.properties.types import CompareContext
from officeeval.rubric.model import Check
from officeeval.scoring.counterparts import judge_against_other
from officeeval.scoring.display import expected_text
from officeeval.scoring.distinct import judge_distinct
from officeeval.scoring.grading import Grading
from officeeval.scoring.literal import judge_against_literal
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.relations import judge_relation
from officeeval.scoring.run import CheckRun, plan_of
from officeeval.scoring.scorecard import CheckResult
from officeeval.scoring.verdicts import nothing_selected
from officeeval.scoring.xpath import judge_xpath
from officeeval.selectors import select


def judge_check(check: Check, comparator: Comparator, grading: Grading,
                base: dict) -> CheckResult:
    """The check's result on the graded document; raises ``EvalError`` and whatever
    resolving raises (``scoring/criteria.run_check`` classifies)."""
    doc = grading.main
    if check.xpath and check.part:
        return judge_xpath(check, comparator, doc, base)
    typed = plan_of(check).typed(doc.app)
    run = CheckRun(check, comparator, grading, base, typed.vtype,
                   select(doc, check.select),
                   CompareContext(check.tolerance_value, check.normalize,
                                  getattr(doc, "theme_color", None), check.threshold),
                   typed=typed)
    if check.against:
        return judge_relation(run)
    return _JUDGES[comparator.kind](run)


# ------------------------------------------------------------------------------ the judges
def judge_value(run: CheckRun) -> CheckResult:
    if run.check.property == "count":
        return _count_against(run, run.check.expected_from)
    if not run.targets:
        return nothing_selected(run, typed=run.check.expected is not None)
    return _judge_targets(run, run.check.expected_from)


def judge_input(run: CheckRun) -> CheckResult:
    if run.check.property == "count":
        return _count_against(run, "input")
    if not run.targets:
        return nothing_selected(run)
    return _judge_targets(run, "input")


def judge_presence(run: CheckRun) -> CheckResult:
    if not run.check.property:
        return _selection_presence(run)
    if not run.targets:
        return nothing_selected(run)
    return _judge_targets(run, run.check.expected_from)


def judge_count(run: CheckRun) -> CheckResult:
    check, targets = run.check, run.targets
    n = len(targets) if not check.property or check.property == "count" else sum(
        1 for t in targets if run.grading.resolve(check, t) is not None)
    v = run.judge(n, check.expected_value)
    status = S.PASS if v.passed else (S.NOT_FOUND if n == 0 else S.FAIL)
    return run.result(expected=v.expected, actual=str(n), source="computed", passed=v.passed,
                      status=status, detail=v.explanation or f"{n} target(s) selected")


def judge_values(run: CheckRun) -> CheckResult:
    """``distinct``: for a list-valued property each target's list (judged by ``match``),
    else the selected targets' values together (``scoring/distinct.py``)."""
    if not run.targets:
        return nothing_selected(run)
    if run.vtype.listy and run.check.op != "count_distinct":
        return _judge_targets(run, None)
    return judge_distinct(run)


_JUDGES: dict[K, Callable[[CheckRun], CheckResult]] = {
    K.VALUE: judge_value, K.PRESENCE: judge_presence, K.INPUT: judge_input,
    K.COUNT: judge_count, K.VALUES: judge_values}


def _count_against(run: CheckRun, which: str | None) -> CheckResult:
    """``property="count"`` with a value comparator: the number of targets against the
    expected number, or the number the same selector matches in the ``which`` document."""
    check = run.check
    n = len(run.targets)
    expected = check.expected_value
    if which:
        expected = len(select(run.grading.other(which), check.select))
    v = run.judge(n, expected)
    shown = f"{v.expected} (in the {which})" if which else v.expected
    return run.result(expected=shown, actual=str(n), source="computed", passed=v.passed,
                      status=S.PASS if v.passed else S.FAIL, detail=v.explanation)


def _selection_presence(run: CheckRun) -> CheckResult:
    """``exists`` / ``absent`` without a property judge the selection itself."""
    check, n = run.check, len(run.targets)
    ok = (n == 0) == (run.comparator.name == "absent")
    if ok:
        detail = ""
    elif n:
        detail = f"{n} target(s) selected by {check.select!r}"
    else:
        detail = f"selector {check.select!r} matched nothing"
    return run.result(expected=expected_text(check, run.comparator),
                      actual=f"{n} selected" if n else "(nothing selected)",
                      source="computed", passed=ok,
                      status=S.PASS if ok else (S.NOT_FOUND if n == 0 else S.FAIL),
                      detail=detail)


def _judge_targets(run: CheckRun, which: str | None) -> CheckResult:
    """Every target's value judged (against its counterpart in the ``which`` document when
    one is named, else against the literal), then aggregated by ``match``; the expected
    value said as the card says it."""
    result = judge_against_other(run, which) if which else judge_against_literal(run)
    result.expected = run.display(result.expected)
    return result
