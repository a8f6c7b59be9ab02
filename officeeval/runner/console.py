"""Display of a batch: progress (a live bar on a terminal; a line every few seconds or every
tenth of the work otherwise, for logs and scripts), with counts in the report's terms (ok,
execution failures, evaluator errors, not graded), and the end-of-batch text (manifest
issues, items not graded, the per-model summary table)."""

from __future__ import annotations

import time
from typing import Callable

from rich.console import Console
from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn,
                           TaskProgressColumn, TextColumn, TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from officeeval.runner.batch import BatchResult
from officeeval.runner.batch import Progress as ProgressCallbacks
from officeeval.runner.summary import OUTCOMES, ModelSummary


class _Rate(ProgressColumn):
    def render(self, task) -> Text:  # noqa: ANN001 - rich's Task
        speed = task.finished_speed or task.speed
        return Text(f"{speed:5.1f}/s" if speed else "  -  /s", style="cyan")


class _Counts:
    """What has been graded so far, in the report's terms."""

    def __init__(self) -> None:
        self.ok = self.exec_failures = self.not_graded = self.eval_errors = 0

    def add(self, outcome: str | None, eval_errors: int) -> None:
        if outcome is None:
            self.not_graded += 1
        elif outcome == "ok":
            self.ok += 1
        else:
            self.exec_failures += 1
        self.eval_errors += int(eval_errors > 0)

    def text(self, markup: bool) -> str:
        def paint(style: str, s: str) -> str:
            return f"[{style}]{s}[/]" if markup else s
        parts = [paint("green", f"ok {self.ok}"),
                 paint("red", f"execution failures {self.exec_failures}")]
        if self.eval_errors:
            parts.append(paint("blue", f"evaluator errors {self.eval_errors}"))
        if self.not_graded:
            parts.append(paint("magenta", f"not graded {self.not_graded}"))
        return " · ".join(parts)


class RichProgress(ProgressCallbacks):
    """A rich progress bar on ``console`` (use ``LineProgress`` when it is not a terminal:
    rich draws nothing there)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.progress: Progress | None = None
        self.task_id = None
        self.counts = _Counts()

    def tasks(self, text: str) -> None:
        self.console.print(f"tasks: {escape(text)}", highlight=False, soft_wrap=True)

    def start(self, total: int, done: int) -> None:
        self.progress = Progress(
            TextColumn("[bold]grading"), BarColumn(), MofNCompleteColumn(),
            TaskProgressColumn(), TextColumn("{task.fields[counts]}"), _Rate(),
            TextColumn("ETA"), TimeRemainingColumn(), console=self.console,
            disable=not self.console.is_terminal, transient=False)
        self.progress.start()
        self.task_id = self.progress.add_task("grading", total=total, completed=done,
                                              counts=self.counts.text(markup=True))

    def advance(self, outcome: str | None, eval_errors: int) -> None:
        self.counts.add(outcome, eval_errors)
        if self.progress is not None:
            self.progress.update(self.task_id, advance=1, counts=self.counts.text(markup=True))

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


class LineProgress(ProgressCallbacks):
    """Progress as plain lines, for output that is not a terminal (a log, a pipe, CI): one
    when grading starts, then one whenever ``every`` seconds have passed or another tenth of
    the work is done, and one at the end."""

    def __init__(self, console: Console, every: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console
        self.every = every
        self.clock = clock
        self.counts = _Counts()
        self.total = self.done = self.first = 0
        self.started = self.last = 0.0
        self.step = 1
        self.next_at = 0
        self.shown = -1  # ``done`` as of the last line printed
        self.running = False

    def tasks(self, text: str) -> None:
        self.console.print(f"tasks: {text}", markup=False, highlight=False, soft_wrap=True)

    def start(self, total: int, done: int) -> None:
        self.total, self.done, self.first = total, done, done
        self.started = self.last = self.clock()
        todo = total - done
        self.step = max(1, -(-todo // 10))
        self.next_at = done + self.step
        self.running = todo > 0  # nothing to grade: finish_batch says so
        if not self.running:
            return
        stored = f" ({done} already stored)" if done else ""
        self.console.print(f"grading {todo} of {total} generation{'s' * (total != 1)}{stored}",
                           markup=False, highlight=False, soft_wrap=True)

    def advance(self, outcome: str | None, eval_errors: int) -> None:
        self.counts.add(outcome, eval_errors)
        self.done += 1
        now = self.clock()
        if self.done >= self.next_at or now - self.last >= self.every:
            self._line(now)

    def _line(self, now: float) -> None:
        self.last, self.shown = now, self.done
        while self.next_at <= self.done:
            self.next_at += self.step
        graded = self.done - self.first
        elapsed = now - self.started
        rate = graded / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = f", about {duration(left / rate)} left" if rate > 0 and left else ""
        pct = f"{100 * self.done / self.total:.0f}%" if self.total else "-"
        self.console.print(f"graded {self.done}/{self.total} ({pct}): "
                           f"{self.counts.text(markup=False)}; {rate:.1f}/s{eta}",
                           markup=False, highlight=False, soft_wrap=True)

    def stop(self) -> None:
        if self.running:
            self.running = False
            if self.shown != self.done:
                self._line(self.clock())


def duration(seconds: float) -> str:
    """`45s`, `2m05s`, `1h03m`: a time span as a progress line shows it."""
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def progress_for(console: Console) -> ProgressCallbacks:
    """The progress display that suits ``console``: a bar on a terminal, lines otherwise."""
    return RichProgress(console) if console.is_terminal else LineProgress(console)


def print_issues(result: BatchResult, console: Console) -> None:
    """Manifest issues (with line numbers), invalid rubrics and items not graded."""
    for task_id, err in sorted(result.rubric_errors.items()):
        console.print(f"[red]invalid rubric[/] for task {escape(task_id)}: {escape(str(err))}")
    for line, msg in result.manifest_issues:
        console.print(f"[yellow]manifest line {line}[/]: {escape(msg)} (skipped)")
    for line, why in result.errors:
        console.print(f"[magenta]not graded[/] line {line.line} ({escape(line.task)}, "
                      f"{escape(line.model)}, sample {line.sample}): {escape(why)} "
                      f"(stored as not_graded; the next run grades it again)")


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def print_summary(summaries: list[ModelSummary], console: Console) -> None:
    """The per-model table: SR, pass rate, execution success and outcome counts."""
    table = Table(title="Batch summary (per model)", header_style="bold")
    table.add_column("model", no_wrap=True)
    for col in ("n", "SR", "pass", "exec ok"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("outcomes", overflow="fold")
    table.add_column("eval err", justify="right")
    for s in summaries:
        outcomes = ", ".join(f"{o} {s.outcomes[o]}" for o in OUTCOMES if s.outcomes.get(o))
        table.add_row(escape(s.model), str(s.generations), _pct(s.score_rate),
                      _pct(s.pass_rate), _pct(s.exec_success), outcomes,
                      str(s.eval_errors or ""))
    console.print(table)
