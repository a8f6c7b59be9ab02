"""The report on a real batch: the shipped word-l1-notice simulated generations run through
`officeeval batch` (sandboxed programs, real documents, real ScoreCards), then the report's
numbers are recomputed with plain SQL and every generation's grade sheet is checked."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from pytest import approx

from officeeval.report.sheets import sheet_name

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "samples" / "word-l1-notice" / "generations.jsonl"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not MANIFEST.is_file(), reason="no sample generations")]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("real-batch")
    cli = [sys.executable, "-m", "officeeval"]
    batch = subprocess.run([*cli, "batch", str(MANIFEST), "-o", str(out), "--jobs", "2",
                            "--no-report"], cwd=ROOT, capture_output=True, text=True,
                           timeout=600)
    assert batch.returncode in (0, 5), batch.stderr + batch.stdout
    rep = subprocess.run([*cli, "report", str(out)], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    assert rep.returncode == 0, rep.stderr + rep.stdout
    return out, out / "report"


def test_numbers_agree_with_sql_on_a_real_store(run):
    out, report = run
    summary = json.loads((report / "summary.json").read_text(encoding="utf-8"))
    conn = sqlite3.connect(out / "results.sqlite")
    rows = conn.execute(
        "SELECT model, COUNT(*), AVG(CASE WHEN total > 0 THEN score / total END), "
        "AVG(CASE WHEN total > 0 THEN passed END), AVG(outcome = 'ok') FROM generations "
        "GROUP BY model").fetchall()
    op = dict(conn.execute(
        "SELECT g.model, SUM(c.status = 'pass') * 1.0 / COUNT(*) FROM criteria c JOIN "
        "generations g ON g.key = c.gen_key WHERE g.outcome = 'ok' AND c.status IN "
        "('pass', 'fail', 'not_found') GROUP BY g.model").fetchall())
    lost = conn.execute(
        "SELECT c.skill, SUM(CASE WHEN c.status = 'skipped' THEN c.points - c.earned END), "
        "SUM(CASE WHEN c.status IN ('fail', 'not_found') THEN c.points - c.earned END) "
        "FROM criteria c GROUP BY c.skill").fetchall()
    conn.close()
    assert len(rows) >= 2
    got = {m["model"]: m for m in summary["models"]}
    for model, n, sr, pass_rate, exec_ok in rows:
        m = got[model]
        assert m["generations"] == n
        assert m["sr"] == approx(sr) and m["pass_rate"] == approx(pass_rate)
        assert m["exec_success"] == approx(exec_ok)
        assert m["op_accuracy"] == (approx(op[model]) if model in op else None)
    skills = {r["skill"]: r for r in summary["by_skill"] if r["model"] == "(all)"}
    for skill, execution, logic in lost:
        r = skills[skill]
        assert r["lost_execution"] == approx(execution or 0)
        assert r["lost_not_found"] + r["lost_wrong"] == approx(logic or 0)


def test_every_real_generation_has_a_readable_grade_sheet(run):
    out, report = run
    conn = sqlite3.connect(out / "results.sqlite")
    gens = conn.execute("SELECT key, outcome, sandbox FROM generations").fetchall()
    conn.close()
    for key, outcome, sandbox in gens:
        page = (report / "sheets" / sheet_name(key)).read_text(encoding="utf-8")
        assert "Criteria" in page
        if outcome not in ("ok", "no_code"):
            assert "Sandbox record" in page and "Execution failure" in page
            record = json.loads(sandbox)
            for tail in ("stderr_tail", "stdout_tail"):
                last = (record.get(tail) or "").strip().splitlines()[-1:]
                for line in last:
                    escaped = line.replace("&", "&amp;").replace("<", "&lt;").replace(
                        ">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")
                    assert escaped in page, (key, tail, line)
