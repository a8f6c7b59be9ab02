"""The first messages of an agent conversation: the task's instruction (the same text a
single-turn prompt carries: ``generation.instructions``), the files of the working folder,
the tools, the limits and the budgets, and the example pictures the instruction refers to
(inline for a vision model, or named as not shown: ``generation.pictures``).

Only the candidate's side of a task goes in, as for ``officeeval prompts``: never the
rubric's checks, the reference output or a score. The text is versioned (``identity``):
raise ``VERSION`` whenever it changes.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass
from typing import Any

from officeeval.generation.instructions import task_instruction
from officeeval.generation.pictures import task_pictures
from officeeval.generation.prompts import LIBRARIES, OMITTED_NOTE
from officeeval.runner.limits import Limits
from officeeval.runner.tasks import Task

VERSION = "1"

SYSTEM = {
    "zh": "你是一名熟练的办公软件操作员和 Python 程序员，通过调用工具完成 Office 文档"
          "（Word、Excel、PowerPoint）的操作题：运行 Python 程序，查看文档，确认结果无误后"
          "提交。",
    "en": "You are an experienced office worker and Python programmer who solves Office "
          "document tasks (Word, Excel, PowerPoint) by calling tools: you run Python "
          "programs, look at the documents, and submit once the result is right.",
}

USER = {
    "zh": """{instruction}

## 工作方式
- 你有一个工作目录，其中现在有这些文件：{files}。你在这个目录里完成题目，把结果保存为 `{output}`，然后调用 `submit` 提交。
- 工具：{tools}。
- 程序可用：Python {python} 标准库以及 {libraries}。不能联网，不能安装软件包，不能调用 Office 或 LibreOffice。每次运行限时 {timeout} 秒，内存 {memory}。
- 预算：最多 {steps} 步（每次回复算一步）{budget}。预算用完时如果还没有提交，就没有交卷。""",
    "en": """{instruction}

## How you work
- You have a working folder that now holds these files: {files}. Do the task there, save the result as `{output}`, then call `submit`.
- Tools: {tools}.
- Programs may use the Python {python} standard library and {libraries}. No network, no installing packages, no Office or LibreOffice. Each run: {timeout} seconds, {memory} of memory.
- Budget: at most {steps} steps (each reply is a step){budget}. If the budget runs out before you submit, nothing is handed in.""",
}

TOOLS = {
    "zh": ("`python`（运行一个 Python 程序，当前目录就是工作目录；写入的文件在各次调用之间保留，"
           "变量不保留）", "`outline`（查看 .docx/.xlsx/.pptx 文件的大纲）",
           "`render`（查看文件排版后的某一页或某张幻灯片的图片）",
           "`submit`（提交 `{output}`，提交后任务结束）"),
    "en": ("`python` (runs a Python program with the working folder as its current "
           "directory; files it writes persist between calls, variables do not)",
           "`outline` (an outline of a .docx/.xlsx/.pptx file)",
           "`render` (an image of one laid-out page or slide of a file)",
           "`submit` (hands in `{output}` and ends the task)"),
}
BUDGET = {"zh": ("，共 {tokens} 个 token", "，总时长 {seconds} 秒"),
          "en": (", {tokens} tokens in all", ", {seconds} seconds in all")}
PICTURES_SHOWN = {"zh": "题目提到的示例图 {names} 附在本消息之后（每张图前注明了文件名）。",
                  "en": "The example pictures the task refers to, {names}, follow this "
                        "message (each after a line with its file name)."}
NUDGE = {"zh": "请调用一个工具继续（python、outline、render），完成后调用 submit 提交。",
         "en": "Call a tool to go on (python, outline, render), and submit when done."}


@dataclass(frozen=True)
class Budgets:
    """What one conversation may use: model replies (steps), tokens (prompt and
    completion, as the server reports them, summed over the conversation; ``None``: no
    limit) and wall-clock seconds (requests and tools; ``None``: no limit)."""

    steps: int = 30
    tokens: int | None = None
    seconds: float | None = 1800.0

    def to_dict(self) -> dict[str, Any]:
        return {"steps": self.steps, "tokens": self.tokens, "seconds": self.seconds}


def identity(lang: str) -> dict[str, str]:
    """The prompt's identity as a manifest line records it."""
    text = SYSTEM[lang] + USER[lang] + "".join(TOOLS[lang]) + "".join(BUDGET[lang]) + \
        PICTURES_SHOWN[lang] + NUDGE[lang]
    return {"id": f"officeeval-agent-{lang}", "version": VERSION,
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def _human_size(n: int) -> str:
    return f"{n / 1024 ** 3:g} GiB" if n >= 1024 ** 3 else f"{n / 1024 ** 2:g} MiB"


def first_messages(task: Task, lang: str, images: str, limits: Limits,
                   budgets: Budgets, render: bool = False) -> list[dict[str, Any]]:
    """The system and user messages that open the conversation (``render``: the tool is
    offered). Raises ``TaskError`` (no instruction, a picture refused with
    ``images="inline"``)."""
    if lang not in USER:
        lang = "en"
    text, _ = task_instruction(task, lang)
    shown = images == "inline"
    pictures = task_pictures(task, text, check=shown)
    sep = "、" if lang == "zh" else ", "
    files = [f"`{p.name}`" for p in task.sandbox_files()]
    budget = ""
    if budgets.tokens is not None:
        budget += BUDGET[lang][0].format(tokens=budgets.tokens)
    if budgets.seconds is not None:
        budget += BUDGET[lang][1].format(seconds=f"{budgets.seconds:g}")
    tools = [t.format(output=task.output_name) for t in TOOLS[lang]
             if render or not t.startswith("`render`")]
    user = USER[lang].format(
        tools=("；" if lang == "zh" else "; ").join(tools), instruction=text, files=sep.join(files) or "-", output=task.output_name,
        python=f"{sys.version_info.major}.{sys.version_info.minor}",
        libraries=sep.join(LIBRARIES), timeout=f"{limits.timeout:g}",
        memory=_human_size(limits.memory), steps=budgets.steps, budget=budget)
    names = sep.join(p.name for p in pictures)
    if pictures and not shown:
        user += "\n" + OMITTED_NOTE[lang].format(names=names) + "\n"
    content: Any = user
    if pictures and shown:
        content = [{"type": "text", "text": user + "\n" + PICTURES_SHOWN[lang].format(
            names=names)}]
        for p in pictures:
            content += [{"type": "text", "text": f"{p.name}:"}, p.part()]
    return [{"role": "system", "content": SYSTEM[lang]},
            {"role": "user", "content": content}]

