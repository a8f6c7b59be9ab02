"""Selector predicates: filtering the children a step found (``[2]``, ``[2..]``,
``[style='Heading 1']``, ``[text^='关于']``, ``[not(…)]``)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Callable

from officeeval.selectors.grammar import Predicate
from officeeval.targets import Target
from officeeval.vocabulary import style_key


PropertyTest = Callable[[Target, Predicate], bool]


def apply_predicates(items: list[Target], preds: tuple[Predicate, ...],
                     by_property: PropertyTest | None = None) -> list[Target]:
    """Filter ``items`` by each predicate in turn; indexes are 1-based, ``-1`` is the last;
    ``not(…)`` keeps what its predicate would drop. A property predicate
    (``[font.bold=true]``) is judged by ``by_property`` (selection's, which resolves the
    property); without one it keeps nothing."""
    for p in preds:
        if p.op == "index":
            if p.value == "*":
                continue
            i = int(p.value)  # type: ignore[arg-type]
            if i > 0:
                items = items[i - 1:i]
            else:
                items = items[i:len(items) + i + 1] if -i <= len(items) else []
        elif p.op == "slice":
            lo, hi = p.value  # type: ignore[misc]
            n = len(items)
            a = 0 if lo is None else (lo - 1 if lo > 0 else max(n + lo, 0))
            b = n if hi is None else (hi if hi > 0 else n + hi + 1)
            items = items[a:b]
        elif p.op == "flag":
            items = [t for t in items if _matches(t.predicate_value("type"), "=", str(p.value),
                                                  "type")]
        elif p.op == "not":
            inner: Predicate = p.value  # type: ignore[assignment]
            left_out = {id(t) for t in apply_predicates(items, (inner,), by_property)}
            items = [t for t in items if id(t) not in left_out]
        elif p.is_property:
            items = [t for t in items if by_property is not None and by_property(t, p)]
        else:
            items = [t for t in items if _matches(t.predicate_value(p.key or ""), p.op,
                                                  str(p.value), p.key or "")]
    return items


# ``[style='…']`` compares every candidate target's style names with the predicate: the same
# few names over and over. The key is a pure function of the name; the cache is bounded.
_style_key = lru_cache(maxsize=4096)(style_key)


def _norm(s: str) -> str:
    return unicodedata.normalize("NFC", s).strip()


def _matches(actual: Any, op: str, value: str, key: str) -> bool:
    if actual is None:
        return op == "!=" and True
    if isinstance(actual, (list, tuple, set)):
        hits = [_matches(a, op if op != "!=" else "=", value, key) for a in actual]
        return not any(hits) if op == "!=" else any(hits)
    a = _norm(str(actual))
    v = _norm(value)
    if key in ("style",):
        if op in ("=", "!="):
            return (_style_key(a) == _style_key(v)) == (op == "=")
    if key in ("type", "layout"):
        a, v = a.casefold(), v.casefold()
    if op == "=":
        return a == v
    if op == "!=":
        return a != v
    if op == "^=":
        return a.startswith(v)
    if op == "$=":
        return a.endswith(v)
    if op == "*=":
        return v in a
    if op == "~=":
        return re.search(value, str(actual)) is not None
    return False
