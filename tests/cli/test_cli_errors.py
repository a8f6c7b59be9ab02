"""Bad input to the real CLI (a subprocess, as a user runs it): one line on stderr, no
traceback, and the documented exit code; selector errors keep the user's text and suggest
the nearest step; an empty selection says what is there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from officeeval import cli
from tests.builders import docx, p

REPO = Path(__file__).resolve().parents[2]
RUBRIC = REPO / "rubrics" / "word-l1-notice.xml"


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def one_line_error(res: subprocess.CompletedProcess, code: int) -> str:
    assert res.returncode == code, (res.returncode, res.stdout, res.stderr)
    assert "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


@pytest.fixture(scope="module")
def two_paragraphs(tmp_path_factory) -> Path:
    return docx(tmp_path_factory.mktemp("q"), p("关于举办读书节的通知") + p("各学院："))


def test_score_a_missing_document_exits_4(tmp_path):
    res = run("score", str(tmp_path / "missing.docx"), "--rubric", str(RUBRIC))
    assert one_line_error(res, cli.EXIT_DOCUMENT) == \
        f"cannot read document {tmp_path / 'missing.docx'}: no such file"
    assert res.stdout == ""
    res = run("score", str(REPO / "samples/word-l1-notice/input.docx"), "--rubric",
              str(RUBRIC), "--reference", str(tmp_path / "ref.docx"))
    assert "--reference" in one_line_error(res, cli.EXIT_DOCUMENT)
    res = run("score", str(tmp_path), "--rubric", str(RUBRIC))
    assert one_line_error(res, cli.EXIT_DOCUMENT).endswith("not a file")


def test_unknown_app_is_a_usage_error():
    res = run("properties", "--app", "wrod")
    assert one_line_error(res, cli.EXIT_USAGE) == \
        "unknown app 'wrod': give word, excel or ppt (did you mean 'word'?)"
    assert res.stdout == ""
    assert run("properties", "--app", "ppt", "--json").returncode == cli.EXIT_OK


@pytest.mark.parametrize("selector, message", [
    ("paragraf[1]", "--select 'paragraf[1]': column 1: unknown word selector step "
                    "'paragraf'; did you mean 'paragraph'?"),
    ("paragraph[", "--select 'paragraph[': column 10: unclosed '['"),
    ("paragraph[99]", "--select 'paragraph[99]' selects nothing: paragraph[99] is past the "
                      "end: there are 2 (paragraph[1] to paragraph[2])"),
    ("paragraph[text^='zz']", "--select \"paragraph[text^='zz']\" selects nothing: no "
                              "paragraph matches [text^='zz'] (of 2)"),
    ("table[1]/cell", "--select 'table[1]/cell' selects nothing: the word document has no "
                      "table"),
])
def test_query_selector_errors_keep_the_users_text(two_paragraphs, selector, message):
    res = run("query", str(two_paragraphs), "--select", selector, "--property", "text")
    assert one_line_error(res, cli.EXIT_USAGE) == message


def test_query_unknown_property_suggests_the_nearest(two_paragraphs):
    res = run("query", str(two_paragraphs), "-s", "paragraph[1]", "-p", "font.sise")
    assert one_line_error(res, cli.EXIT_USAGE) == \
        "unknown property 'font.sise'; did you mean 'font.size'?"


def test_query_all_but_the_title(two_paragraphs):
    res = run("query", str(two_paragraphs), "-s", "paragraph[not(text^='关于')]", "-p",
              "text", "--json")
    assert res.returncode == cli.EXIT_OK, res.stderr
    assert '"各学院："' in res.stdout and "读书节" not in res.stdout


def test_unusable_output_directories_are_usage_errors(tmp_path):
    afile = tmp_path / "notes.md"
    afile.write_text("mine\n")
    m = tmp_path / "m.jsonl"
    m.write_text('{"task": "word-l1-notice", "model": "m", "code": "print(1)"}\n')
    res = run("batch", str(m), "-o", str(afile))
    assert one_line_error(res, cli.EXIT_USAGE) == \
        f"-o {afile}: that is an existing file; give a directory"
    assert afile.read_text() == "mine\n"
    res = run("batch", str(m), "-o", str(afile / "sub"))
    assert one_line_error(res, cli.EXIT_USAGE) == \
        f"-o {afile / 'sub'}: cannot create the directory ({afile} is a file)"
    res = run("report", str(tmp_path), "-o", str(afile))
    assert one_line_error(res, cli.EXIT_USAGE).startswith(f"-o {afile}: that is an existing")


def test_tasks_with_nothing_to_list_is_a_usage_error(tmp_path):
    (tmp_path / "rubrics").mkdir()  # present but empty: nothing else is looked at
    res = run("tasks", cwd=tmp_path)
    assert one_line_error(res, cli.EXIT_USAGE) == \
        "no tasks found (looked in: rubrics); give a rubric directory: officeeval tasks DIR"


def test_tasks_outside_the_repository_lists_the_shipped_tasks_and_says_where(tmp_path):
    res = run("tasks", cwd=tmp_path)
    assert res.returncode == cli.EXIT_OK, res.stderr
    assert "word-l1-notice" in res.stdout
    n = len(list((REPO / "rubrics").glob("*.xml")))
    assert f"{n} tasks from {REPO / 'rubrics'}" in " ".join(res.stdout.split())
