"""draft/restated.py: checks that restate another check, or grade what no document can
fix, are dropped (one mistake, one charge); long cell lists are compared with the
reference's."""

from __future__ import annotations

import pytest

from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.restated import drop_restated, one_value, restated
from officeeval.formats import open_document
from tests.builders import docx, p

SECT = '<w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr>'
PAGE_FIELD = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
              'xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar '
              'w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar '
              'w:fldCharType="end"/></w:r></w:p>')


@pytest.fixture
def word(tmp_path):
    doc = open_document(docx(tmp_path, p("封面") + f"<w:p>{SECT}</w:p>" + p("第一章", rpr="<w:b/>")
                             + p("正文。")))
    yield doc
    doc.close()


def _c(*checks: DraftCheck) -> DraftCriterion:
    return DraftCriterion("", "x", "", list(checks), 1.0)


@pytest.mark.parametrize("check", [
    DraftCheck("sheet('a')/A1", "cell.display_fits", "equals", "true"),
    DraftCheck("toc[1]", "field.switches", "equals", "o|h|z|u"),
    DraftCheck("slide[1]/shape[1]", "shape.region", "equals", "右下角"),
    DraftCheck("style('heading 1')", "paragraph.style", "equals", "Normal"),
    DraftCheck("style('toc 1')", "font.size", "equals", "五号"),
    DraftCheck("style('目录 2')", "font.bold", "equals", "true"),
    DraftCheck("slide[1]/placeholder[type='sldNum']", "text", "equals", "3"),
    DraftCheck("section[2]/footer[default]", "footer.text", "equals", " 12 "),
    DraftCheck("section[2]/header[default]", "header.text", "equals", "iv"),
    # No section of this document shows a page number: its format is nobody's.
    DraftCheck("section[2]", "page_numbers.format", "equals", "decimal"),
])
def test_restated_alone(check, word):
    assert restated(check, _c(check), word)


@pytest.mark.parametrize("check", [
    DraftCheck("paragraph[3]", "font.bold", "equals", "true"),
    DraftCheck("section[2]/footer[default]", "footer.text", "equals", "第 3 页"),
    DraftCheck("style('heading 1')", "font.size", "equals", "三号"),
    # The first paragraph of the first section: a page break is its own edit.
    DraftCheck("paragraph[1]", "paragraph.page_break_before", "equals", "true"),
])
def test_not_restated(check, word):
    assert not restated(check, _c(check), word)


def test_a_page_break_before_a_section_start_is_the_section_breaks(word):
    k = DraftCheck("paragraph[3]", "paragraph.page_break_before", "equals", "true")
    assert restated(k, _c(k), word)


def test_a_page_number_format_where_a_footer_shows_one_is_kept(tmp_path):
    sect = ('<w:sectPr><w:footerReference w:type="default" r:id="rIdF1"/>'
            '<w:pgNumType w:fmt="upperRoman"/></w:sectPr>')
    doc = open_document(docx(tmp_path, p("正文") + sect, footers={"rIdF1": PAGE_FIELD}))
    try:
        k = DraftCheck("section", "page_numbers.format", "equals", "upperRoman")
        assert not restated(k, _c(k), doc)
    finally:
        doc.close()


def test_restated_in_the_company_of_other_checks(word):
    cf = DraftCheck("sheet('a')/conditional_format[1]", "cf.formula", "equals", "$B2>60")
    cells = DraftCheck("sheet('a')/conditional_format[1]", "cf.cells", "equals", "B2|B3")
    assert restated(cf, _c(cf, cells), word) and not restated(cf, _c(cf), word)
    display = DraftCheck("sheet('a')/C2", "cell.display", "equals", "¥12.00")
    formula = DraftCheck("sheet('a')/C2", "cell.has_formula", "equals", "true")
    assert restated(display, _c(display, formula), word)
    assert not restated(display, _c(display), word)


def test_drop_restated_across_criteria(word):
    shape = DraftCriterion("", "font", "", [
        DraftCheck("slide[1]/shape[1]", "font.bold", "equals", "true"),
        DraftCheck("slide[1]/shape[1]", "font.bold", "equals", "true"),        # twice
        DraftCheck("slide[1]/shape[1]/paragraph[1]", "font.bold", "equals", "true"),
        DraftCheck("slide[1]/shape[1]/paragraph[2]", "font.size", "equals", "24pt"),
        DraftCheck("slide[1]/shape[1]", "shape.width", "approx", "8cm"),
        DraftCheck("slide[1]/shape[1]", "image.width", "approx", "8cm"),
        DraftCheck("slide[1]/shape[1]", "hyperlink.target", "equals", "slide[2]"),
        DraftCheck("slide[1]/shape[1]/paragraph[1]", "hyperlink.target", "equals",
                   "slide[2]")], 1.0)
    table = DraftCriterion("", "table", "", [
        DraftCheck("table[1]", "table.alignment", "equals", "居中"),
        DraftCheck("table[1]/row[1]", "table.alignment", "equals", "居中"),
        DraftCheck("table[1]/row[2]", "table.alignment", "equals", "左对齐"),
        DraftCheck("paragraph[2]", "caption.position", "equals", "below"),
        DraftCheck("paragraph[5]", "caption.position", "equals", "above"),
        DraftCheck("paragraph[5]", "caption.label", "equals", "表")], 1.0)
    smart = DraftCriterion("", "smartart", "", [
        DraftCheck("slide[2]/smartart[1]", "text", "equals", "甲|乙"),
        DraftCheck("slide[2]/smartart[1]", "smartart.nodes", "equals", "甲|乙"),
        DraftCheck("slide[2]/smartart[1]", "smartart.categories", "equals", "list"),
        DraftCheck("slide[2]/smartart[1]", "smartart.layout", "equals", "基本列表")], 1.0)
    cells = "|".join(f"B{i}" for i in range(2, 24))
    cf = DraftCriterion("", "conditional", "", [
        DraftCheck("sheet('a')/conditional_format[1]", "cf.cells", "equals", cells)], 1.0)
    drop_restated([shape, table, smart, cf], word)
    assert [(k.select, k.prop) for k in shape.checks] == [
        ("slide[1]/shape[1]", "font.bold"),
        ("slide[1]/shape[1]/paragraph[2]", "font.size"),
        ("slide[1]/shape[1]", "image.width"),
        ("slide[1]/shape[1]/paragraph[1]", "hyperlink.target")]
    assert [(k.select, k.prop) for k in table.checks] == [
        ("table[1]", "table.alignment"), ("table[1]/row[2]", "table.alignment"),
        ("paragraph[5]", "caption.position"), ("paragraph[5]", "caption.label")]
    assert [k.prop for k in smart.checks] == ["smartart.nodes", "smartart.layout"]
    k = cf.checks[0]
    assert (k.expected, k.expected_from) == (None, "reference")


def test_drop_restated_keeps_a_short_cell_list_and_empty_criteria(word):
    k = DraftCheck("sheet('a')/conditional_format[1]", "cf.cells", "equals", "B2|B3")
    c, empty = _c(k), _c()
    drop_restated([c, empty], word)
    assert (c.checks, k.expected, empty.checks) == ([k], "B2|B3", [])


def test_one_value_of_exactly_one_target(word):
    assert one_value(word, "paragraph[3]", "font.bold") is True
    assert one_value(word, "paragraph", "font.bold") is None       # several targets
    assert one_value(word, "paragraph[9]", "font.bold") is None    # none
    assert one_value(word, "paragraph[[", "font.bold") is None     # unparsable
