"""What a conditional-format rule does: the cells of its range it formats, judged per cell
the way Excel judges them, so that a correct rule written differently (``cellIs
greaterThan 90`` or the expression ``$B2>90``; ``top10`` or ``cellIs`` at the right
threshold) gives the same cells.

Covered exactly, from the cells' values (formulas there recalculated as ``cell.value`` is):

* ``cellIs`` with every operator, its operands numbers, quoted texts, TRUE/FALSE or
  references to single cells (relative ones shifted from the range's top-left cell);
  Excel's comparison rules: a blank cell compares as 0 with a number and as "" with a
  text, texts compare without case, numbers < texts < booleans, an error is never
  formatted;
* ``expression`` rules built from comparisons of such operands, ``AND``, ``OR``, ``NOT``,
  ``TRUE``/``FALSE`` (``$B2>=60``, ``AND($C2="男",$D2>90)``);
* ``top10`` (rank or percent, top or bottom; ties with the last value included),
  ``aboveAverage`` (above, below, or equal; without ``stdDev``), ``duplicateValues`` and
  ``uniqueValues`` (blank cells never count, texts compare without case),
  ``containsText`` / ``notContainsText`` / ``beginsWith`` / ``endsWith`` (the rule's
  ``text``, without case), ``containsBlanks`` / ``notContainsBlanks`` (blank = empty or
  only spaces), ``containsErrors`` / ``notContainsErrors``.

Not evaluated (``Unsupported``): other expressions (functions beyond AND/OR/NOT,
arithmetic), ``timePeriod`` (it depends on the day it is opened), ``stdDev`` rules, and the
colour scales, data bars and icon sets, which format every number of their range.
Whole columns and rows are bounded by the used range, so blanks below it are not listed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from officeeval.excel import cells as C
from officeeval.excel.formulas import tokenize
from officeeval.excel.numfmt import general
from officeeval.excel.refs import cell_ref, parse_area, parse_cell, split_sheet

if TYPE_CHECKING:
    from officeeval.excel.conditional import CfRule

MAX_CELLS = 100_000
_OPS: dict[str, Callable[[int], bool]] = {
    "=": lambda c: c == 0, "<>": lambda c: c != 0, "<": lambda c: c < 0,
    ">": lambda c: c > 0, "<=": lambda c: c <= 0, ">=": lambda c: c >= 0}
_CELL_IS = {"equal": "=", "notEqual": "<>", "lessThan": "<", "greaterThan": ">",
            "lessThanOrEqual": "<=", "greaterThanOrEqual": ">="}
_BLANK = ("blank", None)
_CELL = re.compile(r"^(\$?)[A-Za-z]{1,3}(\$?)\d{1,7}$")


class Unsupported(Exception):
    """The rule is of a kind (or uses a formula) this module does not evaluate."""


# ------------------------------------------------------------------ values
def _value(sheet, row: int, col: int) -> tuple[str, Any]:
    """(kind, value) with kind blank, number, text, bool or error."""
    v, _ = C.cell_value(sheet, row, col)
    if v.kind == "empty" or (v.kind == "text" and v.value == ""):
        return _BLANK
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


def _text_of(v: tuple[str, Any]) -> str | None:
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


def _origin(rule: "CfRule") -> tuple[int, int]:
    """The cell relative references in the rule's formulas are written for: the top-left
    cell of the range's first area."""
    first = rule.range.split()[0] if rule.range.split() else ""
    area = parse_area(first.replace("$", ""))
    if area is None:
        raise Unsupported(f"no range: {rule.range!r}")
    return area.r1, area.c1


