"""The Grader: grades documents against rubrics, and owns everything kept between gradings
(``grading.TaskDocuments``: the task's input and reference documents, open, and what was
remembered on them).

A Grader is used by one thread at a time. Its backends (recalculation, ``backends.py``)
are handed in by its owner — the CLI command, a batch worker, a server worker — which also
closes them; ``Grader.close()`` closes the kept documents only. ``evaluate(...)`` is the
one-call form: a Grader for one grading.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.errors import PackageError
from officeeval.rendered import already
from officeeval.formats import open_document
from officeeval.rubric.model import Rubric
from officeeval.scoring.criteria import MEMORY_EXHAUSTED, score_criterion
from officeeval.scoring.grading import Grading, TaskDocuments
from officeeval.selectors.evaluate import plan
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.outcomes import TaskOutcome
from officeeval.scoring.scorecard import CriterionResult, ScoreCard
from officeeval.version import __version__


class Grader:
    """Grades documents; keeps the ``keep`` most recent input/reference documents open."""

    def __init__(self, backends: Backends = NO_BACKENDS, keep: int = 8) -> None:
        self.backends = backends
        self.kept = TaskDocuments(backends, keep)

    def __enter__(self) -> "Grader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the kept documents (the backends are their owner's to close)."""
        self.kept.close()

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
        grading = Grading(self.kept, doc, str(input) if input else rubric.files.input,
                          str(reference) if reference else rubric.files.reference,
                          rubric.app, options, rubric)
        plan(doc, self.kept.plan_of(rubric)[None])
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
