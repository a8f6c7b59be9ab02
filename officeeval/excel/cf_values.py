"""Cell values as conditional-format rules see them, and Excel's comparison of two values
(blank, number, text, bool or error: a blank compares as 0 or "", texts without case,
numbers < texts < booleans, errors never)."""

from __future__ import annotations

import math
from typing import Any, Callable

from officeeval.excel import cells as C
from officeeval.excel.numfmt import general


MAX_CELLS = 100_000


COMPARE: dict[str, Callable[[int], bool]] = {
    "=": lambda c: c == 0, "<>": lambda c: c != 0, "<": lambda c: c < 0,
    ">": lambda c: c > 0, "<=": lambda c: c <= 0, ">=": lambda c: c >= 0}


BLANK = ("blank", None)


class Unsupported(Exception):
    """The rule is of a kind (or uses a formula) this module does not evaluate."""


# ------------------------------------------------------------------ values
def value_at(sheet, row: int, col: int) -> tuple[str, Any]:
    """(kind, value) with kind blank, number, text, bool or error."""
    v, _ = C.cell_value(sheet, row, col)
    if v.kind == "empty" or (v.kind == "text" and v.value == ""):
        return BLANK
    if v.kind == "date":
        serial = v.extra.get("serial")
        if serial is None:
            raise Unsupported("a date without its serial number")
        return "number", float(serial)
    if v.kind == "number":
        return "number", float(v.value)
    if v.kind == "bool":
        return "bool", bool(v.value)
    if v.kind == "error":
        return "error", str(v.value)
    return "text", str(v.value)


_RANK = {"number": 0, "text": 1, "bool": 2}


def compare(a: tuple[str, Any], b: tuple[str, Any]) -> int | None:
    """Excel's comparison of two values: -1, 0, 1; ``None`` when either is an error."""
    if a[0] == "error" or b[0] == "error":
        return None
    if a[0] == "blank" and b[0] == "blank":
        return 0
    if a[0] == "blank":
        a = {"number": ("number", 0.0), "text": ("text", ""), "bool": ("bool", False)}[b[0]]
    if b[0] == "blank":
        b = {"number": ("number", 0.0), "text": ("text", ""), "bool": ("bool", False)}[a[0]]
    if a[0] != b[0]:
        return -1 if _RANK[a[0]] < _RANK[b[0]] else 1
    x, y = a[1], b[1]
    if a[0] == "text":
        x, y = x.casefold(), y.casefold()
    return (x > y) - (x < y)


def text_of(v: tuple[str, Any]) -> str | None:
    """The value as text functions see it (``None`` for an error)."""
    kind, x = v
    if kind == "error":
        return None
    if kind == "blank":
        return ""
    if kind == "number":
        return general(x)
    if kind == "bool":
        return "TRUE" if x else "FALSE"
    return x


def excel_round(x: float, digits: int) -> float:
    """Excel's ROUND: halves away from zero."""
    q = 10.0 ** digits
    return math.copysign(math.floor(abs(x) * q + 0.5) / q, x)


def number_of(v: tuple[str, Any]) -> float | None:
    """A value as arithmetic sees it: blank 0, TRUE 1, a numeric text its number; ``None``
    for errors and other texts (#VALUE!)."""
    kind, x = v
    if kind == "number":
        return x
    if kind == "blank":
        return 0.0
    if kind == "bool":
        return 1.0 if x else 0.0
    if kind == "text":
        try:
            return float(x.strip())
        except ValueError:
            return None
    return None


def truth(v: tuple[str, Any]) -> bool | None:
    if v[0] == "bool":
        return v[1]
    if v[0] == "number":
        return v[1] != 0
    if v[0] == "blank":
        return False
    return None  # a text is not a truth value (#VALUE!)
