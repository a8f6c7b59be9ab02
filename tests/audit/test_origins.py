"""Where a rubric's literals come from (``audit.origins``): the instruction, the input, an
example picture (marked by the author) or the reference alone. A selector that finds a
created object by a name only the reference has is an error; an unmarked expected value
only the reference has is a finding; truth values are implied by a step's verb. Built on a
small deck (python-pptx) with its instruction beside the input."""

from __future__ import annotations

import pytest
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Cm, Pt

from officeeval.audit import audit
from officeeval.audit.origins import (COMPARED, ERROR, FINDING, IMPLIED, INPUT,
                                      INSTRUCTION, PICTURE, REFERENCE, selector_literals)
from officeeval.rubric import load_rubric_text

TASK_TEXT = """# 测试

## 题目（中文）

1. 第 1 张幻灯片的标题字号为 48 磅，加粗。
2. 在右下角添加一个形状，名称为“返回首页”，填充颜色参照示例图 `example-1.png`。
3. 在左上角添加一个文本框，文字为“欢迎”。
"""


def _deck(path, *, reference: bool) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "开幕"
    if reference:
        slide.shapes.title.text_frame.paragraphs[0].runs[0].font.size = Pt(48)
        slide.shapes.title.text_frame.paragraphs[0].runs[0].font.bold = True
        home = slide.shapes.add_shape(1, Cm(20), Cm(15), Cm(3), Cm(2))
        home.name = "返回首页"
        home.fill.solid()
        home.fill.fore_color.rgb = RGBColor(0x12, 0x34, 0x56)
        box = slide.shapes.add_textbox(Cm(1), Cm(1), Cm(4), Cm(1))
        box.name = "TextBox 7"
        box.text_frame.text = "欢迎"
    prs.save(path)


RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="origins" app="ppt">
  <files input="input.pptx" reference="reference.pptx"/>
  <criterion id="c1" skill="font" points="20">
    <check select="slide[1]/title" property="font.size" expected="48pt"/>
    <check select="slide[1]/title" property="font.bold" expected="true"/></criterion>
  <criterion id="c2" skill="object" points="20">
    <check select="slide[1]/shape[name='返回首页']" property="shape.fill.color"
           expected="#123456"/></criterion>
  <criterion id="c3" skill="object" points="20">
    <check select="slide[1]/shape[name='返回首页']" property="shape.fill.color" op="approx"
           expected="#123456" tolerance="5dE" origin="picture"/></criterion>
  <criterion id="c4" skill="text" points="20">
    <check select="slide[1]/shape[name='TextBox 7']" property="text" expected="欢迎"/></criterion>
  <criterion id="c5" skill="object" points="20">
    <check select="slide[1]/shape[name='返回首页']" property="shape.left"
           expected-from="reference"/></criterion>
</rubric>"""


@pytest.fixture(scope="module")
def audited(tmp_path_factory):
    d = tmp_path_factory.mktemp("origins")
    _deck(d / "input.pptx", reference=False)
    _deck(d / "reference.pptx", reference=True)
    (d / "instruction.md").write_text(TASK_TEXT, "utf-8")
    (d / "rubric.xml").write_text(RUBRIC, "utf-8")
    return audit(d / "rubric.xml", mutate=False).rubrics[0]


def _row(audited, cid, where, prop=None):
    rows = [o for o in audited.origins if o.criterion == cid and o.where == where
            and (prop is None or prop in o.check)]
    assert rows, (cid, where, [(o.criterion, o.where) for o in audited.origins])
    return rows[0]


def test_values_the_instruction_names(audited):
    assert _row(audited, "c1", "expected", "font.size").origin == INSTRUCTION  # 48 磅
    assert _row(audited, "c1", "expected", "font.bold").origin == IMPLIED      # 加粗
    assert _row(audited, "c2", "select").origin == INSTRUCTION                 # 返回首页
    assert _row(audited, "c4", "expected").origin == INSTRUCTION               # 欢迎


def test_a_created_object_found_by_a_reference_only_name_is_an_error(audited):
    row = _row(audited, "c4", "select")
    assert (row.literal, row.origin, row.finding) == ("TextBox 7", REFERENCE, ERROR)
    assert "only the reference has" in row.note
    assert audited.origin_errors == [row]
    assert not audited.clean()


def test_an_unmarked_reference_only_value_is_a_finding_and_a_marked_one_is_not(audited):
    unmarked = _row(audited, "c2", "expected")
    marked = _row(audited, "c3", "expected")
    assert (unmarked.origin, unmarked.finding) == (REFERENCE, FINDING)
    assert (marked.origin, marked.finding) == (PICTURE, "")


def test_the_reference_s_own_position_is_a_finding(audited):
    row = _row(audited, "c5", "expected")
    assert (row.origin, row.finding) == (COMPARED, FINDING)


def test_the_untouched_input_s_values_are_input(tmp_path):
    from officeeval.audit.origins import literal_origins
    from officeeval.formats import open_document
    _deck(tmp_path / "input.pptx", reference=False)
    r = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="i" app="ppt">
      <criterion id="c" skill="text" points="100">
      <check select="slide[1]/title" property="text" expected="开幕"/></criterion></rubric>""")
    doc = open_document(tmp_path / "input.pptx")
    try:
        rows = literal_origins(r, "", doc, doc, {("c", 0): "pass"})
    finally:
        doc.close()
    assert [(o.where, o.origin) for o in rows] == [("expected", INPUT)]


def test_a_value_the_instruction_names_in_no_form_is_the_reference_s(tmp_path):
    # 1line is cut into the piece the steps would say, 1倍, which is its own only piece: it
    # was looked for again and again until Python's recursion limit stopped the draft.
    from officeeval.audit.origins import literal_origins
    from officeeval.formats import open_document
    _deck(tmp_path / "input.pptx", reference=False)
    r = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="i" app="ppt">
      <criterion id="c" skill="paragraph" points="100">
      <check select="slide[1]/title" property="paragraph.line_spacing" expected="1line"/>
      <check select="slide[1]/title" property="paragraph.line_spacing" expected="1.5倍"/>
      </criterion></rubric>""")
    doc = open_document(tmp_path / "input.pptx")
    try:
        rows = literal_origins(r, TASK_TEXT, doc, doc, {("c", 0): "fail", ("c", 1): "fail"})
    finally:
        doc.close()
    assert [o.origin for o in rows] == [REFERENCE, REFERENCE]


@pytest.mark.parametrize("selector, literals", [
    ("slide[title='开幕']/shape[name='返回首页']", ["开幕", "返回首页"]),
    ("sheet('汇总')/B2:E5", ["汇总"]),
    ("'成绩'!A1:F1[font.bold=true]", ["成绩"]),
    ("paragraph[not(text^='关于')][2..]", ["关于"]),
    ("slide[2]/placeholder[type='body']", []),           # a token, not a literal
    ("paragraph[text~='^[一二三]、']", []),                 # a pattern, not a text
    ("section[1]/paragraph[text~='\\S'][not(text='2025年度工作报告')]", ["2025年度工作报告"]),
])
def test_selector_literals(selector, literals):
    assert selector_literals(selector) == literals
