"""Relations (``against=``): a check whose expected value is another selection's value in
the graded document itself — "the report name larger than the other cover lines" — judged
on Word paragraphs built inline, with every outcome: pass, fail with the pair that broke,
nothing selected on either side, a target compared only with itself, another property of
the same type, and the loader's refusals."""

from __future__ import annotations

import pytest

from officeeval.errors import RubricError
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from tests.word.wbuild import docx, p


def _rubric(checks: str):
    return load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="font" points="100">{checks}</criterion></rubric>""")


def _cover(tmp_path, title_pt: int, other_pt: int = 12, name: str = "cover.docx"):
    size = lambda pt: f'<w:sz w:val="{pt * 2}"/>'
    body = (p("滨江区社区图书馆", rpr=size(other_pt)) + p("2025年度工作报告", rpr=size(title_pt))
            + p("滨江区文化服务中心 编", rpr=size(other_pt)) + p("", rpr=size(40))
            + "<w:sectPr/>")
    return docx(tmp_path, body, name=name)


GREATER = """<check select="paragraph[text='2025年度工作报告']" property="font.size" op="greater"
                   against="paragraph[text~='\\S'][not(text='2025年度工作报告')]"/>"""


@pytest.mark.parametrize("title_pt, other_pt, passed", [
    (36, 12, True),     # much larger: the picture's words hold at any larger size
    (22, 12, True),
    (12, 12, False),    # the same size is not larger
    (10, 12, False),
])
def test_larger_than_the_other_lines(tmp_path, title_pt, other_pt, passed):
    card = evaluate(_rubric(GREATER), _cover(tmp_path, title_pt, other_pt))
    k = card.criteria[0].checks[0]
    assert k.passed is passed, (k.expected, k.actual, k.detail)
    assert k.status == ("pass" if passed else "fail")
    if not passed:
        assert f"not > paragraph[1]'s {other_pt}pt" in k.detail.replace(".0pt", "pt")


def test_every_pair_must_hold_and_the_failure_names_the_other_target(tmp_path):
    size = lambda pt: f'<w:sz w:val="{pt * 2}"/>'
    body = (p("一", rpr=size(12)) + p("标题", rpr=size(20)) + p("二", rpr=size(24))
            + "<w:sectPr/>")
    card = evaluate(_rubric("""<check select="paragraph[text='标题']" property="font.size"
        op="greater" against="paragraph[not(text='标题')]"/>"""), docx(tmp_path, body))
    k = card.criteria[0].checks[0]
    assert not k.passed and "paragraph[3]" in k.detail and "24pt" in k.detail


def test_nothing_selected_on_either_side_is_not_found(tmp_path):
    path = _cover(tmp_path, 36)
    none_left = evaluate(_rubric("""<check select="paragraph[text='没有']" property="font.size"
        op="greater" against="paragraph[1]"/>"""), path).criteria[0].checks[0]
    none_right = evaluate(_rubric("""<check select="paragraph[2]" property="font.size"
        op="greater" against="paragraph[text='没有']"/>"""), path).criteria[0].checks[0]
    assert (none_left.status, none_right.status) == ("not_found", "not_found")
    assert "matched nothing" in none_right.detail


def test_a_target_compared_only_with_itself_is_not_a_pass(tmp_path):
    k = evaluate(_rubric("""<check select="paragraph[2]" property="font.size" op="equals"
        against="paragraph[2]"/>"""), _cover(tmp_path, 36)).criteria[0].checks[0]
    assert not k.passed and k.status == "not_found"


def test_against_property_reads_another_property_of_the_same_type(tmp_path):
    body = (p("正文", ppr='<w:spacing w:before="240" w:after="120"/>') + "<w:sectPr/>")
    rubric = _rubric("""<check select="paragraph[1]" property="paragraph.space_before"
        op="greater" against="paragraph[1][text='正文']" against-property="paragraph.space_after"/>""")
    k = evaluate(rubric, docx(tmp_path, body)).criteria[0].checks[0]
    # the same paragraph on both sides is left out: nothing to compare with
    assert k.status == "not_found"
    body2 = (p("正文", ppr='<w:spacing w:before="240"/>')
             + p("后文", ppr='<w:spacing w:after="120"/>') + "<w:sectPr/>")
    rubric2 = _rubric("""<check select="paragraph[1]" property="paragraph.space_before"
        op="greater" against="paragraph[2]" against-property="paragraph.space_after"/>""")
    k2 = evaluate(rubric2, docx(tmp_path, body2, name="two.docx")).criteria[0].checks[0]
    assert k2.passed, (k2.expected, k2.actual, k2.detail)


@pytest.mark.parametrize("check, message", [
    ('<check select="paragraph[1]" property="font.size" op="contains" against="paragraph[2]"/>',
     "against= relates two values"),
    ('<check select="paragraph[1]" property="font.size" op="greater" expected="12pt" '
     'against="paragraph[2]"/>', "give no expected="),
    ('<check select="paragraph[1]" op="count" expected="1" against="paragraph[2]"/>',
     "give property="),
    ('<check select="paragraph[1]" property="font.size" op="greater" against="paragrph[2]"/>',
     "against='paragrph[2]'"),
    ('<check select="paragraph[1]" property="font.size" op="greater" against="paragraph[2]" '
     'against-property="font.bold"/>', "cannot be compared"),
    ('<check select="paragraph[1]" property="font.size" op="greater" '
     'against-property="font.size" expected="1"/>', "against-property= needs against="),
    ('<check select="paragraph[1]" property="font.size" expected="12pt" origin="reference"/>',
     "needs reason="),
])
def test_the_loader_refuses_what_cannot_be_a_relation(check, message):
    with pytest.raises(RubricError) as info:
        _rubric(check)
    assert message in str(info.value), str(info.value)


def test_marks_and_steps_load(tmp_path):
    r = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="font" points="100" step="4, 7">
        <check select="paragraph[1]" property="font.color" expected="#1F4E79"
               origin="picture" reason="example-3.png"/></criterion></rubric>""")
    c = r.criteria[0]
    assert c.step == "4,7"
    assert (c.checks[0].origin, c.checks[0].reason) == ("picture", "example-3.png")
    with pytest.raises(RubricError):
        load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
          <criterion id="c" skill="font" points="100" step="第四步">
          <check select="paragraph[1]" property="font.bold" expected="true"/></criterion>
          </rubric>""")
