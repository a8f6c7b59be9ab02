"""Lengths and what is measured like them: lengths (points, at the examiner's precision
for the unit written), font sizes (五号 …), line spacing (multiples, exactly, at least) and
paper sizes."""

from __future__ import annotations

import functools
import math
import re
from typing import Any

from officeeval.errors import ValueParseError
from officeeval.ooxml.units import (
    format_length, format_pt, literal_precision_pt, parse_length_literal, size_name,
)
from officeeval.properties.types.base import (
    CompareContext, Tolerance, ValueType, non_negative, parse_float,
)
from officeeval.values import LineSpacing, Measure, PageSize, PAPER_SIZES


class LengthType(ValueType):
    """Lengths compare in points; ``Nchar`` / ``Nline`` compare in those units when the
    document stored them so, and are converted with the context's unit size otherwise."""

    name = "length"
    unit = "pt"
    orderable = True
    tolerant = True
    default_tolerance = Tolerance(absolute=0.05)
    description = "a length: 12pt, 2.5cm, 25mm, 1in, 2char, 1.5line; bare numbers are points"
    unit_tolerance = 0.01
    display_unit: str | None = None  # render in this unit (cm, mm, in …) instead of points

    def __init__(self, name: str | None = None, allow_units: tuple[str, ...] = ("char", "line"),
                 description: str | None = None) -> None:
        if name:
            self.name = name
        self.allow_units = allow_units
        if description:
            self.description = description

    def parse(self, literal: str) -> Measure:
        parsed = parse_length_literal(literal)
        if parsed is None:
            raise ValueParseError(f"{literal!r} is not a length (e.g. 12pt, 2.5cm, 2char)")
        v, unit = parsed
        if unit in ("", "pt"):
            return Measure(pt=v, precision=literal_precision_pt(literal))
        if unit not in self.allow_units:
            raise ValueParseError(f"{literal!r}: {unit} units do not apply to {self.name}")
        return Measure(pt=None, chars=v) if unit == "char" else Measure(pt=None, lines=v)

    def parse_tolerance(self, literal: str) -> Tolerance:
        parsed = parse_length_literal(literal)
        if literal.strip().endswith("%"):
            return super().parse_tolerance(literal)
        if parsed is None or parsed[1] not in ("", "pt"):
            raise ValueParseError(f"tolerance {literal!r} is not a length")
        return Tolerance(absolute=non_negative(parsed[0], literal))

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        if isinstance(value, Measure):
            pts = value.points()
            if value.chars is not None or value.lines is not None:
                return f"{value}" + (f" ({self._length(pts)})" if pts is not None else "")
            return self._length(pts) if pts is not None else "?"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return self._length(float(value))
        return str(value)

    def _length(self, pts: float) -> str:
        return format_length(pts, self.display_unit) if self.display_unit else format_pt(pts)

    def in_unit(self, unit: str | None) -> "LengthType":
        """This type, rendering lengths in UNIT (one of ``units.DISPLAY_UNITS``: the unit a
        rubric's literal used); itself for ``None``. Parsing and comparing are unchanged."""
        return self if unit is None else _in_unit(self, unit)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        a, e = _measure(actual), _measure(expected)
        if a is None or e is None:
            return False
        for attr in ("chars", "lines"):
            ev, av = getattr(e, attr), getattr(a, attr)
            if ev is not None and av is not None:
                return abs(ev - av) <= self.unit_tolerance + 1e-9
        ap = a.points()
        ep = _expected_points(e, a)
        if ap is None or ep is None:
            return False
        if ctx.tolerance is None and e.precision:
            # The examiner's precision: equal when the two show the same at the step the
            # literal was written to; exactly half a step apart is a different value.
            return abs(ap - ep) < e.precision / 2 - 1e-9 * max(1.0, abs(ep))
        return (ctx.tolerance or self.default_tolerance).allows(ap, ep)

    def approx_tolerance(self, expected: Any) -> Tolerance | None:
        m = _measure(expected)
        return None if m is not None and m.precision else super().approx_tolerance(expected)

    def key(self, value: Any) -> float:
        m = _measure(value)
        p = m.points() if m else None
        if p is None:
            raise TypeError("length without a value in points")
        return p


