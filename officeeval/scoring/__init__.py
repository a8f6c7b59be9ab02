"""Scoring: evaluate a rubric on a document into a ScoreCard.

``Grader`` grades many documents and keeps what is worth keeping between them;
``evaluate`` is the one-call form."""

from officeeval.scoring.outcomes import CriterionStatus, TaskOutcome  # noqa: F401
from officeeval.scoring.scorecard import CheckResult, CriterionResult, ScoreCard  # noqa: F401
from officeeval.scoring.grader import Grader  # noqa: F401
from officeeval.scoring.engine import evaluate, evaluate_outcome  # noqa: F401
