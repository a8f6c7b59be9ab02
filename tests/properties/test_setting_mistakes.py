"""The one-value mistakes a dialog setting's definition names (``Plan("setting",
mistake=...)``) and the typo they share with the audit's text mistakes: real reference
values in, the wrong value a candidate leaves out, or ``NotApplicable`` where none is
realistic."""

from __future__ import annotations

import pytest

from officeeval.properties.mistakes import (
    cycled, first_cell_dropped, flipped, mistyped, no_custom_lists, on_first, other_line_width,
    other_show_slides, reordered, rows_off, typo, typo_position,
)
from officeeval.properties.writing import NotApplicable
from officeeval.values import Measure


@pytest.mark.parametrize("mistake, reference, wrong", [
    (flipped, True, False),
    (flipped, False, True),
    (flipped, None, True),
    (mistyped, "请输入日期", "请输某日期"),
    (mistyped, "Stop", "Stxp"),
    (mistyped, "2026/12/3", "2026#12/3"),
    (mistyped, "", "错误"),
    (mistyped, None, "错误"),
    (cycled("stop", "warning", "information"), "stop", "warning"),
    (cycled("stop", "warning", "information"), "information", "stop"),
    (cycled("stop", "warning", "information"), "custom", "stop"),
    (cycled("field", "fixed"), "fixed", "field"),
    (reordered, ["3", "1", "5"], ["5", "1", "3"]),
    (reordered, ["甲", "甲"], ["甲"]),
    (first_cell_dropped, ["B2", "C2", "B3"], ["C2", "B3"]),
    (on_first(mistyped), ["精简版", "完整版"], ["精某版", "完整版"]),
    (on_first(cycled("sum", "count")), ["sum", "average"], ["count", "average"]),
    (on_first(cycled("circle", "none")), ["auto", "auto"], ["circle", "auto"]),
    (on_first(cycled("0.00", "General")), ["0.00"], ["General"]),
    (no_custom_lists, ["一月,二月,三月"], []),
    (rows_off, "A1:B3", "A2:B3"),
    (rows_off, "'筛选'!$A$10:$B$30", "'筛选'!$A$11:$B$30"),
    (rows_off, None, ""),
    (other_show_slides, "all", "1-1"),
    (other_show_slides, "2-5", "all"),
])
def test_a_setting_mistake_gives_the_wrong_value(mistake, reference, wrong):
    assert mistake(reference) == wrong


@pytest.mark.parametrize("reference, points", [
    (Measure(0.75), 3.0), (Measure(1.5), 3.0), (Measure(2.25), 0.75), (None, 0.75),
])
def test_an_outline_width_mistake_is_a_hairline_or_a_thick_line(reference, points):
    assert other_line_width(reference).points() == points


@pytest.mark.parametrize("mistake, reference, why", [
    (reordered, ["3"], "one item keeps its order"),
    (reordered, None, "one item keeps its order"),
    (first_cell_dropped, ["B2"], "a rule formatting one cell"),
    (on_first(mistyped), [], "nothing to change"),
    (no_custom_lists, [], "no custom list to forget"),
])
def test_a_setting_mistake_without_a_realistic_value_is_not_applicable(mistake, reference,
                                                                        why):
    with pytest.raises(NotApplicable, match=why):
        mistake(reference)


@pytest.mark.parametrize("ch, wrong", [
    ("中", "某"), ("某", "甲"), ("9", "0"), ("3", "4"), ("X", "y"), ("a", "x"), ("-", "#"),
    ("#", "*"),
])
def test_a_typo_keeps_the_character_class(ch, wrong):
    assert typo(ch) == wrong


@pytest.mark.parametrize("text, expected, position", [
    ("总成绩表", "成绩", 2),        # the middle of the expected literal
    ("总成绩表", "平均", 2),        # not in the text: the middle of the text
    ("  ab ", None, 3),            # spaces are never mistyped
    ("   ", None, None),
])
def test_a_typo_goes_where_the_check_looks(text, expected, position):
    assert typo_position(text, expected) == position
