"""Points as a rubric writes them: a total, a pass mark, a criterion's or a check's share."""

from __future__ import annotations

from officeeval.errors import RubricIssue


def parse_points(text: str | None, default: float, line: int | None, what: str,
                 issues: list[RubricIssue]) -> float:
    """``text`` as a number of points (``default`` when absent or not a number). A number
    that is not a whole or half number >= 0 is reported but returned as written."""
    if text is None:
        return default
    try:
        v = float(text)
    except ValueError:
        issues.append(RubricIssue(line, f"{what} {text!r} is not a number"))
        return default
    if v < 0 or (v * 2) != int(v * 2):
        issues.append(RubricIssue(line, f"{what} {text!r} must be a whole or half number >= 0"))
    return v


def optional_points(text: str | None) -> float | None:
    """A check's ``points=``: ``None`` when absent or not a number (the schema reports
    that)."""
    try:
        return float(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
