"""The turns of a generation as stored (``turns`` table of the results store): what the
manifest line says about each reply (its text, token usage, latency, the run record and
feedback of the execution-feedback loop) joined with what the worker found (the program
extracted, and the grade of the program in force at that turn).

A single-turn generation is one turn: its answer (or code) with the line's usage and
latency. A ready-made output has none.
"""

from __future__ import annotations

from typing import Any

from officeeval.runner.manifest import ManifestLine

MAX_TEXT = 200_000  # characters of a reply or program kept per turn


def _clip(text: Any) -> str | None:
    if not isinstance(text, str):
        return None
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "\n… (cut)"


def turn_rows(line: ManifestLine, grades: list[dict[str, Any]] | None
              ) -> list[dict[str, Any]]:
    """One row per turn (see the store's ``turns`` table); ``[]`` when the worker sent no
    turn grades (a ready-made output)."""
    if not grades:
        return []
    meta = list(line.turns) or [{"answer": line.payload if line.source == "answer" else None,
                                 **{k: v for k, v in line.info.items()
                                    if k in ("usage", "latency", "attempts",
                                             "finish_reason")}}]
    rows = []
    for g in grades:
        m = meta[g["turn"] - 1] if g["turn"] - 1 < len(meta) else {}
        usage = m.get("usage") if isinstance(m.get("usage"), dict) else {}
        rows.append({**g, "reply": _clip(m.get("answer")), "program": _clip(g["program"]),
                     "run": m.get("run") if isinstance(m.get("run"), dict) else None,
                     "feedback": _clip(m.get("feedback")),
                     "prompt_tokens": _int(usage.get("prompt_tokens")),
                     "completion_tokens": _int(usage.get("completion_tokens")),
                     "latency": _float(m.get("latency")),
                     "attempts": _int(m.get("attempts")),
                     "finish_reason": m.get("finish_reason")
                     if isinstance(m.get("finish_reason"), str) else None})
    return rows


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def _float(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 \
        else None