@functools.lru_cache(maxsize=256)
def _in_unit(vtype: LengthType, unit: str) -> LengthType:
    # One copy per (type, unit): the comparators render an expected value once per type.
    import copy
    clone = copy.copy(vtype)
    clone.display_unit = unit
    return clone


def _measure(v: Any) -> Measure | None:
    if isinstance(v, Measure):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
        return Measure(pt=float(v))
    return None


def _expected_points(expected: Measure, actual: Measure) -> float | None:
    """Expected in points; character/line counts use the actual value's unit size (the
    paragraph's font size or line pitch)."""
    if expected.pt is not None:
        return expected.pt
    count = expected.chars if expected.chars is not None else expected.lines
    if count is None or not actual.unit_pt:
        return None
    return count * actual.unit_pt


class FontSizeType(LengthType):
    name = "size"
    description = "a font size in points: 10.5, 10.5pt, 五号, 小四"

    def __init__(self) -> None:
        super().__init__(allow_units=())

    def render(self, value: Any) -> str:
        base = super().render(value)
        m = _measure(value)
        zh = size_name(m.points()) if m else None
        return f"{base} ({zh})" if zh else base


class LineSpacingType(ValueType):
    name = "line_spacing"
    orderable = False
    tolerant = True
    description = ("line spacing: 1.5line / 1.5倍行距 / 单倍行距 (multiples), "
                   "exactly 20pt / 固定值 20磅, at_least 12pt / 最小值 12磅")

    def parse(self, literal: str) -> LineSpacing:
        from officeeval.vocabulary.word import NAMED_LINE_SPACING
        t = literal.strip()
        key = t.replace(" ", "").lower()
        for name, mult in NAMED_LINE_SPACING.items():
            if key == name.replace(" ", "").lower():
                return LineSpacing("multiple", mult)
        m = re.match(r"^(exactly|exact|固定值|固定|at_?least|atleast|最小值|至少|multiple|多倍行距)?"
                     r"\s*[:=]?\s*(.+)$", t, re.I)
        if not m:
            raise ValueParseError(f"{literal!r} is not a line spacing")
        word = (m.group(1) or "").lower().replace("_", "")
        rest = m.group(2).strip()
        if word in ("exactly", "exact", "固定值", "固定", "atleast", "最小值", "至少"):
            parsed = parse_length_literal(rest)
            if parsed is None or parsed[1] not in ("", "pt"):
                raise ValueParseError(f"{literal!r}: {rest!r} is not a length")
            rule = "exact" if word in ("exactly", "exact", "固定值", "固定") else "at_least"
            return LineSpacing(rule, parsed[0])
        rest = re.sub(r"(倍行距|倍|lines?|x)$", "", rest.replace(" ", ""), flags=re.I)
        return LineSpacing("multiple", parse_float(rest, literal))

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, LineSpacing) or not isinstance(expected, LineSpacing):
            return False
        if actual.rule != expected.rule:
            return False
        tol = ctx.tolerance or (Tolerance(absolute=0.01) if actual.rule == "multiple"
                                else Tolerance(absolute=0.05))
        return tol.allows(actual.value, expected.value)


class PageSizeType(ValueType):
    name = "page_size"
    tolerant = True
    description = "a paper size name (A4, A3, B5, 16K, Letter …) or WxH (21cm x 29.7cm)"

    def parse(self, literal: str) -> Any:
        t = literal.strip()
        for name in PAPER_SIZES:
            if t.replace(" ", "").lower() == name.replace(" ", "").lower():
                return name
        m = re.match(r"^(.+?)\s*[x×*]\s*(.+)$", t)
        if m:
            w, h = parse_length_literal(m.group(1)), parse_length_literal(m.group(2))
            if w and h and w[1] in ("", "pt") and h[1] in ("", "pt"):
                return PageSize(w[0], h[0])
        raise ValueParseError(f"{literal!r} is not a paper size (A4, 16K, 21cm x 29.7cm)")

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, PageSize):
            return False
        if isinstance(expected, str):
            return actual.name.lower() == expected.lower()
        if isinstance(expected, PageSize):
            tol = ctx.tolerance or Tolerance(absolute=1.0)
            return tol.allows(actual.width, expected.width) and tol.allows(actual.height,
                                                                            expected.height)
        return False
