"""``ncre``: an Inspect task per task set (``inspect eval officeeval/ncre --model …``).

The samples are the tasks of the rubric directories (``-T tasks=DIR``, comma-separated;
default: ``rubrics/`` as ``batch`` looks it up), one sample per task, optionally only some
(``-T ids=a,b``) or one app's (``-T app=word``). The setting (``-T setting=``) chooses the
prompt and the solver:

* ``single`` (default): the prompt of ``officeeval prompts`` (the instruction, the program
  contract, optionally the outline of the input: ``-T outline=true``), one reply;
* ``turns``: the same prompt, up to ``-T turns=N`` replies with execution feedback;
* ``agent``: the agent's prompt and tools in the ``officeeval`` sandbox, up to
  ``-T max_steps=N`` replies (``-T render=true`` offers ``render``; with
  ``-T images=inline`` by default).

``-T lang=zh|en`` picks the instruction's language, ``-T images=inline|omit`` whether the
example pictures are shown; ``-T timeout``, ``-T memory``, ``-T disk``, ``-T isolation``
set the sandbox; ``-T keep=DIR`` keeps every graded document there. The scorer is the
engine (``scorer``).
"""

from __future__ import annotations

from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser
from inspect_ai.tool import ContentImage, ContentText
from inspect_ai.util import SandboxEnvironmentSpec

from officeeval.errors import TaskError
from officeeval.inspect.sandbox import TASK_KEY, OfficeSandboxConfig
from officeeval.inspect.scorer import officeeval_scorer
from officeeval.inspect.solvers import feedback_turns, office_agent, single_turn
from officeeval.runner.tasks import Task as OfficeTask
from officeeval.runner.tasks import TaskRegistry, default_locations

SETTINGS = ("single", "turns", "agent")


def _messages(raw: list[dict[str, Any]]) -> list[ChatMessage]:
    """Chat-completions messages (text, or text and image parts) as Inspect's."""
    out: list[ChatMessage] = []
    for m in raw:
        content = m["content"]
        if isinstance(content, list):
            content = [ContentText(text=p["text"]) if p["type"] == "text"
                       else ContentImage(image=p["image_url"]["url"]) for p in content]
        out.append(ChatMessageSystem(content=content) if m["role"] == "system"
                   else ChatMessageUser(content=content))
    return out


def sample_for(task: OfficeTask, setting: str, lang: str, images: str, outline: bool,
               limits: Any, max_steps: int, render: bool) -> Sample:
    """The sample of one task in one setting. Raises ``TaskError`` (no instruction, a
    picture refused) or ``TemplateProblem``."""
    meta: dict[str, Any] = {TASK_KEY: task.id, "app": task.app, "level": task.level,
                            "output": task.output_name, "setting": setting, "lang": lang}
    if setting == "agent":
        from officeeval.agent.prompt import Budgets, first_messages
        raw = first_messages(task, lang, images, limits, Budgets(steps=max_steps,
                                                                 seconds=None), render)
    else:
        from officeeval.generation.prompts import build_prompt
        from officeeval.generation.template import load_template
        line = build_prompt(task, load_template(None, lang), lang,
                            1500 if outline else None, limits, images)
        raw = line["messages"]
        meta["feedback_template"] = line.get("feedback_template", "")
    return Sample(id=task.id, input=_messages(raw), target="", metadata=meta)


@task
def ncre(tasks: str | None = None, setting: str = "single", turns: int = 3,
         max_steps: int = 30, lang: str = "zh", images: str = "omit",
         outline: bool = False, render: bool | None = None, app: str | None = None,
         ids: str | None = None, timeout: float = 60.0, memory: str = "2G",
         disk: str = "256M", isolation: str = "auto", keep: str | None = None) -> Task:
    """The NCRE-style Office tasks of a task set as an Inspect task (see the module)."""
    if setting not in SETTINGS:
        raise ValueError(f"setting must be one of {', '.join(SETTINGS)}, not {setting!r}")
    locations = [t for t in (tasks or "").split(",") if t] or \
        [str(p) for p in default_locations()]
    registry = TaskRegistry.scan(locations)
    wanted = [t for t in (ids or "").split(",") if t] or sorted(registry.tasks)
    config = OfficeSandboxConfig(tasks=tuple(locations), isolation=isolation,
                                 timeout=timeout, memory=memory, disk=disk)
    shown = images == "inline" if render is None else render
    samples = []
    for tid in wanted:
        t = registry.require(tid)
        if t.error is not None:
            raise TaskError(f"task {tid!r}: its rubric {t.path} is invalid")
        if app and t.app != app:
            continue
        samples.append(sample_for(t, setting, lang, images, outline, config.limits(),
                                  max_steps, shown))
    if setting == "agent":
        solver = office_agent(max_steps=max_steps, render=shown, lang=lang)
    elif setting == "turns":
        solver = feedback_turns(turns=turns, registry=registry, config=config)
    else:
        solver = single_turn()
    return Task(dataset=MemoryDataset(samples, name=f"officeeval-{setting}"),
                solver=solver,
                scorer=officeeval_scorer(registry=registry, config=config, keep=keep),
                sandbox=SandboxEnvironmentSpec("officeeval", config)
                if setting == "agent" else None,
                metadata={"officeeval_setting": setting, "lang": lang, "images": images,
                          "turns": turns if setting == "turns" else None,
                          "max_steps": max_steps if setting == "agent" else None})
