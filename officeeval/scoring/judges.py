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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from lxml import etree

from officeeval.comparators.registry import Comparator, ComparatorKind as K, Verdict, \
    render_expected
from officeeval.ooxml.ns import NSMAP
from officeeval.cache import memo_table
from officeeval.catalog import catalog
from officeeval.properties.types import BOOL, INTEGER, NUMBER, TEXT, CompareContext, \
    ValueType, compare_number, normalize_text, parse_comparison
from officeeval.rubric.model import Check
from officeeval.scoring.criteria import EvalError
from officeeval.scoring.display import display_type, expected_display, expected_text, \
    render_observation
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.scorecard import CheckResult, TargetResult
from officeeval.selectors import select
from officeeval.targets import LazySelection, Target
from officeeval.values import CellValue, Observation

if TYPE_CHECKING:
    from officeeval.scoring.grader import Grading

MAX_TARGETS_SHOWN = 50
_RENDERED_MAX = 200_000

# expected-from where neither document has a value: equal (whether that passes).
_SAME_WHEN_BOTH_ABSENT = {"equals": True, "approx": True, "not_equals": False}
_NO_VALUE_KEY = ("<no value>",)


@dataclass
class CheckRun:
    """One check being judged on one graded document."""

    check: Check
    comparator: Comparator
    grading: "Grading"
    base: dict
    vtype: ValueType            # rendering as the rubric wrote its literal
    targets: list[Target]
    ctx: CompareContext
    _rendered: tuple[Any, str] | None = field(default=None, repr=False)
    compiled: "_Compiled | None" = field(default=None, repr=False)

    def judge(self, actual: Any, expected: Any) -> Verdict:
        """The comparator's verdict, the expected value rendered once per value (a check
        judges every target against the same one; its own literal once per process)."""
        r = self._rendered
        if r is None or r[0] is not expected:
            c = self.compiled
            if c is not None and expected is self.check.expected_value:
                if c.rendered is None:
                    c.rendered = render_expected(expected, self.vtype)
                r = self._rendered = (expected, c.rendered)
            else:
                r = self._rendered = (expected, render_expected(expected, self.vtype))
        return self.comparator.judge(actual, expected, self.vtype, self.ctx, r[1])

    def result(self, **fields: Any) -> CheckResult:
        return CheckResult(**self.base, **fields)


def judge_check(check: Check, comparator: Comparator, grading: "Grading",
                base: dict) -> CheckResult:
    """The check's result on the graded document; raises ``EvalError`` and whatever
    resolving raises (``scoring/criteria.run_check`` classifies)."""
    doc = grading.main
    if check.xpath and check.part:
        return _judge_xpath(check, comparator, doc, base)
    compiled = _compiled(check, doc.app)
    run = CheckRun(check, comparator, grading, base, compiled.vtype,
                   select(doc, check.select),
                   CompareContext(check.tolerance_value, check.normalize,
                                  getattr(doc, "theme_color", None), check.threshold),
                   compiled=compiled)
    if check.against:
        from officeeval.scoring.relations import judge_relation
        return judge_relation(run)
    return _JUDGES[comparator.kind](run)


@dataclass
class _Compiled:
    """What a check needs on every graded document, worked out once per process: its
    display type, its own expected literal rendered, and how rendered values are said
    (``expected_display``). Pure functions of the check and the catalog."""

    check: Check
    vtype: ValueType
    rendered: str | None = None
    shown: dict[str, str] = field(default_factory=dict)

    def display(self, rendered: str) -> str:
        """``expected_display(check, rendered)``, remembered (a few values per check)."""
        got = self.shown.get(rendered)
        if got is None:
            got = expected_display(self.check, rendered)
            if len(self.shown) < 64:
                self.shown[rendered] = got
        return got


# id(check) -> its _Compiled (which holds the check, so the id is not reused while the
# entry lives); bounded: emptied when full.
_COMPILED: dict[tuple[int, str], _Compiled] = {}
_COMPILED_MAX = 16384


