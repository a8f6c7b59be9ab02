"""Values read from spreadsheets: typed cell values (number, text, date, boolean, error)
and structured values compared whole (a sheet's values as JSON)."""

from __future__ import annotations

import datetime as _dt
import json
import math
import re
from typing import Any

from officeeval.errors import ValueParseError
from officeeval.properties.types.base import CompareContext, ValueType
from officeeval.properties.types.numbers import NumberType
from officeeval.properties.types.text import TextType
from officeeval.values import CellValue


class CellValueType(ValueType):
    """Spreadsheet values: numbers compare as numbers (1e-9 relative), text as text, dates
    as dates (ISO literals ``2024-03-01``), booleans TRUE/FALSE, errors ``#DIV/0!``."""

    document_free = True

    name = "cell_value"
    orderable = True
    tolerant = True
    description = "a cell value: a number, text, TRUE/FALSE, a date 2024-03-01, an error #N/A"

    def parse(self, literal: str) -> CellValue:
        t = literal.strip()
        if t.upper() in ("TRUE", "FALSE"):
            return CellValue("bool", t.upper() == "TRUE")
        if t.startswith("#") and t.upper() in ("#N/A", "#DIV/0!", "#VALUE!", "#REF!",
                                                "#NAME?", "#NUM!", "#NULL!", "#SPILL!",
                                                "#CALC!", "#GETTING_DATA"):
            return CellValue("error", t.upper())
        try:
            v = float(t.replace(",", "")) if re.fullmatch(r"[-+]?[\d,]*\.?\d+(e[-+]?\d+)?",
                                                          t, re.I) else None
        except ValueError:
            v = None
        if v is not None and math.isfinite(v):
            return CellValue("number", v)
        m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?", t)
        if m:
            parts = [int(x) if x else 0 for x in m.groups()]
            try:
                return CellValue("date", _dt.datetime(*parts))
            except ValueError:
                pass
        if t == "":
            return CellValue("empty", None)
        return CellValue("text", literal)

    def render(self, value: Any) -> str:
        return "(none)" if value is None else str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, CellValue) or not isinstance(expected, CellValue):
            return False
        if actual.kind == "number" and expected.kind == "number":
            return NumberType().equals(actual.value, expected.value, ctx)
        if actual.kind == "date" and expected.kind == "date":
            return actual.value == expected.value
        if actual.kind == "date" and expected.kind == "number":
            return NumberType().equals(actual.extra.get("serial"), expected.value, ctx)
        if actual.kind == "text" and expected.kind == "text":
            return TextType().equals(actual.value, expected.value, ctx)
        if actual.kind == "text" and expected.kind == "number":
            return False
        return actual.kind == expected.kind and actual.value == expected.value

    def same_stored(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        """For ``unchanged``/``changed`` against the input: a date and a number with the
        same serial store the same data (a date whose format was removed shows 45719 and
        still holds 2025-03-03; whether it shows as a date is its number format's
        criterion, so that one mistake is charged once). Otherwise ``equals``."""
        if isinstance(actual, CellValue) and isinstance(expected, CellValue) and \
                {actual.kind, expected.kind} == {"date", "number"}:
            a = actual.extra.get("serial") if actual.kind == "date" else actual.value
            e = expected.extra.get("serial") if expected.kind == "date" else expected.value
            return a is not None and e is not None and NumberType().equals(a, e, ctx)
        return self.equals(actual, expected, ctx)

    def identity_key(self, value: Any) -> Any:
        """A cell value by its class, its value and that value's type (``True`` and ``1``)
        and its extras: equal cell values may judge apart by them (two dates equal to the
        millisecond, their serials not). ``None`` for extras that cannot be sorted or
        hashed; another value as ``ValueType.identity_key`` keys it."""
        if not isinstance(value, CellValue):
            return super().identity_key(value)
        extra = value.extra
        try:
            key = (type(value), value, tuple(sorted(extra.items())) if extra else (),
                   type(value.value))
            hash(key)
        except TypeError:
            return None
        return (tuple, key)

    def key(self, value: Any) -> float:
        if isinstance(value, CellValue):
            if value.kind == "number":
                return float(value.value)
            if value.kind == "date" and value.extra.get("serial") is not None:
                return float(value.extra["serial"])
            if value.kind == "date":
                return value.value.timestamp()
        raise TypeError("not an orderable cell value")

    def as_text(self, value: Any) -> str:
        if isinstance(value, CellValue):
            return "" if value.value is None else (
                value.value if value.kind == "text" else str(value))
        return "" if value is None else str(value)


class JsonType(ValueType):
    """Structured values (a sheet's values, a list of records) compared by equality."""

    name = "json"
    description = "a structured value (JSON literal)"

    def parse(self, literal: str) -> Any:
        try:
            return json.loads(literal)
        except json.JSONDecodeError as exc:
            raise ValueParseError(f"{literal!r} is not JSON: {exc}") from None

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        s = json.dumps(value, ensure_ascii=False, default=str)
        return s if len(s) <= 160 else s[:157] + "..."

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        return _jsonable(actual) == _jsonable(expected)


def _jsonable(v: Any) -> Any:
    return json.loads(json.dumps(v, default=str)) if v is not None else None
