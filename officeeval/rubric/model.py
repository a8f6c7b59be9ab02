"""The rubric model: frozen dataclasses built by the loader, read by the scoring engine.

Expected values are parsed once at load time (``Check.expected_value``) so grading never
re-parses literals and a bad literal is a load-time rubric error with its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Check:
    select: str | None
    property: str | None
    op: str
    expected: str | None = None
    expected_value: Any = None
    expected_from: str | None = None
    tolerance: str | None = None
    tolerance_value: Any = None
    match: str = "all"
    source: str = "effective"
    normalize: frozenset[str] = frozenset()
    points: float | None = None
    part: str | None = None
    xpath: str | None = None
    line: int | None = None
    threshold: float | None = None  # op="similar": the least similarity that passes
    # A relation: the expected value is the same property (or ``against_property``) of the
    # targets this selector selects in the graded document itself ("larger than the other
    # cover lines", "below the table").
    against: str | None = None
    against_property: str | None = None
    # Where the expected value comes from, as the author marks it: ``instruction``,
    # ``input``, ``picture`` (an example picture the step names) or ``reference`` (the
    # model answer's own choice, with ``reason`` saying why a candidate must match it).
    origin: str | None = None
    reason: str | None = None

    @property
    def is_preservation(self) -> bool:
        """A check that compares with the input on purpose (may pass on the input)."""
        return self.op == "unchanged" or self.expected_from == "input"

    def label(self) -> str:
        prop = self.property or (f"xpath:{self.xpath}" if self.xpath else "")
        exp = self.expected if self.expected is not None else (
            f"from {self.expected_from}" if self.expected_from else (
                f"against {self.against}" if self.against else ""))
        return f"{self.select or 'document'} {prop} {self.op} {exp}".strip()


@dataclass(frozen=True)
class Criterion:
    id: str
    skill: str
    points: float
    checks: tuple[Check, ...]
    scoring: str = "all"
    description: str = ""
    line: int | None = None
    # The instruction step(s) the criterion grades ("3", "4,5"): one mistake in a step
    # may cost that step's criteria, never another step's (the audit's double charges).
    step: str = ""

    @property
    def is_preservation(self) -> bool:
        return all(c.is_preservation for c in self.checks)


@dataclass(frozen=True)
class Files:
    input: str | None = None
    reference: str | None = None
    output: str | None = None
    attachments: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rubric:
    id: str
    app: str
    criteria: tuple[Criterion, ...]
    level: str = ""
    total: float = 100.0
    pass_mark: float = 60.0
    lang: str = "zh-CN"
    title: str = ""
    instruction: str = ""
    files: Files = field(default_factory=Files)
    skills: dict[str, str] = field(default_factory=dict)
    path: str | None = None
    sha256: str = ""

    def skill_name(self, skill_id: str) -> str:
        return self.skills.get(skill_id, skill_id)
