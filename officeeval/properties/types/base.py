"""The value-type protocol every family implements, and what all of them share: tolerances,
the comparison context, and count literals (``>=3``).

A type says how an expected literal parses (``parse`` raises ``ValueParseError``: a rubric
error), how a value renders for people, and what equality, order and containment mean; it
never raises on an odd *actual* value (those come from documents).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from officeeval.errors import ValueParseError
from officeeval.values import Comparison


@dataclass(frozen=True)
class Tolerance:
    """An absolute tolerance in the type's canonical unit, or a relative one (``1%``); for
    a colour, a perceived difference (``3dE``: CIEDE2000) instead."""

    absolute: float | None = None
    relative: float | None = None
    delta_e: float | None = None

    def allows(self, a: float, b: float) -> bool:
        diff = abs(a - b)
        if self.absolute is not None and diff <= self.absolute + 1e-9:
            return True
        if self.relative is not None and diff <= self.relative * max(abs(a), abs(b)) + 1e-12:
            return True
        return False

    def __str__(self) -> str:
        if self.delta_e is not None:
            return f"{self.delta_e:g}dE"
        if self.relative is not None:
            return f"{self.relative * 100:g}%"
        return f"{self.absolute:g}"


@dataclass
class CompareContext:
    """What a comparison may need beyond the two values: the tolerance, text normalization
    options, and a resolver of theme color slots against the graded document."""

    tolerance: Tolerance | None = None
    normalize: frozenset[str] = frozenset()
    theme_color: Callable[[str], str | None] | None = None
    threshold: float | None = None  # ``similar``: the least similarity ratio that passes


class ValueType:
    """Base value type: exact equality, rendering with ``str``."""

    name = "any"
    unit = ""
    orderable = False
    default_tolerance: Tolerance | None = None
    description = "any value"
    # Whether a verdict depends on nothing but the two values and the check (its tolerance,
    # normalization, threshold): never on the graded document (a theme color slot is
    # resolved against it). Such verdicts against a kept input or reference observation
    # are remembered with the kept document. Off unless a type says so.
    document_free = False

    def parse(self, literal: str) -> Any:
        return literal

    def render(self, value: Any) -> str:
        return "(none)" if value is None else str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        return actual == expected

    def same_stored(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        """What ``unchanged``/``changed`` compare with the input's value: whether the
        document still holds what the input held. ``equals`` unless a type knows two
        values that are told apart by another property (a cell's date and its serial)."""
        return self.equals(actual, expected, ctx)

    def identity_key(self, value: Any) -> Any:
        """A hashable key under which VALUE is judged like every other value with that key,
        by every comparator (a verdict on one is the verdict on all of them); ``None`` when
        it has none (it cannot be hashed) and must be judged on its own. By the value and
        its type (``True`` and ``1`` stay apart); a list by its items and their types
        (``[True]`` and ``[1]`` too). A type whose equal values can still judge apart (a
        cell value's extras) says so here. Never raises."""
        if type(value) is list:
            value = (list, tuple((type(x), x) for x in value))
        try:
            hash(value)
        except TypeError:
            return None
        return (type(value), value)

    def approx_tolerance(self, expected: Any) -> Tolerance | None:
        """The tolerance ``approx`` uses without ``tolerance=``: the type's default, else
        1 %; ``None`` when ``equals`` already compares ``expected`` at its own precision
        (a length literal)."""
        return self.default_tolerance or Tolerance(relative=0.01)

    def key(self, value: Any) -> float:
        """A number to order by; raises ``TypeError`` when the type has no order."""
        raise TypeError(f"{self.name} values have no order")

    # Whether ``tolerance=`` means anything for this type (numbers, lengths, line
    # spacing, page sizes, border widths, colours); elsewhere it is a rubric error.
    tolerant = False

    def parse_tolerance(self, literal: str) -> Tolerance:
        """A ``tolerance=`` literal; raises ``ValueParseError`` when it does not parse or
        the type has no use for one."""
        if not self.tolerant:
            raise ValueParseError(f"a tolerance does not apply to {self.name} values")
        t = literal.strip()
        if t.endswith("%"):
            return Tolerance(relative=non_negative(parse_float(t[:-1], literal), literal) / 100.0)
        return Tolerance(absolute=non_negative(parse_float(t, literal), literal))

    def as_text(self, value: Any) -> str:
        return self.render(value)

    # Whether values are lists of items (functions used, tab stops): the set comparators
    # (subset_of, same_set) need one.
    listy = False

    def items(self, value: Any) -> list | None:
        """The elements of a list-like value; ``None`` when the value is a scalar."""
        return None

    def parse_item(self, literal: str) -> Any:
        """One item of a list as a rubric writes it (``contains``, ``subset_of`` …);
        raises ``ValueParseError`` when it cannot be one."""
        return literal

    def item_key(self, item: Any) -> Any:
        """A hashable key of an item (from ``items`` or ``parse_item``): two items with one
        key are the same item (``distinct``)."""
        return item

    def same_item(self, item: Any, expected: Any, ctx: CompareContext) -> bool:
        """Whether a document's ITEM (from ``items``) is the EXPECTED one (from
        ``parse_item``, or an item of another document's value)."""
        return self.item_key(item) == self.item_key(expected)


def non_negative(v: float, literal: str) -> float:
    if v < 0:
        raise ValueParseError(f"tolerance {literal!r} is negative")
    return v


def parse_float(text: str, literal: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ValueParseError(f"{literal!r} is not a number") from None
    if not math.isfinite(v):
        raise ValueParseError(f"{literal!r} is not a finite number")
    return v


def parse_comparison(literal: str) -> Comparison:
    """``>=3``, ``3``, ``≥ 3``, ``<10`` -> ``Comparison``; raises ``ValueParseError``."""
    t = literal.strip().replace("≥", ">=").replace("≤", "<=").replace("＞", ">").replace("＜", "<")
    m = re.fullmatch(r"(>=|<=|==|=|!=|>|<)?\s*([-+]?\d+(?:\.\d+)?)", t)
    if not m:
        raise ValueParseError(f"{literal!r} is not a count (3, >=3, <10)")
    op = m.group(1) or "=="
    return Comparison("==" if op == "=" else op, float(m.group(2)))


def compare_number(n: float, c: Comparison) -> bool:
    return {">=": n >= c.value, "<=": n <= c.value, ">": n > c.value, "<": n < c.value,
            "==": n == c.value, "!=": n != c.value}[c.op]
