"""Ask a model for every prompt × sample and write the answers as a batch manifest.

Single turn (``turns == 1``): one request per generation; its line is written the moment
the reply arrives. With the execution-feedback loop (``turns > 1``): after each reply its
program runs in the batch's sandbox on a fresh copy of the input (``feedback.run_program``)
and, unless it ran cleanly and wrote an output that opens, the model is shown what a
developer would see (the template's ``feedback`` section) and answers again, up to
``turns`` replies. Every turn is journaled as it happens (``journal``) and stored on the
line (``turns``: reply, extraction, run record, the feedback sent); the line's ``answer``
is the last reply that held a program (the last reply when none did), which ``batch``
grades.

Resumable: a generation already in the output is not asked again, a conversation in the
journal continues where it stopped; Ctrl-C loses no reply. Requests run ``concurrency`` at
a time, programs ``jobs`` at a time (threads driving sandboxed processes).
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.generation.client import ChatClient, EndpointUnusable, Reply, RequestFailed
from officeeval.generation.feedback import (RunReport, no_code_report, render_feedback,
                                            run_program)
from officeeval.generation.journal import AnswerFile, Identity, TurnJournal, journal_path
from officeeval.generation.prompts import PromptLine
from officeeval.runner.answers import extract_code
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import SandboxConfig, SandboxError
from officeeval.runner.tasks import Task, TaskRegistry


@dataclass(frozen=True)
class GenerateOptions:
    """``label``: the model name written on each line (default: the requested model);
    ``jobs``: programs run at once by the feedback loop (default: CPU count)."""

    label: str
    samples: int = 1
    turns: int = 1
    concurrency: int = 8
    jobs: int = 0
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)


class Progress:
    """Callbacks a progress display implements (the default shows nothing)."""

    def start(self, total: int, done: int) -> None: ...

    def request(self, reply: Reply) -> None: ...

    def finished(self, ok: bool) -> None: ...

    def stop(self) -> None: ...


@dataclass
class GenerateResult:
    out: Path
    total: int = 0
    skipped: int = 0
    answered: int = 0
    resumed: int = 0
    failed: list[tuple[str, int, str]] = field(default_factory=list)
    requests: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    turns_used: dict[int, int] = field(default_factory=dict)
    other_params: int = 0  # lines already in OUT asked with other request parameters


def plan(prompts: list[PromptLine], options: GenerateOptions, done: dict[Identity, dict],
         request: dict[str, Any]) -> tuple[list[tuple[PromptLine, int]], int, int]:
    """The (prompt, sample) pairs still to ask, how many are already answered, and how many
    of those were asked with other request parameters."""
    todo, skipped, other = [], 0, 0
    for p in prompts:
        for k in range(1, options.samples + 1):
            ident = (p.task, options.label, k)
            if ident in done:
                skipped += 1
                rec = dict(done[ident])
                rec.pop("seed", None)
                other += bool(rec) and rec != {a: b for a, b in request.items()
                                               if a != "seed"}
                continue
            todo.append((p, k))
    return todo, skipped, other


class _Run:
    """One ``generate`` run's shared state (all used from the event loop's thread, except
    the sandbox that the thread pool drives)."""

    def __init__(self, client: ChatClient, out: Path, options: GenerateOptions,
                 registry: TaskRegistry | None, progress: Progress) -> None:
        self.client, self.options, self.progress = client, options, progress
        self.registry = registry
        self.result = GenerateResult(out)
        self.sandbox = None
        self.pool: ThreadPoolExecutor | None = None
        if options.turns > 1:
            from officeeval.runner.sandbox import Sandbox
            self.sandbox = Sandbox(options.sandbox)  # first: it may refuse to start
            self.pool = ThreadPoolExecutor(max_workers=options.jobs or os.cpu_count() or 1,
                                           thread_name_prefix="officeeval-feedback")
        self.answers = AnswerFile(out)
        self.journal = TurnJournal(journal_path(out)) if options.turns > 1 else None

    def task(self, task_id: str) -> Task:
        assert self.registry is not None
        return self.registry.require(task_id)

    def close(self) -> None:
        self.answers.close()
        if self.pool is not None:
            # Running programs end by their own time limit; queued ones never start.
            self.pool.shutdown(wait=False, cancel_futures=True)
        if self.journal is not None:
            self.journal.close()

    def count(self, reply: Reply) -> None:
        r = self.result
        r.requests += 1
        r.retries += reply.attempts - 1
        r.prompt_tokens += reply.usage.get("prompt_tokens") or 0
        r.completion_tokens += reply.usage.get("completion_tokens") or 0
        self.progress.request(reply)


def _reply_record(reply: Reply) -> dict[str, Any]:
    return {"text": reply.text, "usage": reply.usage, "latency": reply.latency,
            "attempts": reply.attempts, "waited": reply.waited,
            "finish_reason": reply.finish_reason}


def _line(p: PromptLine, sample: int, run: _Run, turns: list[dict[str, Any]]
          ) -> dict[str, Any]:
    """The manifest line of a finished generation."""
    usage = {k: sum((t["reply"]["usage"].get(k) or 0) for t in turns)
             for k in ("prompt_tokens", "completion_tokens")}
    last = turns[-1]["reply"]
    with_code = [t for t in turns if t.get("extraction", "none") != "none"]
    graded = (with_code[-1] if with_code else turns[-1])["reply"]["text"] \
        if len(turns) > 1 else last["text"]
    line: dict[str, Any] = {
        "task": p.task, "model": run.options.label, "sample": sample, "answer": graded,
        "request": run.client.params.for_sample(sample), "usage": usage,
        "latency": round(sum(t["reply"]["latency"] for t in turns), 4),
        "attempts": sum(t["reply"]["attempts"] for t in turns),
        "finish_reason": last.get("finish_reason"), "prompt_id": p.id,
        "template": p.template,
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    if run.options.turns > 1:
        line["turns"] = [{"turn": n, "answer": t["reply"]["text"],
                          "usage": t["reply"]["usage"], "latency": t["reply"]["latency"],
                          "attempts": t["reply"]["attempts"],
                          "finish_reason": t["reply"].get("finish_reason"),
                          "extraction": t.get("extraction", "none"), "run": t.get("run"),
                          "feedback": t.get("feedback")}
                         for n, t in enumerate(turns, start=1)]
        line["max_turns"] = run.options.turns
    return line


async def _program_report(run: _Run, task: Task, text: str) -> RunReport:
    found = extract_code(text)
    if found.code is None:
        return no_code_report(found)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(run.pool, run_program, run.sandbox, task, found.code,
                                      run.options.limits, found.method)


async def _conversation(run: _Run, p: PromptLine, sample: int) -> None:
    ident = (p.task, run.options.label, sample)
    most = run.options.turns
    task = run.task(p.task) if most > 1 else None
    turns: list[dict[str, Any]] = []
    if run.journal is not None:
        turns = [dict(t) for t in run.journal.history(ident)][:most]
        run.result.resumed += bool(turns)
    messages = list(p.messages)
    for t in turns:
        if t.get("feedback") is not None:
            messages += [{"role": "assistant", "content": t["reply"]["text"]},
                         {"role": "user", "content": t["feedback"]}]

    def finished() -> bool:
        last = turns[-1] if turns else {}
        return "run" in last and (last.get("feedback") is None or len(turns) >= most)

    while not finished():
        if not turns or "run" in turns[-1]:
            reply = await run.client.complete(messages, sample)
            run.count(reply)
            turns.append({"reply": _reply_record(reply)})
            if run.journal is None:
                break  # single turn: nothing is run
            run.journal.write({"event": "reply", "task": p.task, "model": run.options.label,
                               "sample": sample, "turn": len(turns),
                               "reply": turns[-1]["reply"]})
        assert task is not None and run.journal is not None
        n = len(turns)
        report = await _program_report(run, task, turns[-1]["reply"]["text"])
        feedback = None
        if not report.ok and n < most:
            feedback = render_feedback(p.feedback_template, report, n, most, task)
        turns[-1].update(run=report.to_dict(), feedback=feedback,
                         extraction=report.extraction)
        run.journal.write({"event": "run", "task": p.task, "model": run.options.label,
                           "sample": sample, "turn": n, "run": report.to_dict(),
                           "feedback": feedback})
        if feedback is not None:
            messages += [{"role": "assistant", "content": turns[-1]["reply"]["text"]},
                         {"role": "user", "content": feedback}]
    for t in turns:
        t.setdefault("extraction", (t.get("run") or {}).get("extraction", "none"))
    run.answers.write(_line(p, sample, run, turns))
    run.result.answered += 1
    run.result.turns_used[len(turns)] = run.result.turns_used.get(len(turns), 0) + 1


async def generate(prompts: list[PromptLine], client: ChatClient, out: Path,
                   options: GenerateOptions, registry: TaskRegistry | None = None,
                   progress: Progress | None = None) -> GenerateResult:
    """Ask for every (prompt, sample) not yet in ``out`` and append the answers. Raises
    ``EndpointUnusable`` (the run stops; what finished is kept), ``TaskError`` (a task the
    feedback loop cannot run) and ``SandboxError`` (no sandbox); ``KeyboardInterrupt`` /
    cancellation pass through after the files are closed."""
    progress = progress or Progress()
    if options.turns > 1:
        if registry is None:
            raise TaskError("the feedback loop needs the tasks (rubric directories)")
        for p in prompts:
            task = registry.require(p.task)
            if task.error is not None:
                raise TaskError(f"task {p.task!r}: its rubric is invalid")
            if not p.feedback_template:
                raise TaskError(f"prompt {p.id!r} (line {p.line}) has no feedback template: "
                                f"make the prompts with a template that has a "
                                f"'=== feedback ===' section")
    run = _Run(client, out, options, registry, progress)
    try:
        todo, run.result.skipped, run.result.other_params = plan(
            prompts, options, run.answers.done, client.params.for_sample(1))
        run.result.total = run.result.skipped + len(todo)
        progress.start(run.result.total, run.result.skipped)
        slots = asyncio.Semaphore(max(1, options.concurrency))

        async def one(p: PromptLine, k: int) -> None:
            async with slots:
                try:
                    await _conversation(run, p, k)
                except (RequestFailed, SandboxError) as exc:
                    run.result.failed.append((p.id, k, str(exc)))
                    progress.finished(False)
                    return
            progress.finished(True)

        jobs = [asyncio.ensure_future(one(p, k)) for p, k in todo]
        try:
            await asyncio.gather(*jobs)
        except BaseException:
            for j in jobs:
                j.cancel()
            await asyncio.gather(*jobs, return_exceptions=True)
            raise
        if run.journal is not None and not run.result.failed:
            run.journal.remove()
    finally:
        progress.stop()
        run.close()
        await client.close()
    return run.result


__all__ = ["EndpointUnusable", "GenerateOptions", "GenerateResult", "Progress", "generate"]
