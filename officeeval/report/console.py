"""Terminal rendering with rich: a ScoreCard as a table, query/inspect rows, rubric issues,
and the headline numbers of a written batch report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from officeeval.report.markdown import headline_sentence
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


def _pct(v: Any) -> str:
    return "–" if v is None else f"{v * 100:.1f}%"


def print_report_summary(page: Path, console: Console | None = None) -> None:
    """After ``officeeval report``: the headline numbers per model (from the summary.json or
    compare.json written next to PAGE) and where the report is. Missing or unreadable JSON
    prints only the path."""
    console = console or Console()
    page = Path(page)
    name = "compare.json" if page.name == "compare.html" else "summary.json"
    try:
        data = json.loads((page.parent / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    if data and name == "summary.json":
        table = Table(header_style="bold")
        for col in ("model", "n", "SR", "pass", "exec ok", "op. acc", "eval err",
                    "pts excl."):
            table.add_column(col, justify="left" if col == "model" else "right",
                             no_wrap=True)
        for m in data.get("models", []):
            table.add_row(escape(str(m["model"])), str(m["generations"]), _pct(m["sr"]),
                          _pct(m["pass_rate"]), _pct(m["exec_success"]),
                          _pct(m["op_accuracy"]), str(m["eval_error_criteria"]),
                          f"{m.get('eval_points') or 0:g}")
        console.print(table)
        said = headline_sentence(data.get("headline"))
        if said:
            console.print(said, markup=False, highlight=False, soft_wrap=True)
    elif data:
        table = Table(header_style="bold")
        for col in ("model", "SR A", "SR B", "Δ SR"):
            table.add_column(col, justify="left" if col == "model" else "right")
        for r in data.get("models", []):
            d = r.get("sr_delta")
            table.add_row(escape(str(r["model"])), _pct((r.get("a") or {}).get("sr")),
                          _pct((r.get("b") or {}).get("sr")),
                          "–" if d is None else f"{d * 100:+.1f} pts")
        console.print(table)
        console.print(f"{data.get('flipped_total', 0)} criterion result(s) flipped")
    console.print(f"report: {escape(str(page))}")
