"""What the drafter recovers beyond the changes: values the instruction names that the input
already had, the exception a step states, the content the task keeps (Word body text,
Excel values whose format changed, renamed sheets, PowerPoint slide count and placeholders),
and anchors for texts with full-width spaces."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from officeeval import evaluate
from officeeval.draft import draft
from officeeval.rubric import load_rubric
from tests.builders import docx, p

REPO = Path(__file__).resolve().parents[2]
BOLD = "<w:b/>"
HEI = '<w:rFonts w:eastAsia="黑体"/>'


def _checks(d) -> set[tuple]:
    return {(k.select, k.prop, k.op, k.expected) for c in d.criteria for k in c.checks}


def _instruction(tmp_path: Path, *lines: str) -> Path:
    f = tmp_path / "instruction.md"
    f.write_text("# t · 测试\n\n## 题目（中文）\n\n" + "\n".join(
        f"{i}. {t}" for i, t in enumerate(lines, start=1)) + "\n", encoding="utf-8")
    return f


def _word(tmp_path: Path, extra_ref: str = "") -> tuple[Path, Path]:
    inp = docx(tmp_path, p("社区活动通知", rpr=BOLD) + p("各位居民：")
               + p("校团委\u3000图书馆"), name="input.docx")
    ref = docx(tmp_path, extra_ref + p("社区活动通知", ppr='<w:jc w:val="center"/>',
                                       rpr=BOLD + HEI) + p("各位居民：")
               + p("校团委\u3000图书馆", ppr='<w:jc w:val="right"/>'), name="reference.docx")
    return inp, ref


def test_a_value_the_step_names_is_checked_though_the_input_had_it(tmp_path):
    inp, ref = _word(tmp_path)
    instr = _instruction(tmp_path, "将标题设置为黑体、加粗，居中。", "落款右对齐。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=instr)
    got = _checks(d)
    assert ("paragraph[text='社区活动通知']", "font.bold", "equals", "true") in got
    bold = [k for c in d.criteria for k in c.checks if k.prop == "font.bold"]
    assert bold[0].note == "the same in the input; step 1 names it"
    # It joins the criterion of the changed font, so the untouched input earns only the
    # preservation points.
    assert d.reference_score == 100
    assert d.input_score == sum(c.points for c in d.criteria if c.preservation) > 0
    # Without an instruction nothing names it: no check.
    plain = draft(inp, ref, tmp_path / "p.xml")
    assert not any(k[1] == "font.bold" for k in _checks(plain))


def test_a_text_with_a_full_width_space_is_anchored_as_written(tmp_path):
    inp, ref = _word(tmp_path)
    d = draft(inp, ref, tmp_path / "r.xml")
    assert ("paragraph[text='校团委\u3000图书馆']", "paragraph.alignment", "equals",
            "右对齐") in _checks(d)


def test_word_body_text_is_preserved_whole_or_by_runs(tmp_path):
    inp, ref = _word(tmp_path)
    d = draft(inp, ref, tmp_path / "r.xml")
    assert ("paragraph", "text", "unchanged", None) in _checks(d)
    # A paragraph inserted at the top shifts every position: no run keeps its place.
    (tmp_path / "b").mkdir()
    inp2, ref2 = _word(tmp_path / "b", extra_ref=p("（内部资料）"))
    d2 = draft(inp2, ref2, tmp_path / "r2.xml")
    assert not any(k[2] == "unchanged" and k[0].startswith("paragraph") for k in _checks(d2))
    # Appended at the end: the three paragraphs before it keep text and place.
    inp3 = docx(tmp_path, p("甲") + p("乙") + p("丙"), name="i3.docx")
    ref3 = docx(tmp_path, p("甲") + p("乙") + p("丙") + p("丁"), name="r3.docx")
    d3 = draft(inp3, ref3, tmp_path / "r3.xml")
    assert ("paragraph[1..3]", "text", "unchanged", None) in _checks(d3)
    out = tmp_path / "r3.xml"
    out.write_text(d3.text, encoding="utf-8")
    rubric = load_rubric(out)
    assert evaluate(rubric, ref3).score == 100
    changed = docx(tmp_path, p("甲") + p("乙改") + p("丙") + p("丁"), name="c3.docx")
    assert evaluate(rubric, changed).score < 100


def test_excel_values_kept_when_only_their_format_changed_and_the_sheet_renamed(tmp_path):
    def book(path: Path, title: str, fmt: str | None) -> Path:
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = title
        ws.append(["商品", "单价", "数量"])
        for r in (["笔", 2.5, 10], ["本", 6.0, 3], ["尺", 1.2, 5], ["胶", 3.0, 2]):
            ws.append(r)
        if fmt:
            for row in ws["B2:B5"]:
                row[0].number_format = fmt
        wb.save(path)
        return path
    inp = book(tmp_path / "in.xlsx", "Sheet1", None)
    ref = book(tmp_path / "ref.xlsx", "价目", "0.00")
    d = draft(inp, ref, tmp_path / "x.xml")
    got = _checks(d)
    assert ("sheet('价目')/B2:B5", "cell.number_format", "equals", "0.00") in got
    # The values of B2:B5 are kept too, on the renamed sheet found by its position.
    assert ("sheet[1]/A1:C5", "cell.value", "unchanged", None) in got
    assert d.reference_score == 100


def test_the_exception_a_step_states_and_the_slides_count_are_drafted(tmp_path):
    sample = REPO / "samples" / "ppt-l2-museum"
    d = draft(sample / "input.pptx", sample / "reference.pptx", tmp_path / "museum.xml",
              instruction=sample / "instruction.md")
    checks = [k for c in d.criteria for k in c.checks]
    title_slide = [k for k in checks if k.note.startswith("the exception step 6")]
    assert {(k.prop, k.expected) for k in title_slide} == {
        ("slide.date.visible", "false"), ("slide.number.visible", "false"),
        ("slide.footer.visible", "false")}
    assert len({k.select for k in title_slide}) == 1
    assert ("presentation", "slide.count", "unchanged", None) in _checks(d)
    assert d.reference_score == 100


