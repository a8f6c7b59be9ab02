"""What a check compares with: its comparator (``op=``), the expected value
(``expected=``, ``expected-from=``), ``tolerance=`` and ``threshold=``, parsed once as the
type of the value the check reads; and the comparators a value type cannot serve."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from lxml import etree

from officeeval.comparators import get_comparator
from officeeval.comparators.registry import Comparator, ComparatorKind, comparator_names
from officeeval.errors import ValueParseError
from officeeval.properties.types import INTEGER, ValueType
from officeeval.rubric.issues import Place, did_you_mean

# Comparators of lists of items: the property must be list-valued.
LISTS = frozenset({"subset_of", "same_set"})
# Comparators that order values: they need a type with an order (numbers, lengths, dates).
ORDERING = frozenset({"greater", "greater_equal", "less", "less_equal", "between"})


@dataclass(frozen=True)
class Comparison:
    """A check's comparison as loaded; a value is ``None`` when not given or not valid."""

    vtype: ValueType | None  # the type compared (a count's is an integer)
    expected_value: Any = None
    tolerance_value: Any = None
    threshold: float | None = None  # op="similar": the least similarity that passes


def find_comparator(op_name: str, place: Place) -> Comparator | None:
    """The comparator named (or aliased) ``op_name``; ``None`` when there is none
    (reported, with the closest name)."""
    comparator = get_comparator(op_name)
    if comparator is None:
        hint = difflib.get_close_matches(op_name, comparator_names(), n=1)
        place.report(f"unknown comparator {op_name!r}" + did_you_mean(hint[0] if hint else None))
    return comparator


def comparison(el: etree._Element, comparator: Comparator | None, vtype: ValueType | None,
               place: Place) -> Comparison:
    """The values the ``<check>`` ``el`` compares with, parsed as ``vtype``, and whether
    ``comparator`` can compare values of that type; problems reported. Nothing is parsed
    without a comparator."""
    if comparator is None:
        return Comparison(vtype)
    if comparator.kind is ComparatorKind.COUNT:
        vtype = vtype or INTEGER
    prop_name = el.get("property")
    _expected_given(el, comparator, place)
    expected_value = _parse_expected(el.get("expected"), comparator, vtype, prop_name, place)
    tolerance_value = _parse_tolerance(el.get("tolerance"), vtype, place)
    what = prop_name or "this xpath"
    _lists_need_list_values(comparator, vtype, what, place)
    threshold = _parse_threshold(el.get("threshold"), comparator.name, place)
    _within_needs_an_area(comparator, vtype, what, place)
    _ordering_needs_an_order(comparator, vtype, what, place)
    return Comparison(vtype, expected_value, tolerance_value, threshold)


def _expected_given(el: etree._Element, comparator: Comparator, place: Place) -> None:
    """One source of the expected value when the comparator needs one, none otherwise."""
    expected, expected_from = el.get("expected"), el.get("expected-from")
    if comparator.needs_expected:
        if expected is None and expected_from is None and el.get("against") is None:
            place.report(f"op={comparator.name!r} needs expected=, expected-from= or against=")
        if expected is not None and expected_from is not None:
            place.report("give expected= or expected-from=, not both")
    elif expected is not None:
        place.report(f"op={comparator.name!r} takes no expected value")


def _parse_expected(expected: str | None, comparator: Comparator, vtype: ValueType | None,
                    prop_name: str | None, place: Place) -> Any:
    """``expected=`` parsed by the comparator as ``vtype``; ``None`` when absent, when the
    type is unknown or when it does not parse (reported)."""
    if expected is None or (vtype is None and comparator.kind is not ComparatorKind.COUNT):
        return None
    try:
        return comparator.parse(expected, vtype)
    except ValueParseError as exc:
        place.report(f"expected={expected!r} does not parse for {prop_name or 'this check'}: "
                     f"{exc}")
        return None


def _parse_tolerance(tolerance: str | None, vtype: ValueType | None, place: Place) -> Any:
    """``tolerance=`` as ``vtype`` reads one; ``None`` when absent, when the type is
    unknown or when the type has no such tolerance (reported)."""
    if tolerance is None or vtype is None:
        return None
    try:
        return vtype.parse_tolerance(tolerance)
    except ValueParseError as exc:
        place.report(f"tolerance={tolerance!r}: {exc}")
        return None


def _parse_threshold(text: str | None, op: str, place: Place) -> float | None:
    """``threshold=`` of ``op="similar"``: a ratio 0..1 or a percentage; ``None`` when
    absent, given to another comparator or out of range (reported)."""
    if text is None:
        return None
    if op != "similar":
        place.report("threshold= applies to op=\"similar\" only")
        return None
    t = text.strip()
    try:
        v = float(t[:-1]) / 100.0 if t.endswith("%") else float(t)
    except ValueError:
        v = float("nan")
    if not 0.0 <= v <= 1.0:
        place.report(f"threshold={text!r} must be a ratio from 0 to 1 (0.9) or a percentage "
                     f"(90%)")
        return None
    return v


def _lists_need_list_values(comparator: Comparator, vtype: ValueType | None, what: str,
                            place: Place) -> None:
    if comparator.name in LISTS and vtype is not None and not vtype.listy:
        place.report(f"op={comparator.name!r} compares lists of items, and {what} is "
                     f"{vtype.name} ({vtype.description}); for one value among several use "
                     f"op=\"in\"")


def _within_needs_an_area(comparator: Comparator, vtype: ValueType | None, what: str,
                          place: Place) -> None:
    if comparator.name == "within" and vtype is not None and not hasattr(vtype, "within"):
        place.report(f"op=\"within\" places a chart in an area, and {what} is {vtype.name} "
                     f"({vtype.description})")


def _ordering_needs_an_order(comparator: Comparator, vtype: ValueType | None, what: str,
                             place: Place) -> None:
    if comparator.name in ORDERING and vtype is not None and not vtype.orderable:
        place.report(f"op={comparator.name!r} orders values, and {what} is {vtype.name} "
                     f"({vtype.description}), which has no order")
