"""Targets judged against their counterparts in the task's input or reference document:
``unchanged`` / ``changed`` (the ``input`` comparator kind: targets the candidate deleted or
added count) and ``expected-from`` (a value comparator whose expected value is the same
target's in the other document).

Each target is paired with its counterpart (by locator, or by position when no locator
matches and the counts agree). The kept document's side is remembered between gradings
with it (``memo.KeptMemo``: its observations, its values said, and, for a type whose
verdicts never read the graded document, the verdicts against them).
"""

from __future__ import annotations

from typing import Any

from officeeval.cache import memo_table
from officeeval.comparators.registry import ComparatorKind as K, Verdict
from officeeval.scoring.outcomes import EvalError
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult
from officeeval.scoring.verdicts import VERDICTS, Judged, aggregate
from officeeval.selectors import select
from officeeval.targets import LazySelection, Target
from officeeval.values import Observation

# expected-from where neither document has a value: equal (whether that passes).
_SAME_WHEN_BOTH_ABSENT = {"equals": True, "approx": True, "not_equals": False}


def judge_against_other(run: CheckRun, which: str) -> CheckResult:
    """The check's result from every target against its counterpart in the ``which``
    document, by ``match``. Raises ``EvalError`` (the other document is missing or cannot
    answer for a target of ``expected-from``) and what resolving raises."""
    return aggregate(run, _verdicts_against_other(run, which))


def _verdicts_against_other(run: CheckRun, which: str) -> list[Judged]:
    """Each target against its counterpart in the ``which`` document (``input`` for
    ``unchanged`` / ``changed``, else ``expected-from``)."""
    check, comparator = run.check, run.comparator
    is_input = comparator.kind is K.INPUT
    other_doc = run.grading.other(which)
    others = select(other_doc, check.select)
    targets = run.targets
    if isinstance(targets, LazySelection) and targets.same_places(others):
        pairs: list[Target | None] = list(others)
    else:
        pairs = _pair(targets, others, _keyed(other_doc, others))
    memo = run.grading.kept_memo(other_doc)
    # Values of a type that never reads the graded document (no theme colors) judge alike
    # whatever document they come from: a verdict on (this value, that kept observation)
    # is remembered with the kept document.
    keeps_verdicts = memo is not None and run.vtype.document_free
    verdict = VERDICTS[comparator.kind]
    per: list[Judged] = []
    expected_obs = _counterparts_resolved(run, pairs, is_input)
    # ``expected-from`` stops at the first target the other document cannot answer for
    # (an ``EvalError``): its targets are resolved one by one, as far as it goes (what is
    # resolved shows in the card's value sources). When every counterpart has a value,
    # it cannot stop there, and the targets are resolved together.
    observed = None
    if expected_obs is not None:
        observed = _resolved_like(run, pairs, expected_obs)
    elif is_input:
        observed = run.observed()
    for i, (t, other) in enumerate(zip(targets, pairs)):
        obs = observed[i] if observed is not None else run.grading.resolve(check, t)
        if other is None:
            per.append((t, _no_counterpart(run, t, is_input), obs))
            continue
        other_obs = expected_obs[i] if expected_obs is not None else \
            run.grading.resolve_other(check, other)
        if other_obs is None and not is_input:
            per.append((t, _no_expected_value(run, other, obs), obs))
            continue
        expected = other_obs.value if other_obs is not None else None
        if other_obs is not None and other_obs.parts and other_obs.value is None:
            expected = tuple(p.value for _, p in other_obs.parts)
        elif other_obs is not None and memo is not None:
            kept = keeps_verdicts and obs is not None and not obs.parts
            if kept:
                # Judged before against this kept observation: nothing to render.
                v = memo.verdict(check, run.vtype, obs, other_obs)  # type: ignore[arg-type]
                if v is not None:
                    per.append((t, v, obs))
                    continue
            run.said(expected, memo.said(other_obs, run.vtype, expected))
            if kept:
                v = verdict(run, obs, expected)
                memo.keep_verdict(check, run.vtype, obs, other_obs, v)  # type: ignore[arg-type]
                per.append((t, v, obs))
                continue
        per.append((t, verdict(run, obs, expected), obs))
    if comparator.name == "unchanged":
        # Targets the candidate deleted are changes too.
        paired = {id(o) for o in pairs if o is not None}
        per += [(o, Verdict(False, "(as in input)", "(missing)",
                            "deleted: the graded document has no such target"), None)
                for o in others if id(o) not in paired]
    return per


