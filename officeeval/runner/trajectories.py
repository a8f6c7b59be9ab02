"""An agent's generation as stored (the ``agent_runs`` and ``agent_steps`` tables of the
results store): what its manifest line says about the conversation (``agent``) and every
step of it (``steps``: the reply's text, its tool calls, each call's result), checked for
shape only. A line without ``agent`` has none.
"""

from __future__ import annotations

import json
from typing import Any

from officeeval.runner.manifest import ManifestLine

MAX_TEXT = 200_000  # characters of a reply kept per step
MAX_JSON = 400_000  # characters of a step's calls or results kept (as JSON)


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def _float(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 \
        else None


def _text(v: Any, most: int = MAX_TEXT) -> str | None:
    if not isinstance(v, str):
        return None
    return v if len(v) <= most else v[:most] + "\n… (cut)"


def _json(v: Any) -> str | None:
    if v is None:
        return None
    text = json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= MAX_JSON else json.dumps({"cut": text[:MAX_JSON]})


def agent_rows(line: ManifestLine) -> dict[str, Any] | None:
    """``{"run": row, "steps": [rows]}`` for the store, or ``None`` for a line that is no
    agent's."""
    return rows_of(line.agent, line.steps) if line.agent else None


def rows_of(a: dict[str, Any], trajectory: tuple[dict[str, Any], ...] | list[dict[str, Any]]
            ) -> dict[str, Any]:
    """The store rows of an agent record and its trajectory, in the shape of a manifest
    line's ``agent`` and ``steps`` (also made from an Inspect log: ``inspect.logs``)."""
    run = {"base_model": _text(a.get("model"), 300), "ended": _text(a.get("ended"), 40),
           "submitted": int(a.get("submitted") is True), "steps": _int(a.get("steps")),
           "tool_calls": _json(a.get("tool_calls")
                               if isinstance(a.get("tool_calls"), dict) else None),
           "prompt_tokens": _int(a.get("prompt_tokens")),
           "completion_tokens": _int(a.get("completion_tokens")),
           "seconds": _float(a.get("seconds")),
           "budgets": _json(a.get("budgets") if isinstance(a.get("budgets"), dict) else None),
           "setting": _json({k: a[k] for k in ("lang", "images", "renders", "solver")
                             if k in a})}
    steps = []
    for n, s in enumerate(trajectory, start=1):
        usage = s.get("usage") if isinstance(s.get("usage"), dict) else {}
        step = _int(s.get("step")) or n
        steps.append({"step": step, "text": _text(s.get("text")),
                      "calls": _json(s.get("calls") if isinstance(s.get("calls"), list)
                                     else []),
                      "results": _json(s.get("results") if isinstance(s.get("results"), list)
                                       else []),
                      "prompt_tokens": _int(usage.get("prompt_tokens")),
                      "completion_tokens": _int(usage.get("completion_tokens")),
                      "latency": _float(s.get("latency")),
                      "finish_reason": _text(s.get("finish_reason"), 40)})
    # One row per step number: a repeated number keeps the last.
    unique = {r["step"]: r for r in steps}
    return {"run": run, "steps": [unique[k] for k in sorted(unique)]}
