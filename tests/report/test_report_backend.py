"""The recalculation backend's version where a reader of results looks: the store's meta,
the report's lead line and Markdown summary, the grade sheet of a card that used it, and the
console ScoreCard. A card that used no backend says nothing about one."""

from __future__ import annotations

import json
import sqlite3

from rich.console import Console

from officeeval.report.console import print_scorecard
from officeeval.report.html import write_report
from officeeval.report.sheets import sheet_name
from officeeval.runner.store import GenerationMeta, Store

from tests.analysis.synthetic import EXCEL_B, WORD_A, key_of, make_card, sandbox_for

V252 = "LibreOffice 25.2.3.2 520(Build:2)"
V248 = "LibreOffice 24.8.7.2 480(Build:2)"


def _store(outdir, backends_by_sample):
    with Store(outdir) as store:
        for sample, (app, backends) in enumerate(backends_by_sample, start=1):
            card = make_card(f"{app}-t", app, "ok", EXCEL_B if app == "excel" else WORD_A)
            card.backends = backends
            store.record(GenerationMeta(key_of(f"{app}-t", "m", sample), f"{app}-t", "m",
                                        sample, app, "2", "code"), card, sandbox_for("ok"))
    return outdir


def _meta(outdir):
    con = sqlite3.connect(outdir / "results.sqlite")
    try:
        return dict(con.execute("SELECT key, value FROM meta").fetchall())
    finally:
        con.close()


def test_the_store_lists_each_version_met_once(tmp_path):
    _store(tmp_path, [("excel", {"recalc": V252}), ("word", {}), ("excel", {"recalc": V252}),
                      ("excel", {"recalc": V248})])
    assert _meta(tmp_path)["recalc_backend"] == f"{V252}; {V248}"
    # Reopened (a resumed batch), it keeps what it had and adds nothing twice.
    _store(tmp_path, [("excel", {"recalc": V248})])
    assert _meta(tmp_path)["recalc_backend"] == f"{V252}; {V248}"


def test_no_backend_no_meta(tmp_path):
    _store(tmp_path, [("word", {}), ("excel", {})])
    assert "recalc_backend" not in _meta(tmp_path)
    out = tmp_path / "report"
    write_report(tmp_path, out)
    assert "recalculated by" not in (out / "index.html").read_text(encoding="utf-8")
    assert "recalculated by" not in (out / "summary.md").read_text(encoding="utf-8")


def test_the_report_names_the_backend(tmp_path):
    _store(tmp_path, [("excel", {"recalc": V252}), ("word", {})])
    out = tmp_path / "report"
    write_report(tmp_path, out)
    index = (out / "index.html").read_text(encoding="utf-8")
    assert f"formulas recalculated by {V252}" in index
    assert f"Formulas recalculated by {V252}." in (out / "summary.md").read_text("utf-8")
    sheets = {p.name: p.read_text(encoding="utf-8") for p in out.rglob("*.html")}
    excel = sheets[sheet_name(key_of("excel-t", "m", 1))]
    word = sheets[sheet_name(key_of("word-t", "m", 2))]
    assert f"formulas recalculated by {V252}" in excel
    assert "recalculated by" not in word
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["meta"]["recalc_backend"] == V252


def test_the_console_card_names_the_backend():
    card = make_card("excel-t", "excel", "ok", EXCEL_B)
    console = Console(record=True, width=200)
    print_scorecard(card, console)
    assert "recalculated by" not in console.export_text()
    card.backends = {"recalc": V252}
    print_scorecard(card, console)
    assert f"formulas recalculated by {V252}" in console.export_text()
