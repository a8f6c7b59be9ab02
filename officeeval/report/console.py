"""Terminal rendering with rich: query/inspect rows, rubric issues, and the headline numbers
of a written batch report (a ScoreCard: ``scoring.console``, re-exported here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from officeeval.report.markdown import headline_sentence
from officeeval.scoring.console import TABLE_WIDTH, print_scorecard  # noqa: F401 - here too


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
