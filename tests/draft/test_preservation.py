"""draft/preservation.py: the content a task keeps, as one small criterion: Word body text
whole or by the runs that keep their place and table texts; Excel constant cells, untouched
sheets and sheet names; PowerPoint slide titles, body placeholders and the slide count."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from officeeval import evaluate
from officeeval.draft import draft
from officeeval.draft.changes import diff
from officeeval.draft.preservation import preservation_criteria
from officeeval.formats import open_document
from officeeval.rubric import load_rubric
from tests.builders import docx, p

BOLD = "<w:b/>"
HEI = '<w:rFonts w:eastAsia="黑体"/>'
TABLE = '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>姓名</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'


@pytest.fixture
def kept():
    docs = []

    def _kept(inp_path, ref_path):
        inp, ref = open_document(inp_path), open_document(ref_path)
        docs.extend([inp, ref])
        got = preservation_criteria(diff(inp, ref), inp, ref)
        for c in got:
            assert (c.skill, c.description, c.preservation, c.weight) == \
                ("preserve", "原有内容未被改动", True, 0.0)
        return [(k.select, k.prop, k.op) for c in got for k in c.checks]
    yield _kept
    for d in docs:
        d.close()


def _checks(d) -> set[tuple]:
    return {(k.select, k.prop, k.op, k.expected) for c in d.criteria for k in c.checks}


def _word(tmp_path: Path, extra_ref: str = "") -> tuple[Path, Path]:
    inp = docx(tmp_path, p("社区活动通知", rpr=BOLD) + p("各位居民：")
               + p("校团委\u3000图书馆"), name="input.docx")
    ref = docx(tmp_path, extra_ref + p("社区活动通知", ppr='<w:jc w:val="center"/>',
                                       rpr=BOLD + HEI) + p("各位居民：")
               + p("校团委\u3000图书馆", ppr='<w:jc w:val="right"/>'), name="reference.docx")
    return inp, ref


# --------------------------------------------------------------------------------- Word
def test_word_text_whole_and_a_table_kept_cell_by_cell(tmp_path, kept):
    got = kept(docx(tmp_path, p("甲") + p("乙") + TABLE, name="i.docx"),
               docx(tmp_path, p("甲", rpr=BOLD) + p("乙") + TABLE, name="r.docx"))
    assert got == [("table[text^='姓名']/cell", "cell.text", "unchanged"),
                   ("paragraph", "text", "unchanged")]


def test_word_runs_that_keep_text_and_place(tmp_path, kept):
    got = kept(docx(tmp_path, p("甲") + p("乙") + p("丙") + p("丁"), name="i.docx"),
               docx(tmp_path, p("甲") + p("乙") + p("新") + p("丙") + p("丁"), name="r.docx"))
    # 丙 and 丁 moved down one place: only the run before the insertion is kept in place.
    assert got == [("paragraph[1..2]", "text", "unchanged")]


def test_word_without_text_keeps_nothing(tmp_path, kept):
    assert kept(docx(tmp_path, p(""), name="i.docx"), docx(tmp_path, p(""), name="r.docx")) \
        == []


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


# -------------------------------------------------------------------------------- Excel
def _book(path: Path, rows, sheets=("其他",), name: str = "数据") -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = name
    for r in rows:
        ws.append(r)
    for s in sheets:
        wb.create_sheet(s)
    wb.save(path)
    return path


def test_excel_constant_cells_untouched_sheets_and_names(tmp_path, kept):
    rows = [["品名", "数量"], ["笔", 2], ["本", 4]]
    got = kept(_book(tmp_path / "i.xlsx", rows), _book(tmp_path / "r.xlsx", rows))
    assert got == [("sheet('数据')/A1:B3", "cell.value", "unchanged"),
                   ("sheet('数据')", "sheet.values", "unchanged"),
                   ("sheet('其他')", "sheet.values", "unchanged"),
                   ("workbook", "workbook.sheet_names", "unchanged")]


def test_excel_a_sheet_whose_only_change_is_a_formula_is_not_kept_whole(tmp_path, kept):
    rows = [["a", "b"], [1, 2], [3, 4]]
    ref = _book(tmp_path / "r.xlsx", rows, sheets=())
    wb = openpyxl.load_workbook(ref)
    wb.active["A4"] = "=SUM(A2:A3)"
    wb.save(ref)
    got = kept(_book(tmp_path / "i.xlsx", rows, sheets=()), ref)
    # The formula changed the sheet: its constant cells are kept, not the sheet's values
    # (which the reference itself changes).
    assert ("sheet('数据')", "sheet.values", "unchanged") not in got
    assert ("workbook", "workbook.sheet_names", "unchanged") in got


def test_excel_a_typed_value_touches_its_sheet_and_small_runs_are_not_kept(tmp_path, kept):
    got = kept(_book(tmp_path / "i.xlsx", [["品名", "数量"], ["笔", 2]], sheets=()),
               _book(tmp_path / "r.xlsx", [["品名", "数量"], ["笔", 3]], sheets=()))
    # Three constant cells are no rectangle of four; the sheet's values changed.
    assert got == [("workbook", "workbook.sheet_names", "unchanged")]


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


# --------------------------------------------------------------------------- PowerPoint
def _deck(path: Path, titles) -> Path:
    pptx = pytest.importorskip("pptx")
    prs = pptx.Presentation()
    for t in titles:
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = t
        s.placeholders[1].text = "要点" + t
    prs.save(path)
    return path


def test_ppt_every_title_the_count_and_body_placeholders(tmp_path, kept):
    got = kept(_deck(tmp_path / "i.pptx", ["封面", "数据"]),
               _deck(tmp_path / "r.pptx", ["封面", "数据"]))
    assert got == [("slide", "slide.title", "unchanged"),
                   ("presentation", "slide.count", "unchanged"),
                   ("slide[title='封面']/placeholder[type='body'][1]", "text", "unchanged"),
                   ("slide[title='数据']/placeholder[type='body'][1]", "text", "unchanged")]


def test_ppt_a_slide_added_keeps_each_title_but_not_the_count(tmp_path, kept):
    got = kept(_deck(tmp_path / "i.pptx", ["封面", "数据"]),
               _deck(tmp_path / "r.pptx", ["封面", "数据", "结束"]))
    assert got == [("slide[title='封面']", "slide.title", "unchanged"),
                   ("slide[title='数据']", "slide.title", "unchanged"),
                   ("slide[title='封面']/placeholder[type='body'][1]", "text", "unchanged"),
                   ("slide[title='数据']/placeholder[type='body'][1]", "text", "unchanged")]
