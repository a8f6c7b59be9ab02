"""``distinct`` and ``count_distinct`` (the ``values`` comparator kind) over the selected
targets' values together: whether no two are the same as they are shown (text normalized
as ``normalize=`` says), or how many different ones there are. Targets without a value are
left out. (A list-valued property's ``distinct`` judges each target's list:
``scoring/literal.py``.)"""

from __future__ import annotations

from officeeval.properties.types import compare_number, normalize_text
from officeeval.scoring.display import render_observation
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult
from officeeval.targets import Target


def judge_distinct(run: CheckRun) -> CheckResult:
    """The selected targets' values together: ``distinct`` (no two the same) or
    ``count_distinct`` (how many different ones, against the expected number). Raises
    what resolving raises."""
    seen: dict[str, tuple[Target, str]] = {}
    repeats: list[tuple[Target, Target, str]] = []
    n = 0
    for t in run.targets:
        obs = run.grading.resolve(run.check, t)
        if obs is None or (obs.value is None and not obs.parts):
            continue
        n += 1
        shown = render_observation(obs, run.vtype) if obs.value is None else \
            run.vtype.as_text(obs.value)
        key = normalize_text(shown, run.check.normalize)
        if key in seen:
            first, first_shown = seen[key]
            repeats.append((first, t, first_shown))
        else:
            seen[key] = (t, shown)
    if run.check.op == "count_distinct":
        return _kinds(run, seen, n)
    if n == 0:
        return run.result(expected="distinct values", actual="(none)", source="",
                          passed=False, status=S.NOT_FOUND,
                          detail=f"no target of {run.check.select!r} has a value")
    ok = not repeats
    detail = ""
    if repeats:
        a, b, shown = repeats[0]
        detail = (f"{len(repeats)} value(s) repeat; e.g. {shown!r} at {a.locator} and "
                  f"{b.locator}")
    return run.result(expected="distinct values", actual=f"{len(seen)} distinct of {n}",
                      source="computed", passed=ok, status=S.PASS if ok else S.FAIL,
                      detail=detail)


def _kinds(run: CheckRun, seen: dict[str, tuple[Target, str]], n: int) -> CheckResult:
    """``count_distinct``: the number of different values (``seen``, of ``n`` targets with
    a value) against the expected number; nothing with a value is ``not_found``, never a
    pass (``<=2`` different transitions of no transition at all is not an answer)."""
    expected = run.check.expected_value
    want = f"{expected} different value(s)"
    if n == 0:
        return run.result(expected=want, actual="(none)", source="", passed=False,
                          status=S.NOT_FOUND,
                          detail=f"no target of {run.check.select!r} has a value")
    ok = compare_number(float(len(seen)), expected)
    shown = ", ".join(v for _, v in list(seen.values())[:8])
    return run.result(expected=want, actual=f"{len(seen)} of {n} target(s): {shown}",
                      source="computed", passed=ok, status=S.PASS if ok else S.FAIL,
                      detail="" if ok else f"{len(seen)} different value(s) among {n} "
                      f"target(s); {expected} asked")
