"""Terminal display of ``generate``: a live progress bar (generations done, failed, requests
retried, tokens in/out, ETA) and the end-of-run summary."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn,
                           TextColumn, TimeRemainingColumn)

from officeeval.generation.client import Reply
from officeeval.generation.generate import GenerateResult
from officeeval.generation.generate import Progress as ProgressCallbacks


class RichProgress(ProgressCallbacks):
    """A rich progress bar on ``console`` (nothing when it is not a terminal)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.progress: Progress | None = None
        self.task_id = None
        self.ok = self.failed = self.requests = self.retries = 0
        self.tokens_in = self.tokens_out = 0

    def start(self, total: int, done: int) -> None:
        self.progress = Progress(
            TextColumn("[bold]generating"), BarColumn(), MofNCompleteColumn(),
            TaskProgressColumn(), TextColumn("{task.fields[counts]}"), TextColumn("ETA"),
            TimeRemainingColumn(), console=self.console,
            disable=not self.console.is_terminal, transient=False)
        self.progress.start()
        self.task_id = self.progress.add_task("generating", total=total, completed=done,
                                              counts=self._counts())

    def _counts(self) -> str:
        text = (f"[green]answered {self.ok}[/] · requests {self.requests} · tokens "
                f"{self.tokens_in:,} in / {self.tokens_out:,} out")
        if self.retries:
            text += f" · [yellow]retried {self.retries}[/]"
        if self.failed:
            text += f" · [red]failed {self.failed}[/]"
        return text

    def request(self, reply: Reply) -> None:
        self.requests += 1
        self.retries += reply.attempts - 1
        self.tokens_in += reply.usage.get("prompt_tokens") or 0
        self.tokens_out += reply.usage.get("completion_tokens") or 0
        if self.progress is not None:
            self.progress.update(self.task_id, counts=self._counts())

    def finished(self, ok: bool) -> None:
        if ok:
            self.ok += 1
        else:
            self.failed += 1
        if self.progress is not None:
            self.progress.update(self.task_id, advance=1, counts=self._counts())

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


def print_result(result: GenerateResult, console: Console) -> None:
    """What the run did: answered now / already there, failures with their reasons, turns
    used, requests, retries and tokens."""
    console.print(f"{result.total} generation(s) asked for: {result.answered} answered now, "
                  f"{result.skipped} already in {result.out}"
                  + (f", {len(result.failed)} failed" if result.failed else ""),
                  highlight=False)
    if result.resumed:
        console.print(f"{result.resumed} conversation(s) continued from the journal",
                      highlight=False)
    if result.turns_used and max(result.turns_used) > 1:
        used = ", ".join(f"{n} turn{'s' * (n != 1)}: {k}"
                         for n, k in sorted(result.turns_used.items()))
        console.print(f"turns used: {used}", highlight=False)
    console.print(f"{result.requests} request(s), {result.retries} retried attempt(s); tokens "
                  f"{result.prompt_tokens:,} in, {result.completion_tokens:,} out",
                  highlight=False)
    if result.other_params:
        console.print(f"[yellow]note[/]: {result.other_params} line(s) already in "
                      f"{escape(str(result.out))} were asked with other request parameters "
                      f"(kept; write to another file to ask again)")
    for pid, sample, why in result.failed[:50]:
        console.print(f"[red]failed[/] {escape(pid)} sample {sample}: {escape(why)}")
    if len(result.failed) > 50:
        console.print(f"… and {len(result.failed) - 50} more failures")
    if result.failed:
        console.print("run the same command again to ask the failed ones again",
                      highlight=False)
