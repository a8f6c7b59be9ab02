"""The Grader: grades documents against rubrics, and owns everything kept between gradings.

A batch grades many outputs of one task, and the task's input and reference documents are
the same for every one of them: the Grader keeps the last few open (read-only views, keyed
by path, content hash and options) instead of re-parsing them for each graded document (a
third of the grading time of a Word task), and remembers what their targets resolved to.
The content hash, not the mtime: a file rewritten within one clock tick keeps it.

A Grader is used by one thread at a time. Its backends (recalculation, ``backends.py``)
are handed in by its owner — the CLI command, a batch worker, a server worker — which also
closes them; ``Grader.close()`` closes the kept documents only. ``evaluate(...)`` is the
one-call form: a Grader for one grading.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.errors import PackageError, UnevaluableDocument
from officeeval.rendered import already
from officeeval.formats import open_document
from officeeval.catalog import alike_resolver, bulk_resolver, resolve
from officeeval.properties.registry import ResolveContext
from officeeval.rubric.model import Check, Rubric
from officeeval.scoring.criteria import MEMORY_EXHAUSTED, EvalError, score_criterion
from officeeval.selectors.evaluate import plan
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.outcomes import TaskOutcome
from officeeval.scoring.scorecard import CriterionResult, ScoreCard
from officeeval.targets import Document, Target
from officeeval.values import Observation
from officeeval.version import __version__

# Observations kept per kept document (targets of an ``unchanged`` check over a 400-cell
# range are resolved 400 times per graded document otherwise).
_KEPT_OBS_MAX = 200_000
_MISS = object()


@dataclass
class _Kept:
    """A kept input or reference document and the observations resolved on it, keyed by
    (property, direct, id(target)): the document's selection cache keeps its targets alive
    as long as the document, so their ids are not reused meanwhile."""

    doc: Document
    observations: dict[tuple, Observation | None] = field(default_factory=dict)
    planned: bool = False  # the selectors of the rubric that first used it were announced
    # Per kept observation: its value said for people, and verdicts of cell values against
    # it (``judges._judge_against_other``); bounded there.
    rendered: dict[tuple, tuple] = field(default_factory=dict)


class Grader:
    """Grades documents; keeps the ``keep`` most recent input/reference documents open."""

    def __init__(self, backends: Backends = NO_BACKENDS, keep: int = 8) -> None:
        self.backends = backends
        self.keep = keep
        self._kept: "OrderedDict[tuple, _Kept]" = OrderedDict()
        # id(rubric) -> (rubric, its planned selectors): see ``planned_selectors``.
        self._plans: dict[int, tuple[Rubric, dict]] = {}

    def __enter__(self) -> "Grader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the kept documents (the backends are their owner's to close)."""
        while self._kept:
            self._kept.popitem()[1].doc.close()

    def grade(self, rubric: Rubric, document: str | Path, input: str | Path | None = None,
              reference: str | Path | None = None, task: str | None = None,
              options: dict[str, Any] | None = None) -> ScoreCard:
        """Grade ``document`` against ``rubric``.

        ``input`` / ``reference`` default to the rubric's files; they are opened only when
        a check needs them (``unchanged``, ``changed``, ``expected-from``). Never raises for
        a bad document: an unreadable one gives outcome ``invalid_package`` with the
        failing stage.
        """
        started = time.perf_counter()
        options = dict(options or {})
        # Grading only reads documents: large parts with identical bytes (python-docx's
        # styles) are parsed once per process (ooxml.shared_trees).
        options.setdefault("shared_trees", True)
        try:
            doc = open_document(document, rubric.app, options=options, backends=self.backends)
        except PackageError as exc:
            card = card_of_outcome(rubric, TaskOutcome.INVALID_PACKAGE, str(document),
                                   str(exc), task)
            card.seconds = time.perf_counter() - started
            return card
        except MemoryError:
            card = unevaluable_card(rubric, str(document), MEMORY_EXHAUSTED, task)
            card.seconds = time.perf_counter() - started
            return card
        except Exception as exc:  # noqa: BLE001 - our bug opening the view: never charged
            detail = f"evaluator error: {type(exc).__name__}: {exc}"
            results = [CriterionResult(c.id, c.skill, c.points, 0.0, S.EVAL_ERROR,
                                       c.description, [], c.is_preservation)
                       for c in rubric.criteria]
            card = make_card(rubric, str(document), TaskOutcome.OK, detail, results, task)
            card.seconds = time.perf_counter() - started
            return card
        grading = Grading(self, doc, str(input) if input else rubric.files.input,
                          str(reference) if reference else rubric.files.reference,
                          rubric.app, options, rubric)
        plan(doc, self._plan_of(rubric)[None])
        try:
            results = [score_criterion(c, grading) for c in rubric.criteria]
        finally:
            sources = dict(getattr(doc, "value_sources", {}) or {})
            used = grading.backend_versions()
            laid = already(doc)
            doc.close()
        card = make_card(rubric, str(document), TaskOutcome.OK, "", results, task)
        card.value_sources = sources
        card.backends = used
        if laid is not None:
            card.layout = {"source": laid.source, "reliable": laid.reliable,
                           "substitutions": laid.substitutions}
        card.seconds = time.perf_counter() - started
        return card

    def _plan_of(self, rubric: Rubric) -> dict[str | None, list[str]]:
        """``planned_selectors(rubric)``, kept for the last few rubrics graded."""
        got = self._plans.get(id(rubric))
        if got is None or got[0] is not rubric:
            got = self._plans[id(rubric)] = (rubric, planned_selectors(rubric))
            while len(self._plans) > 16:
                self._plans.pop(next(iter(self._plans)))
        return got[1]

    def _open_kept(self, path: str, app: str, options: dict[str, Any]) -> _Kept:
        """The kept view of ``path``, opened (and the oldest closed) when its content is not
        kept yet. Raises ``PackageError`` like ``open_document``."""
        try:
            with open(path, "rb") as f:
                digest = hashlib.sha1(f.read()).hexdigest()
        except OSError:
            # Not kept: raises the PackageError.
            return _Kept(open_document(path, app, options=options, backends=self.backends))
        key = (os.path.abspath(path), app, digest, repr(sorted(options.items())))
        kept = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = _Kept(open_document(path, app, options=options,
                                                         backends=self.backends))
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)[1].doc.close()
        else:
            self._kept.move_to_end(key)
        return kept


