"""similar (a similarity ratio with threshold=, line order and blank lines ignorable),
colour distance (approx tolerance="3dE", CIEDE2000, checked on the test pairs Sharma, Wu and
Dalal published with the formula), and the set comparators (subset_of, same_set, distinct;
superset_of an alias of contains_all): each boundary tested on both sides."""

from __future__ import annotations

import math

import pytest

from officeeval.comparators import get_comparator
from officeeval.comparators.registry import similarity
from officeeval.errors import ValueParseError
from officeeval.properties import types as T
from officeeval.properties.types import CompareContext
from officeeval.properties.types.color_difference import ciede2000, delta_e_rgb, srgb_to_lab


def _judge(op, vtype, actual, literal, ctx=None):
    comp = get_comparator(op)
    expected = comp.parse(literal, vtype) if literal is not None else None
    return comp.judge(actual, expected, vtype, ctx or CompareContext())


# ------------------------------------------------------------------ CIEDE2000
# Sharma, Wu, Dalal (2005), Table 1: L1 a1 b1, L2 a2 b2, ΔE00 (to 4 decimals). The pairs
# probe the formula's edge cases: hue angles around 0/360, neutral colours, the mean hue
# across the discontinuity, and the G and RT terms.
SHARMA = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]


@pytest.mark.parametrize("row", SHARMA, ids=[f"pair{i + 1}" for i in range(len(SHARMA))])
def test_ciede2000_on_the_published_pairs(row):
    lab1, lab2, want = row[:3], row[3:6], row[6]
    assert ciede2000(lab1, lab2) == pytest.approx(want, abs=5e-5)
    assert ciede2000(lab2, lab1) == pytest.approx(want, abs=5e-5)  # symmetric


def test_srgb_to_lab_reference_points():
    assert srgb_to_lab(255, 255, 255) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    assert srgb_to_lab(0, 0, 0) == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)
    # sRGB red, D65 (the values every CIELAB table gives).
    assert srgb_to_lab(255, 0, 0) == pytest.approx((53.2408, 80.0925, 67.2032), abs=1e-3)
    assert delta_e_rgb((12, 34, 56), (12, 34, 56)) == 0.0


# (expected, actual, tolerance, passes): ΔE00 of each pair is stated, boundary both sides.
DE_CASES = [
    ("#FF0000", "FE0000", "1dE", True),          # ΔE 0.21
    ("#FF0000", "F80808", "3dE", True),          # ΔE 1.50 (8 off in each channel)
    ("#FF0000", "F80808", "1.49dE", False),
    ("#FF0000", "F80808", "1.5dE", True),
    ("#808080", "858080", "2.7dE", False),       # grey with a red cast: ΔE 2.75
    ("#808080", "858080", "2.76dE", True),       # (5 off in one channel, yet more than red's)
    ("#0000FF", "0000F0", "2ΔE", True),          # the Greek spelling; ΔE 1.91
    ("#0000FF", "0000F0", "1.9ΔE", False),
    ("#FFFFFF", "FFFFF0", "3 dE00", False),      # a yellowish white: ΔE 6.87
    ("#FFFFFF", "FFFFF0", "6.87dE2000", True),
    ("红色", "FF0000", "0dE", True),
    ("#00B050", "none", "10dE", False),          # no colour is never close
]


@pytest.mark.parametrize("expected,actual,tolerance,passes", DE_CASES)
def test_approx_colour_with_a_delta_e_tolerance(expected, actual, tolerance, passes):
    tol = T.COLOR.parse_tolerance(tolerance)
    assert tol.delta_e is not None and str(tol).endswith("dE")
    v = _judge("approx", T.COLOR, actual, expected, CompareContext(tol))
    assert v.passed is passes, (expected, actual, tolerance, v)


def test_delta_e_values_stated_above():
    rgb = lambda s: tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))  # noqa: E731
    assert delta_e_rgb(rgb("FF0000"), rgb("F80808")) == pytest.approx(1.4964, abs=1e-4)
    assert delta_e_rgb(rgb("808080"), rgb("858080")) == pytest.approx(2.7525, abs=1e-4)
    assert delta_e_rgb(rgb("0000FF"), rgb("0000F0")) == pytest.approx(1.9109, abs=1e-4)
    assert delta_e_rgb(rgb("FFFFFF"), rgb("FFFFF0")) == pytest.approx(6.8688, abs=1e-4)


@pytest.mark.parametrize("literal", ["-1dE", "xdE", "3dF", "3%"])
def test_bad_colour_tolerances(literal):
    with pytest.raises(ValueParseError):
        T.COLOR.parse_tolerance(literal)


