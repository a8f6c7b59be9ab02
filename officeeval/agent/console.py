"""Terminal display of an agent run: a live bar (conversations done, handed in, requests,
tokens) and the end-of-run summary."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from officeeval.agent.chat import ToolReply
from officeeval.agent.run import AgentResult
from officeeval.agent.run import Progress as ProgressCallbacks


class RichProgress(ProgressCallbacks):
    """A rich progress bar on ``console`` (nothing when it is not a terminal)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.progress: Progress | None = None
        self.task_id = None
        self.done = self.submitted = self.failed = self.requests = 0
        self.tokens = 0

    def start(self, total: int, done: int) -> None:
        self.progress = Progress(TextColumn("[bold]agent"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("{task.fields[counts]}"), console=self.console,
                                 disable=not self.console.is_terminal)
        self.progress.start()
        self.task_id = self.progress.add_task("agent", total=total, completed=done,
                                              counts=self._counts())

    def _counts(self) -> str:
        text = (f"[green]handed in {self.submitted}[/] of {self.done} · requests "
                f"{self.requests} · tokens {self.tokens:,}")
        return text + (f" · [red]failed {self.failed}[/]" if self.failed else "")

    def request(self, reply: ToolReply) -> None:
        self.requests += 1
        self.tokens += sum(v or 0 for v in reply.usage.values())
        if self.progress is not None:
            self.progress.update(self.task_id, counts=self._counts())

    def finished(self, ok: bool, ended: str | None) -> None:
        self.done += ok
        self.failed += not ok
        self.submitted += ended == "submitted"
        if self.progress is not None:
            self.progress.update(self.task_id, advance=1, counts=self._counts())

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


def print_result(result: AgentResult, console: Console) -> None:
    """What the run did: conversations finished, how they ended, failures, requests,
    tokens."""
    if result.warning:
        console.print(f"[yellow]sandbox[/]: {escape(result.warning)}")
    console.print(f"{result.total} conversation(s) asked for: {result.finished} finished now, "
                  f"{result.skipped} already in {result.out}"
                  + (f", {len(result.failed)} failed" if result.failed else ""),
                  highlight=False)
    if result.ended:
        console.print("ended: " + ", ".join(f"{k} {v}" for k, v in
                                            sorted(result.ended.items())), highlight=False)
    if result.resumed:
        console.print(f"{result.resumed} conversation(s) continued from the journal",
                      highlight=False)
    console.print(f"{result.requests} request(s); tokens {result.prompt_tokens:,} in, "
                  f"{result.completion_tokens:,} out", highlight=False)
    for task, sample, why in result.failed[:50]:
        console.print(f"[red]failed[/] {escape(task)} sample {sample}: {escape(why)}")
    if result.failed:
        console.print("run the same command again to continue the failed ones",
                      highlight=False)
