"""What an audit finds, as plain dataclasses (``to_dict`` gives the ``--json`` contract).

A rubric audit has four parts: the reference output's ScoreCard (must be 100), the untouched
input's (only preservation criteria may pass), the mutants (documents derived from the
reference that break one property a check reads — each must make its criterion lose points —
or that must not change any verdict: neutral edits nothing reads, and equivalent variants,
the reference written another way a careful examiner grades the same) and lint warnings.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from officeeval.audit.charges import DoubleCharge
from officeeval.audit.origins import ERROR, FINDING, LiteralOrigin, summary
from officeeval.audit.solutions import SolutionResult

# Verdicts of one mutant.
CAUGHT = "caught"                  # a breaking mutant and its criterion lost points
CAUGHT_ELSEWHERE = "caught_elsewhere"  # a deletion noticed by another criterion
SURVIVED = "survived"              # a breaking mutant no criterion of it noticed
INEFFECTIVE = "ineffective"        # the edit did not change what the check reads
NOT_APPLICABLE = "not_applicable"  # its criterion already fails on the reference
INVALID = "invalid"                # the mutant could not be built or graded (ours)
NEUTRAL_OK = "neutral_ok"          # a neutral mutant left every verdict alone
OVER_STRICT = "over_strict"        # a neutral mutant changed some criterion's points
EQUIVALENT_OK = "equivalent_ok"    # an equivalent variant kept every criterion's points
FALSE_FAIL = "false_fail"          # an equivalent variant lost points: a correct answer
                                   # written another way fails

DETECTED = (CAUGHT, CAUGHT_ELSEWHERE)
COUNTED = (CAUGHT, CAUGHT_ELSEWHERE, SURVIVED)


@dataclass
class MutantResult:
    """One mutant and what grading it did.

    ``kind`` is ``break``, ``neutral`` or ``equivalent`` (the reference written another way
    a careful examiner grades the same); ``criteria`` the criteria it was derived for (empty
    for neutral and equivalent ones); ``changed`` maps criterion id -> (reference earned, mutant earned) for
    every criterion whose points moved; ``explanation`` says why it survived, was flagged or
    was left out.
    """

    id: str
    kind: str
    operator: str
    description: str
    criteria: list[str] = field(default_factory=list)
    check: str = ""
    verdict: str = ""
    changed: dict[str, tuple[float, float]] = field(default_factory=dict)
    explanation: str = ""
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["changed"] = {k: list(v) for k, v in self.changed.items()}
        d["seconds"] = round(self.seconds, 4)
        return d


@dataclass
class CheckFailure:
    """A check that fails where it must pass (the reference), with expected and actual."""

    criterion: str
    check: str
    status: str
    expected: str
    actual: str
    detail: str
    line: int | None = None


@dataclass
class CriterionAudit:
    id: str
    skill: str
    points: float
    preservation: bool
    description: str
    reference_earned: float
    reference_status: str
    input_earned: float
    input_status: str
    mutants: int = 0
    caught: int = 0
    survivors: list[str] = field(default_factory=list)
    unmutated_checks: list[str] = field(default_factory=list)

    @property
    def rewards_doing_nothing(self) -> bool:
        """Full points on the untouched input without being a preservation criterion."""
        return not self.preservation and self.input_status == "pass"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["rewards_doing_nothing"] = self.rewards_doing_nothing
        return d


@dataclass
class LintWarning:
    code: str
    message: str
    criterion: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.criterion}: " if self.criterion else ""
        at = f" (line {self.line})" if self.line else ""
        return f"[{self.code}] {where}{self.message}{at}"


@dataclass
class RubricAudit:
    """The audit of one rubric. ``error`` is set (and everything else may be empty) when the
    rubric could not be audited at all: invalid, or its reference/input missing."""

    rubric: str
    path: str | None
    app: str = ""
    error: str = ""
    reference_score: float | None = None
    reference_total: float | None = None
    input_score: float | None = None
    reference_failures: list[CheckFailure] = field(default_factory=list)
    criteria: list[CriterionAudit] = field(default_factory=list)
    mutants: list[MutantResult] = field(default_factory=list)
    lint: list[LintWarning] = field(default_factory=list)
    seconds: float = 0.0
    # Where each literal comes from (instruction, input, picture, reference only), the
    # breaking mutants whose one edit cost two steps, and the independent solutions.
    origins: list[LiteralOrigin] = field(default_factory=list)
    double_charges: list[DoubleCharge] = field(default_factory=list)
    solutions: list[SolutionResult] = field(default_factory=list)
    steps: dict[str, str] = field(default_factory=dict)

    # ------------------------------------------------------------------ derived numbers
    @property
    def breaking(self) -> list[MutantResult]:
        return [m for m in self.mutants if m.kind == "break" and m.verdict in COUNTED]

    @property
    def detected(self) -> int:
        return sum(1 for m in self.breaking if m.verdict in DETECTED)

    @property
    def survivors(self) -> list[MutantResult]:
        return [m for m in self.mutants if m.verdict == SURVIVED]

    @property
    def over_strict(self) -> list[MutantResult]:
        return [m for m in self.mutants if m.verdict == OVER_STRICT]

    @property
    def detection_rate(self) -> float | None:
        n = len(self.breaking)
        return self.detected / n if n else None

    @property
    def equivalents(self) -> list[MutantResult]:
        """Equivalent variants that were built and graded."""
        return [m for m in self.mutants if m.kind == "equivalent"
                and m.verdict in (EQUIVALENT_OK, FALSE_FAIL)]

    @property
    def false_fails(self) -> list[MutantResult]:
        return [m for m in self.mutants if m.verdict == FALSE_FAIL]

    @property
    def false_fail_rate(self) -> float | None:
        n = len(self.equivalents)
        return len(self.false_fails) / n if n else None

    @property
    def reference_ok(self) -> bool:
        return (self.reference_score is not None and self.reference_total is not None
                and abs(self.reference_score - self.reference_total) < 1e-9
                and not self.reference_failures)

    @property
    def input_offenders(self) -> list[CriterionAudit]:
        return [c for c in self.criteria if c.rewards_doing_nothing]

    @property
    def origin_errors(self) -> list[LiteralOrigin]:
        """Selectors that find an object the candidate creates by a literal only the
        reference has."""
        return [o for o in self.origins if o.finding == ERROR]

    @property
    def origin_findings(self) -> list[LiteralOrigin]:
        return [o for o in self.origins if o.finding == FINDING]

    @property
    def solutions_failing(self) -> list[SolutionResult]:
        """Independent solutions that lose points the task's NOTES do not explain."""
        return [s for s in self.solutions if not s.ok]

    def clean(self, min_detection: float = 0.98) -> bool:
        """Reference 100, no unmarked criterion passes on the input, no neutral mutant
        changes a verdict, no equivalent variant loses points, no selector finds a created
        object by a literal only the reference has, every independent solution scores
        full marks or loses only what its NOTES explain, and at least ``min_detection`` of
        the breaking mutants caught. (Double charges and origin findings are reported for
        review, not counted.)"""
        rate = self.detection_rate
        return (not self.error and self.reference_ok and not self.input_offenders
                and not self.over_strict and not self.false_fails
                and not self.origin_errors and not self.solutions_failing
                and (rate is None or rate >= min_detection - 1e-12))

    def to_dict(self, min_detection: float = 0.98) -> dict[str, Any]:
        return {
            "rubric": self.rubric, "path": self.path, "app": self.app, "error": self.error,
            "clean": self.clean(min_detection),
            "reference": {"score": self.reference_score, "total": self.reference_total,
                          "ok": self.reference_ok,
                          "failures": [asdict(f) for f in self.reference_failures]},
            "input": {"score": self.input_score,
                      "passes_non_preservation": [c.id for c in self.input_offenders]},
            "mutation": {"breaking": len(self.breaking), "detected": self.detected,
                         "rate": self.detection_rate,
                         "survivors": [m.id for m in self.survivors],
                         "over_strict": [m.id for m in self.over_strict],
                         "ineffective": sum(1 for m in self.mutants
                                            if m.verdict == INEFFECTIVE),
                         "invalid": sum(1 for m in self.mutants if m.verdict == INVALID)},
            "equivalence": {"variants": len(self.equivalents),
                            "false_fails": [m.id for m in self.false_fails],
                            "rate": self.false_fail_rate},
            "criteria": [c.to_dict() for c in self.criteria],
            "mutants": [m.to_dict() for m in self.mutants],
            "lint": [asdict(w) for w in self.lint],
            "origins": {"counts": summary(self.origins),
                        "errors": len(self.origin_errors),
                        "findings": len(self.origin_findings),
                        "literals": [o.to_dict() for o in self.origins]},
            "double_charges": [d.to_dict() for d in self.double_charges],
            "solutions": [x.to_dict() for x in self.solutions],
            "steps": dict(self.steps),
            "seconds": round(self.seconds, 3),
        }


