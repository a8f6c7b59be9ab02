"""Display of ``generate``: a live progress bar on a terminal (generations done, failed,
requests, retries, tokens in/out, ETA); plain lines otherwise (a log, nohup, CI, slurm,
``| tee``) in the style of ``batch``'s — one when asking starts, then one whenever another
tenth is done or ``every`` seconds have passed, and a line saying what the requests in
flight are waiting for when nothing has finished for ``quiet`` seconds (a hung endpoint is
seen in the log within a minute); and the end-of-run summary."""

from __future__ import annotations

import time
from typing import Callable

from rich.console import Console
from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn,
                           TextColumn, TimeRemainingColumn)

from officeeval.generation.client import Reply, Tally
from officeeval.generation.generate import GenerateResult
from officeeval.generation.generate import Progress as ProgressCallbacks
from officeeval.runner.console import duration


def _errors(tally: Tally, most: int = 4) -> str:
    """``HTTP 500 ×36, timeout ×2`` (the commonest kinds of failed attempts)."""
    shown = ", ".join(f"{k} ×{n}" for k, n in tally.errors.most_common(most))
    return shown + (" …" if len(tally.errors) > most else "")


class _Counts:
    def __init__(self) -> None:
        self.ok = self.failed = 0
        self.tokens_in = self.tokens_out = 0
        self.tally = Tally()

    def request(self, reply: Reply) -> None:
        self.tokens_in += reply.usage.get("prompt_tokens") or 0
        self.tokens_out += reply.usage.get("completion_tokens") or 0

    def text(self, markup: bool) -> str:
        def paint(style: str, s: str) -> str:
            return f"[{style}]{s}[/]" if markup else s
        t = self.tally
        parts = [paint("green", f"answered {self.ok}")]
        if self.failed:
            parts.append(paint("red", f"failed {self.failed}"))
        requests = f"requests {t.sent}"
        if t.retried:
            requests += paint("yellow", f", {t.retried} retried")
        parts.append(requests)
        parts.append(f"tokens {self.tokens_in:,} in / {self.tokens_out:,} out")
        return " · ".join(parts)


