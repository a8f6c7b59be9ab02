"""draft/__init__.py: ``draft`` end to end (the rubric graded for real: reference 100,
input 0, a candidate with an inserted paragraph still 100), its repair of checks the
reference fails, the steps no criterion grades, ``title_of``, and ``officeeval draft``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from officeeval import cli, evaluate
from officeeval.draft import draft, title_of
from officeeval.rubric import load_rubric
from tests.builders import docx, p

REPO = Path(__file__).resolve().parents[2]

BOLD = "<w:b/>"
SONG = '<w:rFonts w:eastAsia="黑体"/>'


def _word_task(tmp_path: Path) -> tuple[Path, Path]:
    body_in = p("社区活动通知") + p("各位居民：") + p("本周六上午九点在广场举行义诊。")
    body_ref = (p("（内部资料）") + p("社区活动通知", ppr='<w:jc w:val="center"/>',
                                    rpr=BOLD + SONG)
                + p("各位居民：") + p("本周六上午九点在广场举行义诊。"))
    return (docx(tmp_path, body_in, name="input.docx"),
            docx(tmp_path, body_ref, name="reference.docx"))


def test_word_draft_anchors_by_text_and_grades_for_real(tmp_path):
    inp, ref = _word_task(tmp_path)
    out = tmp_path / "rubric.xml"
    d = draft(inp, ref, out)
    out.write_text(d.text, encoding="utf-8")
    rubric = load_rubric(out)
    selects = {k.select for c in rubric.criteria for k in c.checks}
    # The heading is found by its text, not as paragraph[1] (a paragraph was inserted
    # before it in the reference).
    assert "paragraph[text='社区活动通知']" in selects
    assert not any(s and s.startswith("paragraph[1]") for s in selects)
    props = {(k.select, k.property, k.expected) for c in rubric.criteria for k in c.checks}
    assert ("paragraph[text='社区活动通知']", "font.east_asia", "黑体") in props
    assert ("paragraph[text='社区活动通知']", "font.bold", "true") in props
    assert ("paragraph[text='社区活动通知']", "paragraph.alignment", "居中") in props
    assert sum(c.points for c in rubric.criteria) == 100
    assert evaluate(rubric, ref).score == 100
    assert evaluate(rubric, inp).score == 0
    # A candidate who also inserts another paragraph before the heading keeps full marks.
    other = docx(tmp_path, p("附件一") + p("（内部资料）")
                 + p("社区活动通知", ppr='<w:jc w:val="center"/>', rpr=BOLD + SONG)
                 + p("各位居民：") + p("本周六上午九点在广场举行义诊。"), name="cand.docx")
    assert evaluate(rubric, other).score == 100


def test_deleted_paragraph_becomes_a_count_zero_check(tmp_path):
    inp = docx(tmp_path, p("标题") + p("旧的一段，需要删除。") + p("正文"), name="i.docx")
    ref = docx(tmp_path, p("标题") + p("正文"), name="r.docx")
    d = draft(inp, ref, tmp_path / "r.xml")
    checks = [k for c in d.criteria for k in c.checks]
    assert any(k.select == "paragraph[text='旧的一段，需要删除。']" and k.op == "count"
               and k.expected == "0" for k in checks)
    # The input earns only the preservation of the text kept in place (paragraph[1]).
    assert ("paragraph[1]", "text", "unchanged") in {(k.select, k.prop, k.op) for k in checks}
    assert d.reference_score == 100
    assert d.input_score == sum(c.points for c in d.criteria if c.preservation) <= 6


def _xlsx(path: Path, rows: list[list], title: str | None = None) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩"
    if title:
        ws.append([title])
    for r in rows:
        ws.append(r)
    wb.save(path)
    return path


def test_excel_rows_moved_down_are_matched_by_content(tmp_path):
    data = [["姓名", "语文", "数学"], ["张三", 80, 90], ["李四", 70, 60], ["王五", 88, 77]]
    inp = _xlsx(tmp_path / "in.xlsx", data)
    ref_rows = [r + (["总分"] if i == 0 else [f"=SUM(B{i + 2}:C{i + 2})"])
                for i, r in enumerate(data)]
    ref = _xlsx(tmp_path / "ref.xlsx", ref_rows, title="期末成绩表")
    d = draft(inp, ref, tmp_path / "x.xml")
    checks = [k for c in d.criteria for k in c.checks]
    # The formulas are one criterion over the range, graded by function and value.
    assert any(k.select == "sheet('成绩')/D3:D5" and k.prop == "cell.functions"
               and k.op == "contains_all" and k.expected == "SUM" for k in checks)
    assert any(k.select == "sheet('成绩')/D3:D5" and k.prop == "cell.value"
               and k.expected_from == "reference" for k in checks)
    # The moved data is not reported as changed values.
    assert not any(k.select.endswith("/A3:C5") and k.op != "unchanged" for k in checks)


def _instruction(tmp_path: Path, *lines: str) -> Path:
    f = tmp_path / "instruction.md"
    f.write_text("# w · 通知排版（一级 · Word）\n\n## 题目（中文）\n\n" + "".join(
        f"{i}. {x}\n" for i, x in enumerate(lines, start=1)), encoding="utf-8")
    return f


def test_title_of_reads_the_first_heading(tmp_path):
    assert title_of(_instruction(tmp_path, "将标题居中。")) == "通知排版"
    (tmp_path / "bare.md").write_text("# 通知\n", encoding="utf-8")
    assert title_of(tmp_path / "bare.md") == "通知"
    (tmp_path / "none.md").write_text("1. 将标题居中。\n", encoding="utf-8")
    assert title_of(tmp_path / "none.md") is None


def test_draft_header_files_steps_and_points(tmp_path):
    inp = docx(tmp_path, p("社区活动通知") + p("各位居民："), name="input.docx")
    ref = docx(tmp_path, p("社区活动通知", ppr='<w:jc w:val="center"/>') + p("各位居民："),
               name="reference.docx")
    ins = _instruction(tmp_path, "将标题居中。", "在文末插入一张图片。")
    (tmp_path / "sub").mkdir()
    d = draft(inp, ref, tmp_path / "sub" / "r.xml", instruction=ins, rubric_id="notice-x",
              title="通知", level="一级")
    assert '<rubric xmlns="urn:officeeval:rubric:1" id="notice-x" app="word" level="一级" ' \
           'total="100" pass="60" lang="zh-CN">' in d.text
    # Files relative to the rubric, the output named for the app.
    assert '<files input="../input.docx" reference="../reference.docx" ' \
           'output="output.docx"/>' in d.text
    assert [(c.id, c.skill, c.points, c.step, c.instruction) for c in d.criteria] == [
        ("c01", "paragraph", 98.0, "1", "1: 将标题居中。"), ("c02", "preserve", 2, "", "")]
    # A step no criterion grades is listed, in the draft and at the rubric's end.
    assert d.unmatched_steps == ["2: 在文末插入一张图片。"]
    assert "<!-- instruction step with no criterion: 2: 在文末插入一张图片。 -->" in d.text
    assert (d.reference_score, d.input_score) == (100.0, 2.0)
    # Page layout needs a backend: named as not drafted, not raised.
    assert "document: document.page_count unreadable (UnverifiableValue: layout backend " \
           "unavailable)" in d.flags


def test_draft_without_an_instruction_names_the_rubric_by_its_file(tmp_path):
    inp = docx(tmp_path, p("标题") + p("正文"), name="input.docx")
    ref = docx(tmp_path, p("标题", rpr="<w:b/>") + p("正文"), name="reference.docx")
    d = draft(inp, ref, tmp_path / "my-rubric.xml")
    assert 'id="my-rubric"' in d.text and "<title>my-rubric</title>" in d.text
    assert d.unmatched_steps == [] and all(c.step == "" for c in d.criteria)
    assert 'files input="input.docx"' in d.text


def test_draft_refuses_documents_of_two_apps(tmp_path):
    inp = docx(tmp_path, p("标题"), name="input.docx")
    ref = _xlsx(tmp_path / "reference.xlsx", [["标题"]])
    with pytest.raises(ValueError, match="input is a word document, reference a excel one"):
        draft(inp, ref, tmp_path / "r.xml")


def test_cli_draft_writes_a_valid_audited_rubric(tmp_path):
    sample = REPO / "samples" / "word-l1-notice"
    out = tmp_path / "notice.xml"
    res = subprocess.run([sys.executable, "-m", "officeeval", "draft",
                          str(sample / "input.docx"), str(sample / "reference.docx"),
                          "--instruction", str(sample / "instruction.md"), "-o", str(out)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert res.returncode == cli.EXIT_OK, res.stdout + res.stderr
    assert "audit: clean" in res.stdout
    text = out.read_text(encoding="utf-8")
    assert "<!-- instruction 1:" in text and "<!-- evidence:" in text
    r = load_rubric(out)
    assert sum(c.points for c in r.criteria) == 100
    assert evaluate(r, sample / "reference.docx").score == 100


def test_cli_draft_refuses_documents_of_two_apps(tmp_path):
    res = subprocess.run([sys.executable, "-m", "officeeval", "draft",
                          str(REPO / "samples/word-l1-notice/input.docx"),
                          str(REPO / "samples/ppt-l1-campus/reference.pptx"),
                          "-o", str(tmp_path / "x.xml"), "--no-audit"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == cli.EXIT_USAGE
    assert "word" in (res.stdout + res.stderr) and "ppt" in (res.stdout + res.stderr)