@dataclass
class AuditReport:
    """Audits of several rubrics; the overall detection rate pools every breaking mutant."""

    rubrics: list[RubricAudit]
    min_detection: float = 0.98
    seconds: float = 0.0

    @property
    def breaking(self) -> int:
        return sum(len(r.breaking) for r in self.rubrics)

    @property
    def detected(self) -> int:
        return sum(r.detected for r in self.rubrics)

    @property
    def detection_rate(self) -> float | None:
        return self.detected / self.breaking if self.breaking else None

    @property
    def equivalents(self) -> int:
        return sum(len(r.equivalents) for r in self.rubrics)

    @property
    def false_fails(self) -> int:
        return sum(len(r.false_fails) for r in self.rubrics)

    @property
    def false_fail_rate(self) -> float | None:
        return self.false_fails / self.equivalents if self.equivalents else None

    @property
    def clean(self) -> bool:
        """Every rubric clean on reference, input and neutral mutants, and the pooled
        detection rate at least ``min_detection``."""
        rate = self.detection_rate
        return (all(r.clean(0.0) for r in self.rubrics)
                and (rate is None or rate >= self.min_detection - 1e-12))

    def to_dict(self) -> dict[str, Any]:
        return {"clean": self.clean, "min_detection": self.min_detection,
                "breaking": self.breaking, "detected": self.detected,
                "detection_rate": self.detection_rate, "equivalents": self.equivalents,
                "false_fails": self.false_fails, "false_fail_rate": self.false_fail_rate,
                "seconds": round(self.seconds, 3),
                "rubrics": [r.to_dict(self.min_detection) for r in self.rubrics]}
