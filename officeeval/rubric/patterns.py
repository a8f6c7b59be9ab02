"""Regular expressions of a rubric whose matching time can explode with the text.

Python's ``re`` backtracks: ``(a+)+$`` on forty ``a`` and a ``b`` takes minutes, and the
text comes from the graded document. ``hazard`` tells the two shapes that make the time
exponential in the text's length, from the parsed pattern:

* a quantifier over something that itself holds an unbounded (or large) quantifier:
  ``(a+)+``, ``(\\w*\\s?)*``, ``(.*,){2,}``;
* a large quantifier over alternatives that can match the same text: ``(a|a)*``,
  ``(a|aa)+``, ``(x?|y?)*`` (alternatives of single characters, ``(\\d|\\w)+``, are
  one character set to ``re``: not a hazard).

Polynomial slowness (``.*a.*b`` searched in a long text) is not told apart from ordinary
patterns: whoever runs untrusted rubrics bounds their grading in time as well (``serve``
gives an inline rubric a shorter budget than a task).

``rubric_hazards`` lists them for a loaded rubric: the ``matches`` comparator's patterns and
the ``~=`` predicates of its selectors.
"""

from __future__ import annotations

from typing import Any, Iterator

try:  # Python 3.11+
    import re._constants as _c
    import re._parser as _p
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

from officeeval.rubric.model import Rubric

LARGE = 16  # a repetition bound above this counts as unbounded
# Characters tried as the first of a match, to see whether two alternatives overlap:
# ASCII, and a few of each class beyond it (letters, ideographs, digits, spaces).
_SAMPLE = [chr(i) for i in range(128)] + list("éßЖ中文　١٢\u00a0\u2003—“")
_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT} | (
    {_c.POSSESSIVE_REPEAT} if hasattr(_c, "POSSESSIVE_REPEAT") else set())


def hazard(pattern: str) -> str | None:
    """Why ``pattern``'s matching time can grow exponentially with the text, or ``None``
    (also for a pattern that does not compile: the loader reports that)."""
    try:
        parsed = _p.parse(pattern)
    except Exception:  # noqa: BLE001 - re.error, RecursionError, OverflowError: not ours
        return None
    return _walk(list(parsed), inside_repeat=False)


def rubric_hazards(rubric: Rubric) -> list[tuple[int, str, str]]:
    """``(line, pattern, why)`` for every hazardous pattern of ``rubric``."""
    out = []
    for line, pattern in _patterns(rubric):
        why = hazard(pattern)
        if why is not None:
            out.append((line, pattern, why))
    return out


def _patterns(rubric: Rubric) -> Iterator[tuple[int, str]]:
    for c in rubric.criteria:
        for k in c.checks:
            for pattern in check_patterns(k):
                yield k.line, pattern


def check_patterns(check: Any) -> list[str]:
    """The regular expressions of one check: its ``matches`` pattern and the ``~=``
    predicates of its selector (none from a selector that does not parse)."""
    from officeeval.selectors.grammar import parse_selector
    out = [check.expected] if check.op in ("matches", "regex") and check.expected else []
    try:
        steps = parse_selector(check.select).steps if check.select else ()
    except Exception:  # noqa: BLE001 - a bad selector is the loader's to report
        return out
    for step in steps:
        out += [str(p.value) for p in _predicates(step.predicates) if p.op == "~="]
    return out


def _predicates(preds: tuple[Any, ...]) -> Iterator[Any]:
    for p in preds:
        yield p
        if p.op == "not":
            yield p.value


def _big(hi: int) -> bool:
    return hi is _c.MAXREPEAT or hi == _c.MAXREPEAT or hi > LARGE


def _walk(items: list, inside_repeat: bool) -> str | None:
    for op, av in items:
        if op in _REPEATS:
            lo, hi, body = av
            if inside_repeat and _big(hi):
                return "a quantifier inside a repeated group (nested quantifiers)"
            if _big(hi):
                why = _ambiguous(list(body), _first(list(body)))
                if why:
                    return why
            found = _walk(list(body), inside_repeat or hi > 1)
            if found:
                return found
        elif op is _c.SUBPATTERN:
            found = _walk(list(av[-1]), inside_repeat)
            if found:
                return found
        elif op is _c.BRANCH:
            for alt in av[1]:
                found = _walk(list(alt), inside_repeat)
                if found:
                    return found
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            found = _walk(list(av[1]), inside_repeat)
            if found:
                return found
    return None


