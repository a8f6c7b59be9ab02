"""The scorer: officeeval's engine, on the same grading path as ``batch``
(``runner.grading.grade_item``), so a sample scores what the same document or program
scores in a batch.

* An agent sample (``submit`` recorded in the store) is graded on the output as its
  sandbox then holds it, like a batch line's ready-made ``output``; nothing handed in is
  outcome ``no_output``.
* Any other sample (single-turn, feedback turns) is graded on its answer, like a batch
  line's ``answer``: the program extracted as ``batch`` does, run in the batch's sandbox on
  a fresh copy of the task's input, its output graded (the feedback-turns solver names the
  reply it hands in: the last one that held a program).

The score's value is the score rate (score ÷ gradable total; 0 for an ungradable sample,
flagged in the metadata); its metadata holds the outcome, every criterion's verdict and
failure class, the points lost to execution, to logic (nothing found, a wrong value) and
unevaluable documents kept apart, and the whole ScoreCard. Metrics: SR (``mean``) with its
standard error, ``pass_rate`` and ``execution_success``.
"""

from __future__ import annotations

import tempfile
import threading
import uuid
from pathlib import Path
from typing import Any

import anyio
from inspect_ai.scorer import (Metric, SampleScore, Score, Scorer, Target, mean, metric,
                               scorer, stderr)
from inspect_ai.solver import TaskState
from inspect_ai.util import sandbox

from officeeval.inspect.sandbox import TASK_KEY, OfficeSandboxConfig
from officeeval.inspect.tools import SUBMITTED
from officeeval.runner.tasks import Task, TaskRegistry

ANSWER = "officeeval_answer"  # store key: the reply a multi-turn solver hands in
# The runner's grading keeps one Grader per process (its LibreOffice, its open documents):
# samples are graded one at a time.
_GRADING = threading.Lock()


def grade(task: Task, source: str, payload: str, config: OfficeSandboxConfig,
          keep: str | None = None):
    """The ScoreCard and sandbox record of ``payload`` (an ``answer`` or an ``output``
    path) for ``task``, as ``batch`` grades it; ``keep``: the folder where the program's
    output is kept (the card names it). Blocking; never raises for what the program or
    document does (``SandboxError`` comes back as a ``not_graded`` card)."""
    from officeeval.runner.grading import WorkItem, grade_item, not_graded_card
    item = WorkItem(key=f"inspect-{task.id}-{uuid.uuid4().hex[:12]}", task=task.id,
                    source=source, payload=payload, rubric_path=str(task.path),
                    output_name=task.output_name,
                    files=tuple(str(p) for p in task.sandbox_files()),
                    limits=config.limits(), sandbox=config.sandbox_config(),
                    keep_dir=keep, pages="off")
    with _GRADING:
        res = grade_item(item)
    if res.card is None:
        assert task.rubric is not None
        return not_graded_card(task.rubric, f"not graded: {res.error}", task.id), None
    return res.card, res.sandbox


def card_metadata(card: Any) -> dict[str, Any]:
    """What a score keeps of a ScoreCard: outcome, points, every criterion's verdict and
    failure class, lost points by kind, and the card itself."""
    lost = {"execution": 0.0, "logic_not_found": 0.0, "logic_wrong": 0.0,
            "unevaluable": 0.0}
    kind = {"skipped": "execution", "not_found": "logic_not_found", "fail": "logic_wrong",
            "unevaluable": "unevaluable"}
    criteria = []
    for c in card.criteria:
        status = c.status.value
        if status in kind:
            lost[kind[status]] += max(0.0, c.points - c.earned)
        criteria.append({"id": c.id, "skill": c.skill, "points": c.points,
                         "earned": c.earned, "status": status,
                         "failure_class": c.failure_class})
    return {"outcome": str(card.outcome), "outcome_detail": card.outcome_detail or "",
            "score": card.score, "total": card.total, "rubric_total": card.rubric_total,
            "passed": bool(card.passed), "eval_errors": card.eval_errors,
            "ungradable": not card.total, "lost": lost, "criteria": criteria,
            "scorecard": card.to_dict()}


@metric
def pass_rate() -> Metric:
    """The share of samples at or above the pass mark (scaled to the gradable total)."""
    def compute(scores: list[SampleScore]) -> float:
        flags = [bool((s.score.metadata or {}).get("passed")) for s in scores]
        return sum(flags) / len(flags) if flags else 0.0
    return compute


@metric
def execution_success() -> Metric:
    """The share of samples whose program (or hand-in) gave a readable document."""
    def compute(scores: list[SampleScore]) -> float:
        flags = [(s.score.metadata or {}).get("outcome") == "ok" for s in scores]
        return sum(flags) / len(flags) if flags else 0.0
    return compute


@scorer(metrics=[mean(), stderr(), pass_rate(), execution_success()])
def officeeval_scorer(registry: TaskRegistry | None = None,
                      config: OfficeSandboxConfig | None = None,
                      keep: str | None = None) -> Scorer:
    """Grade each sample with officeeval's engine (see the module). ``registry``: where
    the samples' tasks are (default: ``config.tasks``, else ``rubrics/`` as ``batch``
    looks it up); ``keep``: a folder where every graded document is kept (the ScoreCard's
    ``document`` names it; by default none is kept)."""
    cfg = config or OfficeSandboxConfig()
    tasks = registry

    def find(task_id: str) -> Task:
        nonlocal tasks
        if tasks is None:
            from officeeval.runner.tasks import default_locations
            locations = list(cfg.tasks) or [str(p) for p in default_locations()]
            tasks = TaskRegistry.scan(locations)
        return tasks.require(task_id)

    async def score(state: TaskState, target: Target) -> Score:
        task = find(str(state.metadata[TASK_KEY]))
        if state.store.get(SUBMITTED) is not None:
            card = await _grade_handin(task, cfg, keep)
            answer = f"{task.output_name} handed in"
        elif state.metadata.get("setting") == "agent":
            from officeeval.scoring import evaluate_outcome
            from officeeval.scoring.outcomes import TaskOutcome
            assert task.rubric is not None
            card = evaluate_outcome(task.rubric, TaskOutcome.NO_OUTPUT, task.output_name,
                                    "nothing handed in: the agent never called submit()",
                                    task.id)
            answer = "nothing handed in"
        else:
            answer = state.store.get(ANSWER) or state.output.completion
            card, _ = await anyio.to_thread.run_sync(grade, task, "answer", answer, cfg,
                                                     keep)
        meta = card_metadata(card)
        value = card.score / card.total if card.total else 0.0
        return Score(value=value, answer=answer[-2000:],
                     explanation=f"{meta['outcome']}: {card.score:g} / {card.total:g}"
                                 + (f" ({meta['outcome_detail']})"
                                    if meta["outcome_detail"] else ""),
                     metadata=meta)

    return score


async def _grade_handin(task: Task, cfg: OfficeSandboxConfig, keep: str | None):
    """Grade the output the sample's sandbox holds (what ``submit`` handed in), kept in
    ``keep`` when given."""
    try:
        data = await sandbox().read_file(task.output_name, text=False)
    except (FileNotFoundError, PermissionError, IsADirectoryError):
        data = None
    with tempfile.TemporaryDirectory(prefix="officeeval-inspect-score-") as d:
        folder = Path(keep) if keep else Path(d)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{task.id}-{uuid.uuid4().hex[:12]}{Path(task.output_name).suffix}"
        if data is not None:
            path.write_bytes(data)
        card, _ = await anyio.to_thread.run_sync(grade, task, "output", str(path), cfg)
    return card
