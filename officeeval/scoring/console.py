"""A ScoreCard on a terminal (rich): a table on a wide terminal, one line per check on a
narrow one, a pipe or a log. Here rather than in ``report`` so that ``officeeval score``
prints a card without loading the report's renderers."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from officeeval.scoring.scorecard import ScoreCard

_STATUS_STYLE = {"pass": "green", "fail": "red", "not_found": "yellow", "skipped": "magenta",
                 "unevaluable": "bold magenta",
                 "eval_error": "bold blue"}


# Below this width the ScoreCard is printed as indented lines rather than an 8-column table,
# whose columns would break selectors and property names mid-word (a pipe or a log is 80).
TABLE_WIDTH = 120


def print_scorecard(card: ScoreCard, console: Console | None = None,
                    lines: bool | None = None) -> None:
    """The ScoreCard as a table, or as one line per criterion and check (``lines``; by
    default when ``console`` is narrower than ``TABLE_WIDTH``)."""
    console = console or Console()
    verdict = "[green]PASS[/]" if card.passed else "[red]FAIL[/]"
    console.print(f"[bold]{escape(card.task)}[/] ({card.app}) {escape(card.document)}")
    console.print(f"outcome: [bold]{card.outcome}[/]"
                  + (f" — {escape(card.outcome_detail)}" if card.outcome_detail else ""))
    if lines or (lines is None and console.width < TABLE_WIDTH):
        _scorecard_lines(card, console)
    else:
        _scorecard_table(card, console)
    if card.backends.get("recalc"):
        console.print(f"formulas recalculated by {escape(card.backends['recalc'])}")
    extra = f"  ({card.eval_errors} evaluator error(s) left out)" if card.eval_errors else ""
    # The score stays the last line (scripts read it).
    console.print(f"score [bold]{card.score:g}[/] / {card.total:g}  pass mark "
                  f"{card.pass_mark:g}  {verdict}{extra}")


def _mark(k) -> str:  # noqa: ANN001 - a CheckResult
    return "✓" if k.passed else ("!" if k.status == "eval_error" else "✗")


def _scorecard_table(card: ScoreCard, console: Console) -> None:
    table = Table(show_lines=False, header_style="bold")
    for col in ("id", "skill", "pts", "status", "check", "expected", "actual", "source / why"):
        table.add_column(col, overflow="fold")
    for c in card.criteria:
        style = _STATUS_STYLE.get(c.status, "")
        first = True
        checks = c.checks or [None]
        for k in checks:
            row = [c.id if first else "", c.skill if first else "",
                   f"{c.earned:g}/{c.points:g}" if first else "",
                   f"[{style}]{c.status}[/]" if first else ""]
            if k is None:
                row += ["", "", "", ""]
            else:
                row += [escape(f"{_mark(k)} {k.select or 'document'} · {k.property or ''} "
                               f"{k.op}"),
                        escape(k.expected), escape(k.actual), escape(k.detail or k.source)]
            table.add_row(*row)
            first = False
    console.print(table)


def _scorecard_lines(card: ScoreCard, console: Console) -> None:
    """One line per criterion and per check, indented and never wrapped by us (a terminal
    folds a long one; a log or a pipe keeps it whole), so no selector or property name is
    broken."""
    for c in card.criteria:
        style = _STATUS_STYLE.get(c.status, "")
        console.print(Text.assemble((c.id, "bold"), f"  {c.skill}  {c.earned:g}/{c.points:g}  ",
                                    (c.status, style)), highlight=False, soft_wrap=True)
        for k in c.checks:
            line = Text(f"  {_mark(k)} ")
            line.append(k.select or "document", "cyan")
            line.append(f" · {k.property or ''} {k.op}: expected {k.expected}, actual ")
            line.append(k.actual or "(none)", "bold")
            if k.source:
                line.append(f" ({k.source})", "dim")
            console.print(line, highlight=False, soft_wrap=True)
            if k.detail and not k.passed:
                console.print(Text(f"      {k.detail}", "dim"), highlight=False,
                              soft_wrap=True)
