"""style.next when a style's next style is itself: Word and python-docx then omit ``w:next``
(ISO 29500 17.7.4.10), and the value is the style itself (source ``default``), not nothing."""

from __future__ import annotations

from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from tests.word.wbuild import NORMAL, docx, p, style, values

STYLES = (NORMAL
          + style("Heading1", "heading 1", '<w:next w:val="Normal"/>', based_on="Normal")
          + style("a5", "报告正文", "", based_on="Normal", custom=True)
          + style("a6", "引文", '<w:next w:val="a6"/>', based_on="Normal", custom=True)
          + style("a7", "强调字", "", kind="character")
          + style("a8", "悬空", '<w:next w:val="NoSuchStyle"/>', based_on="Normal"))


def test_next_style_omitted_is_the_style_itself(tmp_path):
    path = docx(tmp_path, p("x"), styles=STYLES)
    got = {sel: values(path, f"style('{sel}')", "style.next")[0]
           for sel in ("标题 1", "报告正文", "引文", "强调字", "悬空", "Normal")}
    assert got == {"标题 1": ("Normal", "direct"), "报告正文": ("报告正文", "default"),
                   "引文": ("引文", "direct"), "强调字": None, "悬空": None,
                   "Normal": ("Normal", "default")}


def test_a_rubric_asking_for_the_style_itself_passes(tmp_path):
    path = docx(tmp_path, p("x"), styles=STYLES)
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="style" points="100">
        <check select="style('报告正文')" property="style.next" expected="报告正文"/>
        <check select="style('标题 1')" property="style.next" expected="正文"/>
      </criterion></rubric>""")
    card = evaluate(rubric, path)
    assert card.score == 100, [(k.actual, k.detail) for k in card.criteria[0].checks]
    wrong = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="style" points="100">
        <check select="style('报告正文')" property="style.next" expected="标题 1"/>
      </criterion></rubric>""")
    assert evaluate(wrong, path).score == 0
