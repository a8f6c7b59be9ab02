"""The scoring engine: ``evaluate(rubric, document[, input, reference]) -> ScoreCard``.

This is the one place with a broad ``except``: a bug of ours while judging a check becomes
that check's ``eval_error`` (with the exception named) instead of a crash or a failure
charged to the candidate. Everything else classifies typed errors:

* ``PackageError`` opening the document -> task outcome ``invalid_package`` (stage kept);
* ``UnverifiableValue`` (e.g. a formula with no cached value and no recalculation) ->
  ``eval_error`` with the reason;
* ``UnevaluableDocument`` (the document defeated the evaluator: its recalculation timed out
  or was killed, a part exceeded a limit while grading) -> ``unevaluable``: charged to the
  candidate as lost points, never left out of the total (so making the evaluator fail can
  never raise a score);
* an empty selection -> ``not_found`` (never a pass), unless the check asks for absence.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from officeeval import __version__
from officeeval.comparators import get_comparator
from officeeval.comparators.registry import Comparator, Verdict
from officeeval.errors import (OfficeEvalError, PackageError, UnevaluableDocument,
                               UnverifiableValue)
from officeeval.formats import open_document
from officeeval.ooxml.ns import NSMAP
from officeeval.ooxml.units import literal_unit
from officeeval.catalog import catalog
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import BOOL, NUMBER, TEXT, CompareContext, LengthType, \
    ValueType, compare_number, parse_comparison
from officeeval.rubric.model import Check, Criterion, Rubric
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.outcomes import TaskOutcome
from officeeval.scoring.scorecard import CheckResult, CriterionResult, ScoreCard, TargetResult
from officeeval.selectors import select
from officeeval.targets import Document, Target
from officeeval.values import Observation

MAX_TARGETS_SHOWN = 50


class _EvalError(Exception):
    """Internal: this check cannot be judged for a reason that is not the candidate's."""


@dataclass
class _Docs:
    """The graded document and, lazily, the input and reference documents."""

    main: Document
    input_path: str | None
    reference_path: str | None
    app: str
    options: dict[str, Any]
    _others: dict[str, Document | Exception] = field(default_factory=dict)

    def other(self, which: str) -> Document:
        if which not in self._others:
            path = self.input_path if which == "input" else self.reference_path
            if not path:
                self._others[which] = _EvalError(f"no {which} document was given for this "
                                                 f"check")
            else:
                try:
                    self._others[which] = _open_other(path, self.app, self.options)
                except PackageError as exc:
                    self._others[which] = _EvalError(f"the {which} document is unreadable: "
                                                     f"{exc}")
        got = self._others[which]
        if isinstance(got, Exception):
            raise got
        return got

    def close(self) -> None:
        # The input and reference documents belong to _OTHERS (kept for the next grading).
        self._others.clear()


# The input and reference of a task are the same for every graded document: a batch worker
# keeps the last few open (read-only views, keyed by path, content hash and options)
# instead of re-parsing them for each generation (a third of the grading time of a Word
# task). The content hash, not the mtime: a file rewritten within one clock tick keeps it.
_OTHERS: "OrderedDict[tuple, Document]" = OrderedDict()
_OTHERS_KEPT = 8


def _open_other(path: str, app: str, options: dict[str, Any]) -> Document:
    """``open_document(path, app)``, reused while the file's content is unchanged. Raises
    ``PackageError`` like ``open_document``."""
    try:
        with open(path, "rb") as f:
            digest = hashlib.sha1(f.read()).hexdigest()
    except OSError:
        return open_document(path, app, options=options)  # raises the PackageError
    key = (os.path.abspath(path), app, digest, repr(sorted(options.items())))
    doc = _OTHERS.get(key)
    if doc is None:
        doc = _OTHERS[key] = open_document(path, app, options=options)
        while len(_OTHERS) > _OTHERS_KEPT:
            _OTHERS.popitem(last=False)[1].close()
    else:
        _OTHERS.move_to_end(key)
    return doc


