"""What ``/v1/tasks`` tells a client about the tasks it serves.

Without ``--expose-rubrics`` a task shows what a candidate may know: its id, app, level,
title, instruction, points per criterion and skill, the output file to write and the files
a program gets (input, attachments: downloadable). The rubric's checks and expected values,
the criteria descriptions (they state the expected values in words) and the reference
document are shown only with ``--expose-rubrics``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from officeeval.runner.tasks import Task, TaskRegistry


def task_summary(task: Task) -> dict[str, Any]:
    """A task's row in ``GET /v1/tasks``."""
    row: dict[str, Any] = {"id": task.id, "app": task.app, "level": task.level,
                           "title": task.rubric.title if task.rubric else "",
                           "output": task.output_name if task.rubric else "",
                           "criteria": len(task.rubric.criteria) if task.rubric else 0,
                           "total": task.rubric.total if task.rubric else None,
                           "pass_mark": task.rubric.pass_mark if task.rubric else None}
    if task.error is not None:
        row["error"] = f"invalid rubric: {len(task.error.issues)} problem(s)"
    return row


def task_detail(task: Task, expose: bool) -> dict[str, Any]:
    """``GET /v1/tasks/{id}``: the summary, instruction, skills, criteria (points only,
    unless ``expose``) and the files a client may download."""
    d = task_summary(task)
    if task.rubric is None:
        if task.error is not None:
            d["issues"] = [str(i) for i in task.error.issues] if expose else []
        return d
    r = task.rubric
    d["instruction"] = r.instruction
    d["lang"] = r.lang
    d["skills"] = dict(r.skills)
    d["criteria"] = [_criterion(c, expose) for c in r.criteria]
    d["files"] = [{"role": role, "name": p.name,
                   "url": f"/v1/tasks/{task.id}/files/{p.name}", "present": p.is_file()}
                  for role, p in _files(task, expose)]
    if expose:
        d["rubric_xml"] = Path(task.path).read_text(encoding="utf-8", errors="replace")
    return d


def _criterion(c: Any, expose: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "skill": c.skill, "points": c.points}
    if expose:
        out["description"] = c.description
        out["checks"] = [{"select": k.select, "property": k.property, "op": k.op,
                          "expected": k.expected, "expected_from": k.expected_from,
                          "tolerance": k.tolerance, "match": k.match} for k in c.checks]
    return out


def _files(task: Task, expose: bool) -> list[tuple[str, Path]]:
    out: list[tuple[str, Path]] = []
    if task.input is not None:
        out.append(("input", task.input))
    out += [("attachment", a) for a in task.attachments]
    if expose and task.reference is not None:
        out.append(("reference", task.reference))
    return out


def task_file(registry: TaskRegistry, task_id: str, name: str, expose: bool) -> Path | None:
    """The file ``name`` of a task that a client may download (by base name, among the
    task's own files only), or ``None``."""
    task = registry.get(task_id)
    if task is None or task.rubric is None:
        return None
    for _, path in _files(task, expose):
        if path.name == name and path.is_file():
            return path
    return None
