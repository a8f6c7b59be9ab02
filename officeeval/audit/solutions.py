"""Independent solutions: programs written from a task's prompt alone (the ``officeeval
prompts`` output and its pictures) by someone who never saw the rubric or the reference,
run in the batch's sandbox on a fresh copy of the task's input and graded by the rubric.

Each must score full marks, or lose exactly the criteria the task's ``NOTES.md`` lists for
it under ``## Independent solutions``, each with the step and the instruction's words that
show the solution wrong::

    - `text-a.py` (text-only): 92
      - c04 (step 8, example-1.png): the header fill is given by the picture only …

Any other loss is a rubric charging a correct answer (or a solution the NOTES must explain)
and makes the audit not clean. The solutions live in ``solutions/`` beside the task's
input (``samples/<task>/solutions/*.py``), or in a folder given to ``audit --solutions``.

Nothing here raises for a program that fails: its outcome (``exec_error`` …) is reported.
A sandbox that cannot start is ``not_graded`` (ours).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

NOTES = "NOTES.md"
FOLDER = "solutions"
SECTION = "Independent solutions"

# Verdicts of one solution.
FULL_MARKS = "full_marks"
AS_NOTED = "as_noted"          # lost exactly the criteria the NOTES explain
UNEXPLAINED = "unexplained"    # lost a criterion the NOTES do not explain, or kept one they do
NOT_GRADED = "not_graded"      # the sandbox could not run it (ours)


@dataclass
class Expectation:
    """What the NOTES say of one solution: its score and the criteria it rightly loses."""

    score: float | None = None
    lost: dict[str, str] = field(default_factory=dict)


@dataclass
class SolutionResult:
    name: str
    outcome: str = ""
    score: float | None = None
    total: float | None = None
    lost: dict[str, float] = field(default_factory=dict)
    noted: dict[str, str] = field(default_factory=dict)
    verdict: str = ""
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict in (FULL_MARKS, AS_NOTED)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def solution_folder(input_path: str | None, given: str | Path | None = None,
                    rubric_id: str = "") -> Path | None:
    """Where a task's solutions are: ``given`` (a folder of ``*.py``, or one holding
    ``<rubric id>/`` or ``<rubric id>/solutions/``), else ``solutions/`` beside the input;
    ``None`` when there is none."""
    if given is not None:
        g = Path(given)
        for cand in (g / rubric_id / FOLDER, g / rubric_id, g):
            if cand.is_dir() and any(cand.glob("*.py")):
                return cand
        return None
    if not input_path:
        return None
    folder = Path(input_path).parent / FOLDER
    return folder if folder.is_dir() else None


def expectations(notes_text: str) -> dict[str, Expectation]:
    """The ``## Independent solutions`` section of a task's NOTES: ``{program name:
    Expectation}`` (empty when there is no such section)."""
    m = re.search(rf"^##\s*{SECTION}\s*$(.*?)(?=^##\s|\Z)", notes_text, re.M | re.S)
    if not m:
        return {}
    out: dict[str, Expectation] = {}
    current: Expectation | None = None
    for line in m.group(1).splitlines():
        head = re.match(r"^-\s+`([^`]+\.py)`[^:\n]*:\s*([\d.]+)", line)
        if head:
            current = out.setdefault(head.group(1), Expectation(float(head.group(2))))
            continue
        sub = re.match(r"^\s+-\s+(c[\w.-]+)\b\s*(.*)$", line)
        if sub and current is not None:
            current.lost[sub.group(1)] = sub.group(2).strip()
    return out


def grade_solutions(rubric: Any, folder: Path, grader: Any, reference: str, input: str,
                    options: dict[str, Any], notes: dict[str, Expectation]
                    ) -> list[SolutionResult]:
    """Run and grade every ``*.py`` of ``folder`` (sorted by name)."""
    from officeeval.runner.sandbox import Sandbox, SandboxError
    from officeeval.runner.tasks import Task
    try:
        sandbox = Sandbox()
    except SandboxError as exc:
        return [SolutionResult(p.name, verdict=NOT_GRADED, detail=f"sandbox: {exc}")
                for p in sorted(folder.glob("*.py"))]
    task = Task(rubric.id, Path(rubric.path or "."), rubric)
    out = []
    for program in sorted(folder.glob("*.py")):
        out.append(_grade_one(program, task, sandbox, grader, reference, input, options,
                              notes.get(program.name, Expectation())))
    return out


def _grade_one(program: Path, task: Any, sandbox: Any, grader: Any, reference: str,
               input: str, options: dict[str, Any], noted: Expectation) -> SolutionResult:
    from officeeval.runner.classify import classify
    from officeeval.runner.sandbox import SandboxError
    from officeeval.scoring import evaluate_outcome
    res = SolutionResult(program.name, noted=dict(noted.lost))
    try:
        code = program.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        res.verdict, res.detail = NOT_GRADED, f"cannot read the program: {exc}"
        return res
    rubric = task.rubric
    try:
        with sandbox.run(code, task.sandbox_files(), task.output_name) as run:
            outcome, detail = classify(run.record, task.output_name)
            if outcome is not None:
                card = evaluate_outcome(rubric, outcome, task.output_name, detail)
            else:
                card = grader.grade(rubric, run.output, input=input, reference=reference,
                                    options=options)
    except SandboxError as exc:
        res.verdict, res.detail = NOT_GRADED, f"sandbox: {exc}"
        return res
    res.outcome, res.score, res.total = str(card.outcome), card.score, card.total
    res.lost = {c.id: round(c.points - c.earned, 3) for c in card.criteria
                if c.earned < c.points - 1e-9 and c.status != "eval_error"}
    if outcome is not None:
        res.detail = f"{card.outcome}: {card.outcome_detail}"
    unexplained = sorted(set(res.lost) - set(noted.lost))
    kept = sorted(set(noted.lost) - set(res.lost))
    if not res.lost and not noted.lost:
        res.verdict = FULL_MARKS
    elif not unexplained and not kept:
        res.verdict = AS_NOTED
    else:
        res.verdict = UNEXPLAINED
        bits = []
        if unexplained:
            bits.append("loses " + ", ".join(unexplained) + " without a note saying why "
                        "(a correct answer charged, or the NOTES must explain it)")
        if kept:
            bits.append("keeps " + ", ".join(kept) + ", which the NOTES say it loses")
        res.detail = "; ".join(filter(None, [res.detail, *bits]))
    return res


def read_notes(input_path: str | None) -> dict[str, Expectation]:
    """The expectations in the ``NOTES.md`` beside a task's input (none when absent)."""
    if not input_path:
        return {}
    p = Path(input_path).parent / NOTES
    try:
        return expectations(p.read_text("utf-8")) if p.is_file() else {}
    except (OSError, UnicodeDecodeError):
        return {}