class RichProgress(ProgressCallbacks):
    """A rich progress bar on ``console`` (use ``LineProgress`` when it is not a terminal:
    rich draws nothing there)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.progress: Progress | None = None
        self.task_id = None
        self.counts = _Counts()

    def start(self, total: int, done: int, tally: Tally) -> None:
        self.counts.tally = tally
        self.progress = Progress(
            TextColumn("[bold]generating"), BarColumn(), MofNCompleteColumn(),
            TaskProgressColumn(), TextColumn("{task.fields[counts]}"), TextColumn("ETA"),
            TimeRemainingColumn(), console=self.console,
            disable=not self.console.is_terminal, transient=False)
        self.progress.start()
        self.task_id = self.progress.add_task("generating", total=total, completed=done,
                                              counts=self.counts.text(markup=True))

    def _update(self, advance: int = 0) -> None:
        if self.progress is not None:
            self.progress.update(self.task_id, advance=advance,
                                 counts=self.counts.text(markup=True))

    def request(self, reply: Reply) -> None:
        self.counts.request(reply)
        self._update()

    def finished(self, ok: bool) -> None:
        if ok:
            self.counts.ok += 1
        else:
            self.counts.failed += 1
        self._update(1)

    def tick(self) -> None:
        self._update()  # retries and failed attempts show while nothing finishes

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


class LineProgress(ProgressCallbacks):
    """Progress as plain lines for output that is not a terminal (see the module
    docstring)."""

    def __init__(self, console: Console, every: float = 10.0, quiet: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console
        self.every, self.quiet, self.clock = every, quiet, clock
        self.counts = _Counts()
        self.total = self.done = self.first = 0
        self.started = self.last = 0.0
        self.step = 1
        self.next_at = 0
        self.shown = -1
        self.running = False

    def _print(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def start(self, total: int, done: int, tally: Tally) -> None:
        self.counts.tally = tally
        self.total, self.done, self.first = total, done, done
        self.started = self.last = self.clock()
        todo = total - done
        self.step = max(1, -(-todo // 10))
        self.next_at = done + self.step
        self.running = todo > 0
        if not self.running:
            return
        kept = f" ({done} already answered)" if done else ""
        self._print(f"asking for {todo} of {total} generation{'s' * (total != 1)}{kept}")

    def request(self, reply: Reply) -> None:
        self.counts.request(reply)

    def finished(self, ok: bool) -> None:
        if ok:
            self.counts.ok += 1
        else:
            self.counts.failed += 1
        self.done += 1
        now = self.clock()
        if self.done >= self.next_at or now - self.last >= self.every:
            self._line(now)

    def _line(self, now: float) -> None:
        self.last, self.shown = now, self.done
        while self.next_at <= self.done:
            self.next_at += self.step
        made = self.done - self.first
        elapsed = now - self.started
        rate = made / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = f", about {duration(left / rate)} left" if rate > 0 and left else ""
        pct = f"{100 * self.done / self.total:.0f}%" if self.total else "-"
        self._print(f"generated {self.done}/{self.total} ({pct}): "
                    f"{self.counts.text(markup=False)}; {60 * rate:.1f}/min{eta}")

    def tick(self) -> None:
        if not self.running:
            return
        now = self.clock()
        if now - self.last < self.quiet:
            return
        self.last = now
        t = self.counts.tally
        failed = sum(t.errors.values())
        errors = f"; failed attempts: {_errors(t)}" if failed else ""
        waiting = (f"{len(t.in_flight)} request(s) in flight, the oldest for "
                   f"{duration(t.oldest())}") if t.in_flight else "no request in flight"
        self._print(f"waiting: {waiting}; {self.done}/{self.total} done, "
                    f"{duration(now - self.started)} so far{errors}")

    def stop(self) -> None:
        if self.running:
            self.running = False
            if self.shown != self.done:
                self._line(self.clock())


def progress_for(console: Console) -> ProgressCallbacks:
    """The progress display that suits ``console``: a bar on a terminal, lines otherwise."""
    return RichProgress(console) if console.is_terminal else LineProgress(console)


def print_result(result: GenerateResult, console: Console) -> None:
    """What the run did: answered now / kept, failures with their reasons, every request
    attempted (answered, failed by kind, retried, given up), tokens, and what the user
    should know (prompts changed, replies without content, the token field switched, the
    deadline)."""
    def say(text: str) -> None:
        console.print(text, markup=False, highlight=False, soft_wrap=True)

    r, t = result, result.tally
    say(f"{r.total} generation(s) asked for: {r.answered} answered now, {r.skipped} kept "
        f"from {r.out} (asked with these prompts)"
        + (f", {len(r.failed)} failed" if r.failed else "")
        + (f", {r.unfinished} left by the deadline" if r.unfinished else ""))
    if r.resumed:
        say(f"{r.resumed} conversation(s) continued from the journal")
    if r.turns_used and max(r.turns_used) > 1:
        used = ", ".join(f"{n} turn{'s' * (n != 1)}: {k}"
                         for n, k in sorted(r.turns_used.items()))
        say(f"turns used: {used}")
    failed = sum(t.errors.values())
    say(f"{t.sent} request(s) sent: {t.answered} answered"
        + (f", {failed} failed ({_errors(t, 6)}): {t.retried} retried, {t.given_up} given "
           f"up" if failed else "")
        + f"; tokens {r.prompt_tokens:,} in, {r.completion_tokens:,} out")
    if r.replaced:
        say(f"note: {r.replaced} line(s) asked with other prompts were moved to "
            f"{r.replaced_to} and asked again")
    if r.unchecked:
        say(f"note: {r.unchecked} line(s) kept from {r.out} record no prompt digest (written "
            f"by an older officeeval): not checked against these prompts")
    if r.other_params:
        say(f"note: {r.other_params} line(s) kept from {r.out} were asked with other "
            f"request parameters (write to another file to ask again)")
    if t.from_reasoning:
        say(f"note: {t.from_reasoning} reply(ies) had no content, only reasoning: the "
            f"reasoning was taken as the answer (\"answer_source\": \"reasoning\" on the "
            f"line); a serving stack's reasoning parser may be misconfigured "
            f"(docs/generation.md)")
    if t.switched_to:
        say(f"note: the endpoint refused max_tokens; the run sent {t.switched_to} instead "
            f"(--max-tokens-field {t.switched_to} sends it from the start)")
    for pid, sample, why in r.failed[:50]:
        console.print(f"[red]failed[/] {escape(pid)} sample {sample}: {escape(why)}",
                      highlight=False, soft_wrap=True)
    if len(r.failed) > 50:
        say(f"… and {len(r.failed) - 50} more failures")
    if r.unfinished:
        say(f"deadline of {duration(r.deadline or 0)} reached: {r.unfinished} "
            f"generation(s) not finished (nothing of them written; the journal keeps the "
            f"turns so far); run the same command again to resume")
    elif r.failed:
        say("run the same command again to ask the failed ones again")
