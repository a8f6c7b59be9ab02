"""draft/render.py: the drafted rubric as readable XML, escaped, with evidence, instruction
steps and notes as comments, and what was not drafted at the end."""

from __future__ import annotations

from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.render import xml
from officeeval.rubric import load_rubric_text


def _criteria() -> list[DraftCriterion]:
    bold = DraftCriterion("c01", "font", "标题：font.bold true",
                          [DraftCheck("paragraph[text='a&b']", "font.bold", "equals", "true",
                                      note="input: false")], 1.0, points=97.5,
                          evidence=["x -- y"], instruction="1: 标题加粗。", step="1")
    keep = DraftCriterion("c02", "mystery", "<保持>", [DraftCheck("paragraph", "text",
                                                                 "unchanged")], 0,
                          points=2.5, preservation=True)
    return [bold, keep]


def test_xml_writes_every_part_escaped():
    text = xml(_criteria(), rubric_id='r"1', app="word", title="A & B",
               files={"input": "i.docx", "reference": "", "output": "o.docx"}, level=None,
               header=["h1--"], footer=["f1\nf2"])
    assert text == """<?xml version="1.0" encoding="UTF-8"?>
<!-- h1— -->
<rubric xmlns="urn:officeeval:rubric:1" id='r"1' app="word" total="100" pass="60" lang="zh-CN">
  <title>A &amp; B</title>
  <files input="i.docx" output="o.docx"/>
  <skill id="font" name="字体格式"/>
  <skill id="mystery" name="mystery"/>

  <!-- instruction 1: 标题加粗。 -->
  <!-- evidence: x — y -->
  <criterion id="c01" skill="font" points="97.5" step="1">
    <description>标题：font.bold true</description>
    <check select="paragraph[text='a&amp;b']" property="font.bold" op="equals" expected="true"/>  <!-- input: false -->
  </criterion>

  <criterion id="c02" skill="mystery" points="2.5">
    <description>&lt;保持&gt;</description>
    <check select="paragraph" property="text" op="unchanged"/>
  </criterion>

  <!-- f1 f2 -->
</rubric>
"""


def test_xml_is_a_rubric_the_loader_reads():
    crit = _criteria()
    crit[1].skill = "preserve"
    crit[0].points, crit[1].points = 98, 2
    text = xml(crit, rubric_id="notice", app="word", title="通知", level="一级",
               files={"input": "input.docx", "reference": "reference.docx",
                      "output": "output.docx"}, header=[], footer=["not drafted: x--"])
    assert ' level="一级" ' in text and 'points="98"' in text
    rubric = load_rubric_text(text, "notice.xml")
    assert [(c.id, c.points) for c in rubric.criteria] == [("c01", 98), ("c02", 2)]
    k = rubric.criteria[0].checks[0]
    assert (k.select, k.property, k.expected) == ("paragraph[text='a&b']", "font.bold", "true")
    assert rubric.criteria[0].step == "1"


def test_a_comment_never_ends_with_a_dash():
    text = xml([], rubric_id="r", app="excel", title="t", files={}, level=None,
               header=["ends with -"], footer=["a--b-"])
    assert "<!-- ends with  -->" in text and "<!-- a—b -->" in text
    assert "<skill" not in text and "<criterion" not in text