def _ambiguous(items: list, follow: frozenset[str]) -> str | None:
    """Why repeated ``items`` can match one text in more than one way through alternatives:
    two that can start alike, two that can both match nothing, or one that can match
    nothing while another starts like what follows it (``follow``: what can come after
    ``items``, the repeated body's own start included)."""
    for i, (op, av) in enumerate(items):
        rest = items[i + 1:]
        after = _first(rest) | (follow if _nullable(rest) else frozenset())
        if op is _c.BRANCH:
            alts = [list(a) for a in av[1]]
            empty = [_nullable(a) for a in alts]
            if sum(empty) > 1:
                return "repeated alternatives that can match the same text"
            for j, a in enumerate(alts):
                for b in alts[j + 1:]:
                    if _first(a) & _first(b):
                        return "repeated alternatives that can match the same text"
                if any(empty) and not empty[j] and _first(a) & after:
                    return "repeated alternatives that can match the same text"
        elif op is _c.SUBPATTERN:
            found = _ambiguous(list(av[-1]), after)
            if found:
                return found
    return None


def _nullable(items: list) -> bool:
    """Whether ``items`` can match the empty string (conservatively: yes when unsure)."""
    for op, av in items:
        if op in _REPEATS:
            if av[0] > 0 and not _nullable(list(av[2])):
                return False
        elif op is _c.SUBPATTERN:
            if not _nullable(list(av[-1])):
                return False
        elif op is _c.BRANCH:
            if not any(_nullable(list(a)) for a in av[1]):
                return False
        elif op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        else:
            return False
    return True


def _first(items: list) -> frozenset[str]:
    """The sample characters a match of ``items`` can start with (all of them when
    unsure)."""
    found: set[str] = set()
    for op, av in items:
        if op in _REPEATS:
            found |= _first(list(av[2]))
            if av[0] > 0 and not _nullable(list(av[2])):
                return frozenset(found)
            continue
        if op is _c.SUBPATTERN:
            found |= _first(list(av[-1]))
            if not _nullable(list(av[-1])):
                return frozenset(found)
            continue
        if op is _c.BRANCH:
            for alt in av[1]:
                found |= _first(list(alt))
            if not any(_nullable(list(a)) for a in av[1]):
                return frozenset(found)
            continue
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        return frozenset(found | {ch for ch in _SAMPLE if _accepts(op, av, ch)})
    return frozenset(found)


def _accepts(op: Any, av: Any, ch: str) -> bool:
    """Whether the single-character item ``(op, av)`` can match ``ch`` (yes when it is not
    a single-character item)."""
    code = ord(ch)
    if op is _c.LITERAL:
        return code == av
    if op is _c.NOT_LITERAL:
        return code != av
    if op is _c.ANY:
        return ch != "\n"
    if op is _c.IN:
        negate = bool(av) and av[0][0] is _c.NEGATE
        hit = any(_in(o, v, ch) for o, v in av if o is not _c.NEGATE)
        return hit != negate
    return True


def _in(op: Any, av: Any, ch: str) -> bool:
    code = ord(ch)
    if op is _c.LITERAL:
        return code == av
    if op is _c.RANGE:
        return av[0] <= code <= av[1]
    if op is _c.CATEGORY:
        return _category(av, ch)
    return True


def _category(cat: Any, ch: str) -> bool:
    name = str(cat)
    negate = "_NOT_" in name
    if "DIGIT" in name:
        hit = ch.isdigit()
    elif "SPACE" in name:
        hit = ch.isspace()
    elif "WORD" in name:
        hit = ch.isalnum() or ch == "_"
    elif "LINEBREAK" in name:
        hit = ch == "\n"
    else:
        return True
    return hit != negate
