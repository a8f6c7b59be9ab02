"""draft/ranges.py: anchored cells of one sheet covered with rectangles and written as
range selectors."""

from __future__ import annotations

import pytest

from officeeval.draft.anchors import Anchor
from officeeval.draft.ranges import range_selector, range_token, rectangles


def _cells(*rc: tuple[int, int]) -> list[Anchor]:
    return [Anchor(None, "", "cell", "", extra={"row": r, "col": c})  # type: ignore[arg-type]
            for r, c in rc]


@pytest.mark.parametrize("cells, want", [
    # A 2x2 block and a cell apart below it: (col1, row1, col2, row2).
    ([(1, 1), (2, 1), (1, 2), (2, 2), (4, 1)], [(1, 1, 2, 2), (1, 4, 1, 4)]),
    # Columns side by side with the same rows merge; a gap in the columns does not.
    ([(1, 1), (1, 3)], [(1, 1, 1, 1), (3, 1, 3, 1)]),
    ([(2, 4), (3, 4), (4, 4), (2, 5), (3, 5), (4, 5)], [(4, 2, 5, 4)]),
    # Runs of different rows stay apart, the shorter first.
    ([(1, 1), (2, 1), (1, 2)], [(2, 1, 2, 1), (1, 1, 1, 2)]),
    # Order does not matter.
    ([(3, 1), (1, 1), (2, 1)], [(1, 1, 1, 3)]),
    ([], []),
])
def test_rectangles_cover_the_cells(cells, want):
    assert rectangles(_cells(*cells)) == want


def test_range_selector_writes_a_cell_alone_without_a_colon():
    assert range_selector("sheet('成绩')", (1, 1, 3, 2)) == "sheet('成绩')/A1:C2"
    assert range_selector("sheet('成绩')", (5, 2, 5, 2)) == "sheet('成绩')/E2"
    assert range_selector("sheet[1]", (27, 1, 28, 10)) == "sheet[1]/AA1:AB10"


def test_range_token_is_the_address_at_the_end():
    assert range_token("sheet('成绩')/B2:C3") == "B2:C3"
    assert range_token("sheet('成绩')/B2") == "B2"
    assert range_token("slide[1]/title") == ""
    assert range_token("sheet('成绩')/column('B')") == ""
