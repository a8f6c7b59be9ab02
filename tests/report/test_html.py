"""The written report: files, self-containment (no network, no scripts), grade sheets with
every criterion and the sandbox record, CSV tables, Markdown, escaping of hostile text."""

from __future__ import annotations

import csv
import importlib.util
import json
import re
import sqlite3

import pytest
from lxml import etree, html as lhtml

from officeeval.report.html import write_report
from officeeval.report.sheets import sandbox_view, sheet_name
from officeeval.runner.store import GenerationMeta, Store

from tests.analysis import synthetic


@pytest.fixture(scope="module")
def report(rich_outdir, tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    index = write_report(rich_outdir, out)
    return rich_outdir, out, index


def _rows(db, sql):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_files_written(report):
    _, out, index = report
    assert index == out / "index.html"
    for name in ("index.html", "generations.html", "summary.md", "summary.json", "tasks.csv",
                 "criteria.csv", "checks.csv"):
        assert (out / name).stat().st_size > 200, name
    parquet = importlib.util.find_spec("pyarrow") is not None
    assert (out / "tasks.parquet").exists() == parquet
    if parquet:
        import pyarrow.parquet as pq
        db = report[0] / "results.sqlite"
        for name, table in (("tasks", "generations"), ("criteria", "criteria"),
                            ("checks", "checks")):
            (count,), = _rows(db, f"SELECT COUNT(*) FROM {table}")
            assert pq.read_table(out / f"{name}.parquet").num_rows == count


def test_default_report_dir_is_outdir_report(tmp_path):
    synthetic.small_store(tmp_path)
    assert write_report(tmp_path) == tmp_path / "report" / "index.html"


def test_index_is_self_contained(report):
    _, out, _ = report
    for page in [out / "index.html", out / "generations.html",
                 *sorted((out / "sheets").iterdir())[:5]]:
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text.lower()
        assert "<link" not in text.lower() and "@import" not in text
        assert not re.search(r"url\(", text)
        # The only absolute URL is the SVG namespace, which is a name, not a fetch.
        urls = set(re.findall(r"https?://[^\s\"'<>]+", text))
        assert urls <= {"http://www.w3.org/2000/svg"}, (page, urls)
        assert not re.search(r"""(src|href)=["'](?!#|[\w./-]+\.(html|md|json|csv)\b)""",
                             text), page


def test_index_has_the_charts_and_sections(report):
    _, out, _ = report
    doc = lhtml.parse(str(out / "index.html")).getroot()
    svgs = doc.xpath("//svg")
    labels = [s.get("aria-label") for s in svgs]
    assert labels == ["Score rate per model with 95% confidence intervals",
                      "Score rate per model and skill",
                      "Points lost per generation by model: execution vs logic",
                      "Points lost per generation by skill: execution vs logic",
                      "Score distribution per model"]
    sr = svgs[0]
    # One bar per model plus the all-models bar, each with a tooltip; the 60 line is there.
    bars = [r for r in sr.iter("rect") if r.find("title") is not None]
    assert len(bars) == 5
    assert any("pass line" in (t.text or "") for t in sr.iter("title"))
    heat_cells = [r for r in svgs[1].iter("rect") if r.find("title") is not None]
    assert len(heat_cells) == 5 * 16  # (4 models + all) x 16 skills
    assert "动画效果" in "".join(svgs[1].itertext())
    for anchor in ("models", "skills", "lost", "breakdowns", "distribution", "tasks", "criteria",
                   "evaluator", "sheets"):
        assert doc.get_element_by_id(anchor) is not None
    text = doc.text_content()
    assert "Noto Sans CJK SC" in etree.tostring(doc.find(".//style"), encoding="unicode")
    assert "fonts-noto-cjk" in text


def test_every_generation_has_a_grade_sheet(report):
    db, out, _ = report
    keys = [k for (k,) in _rows(db / "results.sqlite", "SELECT key FROM generations")]
    assert len(keys) == 72
    sheets = {p.name for p in (out / "sheets").iterdir()}
    assert sheets == {sheet_name(k) for k in keys}
    listing = (out / "generations.html").read_text(encoding="utf-8")
    assert all(f'href="sheets/{sheet_name(k)}"' in listing for k in keys)


def test_sheet_of_an_executed_generation_lists_every_criterion(report):
    db, out, _ = report
    (key, n), = _rows(db / "results.sqlite",
                      "SELECT g.key, COUNT(*) FROM generations g JOIN criteria c "
                      "ON c.gen_key = g.key WHERE g.outcome = 'ok' AND g.model = 'sim-tiny' "
                      "GROUP BY g.key ORDER BY g.key LIMIT 1")
    checks = _rows(db / "results.sqlite", f"SELECT criterion_id, expected, actual, source, "
                   f"status FROM checks WHERE gen_key = '{key}' ORDER BY criterion_id, idx")
    page = lhtml.parse(str(out / "sheets" / sheet_name(key))).getroot()
    crit_rows = page.xpath("//tr[@class='crit']")
    check_rows = page.xpath("//tr[@class='check']")
    assert (len(crit_rows), len(check_rows)) == (n, len(checks))
    for row, (cid, expected, actual, source, status) in zip(check_rows, checks):
        cells = [c.text_content().strip() for c in row.xpath("td")]
        # cells: selector (3 columns wide), status, check, expected, actual, source, detail
        assert cells[1] == status and cells[3:6] == [expected, actual, source], cid
    statuses = [r.xpath("td")[3].text_content().strip() for r in crit_rows]
    stored = [s for (s,) in _rows(db / "results.sqlite", "SELECT status FROM criteria WHERE "
                                  f"gen_key = '{key}' ORDER BY criterion_id")]
    assert statuses == stored


def test_sheet_of_an_execution_failure_shows_the_sandbox(report):
    db, out, _ = report
    (key,), *_ = _rows(db / "results.sqlite",
                       "SELECT key FROM generations WHERE outcome = 'exec_error'")
    text = lhtml.parse(str(out / "sheets" / sheet_name(key))).getroot().text_content()
    assert "Execution failure (exec_error)" in text
    assert 'KeyError: "Worksheet 成绩表 does not exist."' in text  # last traceback line
    assert "Traceback (most recent call last)" in text              # stderr tail
    assert "开始处理" in text                                         # stdout tail
    assert "exit_code" in text and "skipped" in text
    assert 'Last traceback line: KeyError: "Worksheet' in " ".join(text.split())


def test_csv_tables_hold_every_row(report):
    db, out, _ = report
    for name, table in (("tasks", "generations"), ("criteria", "criteria"),
                        ("checks", "checks")):
        with open(out / f"{name}.csv", encoding="utf-8-sig", newline="") as f:
            rows = list(csv.DictReader(f))
        (count,), = _rows(db / "results.sqlite", f"SELECT COUNT(*) FROM {table}")
        assert len(rows) == count, name
    with open(out / "checks.csv", encoding="utf-8-sig", newline="") as f:
        assert "黑体" in {r["expected"] for r in csv.DictReader(f)}


def test_summary_markdown_has_the_headline_tables(report):
    _, out, _ = report
    md = (out / "summary.md").read_text(encoding="utf-8")
    for heading in ("## Per model", "## Outcomes", "## By app", "## By level",
                    "## By skill", "## Lost points per generation", "## Per task",
                    "## Criteria most often failed", "## Evaluator errors"):
        assert heading in md
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["counts"]["generations"] == 72
    assert md.count("| sim-tiny |") >= 5


def test_hostile_text_is_escaped(tmp_path):
    s = synthetic
    evil = '<img src=x onerror=alert(1)>|`'
    card = s.make_card("t<script>", "word", "ok", s.WORD_A, {"c1": ("fail", 0.0)}, {
        "c1": [s.check("font.name", "</td><script>alert(2)</script>", "<b>bold</b>", "fail",
                       select="paragraph[text*='<x>']", detail="<iframe>")]})
    with Store(tmp_path) as store:
        store.record(GenerationMeta("../../etc/passwd", "t<script>", evil, 1, "word", "<1>",
                                    "code"), card,
                     {"stderr_tail": "<script>alert(3)</script>\nline", "mode": "<b>"})
    index = write_report(tmp_path)
    pages = [index, index.parent / "generations.html", *(index.parent / "sheets").iterdir()]
    assert len(pages) == 3
    assert not (tmp_path.parent / "etc").exists()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text and "<img" not in text and "<iframe" not in text
        assert "<b>bold" not in text
    sheet = pages[2].read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(3)" in sheet and "&lt;b&gt;bold&lt;/b&gt;" in sheet
    md = (index.parent / "summary.md").read_text(encoding="utf-8")
    assert "\\|" in md  # the pipe in the model name does not break the table


def test_empty_store_still_gives_a_report(tmp_path):
    Store(tmp_path).close()
    index = write_report(tmp_path)
    text = index.read_text(encoding="utf-8")
    assert "0 graded generations" in text


def test_sheet_names_are_safe_and_distinct():
    assert sheet_name("ab12cd") == "ab12cd.html"
    odd = [sheet_name(k) for k in ("a/b", "a_b", "a?b", "../x", "")]
    assert len(set(odd)) == 5
    assert all("/" not in n and not n.startswith(".") for n in odd)


def test_sandbox_view_splits_fields_and_tails():
    v = sandbox_view({"stdout_tail": "x", "zeta": 1, "mode": "bwrap", "signal": None,
                      "warnings": [], "errno": "",
                      "limits": {"wall": 10}, "stderr_tail": "a\nb\n", "note": "one\ntwo"})
    assert [k for k, _ in v["fields"]] == ["mode", "limits", "zeta"]
    assert dict(v["fields"])["limits"] == '{"wall": 10}'
    assert dict(v["tails"]) == {"note": "one\ntwo", "stderr_tail": "a\nb\n", "stdout_tail": "x"}
    assert sandbox_view(None) is None
    assert sandbox_view([1, 2])["fields"] == [("record", "[1, 2]")]
    v = sandbox_view({"exception_type": "KeyError", "exception_line": "KeyError: 'x'"})
    assert (v["exception"], v["last_line"]) == ("KeyError", "KeyError: 'x'")
