"""``op="within"``: a chart placed inside a cell area ("将图表放置在 L2:S18 区域内"): its
top-left cell inside the area and its bottom-right at most one row and column past it (a
corner dragged onto the next cell's edge); any other type refuses the comparator."""

from __future__ import annotations

import pytest

from officeeval.comparators import get_comparator
from officeeval.errors import RubricError
from officeeval.excel.value_types import AnchorType
from officeeval.properties.types import CompareContext
from officeeval.rubric import load_rubric_text

WITHIN = get_comparator("within")


@pytest.mark.parametrize("actual, passed", [
    ("L2:S18", True), ("L3:R18", True), ("M5:Q10", True),
    ("L2:T19", True),            # the corner on the next cell's edge
    ("K2:S18", False),           # starts left of the area
    ("L1:S18", False),           # starts above it
    ("L2:U18", False),           # two columns past its end
    ("L2:S20", False), ("A1", False), ("", False), (None, False),
])
def test_a_chart_inside_the_area(actual, passed):
    v = WITHIN.judge(actual, "L2:S18", AnchorType(), CompareContext())
    assert v.passed is passed, (actual, v.explanation)


def test_within_is_a_rubric_error_for_other_types():
    with pytest.raises(RubricError) as info:
        load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="w" app="excel">
          <criterion id="c" skill="x" points="100"><check select="'S'!A1" property="cell.value"
          op="within" expected="3"/></criterion></rubric>""")
    assert 'op="within" places a chart' in str(info.value)
