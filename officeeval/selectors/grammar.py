"""Selector grammar.

    selector  := step ("/" step)*
    step      := range | name ["(" args ")"] predicate*
    range     := [sheet "!"] A1-reference            (Excel: 'Sheet 1'!B2:D9, C:C, 3:3)
    args      := arg ("," arg)*                        (quoted string, number or bare word)
    predicate := "[" test "]" | "[not(" test ")]"
    test      := INT | "-1" | "*" | [INT] ".." [INT] | WORD | key op value
    key       := WORD | PROPERTY                       (a property: a dotted catalog name)
    op        := "=" | "!=" | "^=" | "$=" | "*=" | "~="
                 | ">" | ">=" | "<" | "<="             (property predicates only)

A predicate on a property (``run[font.italic=true]``, ``paragraph[font.size>=14]``) keeps the
targets whose effective value of that property compares so with the value (parsed for the
property's type); ``selectors/by_property.py`` judges it.

Strings use single or double quotes; a doubled quote inside escapes it (``'It''s'``).
Errors raise ``SelectorSyntaxError`` with the 1-based column where parsing failed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from officeeval.errors import SelectorSyntaxError

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z_][A-Za-z0-9_\-]*)*")
_A1 = re.compile(r"^\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?$|^\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}$|^\$?\d+:\$?\d+$")
_OPS = ("!=", "^=", "$=", "*=", "~=", ">=", "<=", "=", ">", "<")
ORDERING_OPS = frozenset({">", ">=", "<", "<="})


@dataclass(frozen=True)
class Predicate:
    """``op`` is ``index`` (value an int or ``*``), ``slice`` (value ``(low, high)``: 1-based,
    inclusive, negative counting from the end, either end may be ``None``), ``flag`` (a bare
    word), ``not`` (value the Predicate whose matches are left out) or a comparison
    operator with ``key`` and string ``value``."""

    op: str
    value: object
    key: str | None = None
    column: int = 0

    @property
    def is_property(self) -> bool:
        """A test of a property's effective value (``[font.bold=true]``): a dotted key."""
        return self.key is not None and "." in self.key

    def __str__(self) -> str:
        if self.op == "index":
            return f"[{self.value}]"
        if self.op == "slice":
            lo, hi = self.value  # type: ignore[misc]
            return f"[{'' if lo is None else lo}..{'' if hi is None else hi}]"
        if self.op == "flag":
            return f"[{self.value}]"
        if self.op == "not":
            return f"[not({str(self.value)[1:-1]})]"
        return f"[{self.key}{self.op}{_quote(str(self.value))}]"


@dataclass(frozen=True)
class Step:
    name: str
    args: tuple[str, ...] = ()
    predicates: tuple[Predicate, ...] = ()
    column: int = 1
    has_parens: bool = False

    def __str__(self) -> str:
        if self.name == "range":
            sheet, ref = self.args
            return (f"{_quote(sheet)}!" if sheet is not None else "") + ref + "".join(
                str(p) for p in self.predicates)
        out = self.name
        if self.has_parens:
            out += "(" + ", ".join(_quote(a) for a in self.args) + ")"
        return out + "".join(str(p) for p in self.predicates)


@dataclass(frozen=True)
class Selector:
    text: str
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return "/".join(str(s) for s in self.steps)


