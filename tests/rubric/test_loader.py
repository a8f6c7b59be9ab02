"""The rubric loader: a valid rubric loads into the model; a broken one reports every
problem with its line (and column inside a selector)."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.errors import RubricError
from officeeval.rubric import load_rubric, load_rubric_text

GOOD = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="demo" app="word" level="1" total="10">
  <title>演示</title>
  <files input="in.docx" reference="ref.docx" output="output.docx"/>
  <skill id="font" name="字体"/>
  <criterion id="c1" skill="font" points="6" scoring="partial">
    <description>标题</description>
    <check select="paragraph[1]" property="font.east_asia" expected="黑体" points="4"/>
    <check select="paragraph[1]" property="font.size" op="approx" expected="二号" tolerance="0.5pt" points="2"/>
  </criterion>
  <criterion id="c2" skill="font" points="4">
    <check select="paragraph" property="text" op="unchanged"/>
  </criterion>
</rubric>"""


def test_good_rubric_builds_the_model(tmp_path):
    path = tmp_path / "r.xml"
    path.write_text(GOOD, encoding="utf-8")
    r = load_rubric(path)
    assert (r.id, r.app, r.level, r.total, r.pass_mark) == ("demo", "word", "1", 10.0, 6.0)
    assert r.files.input == str(tmp_path / "in.docx") and r.files.output == "output.docx"
    c1, c2 = r.criteria
    assert c1.scoring == "partial" and [k.points for k in c1.checks] == [4.0, 2.0]
    assert c1.checks[1].expected_value.pt == 22.0
    assert c1.checks[1].tolerance_value.absolute == 0.5
    assert c1.checks[0].line == 8
    assert c2.is_preservation and not c1.is_preservation
    assert len(r.sha256) == 64


BAD = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="bad" app="word" total="10" pass="6">
  <skill id="font"/>
  <criterion id="c1" skill="font" points="4">
    <check select="paragraph[1]" property="font.sise" expected="11pt"/>
    <check select="paragrap[1]" property="font.bold" expected="maybe"/>
  </criterion>
  <criterion id="c1" skill="fnt" points="3" colour="red">
    <check select="paragraph" property="paragraph.line_spacing" op="equal" expected="1.5"/>
  </criterion>
  <criterion id="c3" skill="font" points="2.25">
    <check select="section" property="font.bold" expected="true"/>
    <check select="paragraph[" op="count" expected=">=x"/>
    <check select="paragraph" property="font.bold"/>
  </criterion>
</rubric>"""


def test_bad_rubric_reports_every_problem_with_its_line():
    with pytest.raises(RubricError) as info:
        load_rubric_text(BAD, "bad.xml")
    issues = info.value.issues
    text = "\n".join(str(i) for i in issues)
    expected = [
        (5, "unknown property 'font.sise'; did you mean 'font.size'?"),
        (6, "'maybe' is not a boolean"),
        (6, "did you mean 'paragraph'?"),
        (8, "'colour' attribute not allowed"),
        (8, "criterion id 'c1' already used on line 4"),
        (8, "skill 'fnt' is not declared; did you mean 'font'?"),
        (9, "unknown comparator 'equal'; did you mean 'equals'?"),
        (11, "must be a whole or half number"),
        (12, "font.bold does not apply to section targets"),
        (13, "'>=x' is not a count"),
        (13, "unclosed '['"),
        (14, "needs expected=, expected-from= or against="),
        (2, "criterion points sum to 9.25, but total is 10"),
    ]
    for line, fragment in expected:
        assert any(i.line == line and fragment in i.message for i in issues), \
            f"missing line {line}: {fragment}\n{text}"
    col = [i for i in issues if "unclosed" in i.message][0]
    assert col.column == 10
    assert [i.line or 0 for i in issues] == sorted(i.line or 0 for i in issues)


def test_malformed_xml_is_one_located_issue():
    with pytest.raises(RubricError) as info:
        load_rubric_text("<rubric xmlns='urn:officeeval:rubric:1'>\n<criterion", "x.xml")
    assert info.value.issues[0].line == 2


def test_unreadable_file():
    with pytest.raises(RubricError) as info:
        load_rubric(Path("/nonexistent/r.xml"))
    assert "cannot read" in str(info.value)


def test_shipped_rubrics_validate(repo):
    paths = sorted((repo / "rubrics").glob("*.xml"))
    assert paths, "no shipped rubrics"
    for path in paths:
        load_rubric(path)


def _one(check: str, app: str = "word"):
    return load_rubric_text(
        f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="{app}" total="1">'
        f'<criterion id="c1" skill="s" points="1">{check}</criterion></rubric>')


def _issues(check: str, app: str = "word") -> str:
    with pytest.raises(RubricError) as info:
        _one(check, app)
    return "\n".join(i.message for i in info.value.issues)


@pytest.mark.parametrize("check", [
    '<check select="comment" op="absent"/>',
    '<check select="paragraph[text*=\'附件\']" op="exists"/>',
    '<check select="comment" op="not_exists"/>',
])
def test_presence_without_a_property_is_valid(check):
    assert _one(check).criteria[0].checks[0].property is None


def test_other_comparators_still_need_a_property():
    assert "a check needs a property" in _issues('<check select="comment" op="equals" '
                                                 'expected="x"/>')


@pytest.mark.parametrize("xpath,op,expected,value", [
    ("count(//w:tbl)", "greater_equal", "1", 1.0),
    ("sum(//w:sz/@w:val) div 2", "between", "10..30", None),
    ("boolean(//w:tbl)", "equals", "true", True),
    ("not(//w:tbl)", "equals", "否", False),
    ("string(//w:t[1])", "equals", "3", "3"),
])
def test_xpath_results_are_typed_at_load_time(xpath, op, expected, value):
    k = _one(f'<check part="word/document.xml" xpath="{xpath}" op="{op}" '
             f'expected="{expected}"/>').criteria[0].checks[0]
    if value is not None:
        assert k.expected_value == value and type(k.expected_value) is type(value)


@pytest.mark.parametrize("check", [
    '<check part="word/document.xml" xpath="//w:t" op="greater" expected="3"/>',
    '<check part="word/document.xml" xpath="string(//w:t)" op="less_equal" expected="3"/>',
    '<check select="paragraph[1]" property="text" op="greater_equal" expected="a"/>',
    '<check select="paragraph[1]" property="paragraph.alignment" op="between" '
    'expected="left..right"/>',
])
def test_ordering_comparators_on_values_without_order_are_rubric_errors(check):
    assert "has no order" in _issues(check)


@pytest.mark.parametrize("check,fragment", [
    ('<check select="paragraph[1]" property="font.color" op="approx" expected="#FF0000" '
     'tolerance="10%"/>', "not a percentage"),
    ('<check select="paragraph[1]" property="font.color" op="approx" expected="#FF0000" '
     'tolerance="300"/>', "at most 255"),
    ('<check select="paragraph[1]" property="text" op="equals" expected="x" '
     'tolerance="1"/>', "does not apply to text"),
    ('<check select="paragraph[1]" property="font.bold" expected="true" tolerance="1"/>',
     "does not apply to bool"),
    ('<check select="paragraph[1]" property="font.size" op="approx" expected="12pt" '
     'tolerance="-1pt"/>', "negative"),
])
def test_tolerances_that_mean_nothing_are_rubric_errors(check, fragment):
    assert fragment in _issues(check)


def test_a_colour_tolerance_is_a_channel_difference():
    k = _one('<check select="paragraph[1]" property="font.color" op="approx" '
             'expected="#FF0000" tolerance="8"/>').criteria[0].checks[0]
    assert k.tolerance_value.absolute == 8
