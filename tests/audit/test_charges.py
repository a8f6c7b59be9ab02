"""One mistake, one charge (``audit.charges``): a breaking mutant whose one edit costs the
criteria of two instruction steps is reported as a double charge — a heading colour graded
on the style (step 4) and again on the headings (step 7) — and the same rubric with the
paragraphs graded by the style they apply (step 7's own words) has none. Steps come from
``step=`` or, without one, from the instruction step that names the criterion's values."""

from __future__ import annotations

import pytest

from officeeval.audit import audit
from officeeval.audit.charges import criterion_steps, double_charge
from officeeval.rubric import load_rubric_text
from tests.word.wbuild import NORMAL, docx, p, style

TASK = """## 题目（中文）

4. 修改“标题 1”样式：中文字体黑体、字体颜色为红色。
7. 为 2 个章标题应用“标题 1”。
"""

STYLE_RED = style("Heading1", "heading 1", '<w:rPr><w:color w:val="FF0000"/>'
                  '<w:rFonts w:eastAsia="黑体"/></w:rPr>', based_on="Normal")
STYLE_PLAIN = style("Heading1", "heading 1", "", based_on="Normal")


def _task(folder, rubric: str):
    h = '<w:pStyle w:val="Heading1"/>'
    docx(folder, p("第一章") + p("正文一") + p("第二章") + p("正文二") + "<w:sectPr/>",
         styles=NORMAL + STYLE_PLAIN, name="input.docx")
    docx(folder, p("第一章", ppr=h) + p("正文一") + p("第二章", ppr=h) + p("正文二")
         + "<w:sectPr/>", styles=NORMAL + STYLE_RED, name="reference.docx")
    (folder / "instruction.md").write_text(TASK, "utf-8")
    (folder / "rubric.xml").write_text(rubric, "utf-8")
    return folder / "rubric.xml"


HEAD = """<rubric xmlns="urn:officeeval:rubric:1" id="charges" app="word">
  <files input="input.docx" reference="reference.docx"/>
  <criterion id="style" skill="style" points="50" step="4">
    <check select="style('heading 1')" property="font.color" expected="红色"/>
    <check select="style('heading 1')" property="font.east_asia" expected="黑体"/></criterion>"""

TWICE = HEAD + """
  <criterion id="headings" skill="font" points="50" step="7">
    <check select="paragraph[style='heading 1']" property="font.color" expected="红色"/>
    <check select="paragraph[text^='第']" property="paragraph.style" expected="标题 1"/>
  </criterion></rubric>"""

ONCE = HEAD + """
  <criterion id="headings" skill="style" points="50" step="7">
    <check select="paragraph[text^='第']" property="paragraph.style" expected="标题 1"/>
  </criterion></rubric>"""


@pytest.mark.parametrize("rubric, charged", [(TWICE, True), (ONCE, False)])
def test_a_style_mistake_costs_one_step(tmp_path, rubric, charged):
    r = audit(_task(tmp_path, rubric), solutions=False).rubrics[0]
    assert r.reference_ok, r.reference_failures
    colour = [d for d in r.double_charges if "color" in d.description]
    if charged:
        assert colour and colour[0].criteria == ["headings", "style"], r.double_charges
        assert colour[0].steps == ["4", "7"]
    else:
        assert not r.double_charges, [(d.description, d.criteria) for d in r.double_charges]


def test_steps_from_the_attribute_or_the_instruction():
    r = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="s" app="word">
      <criterion id="a" skill="font" points="40">
        <description>标题 1 样式：黑体、红色</description>
        <check select="style('heading 1')" property="font.east_asia" expected="黑体"/></criterion>
      <criterion id="b" skill="style" points="40" step="7">
        <check select="paragraph[1]" property="paragraph.style" expected="标题 1"/></criterion>
      <criterion id="c" skill="text" points="20">
        <check select="paragraph[1]" property="text" expected="无关"/></criterion></rubric>""")
    assert criterion_steps(r, TASK) == {"a": "4", "b": "7", "c": "?c"}


def test_one_step_or_a_shared_step_is_no_double_charge():
    steps_of = {"a": "4", "b": "4", "c": "4,7", "d": "7"}
    assert double_charge("m1", "x", {"a": 2, "b": 1}, steps_of) is None
    assert double_charge("m1", "x", {"c": 2, "d": 1}, steps_of) is None
    assert double_charge("m1", "x", {"a": 2}, steps_of) is None
    got = double_charge("m1", "x", {"a": 2, "d": 1.5}, steps_of)
    assert (got.criteria, got.steps, got.lost) == (["a", "d"], ["4", "7"], 3.5)
