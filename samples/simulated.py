"""Shared by the sample tasks' ``make_generations.py`` scripts (SIMULATED generations of
made-up ``sim-*`` models): a generation made as text edits of the reference solution, and
writing a task's ``generations.jsonl``.

The scripts run as ``python samples/<task>/make_generations.py`` and import this module
from their parent directory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable


def variant(source: str, *edits: tuple[str, str]) -> str:
    """``source`` with each ``(old, new)`` replaced. Raises ``ValueError`` when an ``old``
    text is not there (the reference changed under the edit, which would otherwise silently
    make the variant equal to the reference)."""
    for old, new in edits:
        if old not in source:
            raise ValueError(f"edit does not apply: {old!r}")
        source = source.replace(old, new)
    return source


def write_generations(directory: Path, lines: Iterable[dict],
                      name: str = "generations.jsonl") -> None:
    """Write ``lines`` (manifest lines, keys in the order given) as JSONL, UTF-8, one per
    line."""
    with (directory / name).open("w", encoding="utf-8") as fh:
        for line in lines:
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
