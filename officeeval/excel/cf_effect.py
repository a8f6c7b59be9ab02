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

import math
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
_CMP = ("=", "<>", "<", ">", "<=", ">=")
_ARITH: dict[str, Callable[[float, float], float]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: a / b, "^": lambda a, b: a ** b}
# Pure functions of the cells' values (nothing reads the clock or another workbook).
_AGGREGATES = ("SUM", "AVERAGE", "MAX", "MIN", "COUNT", "COUNTA")
_SCALARS = ("AND", "OR", "NOT", "IF", "ROW", "COLUMN", "MOD", "ABS", "INT", "LEN", "TRIM",
            "LEFT", "RIGHT", "ISBLANK", "ISNUMBER", "ISTEXT", "ISERROR", "ROUND")
_VALUE_ERROR = ("error", "#VALUE!")


class _Formula:
    """A parsed formula over constants, single cells and ranges, evaluated at a cell of the
    rule's range (relative references shifted by the cell's offset from the range's first
    cell). Operators: comparisons, ``&``, ``+ - * / ^``, unary minus, ``%``; functions:
    ``_SCALARS`` and, over ranges, ``_AGGREGATES``. Anything else is ``Unsupported``."""

    def __init__(self, text: str, rule: "CfRule") -> None:
        self.rule = rule
        self.origin = _origin(rule)
        self.toks = [t for t in tokenize(text.strip().lstrip("=")) if t.text.strip()]
        self.i = 0
        self.tree = self._comparison()
        if self.i != len(self.toks):
            raise Unsupported(f"cannot evaluate {text!r}")

    # ---------------------------------------------------------------- parsing
    def _peek(self) -> str | None:
        return self.toks[self.i].text if self.i < len(self.toks) else None

    def _next(self):
        if self.i >= len(self.toks):
            raise Unsupported("formula ends early")
        self.i += 1
        return self.toks[self.i - 1]

    def _comparison(self):
        left = self._concat()
        op = self._peek()
        if op in ("<", ">", "="):
            self._next()
            if op in ("<", ">") and self._peek() in ("=", ">") and not (
                    op == ">" and self._peek() == ">"):
                op += self._next().text
            return ("cmp", op, left, self._concat())
        if op in ("<=", ">=", "<>"):
            self._next()
            return ("cmp", op, left, self._concat())
        return left

    def _concat(self):
        node = self._additive()
        while self._peek() == "&":
            self._next()
            node = ("cat", node, self._additive())
        return node

    def _additive(self):
        node = self._term()
        while self._peek() in ("+", "-"):
            node = ("arith", self._next().text, node, self._term())
        return node

    def _term(self):
        node = self._power()
        while self._peek() in ("*", "/"):
            node = ("arith", self._next().text, node, self._power())
        return node

    def _power(self):
        node = self._unary()
        while self._peek() == "^":
            self._next()
            node = ("arith", "^", node, self._unary())
        return node

    def _unary(self):
        if self._peek() in ("-", "+"):
            sign = self._next().text
            inner = self._unary()
            return ("arith", "*", ("const", ("number", -1.0 if sign == "-" else 1.0)), inner)
        node = self._operand()
        while self._peek() == "%":
            self._next()
            node = ("arith", "/", node, ("const", ("number", 100.0)))
        return node

    def _operand(self):
        tok = self._next()
        if tok.kind == "number":
            return ("const", ("number", float(tok.text)))
        if tok.kind == "string":
            body = tok.text[1:-1] if tok.text.startswith('"') else tok.text
            return ("const", ("text", body.replace('""', '"')))
        if tok.kind == "bool" or tok.text.upper() in ("TRUE", "FALSE"):
            return ("const", ("bool", tok.text.upper() == "TRUE"))
        if tok.kind == "ref":
            return self._ref(tok)
        if tok.kind == "func":
            return self._call(tok.text.rstrip("(").upper())
        if tok.text == "(":
            inner = self._comparison()
            if self._next().text != ")":
                raise Unsupported("unbalanced parentheses")
            return inner
        raise Unsupported(f"cannot evaluate {tok.text!r}")

    def _call(self, name: str):
        name = name.removeprefix("_XLFN.")
        if name not in _SCALARS and name not in _AGGREGATES:
            raise Unsupported(f"the function {name}")
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
        arity = {"NOT": (1, 1), "IF": (2, 3), "ROW": (0, 1), "COLUMN": (0, 1),
                 "MOD": (2, 2), "ABS": (1, 1), "INT": (1, 1), "LEN": (1, 1),
                 "TRIM": (1, 1), "LEFT": (1, 2), "RIGHT": (1, 2), "ISBLANK": (1, 1),
                 "ISNUMBER": (1, 1), "ISTEXT": (1, 1), "ISERROR": (1, 1),
                 "ROUND": (2, 2)}.get(name, (1, 255))
        if not arity[0] <= len(args) <= arity[1]:
            raise Unsupported(f"{name} with {len(args)} arguments")
        if name not in _AGGREGATES + ("ROW", "COLUMN") and any(a[0] == "range" for a in args):
            raise Unsupported(f"a range given to {name}")
        return ("fn", name, args)

    def _ref(self, tok):
        sheet_name, body = split_sheet(tok.text)
        if sheet_name is not None and sheet_name != self.rule.sheet.name:
            raise Unsupported("a reference to another sheet")
        ends = body.split(":")
        if len(ends) > 2:
            raise Unsupported(f"the reference {tok.text!r}")
        cells = []
        for end in ends:
            m = _CELL.match(end)
            cell = parse_cell(end.replace("$", "")) if m else None
            if cell is None:
                raise Unsupported(f"the reference {tok.text!r}")
            cells.append((cell[0], cell[1], m.group(2) == "$", m.group(1) == "$"))
        if len(cells) == 1:
            return ("ref", *cells[0])
        return ("range", cells[0], cells[1])

    # ---------------------------------------------------------------- evaluation
    def value(self, row: int, col: int) -> tuple[str, Any]:
        return self._eval(self.tree, row, col)

    def _at(self, ref, row: int, col: int) -> tuple[int, int]:
        r, c, row_abs, col_abs = ref
        return (r if row_abs else r + row - self.origin[0],
                c if col_abs else c + col - self.origin[1])

    def _cells(self, node, row: int, col: int) -> list[tuple[str, Any]]:
        (r1, c1), (r2, c2) = self._at(node[1], row, col), self._at(node[2], row, col)
        r1, r2 = sorted((r1, r2))
        c1, c2 = sorted((c1, c2))
        if r1 < 1 or c1 < 1:
            return [("error", "#REF!")]
        if (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_CELLS:
            raise Unsupported("a range of more than 100,000 cells")
        return [_value(self.rule.sheet, r, c) for r in range(r1, r2 + 1)
                for c in range(c1, c2 + 1)]

    def _eval(self, node, row: int, col: int) -> tuple[str, Any]:
        kind = node[0]
        if kind == "const":
            return node[1]
        if kind == "ref":
            r, c = self._at(node[1:], row, col)
            if r < 1 or c < 1:
                return "error", "#REF!"
            return _value(self.rule.sheet, r, c)
        if kind == "range":
            raise Unsupported("a range outside a function")
        if kind == "cmp":
            got = compare(self._eval(node[2], row, col), self._eval(node[3], row, col))
            return _VALUE_ERROR if got is None else ("bool", _OPS[node[1]](got))
        if kind == "cat":
            a = _text_of(self._eval(node[1], row, col))
            b = _text_of(self._eval(node[2], row, col))
            return _VALUE_ERROR if a is None or b is None else ("text", a + b)
        if kind == "arith":
            a = _number(self._eval(node[2], row, col))
            b = _number(self._eval(node[3], row, col))
            if a is None or b is None:
                return _VALUE_ERROR
            if node[1] == "/" and b == 0:
                return "error", "#DIV/0!"
            try:
                return "number", float(_ARITH[node[1]](a, b))
            except (OverflowError, ZeroDivisionError, ValueError, TypeError):
                return "error", "#NUM!"
        return self._function(node[1], node[2], row, col)

    def _function(self, name: str, args: list, row: int, col: int) -> tuple[str, Any]:
        if name in ("ROW", "COLUMN"):
            if not args:
                return "number", float(row if name == "ROW" else col)
            a = args[0]
            if a[0] not in ("ref", "range"):
                raise Unsupported(f"{name} of a value")
            r, c = self._at(a[1:] if a[0] == "ref" else a[1], row, col)
            return "number", float(r if name == "ROW" else c)
        if name in _AGGREGATES:
            vals: list[tuple[str, Any]] = []
            for a in args:
                vals.extend(self._cells(a, row, col) if a[0] == "range"
                            else [self._eval(a, row, col)])
            return _aggregate(name, vals, [a[0] for a in args])
        if name == "IF":
            cond = _truth(self._eval(args[0], row, col))
            if cond is None:
                return _VALUE_ERROR
            if cond:
                return self._eval(args[1], row, col)
            return self._eval(args[2], row, col) if len(args) > 2 else ("bool", False)
        values = [self._eval(a, row, col) for a in args]
        if name == "ISERROR":
            return "bool", values[0][0] == "error"
        if name == "ISBLANK":
            return "bool", values[0][0] == "blank"
        if name == "ISNUMBER":
            return "bool", values[0][0] == "number"
        if name == "ISTEXT":
            return "bool", values[0][0] == "text"
        if any(v[0] == "error" for v in values):
            return next(v for v in values if v[0] == "error")
        if name in ("AND", "OR", "NOT"):
            truths = [_truth(v) for v in values]
            if any(t is None for t in truths):
                return _VALUE_ERROR
            if name == "AND":
                return "bool", all(truths)
            if name == "OR":
                return "bool", any(truths)
            return "bool", not truths[0]
        if name in ("LEN", "TRIM", "LEFT", "RIGHT"):
            text = _text_of(values[0]) or ""
            if name == "LEN":
                return "number", float(len(text))
            if name == "TRIM":
                return "text", " ".join(text.split(" ")).strip()
            n = _number(values[1]) if len(values) > 1 else 1.0
            if n is None or n < 0:
                return _VALUE_ERROR
            n = int(n)
            return "text", (text[:n] if name == "LEFT" else (text[-n:] if n else ""))
        nums = [_number(v) for v in values]
        if any(x is None for x in nums):
            return _VALUE_ERROR
        if name == "ABS":
            return "number", abs(nums[0])
        if name == "INT":
            return "number", float(math.floor(nums[0]))
        if name == "ROUND":
            return "number", _round(nums[0], int(nums[1]))
        if nums[1] == 0:  # MOD
            return "error", "#DIV/0!"
        return "number", nums[0] - nums[1] * math.floor(nums[0] / nums[1])


def _round(x: float, digits: int) -> float:
    """Excel's ROUND: halves away from zero."""
    q = 10.0 ** digits
    return math.copysign(math.floor(abs(x) * q + 0.5) / q, x)


def _number(v: tuple[str, Any]) -> float | None:
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


def _aggregate(name: str, vals: list[tuple[str, Any]], kinds: list[str]) -> tuple[str, Any]:
    """SUM, AVERAGE, MAX, MIN, COUNT, COUNTA over values from ranges (numbers only) and
    direct arguments."""
    if name == "COUNTA":
        return "number", float(sum(1 for v in vals if v[0] != "blank"))
    errors = [v for v in vals if v[0] == "error"]
    if errors and name != "COUNT":
        return errors[0]
    nums = [v[1] for v in vals if v[0] == "number"]
    if name == "COUNT":
        return "number", float(len(nums))
    if name == "SUM":
        return "number", float(sum(nums))
    if name == "AVERAGE":
        return ("number", sum(nums) / len(nums)) if nums else ("error", "#DIV/0!")
    if not nums:
        return "number", 0.0
    return "number", float(max(nums) if name == "MAX" else min(nums))


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
    if rtype in ("colorScale", "dataBar", "iconSet"):
        return lambda r, c: val(r, c)[0] == "number"
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
