"""`officeeval report`: one batch, two batches compared, and the error exits."""

from __future__ import annotations

import json
import shutil

from typer.testing import CliRunner

from officeeval.cli import app
from officeeval.runner.store import GenerationMeta, Store

from tests.analysis import synthetic

runner = CliRunner()


def test_report_one_batch(small_outdir, tmp_path):
    out = tmp_path / "rep"
    r = runner.invoke(app, ["report", str(small_outdir), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert (out / "index.html").is_file() and (out / "summary.md").is_file()
    assert "sim-alpha" in r.output and "42.5%" in r.output  # SR of sim-alpha, hand-summed
    assert str(out / "index.html") in r.output.replace("\n", "")


def test_report_default_directory(tmp_path):
    synthetic.small_store(tmp_path)
    r = runner.invoke(app, ["report", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "report" / "index.html").is_file()


def _run_b(small_outdir, tmp_path):
    b = tmp_path / "b"
    b.mkdir()
    shutil.copy(small_outdir / "results.sqlite", b / "results.sqlite")
    s = synthetic
    with Store(b) as store:  # sim-beta's word sample 1 now passes everything
        store.record(GenerationMeta(s.key_of("word-l1-a", "sim-beta", 1), "word-l1-a",
                                    "sim-beta", 1, "word", "1", "code"),
                     s.make_card("word-l1-a", "word", "ok", s.WORD_A), None)
    return b


def test_report_compares_two_batches(small_outdir, tmp_path):
    b = _run_b(small_outdir, tmp_path)
    out = tmp_path / "cmp"
    r = runner.invoke(app, ["report", str(small_outdir), str(b), "-o", str(out)])
    assert r.exit_code == 0, r.output
    cmp = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    # B1 goes from 40 to 100: sim-beta SR +0.6 / 5 gradable generations.
    beta = next(m for m in cmp["models"] if m["model"] == "sim-beta")
    assert abs(beta["sr_delta"] - 0.12) < 1e-9
    assert (cmp["flipped_total"], cmp["gained"], cmp["lost"]) == (2, 2, 0)
    md = (out / "compare.md").read_text(encoding="utf-8")
    assert "| sim-beta | 8.0%" in md and "+12.0 pts" in md
    assert "| word-l1-a | c1 | font | 1 | 0 |" in md
    html = (out / "compare.html").read_text(encoding="utf-8")
    assert "+12.0 pts" in html and "<script" not in html
    assert "+12.0 pts" in r.output and "2 criterion result(s) flipped" in r.output


def test_compare_links_grade_sheets_when_reports_exist(small_outdir, tmp_path):
    b = _run_b(small_outdir, tmp_path)
    a = tmp_path / "a"
    a.mkdir()
    shutil.copy(small_outdir / "results.sqlite", a / "results.sqlite")
    for d in (a, b):
        assert runner.invoke(app, ["report", str(d)]).exit_code == 0
    assert runner.invoke(app, ["report", str(a), str(b)]).exit_code == 0
    html = (b / "report" / "compare.html").read_text(encoding="utf-8")
    assert 'href="../../a/report/sheets/' in html and 'href="sheets/' in html


def test_missing_store_is_a_usage_error(tmp_path):
    r = runner.invoke(app, ["report", str(tmp_path / "nothing")])
    assert r.exit_code == 2
    assert "no results store" in r.output
    assert not (tmp_path / "nothing").exists()  # reporting never creates a store


def test_three_directories_is_a_usage_error(tmp_path):
    r = runner.invoke(app, ["report", str(tmp_path), str(tmp_path), str(tmp_path)])
    assert r.exit_code == 2


def test_the_page_says_which_models_the_headline_pools(small_outdir, tmp_path):
    out = tmp_path / "rep"
    r = runner.invoke(app, ["report", str(small_outdir), "-o", str(out),
                            "--headline-models", "sim-beta"])
    assert r.exit_code == 0, r.output
    said = "(all) pools sim-beta; left out: sim-alpha (not in --headline-models) (chosen " \
           "with --headline-models)."
    assert said in r.output.replace("\n", " ")
    assert said in (out / "summary.md").read_text(encoding="utf-8")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "headline-pool" in page and "left out: sim-alpha" in page
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    models = {m["model"]: m for m in summary["models"]}
    assert models["(all)"]["sr"] == models["sim-beta"]["sr"]
    assert models["(all)"]["sr_ci"] == models["sim-beta"]["sr_ci"]
    bad = runner.invoke(app, ["report", str(small_outdir), "-o", str(tmp_path / "x"),
                              "--headline-models", "sim-omega"])
    assert bad.exit_code == 2 and "no model 'sim-omega'" in bad.output
    assert not (tmp_path / "x").exists()  # refused before anything was written


def test_output_to_a_log_is_not_folded_at_80_columns(small_outdir, tmp_path):
    """Without a terminal and without COLUMNS (nohup, CI, `| tee`): a long path stays on
    its line, and the per-model table is not squeezed."""
    import os
    import subprocess
    import sys
    out = tmp_path / ("a-rather-long-directory-name-for-the-report-" * 2) / "rep"
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    res = subprocess.run([sys.executable, "-m", "officeeval", "report", str(small_outdir),
                          "-o", str(out)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    assert f"report: {out / 'index.html'}" in res.stdout.splitlines()
    assert any(len(line) > 80 for line in res.stdout.splitlines())
