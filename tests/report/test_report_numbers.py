"""The report's numbers, recomputed from the raw store by an independent path (plain SQL over
the SQLite file, no officeeval code), agree with what the report wrote: summary.json, the
model table of index.html and summary.md.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from pytest import approx

from officeeval.report.html import write_report

SQL_MODELS = """
SELECT model,
       COUNT(*)                                                        AS n,
       AVG(CASE WHEN total > 0 THEN score / total END)                 AS sr,
       AVG(CASE WHEN total > 0 THEN passed END)                        AS pass_rate,
       AVG(outcome = 'ok')                                             AS exec_success,
       SUM(total = 0)                                                  AS ungradable,
       SUM(eval_errors)                                                AS eval_errors
FROM generations GROUP BY model
UNION ALL
SELECT '(all)', COUNT(*), AVG(CASE WHEN total > 0 THEN score / total END),
       AVG(CASE WHEN total > 0 THEN passed END), AVG(outcome = 'ok'), SUM(total = 0),
       SUM(eval_errors)
FROM generations
"""
SQL_OP = """
SELECT g.model, SUM(c.status = 'pass') * 1.0 / COUNT(*)
FROM criteria c JOIN generations g ON g.key = c.gen_key
WHERE g.outcome = 'ok' AND c.status IN ('pass', 'fail', 'not_found') GROUP BY g.model
UNION ALL
SELECT '(all)', SUM(c.status = 'pass') * 1.0 / COUNT(*)
FROM criteria c JOIN generations g ON g.key = c.gen_key
WHERE g.outcome = 'ok' AND c.status IN ('pass', 'fail', 'not_found')
"""
SQL_LOST = """
SELECT g.model, c.skill,
       SUM(CASE WHEN c.status = 'skipped' THEN c.points - c.earned ELSE 0 END),
       SUM(CASE WHEN c.status = 'not_found' THEN c.points - c.earned ELSE 0 END),
       SUM(CASE WHEN c.status = 'fail' THEN c.points - c.earned ELSE 0 END),
       SUM(CASE WHEN c.status = 'eval_error' THEN c.points ELSE 0 END),
       SUM(CASE WHEN c.status != 'eval_error' THEN c.points ELSE 0 END),
       SUM(c.earned)
FROM criteria c JOIN generations g ON g.key = c.gen_key GROUP BY g.model, c.skill
"""


@pytest.fixture(scope="module")
def written(rich_outdir, tmp_path_factory):
    out = tmp_path_factory.mktemp("numbers")
    write_report(rich_outdir, out)
    conn = sqlite3.connect(rich_outdir / "results.sqlite")
    sql = {"models": conn.execute(SQL_MODELS).fetchall(),
           "op": dict(conn.execute(SQL_OP).fetchall()),
           "lost": conn.execute(SQL_LOST).fetchall()}
    conn.close()
    return out, json.loads((out / "summary.json").read_text(encoding="utf-8")), sql


def test_headline_numbers_match_sql(written):
    _, summary, sql = written
    got = {m["model"]: m for m in summary["models"]}
    assert len(sql["models"]) == len(got) == 5
    for model, n, sr, pass_rate, exec_ok, ungradable, eval_errors in sql["models"]:
        m = got[model]
        assert m["generations"] == n
        assert m["sr"] == approx(sr), model
        assert m["pass_rate"] == approx(pass_rate), model
        assert m["exec_success"] == approx(exec_ok), model
        assert m["op_accuracy"] == approx(sql["op"][model]), model
        assert (m["ungradable"], m["eval_error_criteria"]) == (ungradable, eval_errors)
        lo, hi = m["sr_ci"]
        assert lo <= m["sr"] <= hi


def test_per_skill_lost_points_match_sql(written):
    _, summary, sql = written
    got = {(r["model"], r["skill"]): r for r in summary["by_skill"]}
    for model, skill, execution, not_found, wrong, evaluator, possible, earned in sql["lost"]:
        r = got[(model, skill)]
        assert (r["lost_execution"], r["lost_not_found"], r["lost_wrong"]) == \
            (approx(execution), approx(not_found), approx(wrong)), (model, skill)
        assert r["eval_points"] == approx(evaluator)
        assert r["sr"] == (approx(earned / possible) if possible else None)
    # Totals over skills and models equal the per-model totals (nothing dropped or doubled).
    for m in summary["models"]:
        if m["model"] == "(all)":
            continue
        rows = [r for r in sql["lost"] if r[0] == m["model"]]
        assert m["lost_execution"] == approx(sum(r[2] for r in rows))
        assert m["lost_wrong"] == approx(sum(r[4] for r in rows))


def test_the_pages_show_the_same_numbers(written):
    out, _, sql = written
    html = (out / "index.html").read_text(encoding="utf-8")
    md = (out / "summary.md").read_text(encoding="utf-8")
    for model, n, sr, pass_rate, exec_ok, _, _ in sql["models"]:
        row = re.search(r"<tr[^>]*><td>" + re.escape(model) + r"</td>(.*?)</tr>", html, re.S)
        assert row, model
        cells = re.sub(r"<[^>]+>", " ", row.group(1))
        for value in (sr, pass_rate, exec_ok, sql["op"][model]):
            assert f"{value * 100:.1f}%" in cells, (model, value, cells)
        md_row = next(line for line in md.splitlines() if line.startswith(f"| {model} | {n} |"))
        assert f"{sr * 100:.1f}%" in md_row and f"{pass_rate * 100:.1f}%" in md_row


def test_rich_fixture_covers_every_outcome_and_status(rich_outdir):
    conn = sqlite3.connect(rich_outdir / "results.sqlite")
    outcomes = {r[0] for r in conn.execute("SELECT DISTINCT outcome FROM generations")}
    statuses = {r[0] for r in conn.execute("SELECT DISTINCT status FROM criteria")}
    ungradable = conn.execute("SELECT COUNT(*) FROM generations WHERE total = 0").fetchone()[0]
    conn.close()
    assert outcomes == {"ok", "exec_error", "exec_timeout", "exec_killed", "no_code",
                        "no_output", "invalid_package"}
    assert statuses == {"pass", "fail", "not_found", "skipped", "eval_error"}
    assert ungradable == 1


def test_intervals_are_reproducible(rich_outdir, tmp_path):
    a = write_report(rich_outdir, tmp_path / "a").parent / "summary.json"
    b = write_report(rich_outdir, tmp_path / "b").parent / "summary.json"
    ja, jb = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    assert [m["sr_ci"] for m in ja["models"]] == [m["sr_ci"] for m in jb["models"]]
    assert [r.get("sr_ci") for r in ja["by_skill"]] == [r.get("sr_ci") for r in jb["by_skill"]]