def evaluate(rubric: Rubric, document: str | Path, input: str | Path | None = None,
             reference: str | Path | None = None, task: str | None = None,
             options: dict[str, Any] | None = None) -> ScoreCard:
    """Grade ``document`` against ``rubric``.

    ``input`` / ``reference`` default to the rubric's files; they are opened only when a
    check needs them (``unchanged``, ``changed``, ``expected-from``). Never raises for a bad
    document: an unreadable one gives outcome ``invalid_package`` with the failing stage.
    """
    started = time.perf_counter()
    options = dict(options or {})
    # Grading only reads documents: large parts with identical bytes (python-docx's styles)
    # are parsed once per process (ooxml.shared_trees).
    options.setdefault("shared_trees", True)
    input_path = str(input) if input else rubric.files.input
    reference_path = str(reference) if reference else rubric.files.reference
    try:
        doc = open_document(document, rubric.app, options=options)
    except PackageError as exc:
        card = evaluate_outcome(rubric, TaskOutcome.INVALID_PACKAGE, str(document),
                                str(exc), task)
        card.seconds = time.perf_counter() - started
        return card
    except Exception as exc:  # noqa: BLE001 - our bug opening the view: never charged
        detail = f"evaluator error: {type(exc).__name__}: {exc}"
        results = [CriterionResult(c.id, c.skill, c.points, 0.0, S.EVAL_ERROR.value,
                                   c.description, [], c.is_preservation)
                   for c in rubric.criteria]
        card = _card(rubric, str(document), TaskOutcome.OK.value, detail, results, task)
        card.seconds = time.perf_counter() - started
        return card
    docs = _Docs(doc, input_path, reference_path, rubric.app, options)
    try:
        results = [_criterion(c, docs) for c in rubric.criteria]
    finally:
        docs.close()
        sources = dict(getattr(doc, "value_sources", {}) or {})
        doc.close()
    card = _card(rubric, str(document), TaskOutcome.OK.value, "", results, task)
    card.value_sources = sources
    card.seconds = time.perf_counter() - started
    return card


def evaluate_outcome(rubric: Rubric, outcome: TaskOutcome | str, document: str = "",
                     detail: str = "", task: str | None = None) -> ScoreCard:
    """The ScoreCard of a task whose document could not be graded: every criterion is
    ``skipped`` (an execution failure inherits to all of them) and the score is 0."""
    outcome = TaskOutcome(outcome)
    results = [CriterionResult(c.id, c.skill, c.points, 0.0, S.SKIPPED.value, c.description,
                               [], c.is_preservation) for c in rubric.criteria]
    return _card(rubric, document, outcome.value, detail, results, task)


def _card(rubric: Rubric, document: str, outcome: str, detail: str,
          results: list[CriterionResult], task: str | None) -> ScoreCard:
    excluded = sum(r.points for r in results if r.status == S.EVAL_ERROR.value)
    possible = rubric.total - excluded
    earned = round(sum(r.earned for r in results), 4)
    threshold = rubric.pass_mark * (possible / rubric.total) if rubric.total else 0
    return ScoreCard(
        task=task or rubric.id, app=rubric.app, document=document, outcome=outcome,
        score=earned, total=possible, pass_mark=rubric.pass_mark,
        passed=outcome == TaskOutcome.OK.value and possible > 0 and earned >= threshold - 1e-9,
        eval_errors=sum(1 for r in results if r.status == S.EVAL_ERROR.value),
        criteria=results, outcome_detail=detail, rubric_total=rubric.total,
        rubric_sha256=rubric.sha256, engine_version=__version__)