def _counterparts_resolved(run: CheckRun, pairs: list[Target | None], is_input: bool
                           ) -> list[Observation | None] | None:
    """Every counterpart's observation in the input or reference document (``None`` for a
    target without one), resolved before the targets are judged; ``None`` when one of them
    raises, or, for ``expected-from``, when a target has no counterpart or a counterpart has
    no value: the judge then goes target by target and stops where it always did.
    Resolving the kept document's values notes nothing on the graded document's card."""
    resolve_other = run.grading.resolve_other
    check = run.check
    out: list[Observation | None] = []
    try:
        for other in pairs:
            if other is None:
                if not is_input:
                    return None
                out.append(None)
                continue
            obs = resolve_other(check, other)
            if obs is None and not is_input:
                return None
            out.append(obs)
    except Exception:  # noqa: BLE001 - raised again, in its place, by the one-by-one loop
        return None
    return out


def _resolved_like(run: CheckRun, pairs: list[Target | None],
                   expected_obs: list[Observation | None]) -> list[Observation | None] | None:
    """``CheckRun.observed``, where a target that certainly resolves as its counterpart
    does (``Grading.alike``: an untouched cell of an ``unchanged`` range) takes the
    counterpart's observation instead of being resolved; ``None`` as ``observed`` says
    (a failing resolution, or a failing comparison: every target is then resolved)."""
    targets = run.targets
    try:
        alike = run.grading.alike(run.check, targets, pairs)
    except Exception:  # noqa: BLE001 - ours; resolving every target gives the same values
        alike = None
    if not alike or not any(alike):
        return run.observed()
    rest = [t for t, same in zip(targets, alike) if not same]
    try:
        got = iter(run.grading.resolve_all(run.check, rest) if rest else [])
    except Exception:  # noqa: BLE001 - raised again, in its place, by the one-by-one loop
        return None
    return [expected_obs[i] if same else next(got) for i, same in enumerate(alike)]


def _no_counterpart(run: CheckRun, t: Target, is_input: bool) -> Verdict:
    """A target the other document lacks: added (for ``unchanged`` / ``changed``), or the
    rubric's problem (``expected-from``: ``EvalError``)."""
    if not is_input:
        raise EvalError(f"the {run.check.expected_from} document has no target {t.locator} "
                        f"for {run.check.select!r}")
    ok = run.comparator.name == "changed"
    return Verdict(ok, "(as in input)", "(not in the input)",
                   "" if ok else "added: the input has no such target")


def _no_expected_value(run: CheckRun, other: Target, obs: Observation | None) -> Verdict:
    """``expected-from`` where the other document has no value: equal when the candidate's
    has none either (whether that passes), else the rubric's problem (``EvalError``)."""
    check, name = run.check, run.comparator.name
    if obs is None and name in _SAME_WHEN_BOTH_ABSENT:
        ok = _SAME_WHEN_BOTH_ABSENT[name]
        return Verdict(ok, f"(none, as in the {check.expected_from})", "(none)",
                       "" if ok else "both have no value")
    raise EvalError(f"the {check.expected_from} document has no value for {check.property} "
                    f"at {other.locator}")


_PAIR_KEYS_ATTR = "_officeeval_pair_keys"


def _keyed(doc: Any, others: list[Target]) -> dict:
    """``{o.pair_key: o for o in others}``, kept with ``doc`` for its selection ``others``
    (a kept input's selection is paired with every graded document of a batch)."""
    memo = memo_table(doc, _PAIR_KEYS_ATTR)
    hit = memo.get(id(others))
    if hit is None or hit[0] is not others:
        hit = (others, {o.pair_key: o for o in others})
        if len(memo) < 4096:
            memo[id(others)] = hit
    return hit[1]


def _pair(targets: list[Target], others: list[Target], by_key: dict | None = None
          ) -> list[Target | None]:
    """The counterpart of each target in the other document: by locator (``pair_key``), or
    by position when no locator matches and the counts agree; ``None`` when it has none.
    ``by_key``: the others by ``pair_key``, when the caller has it."""
    if by_key is None:
        by_key = {o.pair_key: o for o in others}
    keys = [t.pair_key for t in targets]
    if not any(k in by_key for k in keys) and len(others) == len(targets):
        return list(others)
    return [by_key.get(k) for k in keys]


