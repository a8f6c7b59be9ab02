"""The exception hierarchy: one root, one subclass per kind of failure.

Library code raises these; the scoring engine classifies them into outcomes and statuses; the
CLI maps them to exit codes (see ``officeeval.cli``).
"""

from __future__ import annotations

from dataclasses import dataclass


class OfficeEvalError(Exception):
    """Root of every error officeeval raises on purpose."""


class PackageError(OfficeEvalError):
    """A document could not be read as an OOXML package.

    ``stage`` names what failed: ``not_a_zip``, ``limit_exceeded``, ``no_content_types``,
    ``no_main_part``, ``malformed_xml``, ``wrong_format``, ``encrypted``, ``missing_file``.
    ``part`` and ``line`` locate malformed XML when known.
    """

    def __init__(self, stage: str, message: str, *, part: str | None = None,
                 line: int | None = None) -> None:
        self.stage = stage
        self.part = part
        self.line = line
        where = ""
        if part:
            where = f" in part {part}"
            if line:
                where += f" at line {line}"
        super().__init__(f"{stage}: {message}{where}")


@dataclass(frozen=True)
class RubricIssue:
    """One problem in a rubric file, located by line (and column inside an attribute)."""

    line: int | None
    message: str
    column: int | None = None

    def __str__(self) -> str:
        loc = f"line {self.line}" if self.line else "rubric"
        if self.column is not None:
            loc += f", column {self.column}"
        return f"{loc}: {self.message}"


class RubricError(OfficeEvalError):
    """A rubric is invalid; ``issues`` lists every problem found, not only the first."""

    def __init__(self, path: str, issues: list[RubricIssue]) -> None:
        self.path = path
        self.issues = issues
        lines = "\n".join(f"  {i}" for i in issues)
        super().__init__(f"{path}: {len(issues)} problem(s)\n{lines}")


class SelectorSyntaxError(OfficeEvalError):
    """A selector does not parse; ``column`` is 1-based within the selector text."""

    def __init__(self, selector: str, column: int, message: str) -> None:
        self.selector = selector
        self.column = column
        self.reason = message
        super().__init__(f"selector {selector!r}, column {column}: {message}")


class ValueParseError(OfficeEvalError):
    """An expected value literal does not parse for the property's value type."""


class UnverifiableValue(OfficeEvalError):
    """A value exists but cannot be verified here (e.g. a formula with no cached value and no
    recalculation backend). The engine turns it into an ``eval_error`` with this reason, never
    into a logic failure charged to the candidate."""


class UnevaluableDocument(OfficeEvalError):
    """The candidate's document defeated the evaluator: its recalculation timed out or
    LibreOffice died on it (killed for memory, crashed), or a part exceeded a limit while
    it was graded. Unlike ``UnverifiableValue`` this is charged to the candidate: the
    engine turns it into an ``unevaluable`` check (points lost, shown apart), as an exam
    system that cannot open an answer gives it no points."""


class TaskError(OfficeEvalError):
    """A task, manifest or batch input is unusable (missing files, unknown task id)."""
