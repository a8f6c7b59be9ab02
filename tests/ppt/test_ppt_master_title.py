"""A title whose size and font come only from the slide master passes size and font checks
through the whole engine (rubric -> selectors -> resolvers -> comparators), on inline XML and
on a real PowerPoint file; a wrong expectation fails with the inherited value shown."""

from __future__ import annotations

from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import evaluate
from tests.ppt import pptxbuild as B

REAL = "pypptx__ph-inherit-props.pptx"  # in the shared corpus's pptx/ folder


def rubric(size: str, latin: str, east_asia: str | None = None) -> str:
    ea = (f'<check select="slide[1]/title" property="font.east_asia" expected="{east_asia}"/>'
          if east_asia else "")
    return f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="ppt" total="100">
  <criterion id="size" skill="font" points="50">
    <check select="slide[1]/title" property="font.size" expected="{size}"/>
  </criterion>
  <criterion id="font" skill="font" points="50">
    <check select="slide[1]/title" property="font.name" expected="{latin}"/>{ea}
  </criterion>
</rubric>"""


def test_inline_master_only_title_passes(tmp_path):
    # The slide's title run has no rPr attributes; the layout placeholder has no list style;
    # only the master's p:titleStyle (44 pt, +mj-lt, +mj-ea) and the theme say anything.
    title = B.ph_shape(2, "标题 1", 'type="title"',
                       body='<a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/><a:t>年度总结</a:t>'
                            '</a:r></a:p>')
    path = B.build(tmp_path / "t.pptx", [B.sld(title)])
    card = evaluate(load_rubric_text(rubric("44pt", "Calibri Light", "等线 Light")), path)
    assert card.score == 100, [(c.id, c.checks) for c in card.criteria]
    assert {k.source for c in card.criteria for k in c.checks} == {"master", "theme"}


def test_inline_master_only_title_fails_a_wrong_size_with_the_inherited_value(tmp_path):
    title = B.ph_shape(2, "Title 1", 'type="title"', body=B.para("Plain"))
    path = B.build(tmp_path / "t.pptx", [B.sld(title)])
    card = evaluate(load_rubric_text(rubric("36pt", "Calibri Light")), path)
    size = card.criteria[0]
    assert size.status == "fail" and size.checks[0].actual == "44pt"
    assert card.criteria[1].status == "pass"


def test_real_file_title_size_and_font_from_master(corpus):
    # pypptx__ph-inherit-props.pptx: slide 1 title "Title Text" has an empty rPr and an empty
    # spPr; the layout title has no list style; the master's titleStyle says sz=4400 and
    # +mj-lt, and the theme's major Latin font is Calibri.
    card = evaluate(load_rubric_text(rubric("44", "Calibri")), corpus / "pptx" / REAL)
    assert card.score == 100, [(c.id, c.checks) for c in card.criteria]
    assert card.criteria[0].checks[0].source == "master"
    assert card.criteria[1].checks[0].source == "theme"
