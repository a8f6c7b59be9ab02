"""Criteria and checks: how a criterion's checks add up to its points, and how a check's
failure is classified.

This is the one place with a broad ``except``: a bug of ours while judging a check becomes
that check's ``eval_error`` (with the exception named) instead of a crash or a failure
charged to the candidate. Everything else classifies typed errors:

* ``UnverifiableValue`` (e.g. a formula with no cached value and no recalculation) ->
  ``eval_error`` with the reason;
* ``UnevaluableDocument`` (the document defeated the evaluator: its recalculation timed out
  or was killed, a part exceeded a limit while grading) -> ``unevaluable``: charged to the
  candidate as lost points, never left out of the total (so making the evaluator fail can
  never raise a score);
* ``MemoryError`` (grading the document exhausted the memory the grader may use: a worker
  of ``serve`` runs under an address-space limit) -> ``unevaluable``, and the document's
  remaining checks are not tried (each would parse towards the same limit again);
* ``PackageError`` from a part of the candidate's document -> ``fail`` (observed, broken);
* an empty selection -> ``not_found`` (never a pass), unless the check asks for absence
  (``scoring/judges.py``).
"""

from __future__ import annotations

from officeeval.errors import PackageError, UnevaluableDocument, UnverifiableValue
from officeeval.rubric.model import Check, Criterion
from officeeval.scoring.grading import Grading
from officeeval.scoring.judges import judge_check
from officeeval.scoring.outcomes import CriterionStatus as S, EvalError
from officeeval.scoring.run import plan_of
from officeeval.scoring.scorecard import CheckResult, CriterionResult


MEMORY_EXHAUSTED = ("grading the document exhausted the memory the grader may use (its "
                    "remaining checks were not tried)")


# ------------------------------------------------------------------------------ criteria
def score_criterion(c: Criterion, grading: Grading) -> CriterionResult:
    """The criterion's status and earned points from its checks (``scoring`` = ``all``,
    ``any`` or ``partial``)."""
    checks = [run_check(k, grading) for k in c.checks]
    status, earned, points = _SCORING.get(c.scoring, _score_all)(c, checks)
    if status is S.EVAL_ERROR:
        earned, points = 0.0, c.points
    return CriterionResult(c.id, c.skill, points, round(earned, 4), status, c.description,
                           checks, c.is_preservation)


def _score_all(c: Criterion, checks: list[CheckResult]) -> tuple[S, float, float]:
    """Points only if every check passes; a failure outweighs an evaluator error."""
    failing = [k.status for k in checks if k.status.is_failing]
    if failing:
        return _fail_status(failing), 0.0, c.points
    if any(k.status is S.EVAL_ERROR for k in checks):
        return S.EVAL_ERROR, 0.0, c.points
    return S.PASS, c.points, c.points


def _score_any(c: Criterion, checks: list[CheckResult]) -> tuple[S, float, float]:
    """Alternatives: points if one check passes."""
    if any(k.status is S.PASS for k in checks):
        return S.PASS, c.points, c.points
    if any(k.status is S.EVAL_ERROR for k in checks):
        return S.EVAL_ERROR, 0.0, c.points
    return _fail_status([k.status for k in checks if k.status.is_failing]), 0.0, c.points


def _score_partial(c: Criterion, checks: list[CheckResult]) -> tuple[S, float, float]:
    """Each passing check earns its share; the shares of checks we could not judge are not
    charged: the criterion's points are scaled down by them."""
    weights = [k.points if k.points is not None else c.points / len(c.checks)
               for k in c.checks]
    earned = sum(w for w, r in zip(weights, checks) if r.status is S.PASS)
    errored = sum(w for w, r in zip(weights, checks) if r.status is S.EVAL_ERROR)
    failing = [r.status for r in checks if r.status.is_failing]
    if failing:
        status = _fail_status(failing)
    elif errored:
        # Nothing failed but some could not be judged: the criterion is not judged (even
        # when others passed), and its points are left out.
        status = S.EVAL_ERROR
    else:
        status = S.PASS
    points = c.points - errored if status is not S.EVAL_ERROR and errored else c.points
    return status, earned, points


_SCORING = {"all": _score_all, "any": _score_any, "partial": _score_partial}


def _fail_status(failing: list[S]) -> S:
    for status in (S.FAIL, S.UNEVALUABLE):
        if status in failing:
            return status
    return S.NOT_FOUND


# ------------------------------------------------------------------------------ checks
def run_check(check: Check, grading: Grading) -> CheckResult:
    """The check's result; never raises (see the module docstring)."""
    plan = plan_of(check)
    comparator, base = plan.comparator, plan.base
    if grading.exhausted:
        return _unevaluable(check, base, MEMORY_EXHAUSTED)
    try:
        if comparator is None:
            raise EvalError(f"unknown comparator {check.op!r}")
        return judge_check(check, comparator, grading, base)
    except (EvalError, UnverifiableValue) as exc:
        return CheckResult(**base, expected=check.expected or "", actual="", source="",
                           passed=False, status=S.EVAL_ERROR, detail=str(exc))
    except UnevaluableDocument as exc:
        return _unevaluable(check, base, str(exc))
    except MemoryError:
        grading.exhausted = True
        return _unevaluable(check, base, MEMORY_EXHAUSTED)
    except PackageError as exc:
        if exc.stage == "limit_exceeded":
            return _unevaluable(check, base, f"a part exceeds a limit: {exc}")
        # A part of the candidate's document is broken: observed, and wrong.
        return CheckResult(**base, expected=check.expected or "", actual="(broken part)",
                           source="", passed=False, status=S.FAIL,
                           detail=f"the document is damaged: {exc}")
    except Exception as exc:  # noqa: BLE001 - our bug: never charged to the candidate
        return CheckResult(**base, expected=check.expected or "", actual="", source="",
                           passed=False, status=S.EVAL_ERROR,
                           detail=f"evaluator error: {type(exc).__name__}: {exc}")


def _unevaluable(check: Check, base: dict, why: str) -> CheckResult:
    return CheckResult(**base, expected=check.expected or "", actual="(unevaluable)",
                       source="", passed=False, status=S.UNEVALUABLE,
                       detail=f"the document defeated the evaluator (charged): {why}")
