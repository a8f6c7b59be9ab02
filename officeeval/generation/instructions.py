"""The task text a model is given: the candidate's instruction, never the rubric's checks.

Looked up, in order:

1. ``instruction.md`` in the folder of the task's input file (the sample tasks' layout): a
   Markdown file whose ``##`` sections hold the instruction in Chinese (a heading with
   ``中文`` or ``题目``) and in English (a heading with ``English`` or starting with
   ``Task``). ``lang`` picks the section; a file without such sections is used whole.
2. The rubric's ``<instruction>`` text (the language's "task text shown to the candidate"),
   whatever ``lang`` is.

Raises ``TaskError`` when neither exists, or the language's section is missing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from officeeval.errors import TaskError
from officeeval.runner.tasks import Task

FILE_NAME = "instruction.md"
MAX_BYTES = 256 * 1024
_HEADING = re.compile(r"^##\s+(.+?)\s*$", re.MULTILINE)
_LANG_HEADINGS = {"zh": ("中文", "题目"), "en": ("english", "task")}


def instruction_file(task: Task) -> Path | None:
    """The task's ``instruction.md`` (next to its input), ``None`` when there is none."""
    if task.input is None:
        return None
    p = task.input.parent / FILE_NAME
    return p if p.is_file() else None


def split_sections(text: str) -> dict[str, str]:
    """``{heading: body}`` of the ``##`` sections of a Markdown text (bodies stripped)."""
    marks = list(_HEADING.finditer(text))
    return {m.group(1): text[m.end():marks[i + 1].start() if i + 1 < len(marks)
                              else len(text)].strip()
            for i, m in enumerate(marks)}


def pick_language(text: str, lang: str, origin: str) -> str:
    """The body of the section of ``text`` in ``lang`` (``zh`` or ``en``); the whole text
    (without a leading ``#`` title) when it has no language sections. Raises ``TaskError``
    when sections exist but none is in ``lang``."""
    sections = split_sections(text)
    words = _LANG_HEADINGS.get(lang)
    if words is None:
        raise TaskError(f"unknown language {lang!r} (zh or en)")
    known = {h: b for h, b in sections.items()
             if any(w in h.lower() for ws in _LANG_HEADINGS.values() for w in ws)}
    if not known:
        return re.sub(r"\A#\s[^\n]*\n", "", text.strip()).strip()
    for heading, body in known.items():
        h = heading.lower()
        if lang == "en" and ("english" in h or h.startswith("task")):
            return body
        if lang == "zh" and any(w in heading for w in words):
            return body
    raise TaskError(f"{origin} has no {lang!r} section (its sections: "
                    f"{', '.join(sections)})")


def task_instruction(task: Task, lang: str = "zh") -> tuple[str, str]:
    """``(text, where it came from)`` for the task in ``lang``. Raises ``TaskError``."""
    path = instruction_file(task)
    if path is not None:
        try:
            if path.stat().st_size > MAX_BYTES:
                raise TaskError(f"{path} is larger than {MAX_BYTES} bytes")
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TaskError(f"cannot read {path}: {exc}") from exc
        shown = os.path.normpath(path)
        return pick_language(text, lang, shown), shown
    rubric = task.rubric
    if rubric is not None and rubric.instruction.strip():
        return rubric.instruction.strip(), f"{task.path} <instruction>"
    raise TaskError(f"task {task.id!r} has no instruction: put an {FILE_NAME} next to its "
                    f"input, or the task text in the rubric's <instruction>")
