"""The README's main job on the shipped sample generations: every generation gets a row,
every outcome kind occurs, at least three simulated models, and ``batch`` exits 0."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples" / "generations.jsonl"
README = REPO / "README.md"
OUTCOMES = {"ok", "exec_error", "exec_timeout", "exec_killed", "no_code", "no_output",
            "invalid_package"}


def test_generations_file_is_up_to_date():
    res = subprocess.run([sys.executable, str(REPO / "samples" / "build_generations.py"),
                          "--check"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr


@pytest.mark.slow
def test_sample_batch_grades_every_generation(tmp_path):
    out = tmp_path / "sample-run"
    res = subprocess.run([sys.executable, "-m", "officeeval", "batch", str(SAMPLES), "-o",
                          str(out)], capture_output=True, text=True, cwd=REPO, timeout=1200)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    lines = [json.loads(x) for x in SAMPLES.read_text(encoding="utf-8").splitlines() if x]
    con = sqlite3.connect(out / "results.sqlite")
    rows = con.execute("SELECT task, model, sample, outcome FROM generations").fetchall()
    assert sorted((r[0], r[1], r[2]) for r in rows) == sorted(
        (x["task"], x["model"], x.get("sample", 1)) for x in lines)
    assert {r[3] for r in rows} == OUTCOMES
    models = {r[1] for r in rows}
    assert len(models) >= 3 and all(m.startswith("sim-") for m in models)
    assert con.execute("SELECT COUNT(*) FROM manifest_issues").fetchone()[0] == 0
    # the hostile generations are classified as documented in samples/hostile/README.md
    hostile = dict(con.execute("SELECT sample, outcome FROM generations WHERE model = "
                               "'sim-hostile'").fetchall())
    if json.loads(con.execute("SELECT sandbox FROM generations WHERE model = 'sim-hostile' "
                              "AND sample = 1").fetchone()[0])["mode"] == "bwrap":
        assert hostile == {1: "exec_error", 2: "exec_error", 3: "ok", 4: "exec_killed",
                           5: "exec_killed", 6: "exec_timeout", 7: "exec_killed",
                           8: "exec_killed", 9: "invalid_package", 10: "no_output"}
    # sim-hostile is marked hostile in the manifest: stored, and left out of "(all)"
    marked = dict(con.execute("SELECT g.model, max(m.hostile) FROM generations g JOIN "
                              "generation_marks m ON m.gen_key = g.key GROUP BY g.model"))
    assert marked == {"sim-alpha": 0, "sim-beta": 0, "sim-gamma": 0, "sim-hostile": 1}
    report = out / "report" / "index.html"
    try:
        import officeeval.report.html  # noqa: F401
    except ImportError:
        assert "Batch summary" in res.stdout
    else:
        assert report.is_file()
        summary = json.loads((out / "report" / "summary.json").read_text("utf-8"))
        assert summary["headline"]["left_out"] == [
            {"model": "sim-hostile", "why": "marked hostile in the manifest"}]
        assert {m["model"]: m["generations"] for m in summary["models"]}["(all)"] == \
            len(lines) - 10
    # The README says how many workbooks the sample batch recalculates: it must be true.
    from officeeval import recalc
    if recalc.available():
        said = re.search(r"On the sample batch, (\d+) recalculations", README.read_text(
            encoding="utf-8"))
        done = re.search(r"recalculated (\d+) workbooks", " ".join(res.stdout.split()))
        assert said and done and said.group(1) == done.group(1), (said, done)
    # word-l2-report grades its layout: its graded documents' pages are kept beside them
    # and shown in their grade sheets (none without LibreOffice: the checks are eval_errors).
    from officeeval import recalc
    kept = sorted((out / "documents").glob("*.pages/pages.json"))
    if recalc.available():
        assert kept
        key = kept[0].parent.name[:-len(".pages")]
        if report.is_file():
            sheet = (out / "report" / "sheets" / f"{key}.html").read_text("utf-8")
            assert "data:image/png;base64," in sheet and "rendered (LibreOffice" in sheet
    else:
        assert not kept