class Grading:
    """One document being graded: the document, the input and reference documents (opened
    when a check first needs them, kept by the Grader), and the resolve contexts."""

    def __init__(self, grader: Grader, main: Document, input_path: str | None,
                 reference_path: str | None, app: str, options: dict[str, Any],
                 rubric: Rubric | None = None) -> None:
        self.grader = grader
        self.rubric = rubric
        self.main = main
        self.app = app
        self.options = options
        self._paths = {"input": input_path, "reference": reference_path}
        self._others: dict[str, _Kept | EvalError] = {}
        self._kept_obs: dict[int, dict] = {}
        self._rendered: dict[int, dict] = {}
        # Every target resolves with one of these two contexts.
        self._contexts = {direct: ResolveContext(direct=direct, options=options,
                                                 backends=grader.backends)
                          for direct in (False, True)}
        # Set by the first check that ran out of memory: the rest are not tried.
        self.exhausted = False

    def other(self, which: str) -> Document:
        """The ``input`` or ``reference`` document. Raises ``EvalError`` when the task has
        none or it is unreadable (the rubric's problem, never the candidate's)."""
        if which not in self._others:
            path = self._paths.get(which)
            if not path:
                self._others[which] = EvalError(f"no {which} document was given for this "
                                                f"check")
            else:
                try:
                    kept = self.grader._open_kept(path, self.app, self.options)
                    if not kept.planned and self.rubric is not None:
                        kept.planned = True
                        plan(kept.doc, self.grader._plan_of(self.rubric)[which])
                    self._others[which] = kept
                    self._kept_obs[id(kept.doc)] = kept.observations
                    self._rendered[id(kept.doc)] = kept.rendered
                except PackageError as exc:
                    self._others[which] = EvalError(f"the {which} document is unreadable: "
                                                    f"{exc}")
        got = self._others[which]
        if isinstance(got, EvalError):
            raise got
        return got.doc

    def backend_versions(self) -> dict[str, str]:
        """The outside engines (``{"recalc": "LibreOffice 25.2.3.2 …"}``) whose results the
        graded document and the input and reference documents this grading opened used."""
        out: dict[str, str] = {}
        docs = [self.main] + [k.doc for k in self._others.values() if isinstance(k, _Kept)]
        for doc in docs:
            out.update(getattr(doc, "backend_versions", None) or {})
        return out

    def rendered_memo(self, doc: Document) -> dict | None:
        """Where expected values taken from the kept ``doc`` are remembered as said for
        people; ``None`` for a document that is not kept."""
        return self._rendered.get(id(doc))

    def resolve(self, check: Check, target: Target) -> Observation | None:
        """The check's property on ``target``. Raises ``EvalError`` for a property that does
        not apply to the target's kind, and whatever the resolver raises
        (``UnverifiableValue``, ``UnevaluableDocument``, ``PackageError``)."""
        try:
            return resolve(check.property or "", target,
                           self._contexts[check.source == "direct"])
        except LookupError as exc:
            # The loader rejects properties that do not apply to a selector's kind; a kind
            # mismatch at run time (e.g. a mixed selection) is the rubric's problem, not the
            # candidate's.
            raise EvalError(str(exc)) from exc

    def resolve_all(self, check: Check, targets: list[Target]) -> list[Observation | None]:
        """``[self.resolve(check, t) for t in targets]``, through the property's bulk
        resolver when it has one for these targets (Excel cells); raises what ``resolve``
        raises for the first target that fails."""
        many = bulk_resolver(check.property or "", targets)
        if many is None:
            return [self.resolve(check, t) for t in targets]
        return many(targets, self._contexts[check.source == "direct"])

    def alike(self, check: Check, targets: list[Target], others: list[Target | None]
              ) -> list[bool] | None:
        """Which of ``targets`` certainly resolve as their counterparts in ``others`` (the
        input's or reference's targets at the same positions) do, for the check's property
        (``catalog.alike_resolver``); ``None`` when the property cannot say. Raises what the
        comparison raises (a bug of ours: the caller then resolves every target)."""
        fn = alike_resolver(check.property or "", targets)
        return fn(targets, others) if fn is not None else None

    def resolve_other(self, check: Check, target: Target) -> Observation | None:
        """``resolve`` for a target of the input or reference document, remembered by the
        Grader with that document. A failure is not remembered; one of the document's own
        (``UnevaluableDocument``) is ours here, never the candidate's: ``EvalError``."""
        cache = self._kept_obs.get(id(target.doc))
        key = (check.property, check.source == "direct", id(target))
        hit = cache.get(key, _MISS) if cache is not None else _MISS
        if hit is not _MISS:
            return hit  # type: ignore[return-value]
        try:
            obs = self.resolve(check, target)
        except UnevaluableDocument as exc:
            raise EvalError(f"the task's own document could not be evaluated: {exc}") from exc
        if cache is not None and len(cache) < _KEPT_OBS_MAX:
            cache[key] = obs
        return obs


