"""Lengths written in a unit compare at the precision Office shows for that unit (cm and in
to 0.01, mm and pt to 0.1; digits beyond that do not make it stricter), for ``equals`` and
as the default of ``approx``; each boundary tested on both sides. A value exactly half a
step away shows differently (Word rounds it away) and fails."""

from __future__ import annotations

import pytest

from officeeval.comparators import get_comparator
from officeeval.ooxml.units import PT_PER_UNIT, literal_precision_pt
from officeeval.properties import types as T
from officeeval.properties.types import CompareContext
from officeeval.values import Measure

CM, MM, IN = PT_PER_UNIT["cm"], PT_PER_UNIT["mm"], PT_PER_UNIT["in"]


def _judge(op, vtype, actual_pt, literal, tolerance=None):
    comp = get_comparator(op)
    tol = vtype.parse_tolerance(tolerance) if tolerance else None
    return comp.judge(Measure(actual_pt), comp.parse(literal, vtype), vtype,
                      CompareContext(tol)).passed


# (literal, actual in points, passes)
BOUNDARIES = [
    # cm to 0.01: 22 cm holds from 21.995 to 22.005 (exclusive)
    ("22cm", 12474 / 20, True),                 # pgSz w=12474: 22.003 cm, Word shows 22
    ("16cm", 9072 / 20, True),                  # h=9072: 16.002 cm
    ("22cm", 22.0049 * CM, True),
    ("22cm", 22.0051 * CM, False),
    ("22cm", 21.9951 * CM, True),
    ("22cm", 21.9949 * CM, False),
    ("22cm", 22.01 * CM, False),
    ("2.5cm", 2.54 * CM, False),                # one inch (Inches for Cm) is not 2.5 cm
    ("0.635cm", 0.6349 * CM, True),             # digits beyond Office's do not tighten
    ("0.635cm", 0.6399 * CM, True),
    ("0.635cm", 0.6401 * CM, False),
    ("22厘米", 22.003 * CM, True),
    ("22公分", 22.006 * CM, False),
    # in to 0.01
    ("1in", 1.0049 * IN, True),
    ("1in", 1.0051 * IN, False),
    ("1in", 0.9951 * IN, True),
    ("1in", 0.9949 * IN, False),
    ('1"', 1.004 * IN, True),
    ("1英寸", 1.006 * IN, False),
    # mm to 0.1
    ("25mm", 25.049 * MM, True),
    ("25mm", 25.051 * MM, False),
    ("25mm", 24.951 * MM, True),
    ("25mm", 24.949 * MM, False),
    ("25毫米", 25.04 * MM, True),
    # pt to 0.1 (a bare number is points)
    ("12pt", 12.049, True),
    ("12pt", 12.051, False),
    ("12pt", 11.951, True),
    ("12pt", 11.949, False),
    ("12", 12.04, True),
    ("12", 12.06, False),
    ("18磅", 18.04, True),
    ("18磅", 18.06, False),
    # units Office does not show: the digits written
    ("12474twip", 623.724, True),               # within half a twip (0.025 pt)
    ("12474twip", 623.726, False),
    ("7920000emu", 7920000 / 12700 + 0.00003, True),
]


@pytest.mark.parametrize("literal,actual,passes", BOUNDARIES)
@pytest.mark.parametrize("op", ["equals", "approx"])
def test_lengths_compare_at_the_examiners_precision(op, literal, actual, passes):
    assert _judge(op, T.LENGTH, actual, literal) is passes


@pytest.mark.parametrize("literal,actual,passes", [
    ("五号", 10.549, True), ("五号", 10.551, False), ("小四", 11.951, True),
    ("10.5", 10.549, True), ("10.5pt", 10.451, True), ("10.5pt", 10.449, False),
])
def test_font_sizes_compare_to_a_tenth_of_a_point(literal, actual, passes):
    comp = get_comparator("equals")
    assert comp.judge(actual, comp.parse(literal, T.SIZE), T.SIZE,
                      CompareContext()).passed is passes


def test_an_explicit_tolerance_replaces_the_precision():
    assert _judge("approx", T.LENGTH, 22.3 * CM, "22cm", "0.5cm") is True
    assert _judge("approx", T.LENGTH, 22.003 * CM, "22cm", "0.01pt") is False
    assert _judge("equals", T.LENGTH, 22.003 * CM, "22cm", "0.5%") is True


def test_a_value_from_another_document_keeps_the_default_tolerance():
    # expected-from: the reference's own length, no literal: 0.05 pt (twip rounding).
    comp = get_comparator("equals")
    ctx = CompareContext()
    assert comp.judge(Measure(623.72), Measure(623.7), T.LENGTH, ctx).passed is True
    assert comp.judge(Measure(623.8), Measure(623.7), T.LENGTH, ctx).passed is False


@pytest.mark.parametrize("literal,step", [
    ("22cm", 0.01 * CM), ("2.54cm", 0.01 * CM), ("0.635cm", 0.01 * CM), ("1in", 0.01 * IN),
    ("25mm", 0.1 * MM), ("12pt", 0.1), ("12", 0.1), ("五号", 0.1), ("12474twip", 0.05),
    ("1.5emu", 0.1 / 12700), ("2char", None), ("1.5line", None), ("1e2cm", None),
])
def test_literal_precision(literal, step):
    got = literal_precision_pt(literal)
    assert (got is None) if step is None else abs(got - step) < 1e-12


def test_ordering_comparators_are_not_widened():
    # greater/less compare the numbers: 22.003 cm is greater than 22cm.
    assert _judge("greater", T.LENGTH, 22.003 * CM, "22cm") is True
    assert _judge("less_equal", T.LENGTH, 22.003 * CM, "22cm") is False
