"""The comparator registry (rubric-language section 4).

A comparator has two halves: ``parse`` turns the rubric's ``expected`` literal into a value
of the property's type (raising ``ValueParseError`` for a rubric error), and ``judge`` compares
an observed value with it and returns a ``Verdict``. ``judge`` never raises: odd values from
odd documents fail with an explanation.

A comparator's ``kind`` (``ComparatorKind``) says what the scoring engine feeds it, and the
engine has one judge per kind (``scoring/judges.py``): ``value`` comparators compare each
target's value with the expected one; ``presence`` (``exists`` / ``absent``) judge whether
there is a value (or, without a property, a selection); ``input`` (``unchanged`` /
``changed``) compare with the input document's value; ``count`` compares the number of
targets; ``values`` (``distinct``, ``count_distinct``) judges the targets' values together
(or, for a list-valued property, each target's list).
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from officeeval.errors import ValueParseError
from officeeval.properties.types import (
    CompareContext, ListType, TextType, ValueType, compare_number, normalize_text,
    parse_comparison,
)
from officeeval.values import Comparison, Range


@dataclass(frozen=True)
class Verdict:
    """A judgement: ``expected`` and ``actual`` are rendered for people."""

    passed: bool
    expected: str
    actual: str
    explanation: str = ""


Parse = Callable[[str, ValueType], Any]
Judge = Callable[[Any, Any, ValueType, CompareContext], bool]


class ComparatorKind(str, Enum):
    """What the engine compares (see the module docstring); a member reads as its value
    (``"count"``) in text and compares equal to it."""

    VALUE = "value"
    PRESENCE = "presence"
    INPUT = "input"
    COUNT = "count"
    VALUES = "values"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    __hash__ = str.__hash__


@dataclass(frozen=True)
class Comparator:
    name: str
    doc: str
    parse: Parse
    judge_fn: Judge
    needs_expected: bool = True
    kind: ComparatorKind = ComparatorKind.VALUE
    render_op: str = ""
    # The reason of a failure when the generic "expected X, found Y" says too little
    # (``similar``: the ratio found); never raises.
    explain: Callable[[Any, Any, ValueType, CompareContext], str] | None = None

    def judge(self, actual: Any, expected: Any, vtype: ValueType, ctx: CompareContext,
              expected_text: str | None = None) -> Verdict:
        """The verdict on ``actual``; never raises. ``expected_text``: ``expected`` as
        ``render_expected`` renders it, when the caller has it already (a check judges
        many targets against one expected value)."""
        exp_s = expected_text if expected_text is not None else render_expected(expected,
                                                                                 vtype)
        act_s = vtype.render(actual) if not isinstance(actual, (int, float)) or \
            self.kind is not ComparatorKind.COUNT else f"{actual:g}"
        try:
            ok = bool(self.judge_fn(actual, expected, vtype, ctx))
            why = "" if ok else (self.explain(actual, expected, vtype, ctx) if self.explain
                                 else _why(self, exp_s, act_s))
            if not ok and self.judge_fn in (_equals, _same_stored):
                # A long text (the whole document's) is compared in full but shown cut:
                # say where it differs.
                diff = getattr(vtype, "first_difference", None)
                where = diff(actual, expected, ctx) if diff is not None else None
                if where:
                    why = f"{why}; {where}"
        except (TypeError, ValueError, re.error, AttributeError) as exc:
            ok, why = False, f"cannot compare: {exc}"
        return Verdict(ok, exp_s, act_s, why)


def render_expected(expected: Any, vtype: ValueType) -> str:
    """An expected value (as a comparator's ``parse`` gave it) said for people."""
    if isinstance(expected, Range):
        return f"{vtype.render(expected.low)}..{vtype.render(expected.high)}"
    if isinstance(expected, Comparison):
        return str(expected)
    if isinstance(expected, re.Pattern):
        return f"/{expected.pattern}/"
    if isinstance(expected, tuple) and expected and expected[0] == "__items__":
        return " | ".join(str(x) for x in expected[1])
    if isinstance(expected, _OneOf):
        return " | ".join(vtype.render(x) for x in expected.options)
    if isinstance(expected, str) and isinstance(vtype, ListType):
        return repr(expected)
    return vtype.render(expected)


def _why(c: Comparator, exp: str, act: str) -> str:
    if c.kind is ComparatorKind.PRESENCE:
        return "a value was found" if c.name == "absent" else "no value found"
    return f"expected {c.render_op or c.name} {exp}, found {act}"


# ---------------------------------------------------------------- parsers
def _parse_value(literal: str, vtype: ValueType) -> Any:
    return vtype.parse(literal)


def _parse_none(literal: str, vtype: ValueType) -> Any:
    return None


def _parse_range(literal: str, vtype: ValueType) -> Range:
    if ".." not in literal:
        raise ValueParseError(f"between needs low..high, got {literal!r}")
    lo, hi = literal.split("..", 1)
    return Range(vtype.parse(lo) if lo.strip() else None, vtype.parse(hi) if hi.strip() else None)


@dataclass(frozen=True)
class _OneOf:
    options: tuple


def _parse_in(literal: str, vtype: ValueType) -> _OneOf:
    opts = [p for p in literal.split("|")]
    if not opts:
        raise ValueParseError("in needs options separated by |")
    return _OneOf(tuple(vtype.parse(o) for o in opts))


def _parse_text_or_item(literal: str, vtype: ValueType) -> Any:
    # contains on a list means "has this item", on anything else a substring.
    if vtype.listy:
        vtype.parse_item(literal)  # a rubric error when it cannot be an item
    return literal


def _parse_items(literal: str, vtype: ValueType) -> tuple:
    sep = "|" if "|" in literal else ","
    items = [p.strip() for p in literal.split(sep) if p.strip()]
    if not items:
        raise ValueParseError(f"{literal!r} lists no items")
    return ("__items__", tuple(vtype.parse_item(x) if vtype.listy else x for x in items))


def _parse_similar(literal: str, vtype: ValueType) -> str:
    if not literal.strip():
        raise ValueParseError("similar needs a text to compare with")
    return literal


def _parse_regex(literal: str, vtype: ValueType) -> re.Pattern:
    try:
        return re.compile(literal)
    except re.error as exc:
        raise ValueParseError(f"bad regular expression {literal!r}: {exc}") from None


def _parse_count(literal: str, vtype: ValueType) -> Comparison:
    return parse_comparison(literal)


# ---------------------------------------------------------------- judges
def _equals(a, e, t, ctx):
    return a is not None and t.equals(a, e, ctx)


def _not_equals(a, e, t, ctx):
    return a is not None and not t.equals(a, e, ctx)


def _same_stored(a, e, t, ctx):
    """``unchanged``: what the input stored is stored still (``ValueType.same_stored``)."""
    return a is not None and t.same_stored(a, e, ctx)


def _changed(a, e, t, ctx):
    return a is not None and not _same_stored(a, e, t, ctx)


def _approx(a, e, t, ctx):
    if ctx.tolerance is None:
        tol = t.approx_tolerance(e)
        if tol is not None:
            ctx = dataclasses.replace(ctx, tolerance=tol)
    return a is not None and t.equals(a, e, ctx)


def _order(fn):
    def judge(a, e, t, ctx):
        if a is None:
            return False
        return fn(t.key(a), t.key(e))
    return judge


def _between(a, e: Range, t, ctx):
    if a is None:
        return False
    k = t.key(a)
    lo_ok = e.low is None or k >= t.key(e.low) - 1e-9
    hi_ok = e.high is None or k <= t.key(e.high) + 1e-9
    return lo_ok and hi_ok


def _in(a, e: _OneOf, t, ctx):
    return a is not None and any(t.equals(a, o, ctx) for o in e.options)


def _text_of(e, t) -> str:
    """The text an expected value stands for: the author's literal as written, or, for a
    typed value taken from another document (``expected-from``), the text the type shows
    for it (a cell's text, not ``str(CellValue)``)."""
    return e if isinstance(e, str) else t.as_text(e)


def _contains(a, e, t, ctx):
    if a is None:
        return False
    items = t.items(a)
    if items is not None:
        if isinstance(e, (list, tuple)):
            # expected-from a list-valued property: every item of the other document's.
            return all(_contains(a, x, t, ctx) for x in e)
        return _has_item(items, e, t, ctx)
    return normalize_text(_text_of(e, t), ctx.normalize) in normalize_text(t.as_text(a),
                                                                          ctx.normalize)


def _has_item(items: list, e: Any, t: ValueType, ctx: CompareContext) -> bool:
    if isinstance(e, str):
        e = t.parse_item(e)
    return any(t.same_item(x, e, ctx) for x in items)


def _not_contains(a, e, t, ctx):
    return a is not None and not _contains(a, e, t, ctx)


def _starts(a, e, t, ctx):
    return a is not None and normalize_text(t.as_text(a), ctx.normalize).startswith(
        normalize_text(_text_of(e, t), ctx.normalize))


def _ends(a, e, t, ctx):
    return a is not None and normalize_text(t.as_text(a), ctx.normalize).endswith(
        normalize_text(_text_of(e, t), ctx.normalize))


def _matches(a, e: re.Pattern, t, ctx):
    return a is not None and e.search(t.as_text(a)) is not None


def _contains_all(a, e, t, ctx):
    return a is not None and all(_contains(a, x, t, ctx) for x in e[1])


def _contains_any(a, e, t, ctx):
    return a is not None and any(_contains(a, x, t, ctx) for x in e[1])


def _expected_items(e: Any, t: ValueType) -> list:
    """The items an expectation names: the rubric's list (``("__items__", …)``) or another
    document's list value (``expected-from``)."""
    if isinstance(e, tuple) and e and e[0] == "__items__":
        return list(e[1])
    got = t.items(e)
    if got is None:
        raise ValueError(f"{t.name} values are not lists")
    return got


def _subset_of(a, e, t, ctx):
    items = t.items(a) if a is not None else None
    if items is None:
        return False
    allowed = _expected_items(e, t)
    return all(any(t.same_item(x, y, ctx) for y in allowed) for x in items)


def _superset_of(a, e, t, ctx):
    items = t.items(a) if a is not None else None
    if items is None:
        return False
    return all(any(t.same_item(x, y, ctx) for x in items) for y in _expected_items(e, t))


def _same_set(a, e, t, ctx):
    return _subset_of(a, e, t, ctx) and _superset_of(a, e, t, ctx)


def _distinct(a, e, t, ctx):
    """A list's items are pairwise different (``e`` unused). Across the targets of a
    selection, the scoring engine's ``values`` judge compares their values instead."""
    items = t.items(a) if a is not None else None
    if items is None:
        return False
    keys = [t.item_key(x) for x in items]
    return len(set(keys)) == len(keys)


# similar: texts longer than this (both together) are compared line by line, so a
# hostile document cannot make the character-level comparison quadratic in megabytes.
SIMILAR_CHAR_LIMIT = 20_000
DEFAULT_SIMILARITY = 0.9


def similarity(a: str, b: str) -> float:
    """The similarity ratio of two texts, 0..1 (``difflib``'s 2·M/T: M matching characters
    of T in both); by lines (each line an element) when they are longer than
    ``SIMILAR_CHAR_LIMIT`` together. Two empty texts are equal (1.0)."""
    if a == b:
        return 1.0
    if len(a) + len(b) <= SIMILAR_CHAR_LIMIT:
        return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    return difflib.SequenceMatcher(None, a.splitlines(), b.splitlines(),
                                   autojunk=False).ratio()


def _similar_ratio(a, e, t, ctx) -> float:
    return similarity(normalize_text(t.as_text(a), ctx.normalize),
                      normalize_text(_text_of(e, t), ctx.normalize))


def _similar(a, e, t, ctx):
    threshold = DEFAULT_SIMILARITY if ctx.threshold is None else ctx.threshold
    return a is not None and _similar_ratio(a, e, t, ctx) >= threshold - 1e-12


def _explain_similar(a, e, t, ctx) -> str:
    threshold = DEFAULT_SIMILARITY if ctx.threshold is None else ctx.threshold
    if a is None:
        return "no value found"
    return (f"similarity {_similar_ratio(a, e, t, ctx):.3f} is below the threshold "
            f"{threshold:g}")


def _exists(a, e, t, ctx):
    return a is not None


def _absent(a, e, t, ctx):
    return a is None


def _count(a, e: Comparison, t, ctx):
    return isinstance(a, (int, float)) and compare_number(float(a), e)


def _within(a, e, t, ctx):
    fn = getattr(t, "within", None)
    return a is not None and fn is not None and bool(fn(a, e))


_COMPARATORS: dict[str, Comparator] = {}


def _reg(name: str, doc: str, parse: Parse, judge: Judge, **kw: Any) -> None:
    if name in _COMPARATORS:
        raise ValueError(f"comparator {name} registered twice")
    _COMPARATORS[name] = Comparator(name, doc, parse, judge, **kw)


_reg("equals", "Equal after the type's normalization (units, names, colors).", _parse_value,
     _equals, render_op="=")
_reg("not_equals", "Not equal (a missing value does not pass).", _parse_value, _not_equals,
     render_op="!=")
_reg("approx", "Equal within tolerance= (default: a length literal at the examiner's "
     "precision, as equals; 1% for other numbers).", _parse_value, _approx,
     render_op="≈")
_reg("greater", "Greater than.", _parse_value, _order(lambda a, e: a > e + 1e-9),
     render_op=">")
_reg("greater_equal", "Greater than or equal.", _parse_value,
     _order(lambda a, e: a >= e - 1e-9), render_op=">=")
_reg("less", "Less than.", _parse_value, _order(lambda a, e: a < e - 1e-9), render_op="<")
_reg("less_equal", "Less than or equal.", _parse_value, _order(lambda a, e: a <= e + 1e-9),
     render_op="<=")
_reg("between", "Within low..high inclusive (either end may be empty).", _parse_range,
     _between)
_reg("in", "One of the options separated by |.", _parse_in, _in, render_op="one of")
_reg("within", "Lies inside the expected area: a chart placed within a cell range (its "
     "corners inside it; charts are dragged, so the bottom-right may reach one cell past).",
     _parse_value, _within, render_op="within")
_reg("contains", "Text contains the substring; a list contains the item.",
     _parse_text_or_item, _contains)
_reg("not_contains", "Text lacks the substring; a list lacks the item.", _parse_text_or_item,
     _not_contains, render_op="not to contain")
_reg("starts_with", "Text starts with.", _parse_text_or_item, _starts,
     render_op="to start with")
_reg("ends_with", "Text ends with.", _parse_text_or_item, _ends, render_op="to end with")
_reg("matches", "Regular expression found in the text (re.search).", _parse_regex, _matches,
     render_op="to match")
_reg("contains_all", "Has every listed item (items separated by |).", _parse_items,
     _contains_all, render_op="to contain all of")
_reg("contains_any", "Has at least one listed item.", _parse_items, _contains_any,
     render_op="to contain one of")
_reg("subset_of", "Every item of the list is one of the listed items (a|b|c); an empty list "
     "passes.", _parse_items, _subset_of, render_op="to be a subset of")
_reg("same_set", "The list has exactly the listed items, in any order (duplicates do not "
     "count).", _parse_items, _same_set, render_op="to be the set")
_reg("distinct", "No two of the selected targets' values are equal (for a list-valued "
     "property: no item of a list repeats).", _parse_none, _distinct, needs_expected=False,
     kind=ComparatorKind.VALUES, render_op="distinct")
_reg("count_distinct", "The number of different values among the selected targets (expected "
     "3, >=3): \"at least 3 different transitions\". Targets without a value are left out.",
     _parse_count, _count, kind=ComparatorKind.VALUES, render_op="different values:")
_reg("similar", "Texts alike by their similarity ratio (0..1) of at least threshold= "
     "(default 0.9); normalize=line_order,blank_lines ignore the order of lines and blank "
     "lines.", _parse_similar, _similar, render_op="similar to",
     explain=_explain_similar)
_reg("exists", "The target exists and the property has a value.", _parse_none, _exists,
     needs_expected=False, kind=ComparatorKind.PRESENCE)
_reg("absent", "Nothing selected, or the property has no value.", _parse_none, _absent,
     needs_expected=False, kind=ComparatorKind.PRESENCE)
_reg("unchanged", "Equal to the same selector/property in the input document "
     "(preservation).", _parse_none, _same_stored, needs_expected=False,
     kind=ComparatorKind.INPUT,
     render_op="unchanged from input:")
_reg("changed", "Different from the same selector/property in the input document.",
     _parse_none, _changed, needs_expected=False,
     kind=ComparatorKind.INPUT,
     render_op="changed from input:")
_reg("count", "Number of selected targets (expected 3, >=3, <10).", _parse_count, _count,
     kind=ComparatorKind.COUNT, render_op="count")

ALIASES = {"eq": "equals", "ne": "not_equals", "gt": "greater", "ge": "greater_equal",
           "lt": "less", "le": "less_equal", "==": "equals", "!=": "not_equals",
           "regex": "matches", "one_of": "in", "not_exists": "absent",
           # A list having every listed item is contains_all (landed first).
           "superset_of": "contains_all", "similar_to": "similar", "unique": "distinct",
           "kinds": "count_distinct"}


def get_comparator(name: str) -> Comparator | None:
    """A comparator by name or alias; ``None`` when unknown."""
    return _COMPARATORS.get(ALIASES.get(name, name))


def all_comparators() -> list[Comparator]:
    return list(_COMPARATORS.values())


def comparator_names() -> list[str]:
    return list(_COMPARATORS) + list(ALIASES)


_ = TextType
