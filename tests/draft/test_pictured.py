"""draft/pictured.py: the clause of a step that gives values by a picture, the features it
gives, and checks marked ``origin="picture"`` and loosened: a colour within ΔE00 5, a Word
paragraph's font size as relations with the other lines of its section."""

from __future__ import annotations

import pytest

from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.pictured import mark, picture_clause, pictured_prop
from officeeval.formats import open_document
from tests.builders import docx, p

SMALL = '<w:sz w:val="32"/>'
BIG = '<w:sz w:val="52"/>'


def test_picture_clause_is_the_clause_that_names_the_picture():
    text = "中文字体黑体、三号、加粗；对齐方式和字体颜色参照示例图 `example-3.png`。"
    assert picture_clause(text).startswith("对齐方式和字体颜色")
    assert picture_clause("中文字体黑体、三号") == ""
    assert picture_clause("") == ""
    # Split at the comma before the picture's clause, and at every full stop.
    assert picture_clause("标题黑体，颜色参照示例图 example-2.png；正文宋体。如图所示设置页脚") \
        == "颜色参照示例图 example-2.png 如图所示设置页脚"


@pytest.mark.parametrize("prop, clause, want", [
    ("font.color", "封面的排版参照示例图", True),        # a whole look: everything
    ("font.color", "字号参照示例图", False),
    ("font.size", "字号参照示例图", True),
    ("shape.fill.color", "颜色参照示例图", True),
    # Each definition says which words give it (Drafting.pictured_by): an outline's
    # colour is its 轮廓.
    ("shape.outline.color", "颜色参照示例图", False),
    ("shape.outline.color", "轮廓参照示例图", True),
    ("cell.fill.color", "填充参照示例图", True),
    ("slide.hidden", "颜色参照示例图", False),           # declares none: not given
])
def test_pictured_prop_reads_the_clauses_words(prop, clause, want):
    assert pictured_prop(prop, clause) is want


@pytest.fixture
def cover(tmp_path):
    doc = open_document(docx(tmp_path, p("滨江区社区图书馆", rpr=SMALL)
                             + p("年度工作报告", rpr=BIG) + p("2026年1月", rpr=SMALL)))
    yield doc
    doc.close()


def _crit(*checks: DraftCheck) -> DraftCriterion:
    return DraftCriterion("", "font", "", list(checks), 1.0)


def test_mark_loosens_a_pictured_colour_and_keeps_a_written_value(cover):
    colour = DraftCheck("paragraph[1]", "font.color", "equals", "#1F4E79")
    font = DraftCheck("paragraph[1]", "font.east_asia", "equals", "黑体")
    count = DraftCheck("paragraph[1]", None, "count", "1")
    c = _crit(colour, font, count)
    mark(c, "中文字体黑体；颜色参照示例图 example-1.png。", cover)
    assert (colour.op, colour.tolerance, colour.origin) == ("approx", "5dE", "picture")
    assert (font.op, font.origin) == ("equals", None)       # not a feature the clause gives
    assert (count.op, count.origin) == ("count", None)
    # A value the step writes is the instruction's, even in the picture's clause.
    said = DraftCheck("paragraph[1]", "font.color", "equals", "红色")
    mark(_crit(said), "字体颜色为红色，参照示例图。", cover)
    assert said.origin is None
    # No picture: nothing changes.
    plain = DraftCheck("paragraph[1]", "font.color", "equals", "#1F4E79")
    mark(_crit(plain), "字体颜色为深蓝色。", cover)
    assert (plain.op, plain.origin) == ("equals", None)


def test_mark_writes_a_pictured_size_as_relations_with_the_other_lines(cover):
    size = DraftCheck("paragraph[text='年度工作报告']", "font.size", "equals", "一号")
    c = _crit(size)
    mark(c, "封面的排版参照示例图 `example-1.png`。", cover)
    assert [(k.select, k.prop, k.op, k.against, k.origin, k.note) for k in c.checks] == [
        ("paragraph[text='年度工作报告']", "font.size", "greater",
         "paragraph[text='滨江区社区图书馆']", "picture", "the picture shows it larger"),
        ("paragraph[text='年度工作报告']", "font.size", "greater",
         "paragraph[text='2026年1月']", "picture", "the picture shows it larger")]
    small = DraftCheck("paragraph[text='2026年1月']", "font.size", "equals", "三号")
    c2 = _crit(small)
    mark(c2, "封面的排版参照示例图。", cover)
    # The line of the same size is no relation; the larger one is.
    assert [(k.op, k.against) for k in c2.checks] == [("less", "paragraph[text='年度工作报告']")]


def test_a_pictured_size_of_a_long_section_stays_a_marked_value(tmp_path):
    doc = open_document(docx(tmp_path, p("标题", rpr=BIG) + "".join(
        p(f"第{i}段", rpr=SMALL) for i in range(1, 8))))
    try:
        k = DraftCheck("paragraph[text='标题']", "font.size", "equals", "一号")
        c = _crit(k)
        mark(c, "排版参照示例图。", doc)
        assert c.checks == [k] and (k.op, k.origin) == ("equals", "picture")
    finally:
        doc.close()
