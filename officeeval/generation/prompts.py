"""Prompt lines: what a model is given for a task (``officeeval prompts``), and reading them
back (``officeeval generate``).

A line of ``prompts.jsonl``::

    {"id": "word-l1-notice", "task": "word-l1-notice", "app": "word", "lang": "zh",
     "template": {"id": "officeeval-default-zh", "version": "1", "sha256": "…"},
     "instruction_source": "samples/word-l1-notice/instruction.md", "outline": true,
     "files": {"input": "input.docx", "attachments": [], "output": "output.docx"},
     "images": "omit", "pictures": [{"name": "example-1.png", "shown": false, …}],
     "limits": {"timeout": 60.0, "memory": 2147483648},
     "messages": [{"role": "system", "content": "…"}, {"role": "user", "content": "…"}],
     "feedback_template": "…the template's feedback section (Jinja)…"}

``limits`` are the limits the prompt states to the model (``--timeout``, ``--memory``):
``generate`` runs the feedback loop's programs under them and copies them onto each
manifest line (``stated_limits``), and ``batch`` grades under them, so that what the model
was told is what is enforced (``runner.limits.enforce_stated``).

With ``images="inline"`` and pictures, the user message's ``content`` is a list of parts
(``{"type": "text", …}`` then, per picture, its name and ``{"type": "image_url",
"image_url": {"url": "data:image/png;base64,…"}}``), as OpenAI-compatible vision models
take it.

Only the candidate's side of a task goes in: the instruction, the program contract, the
pictures the instruction refers to, and optionally an outline of the input file. The rubric's checks, the reference output and any
score never do (tests check every request a model server receives).
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from officeeval import apps
from officeeval.errors import PackageError, TaskError
from officeeval.generation.instructions import task_instruction
from officeeval.generation.pictures import DEFAULT_MODE, MODES, Picture, task_pictures
from officeeval.generation.template import PromptTemplate, TemplateProblem
from officeeval.runner.limits import Limits, parse_stated, stated_of
from officeeval.runner.tasks import Task

# What the sandbox's interpreter must import (officeeval.runner.sandbox.SandboxConfig).
LIBRARIES = ("python-docx", "openpyxl", "python-pptx", "lxml", "pandas")
ROLES = ("system", "user", "assistant")
# Pictures inline make a line long: 8 pictures of 4 MiB in base64 fit.
MAX_PROMPT_LINE = 48 * 1024 * 1024
# When a template says nothing of omitted pictures, this note is appended (the prompt must
# say plainly what the model does not see).
OMITTED_NOTE = {
    "zh": "注意：题目提到的示例图 {names} 没有提供给你（纯文本设置），你看不到它们的内容。",
    "en": "Note: the example picture(s) the task refers to, {names}, are not shown to you "
          "(text-only setting); you cannot see what they show.",
}


@dataclass(frozen=True)
class PromptLine:
    """One prompt read back from ``prompts.jsonl``: its id (unique in the file), task, the
    messages of the first request, the feedback section of its template (``""`` when the
    template had none) and the template's identity."""

    line: int
    id: str
    task: str
    messages: tuple[dict[str, Any], ...]
    feedback_template: str = ""
    template: dict[str, Any] | None = None
    lang: str = ""
    limits: dict[str, Any] | None = None  # what the prompt states; None: not recorded

    @property
    def digest(self) -> str:
        """SHA-256 of what the model is asked (the messages and the feedback section):
        a generation asked with another prompt has another digest."""
        blob = json.dumps({"messages": list(self.messages),
                           "feedback": self.feedback_template},
                          ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def _human_size(n: int) -> str:
    for unit, size in (("GiB", 1024 ** 3), ("MiB", 1024 ** 2)):
        if n >= size:
            return f"{n / size:g} {unit}"
    return f"{n} bytes"


def prompt_variables(task: Task, instruction: str, outline_text: str,
                     limits: Limits, pictures: list[str] | None = None,
                     omitted_pictures: list[str] | None = None) -> dict[str, Any]:
    """The variables of a template's ``system`` and ``user`` sections for one task
    (``pictures``: names of the pictures sent with the message; ``omitted_pictures``: those
    the instruction refers to that the model does not see)."""
    inp = task.input.name if task.input else ""
    attachments = [a.name for a in task.attachments]
    return {"task": task.id, "app": task.app, "app_name": app_title(task.app),
            "instruction": instruction, "input": inp, "attachments": attachments,
            "files": [f for f in [inp, *attachments] if f], "output": task.output_name,
            "python": f"{sys.version_info.major}.{sys.version_info.minor}",
            "libraries": list(LIBRARIES), "timeout": f"{limits.timeout:g}",
            "memory": _human_size(limits.memory), "outline": outline_text,
            "pictures": list(pictures or []), "omitted_pictures": list(omitted_pictures or [])}


def build_prompt(task: Task, template: PromptTemplate, lang: str,
                 outline_budget: int | None = None,
                 limits: Limits | None = None, images: str = DEFAULT_MODE) -> dict[str, Any]:
    """The prompt line of one task. ``outline_budget``: add an outline of the input of at
    most that many estimated tokens (``None``: no outline). ``images``: ``inline`` sends
    the pictures the instruction refers to as image parts, ``omit`` names them as not shown
    (``officeeval.generation.pictures``). Raises ``TaskError`` (no instruction, invalid
    rubric, unreadable input, a picture refused) or ``TemplateProblem``; ``ValueError`` for
    an unknown ``images``."""
    if images not in MODES:
        raise ValueError(f"images must be one of {', '.join(MODES)}, not {images!r}")
    if task.rubric is None:
        raise TaskError(f"task {task.id!r}: its rubric is invalid")
    text, source = task_instruction(task, lang)
    shown = images == "inline"
    pictures = task_pictures(task, text, check=shown)
    outline_text = ""
    if outline_budget is not None and task.input is not None:
        from officeeval.outline import outline
        try:
            outline_text = outline(task.input, outline_budget)
        except PackageError as exc:
            raise TaskError(f"task {task.id!r}: cannot outline {task.input}: {exc}") from exc
    names = [p.name for p in pictures]
    variables = prompt_variables(task, text, outline_text, limits or Limits(),
                                 names if shown else [], [] if shown else names)
    messages: list[dict[str, Any]] = []
    if "system" in template.sections:
        messages.append({"role": "system", "content": template.render("system", variables)})
    user = template.render("user", variables)
    if pictures and not shown and "omitted_pictures" not in template.sections["user"]:
        note = OMITTED_NOTE.get(template.lang or lang, OMITTED_NOTE["en"])
        user += "\n" + note.format(names=", ".join(names)) + "\n"
    messages.append({"role": "user", "content": _user_content(user, pictures)
                     if shown and pictures else user})
    line: dict[str, Any] = {
        "id": task.id, "task": task.id, "app": task.app, "lang": lang,
        "template": template.identity, "instruction_source": source,
        "outline": outline_budget is not None,
        "files": {"input": variables["input"], "attachments": variables["attachments"],
                  "output": variables["output"]},
        "images": images, "pictures": [p.record(shown) for p in pictures],
        "limits": stated_of(limits or Limits()), "messages": messages}
    if "feedback" in template.sections:
        line["feedback_template"] = template.sections["feedback"]
    return line


def _user_content(text: str, pictures: list[Picture]) -> list[dict[str, Any]]:
    """The user message as parts: the text, then each picture after a line naming it."""
    parts: list[dict[str, Any]] = [{"type": "text", "text": text}]
    for p in pictures:
        parts.append({"type": "text", "text": f"{p.name}:"})
        parts.append(p.part())
    return parts


def write_prompts(lines: Iterable[dict[str, Any]], path: Path) -> int:
    """Write prompt lines as JSON Lines (UTF-8); returns how many. Raises OSError."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
            n += 1
    return n


def read_prompts(path: str | Path) -> tuple[list[PromptLine], list[tuple[int, str]]]:
    """Prompt lines and ``(line, problem)`` issues (not JSON, no messages, a duplicate id or
    task). Raises ``TaskError`` when the file cannot be read."""
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise TaskError(f"cannot read prompts {p}: {exc}") from exc
    good: list[PromptLine] = []
    issues: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    for n, text in enumerate(raw.splitlines(), start=1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            line = _parse(n, text)
            for key in (f"id:{line.id}", f"task:{line.task}"):
                if key in seen:
                    raise TaskError(f"{key.split(':')[0]} {key.split(':', 1)[1]!r} is already "
                                    f"on line {seen[key]} (one prompt per task in a file)")
        except TaskError as exc:
            issues.append((n, str(exc)))
            continue
        seen[f"id:{line.id}"] = seen[f"task:{line.task}"] = n
        good.append(line)
    return good, issues


def _parse(n: int, text: str) -> PromptLine:
    if len(text) > MAX_PROMPT_LINE:
        raise TaskError(f"line is longer than {MAX_PROMPT_LINE} characters")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TaskError(f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise TaskError("not a JSON object")
    task = obj.get("task")
    if not isinstance(task, str) or not task.strip():
        raise TaskError("missing or empty 'task'")
    pid = obj.get("id", task)
    if not isinstance(pid, str) or not pid.strip():
        raise TaskError("'id' must be a non-empty string")
    messages = obj.get("messages")
    if not isinstance(messages, list) or not messages:
        raise TaskError("'messages' must be a non-empty list")
    for m in messages:
        if not isinstance(m, dict) or m.get("role") not in ROLES or \
                not isinstance(m.get("content"), (str, list)):
            raise TaskError("each message needs a 'role' (system, user or assistant) and a "
                            "'content' (a string, or a user message's list of parts)")
        if isinstance(m["content"], list):
            _check_parts(m)
    if messages[-1]["role"] != "user":
        raise TaskError("the last message must be the user's")
    feedback = obj.get("feedback_template", "")
    if not isinstance(feedback, str):
        raise TaskError("'feedback_template' must be a string")
    template = obj.get("template") if isinstance(obj.get("template"), dict) else None
    try:
        limits = parse_stated(obj.get("limits"))
    except TaskError as exc:
        raise TaskError(f"'limits': {exc}") from None
    return PromptLine(n, pid.strip(), task.strip(),
                      tuple({"role": m["role"], "content": _copy(m["content"])}
                            for m in messages),
                      feedback, template, str(obj.get("lang", "")), limits)


def _check_parts(m: dict[str, Any]) -> None:
    """A list content: only a user message's, of text parts and image parts (a data URL or
    an http(s) URL). Raises ``TaskError``."""
    if m["role"] != "user":
        raise TaskError(f"a {m['role']} message's 'content' must be a string")
    if not m["content"]:
        raise TaskError("a message's list of parts is empty")
    for part in m["content"]:
        kind = part.get("type") if isinstance(part, dict) else None
        if kind == "text" and isinstance(part.get("text"), str):
            continue
        url = part.get("image_url", {}).get("url") if kind == "image_url" and \
            isinstance(part.get("image_url"), dict) else None
        if isinstance(url, str) and url.startswith(("data:image/", "https://", "http://")):
            continue
        raise TaskError("each part of a message's content must be {'type': 'text', 'text': "
                        "…} or {'type': 'image_url', 'image_url': {'url': 'data:image/…'}}")


def _copy(content: Any) -> Any:
    """A message's content as sent: text as is; parts keep only the fields checked."""
    if isinstance(content, str):
        return content
    out = []
    for part in content:
        if part["type"] == "text":
            out.append({"type": "text", "text": part["text"]})
        else:
            image = {"url": part["image_url"]["url"]}
            if isinstance(part["image_url"].get("detail"), str):
                image["detail"] = part["image_url"]["detail"]
            out.append({"type": "image_url", "image_url": image})
    return out


__all__ = ["PromptLine", "TemplateProblem", "build_prompt", "read_prompts", "write_prompts"]


def app_title(app: str) -> str:
    """How the application is called to a model (``PowerPoint``); raises ``KeyError``
    (naming the known apps) for an unknown one."""
    return apps.app(app).title