# ------------------------------------------------------------------------------ criteria
def _criterion(c: Criterion, docs: _Docs) -> CriterionResult:
    checks = [_check(k, docs) for k in c.checks]
    statuses = [k.status for k in checks]
    points, earned, status = c.points, 0.0, S.FAIL.value
    failing = [s for s in statuses if s in _FAILING]
    if c.scoring == "partial":
        weights = [k.points if k.points is not None else c.points / len(c.checks)
                   for k in c.checks]
        earned = sum(w for w, r in zip(weights, checks) if r.status == S.PASS.value)
        errored = sum(w for w, r in zip(weights, checks) if r.status == S.EVAL_ERROR.value)
        if errored and not any(r.status == S.PASS.value for r in checks) and not failing:
            status = S.EVAL_ERROR.value
        elif not failing and not errored:
            status = S.PASS.value
        else:
            status = _fail_status(failing) if failing else S.EVAL_ERROR.value
        # Points of checks we could not judge are not charged: scale the criterion down.
        if status != S.EVAL_ERROR.value and errored:
            points = c.points - errored
    elif c.scoring == "any":
        if S.PASS.value in statuses:
            status, earned = S.PASS.value, c.points
        elif S.EVAL_ERROR.value in statuses:
            status = S.EVAL_ERROR.value
        else:
            status = _fail_status(failing)
    else:
        if failing:
            status = _fail_status(failing)
        elif S.EVAL_ERROR.value in statuses:
            status = S.EVAL_ERROR.value
        else:
            status, earned = S.PASS.value, c.points
    if status == S.EVAL_ERROR.value:
        earned = 0.0
    result = CriterionResult(c.id, c.skill, points if status != S.EVAL_ERROR.value else c.points,
                             round(earned, 4), status, c.description, checks, c.is_preservation)
    return result


_FAILING = (S.FAIL.value, S.NOT_FOUND.value, S.UNEVALUABLE.value)


def _fail_status(failing: list[str]) -> str:
    for status in (S.FAIL.value, S.UNEVALUABLE.value):
        if status in failing:
            return status
    return S.NOT_FOUND.value


# ------------------------------------------------------------------------------ checks
def _check(check: Check, docs: _Docs) -> CheckResult:
    comparator = get_comparator(check.op)
    base = dict(select=check.select, property=check.property or
                (f"xpath:{check.xpath}" if check.xpath else None), op=check.op,
                line=check.line)
    try:
        if comparator is None:
            raise _EvalError(f"unknown comparator {check.op!r}")
        if check.xpath and check.part:
            return _xpath_check(check, comparator, docs.main, base)
        return _judge(check, comparator, docs, base)
    except _EvalError as exc:
        return CheckResult(**base, expected=check.expected or "", actual="", source="",
                           passed=False, status=S.EVAL_ERROR.value, detail=str(exc))
    except UnverifiableValue as exc:
        return CheckResult(**base, expected=check.expected or "", actual="", source="",
                           passed=False, status=S.EVAL_ERROR.value, detail=str(exc))
    except UnevaluableDocument as exc:
        return _unevaluable(check, base, str(exc))
    except PackageError as exc:
        if exc.stage == "limit_exceeded":
            return _unevaluable(check, base, f"a part exceeds a limit: {exc}")
        # A part of the candidate's document is broken: observed, and wrong.
        return CheckResult(**base, expected=check.expected or "", actual="(broken part)",
                           source="", passed=False, status=S.FAIL.value,
                           detail=f"the document is damaged: {exc}")
    except Exception as exc:  # noqa: BLE001 - our bug: never charged to the candidate
        return CheckResult(**base, expected=check.expected or "", actual="", source="",
                           passed=False, status=S.EVAL_ERROR.value,
                           detail=f"evaluator error: {type(exc).__name__}: {exc}")


def _unevaluable(check: Check, base: dict, why: str) -> CheckResult:
    return CheckResult(**base, expected=check.expected or "", actual="(unevaluable)",
                       source="", passed=False, status=S.UNEVALUABLE.value,
                       detail=f"the document defeated the evaluator (charged): {why}")


def _vtype(check: Check, app: str) -> ValueType:
    if check.property == "count":
        from officeeval.properties.types import INTEGER
        return INTEGER
    if not check.property:
        return TEXT
    pdef = catalog().get(check.property)
    if pdef is None:
        raise _EvalError(f"unknown property {check.property!r}")
    return pdef.type_for(app)


# Every target of a check resolves with the same context: build it once (keyed by identity
# of the document's options, which the cache holds).
_LAST_CTX: tuple[Any, bool, ResolveContext | None] = (None, False, None)
_NO_OPTIONS: dict[str, Any] = {}


