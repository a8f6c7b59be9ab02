"""What a conditional-format rule does: the cells of its range it formats, judged per cell
the way Excel judges them, so that a correct rule written differently (``cellIs
greaterThan 90`` or the expression ``$B2>90``; ``top10`` or ``cellIs`` at the right
threshold) gives the same cells.

Covered exactly, from the cells' values (formulas there recalculated as ``cell.value`` is):

* ``cellIs`` with every operator and ``expression`` rules, their formulas built from
  numbers, quoted texts, TRUE/FALSE, cells and ranges (relative references shifted from the
  range's top-left cell), the operators ``= <> < > <= >= & + - * / ^ %`` and the pure
  functions AND, OR, NOT, IF, ROW, COLUMN, MOD, ABS, INT, ROUND, LEN, TRIM, LEFT, RIGHT,
  ISBLANK, ISNUMBER, ISTEXT, ISERROR, and over ranges SUM, AVERAGE, MAX, MIN, COUNT,
  COUNTA; Excel's comparison rules: a blank cell compares as 0 with a number and as "" with
  a text, texts compare without case, numbers < texts < booleans, an error is never
  formatted;
* ``top10`` (rank or percent, top or bottom; ties with the last value included),
  ``aboveAverage`` (above, below, or equal; without ``stdDev``), ``duplicateValues`` and
  ``uniqueValues`` (blank cells never count, texts compare without case),
  ``containsText`` / ``notContainsText`` / ``beginsWith`` / ``endsWith`` (the rule's
  ``text``, without case), ``containsBlanks`` / ``notContainsBlanks`` (blank = empty or
  only spaces), ``containsErrors`` / ``notContainsErrors``;
* colour scales, data bars and icon sets: every number of the range (each gets a colour, a
  bar or an icon).

Not evaluated (``Unsupported``): other functions (TODAY, lookups, anything reading the clock
or another sheet), ``timePeriod`` (it depends on the day it is opened), ``stdDev`` rules,
ranges of more than 100,000 cells. Whole columns and rows are bounded by the used range, so
blanks below it are not listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from officeeval.excel.cf_formula import Formula
from officeeval.excel.cf_values import (
    COMPARE, MAX_CELLS, Unsupported, compare, text_of, truth, value_at,
)
from officeeval.excel.refs import cell_ref, parse_area

if TYPE_CHECKING:
    from officeeval.excel.conditional import CfRule


_CELL_IS = {"equal": "=", "notEqual": "<>", "lessThan": "<", "greaterThan": ">",
            "lessThanOrEqual": "<=", "greaterThanOrEqual": ">="}


# ------------------------------------------------------------------ the range
def rule_cells(rule: "CfRule") -> list[tuple[int, int]]:
    """(row, col) of every cell of the rule's range in row-major order, each once."""
    seen: set[tuple[int, int]] = set()
    out = []
    for piece in rule.range.split():
        area = parse_area(piece.replace("$", ""))
        if area is None:
            continue
        area = rule.sheet.bound(area)
        if area is None:
            continue
        if area.rows * area.cols > MAX_CELLS:
            raise Unsupported("a range of more than 100,000 cells")
        for r in range(area.r1, area.r2 + 1):
            for c in range(area.c1, area.c2 + 1):
                if (r, c) not in seen:
                    seen.add((r, c))
                    out.append((r, c))
    return out


# ------------------------------------------------------------------ rule kinds
def formatted_cells(rule: "CfRule") -> list[str]:
    """References (``B3``) of the cells of the rule's range the rule formats, in row-major
    order. Raises ``Unsupported`` for the kinds the module docstring lists as not
    evaluated; errors reading a cell's value propagate."""
    cells = rule_cells(rule)
    test = _tester(rule, cells)
    return [cell_ref(r, c) for r, c in cells if test(r, c)]


