"""Where a problem of a criterion or a check is reported: the element's line, the message
prefixed by the criterion it belongs to."""

from __future__ import annotations

from dataclasses import dataclass

from officeeval.errors import RubricIssue


@dataclass(frozen=True)
class Place:
    """The line of a ``<criterion>`` or ``<check>`` and the prefix of its messages
    (``criterion c1``); problems found there are added to ``issues``."""

    line: int | None
    where: str
    issues: list[RubricIssue]

    def report(self, message: str, column: int | None = None) -> None:
        """Add the problem ``message`` (``column``: inside an attribute, when known)."""
        self.issues.append(RubricIssue(self.line, f"{self.where}: {message}", column))


def did_you_mean(hint: str | None) -> str:
    """The tail of an "unknown name" message: the close name ``hint``, or nothing."""
    return f"; did you mean {hint!r}?" if hint else ""