def test_channel_tolerance_still_works_beside_delta_e():
    ctx = CompareContext(T.COLOR.parse_tolerance("8"))
    assert _judge("approx", T.COLOR, "F80808", "#FF0000", ctx).passed
    assert not _judge("approx", T.COLOR, "F60808", "#FF0000", ctx).passed


# ------------------------------------------------------------------ similar
def test_similarity_ratio():
    assert similarity("abcd", "abcd") == 1.0
    assert similarity("", "") == 1.0
    assert similarity("abcd", "abce") == pytest.approx(0.75)   # 2*3/8
    assert similarity("abcd", "wxyz") == 0.0


# (actual, expected, threshold, normalize, passes)
SIMILAR = [
    ("abcd", "abce", 0.75, "", True),
    ("abcd", "abce", 0.76, "", False),
    ("abcdefghij", "abcdefghiX", 0.9, "", True),       # 2*9/20 = 0.9 exactly
    ("abcdefghij", "abcdefghXY", 0.9, "", False),      # 0.8
    ("abcdefghij", "abcdefghiX", None, "", True),      # default threshold 0.9
    ("abcdefghij", "abcdefghXY", None, "", False),
    ("第一行\n第二行", "第二行\n第一行", 1.0, "", False),
    ("第一行\n第二行", "第二行\n第一行", 1.0, "line_order", True),
    ("第一行\n\n\n第二行", "第一行\n第二行", 1.0, "", False),
    ("第一行\n\n\n第二行", "第一行\n第二行", 1.0, "blank_lines", True),
    ("B\n\nA", "A\nB", 1.0, "blank_lines,line_order", True),
    ("Hello  World", "hello world", 1.0, "space,case", True),
    ("Hello  World", "hello world", 0.95, "", False),
    (None, "x", 0.0, "", False),                       # no value never passes
]


@pytest.mark.parametrize("actual,expected,threshold,normalize,passes", SIMILAR)
def test_similar(actual, expected, threshold, normalize, passes):
    ctx = CompareContext(normalize=frozenset(x for x in normalize.split(",") if x),
                         threshold=threshold)
    v = _judge("similar", T.TEXT, actual, expected, ctx)
    assert v.passed is passes, v
    if not passes and actual is not None:
        assert v.explanation.startswith("similarity ") and "below the threshold" in v.explanation


def test_similar_long_texts_compare_by_lines():
    a = "\n".join(f"第{i}行的内容" for i in range(3000))
    b = a.replace("第1500行的内容", "改过的一行")
    assert len(a) + len(b) > 20_000
    assert similarity(a, b) == pytest.approx(2 * 2999 / 6000)


def test_similar_alias_and_empty_literal():
    assert get_comparator("similar_to") is get_comparator("similar")
    with pytest.raises(ValueParseError):
        get_comparator("similar").parse("  ", T.TEXT)


# ------------------------------------------------------------------ sets
FUNCS = T.FUNCTIONS
# (op, actual list, expected literal, passes)
SETS = [
    ("subset_of", ["SUM", "AVERAGE"], "SUM|AVERAGE|MAX", True),
    ("subset_of", ["SUM", "AVERAGE"], "SUM|AVERAGE", True),
    ("subset_of", ["SUM", "AVERAGE"], "SUM|MAX", False),
    ("subset_of", [], "SUM", True),                        # the empty set
    ("subset_of", ["sum"], "SUM", True),                   # FUNCTIONS fold case
    ("superset_of", ["SUM", "AVERAGE", "IF"], "SUM|IF", True),
    ("superset_of", ["SUM", "AVERAGE"], "SUM|IF", False),
    ("same_set", ["SUM", "AVERAGE", "SUM"], "AVERAGE|SUM", True),
    ("same_set", ["SUM", "AVERAGE"], "SUM", False),
    ("same_set", ["SUM"], "SUM|AVERAGE", False),
    ("distinct", ["SUM", "AVERAGE"], None, True),
    ("distinct", ["SUM", "AVERAGE", "sum"], None, False),
    ("distinct", [], None, True),
]


@pytest.mark.parametrize("op,actual,expected,passes", SETS)
def test_set_comparators(op, actual, expected, passes):
    assert _judge(op, FUNCS, actual, expected).passed is passes


def test_set_comparators_on_a_missing_or_scalar_value_fail():
    assert not _judge("subset_of", FUNCS, None, "SUM").passed
    assert not _judge("distinct", FUNCS, None, None).passed
    assert not _judge("same_set", T.TEXT, "SUM", "SUM").passed      # never raises
    assert get_comparator("superset_of") is get_comparator("contains_all")
    assert get_comparator("unique") is get_comparator("distinct")
    assert not math.isnan(similarity("a", "b"))
