"""An agent run: every task x sample not yet in the output manifest, ``concurrency``
conversations at a time (tool calls ``jobs`` at a time in threads driving the sandbox),
each ending as one manifest line that ``batch`` grades like any ready-made document:

```json
{"task": "word-l1-notice", "model": "NAME+agent", "sample": 1,
 "output": "agent.jsonl.agent/word-l1-notice/NAME_agent-1a2b3c4d/s1/output.docx",
 "agent": {"run": "…", "model": "NAME", "ended": "submitted", "submitted": true,
           "steps": 7, "tool_calls": {"python": 4, "outline": 1, "render": 1, "submit": 1},
           "budgets": {"steps": 30, "tokens": null, "seconds": 1800},
           "prompt_tokens": 21000, "completion_tokens": 2400, "seconds": 61.2},
 "steps": [{"step": 1, "text": "…", "calls": […], "results": […], "usage": …}, …],
 "usage": {…}, "latency": 40.1, "attempts": 7, "request": {…},
 "prompt_id": "word-l1-notice", "template": {"id": "officeeval-agent-en", …},
 "generated_at": "…"}
```

The handed-in document is copied out of the working folder by ``submit`` (beside the
manifest, under ``OUT.agent/``); a conversation that never submitted names the file it
would have handed in, which does not exist, so ``batch`` grades it ``no_output``. Rendered
pages stay under ``OUT.agent/…/renders/`` (the trajectory names them); the working folder
itself is removed once its conversation is written, unless ``keep_work``.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from officeeval.agent.chat import ToolReply
from officeeval.agent.journal import AgentLines, StepJournal, journal_path
from officeeval.agent.loop import (Conversation, Environment, converse, new_run_id,
                                   restore)
from officeeval.agent.prompt import Budgets, first_messages, identity
from officeeval.agent.tools import ToolResult, Toolbox, tool_schemas
from officeeval.agent.workspace import Workspace, WorkspaceError
from officeeval.errors import TaskError
from officeeval.generation.client import ChatClient, RequestFailed
from officeeval.generation.journal import Identity
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox, SandboxConfig, SandboxError
from officeeval.runner.tasks import Task


@dataclass(frozen=True)
class AgentOptions:
    """``label``: the model name on each line (default ``MODEL+agent``, so that the same
    model's single-turn lines can be graded into the same store); ``render``: offer the
    ``render`` tool (a vision model; ``None``: with ``images == "inline"``)."""

    label: str
    samples: int = 1
    concurrency: int = 4
    jobs: int = 0
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    budgets: Budgets = field(default_factory=Budgets)
    lang: str = "zh"
    images: str = "omit"
    render: bool | None = None
    outline_tokens: int = 3000
    keep_work: bool = False

    @property
    def renders(self) -> bool:
        return self.images == "inline" if self.render is None else self.render


class Progress:
    """Callbacks a progress display implements (the default shows nothing)."""

    def start(self, total: int, done: int) -> None: ...

    def request(self, reply: ToolReply) -> None: ...

    def finished(self, ok: bool, ended: str | None) -> None: ...

    def stop(self) -> None: ...


@dataclass
class AgentResult:
    out: Path
    total: int = 0
    skipped: int = 0
    finished: int = 0
    resumed: int = 0
    submitted: int = 0
    ended: dict[str, int] = field(default_factory=dict)
    failed: list[tuple[str, int, str]] = field(default_factory=list)
    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    warning: str = ""


def _safe(text: str) -> str:
    """A folder name for ``text``: itself when it is a plain token, else a safe form of it
    plus a short hash (two names never share a folder)."""
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", text)[:60].lstrip(".") or "_"
    if safe != text:
        safe += "-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return safe


def conversation_dir(out: Path, ident: Identity) -> Path:
    """Where one conversation keeps its working folder, rendered pages and hand-in."""
    task, label, sample = ident
    return out.with_name(out.name + ".agent") / _safe(task) / _safe(label) / f"s{sample}"


class _Run:
    def __init__(self, client: ChatClient, out: Path, options: AgentOptions,
                 progress: Progress) -> None:
        self.client, self.out, self.options, self.progress = client, out, options, progress
        self.result = AgentResult(out)
        self.sandbox = agent_sandbox(options.sandbox)  # first: it may refuse to start
        self.result.warning = self.sandbox.warning
        self.pool = ThreadPoolExecutor(max_workers=options.jobs or os.cpu_count() or 1,
                                       thread_name_prefix="officeeval-agent")
        self.backends = None
        if options.renders:
            from officeeval import recalc
            self.backends = recalc.backends()
        self.answers = AgentLines(out)
        self.journal = StepJournal(journal_path(out))

    def close(self) -> None:
        self.answers.close()
        # Running programs end by their own time limit; queued calls never start.
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.journal.close()
        if self.backends is not None:
            self.backends.close()

    async def run_tool(self, fn: Any, *args: Any) -> ToolResult:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, fn, *args)

    def on_reply(self, reply: ToolReply) -> None:
        self.result.requests += 1
        self.result.prompt_tokens += reply.usage.get("prompt_tokens") or 0
        self.result.completion_tokens += reply.usage.get("completion_tokens") or 0
        self.progress.request(reply)

    def environment(self, task: Task) -> Environment:
        return Environment(self.client, tool_schemas(task.output_name, self.options.renders),
                           self.journal, self.options.budgets, self.run_tool,
                           self.options.lang, self.on_reply)


def agent_sandbox(config: SandboxConfig) -> Sandbox:
    """The sandbox of an agent's programs: bubblewrap, unless rlimits-only was asked for
    by name (``auto`` does not fall back: without bubblewrap a program could read the
    rubric beside the task's input and tell the model). Raises ``SandboxError`` saying
    so."""
    if config.isolation != "auto":
        return Sandbox(config)
    try:
        return Sandbox(replace(config, isolation="bwrap"))
    except SandboxError as exc:
        raise SandboxError(f"{exc}. An agent's programs run under bubblewrap so that they "
                           f"cannot read the rubric or the reference: install bubblewrap, "
                           f"or pass --isolation rlimits to run them without it (they "
                           f"can then read any file of yours)") from exc


def _toolbox(run: _Run, task: Task, home: Path, workspace: Workspace) -> Toolbox:
    return Toolbox(workspace, run.sandbox, task.output_name, run.options.limits,
                   home / "renders", home / task.output_name, run.backends,
                   run.options.outline_tokens)


def _start(run: _Run, task: Task, ident: Identity, home: Path) -> Conversation:
    """A conversation from its journal when it has one and its folder is still there,
    else a new one (a new working folder, announced in the journal)."""
    opts = run.options
    messages = first_messages(task, opts.lang, opts.images, opts.limits, opts.budgets,
                              opts.renders)
    env = run.environment(task)
    known = run.journal.conversation(ident)
    if known is not None:
        history = known.history()
        states = [r.get("state", 0) for step in history for r in step["results"].values()]
        try:
            ws = Workspace.resume(home / "work", max(states, default=0))
        except WorkspaceError:
            ws = None
        if ws is not None:
            conv = Conversation(ident, known.run or new_run_id(), messages, ws,
                                _toolbox(run, task, home, ws), resumed=True)
            conv.pending = restore(env, conv, history)
            return conv
    from officeeval.runner import folders
    folders.remove(str(home))  # a stale hand-in must not be graded for a new run
    ws = Workspace.create(home / "work", [(p.name, p) for p in task.sandbox_files()])
    conv = Conversation(ident, new_run_id(), messages, ws, _toolbox(run, task, home, ws))
    run.journal.event(ident, "start", run=conv.run)
    return conv


async def _conversation(run: _Run, task: Task, sample: int) -> None:
    ident = (task.id, run.options.label, sample)
    home = conversation_dir(run.out, ident)
    conv = _start(run, task, ident, home)
    run.result.resumed += conv.resumed
    ended = await converse(run.environment(task), conv, sample)
    run.answers.write(_line(run, task, sample, conv, ended, home))
    run.result.finished += 1
    run.result.submitted += conv.submitted
    run.result.ended[ended] = run.result.ended.get(ended, 0) + 1
    if not run.options.keep_work:
        conv.workspace.remove()
    run.progress.finished(True, ended)


def _line(run: _Run, task: Task, sample: int, conv: Conversation, ended: str,
          home: Path) -> dict[str, Any]:
    spent = conv.spent
    calls: dict[str, int] = {}
    for step in conv.steps:
        for c in step["calls"]:
            calls[c["name"]] = calls.get(c["name"], 0) + 1
    handin = home / task.output_name
    return {
        "task": task.id, "model": run.options.label, "sample": sample,
        "output": os.path.relpath(handin.resolve(), run.out.resolve().parent),
        "agent": {"run": conv.run, "model": run.client.params.model, "ended": ended,
                  "submitted": conv.submitted, "steps": spent.steps, "tool_calls": calls,
                  "budgets": run.options.budgets.to_dict(),
                  "prompt_tokens": spent.prompt_tokens,
                  "completion_tokens": spent.completion_tokens,
                  "seconds": round(spent.seconds, 3), "renders": run.options.renders,
                  "images": run.options.images, "lang": run.options.lang},
        "steps": conv.steps,
        "usage": {"prompt_tokens": spent.prompt_tokens,
                  "completion_tokens": spent.completion_tokens},
        "latency": round(spent.latency, 4), "attempts": spent.attempts,
        "request": run.client.params.for_sample(sample), "prompt_id": task.id,
        "template": identity(run.options.lang if run.options.lang in ("zh", "en")
                             else "en"),
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}


async def run_agent(tasks: list[Task], client: ChatClient, out: Path,
                    options: AgentOptions, progress: Progress | None = None) -> AgentResult:
    """Run every (task, sample) not yet in ``out``. Raises ``EndpointUnusable`` (the run
    stops; what finished is kept), ``SandboxError`` (no sandbox), ``TaskError`` (a task
    without input, an invalid rubric); ``KeyboardInterrupt`` / cancellation pass through
    after the files are closed (the journal keeps every step)."""
    progress = progress or Progress()
    for task in tasks:
        if task.error is not None or task.rubric is None:
            raise TaskError(f"task {task.id!r}: its rubric is invalid")
        missing = [f"{role} {p}" for role, p, ok in task.files()
                   if not ok and role != "reference"]
        if missing:
            raise TaskError(f"task {task.id!r}: missing {', '.join(missing)}")
    run = _Run(client, out, options, progress)
    try:
        todo = [(t, k) for t in tasks for k in range(1, options.samples + 1)
                if (t.id, options.label, k) not in run.answers.done]
        run.result.skipped = len(tasks) * options.samples - len(todo)
        run.result.total = len(tasks) * options.samples
        progress.start(run.result.total, run.result.skipped)
        slots = asyncio.Semaphore(max(1, options.concurrency))

        async def one(task: Task, k: int) -> None:
            async with slots:
                try:
                    await _conversation(run, task, k)
                except (RequestFailed, SandboxError, WorkspaceError) as exc:
                    run.result.failed.append((task.id, k, str(exc)))
                    progress.finished(False, None)

        jobs = [asyncio.ensure_future(one(t, k)) for t, k in todo]
        try:
            await asyncio.gather(*jobs)
        except BaseException:
            for j in jobs:
                j.cancel()
            await asyncio.gather(*jobs, return_exceptions=True)
            raise
        if not run.result.failed:
            run.journal.remove()
    finally:
        progress.stop()
        run.close()
        await client.close()
    return run.result
