"""Scoring: evaluate a rubric on a document into a ScoreCard."""

from officeeval.scoring.outcomes import CriterionStatus, TaskOutcome  # noqa: F401
from officeeval.scoring.scorecard import CheckResult, CriterionResult, ScoreCard  # noqa: F401
from officeeval.scoring.engine import evaluate, evaluate_outcome  # noqa: F401
