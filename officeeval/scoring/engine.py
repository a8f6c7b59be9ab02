"""The scoring engine's entry points: ``evaluate(rubric, document[, input, reference])
-> ScoreCard`` and ``evaluate_outcome`` for a document that could not be graded.

``evaluate`` is the one-call form of a ``Grader`` (``scoring/grader.py``), which owns what
is kept between gradings (the input and reference documents, open) — a caller grading many
documents of one task keeps a Grader instead. How criteria and checks are scored and
classified is in ``scoring/criteria.py``; one judge per comparator kind in
``scoring/judges.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from officeeval.backends import Backends
from officeeval.rubric.model import Rubric
from officeeval.scoring.grader import Grader, card_of_outcome
from officeeval.scoring.outcomes import TaskOutcome
from officeeval.scoring.scorecard import ScoreCard


def evaluate(rubric: Rubric, document: str | Path, input: str | Path | None = None,
             reference: str | Path | None = None, task: str | None = None,
             options: dict[str, Any] | None = None,
             backends: Backends | None = None) -> ScoreCard:
    """Grade ``document`` against ``rubric`` (see ``Grader.grade``). Never raises for a bad
    document.

    ``backends``: the recalculation backend to use (``backends.py``); by default one of
    this call's own when ``options["recalc"]`` is not off and LibreOffice is installed,
    started only if a workbook needs it and stopped before returning.
    """
    own = backends is None
    if backends is None:
        from officeeval.recalc import backends as recalc_backends
        backends = recalc_backends((options or {}).get("recalc"))
    try:
        with Grader(backends) as grader:
            return grader.grade(rubric, document, input=input, reference=reference,
                                task=task, options=options)
    finally:
        if own:
            backends.close()


def evaluate_outcome(rubric: Rubric, outcome: TaskOutcome | str, document: str = "",
                     detail: str = "", task: str | None = None) -> ScoreCard:
    """The ScoreCard of a task whose document could not be graded: every criterion is
    ``skipped`` (an execution failure inherits to all of them) and the score is 0."""
    return card_of_outcome(rubric, outcome, document, detail, task)
