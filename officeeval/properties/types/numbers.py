"""Numbers (counts, percentages, plain numbers) and durations in seconds. A bool is not a
number and NaN never equals."""

from __future__ import annotations

import math
import re
from typing import Any

from officeeval.properties.types.base import CompareContext, Tolerance, ValueType, parse_float
from officeeval.values import CellValue


class NumberType(ValueType):
    name = "number"
    orderable = True
    tolerant = True
    description = "a number"
    document_free = True

    def __init__(self, unit: str = "", integer: bool = False, name: str | None = None,
                 default_tolerance: Tolerance | None = None) -> None:
        self.unit = unit
        self.integer = integer
        if name:
            self.name = name
        self.default_tolerance = default_tolerance

    def parse(self, literal: str) -> float:
        t = literal.strip()
        if self.unit and t.endswith(self.unit):
            t = t[: -len(self.unit)].strip()
        if t.endswith("%") and self.unit == "%":
            t = t[:-1]
        v = parse_float(t, literal)
        return int(v) if self.integer and v.is_integer() else v

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return f"{value:g}{self.unit}" if isinstance(value, float) else f"{value}{self.unit}"

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        a, b = _num(actual), _num(expected)
        if a is None or b is None:
            return False
        tol = ctx.tolerance or self.default_tolerance or Tolerance(relative=1e-9, absolute=1e-9)
        return tol.allows(a, b)

    def key(self, value: Any) -> float:
        v = _num(value)
        if v is None:
            raise TypeError("not a number")
        return v


def _num(v: Any) -> float | None:
    """A finite float from a number value; bools are not numbers, NaN never equals."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, CellValue):
        return _num(v.value) if v.kind == "number" else None
    if isinstance(v, (int, float)):
        f = float(v)
        return f if math.isfinite(f) else None
    return None


class DurationType(NumberType):
    """Durations in seconds: ``2``, ``2s``, ``500ms``, ``0.5秒``."""

    def __init__(self) -> None:
        super().__init__(unit="s", name="duration", default_tolerance=Tolerance(absolute=0.01))
        self.description = "a duration in seconds: 2, 2s, 500ms, 0.5秒"

    def parse(self, literal: str) -> float:
        t = literal.strip().lower().replace(" ", "")
        if t.endswith("ms") or t.endswith("毫秒"):
            return parse_float(t.rstrip("ms毫秒"), literal) / 1000.0
        return parse_float(re.sub(r"(s|sec|秒|秒钟)$", "", t), literal)
