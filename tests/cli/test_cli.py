"""The command line, run as a user would (a subprocess of the installed entry point), with
exit codes from the one table in officeeval.cli."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from officeeval import cli
from tests.builders import docx, p, style

REPO = Path(__file__).resolve().parents[2]
RUBRIC = REPO / "rubrics" / "word-l1-notice.xml"
SAMPLE = REPO / "samples" / "word-l1-notice"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=120)


def test_score_json_gives_the_reference_100():
    res = run("score", str(SAMPLE / "reference.docx"), "--rubric", str(RUBRIC), "--json")
    assert res.returncode == cli.EXIT_OK, res.stderr
    card = json.loads(res.stdout)
    assert card["score"] == 100 and card["passed"] and card["outcome"] == "ok"
    assert len(card["criteria"]) == 25


def test_score_table_shows_reasons_for_lost_points():
    res = run("score", str(SAMPLE / "input.docx"), "--rubric", str(RUBRIC))
    assert res.returncode == cli.EXIT_OK
    assert "FAIL" in res.stdout and "黑体" in res.stdout and "score 2" in res.stdout


def test_broken_document_gives_an_invalid_package_scorecard(tmp_path):
    bad = tmp_path / "out.docx"
    bad.write_bytes(b"PK\x03\x04 truncated")
    res = run("score", str(bad), "--rubric", str(RUBRIC), "--json")
    assert res.returncode == cli.EXIT_OK
    assert "Traceback" not in res.stderr
    card = json.loads(res.stdout)
    assert card["outcome"] == "invalid_package" and card["score"] == 0
    assert card["outcome_detail"].startswith("not_a_zip")


def test_validate_exit_codes(tmp_path):
    assert run("validate", str(RUBRIC)).returncode == cli.EXIT_OK
    bad = tmp_path / "bad.xml"
    bad.write_text('<rubric xmlns="urn:officeeval:rubric:1" id="b" app="word" total="5">'
                   '<criterion id="c" skill="s" points="5"><check select="paragrap" '
                   'property="font.bold" expected="true"/></criterion></rubric>')
    res = run("validate", str(bad))
    assert res.returncode == cli.EXIT_RUBRIC
    assert "did you mean 'paragraph'" in res.stdout
    res = run("score", str(SAMPLE / "input.docx"), "--rubric", str(bad))
    assert res.returncode == cli.EXIT_RUBRIC and "line 1" in res.stderr


def test_query_and_inspect(tmp_path):
    styles = style("Normal", "Normal", '<w:rPr><w:rFonts w:eastAsia="仿宋"/></w:rPr>',
                   default=True)
    path = docx(tmp_path, p("通知") + p("正文"), styles=styles)
    res = run("query", str(path), "--select", "paragraph", "--property", "font.east_asia",
              "--json")
    assert res.returncode == cli.EXIT_OK
    rows = json.loads(res.stdout)
    assert [(r["target"], r["value"], r["source"]) for r in rows] == [
        ("paragraph[1]", "仿宋", "style:Normal"), ("paragraph[2]", "仿宋", "style:Normal")]
    res = run("query", str(path), "--select", "paragraph[", "--property", "text")
    assert res.returncode == cli.EXIT_USAGE and "column 10" in res.stderr
    res = run("inspect", str(path), "--json")
    assert res.returncode == cli.EXIT_OK
    rows = json.loads(res.stdout)
    assert {"target": "paragraph[2]", "property": "text", "value": "正文"}.items() <= \
        next(r for r in rows if r["target"] == "paragraph[2]" and r["property"] == "text").items()
    assert not any(r.get("error") for r in rows)
    res = run("inspect", str(tmp_path / "missing.docx"))
    assert res.returncode == cli.EXIT_DOCUMENT


def test_catalog_listings():
    res = run("properties", "--app", "word", "--json")
    assert res.returncode == cli.EXIT_OK
    props = {r["name"]: r for r in json.loads(res.stdout)}
    assert props["font.size"]["type"] == "size" and props["font.size"]["unit"] == "pt"
    assert all(r["description"] for r in props.values())
    res = run("comparators", "--json")
    names = {r["name"] for r in json.loads(res.stdout)}
    assert {"equals", "approx", "between", "unchanged", "count", "contains_all"} <= names


def test_inspect_lays_out_only_when_asked(tmp_path):
    path = docx(tmp_path, p("通知") + p("正文"))
    res = run("inspect", str(path), "--json")
    assert res.returncode == cli.EXIT_OK
    rows = json.loads(res.stdout)
    pages = [r for r in rows if r["property"] == "layout.page"]
    assert pages and all(r["rendered"].startswith("(not laid out") for r in pages)
    assert "--layout" in run("inspect", "--help").stdout
