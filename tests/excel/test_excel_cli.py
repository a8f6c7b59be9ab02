"""The command line on Excel workbooks, run as a user would (a subprocess), with the exit codes
of officeeval.cli: scoring with and without recalculation, query, inspect, properties."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from officeeval import cli, recalc

REPO = Path(__file__).resolve().parents[2]
RUBRIC = REPO / "rubrics" / "excel-l1-grades.xml"
SAMPLE = REPO / "samples" / "excel-l1-grades"


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=600, env=env)


@pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")
def test_score_recalculates_by_default():
    res = run("score", str(SAMPLE / "reference.xlsx"), "--rubric", str(RUBRIC), "--json")
    assert res.returncode == cli.EXIT_OK, res.stderr
    card = json.loads(res.stdout)
    assert card["score"] == 100 and card["eval_errors"] == 0
    assert card["value_sources"]["recalculated"] >= 100
    sources = {k["source"] for c in card["criteria"] for k in c["checks"]
               if k["property"] == "cell.value"}
    assert sources == {"recalculated", "direct"} or sources == {"recalculated"}


def test_score_without_recalculation_reports_evaluator_errors():
    res = run("score", str(SAMPLE / "reference.xlsx"), "--rubric", str(RUBRIC), "--json",
              "--no-recalc")
    assert res.returncode == cli.EXIT_EVAL_ERROR
    card = json.loads(res.stdout)
    errored = [c for c in card["criteria"] if c["status"] == "eval_error"]
    assert errored and card["eval_errors"] == len(errored)
    assert all(any("formula not recalculated" in k["detail"] for k in c["checks"])
               for c in errored)
    # Points that cannot be verified are out of both earned and possible points.
    assert card["total"] == 100 - sum(c["points"] for c in errored)
    assert card["score"] == card["total"]


def test_query_reads_formulas_and_formats():
    res = run("query", str(SAMPLE / "reference.xlsx"), "--select", "'期末成绩'!J3:J4",
              "--property", "cell.formula", "--json")
    assert res.returncode == cli.EXIT_OK, res.stderr
    rows = json.loads(res.stdout)
    assert [r["value"] for r in rows] == ["=RANK(G3,$G$3:$G$32)", "=RANK(G4,$G$3:$G$32)"]
    res = run("query", str(SAMPLE / "reference.xlsx"), "-s", "sheet[1]", "-p", "sheet.freeze",
              "--json")
    assert json.loads(res.stdout)[0]["value"] == "A3"


def test_query_bad_selector_is_a_usage_error():
    res = run("query", str(SAMPLE / "input.xlsx"), "--select", "'成绩表'!B2:", "--property",
              "cell.value")
    assert res.returncode == cli.EXIT_USAGE
    assert "column" in res.stderr


def test_inspect_lists_excel_properties():
    res = run("inspect", str(SAMPLE / "input.xlsx"), "--json", "--limit", "5")
    assert res.returncode == cli.EXIT_OK, res.stderr
    rows = json.loads(res.stdout)
    props = {r["property"] for r in rows}
    assert {"workbook.sheet_names", "sheet.freeze", "cell.value", "column.width",
            "row.height"} <= props
    assert not [r for r in rows if r.get("error")]


def test_properties_lists_the_excel_catalog():
    res = run("properties", "--app", "excel", "--json")
    assert res.returncode == cli.EXIT_OK
    rows = {r["name"]: r for r in json.loads(res.stdout)}
    assert len(rows) >= 100
    assert "column_width" in rows["column.width"]["type"]      # Word keeps lengths
    assert rows["pivot.values"]["targets"]["excel"] == ["pivot"]
    assert "excel" in rows["chart.type"]["apps"]


def test_validate_the_excel_rubrics():
    paths = sorted((REPO / "rubrics").glob("excel-*.xml"))
    assert len(paths) == 6          # grades, purchase, import, library, orders, sales
    res = run("validate", *[str(p) for p in paths])
    assert res.returncode == cli.EXIT_OK, res.stdout
    assert res.stdout.count("✓") == 6
