"""Targets judged against the check's own expected literal (``equals="12pt"``, ``exists``,
``distinct`` per list): each distinct value judged once (``memo.Verdicts``), a sheet's
range that resolves alike by groups judged per group (``scoring/grouped.py``)."""

from __future__ import annotations

from officeeval.scoring.grouped import judge_by_groups
from officeeval.scoring.memo import Verdicts
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult
from officeeval.scoring.verdicts import VERDICTS, Judged, aggregate


def judge_against_literal(run: CheckRun) -> CheckResult:
    """The check's result from every target against its literal, by ``match``. Raises what
    resolving raises (the first failing target's, in selection order)."""
    return judge_by_groups(run) or aggregate(run, verdicts_against_literal(run))


def verdicts_against_literal(run: CheckRun) -> list[Judged]:
    """Every target's verdict against the check's literal."""
    check, expected = run.check, run.check.expected_value
    verdict = VERDICTS[run.comparator.kind]
    memo = Verdicts(lambda obs: verdict(run, obs, expected), run.vtype)
    observed = run.observed()
    if observed is not None:
        # Every observation is held in ``observed`` meanwhile.
        return [(t, memo.of_held(obs), obs) for t, obs in zip(run.targets, observed)]
    per: list[Judged] = []
    for t in run.targets:
        obs = run.grading.resolve(check, t)
        per.append((t, memo.of(obs), obs))
    return per