def _tester(rule: "CfRule", cells: list[tuple[int, int]]) -> Callable[[int, int], bool]:
    sheet, rtype = rule.sheet, rule.type
    val = lambda r, c: value_at(sheet, r, c)  # noqa: E731
    if rtype == "cellIs":
        return _cell_is(rule)
    if rtype == "expression":
        if not rule.formulas:
            raise Unsupported("an expression rule without a formula")
        f = Formula(rule.formulas[0], rule)
        return lambda r, c: truth(f.value(r, c)) is True
    if rtype in ("top10", "aboveAverage"):
        numbers = [v[1] for v in (val(r, c) for r, c in cells) if v[0] == "number"]
        return _ranked(rule, numbers, val)
    if rtype in ("duplicateValues", "uniqueValues"):
        counts: dict[Any, int] = {}
        keys = {}
        for r, c in cells:
            v = val(r, c)
            if v[0] in ("blank", "error"):
                continue
            key = (v[0], v[1].casefold() if v[0] == "text" else v[1])
            keys[(r, c)] = key
            counts[key] = counts.get(key, 0) + 1
        want_dup = rtype == "duplicateValues"
        return lambda r, c: (r, c) in keys and (counts[keys[(r, c)]] > 1) == want_dup
    if rtype in ("containsText", "notContainsText", "beginsWith", "endsWith"):
        needle = (rule.text or "").casefold()

        def has(r: int, c: int) -> bool:
            text = text_of(val(r, c))
            if text is None:
                return rtype == "notContainsText"  # ISERROR(SEARCH(…, error)) is TRUE
            text = text.casefold()
            return {"containsText": needle in text, "notContainsText": needle not in text,
                    "beginsWith": text.startswith(needle),
                    "endsWith": text.endswith(needle)}[rtype]
        return has
    if rtype in ("containsBlanks", "notContainsBlanks"):
        def blank(r: int, c: int) -> bool:
            v = val(r, c)
            text = text_of(v)
            is_blank = text is not None and text.strip() == ""
            return is_blank if rtype == "containsBlanks" else (not is_blank)
        return blank
    if rtype in ("colorScale", "dataBar", "iconSet"):
        return lambda r, c: val(r, c)[0] == "number"
    if rtype in ("containsErrors", "notContainsErrors"):
        return lambda r, c: (val(r, c)[0] == "error") == (rtype == "containsErrors")
    raise Unsupported(f"{rtype or 'a rule without a type'} rules")


def _cell_is(rule: "CfRule") -> Callable[[int, int], bool]:
    op = rule.operator or ""
    formulas = [Formula(f, rule) for f in rule.formulas]
    if op in ("between", "notBetween"):
        if len(formulas) < 2:
            raise Unsupported("a between rule without two limits")

        def between(r: int, c: int) -> bool:
            v = value_at(rule.sheet, r, c)
            lo, hi = formulas[0].value(r, c), formulas[1].value(r, c)
            a, b = compare(v, lo), compare(v, hi)
            if a is None or b is None:
                return False
            # Excel takes the limits in either order.
            inside = (a >= 0 and b <= 0) or (a <= 0 and b >= 0)
            return inside if op == "between" else not inside
        return between
    if op not in _CELL_IS or not formulas:
        raise Unsupported(f"the cellIs operator {op!r}")
    test = COMPARE[_CELL_IS[op]]

    def cmp(r: int, c: int) -> bool:
        got = compare(value_at(rule.sheet, r, c), formulas[0].value(r, c))
        return got is not None and test(got)
    return cmp


def _ranked(rule: "CfRule", numbers: list[float], val) -> Callable[[int, int], bool]:
    if not numbers:
        return lambda r, c: False
    if rule.type == "aboveAverage":
        if (rule.std_dev or 0) > 0:
            raise Unsupported("standard deviation rules")
        avg = sum(numbers) / len(numbers)
        op = {"above": ">", "below": "<", "equalOrAbove": ">=",
              "equalOrBelow": "<="}.get(rule.operator or "above", ">")
        return lambda r, c: val(r, c)[0] == "number" and COMPARE[op](
            (val(r, c)[1] > avg) - (val(r, c)[1] < avg))
    rank = rule.rank if rule.rank is not None else 10
    if rule.percent:
        rank = int(len(numbers) * rank / 100)
    rank = max(1, min(rank, len(numbers)))
    bottom = rule.operator == "bottom"
    ordered = sorted(numbers, reverse=not bottom)
    edge = ordered[rank - 1]
    return lambda r, c: val(r, c)[0] == "number" and (
        val(r, c)[1] <= edge if bottom else val(r, c)[1] >= edge)