def _resolve(check: Check, target: Target) -> Observation | None:
    global _LAST_CTX
    from officeeval.catalog import resolve
    options = getattr(target.doc, "options", None) or _NO_OPTIONS
    direct = check.source == "direct"
    last = _LAST_CTX
    if last[0] is options and last[1] == direct and last[2] is not None:
        ctx = last[2]
    else:
        ctx = ResolveContext(direct=direct, options=options)
        _LAST_CTX = (options, direct, ctx)
    try:
        return resolve(check.property or "", target, ctx)
    except LookupError as exc:
        # The loader rejects properties that do not apply to a selector's kind; a kind
        # mismatch at run time (e.g. a mixed selection) is the rubric's problem, not the
        # candidate's.
        raise _EvalError(str(exc)) from exc


# The input and reference documents are kept open across gradings (``_OTHERS``) and their
# selections are cached on them, so the same target of theirs is resolved again for every
# graded document (an ``unchanged`` check over a 400-cell range: 400 resolutions each
# time). Their observations are kept on the document, keyed by the target's identity
# (which the selection cache keeps alive as long as the document), bounded.
_KEPT_OBS_ATTR = "_officeeval_kept_observations"
_KEPT_OBS_MAX = 200_000
_MISS = object()


def _resolve_kept(check: Check, target: Target) -> Observation | None:
    """``_resolve`` for a target of a kept (input or reference) document, remembered on
    that document. Raises like ``_resolve``; a failure is not remembered."""
    cache = target.doc.__dict__.setdefault(_KEPT_OBS_ATTR, {})
    key = (check.property, check.source == "direct", id(target))
    hit = cache.get(key, _MISS)
    if hit is not _MISS:
        return hit  # type: ignore[return-value]
    try:
        obs = _resolve(check, target)
    except UnevaluableDocument as exc:
        # The input or reference is ours, not the candidate's: never charged.
        raise _EvalError(f"the task's own document could not be evaluated: {exc}") from exc
    if len(cache) < _KEPT_OBS_MAX:
        cache[key] = obs
    return obs


def _compare_ctx(check: Check, doc: Document) -> CompareContext:
    return CompareContext(check.tolerance_value, check.normalize,
                          getattr(doc, "theme_color", None))


