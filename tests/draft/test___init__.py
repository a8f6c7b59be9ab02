"""officeeval draft: anchors by content, comparators, points, instruction steps, and the
drafted rubric graded for real (reference 100, input 0, a candidate with an inserted
paragraph still 100)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from officeeval import cli, evaluate
from officeeval.catalog import catalog
from officeeval.draft import draft, title_of
from officeeval.draft.changes import _sheet_shifts
from officeeval.draft.anchors import anchors
from officeeval.draft.instruction import match, steps
from officeeval.draft.criteria import DraftCriterion, assign_points, literal
from officeeval.formats import open_document
from officeeval.rubric import load_rubric
from officeeval.properties.types.lengths import Measure
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
    i_doc, r_doc = open_document(inp), open_document(ref)
    try:
        shifts = _sheet_shifts(i_doc, anchors(r_doc, i_doc), {})
    finally:
        i_doc.close()
        r_doc.close()
    assert shifts == {"sheet('成绩')": (1, 0)}
    d = draft(inp, ref, tmp_path / "x.xml")
    checks = [k for c in d.criteria for k in c.checks]
    # The formulas are one criterion over the range, graded by function and value.
    assert any(k.select == "sheet('成绩')/D3:D5" and k.prop == "cell.functions"
               and k.op == "contains_all" and k.expected == "SUM" for k in checks)
    assert any(k.select == "sheet('成绩')/D3:D5" and k.prop == "cell.value"
               and k.expected_from == "reference" for k in checks)
    # The moved data is not reported as changed values.
    assert not any(k.select.endswith("/A3:C5") and k.op != "unchanged" for k in checks)


@pytest.mark.parametrize("prop, value, want", [
    ("font.size", Measure(pt=16.0), "三号"),
    ("font.size", Measure(pt=13.0), "13pt"),
    ("font.bold", True, "true"),
    ("paragraph.indent.first_line", Measure(pt=None, chars=2.0), "2char"),
    ("page.margin.left", Measure(pt=85.05), "3cm"),
    ("font.east_asia", "黑体", "黑体"),
])
def test_literal_is_what_an_author_writes(prop, value, want):
    vtype = catalog().get(prop).type_for("word")
    assert literal(vtype, value, prop) == want
    vtype.parse(want)  # and it parses back


def test_points_sum_to_100_by_weight_with_halves_when_many():
    few = [DraftCriterion("", "s", "", [], w) for w in (1, 1, 4)]
    assign_points(few)
    assert sum(c.points for c in few) == 100
    assert few[2].points > few[0].points
    many = [DraftCriterion("", "s", "", [], 1.0) for _ in range(150)]
    many.append(DraftCriterion("", "preserve", "", [object()], 0, preservation=True))
    assign_points(many)
    assert sum(c.points for c in many) == 100
    assert all(c.points >= 0.5 and float(c.points * 2).is_integer() for c in many)


def test_instruction_steps_and_matching(tmp_path):
    md = ("# word-x · 通知排版（一级 · Word）\n\n## 题目（中文）\n\n"
          "1. 将标题设置为黑体、二号，居中。\n2. 正文首行缩进 2 字符，1.5 倍行距。\n"
          "   - 段后 0.5 行；\n\n## Task (English translation)\n\n1. Title: SimHei.\n")
    f = tmp_path / "instruction.md"
    f.write_text(md, encoding="utf-8")
    st = steps(md)
    assert [s.number for s in st] == ["1", "2", "2.1"]
    assert match(["黑体", "二号"], st).number == "1"
    assert match(["2char", "1.5line"], st).number == "2"
    assert match(["0.5line"], st).number == "2.1"
    assert match(["楷体"], st) is None
    assert title_of(f) == "通知排版"


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
