"""Judging a large selection by groups of targets that resolve alike, without a ``Target``
object, an observation lookup and a verdict per target.

A selection that is a ``targets.LazySelection`` (a range of a sheet's cells) may say
which of its targets resolve alike for the check's resolver (``groups``: cells sharing a
style index, for a property of the style). Each group is then resolved once (on its first
target) and judged once, and the check's result is put together from the groups' counts
exactly as ``verdicts.aggregate`` puts it together from one verdict per target: the same
pass count, the same first 50 targets shown, the same first failing target named in the
detail with its address, the same expected/actual/source. Anything else (a literal
compared against the input or the reference, a selection that cannot group, a property
whose resolver reads more than the style) goes target by target as before.
"""

from __future__ import annotations

from officeeval.catalog import catalog
from officeeval.comparators.registry import ComparatorKind as K, Verdict
from officeeval.scoring.memo import Verdicts
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult, TargetResult
from officeeval.scoring.verdicts import MAX_TARGETS_SHOWN, VERDICTS, holds
from officeeval.targets import LazySelection
from officeeval.values import Observation


def judge_by_groups(run: CheckRun) -> CheckResult | None:
    """The check's result against its literal, judged per group of targets that resolve
    alike; ``None`` when the selection cannot be grouped for this check (judge it target
    by target). Raises what resolving raises, for the first target (in selection order)
    whose resolution raises, as the target-by-target judge does."""
    targets = run.targets
    if not isinstance(targets, LazySelection) or len(targets) < 2 or not run.check.property:
        return None
    app = run.grading.main.app
    pdef = catalog(app).get(run.check.property)
    binding = pdef.bindings.get(app) if pdef is not None else None
    if binding is None:
        return None
    grouped = targets.groups(binding.fn)
    if grouped is None:
        return None
    labels, firsts = grouped
    check, expected = run.check, run.check.expected_value
    verdict = VERDICTS[run.comparator.kind]
    memo = Verdicts(lambda obs: verdict(run, obs, expected), run.vtype)
    observed: list[Observation | None] = []
    verdicts: list[Verdict] = []
    # Groups in the order of their first target: the first resolution that raises is the
    # one the target-by-target judge meets first.
    for first in firsts:
        obs = run.grading.resolve(check, targets.target_at(first))
        observed.append(obs)
        verdicts.append(memo.of(obs))
    n = len(labels)
    counts = [labels.count(g) for g in range(len(firsts))] if len(firsts) > 1 else [n]
    n_pass = sum(c for c, v in zip(counts, verdicts) if v.passed)
    m = check.match
    ok = holds(m, n_pass, n)
    all_missing = run.comparator.kind is not K.PRESENCE and all(o is None for o in observed)
    status = S.PASS if ok else (S.NOT_FOUND if all_missing else S.FAIL)
    shown = []
    for i in range(min(n, MAX_TARGETS_SHOWN)):
        g = labels[i]
        o = observed[g]
        shown.append(TargetResult(targets.target_at(i).locator, verdicts[g].actual,
                                  o.source if o else "", verdicts[g].passed))
    detail = f"{n_pass} of {n} targets pass (match={m})"
    bad = [g for g, v in enumerate(verdicts) if not v.passed]
    if not ok and bad and m in ("all", "any"):
        g = min(bad, key=lambda x: firsts[x])
        detail += (f"; e.g. {targets.target_at(firsts[g]).locator}: "
                   f"{verdicts[g].explanation}")
    sources = {o.source for o in observed if o}
    shown_v = verdicts[labels[0]]
    if not ok:
        turning = [g for g, v in enumerate(verdicts) if v.passed == (m == "none")]
        if turning:
            shown_v = verdicts[min(turning, key=lambda x: firsts[x])]
    return run.result(expected=shown_v.expected, actual=shown_v.actual,
                      source=sources.pop() if len(sources) == 1 else "mixed",
                      passed=ok, status=status, detail=detail, targets=shown)
