"""Every comparator, table-driven: (comparator, value type, actual, expected literal,
passes). Comparators never raise on odd actual values."""

from __future__ import annotations

import math

import pytest

from officeeval.comparators import all_comparators, get_comparator
from officeeval.properties import types as T
from officeeval.properties.types import CompareContext
from officeeval.values import Border, CellValue, LineSpacing, Measure, PageSize

CASES = [
    # equals across spellings
    ("equals", T.LENGTH, Measure(72.0), "2.54cm", True),
    ("equals", T.LENGTH, Measure(72.0), "1in", True),
    ("equals", T.LENGTH, Measure(72.4), "1in", False),   # 1.0056 in shows as 1.01 in
    ("equals", T.SIZE, 10.5, "五号", True),
    ("equals", T.SIZE, 10.0, "五号", False),
    ("equals", T.BOOL, True, "是", True),
    ("equals", T.BOOL, 1, "true", False),          # a number is not a bool
    ("equals", T.NUMBER, True, "1", False),        # a bool is not a number
    ("equals", T.NUMBER, math.nan, "1", False),    # NaN never equals
    ("equals", T.COLOR, "DDEBF7", "#ddebf7", True),
    ("equals", T.COLOR, "FF0000", "红色", True),
    ("equals", T.COLOR, "C00000", "红色", False),
    ("equals", T.EnumType("alignment"), "center", "居中", True),
    ("equals", T.EnumType("alignment"), "justify", "两端对齐", True),
    ("equals", T.EnumType("alignment"), "left", "居中", False),
    ("equals", T.STYLE_NAME, "heading 1", "标题 1", True),
    ("equals", T.STYLE_NAME, "My Style", "my style", False),  # custom names are exact
    ("equals", T.LINE_SPACING, LineSpacing("multiple", 1.5), "1.5倍行距", True),
    ("equals", T.LINE_SPACING, LineSpacing("exact", 20.0), "固定值 20磅", True),
    ("equals", T.LINE_SPACING, LineSpacing("multiple", 1.5), "exactly 18pt", False),
    ("equals", T.TEXT, "  通知 ", "通知", True),
    ("equals", T.PAGE_SIZE, PageSize(595.3, 841.9), "A4", True),
    ("equals", T.PAGE_SIZE, PageSize(841.9, 595.3), "A4", True),      # landscape A4
    ("equals", T.PAGE_SIZE, PageSize(612, 792), "A4", False),
    ("equals", T.PAGE_SIZE, PageSize(595.3, 841.9), "21cm x 29.7cm", True),
    ("equals", T.BORDER, Border("single", 1.5, "FF0000"), "single 1.5pt red", True),
    ("equals", T.BORDER, Border("single", 0.5, "000000"), "single", True),
    ("equals", T.BORDER, Border("double", 0.5), "single", False),
    ("equals", T.BORDER, Border("nil"), "none", True),
    ("equals", T.CELL_VALUE, CellValue("number", 85.0), "85", True),
    ("equals", T.CELL_VALUE, CellValue("text", "85"), "85", False),
    ("equals", T.DURATION, 0.5, "500ms", True),
    ("equals", T.DURATION, 2.0, "2s", True),
    ("not_equals", T.NUMBER, 3, "4", True),
    ("not_equals", T.NUMBER, None, "4", False),   # missing never passes
    ("approx", T.LENGTH, Measure(72.04), "1in", True),
    ("approx", T.NUMBER, 101.0, "100", True),      # 1 % default
    ("approx", T.NUMBER, 102.0, "100", False),
    ("greater", T.NUMBER, 5, "3", True),
    ("greater", T.NUMBER, 3, "3", False),
    ("greater_equal", T.LENGTH, Measure(72.0), "1in", True),
    ("less", T.SIZE, 9.0, "五号", True),
    ("less_equal", T.NUMBER, 3, "3", True),
    ("greater", T.TEXT, "b", "a", False),          # text has no order: fails, no raise
    ("between", T.LENGTH, Measure(50.0), "1cm..2cm", True),
    ("between", T.LENGTH, Measure(10.0), "1cm..2cm", False),
    ("between", T.NUMBER, 7, "5..", True),
    ("in", T.PAGE_SIZE, PageSize(498.9, 708.65), "A4|B5", True),
    ("in", T.EnumType("alignment"), "right", "居中|两端对齐", False),
    ("contains", T.TEXT, "关于举办读书节的通知", "读书节", True),
    ("contains", T.FUNCTIONS, ["SUM", "RANK"], "rank", True),
    ("contains", T.FUNCTIONS, ["SUM"], "RANK", False),
    ("not_contains", T.TEXT, "abc", "d", True),
    ("starts_with", T.TEXT, "第一章 总则", "第一章", True),
    ("ends_with", T.TEXT, "第一章 总则", "总则", True),
    ("matches", T.TEXT, "电话：0571-88886666", r"\d{4}-\d{8}", True),
    ("matches", T.TEXT, "no digits", r"\d+", False),
    ("contains_all", T.FUNCTIONS, ["SUM", "IF", "RANK"], "SUM|RANK", True),
    ("contains_all", T.FUNCTIONS, ["SUM"], "SUM|RANK", False),
    ("contains_any", T.FUNCTIONS, ["AVERAGE"], "SUM|AVERAGE", True),
    ("count", T.INTEGER, 3, ">=3", True),
    ("count", T.INTEGER, 2, ">=3", False),
    ("count", T.INTEGER, 3, "3", True),
    ("count", T.INTEGER, 0, "<1", True),
]