def _judge(check: Check, comparator: Comparator, docs: _Docs, base: dict) -> CheckResult:
    doc = docs.main
    vtype = _display_type(check, _vtype(check, doc.app))
    targets = select(doc, check.select)
    if check.property == "count" and comparator.kind in ("value", "input"):
        n = len(targets)
        expected = check.expected_value
        which = "input" if comparator.kind == "input" else check.expected_from
        if which:
            # The number of targets the same selector matches in the other document.
            expected = len(select(docs.other(which), check.select))
        v = comparator.judge(n, expected, vtype, _compare_ctx(check, doc))
        shown = f"{v.expected} (in the {which})" if which else v.expected
        return CheckResult(**base, expected=shown, actual=str(n), source="computed",
                           passed=v.passed, status=S.PASS.value if v.passed else S.FAIL.value,
                           detail=v.explanation)
    if comparator.kind == "count":
        n = len(targets) if not check.property or check.property == "count" else sum(
            1 for t in targets if _resolve(check, t) is not None)
        v = comparator.judge(n, check.expected_value, vtype, _compare_ctx(check, doc))
        status = S.PASS.value if v.passed else (S.NOT_FOUND.value if n == 0 else S.FAIL.value)
        return CheckResult(**base, expected=v.expected, actual=str(n), source="computed",
                           passed=v.passed, status=status,
                           detail=v.explanation or f"{n} target(s) selected")
    if not check.property and comparator.kind == "presence":
        # exists / absent without a property judge the selection itself.
        n = len(targets)
        ok = (n == 0) == (comparator.name == "absent")
        return CheckResult(**base, expected=_expected_text(check, comparator),
                           actual=f"{n} selected" if n else "(nothing selected)",
                           source="computed", passed=ok,
                           status=S.PASS.value if ok else (S.NOT_FOUND.value if n == 0
                                                           else S.FAIL.value),
                           detail="" if ok else (f"{n} target(s) selected by {check.select!r}"
                                                 if n else f"selector {check.select!r} "
                                                           f"matched nothing"))
    if not targets:
        ok = comparator.name == "absent" or check.match == "none"
        expected = _expected_text(check, comparator)
        if check.expected is not None and comparator.kind == "value":
            # Said as it is when something is selected (22pt (二号), 2.50cm).
            expected = _expected_display(check, _render(comparator, check.expected_value,
                                                        vtype))
        return CheckResult(**base, expected=expected,
                           actual="(nothing selected)", source="", passed=ok,
                           status=S.PASS.value if ok else S.NOT_FOUND.value,
                           detail="" if ok else f"selector {check.select!r} matched nothing")
    ctx = _compare_ctx(check, doc)
    other_targets: list[Target | None] | None = None
    other_doc_targets: list[Target] = []
    if comparator.kind == "input" or check.expected_from:
        which = "input" if comparator.kind == "input" else check.expected_from
        other_doc = docs.other(which)  # type: ignore[arg-type]
        other_doc_targets = select(other_doc, check.select)
        other_targets = _pair(targets, other_doc_targets)
    per: list[tuple[Target, Verdict, Observation | None]] = []
    # A check judges every target against the same expected value, and targets repeat values
    # (a column's number format, a range's font): judge each distinct value once.
    memo: dict[Any, Verdict] = {}
    for i, t in enumerate(targets):
        obs = _resolve(check, t)
        expected = check.expected_value
        if other_targets is None:
            key = _memo_key(obs)
            if key is not None:
                v = memo.get(key)
                if v is None:
                    v = memo[key] = _verdict(comparator, obs, expected, vtype, ctx)
                per.append((t, v, obs))
                continue
        if other_targets is not None and other_targets[i] is None:
            if comparator.kind != "input":
                raise _EvalError(f"the {check.expected_from} document has no target "
                                 f"{t.locator} for {check.select!r}")
            ok = comparator.name == "changed"
            per.append((t, Verdict(ok, "(as in input)", "(not in the input)",
                                   "" if ok else "added: the input has no such target"), obs))
            continue
        if other_targets is not None:
            other = other_targets[i]
            assert other is not None
            other_obs = _resolve_kept(check, other)
            if other_obs is None and comparator.kind != "input":
                if obs is None and comparator.name in _SAME_WHEN_BOTH_ABSENT:
                    # Neither document has a value: the candidate's is the reference's.
                    ok = _SAME_WHEN_BOTH_ABSENT[comparator.name]
                    per.append((t, Verdict(ok, f"(none, as in the {check.expected_from})",
                                           "(none)", "" if ok else "both have no value"),
                                obs))
                    continue
                raise _EvalError(f"the {check.expected_from} document has no value for "
                                 f"{check.property} at {other.locator}")
            expected = other_obs.value if other_obs is not None else None
            if other_obs is not None and other_obs.parts and other_obs.value is None:
                expected = tuple(p.value for _, p in other_obs.parts)
        per.append((t, _verdict(comparator, obs, expected, vtype, ctx), obs))
    if comparator.name == "unchanged" and other_targets is not None:
        # Targets the candidate deleted are changes too.
        paired = {id(o) for o in other_targets if o is not None}
        for o in other_doc_targets:
            if id(o) not in paired:
                per.append((o, Verdict(False, "(as in input)", "(missing)",
                                       "deleted: the graded document has no such target"),
                            None))
    result = _aggregate(check, comparator, per, base, vtype)
    result.expected = _expected_display(check, result.expected)
    return result


_NO_VALUE_KEY = ("<no value>",)
# expected-from where neither document has a value: equal (whether that passes).
_SAME_WHEN_BOTH_ABSENT = {"equals": True, "approx": True, "not_equals": False}