def _compiled(check: Check, app: str) -> _Compiled:
    """The check's ``_Compiled`` for ``app``; raises ``EvalError`` for an unknown property
    (nothing kept then)."""
    key = (id(check), app)
    got = _COMPILED.get(key)
    if got is None or got.check is not check:
        got = _Compiled(check, display_type(check, _value_type(check, app)))
        if len(_COMPILED) >= _COMPILED_MAX:
            _COMPILED.clear()
        _COMPILED[key] = got
    return got


def _value_type(check: Check, app: str) -> ValueType:
    if check.property == "count":
        return INTEGER
    if not check.property:
        return TEXT
    pdef = catalog().get(check.property)
    if pdef is None:
        raise EvalError(f"unknown property {check.property!r}")
    return pdef.type_for(app)


# ------------------------------------------------------------------------------ the judges
def judge_value(run: CheckRun) -> CheckResult:
    if run.check.property == "count":
        return _count_against(run, run.check.expected_from)
    if not run.targets:
        return _nothing_selected(run, typed=run.check.expected is not None)
    return _judge_targets(run, run.check.expected_from)


def judge_input(run: CheckRun) -> CheckResult:
    if run.check.property == "count":
        return _count_against(run, "input")
    if not run.targets:
        return _nothing_selected(run)
    return _judge_targets(run, "input")


