"""``<skill>`` elements only label skills: declaring one does not make every criterion's
skill mandatory; a criterion skill one letter off a declared one is still caught as a typo."""

from __future__ import annotations

import pytest

from officeeval.errors import RubricError
from officeeval.rubric.loader import load_rubric_text

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="s" app="word" total="10">
  <skill id="font" name="字体格式"/>
  <criterion id="c1" skill="font" points="4">
    <check select="paragraph[1]" property="font.bold" expected="true"/></criterion>
  <criterion id="c2" skill="{second}" points="6">
    <check select="paragraph[1]" property="text" expected="通知"/></criterion>
</rubric>"""


@pytest.mark.parametrize("second", ["paragraph", "page", "text", "formula"])
def test_one_declared_skill_leaves_the_others_free(second):
    r = load_rubric_text(RUBRIC.format(second=second), "r.xml")
    assert r.skills == {"font": "字体格式"}
    assert [c.skill for c in r.criteria] == ["font", second]


@pytest.mark.parametrize("typo", ["fnt", "fonts", "Font"])
def test_a_near_miss_of_a_declared_skill_is_a_typo(typo):
    with pytest.raises(RubricError) as info:
        load_rubric_text(RUBRIC.format(second=typo), "r.xml")
    (issue,) = info.value.issues
    assert issue.line == 5
    assert issue.message == (f"criterion c2: skill {typo!r} is not declared; did you mean "
                             f"'font'? (declare <skill id=\"{typo}\"/> if it is another "
                             "skill)")