def _quote(s: str | None) -> str:
    if s is None:
        return ""
    return "'" + s.replace("'", "''") + "'"


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def err(self, msg: str, at: int | None = None) -> SelectorSyntaxError:
        return SelectorSyntaxError(self.text, (self.i if at is None else at) + 1, msg)

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def skip_ws(self) -> None:
        while self.peek() and self.peek().isspace():
            self.i += 1

    def string(self) -> str:
        q = self.peek()
        start = self.i
        self.i += 1
        out = []
        while True:
            if self.i >= len(self.text):
                raise self.err("unterminated string", start)
            ch = self.text[self.i]
            if ch == q:
                if self.i + 1 < len(self.text) and self.text[self.i + 1] == q:
                    out.append(q)
                    self.i += 2
                    continue
                self.i += 1
                return "".join(out)
            out.append(ch)
            self.i += 1

    def parse(self) -> Selector:
        if not self.text.strip():
            raise self.err("empty selector", 0)
        steps = [self.step()]
        while True:
            self.skip_ws()
            if not self.peek():
                break
            if self.peek() != "/":
                raise self.err(f"expected '/' or end of selector, found {self.peek()!r}")
            self.i += 1
            steps.append(self.step())
        return Selector(self.text, tuple(steps))

    def step(self) -> Step:
        self.skip_ws()
        start = self.i
        ch = self.peek()
        if not ch:
            raise self.err("expected a step")
        if ch in "'\"":
            sheet = self.string()
            if self.peek() != "!":
                raise self.err("a quoted name here must be a sheet followed by '!'")
            self.i += 1
            return self.range_step((sheet, self.a1(start)), start)
        # Unquoted sheet!ref, or a bare A1 reference.
        m = re.compile(r"[^/\[\]()!'\"]+!").match(self.text, self.i)
        if m:
            sheet = m.group(0)[:-1].strip()
            self.i = m.end()
            return self.range_step((sheet, self.a1(start)), start)
        m = re.compile(r"\$?[A-Za-z]{0,3}\$?\d*:?\$?[A-Za-z]{0,3}\$?\d*").match(self.text, self.i)
        if m and m.group(0) and _A1.match(m.group(0)) and self._step_ends(m.end()):
            self.i = m.end()
            return self.range_step((None, m.group(0).replace("$", "").upper()), start)
        m = _NAME.match(self.text, self.i)
        if not m:
            raise self.err(f"expected a step name, found {ch!r}")
        name = m.group(0)
        self.i = m.end()
        args: list[str] = []
        has_parens = False
        self.skip_ws()
        if self.peek() == "(":
            has_parens = True
            self.i += 1
            args = self.args()
        return Step(name, tuple(args), self.predicates(), start + 1, has_parens)

    def predicates(self) -> tuple[Predicate, ...]:
        preds = []
        while True:
            self.skip_ws()
            if self.peek() != "[":
                break
            preds.append(self.predicate())
        return tuple(preds)

    def range_step(self, args: tuple, start: int) -> Step:
        """An A1 reference step, with its predicates ('成绩'!B2:D9[font.bold=true])."""
        return Step("range", args, self.predicates(), column=start + 1)

    def _step_ends(self, j: int) -> bool:
        rest = self.text[j:].lstrip()
        return rest == "" or rest.startswith("/") or rest.startswith("[")

    def a1(self, start: int) -> str:
        m = re.compile(r"[^/\s\[]+").match(self.text, self.i)
        if not m or not _A1.match(m.group(0)):
            raise self.err("expected a cell or range reference such as B2, B2:D9, C:C or 3:3")
        self.i = m.end()
        return m.group(0).replace("$", "").upper()

    def args(self) -> list[str]:
        out: list[str] = []
        self.skip_ws()
        if self.peek() == ")":
            self.i += 1
            return out
        while True:
            self.skip_ws()
            ch = self.peek()
            if not ch:
                raise self.err("unclosed '('")
            if ch in "'\"":
                out.append(self.string())
            else:
                m = re.compile(r"[^,()\[\]'\"]+").match(self.text, self.i)
                if not m or not m.group(0).strip():
                    raise self.err(f"expected an argument, found {ch!r}")
                out.append(m.group(0).strip())
                self.i = m.end()
            self.skip_ws()
            if self.peek() == ",":
                self.i += 1
                continue
            if self.peek() == ")":
                self.i += 1
                return out
            raise self.err("expected ',' or ')'" if self.peek() else "unclosed '('")

    def predicate(self) -> Predicate:
        start = self.i
        self.i += 1  # '['
        self.skip_ws()
        m = re.compile(r"not\s*\(").match(self.text, self.i)
        if m:
            # [not(…)]: the targets the inner predicate would not keep.
            inner_start = m.end() - 1
            self.i = m.end()
            inner = self.predicate_body(inner_start, ")")
            self.close(start, "]")
            return Predicate("not", inner, column=start + 1)
        return self.predicate_body(start, "]")

    def predicate_body(self, start: int, end: str) -> Predicate:
        """What follows ``[`` (or ``not(``) up to and including END."""
        opening = self.text[start]
        self.skip_ws()
        ch = self.peek()
        if not ch:
            raise self.err(f"unclosed {opening!r}", start)
        m = re.compile(r"(-?\d+)?\s*\.\.\s*(-?\d+)?").match(self.text, self.i)
        if m and (m.group(1) or m.group(2)):
            lo = int(m.group(1)) if m.group(1) else None
            hi = int(m.group(2)) if m.group(2) else None
            if lo == 0 or hi == 0:
                raise self.err("indexes are 1-based (use 1 for the first, -1 for the last)",
                               start + 1)
            self.i = m.end()
            self.close(start, end)
            return Predicate("slice", (lo, hi), column=start + 1)
        m = re.compile(r"-?\d+").match(self.text, self.i)
        if m:
            self.i = m.end()
            self.close(start, end)
            v = int(m.group(0))
            if v == 0:
                raise self.err("indexes are 1-based (use 1 for the first, -1 for the last)",
                               start + 1)
            return Predicate("index", v, column=start + 1)
        if ch == "*":
            self.i += 1
            self.close(start, end)
            return Predicate("index", "*", column=start + 1)
        m = _KEY.match(self.text, self.i)
        if not m:
            raise self.err(f"expected an index, a name or key='value', found {ch!r}")
        key = m.group(0)
        self.i = m.end()
        self.skip_ws()
        if self.peek() == end:
            if "." in key:
                raise self.err(f"a property predicate needs an operator and a value: "
                               f"[{key}=…]", start)
            self.i += 1
            return Predicate("flag", key, column=start + 1)
        for op in _OPS:
            if self.text.startswith(op, self.i):
                self.i += len(op)
                break
        else:
            raise self.err(f"expected an operator (=, !=, ^=, $=, *=, ~=, >, >=, <, <=) or "
                           f"{end!r}")
        if op in ORDERING_OPS and "." not in key:
            raise self.err(f"{op!r} compares a property's value ([font.size>=14]); [{key}…] "
                           f"takes =, !=, ^=, $=, *= or ~=", start)
        self.skip_ws()
        if self.peek() in ("'", '"'):
            value = self.string()
        else:
            m = re.compile(r"[^\]]+" if end == "]" else r"[^\])]+").match(self.text, self.i)
            if not m:
                raise self.err("expected a value")
            value = m.group(0).strip()
            self.i = m.end()
        if op == "~=":
            try:
                re.compile(value)
            except re.error as exc:
                raise self.err(f"bad regular expression: {exc}", start + 1) from None
        self.close(start, end)
        return Predicate(op, value, key, start + 1)

    def close(self, start: int, end: str) -> None:
        self.skip_ws()
        if self.peek() != end:
            opening = self.text[start]
            raise self.err(f"expected {end!r}" if self.peek() else f"unclosed {opening!r}",
                           None if self.peek() else start)
        self.i += 1

    def close_bracket(self, start: int) -> None:
        self.close(start, "]")


@lru_cache(maxsize=4096)
def parse_selector(text: str) -> Selector:
    """Parse a selector; raises ``SelectorSyntaxError`` with the failing column.

    Each text is parsed once per process (a bounded LRU: every graded document of a task
    asks for the same selectors); the result is immutable, so sharing it is safe. Errors
    are not cached (the parse is repeated and raises again)."""
    return _Parser(text).parse()
