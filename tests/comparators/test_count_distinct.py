"""``op="count_distinct"`` (alias ``kinds``): how many different values the selected targets
show ("全部幻灯片至少使用 3 种不同的切换效果"); targets without a value are left out, and
nothing with a value is not found, never a pass."""

from __future__ import annotations

import pytest

from officeeval import evaluate
from officeeval.errors import RubricError
from officeeval.rubric import load_rubric_text
from tests.builders import docx, p

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="k" app="word" total="100">
  <title>k</title><skill id="p" name="段落"/>
  <criterion id="c1" skill="p" points="100">
    <description>段落对齐方式的种数</description>
    <check select="{select}" property="paragraph.alignment" op="{op}" expected="{expected}"/>
  </criterion>
</rubric>"""


def _doc(tmp_path, aligns):
    body = "".join(p(f"第{i}段", f'<w:jc w:val="{a}"/>' if a else "")
                   for i, a in enumerate(aligns, start=1))
    return docx(tmp_path, body)


@pytest.mark.parametrize("aligns, expected, passed", [
    (["center", "left", "center"], "2", True),
    (["center", "left", "center"], ">=3", False),
    (["center", "left", "right", "both"], ">=3", True),
    (["center", "center", "center"], "1", True),
    (["center", "center", "center"], ">=2", False),
    (["center", "left", "right"], "<=2", False),
])
def test_count_distinct_counts_the_values_shown(tmp_path, aligns, expected, passed):
    rubric = load_rubric_text(RUBRIC.format(select="paragraph", op="count_distinct",
                                            expected=expected.replace(">", "&gt;")
                                            .replace("<", "&lt;")))
    card = evaluate(rubric, _doc(tmp_path, aligns))
    k = card.criteria[0].checks[0]
    assert k.passed is passed, (k.expected, k.actual, k.detail)
    assert card.score == (100 if passed else 0)


def test_kinds_is_an_alias_and_nothing_selected_is_not_a_pass(tmp_path):
    rubric = load_rubric_text(RUBRIC.format(select="paragraph[text='无此段']", op="kinds",
                                            expected="&lt;=5"))
    card = evaluate(rubric, _doc(tmp_path, ["center"]))
    assert card.score == 0
    assert card.criteria[0].checks[0].status.value == "not_found"


def test_count_distinct_needs_a_count(tmp_path):
    with pytest.raises(RubricError) as info:
        load_rubric_text(RUBRIC.format(select="paragraph", op="count_distinct", expected="居中"))
    assert "expected='居中'" in str(info.value)
