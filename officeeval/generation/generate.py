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
journal continues where it stopped; Ctrl-C loses no reply. What is already there counts
only when it was asked with the same prompt (the digest of its messages,
``prompt_sha256`` on every line): answers to other prompts stop the run before anything is
asked (``PromptsChanged``), unless ``redo_changed`` sets their lines aside
(``OUT.replaced.jsonl``) and asks them again. Requests run ``concurrency`` at a time,
programs ``jobs`` at a time (threads driving sandboxed processes). A run ``deadline``
(wall seconds) ends the run cleanly: what is unfinished stays unasked, the journal keeps
every turn, and the same command resumes.

Programs of the feedback loop run under the limits their prompt stated to the model
(``runner.limits.enforce_stated``); each line records them as ``stated_limits`` so that
``batch`` grades under the same ones.
"""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.generation.client import (ChatClient, EndpointUnusable, Reply, RequestFailed,
                                          Tally)
from officeeval.generation.feedback import (RunReport, no_code_report, render_feedback,
                                            run_program)
from officeeval.generation.journal import (AnswerFile, Identity, TurnJournal, journal_path,
                                           move_lines)
from officeeval.generation.prompts import PromptLine
from officeeval.generation.request import same_request
from officeeval.runner.answers import extract_code
from officeeval.runner.limits import Limits, enforce_stated
from officeeval.runner.sandbox import SandboxConfig, SandboxError
from officeeval.runner.tasks import Task, TaskRegistry


@dataclass(frozen=True)
class GenerateOptions:
    """``label``: the model name written on each line (default: the requested model);
    ``jobs``: programs run at once by the feedback loop (default: CPU count);
    ``limits``: the feedback loop's program limits, of which ``given_limits`` were set on
    the command line (they must equal what the prompts stated); ``deadline``: wall
    seconds for the whole run (``None``: none); ``redo_changed``: ask again the lines
    already in the output that were asked with other prompts."""

    label: str
    samples: int = 1
    turns: int = 1
    concurrency: int = 8
    jobs: int = 0
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    given_limits: frozenset[str] = frozenset()
    deadline: float | None = None
    redo_changed: bool = False


class Progress:
    """Callbacks a progress display implements (the default shows nothing). ``tick`` is
    called about once a second while the run goes on (the ``tally`` given to ``start``
    says what the requests are doing)."""

    def start(self, total: int, done: int, tally: Tally) -> None: ...

    def request(self, reply: Reply) -> None: ...

    def finished(self, ok: bool) -> None: ...

    def tick(self) -> None: ...

    def stop(self) -> None: ...


class PromptsChanged(TaskError):
    """Lines already in the output were asked with other prompts (nothing was asked)."""


@dataclass
class GenerateResult:
    """What a run did. ``skipped``: generations already in the output for these prompts
    (kept); ``replaced``: lines of other prompts set aside to be asked again;
    ``unchecked``: lines kept that recorded no prompt digest (an older officeeval);
    ``unfinished``: generations the deadline left unasked or unfinished; ``tally``: every
    HTTP attempt (``client.Tally``)."""

    out: Path
    total: int = 0
    skipped: int = 0
    answered: int = 0
    resumed: int = 0
    failed: list[tuple[str, int, str]] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    turns_used: dict[int, int] = field(default_factory=dict)
    other_params: int = 0  # lines already in OUT asked with other request parameters
    replaced: int = 0
    replaced_to: Path | None = None
    unchecked: int = 0
    deadline: float | None = None
    unfinished: int = 0
    tally: Tally = field(default_factory=Tally)


@dataclass
class Resume:
    """What ``plan`` found: the (prompt, sample) pairs to ask, how many answers are kept,
    the lines asked with other prompts (identity, what differs), those that recorded no
    digest, and how many kept ones were asked with other request parameters."""

    todo: list[tuple[PromptLine, int]]
    kept: int = 0
    changed: list[tuple[Identity, str]] = field(default_factory=list)
    unchecked: int = 0
    other_params: int = 0


def _what_changed(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    def name(t: dict[str, Any] | None) -> str:
        return f"template {t.get('id')} v{t.get('version')}" if t else "no template"
    if (old or {}).get("sha256") != (new or {}).get("sha256"):
        return f"{name(old)} → {name(new)}"
    return f"same {name(new)}, other messages (task text, outline, pictures or limits)"


def plan(prompts: list[PromptLine], options: GenerateOptions, done: dict[Identity, dict],
         request: dict[str, Any]) -> Resume:
    """What to ask and what to keep (see ``Resume``); ``done`` is ``AnswerFile.done``,
    ``request`` the parameters a line of this run records (seeds aside)."""
    out = Resume([])
    for p in prompts:
        for k in range(1, options.samples + 1):
            ident = (p.task, options.label, k)
            had = done.get(ident)
            if had is None:
                out.todo.append((p, k))
                continue
            if had["prompt_sha256"] is not None and had["prompt_sha256"] != p.digest:
                out.changed.append((ident, _what_changed(had["template"], p.template)))
                out.todo.append((p, k))
                continue
            out.kept += 1
            out.unchecked += had["prompt_sha256"] is None
            out.other_params += bool(had["request"]) and not same_request(had["request"],
                                                                          request)
    return out


def _changed_message(out: Path, changed: list[tuple[Identity, str]]) -> str:
    (task, _, sample), why = changed[0]
    return (f"{out} already holds {len(changed)} answer(s) asked with other prompts than "
            f"these (e.g. {task} sample {sample}: {why}); nothing was asked. Write to "
            f"another -o or give another --label to keep both, or add --redo-changed to "
            f"ask them again (their old lines are moved to {replaced_path(out)})")


def replaced_path(out: Path) -> Path:
    return out.with_name(out.name + ".replaced.jsonl")


def check_limits(prompts: list[PromptLine], options: GenerateOptions) -> None:
    """Refuse a limit given on the command line that differs from what a prompt told the
    model. Raises ``LimitMismatch`` (a ``TaskError``)."""
    for p in prompts:
        enforce_stated(options.limits, options.given_limits, p.limits)


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
        r.prompt_tokens += reply.usage.get("prompt_tokens") or 0
        r.completion_tokens += reply.usage.get("completion_tokens") or 0
        self.progress.request(reply)


def _reply_record(reply: Reply) -> dict[str, Any]:
    rec = {"text": reply.text, "usage": reply.usage, "latency": reply.latency,
           "attempts": reply.attempts, "waited": reply.waited,
           "finish_reason": reply.finish_reason}
    if reply.answer_source != "content":
        rec["answer_source"] = reply.answer_source  # the text is the reasoning
    elif reply.reasoning is not None:
        rec["reasoning"] = reply.reasoning  # kept, never graded
    return rec


def _reasoning_fields(reply: dict[str, Any]) -> dict[str, Any]:
    return {k: reply[k] for k in ("reasoning", "answer_source") if k in reply}


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
        "request": run.client.request_record(sample), "usage": usage,
        "latency": round(sum(t["reply"]["latency"] for t in turns), 4),
        "attempts": sum(t["reply"]["attempts"] for t in turns),
        "finish_reason": last.get("finish_reason"), "prompt_id": p.id,
        "template": p.template, "prompt_sha256": p.digest,
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    if p.limits:
        line["stated_limits"] = dict(p.limits)
    if run.options.turns > 1:
        line["turns"] = [{"turn": n, "answer": t["reply"]["text"],
                          **_reasoning_fields(t["reply"]),
                          "usage": t["reply"]["usage"], "latency": t["reply"]["latency"],
                          "attempts": t["reply"]["attempts"],
                          "finish_reason": t["reply"].get("finish_reason"),
                          "extraction": t.get("extraction", "none"), "run": t.get("run"),
                          "feedback": t.get("feedback")}
                         for n, t in enumerate(turns, start=1)]
        line["max_turns"] = run.options.turns
    else:
        line.update(_reasoning_fields(last))
    return line


async def _program_report(run: _Run, task: Task, text: str, limits: Limits) -> RunReport:
    found = extract_code(text)
    if found.code is None:
        return no_code_report(found)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(run.pool, run_program, run.sandbox, task, found.code,
                                      limits, found.method)


async def _conversation(run: _Run, p: PromptLine, sample: int) -> None:
    ident = (p.task, run.options.label, sample)
    most = run.options.turns
    task = run.task(p.task) if most > 1 else None
    turns: list[dict[str, Any]] = []
    limits = enforce_stated(run.options.limits, run.options.given_limits, p.limits)
    if run.journal is not None:
        turns = [dict(t) for t in run.journal.history(ident, p.digest)][:most]
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
                               "prompt_sha256": p.digest, "reply": turns[-1]["reply"]})
        assert task is not None and run.journal is not None
        n = len(turns)
        report = await _program_report(run, task, turns[-1]["reply"]["text"], limits)
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
    """Ask for every (prompt, sample) not yet in ``out`` and append the answers. Raises,
    before anything is asked, ``PromptsChanged`` (answers to other prompts in ``out``),
    ``LimitMismatch`` (a limit given that differs from what a prompt stated) and
    ``TaskError`` (a task the feedback loop cannot run); then ``EndpointUnusable`` (the run
    stops; what finished is kept) and ``SandboxError`` (no sandbox);
    ``KeyboardInterrupt`` / cancellation pass through after the files are closed."""
    progress = progress or Progress()
    check_limits(prompts, options)
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
    started = time.monotonic()
    run = _Run(client, out, options, registry, progress)
    ticker: asyncio.Task | None = None
    try:
        resume = plan(prompts, options, run.answers.done, client.request_record(1))
        if resume.changed:
            if not options.redo_changed:
                raise PromptsChanged(_changed_message(out, resume.changed))
            run.answers.close()
            run.result.replaced = move_lines(out, {i for i, _ in resume.changed},
                                             replaced_path(out))
            run.result.replaced_to = replaced_path(out)
            run.answers = AnswerFile(out)
        r = run.result
        r.skipped, r.other_params, r.unchecked = resume.kept, resume.other_params, \
            resume.unchecked
        r.total = r.skipped + len(resume.todo)
        r.tally = client.tally
        progress.start(r.total, r.skipped, client.tally)
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

        async def tick() -> None:
            while True:
                await asyncio.sleep(1.0)
                progress.tick()

        ticker = asyncio.ensure_future(tick())
        jobs = [asyncio.ensure_future(one(p, k)) for p, k in resume.todo]
        left = None if options.deadline is None else \
            max(0.0, options.deadline - (time.monotonic() - started))
        try:
            if jobs:
                done, pending = await asyncio.wait(jobs, timeout=left,
                                                   return_when=asyncio.FIRST_EXCEPTION)
                for j in done:
                    if j.exception() is not None:
                        raise j.exception()
                if pending:
                    # The deadline: what is unfinished stays unasked (the journal keeps
                    # every turn so far), and the same command resumes it.
                    r.deadline, r.unfinished = options.deadline, len(pending)
                    for j in pending:
                        j.cancel()
                    await asyncio.gather(*pending, return_exceptions=True)
        except BaseException:
            for j in jobs:
                j.cancel()
            await asyncio.gather(*jobs, return_exceptions=True)
            raise
        if run.journal is not None and not r.failed and not r.unfinished:
            run.journal.remove()
    finally:
        if ticker is not None:
            ticker.cancel()
        progress.stop()
        run.close()
        await client.close()
    return run.result


__all__ = ["EndpointUnusable", "GenerateOptions", "GenerateResult", "Progress",
           "PromptsChanged", "generate"]