def judge_presence(run: CheckRun) -> CheckResult:
    if not run.check.property:
        return _selection_presence(run)
    if not run.targets:
        return _nothing_selected(run)
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
    else the selected targets' values together: no two are the same as they are shown
    (text normalized as ``normalize=`` says). Targets without a value are left out."""
    if not run.targets:
        return _nothing_selected(run)
    if run.vtype.listy and run.check.op != "count_distinct":
        return _judge_targets(run, None)
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


_JUDGES: dict[K, Callable[[CheckRun], CheckResult]] = {
    K.VALUE: judge_value, K.PRESENCE: judge_presence, K.INPUT: judge_input,
    K.COUNT: judge_count, K.VALUES: judge_values}


# ------------------------------------------------------------------------------ selections
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


def _nothing_selected(run: CheckRun, typed: bool = False) -> CheckResult:
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


# ------------------------------------------------------------------------------ targets
_Judged = tuple[Target, Verdict, "Observation | None"]


def _judge_targets(run: CheckRun, which: str | None) -> CheckResult:
    """Every target's value judged (against its counterpart in the ``which`` document when
    one is named), then aggregated by ``match``."""
    if which:
        result = _aggregate(run, _judge_against_other(run, which))
    else:
        # A sheet's range whose cells resolve alike by groups: judged per group.
        from officeeval.scoring.grouped import judge_by_groups
        result = judge_by_groups(run) or _aggregate(run, _judge_against_literal(run))
    result.expected = run.compiled.display(result.expected) if run.compiled is not None \
        else expected_display(run.check, result.expected)
    return result


def _judge_against_literal(run: CheckRun) -> list[_Judged]:
    # Targets repeat values (a column's number format, a range's font): each distinct value
    # is judged once.
    check, expected = run.check, run.check.expected_value
    verdict = _VERDICTS[run.comparator.kind]
    memo: dict[Any, Verdict] = {}
    per: list[_Judged] = []
    observed = _resolved(run)
    if observed is not None:
        # Cells of one style share one observation object (the per-style resolvers' memo):
        # its verdict is found by identity, without building its key. The observations
        # are all alive in ``observed``, so no two of them share an id meanwhile.
        same: dict[int, Verdict] = {}
        for t, obs in zip(run.targets, observed):
            v = same.get(id(obs))  # type: ignore[assignment]
            if v is None:
                key = _memo_key(obs)
                if key is None:
                    v = verdict(run, obs, expected)
                else:
                    v = memo.get(key)  # type: ignore[assignment]
                    if v is None:
                        v = memo[key] = verdict(run, obs, expected)
                    same[id(obs)] = v
            per.append((t, v, obs))
        return per
    for t in run.targets:
        obs = run.grading.resolve(check, t)
        key = _memo_key(obs)
        if key is None:
            v = verdict(run, obs, expected)
        else:
            v = memo.get(key)  # type: ignore[assignment]
            if v is None:
                v = memo[key] = verdict(run, obs, expected)
        per.append((t, v, obs))
    return per


def _judge_against_other(run: CheckRun, which: str) -> list[_Judged]:
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
    rendered = run.grading.rendered_memo(other_doc)
    # Values of a type that never reads the graded document (no theme colors) judge alike
    # whatever document they come from: a verdict on (this value, that kept observation)
    # is remembered with the kept document.
    kept_verdicts = rendered if run.vtype.document_free else None
    verdict = _VERDICTS[comparator.kind]
    per: list[_Judged] = []
    expected_obs = _counterparts_resolved(run, pairs, is_input)
    # ``expected-from`` stops at the first target the other document cannot answer for
    # (an ``EvalError``): its targets are resolved one by one, as far as it goes (what is
    # resolved shows in the card's value sources). When every counterpart has a value,
    # it cannot stop there, and the targets are resolved together.
    observed = None
    if expected_obs is not None:
        observed = _resolved_like(run, pairs, expected_obs)
    elif is_input:
        observed = _resolved(run)
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
        elif other_obs is not None and rendered is not None:
            if obs is other_obs and kept_verdicts is not None and not obs.parts:
                # A target that took its counterpart's observation (``_resolved_like``):
                # its verdict is that of the kept observation against itself, found by
                # identity without building the value's key.
                hit = kept_verdicts.get(("self", id(check), id(obs), id(run.vtype)))
                if hit is not None and hit[0] is check and hit[1] is obs and \
                        hit[2] is run.vtype:
                    per.append((t, hit[3], obs))
                    continue
            if kept_verdicts is not None and obs is not None and not obs.parts:
                # Judged before against this kept observation: nothing to render.
                v = _kept_hit(run, kept_verdicts, obs, other_obs)
                if v is not None:
                    _keep_self(run, kept_verdicts, obs, other_obs, v)
                    per.append((t, v, obs))
                    continue
            # The other document's value, said once per kept observation (a batch judges
            # every graded document against the same ones).
            key = (id(other_obs), id(run.vtype))
            hit = rendered.get(key)
            if hit is None or hit[0] is not other_obs or hit[1] is not run.vtype:
                hit = (other_obs, run.vtype, render_expected(expected, run.vtype))
                if len(rendered) < _RENDERED_MAX:
                    rendered[key] = hit
            run._rendered = (expected, hit[2])
            if kept_verdicts is not None and obs is not None and not obs.parts:
                v = _kept_verdict(run, kept_verdicts, verdict, obs, other_obs, expected)
                _keep_self(run, kept_verdicts, obs, other_obs, v)
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
    """``_resolved``, where a target that certainly resolves as its counterpart does
    (``Grading.alike``: an untouched cell of an ``unchanged`` range) takes the
    counterpart's observation instead of being resolved; ``None`` as ``_resolved`` says
    (a failing resolution, or a failing comparison: every target is then resolved)."""
    targets = run.targets
    try:
        alike = run.grading.alike(run.check, targets, pairs)
    except Exception:  # noqa: BLE001 - ours; resolving every target gives the same values
        alike = None
    if not alike or not any(alike):
        return _resolved(run)
    rest = [t for t, same in zip(targets, alike) if not same]
    try:
        got = iter(run.grading.resolve_all(run.check, rest) if rest else [])
    except Exception:  # noqa: BLE001 - raised again, in its place, by the one-by-one loop
        return None
    return [expected_obs[i] if same else next(got) for i, same in enumerate(alike)]


def _resolved(run: CheckRun) -> list[Observation | None] | None:
    """Every target's observation, resolved together (``Grading.resolve_all``); ``None``
    when one of them raises: the caller then resolves target by target, interleaved with
    its other steps as before, so the check fails with the same error it always did."""
    try:
        return run.grading.resolve_all(run.check, run.targets)
    except Exception:  # noqa: BLE001 - raised again, in its place, by the one-by-one loop
        return None


def _verdict_key(run: CheckRun, obs: Observation, other_obs: Observation) -> tuple | None:
    """The key of ``_kept_verdict``'s memo (looking it up raises ``TypeError`` for a value
    that cannot be hashed); ``None`` when it cannot even be built."""
    value = obs.value
    try:
        vkey = _cell_value_key(value) if isinstance(value, CellValue) else (type(value), value)
    except TypeError:  # extras that cannot be sorted
        return None
    return ("verdict", id(run.check), id(other_obs), id(run.vtype), obs.source, vkey)


def _kept_hit(run: CheckRun, memo: dict, obs: Observation, other_obs: Observation
              ) -> Verdict | None:
    """The verdict ``_kept_verdict`` remembered for these, or ``None``."""
    key = _verdict_key(run, obs, other_obs)
    try:
        hit = memo.get(key) if key is not None else None
    except TypeError:  # an unhashable value
        return None
    if hit is not None and hit[0] is run.check and hit[1] is other_obs and \
            hit[2] is run.vtype:
        return hit[3]
    return None


def _kept_verdict(run: CheckRun, memo: dict, verdict, obs: Observation,
                  other_obs: Observation, expected: Any) -> Verdict:
    """``verdict(run, obs, expected)``, remembered by (check, value, kept observation): a
    batch judges the same unchanged cells of every graded document against the same kept
    input. The key pins the check and the observation (kept in the entry, so their ids
    are not reused while it lives) and the value with its type and extras."""
    key = _verdict_key(run, obs, other_obs)
    try:
        hit = memo.get(key) if key is not None else None
    except TypeError:
        key = None
    if key is None:  # an unhashable value: judged on its own
        return verdict(run, obs, expected)
    if hit is not None and hit[0] is run.check and hit[1] is other_obs and \
            hit[2] is run.vtype:
        return hit[3]
    v = verdict(run, obs, expected)
    if len(memo) < _RENDERED_MAX:
        memo[key] = (run.check, other_obs, run.vtype, v)
    return v


def _keep_self(run: CheckRun, memo: dict, obs: Observation, other_obs: Observation,
               v: Verdict) -> None:
    """Remember ``v`` as the verdict of the kept ``other_obs`` against itself, when ``obs``
    is that very observation (the pinned check and observation keep their ids)."""
    if obs is other_obs and len(memo) < _RENDERED_MAX:
        memo[("self", id(run.check), id(obs), id(run.vtype))] = (run.check, obs, run.vtype, v)


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


def _cell_value_key(value: CellValue) -> tuple:
    """What a cell value judges by: equal cell values may judge apart by their class,
    their extras (two dates equal to the millisecond, their serials not) or the type of
    what they hold (``True`` and ``1``). Raises ``TypeError`` for extras that cannot be
    sorted."""
    extra = value.extra
    return (type(value), value, tuple(sorted(extra.items())) if extra else (),
            type(value.value))


def _memo_key(obs: Observation | None) -> Any:
    """A key under which ``obs`` judges like every other observation with that key (its
    value and the value's type, so ``True`` and ``1`` stay apart); ``None`` when it must be
    judged on its own (a value made of parts, or one that cannot be hashed)."""
    if obs is None:
        return _NO_VALUE_KEY
    if obs.parts:
        return None
    value = obs.value
    if type(value) is list:
        # A list (a formula's functions, a chart's series): by its items and their types
        # (so [True] and [1] stay apart), when they can be hashed.
        value = (list, tuple((type(x), x) for x in value))
    elif isinstance(value, CellValue):
        try:
            value = _cell_value_key(value)
        except TypeError:  # extras that cannot be sorted
            return None
    try:
        hash(value)
    except TypeError:
        return None
    return (type(value), value)


# ------------------------------------------------------------------------------ verdicts
def _presence_verdict(run: CheckRun, obs: Observation | None, expected: Any) -> Verdict:
    return run.judge(obs.value if obs else None, None)


def _value_verdict(run: CheckRun, obs: Observation | None, expected: Any) -> Verdict:
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


def _input_verdict(run: CheckRun, obs: Observation | None, expected: Any) -> Verdict:
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
    return _value_verdict(run, obs, expected)


_VERDICTS: dict[K, Callable[[CheckRun, "Observation | None", Any], Verdict]] = {
    K.VALUE: _value_verdict, K.PRESENCE: _presence_verdict, K.INPUT: _input_verdict,
    K.VALUES: _value_verdict}


# ------------------------------------------------------------------------------ aggregate
def _holds(match: str, n_pass: int, n: int) -> bool:
    if match == "any":
        return n_pass > 0
    if match == "none":
        return n_pass == 0
    if match.startswith("count"):
        return compare_number(n_pass, parse_comparison(match[len("count"):]))
    return n_pass == n


def _aggregate(run: CheckRun, per: list[_Judged]) -> CheckResult:
    """The check's result from every target's verdict, judged by ``match``: ``not_found``
    when it fails and no target had a value (``presence`` comparators judge that itself)."""
    if len(per) == 1:
        t, v, o = per[0]
        ok = _holds(run.check.match, 1 if v.passed else 0, 1)
        status = S.PASS if ok else (S.NOT_FOUND if o is None and run.comparator.kind
                                    is not K.PRESENCE else S.FAIL)
        # The resolver's note says why the value is what it is (the TOC entries that
        # disagree, the room a cell lacks): part of a failure's explanation.
        note = f"; {o.note}" if o is not None and o.note else ""
        return run.result(expected=v.expected, actual=v.actual, source=o.source if o else "",
                          passed=ok, status=status,
                          detail="" if ok else f"{t.locator}: {v.explanation}{note}")
    n_pass = sum(1 for _, v, _ in per if v.passed)
    ok = _holds(run.check.match, n_pass, len(per))
    all_missing = run.comparator.kind is not K.PRESENCE and all(o is None for _, _, o in per)
    status = S.PASS if ok else (S.NOT_FOUND if all_missing else S.FAIL)
    return _aggregate_several(run, per, ok, status, n_pass)


def _aggregate_several(run: CheckRun, per: list[_Judged], ok: bool, status: S,
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


# ------------------------------------------------------------------------------ xpath
def _judge_xpath(check: Check, comparator: Comparator, doc: Any, base: dict) -> CheckResult:
    """The raw XPath escape hatch (``part`` + ``xpath``), typed as the loader typed the
    expected value (``rubric.loader.xpath_value_type``): a number is compared as a number
    (``count(//w:tbl) >= 1``), a boolean as a boolean, a node-set as its text."""
    pkg = doc.package
    if not pkg.has_part(check.part or ""):
        absent = comparator.name == "absent"
        return CheckResult(**base, expected=check.expected or "", actual="(no such part)",
                           source="", passed=absent,
                           status=S.PASS if absent else S.NOT_FOUND,
                           detail=f"part {check.part} is missing")
    result = etree.XPath(check.xpath or "", namespaces=NSMAP)(pkg.xml(check.part or ""))
    value: Any
    vtype: ValueType = TEXT
    if isinstance(result, list):
        value = "".join(r if isinstance(r, str) else "".join(r.itertext())
                        for r in result) if result else None
    elif isinstance(result, bool):
        value, vtype = result, BOOL
    elif isinstance(result, float):
        value, vtype = (result if result == result else None), NUMBER  # NaN: no value
    else:
        value = str(result)
    obs = Observation(value, "direct") if value is not None else None
    run = CheckRun(check, comparator, None, base, vtype, [],  # type: ignore[arg-type]
                   CompareContext(check.tolerance_value, check.normalize,
                                  getattr(doc, "theme_color", None), check.threshold))
    v = _VERDICTS.get(comparator.kind, _value_verdict)(run, obs, check.expected_value)
    status = S.PASS if v.passed else (S.NOT_FOUND if obs is None else S.FAIL)
    return CheckResult(**base, expected=v.expected, actual=v.actual, source="direct",
                       passed=v.passed, status=status, detail=v.explanation)
