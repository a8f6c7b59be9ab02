"""The end-of-batch summary per model, computed from the store's rows (used when no
report writer is installed): SR, pass rate, execution success and outcome counts.

Definitions follow architecture.md: SR is the mean of score/total over generations whose
gradable total is positive; pass rate is the share with ``passed``; execution success is
the share with outcome ``ok`` (``not_graded`` ones left out).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

OUTCOMES = ("ok", "exec_error", "exec_timeout", "exec_killed", "no_code", "no_output",
            "invalid_package", "not_graded")


@dataclass
class ModelSummary:
    model: str
    generations: int = 0
    rates: list[float] = field(default_factory=list)
    passed: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    eval_errors: int = 0

    @property
    def score_rate(self) -> float | None:
        """Mean score/total; ``None`` when no generation had a gradable total."""
        return sum(self.rates) / len(self.rates) if self.rates else None

    @property
    def pass_rate(self) -> float | None:
        return self.passed / self.generations if self.generations else None

    @property
    def exec_success(self) -> float | None:
        """Share of ``ok`` among the generations whose program's fate is known (a
        ``not_graded`` one is the evaluator's failure, not the program's)."""
        known = self.generations - self.outcomes.get("not_graded", 0)
        return self.outcomes.get("ok", 0) / known if known else None


def summarize(rows: Iterable[dict[str, Any]]) -> list[ModelSummary]:
    """Per-model summaries of store rows (``Store.generations()``), sorted by model."""
    by: dict[str, ModelSummary] = {}
    for r in rows:
        s = by.setdefault(r["model"], ModelSummary(r["model"]))
        s.generations += 1
        if r["total"]:
            s.rates.append((r["score"] or 0.0) / r["total"])
        s.passed += int(bool(r["passed"]))
        s.outcomes[r["outcome"]] = s.outcomes.get(r["outcome"], 0) + 1
        s.eval_errors += int((r["eval_errors"] or 0) > 0)
    return [by[m] for m in sorted(by)]