@pytest.mark.parametrize("op,vtype,actual,literal,passes", CASES)
def test_comparator_table(op, vtype, actual, literal, passes):
    comp = get_comparator(op)
    expected = comp.parse(literal, vtype)
    verdict = comp.judge(actual, expected, vtype, CompareContext())
    assert verdict.passed is passes
    assert isinstance(verdict.expected, str) and isinstance(verdict.actual, str)
    if not passes:
        assert verdict.explanation


def test_presence_and_input_comparators():
    exists, absent = get_comparator("exists"), get_comparator("absent")
    assert exists.judge("x", None, T.TEXT, CompareContext()).passed
    assert not exists.judge(None, None, T.TEXT, CompareContext()).passed
    assert absent.judge(None, None, T.TEXT, CompareContext()).passed
    unchanged, changed = get_comparator("unchanged"), get_comparator("changed")
    assert unchanged.judge("a", "a", T.TEXT, CompareContext()).passed
    assert changed.judge("a", "b", T.TEXT, CompareContext()).passed
    assert not changed.judge("a", "a", T.TEXT, CompareContext()).passed


def test_unchanged_cell_values_compare_what_is_stored():
    """A date that lost its format (stored 45719, shown as a number) is the data the input
    had: its format's criterion charges the mistake, not the preservation one. equals keeps
    a rubric date apart from a plain number."""
    import datetime as dt
    unchanged, changed = get_comparator("unchanged"), get_comparator("changed")
    equals = get_comparator("equals")
    date = CellValue("date", dt.datetime(2025, 3, 3), {"serial": 45719.0})
    same, other = CellValue("number", 45719.0), CellValue("number", 45720.0)
    ctx = CompareContext()
    assert unchanged.judge(same, date, T.CELL_VALUE, ctx).passed      # format removed
    assert unchanged.judge(date, same, T.CELL_VALUE, ctx).passed      # format added
    assert not unchanged.judge(other, date, T.CELL_VALUE, ctx).passed  # another day
    assert changed.judge(other, date, T.CELL_VALUE, ctx).passed
    assert not changed.judge(same, date, T.CELL_VALUE, ctx).passed
    assert not equals.judge(same, date, T.CELL_VALUE, ctx).passed     # a rubric date
    assert not unchanged.judge(CellValue("text", "45719"), date, T.CELL_VALUE, ctx).passed


@pytest.mark.parametrize("op", [c.name for c in all_comparators()])
def test_no_comparator_raises_on_odd_actual_values(op):
    comp = get_comparator(op)
    literal = {"between": "1..2", "count": ">=1", "matches": "x", "in": "1|2"}.get(op, "1")
    vtype = T.NUMBER
    expected = comp.parse(literal, vtype) if comp.needs_expected else None
    for odd in (None, object(), float("nan"), "text", [1, 2], {"a": 1}):
        verdict = comp.judge(odd, expected, vtype, CompareContext())
        assert isinstance(verdict.passed, bool)


def test_theme_color_expectation_resolves_against_the_document():
    comp = get_comparator("equals")
    expected = comp.parse("accent1", T.COLOR)
    ctx = CompareContext(theme_color=lambda slot: {"accent1": "4472C4"}.get(slot))
    assert comp.judge("4472C4", expected, T.COLOR, ctx).passed
    assert not comp.judge("4472C4", expected, T.COLOR, CompareContext()).passed


def test_normalization_options():
    comp = get_comparator("equals")
    ctx = CompareContext(normalize=frozenset({"width", "punct", "space", "case"}))
    assert comp.judge("ＡＢＣ，测试 。", "abc,测试.", T.TEXT, ctx).passed
    assert not comp.judge("ＡＢＣ，测试", "abc,测试", T.TEXT, CompareContext()).passed


def test_tolerance_literals():
    assert T.LENGTH.parse_tolerance("0.1cm").absolute == pytest.approx(2.835, abs=1e-3)
    assert T.NUMBER.parse_tolerance("1%").relative == pytest.approx(0.01)
    comp = get_comparator("approx")
    ctx = CompareContext(tolerance=T.LENGTH.parse_tolerance("0.1cm"))
    assert comp.judge(Measure(72.0 + 2.0), comp.parse("1in", T.LENGTH), T.LENGTH, ctx).passed


@pytest.mark.parametrize("actual,expected,normalize,said", [
    ("a" * 200, "a" * 200, frozenset(), None),                  # equal
    ("short", "shorT", frozenset(), None),                     # short: shown whole already
    ("a" * 99 + "X" + "a" * 100, "a" * 200, frozenset(),
     "first difference at character 100 (line 1) of 200 expected, 200 found: expected "
     f"{'a' * 60!r}, found {'a' * 20 + 'X' + 'a' * 39!r}"),
    ("a\n" * 100 + "b", "a\n" * 100, frozenset(),               # one more line at the end
     "first difference at character 200 (line 100)"),
    ("A" * 150, "a" * 150, frozenset({"case"}), None),          # after normalization
])
def test_a_long_text_failure_says_where_it_first_differs(actual, expected, normalize, said):
    ctx = CompareContext(normalize=normalize)
    got = T.TEXT.first_difference(actual, expected, ctx)
    assert (got is None) if said is None else got.startswith(said), got
    verdict = get_comparator("equals").judge(actual, expected, T.TEXT, ctx)
    assert verdict.passed == (T.TEXT.equals(actual, expected, ctx))
    if said is not None:
        assert verdict.explanation.endswith(got)
        assert not get_comparator("unchanged").judge(actual, expected, T.TEXT, ctx).passed
