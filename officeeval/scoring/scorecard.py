"""The ScoreCard: the result of grading one document against one rubric (architecture.md).

``to_dict`` is the JSON contract of ``officeeval score --json`` and of the batch store.
Statuses and outcomes are enums (``CriterionStatus``, ``TaskOutcome``) in every result;
a string given to a constructor is converted (raising ``ValueError`` for an unknown one),
and ``to_dict`` / ``to_tuples`` write their values.
``backends`` names the engine of each outside backend that influenced a value of the card
(``{"recalc": "LibreOffice 25.2.3.2 520(Build:2)"}`` when a formula was recalculated, or
refused because that LibreOffice lacks one of its functions); ``{}`` when none did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from officeeval.scoring.outcomes import CriterionStatus, TaskOutcome


@dataclass
class TargetResult:
    locator: str
    actual: str
    source: str
    passed: bool


@dataclass
class CheckResult:
    select: str | None
    property: str | None
    op: str
    expected: str
    actual: str
    source: str
    passed: bool
    status: CriterionStatus
    detail: str = ""
    line: int | None = None
    targets: list[TargetResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.status.__class__ is not CriterionStatus:
            self.status = CriterionStatus(self.status)

    def to_dict(self) -> dict[str, Any]:
        # Written out field by field: dataclasses.asdict deep-copies every value and was a
        # third of the batch writer's time per document. Keys in field order, as asdict.
        d: dict[str, Any] = {
            "select": self.select, "property": self.property, "op": self.op,
            "expected": self.expected, "actual": self.actual, "source": self.source,
            "passed": self.passed, "status": self.status.value, "detail": self.detail,
            "line": self.line}
        if self.targets:
            d["targets"] = [{"locator": t.locator, "actual": t.actual, "source": t.source,
                             "passed": t.passed} for t in self.targets]
        return d


@dataclass
class CriterionResult:
    id: str
    skill: str
    points: float
    earned: float
    status: CriterionStatus
    description: str = ""
    checks: list[CheckResult] = field(default_factory=list)
    preservation: bool = False

    def __post_init__(self) -> None:
        if self.status.__class__ is not CriterionStatus:
            self.status = CriterionStatus(self.status)

    @property
    def failure_class(self) -> str | None:
        return self.status.failure_class

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "skill": self.skill, "points": self.points,
                "earned": self.earned, "status": self.status.value,
                "failure_class": self.failure_class, "description": self.description,
                "preservation": self.preservation,
                "checks": [c.to_dict() for c in self.checks]}


@dataclass
class ScoreCard:
    task: str
    app: str
    document: str
    outcome: TaskOutcome
    score: float
    total: float
    pass_mark: float
    passed: bool
    eval_errors: int
    criteria: list[CriterionResult]
    outcome_detail: str = ""
    rubric_total: float = 100.0
    rubric_sha256: str = ""
    engine_version: str = ""
    value_sources: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    backends: dict[str, str] = field(default_factory=dict)
    # When a layout check laid the document out: the observations' source, the fonts the
    # document asked for that the layout drew with another (``rendered.font_substitution``)
    # and whether every one kept Office's metrics (``reliable``).
    layout: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.outcome.__class__ is not TaskOutcome:
            self.outcome = TaskOutcome(self.outcome)

    @property
    def rate(self) -> float:
        """Score as a share of the possible points (0..1); 0 when nothing was gradable."""
        return self.score / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"task": self.task, "app": self.app, "document": self.document,
                "outcome": self.outcome.value, "outcome_detail": self.outcome_detail,
                "score": self.score, "total": self.total, "pass_mark": self.pass_mark,
                "passed": self.passed, "eval_errors": self.eval_errors,
                "rubric_total": self.rubric_total, "rubric_sha256": self.rubric_sha256,
                "engine_version": self.engine_version, "value_sources": self.value_sources,
                "seconds": round(self.seconds, 4), "backends": self.backends,
                **({"layout": self.layout} if self.layout else {}),
                "criteria": [c.to_dict() for c in self.criteria]}

    def to_tuples(self) -> tuple:
        """The card as nested tuples of plain values, losslessly (``from_tuples`` rebuilds an
        equal card). What batch workers send to the writing process: pickling this takes a
        tenth of the time of pickling the dataclass tree."""
        return (self.task, self.app, self.document, self.outcome.value, self.score, self.total,
                self.pass_mark, self.passed, self.eval_errors, self.outcome_detail,
                self.rubric_total, self.rubric_sha256, self.engine_version,
                self.value_sources, self.seconds, self.layout,
                tuple((c.id, c.skill, c.points, c.earned, c.status.value, c.description,
                       c.preservation,
                       tuple((k.select, k.property, k.op, k.expected, k.actual, k.source,
                              k.passed, k.status.value, k.detail, k.line,
                              tuple((t.locator, t.actual, t.source, t.passed)
                                    for t in k.targets)) for k in c.checks))
                      for c in self.criteria),
                self.backends)

    @classmethod
    def from_tuples(cls, t: tuple) -> "ScoreCard":
        """The card ``to_tuples`` gave. Raises ``ValueError``/``TypeError`` for anything
        else."""
        *head, crits, backends = t
        criteria = [CriterionResult(cid, skill, points, earned, status, description,
                                    [CheckResult(*k[:10], [TargetResult(*x) for x in k[10]])
                                     for k in checks], preservation)
                    for cid, skill, points, earned, status, description, preservation, checks
                    in crits]
        return cls(*head[:9], criteria, *head[9:15], layout=dict(head[15]),
                   backends=dict(backends))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ScoreCard":
        crits = []
        for c in d.get("criteria", []):
            checks = []
            for k in c.get("checks", []):
                targets = [TargetResult(**t) for t in k.get("targets", [])]
                fields = {x: k.get(x) for x in ("select", "property", "op", "expected",
                                                "actual", "source", "passed", "status",
                                                "detail", "line")}
                checks.append(CheckResult(**fields, targets=targets))
            crits.append(CriterionResult(c["id"], c["skill"], c["points"], c["earned"],
                                         c["status"], c.get("description", ""), checks,
                                         c.get("preservation", False)))
        return cls(d["task"], d["app"], d["document"], d["outcome"], d["score"], d["total"],
                   d["pass_mark"], d["passed"], d["eval_errors"], crits,
                   d.get("outcome_detail", ""), d.get("rubric_total", 100.0),
                   d.get("rubric_sha256", ""), d.get("engine_version", ""),
                   d.get("value_sources", {}), d.get("seconds", 0.0),
                   dict(d.get("backends") or {}), d.get("layout", {}))
