"""Inspect logs into a results store, so that ``officeeval report`` shows a run of the
``ncre`` task beside batches (``officeeval report OUT --inspect-log LOGS``).

Each scored sample x epoch of a log whose scorer is officeeval's becomes one generation:
its task, the model labelled by setting (``MODEL`` single-turn, ``MODEL+turnsN`` with
feedback turns, ``MODEL+agent``; as ``generate`` and ``agent`` label theirs, so the same
model's settings sit side by side), the epoch as its sample, and the ScoreCard the scorer
kept in the score's metadata (the very card the engine made; nothing is graded again). An
agent sample also gets its conversation (``agent_runs``, ``agent_steps``: steps, tool calls
and results from the sample's messages; tokens from its model usage; its time). A
single-turn sample gets its one turn (tokens in and out) for the usage table.

Importing the same log again replaces its rows (keys are the log's eval id, the sample id
and the epoch). Samples without officeeval's score (an error before scoring) are counted
as skipped, never stored as graded.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.runner.store import GenerationMeta, Store
from officeeval.runner.trajectories import rows_of
from officeeval.scoring.scorecard import ScoreCard

SOURCE = "inspect"


@dataclass
class Imported:
    logs: int = 0
    samples: int = 0
    skipped: list[str] = field(default_factory=list)


def log_files(paths: list[Path]) -> list[Path]:
    """The log files named, or found (``.eval``, ``.json``) in the folders named. Raises
    ``TaskError`` for a path that does not exist."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(x for x in p.rglob("*") if x.suffix in (".eval", ".json")
                          and x.is_file() and not x.name.startswith("."))
        elif p.is_file():
            out.append(p)
        else:
            raise TaskError(f"no Inspect log at {p}")
    return out


def label(model: str, setting: str, turns: Any) -> str:
    """The model name a sample is reported under, by setting."""
    if setting == "agent":
        return f"{model}+agent"
    if setting == "turns":
        return f"{model}+turns{turns}" if turns else f"{model}+turns"
    return model


def _officeeval_score(scores: dict[str, Any] | None) -> Any:
    for score in (scores or {}).values():
        meta = getattr(score, "metadata", None) or {}
        if isinstance(meta.get("scorecard"), dict):
            return score
    return None


def _usage(sample: Any) -> tuple[int | None, int | None]:
    usage = list((getattr(sample, "model_usage", None) or {}).values())
    if not usage:
        return None, None
    return (sum(u.input_tokens or 0 for u in usage),
            sum(u.output_tokens or 0 for u in usage))


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for c in content or []:
        t = getattr(c, "text", None)
        parts.append(t if isinstance(t, str) else f"[{getattr(c, 'type', 'content')}]")
    return "\n".join(parts)


def trajectory(messages: list[Any]) -> list[dict[str, Any]]:
    """An agent sample's steps (as ``officeeval agent`` writes them): each assistant
    message's text and tool calls, with the results the tool messages gave."""
    results: dict[str, Any] = {}
    for m in messages:
        if getattr(m, "role", "") == "tool" and getattr(m, "tool_call_id", None):
            results[m.tool_call_id] = m
    steps = []
    for m in messages:
        if getattr(m, "role", "") != "assistant":
            continue
        calls, outs = [], []
        for c in getattr(m, "tool_calls", None) or []:
            calls.append({"id": c.id, "name": c.function,
                          "arguments": json.dumps(c.arguments, ensure_ascii=False)})
            r = results.get(c.id)
            text = _text(r.content) if r is not None else ""
            outs.append({"name": c.function, "text": text,
                         "ok": r is not None and getattr(r, "error", None) is None
                         and not text.startswith(("error:", "nothing handed in")),
                         "image": None, "submitted": c.function == "submit" and
                         text.endswith("bytes).")})
        steps.append({"step": len(steps) + 1, "text": _text(m.content), "calls": calls,
                      "results": outs})
    return steps


def _agent(sample: Any, model: str) -> dict[str, Any]:
    from officeeval.inspect.solvers import AGENT
    from officeeval.inspect.tools import SUBMITTED
    store = getattr(sample, "store", None) or {}
    steps = trajectory(sample.messages)
    calls: dict[str, int] = {}
    for s in steps:
        for c in s["calls"]:
            calls[c["name"]] = calls.get(c["name"], 0) + 1
    info = store.get(AGENT) if isinstance(store.get(AGENT), dict) else {}
    ended = info.get("ended")
    if ended in (None, "started", "running"):
        limit = getattr(sample, "limit", None)
        ended = getattr(limit, "type", None) or ("error" if sample.error else "stopped")
    tin, tout = _usage(sample)
    record = {"model": model, "ended": ended, "submitted": store.get(SUBMITTED) is not None,
              "steps": len(steps), "tool_calls": calls, "prompt_tokens": tin,
              "completion_tokens": tout, "seconds": getattr(sample, "total_time", None),
              "budgets": {"steps": info.get("max_steps")},
              "lang": (sample.metadata or {}).get("lang"), "solver": "inspect"}
    return rows_of(record, steps)


def _single_turn(sample: Any, card: ScoreCard) -> list[dict[str, Any]]:
    tin, tout = _usage(sample)
    return [{"turn": 1, "reply": sample.output.completion if sample.output else None,
             "program": None, "extraction": None, "program_turn": 1,
             "outcome": card.outcome, "score": card.score, "total": card.total,
             "passed": card.passed, "eval_errors": card.eval_errors,
             "prompt_tokens": tin, "completion_tokens": tout,
             "latency": getattr(sample, "working_time", None), "attempts": None,
             "finish_reason": None}]


def import_logs(paths: list[Path], outdir: Path) -> Imported:
    """Read the Inspect logs at ``paths`` (files or folders) into OUTDIR's results store
    (made when there is none). Raises ``TaskError`` (a path without logs, a log that cannot
    be read) and ``sqlite3.Error`` (the store cannot be written)."""
    from inspect_ai.log import read_eval_log
    files = log_files(paths)
    if not files:
        raise TaskError(f"no Inspect logs in {', '.join(map(str, paths))}")
    got = Imported()
    with Store(outdir) as store:
        for path in files:
            try:
                log = read_eval_log(str(path))
            except Exception as exc:  # noqa: BLE001 - any reader failure: this log is unreadable
                raise TaskError(f"cannot read the Inspect log {path}: {exc}") from exc
            got.logs += 1
            entries = []
            for sample in log.samples or []:
                score = _officeeval_score(sample.scores)
                if score is None:
                    got.skipped.append(f"{path.name}: sample {sample.id} epoch "
                                       f"{sample.epoch} has no officeeval score")
                    continue
                entries.append(_entry(log, sample, score))
            store.record_many(entries)
            got.samples += len(entries)
    return got


def _entry(log: Any, sample: Any, score: Any) -> tuple:
    meta_in = sample.metadata or {}
    setting = str(meta_in.get("setting") or "single")
    model = str(log.eval.model)
    name = label(model, setting, (log.eval.task_args or {}).get("turns", 3))
    card = ScoreCard.from_dict(score.metadata["scorecard"])
    task = str(meta_in.get("officeeval_task") or card.task or sample.id)
    key = hashlib.sha256(json.dumps([SOURCE, log.eval.eval_id, str(sample.id),
                                     sample.epoch]).encode()).hexdigest()[:32]
    meta = GenerationMeta(key, task, name, int(sample.epoch), str(meta_in.get("app") or ""),
                          str(meta_in.get("level") or ""), SOURCE)
    turns = _single_turn(sample, card) if setting == "single" else None
    agent = _agent(sample, model) if setting == "agent" else None
    return meta, card, None, None, turns, agent
