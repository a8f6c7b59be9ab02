"""The formulas of conditional-format rules, parsed and evaluated at each cell of the rule's
range (relative references shifted from the range's top-left cell): constants, cells, ranges,
operators and the pure functions ``cf_effect`` lists."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Callable

from officeeval.excel.cf_values import (
    COMPARE, MAX_CELLS, Unsupported, compare, excel_round, number_of, text_of, truth, value_at,
)
from officeeval.excel.formulas import tokenize
from officeeval.excel.refs import parse_area, parse_cell, split_sheet

if TYPE_CHECKING:
    from officeeval.excel.conditional import CfRule


_CELL = re.compile(r"^(\$?)[A-Za-z]{1,3}(\$?)\d{1,7}$")


def origin(rule: "CfRule") -> tuple[int, int]:
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


class Formula:
    """A parsed formula over constants, single cells and ranges, evaluated at a cell of the
    rule's range (relative references shifted by the cell's offset from the range's first
    cell). Operators: comparisons, ``&``, ``+ - * / ^``, unary minus, ``%``; functions:
    ``_SCALARS`` and, over ranges, ``_AGGREGATES``. Anything else is ``Unsupported``."""

    def __init__(self, text: str, rule: "CfRule") -> None:
        self.rule = rule
        self.origin = origin(rule)
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
        return [value_at(self.rule.sheet, r, c) for r in range(r1, r2 + 1)
                for c in range(c1, c2 + 1)]

    def _eval(self, node, row: int, col: int) -> tuple[str, Any]:
        kind = node[0]
        if kind == "const":
            return node[1]
        if kind == "ref":
            r, c = self._at(node[1:], row, col)
            if r < 1 or c < 1:
                return "error", "#REF!"
            return value_at(self.rule.sheet, r, c)
        if kind == "range":
            raise Unsupported("a range outside a function")
        if kind == "cmp":
            got = compare(self._eval(node[2], row, col), self._eval(node[3], row, col))
            return _VALUE_ERROR if got is None else ("bool", COMPARE[node[1]](got))
        if kind == "cat":
            a = text_of(self._eval(node[1], row, col))
            b = text_of(self._eval(node[2], row, col))
            return _VALUE_ERROR if a is None or b is None else ("text", a + b)
        if kind == "arith":
            a = number_of(self._eval(node[2], row, col))
            b = number_of(self._eval(node[3], row, col))
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
            return aggregate(name, vals, [a[0] for a in args])
        if name == "IF":
            cond = truth(self._eval(args[0], row, col))
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
            truths = [truth(v) for v in values]
            if any(t is None for t in truths):
                return _VALUE_ERROR
            if name == "AND":
                return "bool", all(truths)
            if name == "OR":
                return "bool", any(truths)
            return "bool", not truths[0]
        if name in ("LEN", "TRIM", "LEFT", "RIGHT"):
            text = text_of(values[0]) or ""
            if name == "LEN":
                return "number", float(len(text))
            if name == "TRIM":
                return "text", " ".join(text.split(" ")).strip()
            n = number_of(values[1]) if len(values) > 1 else 1.0
            if n is None or n < 0:
                return _VALUE_ERROR
            n = int(n)
            return "text", (text[:n] if name == "LEFT" else (text[-n:] if n else ""))
        nums = [number_of(v) for v in values]
        if any(x is None for x in nums):
            return _VALUE_ERROR
        if name == "ABS":
            return "number", abs(nums[0])
        if name == "INT":
            return "number", float(math.floor(nums[0]))
        if name == "ROUND":
            return "number", excel_round(nums[0], int(nums[1]))
        if nums[1] == 0:  # MOD
            return "error", "#DIV/0!"
        return "number", nums[0] - nums[1] * math.floor(nums[0] / nums[1])


def aggregate(name: str, vals: list[tuple[str, Any]], kinds: list[str]) -> tuple[str, Any]:
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
