"""The ``tasks`` command's listing: every task known under ``rubrics/`` (and the given
directories) with its app, level, criteria count, and which of its files exist."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from officeeval.runner.tasks import TaskRegistry


def task_rows(extra: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """Rows (one per task, sorted by id) and scan issues. ``rubrics/`` in the current
    directory is always included when it exists."""
    locations = (["rubrics"] if Path("rubrics").is_dir() else []) + list(extra)
    reg = TaskRegistry.scan(locations)
    rows = []
    for t in reg.all():
        r = t.rubric
        rows.append({
            "id": t.id, "app": t.app, "level": t.level, "rubric": str(t.path),
            "criteria": len(r.criteria) if r else None,
            "output": t.output_name if r else None,
            "files": [{"role": role, "path": os.path.normpath(p), "present": ok}
                      for role, p, ok in t.files()],
            "error": str(t.error) if t.error else None})
    return rows, reg.issues


def print_tasks(rows: list[dict[str, Any]], issues: list[str], console: Console) -> None:
    table = Table(header_style="bold")
    for col in ("task", "app", "level", "criteria", "output", "files"):
        table.add_column(col, overflow="fold")
    for r in rows:
        if r["error"]:
            first = r["error"].splitlines()[0]
            table.add_row(escape(r["id"]), "", "", "[red]invalid[/]", "",
                          escape(first))
            continue
        files = "\n".join(("[green]✓[/] " if f["present"] else "[red]✗ missing[/] ")
                          + f"{f['role']} {escape(f['path'])}" for f in r["files"])
        table.add_row(escape(r["id"]), r["app"], r["level"], str(r["criteria"]),
                      escape(r["output"] or ""), files or "-")
    console.print(table)
    for i in issues:
        console.print(f"[yellow]{escape(i)}[/]")
