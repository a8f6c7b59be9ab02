"""Terminal display of a batch: the live progress bar (done / failed / rate / ETA) and the
end-of-batch text (manifest issues, items not graded, the per-model summary table)."""

from __future__ import annotations

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


class RichProgress(ProgressCallbacks):
    """A rich progress bar on ``console`` (nothing when it is not a terminal)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.progress: Progress | None = None
        self.task_id = None
        self.ok = self.failed = self.errors = self.eval_errors = 0

    def start(self, total: int, done: int) -> None:
        self.progress = Progress(
            TextColumn("[bold]grading"), BarColumn(), MofNCompleteColumn(),
            TaskProgressColumn(), TextColumn("{task.fields[counts]}"), _Rate(),
            TextColumn("ETA"), TimeRemainingColumn(), console=self.console,
            disable=not self.console.is_terminal, transient=False)
        self.progress.start()
        self.task_id = self.progress.add_task("grading", total=total, completed=done,
                                              counts=self._counts())

    def _counts(self) -> str:
        text = f"[green]ok {self.ok}[/] · [red]failed {self.failed}[/]"
        if self.eval_errors:
            text += f" · [blue]eval errors {self.eval_errors}[/]"
        if self.errors:
            text += f" · [magenta]not graded {self.errors}[/]"
        return text

    def advance(self, outcome: str | None, eval_errors: int) -> None:
        if outcome is None:
            self.errors += 1
        elif outcome == "ok":
            self.ok += 1
        else:
            self.failed += 1
        self.eval_errors += int(eval_errors > 0)
        if self.progress is not None:
            self.progress.update(self.task_id, advance=1, counts=self._counts())

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


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
