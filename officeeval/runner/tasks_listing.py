"""The ``tasks`` command's listing: every task known under ``rubrics/`` (or, without one in
the current directory, the officeeval checkout's) and the given directories, with its app,
level, criteria count, and which of its files exist."""

from __future__ import annotations

import os
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from officeeval.runner.tasks import TaskRegistry, default_locations


def task_rows(extra: list[str]) -> tuple[list[dict[str, Any]], list[str], list[str]]:
    """Rows (one per task, sorted by id), scan issues, and the locations scanned:
    ``default_locations()`` (``./rubrics``, else the checkout's) then EXTRA."""
    locations = [str(p) for p in default_locations()] + list(extra)
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
    return rows, reg.issues, locations


def print_tasks(rows: list[dict[str, Any]], issues: list[str], console: Console,
                locations: list[str] = ()) -> None:  # type: ignore[assignment]
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
    if locations:
        n = len(rows)
        console.print(f"{n} task{'s' * (n != 1)} from {escape(', '.join(locations))}",
                      highlight=False)
    for i in issues:
        console.print(f"[yellow]{escape(i)}[/]")