def _memo_key(obs: Observation | None) -> Any:
    """A key under which ``obs`` judges like every other observation with that key (its
    value and the value's type, so ``True`` and ``1`` stay apart); ``None`` when it must be
    judged on its own (a value made of parts, or one that cannot be hashed)."""
    if obs is None:
        return _NO_VALUE_KEY
    if obs.parts:
        return None
    value = obs.value
    try:
        hash(value)
    except TypeError:
        return None
    return (type(value), value)


def _display_type(check: Check, vtype: ValueType) -> ValueType:
    """VTYPE rendering values as the rubric wrote its expected literal: a length in the
    literal's unit (``2.5cm`` -> expected and actual shown in cm)."""
    if isinstance(vtype, LengthType):
        return vtype.in_unit(literal_unit(check.expected))
    return vtype


def _expected_display(check: Check, rendered: str) -> str:
    """The expected value, said once: the rendered value when it shows the author's literal
    (``22pt (二号)`` for 二号, ``center (居中)`` for 居中, ``#FF0000`` for FF0000) or is in
    its unit (``2.50cm`` for 2.5cm), else the literal with the normalized value when it reads
    differently (``红色 (#FF0000)``, ``是 (true)``)."""
    if check.expected is None:
        return rendered
    lit = check.expected.strip()
    if not lit or rendered in (lit, repr(lit)):
        return lit or rendered  # text is shown quoted only when the quotes tell something
    shown = rendered.casefold()
    if all(piece.strip().casefold() in shown for piece in lit.split("|")) or \
            literal_unit(lit) is not None:
        return rendered
    return f"{lit} ({rendered})"


def _expected_text(check: Check, comparator: Comparator) -> str:
    if check.expected is not None:
        return check.expected
    if check.expected_from:
        return f"(from {check.expected_from})"
    if comparator.kind == "input":
        return "(as in input)"
    return comparator.name


def _pair(targets: list[Target], others: list[Target]) -> list[Target | None]:
    """The counterpart of each target in the other document: by locator, or by position
    when no locator matches and the counts agree; ``None`` when it has none."""
    by_loc = {o.locator: o for o in others}
    if not any(t.locator in by_loc for t in targets) and len(others) == len(targets):
        return list(others)
    return [by_loc.get(t.locator) for t in targets]


def _verdict(comparator: Comparator, obs: Observation | None, expected: Any,
             vtype: ValueType, ctx: CompareContext) -> Verdict:
    if comparator.kind == "presence":
        return comparator.judge(obs.value if obs else None, None, vtype, ctx)
    if obs is None:
        return Verdict(False, _render(comparator, expected, vtype), "(none)",
                       "no value anywhere in the chain")
    if comparator.kind == "input" and isinstance(expected, tuple) and obs.parts:
        # unchanged/changed on an aggregate target compares part by part.
        mine = tuple(p.value for _, p in obs.parts)
        same = len(mine) == len(expected) and all(
            vtype.equals(a, b, ctx) for a, b in zip(mine, expected))
        ok = same if comparator.name == "unchanged" else not same
        return Verdict(ok, "(as in input)", _render_obs(obs, vtype),
                       "" if ok else ("differs from the input" if comparator.name ==
                                      "unchanged" else "same as the input"))
    if obs.parts and obs.value is None:
        # Mixed values across runs: the check holds only if it holds for every part.
        verdicts = [(label, comparator.judge(p.value, expected, vtype, ctx))
                    for label, p in obs.parts]
        bad = [(label, v) for label, v in verdicts if not v.passed]
        exp = verdicts[0][1].expected if verdicts else ""
        if not bad:
            return Verdict(True, exp, _render_obs(obs, vtype), "")
        label, v = bad[0]
        return Verdict(False, exp, _render_obs(obs, vtype),
                       f"{len(bad)} of {len(verdicts)} runs differ; e.g. {label}: {v.actual}")
    return comparator.judge(obs.value, expected, vtype, ctx)


def _render(comparator: Comparator, expected: Any, vtype: ValueType) -> str:
    return comparator.judge(None, expected, vtype, CompareContext()).expected


