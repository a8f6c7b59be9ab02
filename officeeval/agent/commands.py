"""What the ``agent`` command (and ``generate --agent``) does between parsing its options
and printing: choose the tasks (named, every task, or those of a prompts file), set up
the client and run the conversations."""

from __future__ import annotations

import asyncio
import difflib
import json
from pathlib import Path

from officeeval.agent.run import AgentOptions, AgentResult, Progress, run_agent
from officeeval.errors import TaskError
from officeeval.generation.client import ChatClient, RequestParams, RetryPolicy
from officeeval.generation.pictures import MODES
from officeeval.runner.tasks import Task, TaskRegistry


def choose_tasks(task_ids: list[str], registry: TaskRegistry) -> list[Task]:
    """The tasks named (every task of the registry when none is). Raises ``TaskError`` for
    an unknown id (with the closest known one) or an invalid rubric."""
    out = []
    for tid in task_ids or sorted(registry.tasks):
        task = registry.get(tid)
        if task is None:
            hint = difflib.get_close_matches(tid, list(registry.tasks), n=1)
            raise TaskError(f"unknown task {tid!r}" + (f"; did you mean {hint[0]!r}?"
                                                       if hint else ""))
        if task.error is not None:
            raise TaskError(f"task {tid!r}: its rubric {task.path} is invalid")
        out.append(task)
    if not out:
        raise TaskError("no tasks found (give --tasks DIR)")
    return out


def from_prompts(path: Path) -> tuple[list[str], str, str]:
    """``(task ids, lang, images)`` of a prompts file (``generate --agent``): the agent
    gets the same tasks, instruction language and picture setting as the single-turn
    prompts. Raises ``TaskError``."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise TaskError(f"cannot read prompts {path}: {exc}") from exc
    tasks, langs, images = [], set(), set()
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            raise TaskError(f"{path} line {n}: not JSON") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("task"), str):
            raise TaskError(f"{path} line {n}: no 'task'")
        tasks.append(obj["task"])
        langs.add(obj.get("lang") or "zh")
        images.add(obj.get("images") or "omit")
    if not tasks:
        raise TaskError(f"{path} holds no prompt")
    if len(langs) > 1 or len(images) > 1:
        raise TaskError(f"{path} mixes languages or picture settings; the agent takes one")
    return tasks, langs.pop(), images.pop()


def run(tasks: list[Task], out: Path, *, base_url: str, key: str, params: RequestParams,
        policy: RetryPolicy, options: AgentOptions, progress: Progress) -> AgentResult:
    """Run the agent over ``tasks``. Raises ``TaskError``, ``EndpointUnusable``,
    ``SandboxError`` and ``KeyboardInterrupt``."""
    try:
        import openai  # noqa: F401 - the optional dependency, checked before any work
    except ImportError:
        raise TaskError("agent needs the openai client: pip install "
                        "'officeeval[generate]'") from None
    if options.images not in MODES:
        raise TaskError(f"--images must be {' or '.join(MODES)}, not {options.images!r}")
    if options.lang not in ("zh", "en"):
        raise TaskError(f"--lang must be zh or en, not {options.lang!r}")
    client = ChatClient(base_url, key, params, policy)
    return asyncio.run(run_agent(tasks, client, out, options, progress))