# ------------------------------------------------------------------ formulas
class _Formula:
    """A parsed formula of comparisons, AND/OR/NOT and constant or single-cell operands,
    evaluated at a cell of the range (references shifted by the cell's offset)."""

    def __init__(self, text: str, rule: "CfRule") -> None:
        self.rule = rule
        self.origin = _origin(rule)
        self.toks = [t for t in tokenize(text.strip().lstrip("=")) if t.text.strip()]
        self.i = 0
        self.tree = self._comparison()
        if self.i != len(self.toks):
            raise Unsupported(f"cannot evaluate {text!r}")

    # grammar: comparison := operand [op operand]; operand := const | ref | FUNC(args)
    def _peek(self) -> str | None:
        return self.toks[self.i].text if self.i < len(self.toks) else None

    def _next(self):
        if self.i >= len(self.toks):
            raise Unsupported("formula ends early")
        self.i += 1
        return self.toks[self.i - 1]

    def _comparison(self):
        left = self._operand()
        op = self._peek()
        if op in ("<", ">", "="):
            self._next()
            if op in ("<", ">") and self._peek() in ("=", ">") and not (
                    op == ">" and self._peek() == ">"):
                op += self._next().text
            return ("cmp", op, left, self._operand())
        if op in ("<=", ">=", "<>"):
            self._next()
            return ("cmp", op, left, self._operand())
        return left

    def _operand(self):
        tok = self._next()
        if tok.text == "-" and self.i < len(self.toks) and self.toks[self.i].kind == "number":
            return ("const", ("number", -float(self._next().text)))
        if tok.kind == "number":
            return ("const", ("number", float(tok.text)))
        if tok.kind == "string":
            body = tok.text[1:-1] if tok.text.startswith('"') else tok.text
            return ("const", ("text", body.replace('""', '"')))
        if tok.kind == "bool" or tok.text.upper() in ("TRUE", "FALSE"):
            return ("const", ("bool", tok.text.upper() == "TRUE"))
        if tok.kind == "ref":
            return self._ref(tok)
        if tok.kind == "func" or (self._peek() == "(" and tok.text.upper() in (
                "AND", "OR", "NOT")):
            name = tok.text.rstrip("(").upper()
            if name not in ("AND", "OR", "NOT"):
                raise Unsupported(f"the function {name}")
            if not tok.text.endswith("("):
                if self._next().text != "(":
                    raise Unsupported("a function without arguments")
            args = []
            if self._peek() != ")":
                args.append(self._comparison())
                while self._peek() == ",":
                    self._next()
                    args.append(self._comparison())
            if self._next().text != ")":
                raise Unsupported("unbalanced parentheses")
            if name == "NOT" and len(args) != 1:
                raise Unsupported("NOT of several values")
            return ("fn", name, args)
        if tok.text == "(":
            inner = self._comparison()
            if self._next().text != ")":
                raise Unsupported("unbalanced parentheses")
            return inner
        raise Unsupported(f"cannot evaluate {tok.text!r}")

    def _ref(self, tok):
        sheet_name, body = split_sheet(tok.text)
        if sheet_name is not None and sheet_name != self.rule.sheet.name:
            raise Unsupported("a reference to another sheet")
        m = _CELL.match(body)
        cell = parse_cell(body.replace("$", "")) if m else None
        if cell is None:
            raise Unsupported(f"a range operand {tok.text!r}")
        return ("ref", cell[0], cell[1], m.group(2) == "$", m.group(1) == "$")

    def value(self, row: int, col: int) -> tuple[str, Any]:
        return self._eval(self.tree, row, col)

    def _eval(self, node, row: int, col: int) -> tuple[str, Any]:
        kind = node[0]
        if kind == "const":
            return node[1]
        if kind == "ref":
            _, r, c, row_abs, col_abs = node
            r = r if row_abs else r + row - self.origin[0]
            c = c if col_abs else c + col - self.origin[1]
            if r < 1 or c < 1:
                return "error", "#REF!"
            return _value(self.rule.sheet, r, c)
        if kind == "cmp":
            got = compare(self._eval(node[2], row, col), self._eval(node[3], row, col))
            return ("error", "#VALUE!") if got is None else ("bool", _OPS[node[1]](got))
        values = [self._eval(a, row, col) for a in node[2]]
        if any(v[0] == "error" for v in values):
            return "error", "#VALUE!"
        truths = [_truth(v) for v in values]
        if any(t is None for t in truths):
            return "error", "#VALUE!"
        if node[1] == "AND":
            return "bool", all(truths)
        if node[1] == "OR":
            return "bool", any(truths)
        return "bool", not truths[0]


def _truth(v: tuple[str, Any]) -> bool | None:
    if v[0] == "bool":
        return v[1]
    if v[0] == "number":
        return v[1] != 0
    if v[0] == "blank":
        return False
    return None  # a text is not a truth value (#VALUE!)


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
    val = lambda r, c: _value(sheet, r, c)  # noqa: E731
    if rtype == "cellIs":
        return _cell_is(rule)
    if rtype == "expression":
        if not rule.formulas:
            raise Unsupported("an expression rule without a formula")
        f = _Formula(rule.formulas[0], rule)
        return lambda r, c: _truth(f.value(r, c)) is True
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
            text = _text_of(val(r, c))
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
            text = _text_of(v)
            is_blank = text is not None and text.strip() == ""
            return is_blank if rtype == "containsBlanks" else (not is_blank)
        return blank
    if rtype in ("containsErrors", "notContainsErrors"):
        return lambda r, c: (val(r, c)[0] == "error") == (rtype == "containsErrors")
    raise Unsupported(f"{rtype or 'a rule without a type'} rules")


def _cell_is(rule: "CfRule") -> Callable[[int, int], bool]:
    op = rule.operator or ""
    formulas = [_Formula(f, rule) for f in rule.formulas]
    if op in ("between", "notBetween"):
        if len(formulas) < 2:
            raise Unsupported("a between rule without two limits")

        def between(r: int, c: int) -> bool:
            v = _value(rule.sheet, r, c)
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
    test = _OPS[_CELL_IS[op]]

    def cmp(r: int, c: int) -> bool:
        got = compare(_value(rule.sheet, r, c), formulas[0].value(r, c))
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
        return lambda r, c: val(r, c)[0] == "number" and _OPS[op](
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
