"""Outcome enums: what happened to a task, and to each criterion.

Three things never mix: the generated code failed (execution), the document is wrong
(logic), the evaluator failed (ours, never charged to the candidate). A fourth kind sits
with the candidate's losses: the document defeated the evaluator (``unevaluable``: its
recalculation timed out or was killed, a part exceeded a limit while grading); its points
are lost, and shown apart from wrong values. ``EvalError`` is how a judge says a check is
the evaluator's failure (``scoring/criteria.py`` makes it the check's ``eval_error``).
"""

from __future__ import annotations

from enum import Enum


class _Token(str, Enum):
    """An enum whose members read as their values wherever text is expected: ``str()``,
    f-strings and templates give ``"pass"``, equality and hashing are the string's (so
    ``CriterionStatus.PASS == "pass"`` and a dict keyed by either finds both). The engine
    passes members around; ``.value`` is taken only when a result is serialised
    (``ScoreCard.to_dict`` / ``to_tuples``)."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    __hash__ = str.__hash__


class TaskOutcome(_Token):
    OK = "ok"
    EXEC_ERROR = "exec_error"          # the code raised or exited non-zero
    EXEC_TIMEOUT = "exec_timeout"
    EXEC_KILLED = "exec_killed"        # memory, file-size, process or other limit
    NO_CODE = "no_code"                # the answer held no code to run
    NO_OUTPUT = "no_output"            # ran, but wrote no output file
    INVALID_PACKAGE = "invalid_package"  # wrote a file that is not a readable document
    NOT_GRADED = "not_graded"          # ours: the evaluator could not grade it (the sandbox
    #                                    did not start, the worker died); retried next run

    @property
    def is_execution_failure(self) -> bool:
        return self not in (TaskOutcome.OK, TaskOutcome.NOT_GRADED)


class CriterionStatus(_Token):
    PASS = "pass"
    FAIL = "fail"              # logic: observed, wrong
    NOT_FOUND = "not_found"    # logic: nothing selected, or no value anywhere
    SKIPPED = "skipped"        # execution: the task outcome was not ok
    EVAL_ERROR = "eval_error"  # evaluator: ours; left out of earned and possible points
    UNEVALUABLE = "unevaluable"  # the document defeated the evaluator: charged, lost points

    @property
    def failure_class(self) -> str | None:
        """``logic``, ``execution``, ``evaluator`` or ``unevaluable``; ``None`` for a pass."""
        return _FAILURE_CLASS[self]

    @property
    def is_failing(self) -> bool:
        """Charged to the candidate as a wrong document: ``fail``, ``not_found`` and
        ``unevaluable`` (``eval_error`` is ours, ``skipped`` inherits an execution failure)."""
        return self in (CriterionStatus.FAIL, CriterionStatus.NOT_FOUND,
                        CriterionStatus.UNEVALUABLE)


_FAILURE_CLASS = {CriterionStatus.PASS: None, CriterionStatus.FAIL: "logic",
                  CriterionStatus.NOT_FOUND: "logic", CriterionStatus.SKIPPED: "execution",
                  CriterionStatus.EVAL_ERROR: "evaluator",
                  CriterionStatus.UNEVALUABLE: "unevaluable"}


class EvalError(Exception):
    """This check cannot be judged for a reason that is not the candidate's (an
    ``eval_error``): the rubric asks for a document the task lacks, a property that does
    not apply to what was selected, …"""