def planned_selectors(rubric: Rubric) -> dict[str | None, list[str]]:
    """The selectors the rubric's checks evaluate on the graded document (key ``None``) and
    on its ``input`` / ``reference`` document, in rubric order, each once."""
    from officeeval.comparators import get_comparator
    from officeeval.comparators.registry import ComparatorKind
    out: dict[str | None, dict[str, None]] = {None: {}, "input": {}, "reference": {}}
    for c in rubric.criteria:
        for k in c.checks:
            if not k.select or (k.xpath and k.part):
                continue
            out[None][k.select] = None
            comparator = get_comparator(k.op)
            if comparator is not None and comparator.kind is ComparatorKind.INPUT:
                out["input"][k.select] = None
            if k.expected_from in ("input", "reference"):
                out[k.expected_from][k.select] = None
    return {w: list(v) for w, v in out.items()}


def card_of_outcome(rubric: Rubric, outcome: TaskOutcome | str, document: str = "",
                    detail: str = "", task: str | None = None) -> ScoreCard:
    """The ScoreCard of a task whose document could not be graded: every criterion is
    ``skipped`` (an execution failure inherits to all of them) and the score is 0."""
    results = [CriterionResult(c.id, c.skill, c.points, 0.0, S.SKIPPED, c.description,
                               [], c.is_preservation) for c in rubric.criteria]
    return make_card(rubric, document, TaskOutcome(outcome), detail, results, task)


def unevaluable_card(rubric: Rubric, document: str, why: str,
                     task: str | None = None) -> ScoreCard:
    """The ScoreCard of a document that defeated the evaluator as a whole (it exhausted
    the grader's memory before a check could be judged): outcome ``ok`` (the program did
    its job), every criterion ``unevaluable``, its points lost and kept in the total."""
    results = [CriterionResult(c.id, c.skill, c.points, 0.0, S.UNEVALUABLE, c.description,
                               [], c.is_preservation) for c in rubric.criteria]
    return make_card(rubric, document, TaskOutcome.OK, f"the document defeated the "
                     f"evaluator (charged): {why}", results, task)


def make_card(rubric: Rubric, document: str, outcome: TaskOutcome, detail: str,
              results: list[CriterionResult], task: str | None) -> ScoreCard:
    """The card of ``results``: points of ``eval_error`` criteria are left out of the total
    (and the pass mark scaled with it)."""
    excluded = sum(r.points for r in results if r.status is S.EVAL_ERROR)
    possible = rubric.total - excluded
    earned = round(sum(r.earned for r in results), 4)
    threshold = rubric.pass_mark * (possible / rubric.total) if rubric.total else 0
    return ScoreCard(
        task=task or rubric.id, app=rubric.app, document=document, outcome=outcome,
        score=earned, total=possible, pass_mark=rubric.pass_mark,
        passed=outcome is TaskOutcome.OK and possible > 0 and earned >= threshold - 1e-9,
        eval_errors=sum(1 for r in results if r.status is S.EVAL_ERROR),
        criteria=results, outcome_detail=detail, rubric_total=rubric.total,
        rubric_sha256=rubric.sha256, engine_version=__version__)
