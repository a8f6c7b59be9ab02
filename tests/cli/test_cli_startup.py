"""What a command loads before it works: ``officeeval score`` imports the grader and the
readers (with the writers declared beside them), not the audit, the drafter, the report, the
batch runner, the service, pandas or the parts of typer that build pydantic adapters (issue
35: a user scoring documents in a shell loop pays every import on every call)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# Loaded after a command ran, written where the test reads it (atexit: typer exits).
_PROBE = """
import atexit, json, runpy, sys
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "officeeval"
runpy.run_module("officeeval", run_name="__main__")
"""

# Writers sit beside their resolvers (issue 33) and load with them, with the small helpers
# of the formats' ``edit`` packages they are built on: score loads those, not the audit's own
# edit operations, the writer modules left in an ``edit`` package, nor chart editing
# (imported when a chart is first written).
WORD_AUDIT_EDITS = ("officeeval.word.edit.structure", "officeeval.word.edit.equivalents",
                    "officeeval.word.edit.equivalent_values",
                    "officeeval.word.edit.field_results", "officeeval.word.edit.pictured",
                    "officeeval.word.edit.created", "officeeval.word.edit.paragraph_text")
EXCEL_NOT_FOR_SCORE = tuple(f"officeeval.excel.edit.{m}" for m in (
    "equivalents", "created", "pictured", "charts"))
PPT_NOT_FOR_SCORE = tuple(f"officeeval.ppt.edit.{m}" for m in (
    "equivalents", "created", "layout_switch", "paragraph_text", "pictured", "shapes",
    "slides"))

# Modules ``score`` must not load: other commands' packages and what only they need.
NOT_FOR_SCORE = ("officeeval.audit", "officeeval.draft", "officeeval.report",
                 "officeeval.analysis", "officeeval.runner", "officeeval.service",
                 "officeeval.generation", "officeeval.outline", "officeeval.inspection",
                 *WORD_AUDIT_EDITS, *EXCEL_NOT_FOR_SCORE, *PPT_NOT_FOR_SCORE,
                 "officeeval.ooxml.chart_edit",
                 "pandas", "numpy", "jinja2", "starlette", "uvicorn", "httpx", "openai",
                 "ray", "pydantic", "xmlschema", "typer.rich_utils", "PIL", "pypdfium2",
                 "openpyxl", "docx", "pptx")


def loaded(tmp_path: Path, *args: str) -> list[str]:
    out = tmp_path / "modules.json"
    res = subprocess.run([sys.executable, "-c", _PROBE, str(out), *args], cwd=REPO,
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "OFFICEEVAL_SOFFICE": "none"})
    assert out.exists(), res.stderr[-2000:]
    return json.loads(out.read_text())


def offending(modules: list[str], forbidden: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == f or m.startswith(f + ".") for f in forbidden)]


@pytest.mark.parametrize("sample", ["word-l1-notice", "ppt-l1-campus", "excel-l1-grades"])
def test_score_imports_only_what_grading_needs(tmp_path, sample):
    ext = {"word": "docx", "ppt": "pptx", "excel": "xlsx"}[sample.split("-")[0]]
    modules = loaded(tmp_path, "score", f"samples/{sample}/reference.{ext}", "-r",
                     f"rubrics/{sample}.xml", "--json")
    assert "officeeval.scoring.grader" in modules  # it did grade
    assert offending(modules, NOT_FOR_SCORE) == []


def test_score_of_a_word_document_loads_no_other_application(tmp_path):
    # The catalog loads an application's property modules when it is first asked for
    # (``Registry.ensure``). Every name Word's rubrics read is defined by Word or by the
    # format-neutral chart family; PowerPoint and Excel bind names Word defines
    # (``font.bold``), so scoring them loads Word's definitions too.
    modules = loaded(tmp_path, "score", "samples/word-l2-report/reference.docx", "-r",
                     "rubrics/word-l2-report.xml", "--json", "--no-recalc")
    assert "officeeval.word.props_font" in modules
    assert offending(modules, ("officeeval.excel", "officeeval.ppt",
                               "officeeval.selectors.excel", "officeeval.selectors.ppt")) == []


def test_score_as_a_table_adds_only_rich(tmp_path):
    modules = loaded(tmp_path, "score", "samples/word-l1-notice/reference.docx", "-r",
                     "rubrics/word-l1-notice.xml")
    assert "rich.table" in modules
    assert offending(modules, NOT_FOR_SCORE) == []


def test_help_imports_no_command(tmp_path):
    modules = loaded(tmp_path, "--help")
    # typer renders the help with rich (typer.rich_utils): the one thing help adds.
    forbidden = tuple(m for m in NOT_FOR_SCORE if m != "typer.rich_utils")
    assert offending(modules, forbidden + ("officeeval.scoring", "officeeval.apps",
                                           "officeeval.rubric", "lxml")) == []