def _render_obs(obs: Observation, vtype: ValueType) -> str:
    if obs.value is not None or not obs.parts:
        return vtype.render(obs.value)
    counts: dict[str, int] = {}
    for _, p in obs.parts:
        r = vtype.render(p.value)
        counts[r] = counts.get(r, 0) + 1
    return "mixed: " + ", ".join(f"{k} ×{n}" for k, n in counts.items())


def _aggregate(check: Check, comparator: Comparator,
               per: list[tuple[Target, Verdict, Observation | None]], base: dict,
               vtype: ValueType) -> CheckResult:
    passes = [v.passed for _, v, _ in per]
    n_pass = sum(passes)
    m = check.match
    if m == "any":
        ok = n_pass > 0
    elif m == "none":
        ok = n_pass == 0
    elif m.startswith("count"):
        ok = compare_number(n_pass, parse_comparison(m[len("count"):]))
    else:
        ok = n_pass == len(per)
    all_missing = all(o is None for _, _, o in per) and comparator.kind != "presence"
    status = S.PASS.value if ok else (S.NOT_FOUND.value if all_missing else S.FAIL.value)
    shown = [TargetResult(t.locator, v.actual, o.source if o else "", v.passed)
             for t, v, o in per[:MAX_TARGETS_SHOWN]] if len(per) > 1 else []
    if len(per) == 1:
        t, v, o = per[0]
        return CheckResult(**base, expected=v.expected, actual=v.actual,
                           source=o.source if o else "", passed=ok, status=status,
                           detail="" if ok else f"{t.locator}: {v.explanation}")
    first_bad = next(((t, v) for t, v, _ in per if not v.passed), None)
    detail = f"{n_pass} of {len(per)} targets pass (match={m})"
    if not ok and first_bad and m in ("all", "any"):
        detail += f"; e.g. {first_bad[0].locator}: {first_bad[1].explanation}"
    sources = {o.source for _, _, o in per if o}
    # Expected and actual are values, never a tally (the detail counts): those of the target
    # the verdict turns on when the check fails (the first failing one; for match="none"
    # the first that holds), else of the first target.
    shown_v = per[0][1]
    if not ok:
        turning = next((v for _, v, _ in per if v.passed == (m == "none")), None)
        shown_v = turning or shown_v
    return CheckResult(**base, expected=shown_v.expected, actual=shown_v.actual,
                       source=sources.pop() if len(sources) == 1 else "mixed",
                       passed=ok, status=status, detail=detail, targets=shown)


def _xpath_check(check: Check, comparator: Comparator, doc: Document, base: dict) -> CheckResult:
    pkg = doc.package
    if not pkg.has_part(check.part or ""):
        return CheckResult(**base, expected=check.expected or "", actual="(no such part)",
                           source="", passed=comparator.name == "absent",
                           status=S.PASS.value if comparator.name == "absent"
                           else S.NOT_FOUND.value, detail=f"part {check.part} is missing")
    root = pkg.xml(check.part or "")
    result = etree.XPath(check.xpath or "", namespaces=NSMAP)(root)
    # Typed as the loader typed the expected value (rubric.loader.xpath_value_type): a
    # number is compared as a number (count(//w:tbl) >= 1), a boolean as a boolean.
    value: Any
    vtype: ValueType = TEXT
    if isinstance(result, list):
        if not result:
            value = None
        else:
            value = "".join(r if isinstance(r, str) else "".join(r.itertext()) for r in result)
    elif isinstance(result, bool):
        value, vtype = result, BOOL
    elif isinstance(result, float):
        value, vtype = (result if result == result else None), NUMBER  # NaN: no value
    else:
        value = str(result)
    obs = Observation(value, "direct") if value is not None else None
    v = _verdict(comparator, obs, check.expected_value, vtype, _compare_ctx(check, doc))
    status = S.PASS.value if v.passed else (S.NOT_FOUND.value if obs is None else S.FAIL.value)
    return CheckResult(**base, expected=v.expected, actual=v.actual, source="direct",
                       passed=v.passed, status=status, detail=v.explanation)


_ = OfficeEvalError
