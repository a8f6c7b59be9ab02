"""draft/anchors.py: every reference target gets a selector that finds it by content (text,
section number, first table cell, sheet and address, slide title, placeholder role), a
created object is found by kind and order unless the instruction names it, and every
selector selects exactly its target."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from officeeval.draft.anchors import (
    anchors, by_order, created, numbered, quote, safe_select, selects_exactly, text_anchor,
)
from officeeval.draft.anchors_excel import excel_anchors
from officeeval.draft.anchors_ppt import ppt_anchors
from officeeval.draft.anchors_word import word_anchors
from tests.builders import docx, p, style

LONG_A = "本年度全馆共接待读者二十万人次，同比增长百分之十，其中少儿读者占三成以上。"
LONG_B = "本年度全馆共接待读者二十万人次，同比增长百分之十，其中老年读者占两成左右。"
SECT = '<w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr>'
TABLE = ('<w:tbl><w:tr><w:tc><w:p><w:r><w:t>姓名</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r>'
         '<w:t>年龄</w:t></w:r></w:p></w:tc></w:tr><w:tr><w:tc><w:p><w:r><w:t>张三</w:t>'
         '</w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>30</w:t></w:r></w:p></w:tc></w:tr></w:tbl>')


def _paras(doc):
    ts = safe_select(doc, "paragraph")
    return ts, [t.predicate_value("text") or "" for t in ts]


# ------------------------------------------------------------------------ small helpers
def test_quote_switches_to_double_quotes_for_an_apostrophe():
    assert quote("调查背景") == "'调查背景'"
    assert quote("it's") == '"it\'s"'


@pytest.mark.parametrize("words, unit, want", [
    ("将文档分为三节，第 3 节为正文，第一节为封面。", "节", {1, 3}),
    ("第十节和第十二节", "节", {10, 12}),
    ("第2张幻灯片和第 5 节", "张", {2}),
    ("第二十节", "节", set()),            # only 十, 十N and single digits are read
    ("", "节", set()),
])
def test_numbered_reads_the_numbers_a_step_gives(words, unit, want):
    assert numbered(words, unit) == want


def test_text_anchor_whole_text_prefix_or_none(tmp_path, opened):
    doc = opened(docx(tmp_path, p("调查报告") + p(LONG_A + "另附表格。") + p("调查报告")
                      + p("") + p("落款" + LONG_B)))
    ts, texts = _paras(doc)
    # A short text duplicated elsewhere: no anchor of it.
    assert text_anchor(doc, "paragraph", ts[0], texts[0], texts) is None
    # A long text: its shortest unique prefix, at least six characters.
    assert text_anchor(doc, "paragraph", ts[1], texts[1], texts) == \
        "paragraph[text^='本年度全馆共']"
    assert text_anchor(doc, "paragraph", ts[3], texts[3], texts) is None      # empty
    assert text_anchor(doc, "paragraph", ts[4], texts[4], texts) == \
        f"paragraph[text^='{('落款' + LONG_B)[:6]}']"


def test_long_texts_sharing_their_first_24_characters_get_no_anchor(tmp_path, opened):
    doc = opened(docx(tmp_path, p(LONG_A) + p(LONG_B)))
    ts, texts = _paras(doc)
    assert [text_anchor(doc, "paragraph", t, x, texts) for t, x in zip(ts, texts)] == \
        [None, None]


def test_selects_exactly_and_safe_select(tmp_path, opened):
    doc = opened(docx(tmp_path, p("甲") + p("乙")))
    ts, _ = _paras(doc)
    assert selects_exactly(doc, "paragraph[2]", ts[1])
    assert not selects_exactly(doc, "paragraph[1]", ts[1])     # another target
    assert not selects_exactly(doc, "paragraph", None)         # two targets
    assert selects_exactly(doc, "paragraph[text='甲']", None)
    assert not selects_exactly(doc, "paragraph[[", None)       # unparsable: no raise
    assert safe_select(doc, "paragraph[[") == []


def test_created_and_by_order(tmp_path, opened):
    inp = opened(docx(tmp_path, p("甲") + p("丙"), name="i.docx"))
    ref = opened(docx(tmp_path, p("甲") + p("乙") + p("丙"), name="r.docx"))
    assert created(inp, "paragraph[text='乙']")
    assert not created(inp, "paragraph[text='甲']")
    assert not created(None, "paragraph[text='乙']")      # nothing to compare with
    ts, _ = _paras(ref)
    assert by_order(ref, "paragraph", ts[1]) == "paragraph[2]"
    assert by_order(ref, "table", ts[1]) is None           # not among the tables


# --------------------------------------------------------------------------------- Word
def _word(tmp_path: Path) -> Path:
    styles = (style("Heading1", "heading 1") + style("Unused", "未使用")
              + style("Mine", "我的样式").replace("<w:style ", '<w:style w:customStyle="1" ')
              + style("Normal", "Normal", default=True))
    body = (p("封面标题") + f"<w:p>{SECT}</w:p>"
            + p("一、总体情况", ppr='<w:pStyle w:val="Heading1"/>') + p(LONG_A) + p(LONG_B)
            + TABLE + p("校团委\u3000图书馆"))
    return docx(tmp_path, body, styles=styles, name="r.docx")


def test_word_anchors_by_text_section_snippet_style_and_first_cell(tmp_path, opened):
    ref = opened(_word(tmp_path))
    got = {(a.group, a.selector) for a in word_anchors(ref)}
    assert {("document", "document"),
            ("paragraph", "paragraph[text='封面标题']"),
            ("paragraph", "paragraph[text='一、总体情况']"),
            # A full-width space is part of the text a selector compares.
            ("paragraph", "paragraph[text='校团委\u3000图书馆']"),
            # Sections by a snippet of their longest body text, not their headings.
            ("section", "section[text*='封面标题']"),
            ("section", f"section[text*='{LONG_A[:12]}']"),
            # Styles in use or custom; an unused built-in one is no target.
            ("style", "style('heading 1')"), ("style", "style('我的样式')"),
            ("style", "style('Normal')"),
            ("table", "table[text^='姓名']"),
            ("table_row", "table[text^='姓名']/row[2]"),
            ("table_cell", "table[text^='姓名']/cell(2,1)")} <= got
    assert not any("未使用" in s for _, s in got)
    # The two long paragraphs share their first 24 characters, the empty one has no text.
    assert sum(1 for g, _ in got if g == "paragraph") == 3


def test_word_sections_by_the_number_the_instruction_gives(tmp_path, opened):
    ref = opened(_word(tmp_path))
    secs = [a.selector for a in word_anchors(ref, None, "第 2 节为正文") if a.group == "section"]
    assert secs == ["section[text*='封面标题']", "section[2]"]
    one = opened(docx(tmp_path, p("甲"), name="one.docx"))
    assert [a.selector for a in word_anchors(one) if a.group == "section"] == ["section"]


def test_word_toc_result_paragraphs_get_no_anchor(tmp_path, opened):
    toc = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
           'xml:space="preserve"> TOC \\o "1-2" \\h </w:instrText></w:r><w:r>'
           '<w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>（右键更新域）</w:t></w:r>'
           '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    ref = opened(docx(tmp_path, p("目录") + toc + p("正文")))
    got = [(a.group, a.selector) for a in word_anchors(ref)]
    assert ("toc", "toc[1]") in got
    assert not any("右键更新域" in s for _, s in got)
    assert ("paragraph", "paragraph[text='目录']") in got


# -------------------------------------------------------------------------------- Excel
def _book(path: Path, rows, sheets=(), table=None) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩"
    for r in rows:
        ws.append(r)
    for s in sheets:
        wb.create_sheet(s)
    if table:
        from openpyxl.worksheet.table import Table
        ws.add_table(Table(displayName=table, ref="A1:B2"))
    wb.save(path)
    return path


def test_excel_cells_cover_both_documents_used_ranges(tmp_path, opened):
    inp = opened(_book(tmp_path / "i.xlsx", [["姓名", "分数"], ["甲", 1]]))
    ref = opened(_book(tmp_path / "r.xlsx", [["姓名"], ["甲"]], sheets=["汇总"]))
    got = excel_anchors(ref, inp)
    cells = [(a.selector, a.extra) for a in got if a.group == "cell"]
    # B1:B2 are empty in the reference and filled in the input: anchored all the same.
    assert cells == [("sheet('成绩')/A1", {"sheet": "成绩", "row": 1, "col": 1}),
                     ("sheet('成绩')/B1", {"sheet": "成绩", "row": 1, "col": 2}),
                     ("sheet('成绩')/A2", {"sheet": "成绩", "row": 2, "col": 1}),
                     ("sheet('成绩')/B2", {"sheet": "成绩", "row": 2, "col": 2})]
    assert all(a.parent == "sheet('成绩')" for a in got if a.group == "cell")
    assert [a.selector for a in got if a.group == "sheet"] == ["sheet('成绩')", "sheet('汇总')"]
    assert got[0].selector == "workbook"
    assert [a.selector for a in got if a.group == "column"] == ["sheet('成绩')/column('A')"]


def test_excel_created_table_by_order_unless_the_instruction_names_it(tmp_path, opened):
    rows = [["名称", "场次"], ["甲", 3]]
    inp = opened(_book(tmp_path / "i.xlsx", rows))
    ref = opened(_book(tmp_path / "r.xlsx", rows, table="Table2"))
    assert [a.selector for a in anchors(ref, inp) if a.group == "table"] == \
        ["sheet('成绩')/table[1]"]
    named = anchors(ref, inp, "将区域转换为表格，表名称为“Table2”。")
    assert [a.selector for a in named if a.group == "table"] == ["sheet('成绩')/table('Table2')"]


# --------------------------------------------------------------------------- PowerPoint
pptx = pytest.importorskip("pptx")


def _deck(path: Path, chart: bool = False, titles=("封面", "数据", "结束")) -> Path:
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Cm
    prs = pptx.Presentation()
    for t in titles:
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = t
        s.placeholders[1].text = "第一点\n第二点"
    if chart:
        data = CategoryChartData()
        data.categories = ["甲", "乙"]
        data.add_series("客流", (1, 2))
        prs.slides[1].shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Cm(3), Cm(4), Cm(10),
                                       Cm(8), data)
    prs.save(path)
    return path


def test_ppt_slides_by_title_shapes_by_role_created_chart_by_kind(tmp_path, opened):
    inp = opened(_deck(tmp_path / "i.pptx"))
    ref = opened(_deck(tmp_path / "r.pptx", chart=True))
    got = ppt_anchors(ref, inp)
    assert [a.selector for a in got if a.group == "slide"] == \
        ["slide[title='封面']", "slide[title='数据']", "slide[title='结束']"]
    shapes = [a.selector for a in got if a.group == "shape"]
    assert shapes[:2] == ["slide[title='封面']/title",
                          "slide[title='封面']/placeholder[type='body'][1]"]
    assert "slide[title='数据']/chart[1]" in shapes
    assert not any("Chart" in s for s in shapes)
    assert "slide[title='结束']/placeholder[type='body'][1]/paragraph[text='第二点']" in \
        [a.selector for a in got if a.group == "slide_paragraph"]
    assert ("master_shape", "master[1]/title") in {(a.group, a.selector) for a in got}
    assert ("layout", "layout('Title Only')") in {(a.group, a.selector) for a in got}


def test_ppt_slides_sharing_a_title_are_found_by_position(tmp_path, opened):
    doc = opened(_deck(tmp_path / "d.pptx", titles=("封面", "数据", "数据")))
    assert [a.selector for a in anchors(doc) if a.group == "slide"] == \
        ["slide[title='封面']", "slide[2]", "slide[3]"]
