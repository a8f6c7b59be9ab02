"""The batch report: ``write_report(outdir, reportdir) -> index.html``.

Writes into REPORTDIR (default ``OUTDIR/report``): ``index.html`` (self-contained: inline CSS,
inline SVG charts, no scripts, no network), ``generations.html`` and ``sheets/<key>.html`` (a
grade sheet per generation), ``summary.md``, ``summary.json``, ``tasks.csv``,
``criteria.csv``, ``checks.csv`` (and Parquet when pyarrow is importable).
"""

from __future__ import annotations

import importlib.util
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from officeeval import analysis
from officeeval.version import __version__
from officeeval.report import charts
from officeeval.report.fonts import INSTALL_HINT, cjk_fonts
from officeeval.report.markdown import headline_sentence, summary_markdown
from officeeval.report.palette import FONT_STACK, MONO_STACK, OUTCOME, STATUS, heat, ink_on
from officeeval.report.sheets import write_sheets
from officeeval.report.svg import interval, pct

ALL = analysis.ALL


def _num(v: Any) -> str:
    if v is None:
        return "–"
    return f"{float(v):.2f}".rstrip("0").rstrip(".")


SHORT_VALUE = 40  # characters: a value this short is never wrapped on a grade sheet


def _valclass(v: Any) -> str:
    """The class of a value cell: ``val nw`` (kept on one line) for a short value."""
    return "val nw" if len(str(v or "")) <= SHORT_VALUE else "val"


def _code_spans(text: str) -> Markup:
    """Markdown-ish text with its `code` spans as <code>, everything else escaped."""
    parts = str(escape(text)).split("`")
    return Markup("".join(f"<code>{part}</code>" if i % 2 else part
                          for i, part in enumerate(parts)))


def environment() -> Environment:
    """The Jinja environment of the report templates (package data), autoescaping on."""
    env = Environment(loader=PackageLoader("officeeval.report", "templates"),
                      autoescape=select_autoescape(["html", "j2", "htm"],
                                                   default_for_string=True, default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters.update(pct=pct, interval=interval, num=_num, heat=heat, ink=ink_on,
                       valclass=_valclass)
    return env


def base_context() -> dict[str, Any]:
    """What every page's frame needs: version, fonts note, palette, time of writing."""
    # The stylesheet is rendered once per report, not once per page (thousands of sheets).
    css = environment().get_template("style.css").render(font_stack=Markup(FONT_STACK),
                                                         mono_stack=Markup(MONO_STACK))
    return {"version": __version__, "fonts": cjk_fonts(), "font_hint": INSTALL_HINT,
            "css": Markup(css), "status_colors": STATUS, "outcome_colors": OUTCOME,
            "ALL": ALL, "lang": "zh-CN",
            "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}


def _matrix(rows: list[dict[str, Any]], dim: str) -> list[tuple[str, dict[str, Any]]]:
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        out.setdefault(r[dim], {})[r["model"]] = r
    return sorted(out.items())


def index_context(s: dict[str, Any]) -> dict[str, Any]:
    """The view model of index.html: the summary plus charts and pivoted tables."""
    models = s["models"]
    names = [m["model"] for m in models if m["model"] != ALL]
    skills = sorted({r["skill"] for r in s["by_skill"]})
    skill_all = sorted((r for r in s["by_skill"] if r["model"] == ALL),
                       key=lambda r: -sum(r[f"lost_{k}_per_gen"] or 0
                                          for k in ("execution", "not_found", "wrong",
                                                    "unevaluable")))
    where = {g["task"]: g for g in s["generations"]}  # a task's app and level
    tasks = [{"task": task, "cells": cells, "app": where.get(task, {}).get("app", ""),
              "level": where.get(task, {}).get("level", "")}
             for task, cells in _matrix(s["by_task"], "task")]
    return {
        "s": s, "models": models, "all": models[-1], "model_names": names, "ev": s["eval_errors"],
        "headline": s.get("headline"), "headline_text": _code_spans(
            headline_sentence(s.get("headline"))),
        "dims": [("app", _matrix(s["by_app"], "app")), ("level", _matrix(s["by_level"], "level"))],
        "skill_rows": sorted(s["by_skill"], key=lambda r: (r["model"] == ALL, r["model"],
                                                           r["skill"])),
        "task_rows": tasks,
        "outcome_names": list(models[-1]["outcomes"]),
        "charts": {"sr": charts.sr_chart(models),
                   "heatmap": charts.heatmap(s["by_skill"], names + [ALL], skills),
                   "lost_skill": charts.lost_chart(skill_all, "skill", "skill"),
                   "lost_model": charts.lost_chart(models, "model", "model"),
                   "histograms": charts.histograms(s["histogram"], names + [ALL]
                                                   if len(names) > 1 else names)},
    }


def write_report(outdir: str | Path, reportdir: str | Path | None = None,
                 headline_models: list[str] | None = None) -> Path:
    """Write the full report of the batch in OUTDIR into REPORTDIR (default OUTDIR/report)
    and return the path of index.html. ``headline_models``: the models "(all)" pools
    (default: those not marked hostile). Raises ``analysis.StoreUnavailable`` when OUTDIR
    has no readable store, ``ValueError`` for a headline model it does not hold (both
    before anything is written) and OSError when REPORTDIR cannot be written."""
    outdir = Path(outdir)
    reportdir = Path(reportdir) if reportdir else outdir / "report"
    res = analysis.load(outdir)  # first: a wrong OUTDIR must not leave directories behind
    s = analysis.summarize(res, headline_models)
    reportdir.mkdir(parents=True, exist_ok=True)
    analysis.export_tables(res, reportdir)
    (reportdir / "summary.json").write_text(
        json.dumps(s, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    (reportdir / "summary.md").write_text(summary_markdown(s), encoding="utf-8")
    env = environment()
    ctx = base_context()
    ctx["title"] = outdir.resolve().name or str(outdir)
    names = write_sheets(env, outdir, reportdir, ctx)
    rows = [{**g, "sheet": names.get(g["key"], "")} for g in s["generations"]]
    (reportdir / "generations.html").write_text(
        env.get_template("generations.html.j2").render(rows=rows, **ctx), encoding="utf-8")
    parquet = importlib.util.find_spec("pyarrow") is not None
    index = reportdir / "index.html"
    index.write_text(env.get_template("index.html.j2").render(
        **ctx, **index_context(s), parquet=parquet), encoding="utf-8")
    return index
