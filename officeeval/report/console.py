"""Terminal rendering with rich: a ScoreCard as a table, query/inspect rows, rubric issues."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from officeeval.scoring.scorecard import ScoreCard

_STATUS_STYLE = {"pass": "green", "fail": "red", "not_found": "yellow", "skipped": "magenta",
                 "eval_error": "bold blue"}


def print_scorecard(card: ScoreCard, console: Console | None = None) -> None:
    console = console or Console()
    verdict = "[green]PASS[/]" if card.passed else "[red]FAIL[/]"
    console.print(f"[bold]{escape(card.task)}[/] ({card.app}) {escape(card.document)}")
    console.print(f"outcome: [bold]{card.outcome}[/]"
                  + (f" — {escape(card.outcome_detail)}" if card.outcome_detail else ""))
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
                mark = "✓" if k.passed else ("!" if k.status == "eval_error" else "✗")
                row += [escape(f"{mark} {k.select or 'document'} · {k.property or ''} {k.op}"),
                        escape(k.expected), escape(k.actual), escape(k.detail or k.source)]
            table.add_row(*row)
            first = False
    console.print(table)
    extra = f"  ({card.eval_errors} evaluator error(s) left out)" if card.eval_errors else ""
    console.print(f"score [bold]{card.score:g}[/] / {card.total:g}  pass mark "
                  f"{card.pass_mark:g}  {verdict}{extra}")


def print_rows(rows: list[dict[str, Any]], console: Console | None = None) -> None:
    console = console or Console()
    table = Table(header_style="bold")
    for col in ("target", "property", "value", "source"):
        table.add_column(col, overflow="fold")
    for r in rows:
        value = escape(r.get("error") or r.get("rendered", ""))
        if r.get("error"):
            value = f"[blue]{value}[/]"
        if r.get("parts"):
            value += escape(" [" + "; ".join(f"{p['part']}: {p['rendered']}"
                                             for p in r["parts"][:6])
                            + (" …" if len(r["parts"]) > 6 else "") + "]")
        table.add_row(escape(r["target"]), r["property"], value, escape(r.get("source", "")))
    console.print(table)
