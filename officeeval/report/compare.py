"""Comparing two batches: ``write_compare(a, b, reportdir) -> compare.html`` (and
``compare.md``): per model and per skill SR in both runs with their CIs and the delta, and the
criteria whose verdict flipped, so a user sees what a change (engine, rubric, prompt, model)
did.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from officeeval import analysis
from officeeval.report import charts
from officeeval.report.html import base_context, environment
from officeeval.report.markdown import compare_markdown
from officeeval.report.sheets import sheet_name

ALL = analysis.ALL


def _sheet_link(outdir: Path, key: str, reportdir: Path) -> str | None:
    """A relative link to a generation's grade sheet in OUTDIR's default report, if written."""
    path = outdir / "report" / "sheets" / sheet_name(key)
    return Path(os.path.relpath(path, reportdir)).as_posix() if path.is_file() else None


def write_compare(a: str | Path, b: str | Path, reportdir: str | Path | None = None) -> Path:
    """Compare batch A (before) with batch B (after); write compare.html, compare.md and
    compare.json into REPORTDIR (default ``B/report``) and return compare.html's path.
    Raises ``analysis.StoreUnavailable`` when either directory has no readable store."""
    a, b = Path(a), Path(b)
    reportdir = Path(reportdir) if reportdir else b / "report"
    cmp = analysis.compare(analysis.load(a), analysis.load(b))
    reportdir.mkdir(parents=True, exist_ok=True)
    for f in cmp["flips"]:
        f["sheet_a"] = _sheet_link(a, f["key_a"], reportdir)
        f["sheet_b"] = _sheet_link(b, f["key_b"], reportdir)
    (reportdir / "compare.json").write_text(
        json.dumps(cmp, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    (reportdir / "compare.md").write_text(compare_markdown(cmp), encoding="utf-8")
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in cmp["skills"]:
        groups.setdefault(r["model"], []).append(r)
    skill_groups = sorted(groups.items(), key=lambda kv: (kv[0] != ALL, kv[0]))
    overall = next(r for r in cmp["models"] if r["model"] == ALL)
    name_a = a.resolve().name or str(a)
    name_b = b.resolve().name or str(b)
    ctx = base_context()
    html = environment().get_template("compare.html.j2").render(
        **ctx, c=cmp, overall=overall, skill_groups=skill_groups, name_a=name_a,
        name_b=name_b, chart=charts.compare_chart(cmp["models"], f"A: {name_a}",
                                                  f"B: {name_b}"))
    path = reportdir / "compare.html"
    path.write_text(html, encoding="utf-8")
    return path
