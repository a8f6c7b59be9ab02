"""Selector evaluation and validation.

Evaluation walks the steps from the document root: each step maps every current target to
its children, predicates filter the children of each parent in order (so ``paragraph[style=
'Heading 1'][2]`` is the second Heading 1 paragraph), and the results are concatenated in
document order. Results are cached per document and selector text, so a selector shared by
many checks is evaluated once.
"""

from __future__ import annotations

import difflib
import itertools
from functools import lru_cache

from officeeval import apps
from officeeval.cache import ProcessMemo, memo_table
from officeeval.errors import SelectorSyntaxError
from officeeval.selectors import by_property
from officeeval.selectors.grammar import Predicate, Selector, Step, parse_selector
from officeeval.selectors.predicates import apply_predicates
from officeeval.selectors.registry import StepSpec
from officeeval.targets import Document, LazySelection, Target

_CACHE_ATTR = "_officeeval_selector_cache"
_PREFIX_ATTR = "_officeeval_selector_prefixes"
_PREFIX_MAX = 4096  # leading runs of steps kept per document


def select(doc: Document, selector: str | Selector | None) -> list[Target]:
    """Targets matched by ``selector`` in ``doc`` (``None`` or ``""``: the document itself).

    Raises ``SelectorSyntaxError`` for a bad selector and ``LookupError`` for a step this
    app does not have (the rubric loader reports both before grading starts).
    """
    if selector is None or (isinstance(selector, str) and not selector.strip()):
        return [doc.root()]
    text = selector if isinstance(selector, str) else selector.text
    cache = memo_table(doc, _CACHE_ATTR)
    if text in cache:
        return cache[text]
    sel = parse_selector(text) if isinstance(selector, str) else selector
    table = apps.app(doc.app).steps
    # Selectors of one rubric share their leading steps (``slide[title='…']/title``,
    # ``slide[title='…']/shape[name='…']``): the selection after each leading run of steps
    # is kept too, so a shared prefix is walked once per document.
    prefixes = memo_table(doc, _PREFIX_ATTR)
    ids = _prefix_ids_of_text(text) if isinstance(selector, str) else \
        _number_prefixes(sel.steps)
    current: list[Target] = [doc.root()]
    start = 0
    for n in range(len(ids), 0, -1):
        found = prefixes.get(ids[n - 1])
        if found is not None:
            current, start = found, n
            break
    for n in range(start, len(sel.steps)):
        step = sel.steps[n]
        spec = table.get(step.name)
        if spec is None:
            raise LookupError(f"unknown {doc.app} selector step {step.name!r}")
        out: list[Target] = []
        seen: set[int] = set()
        for parent in current:
            if spec.parents is not None and parent.kind not in spec.parents:
                # validate_selector reports this at load time; at run time it selects nothing.
                continue
            children = apply_predicates(spec.fn(parent, step), step.predicates,
                                        by_property.keeps)
            if isinstance(children, LazySelection) and len(current) == 1:
                # One parent's children repeat none: kept unbuilt (a large sheet's range).
                out = children  # type: ignore[assignment]
                break
            for c in children:
                if id(c) not in seen:
                    seen.add(id(c))
                    out.append(c)
        current = out
        if len(prefixes) < _PREFIX_MAX:
            prefixes[ids[n]] = current
    cache[text] = current
    return current


# Every distinct leading run of steps gets a number, never reused: a document's prefix table
# is keyed by these (hashing steps costs microseconds, a number nothing). Equal steps (all
# their fields, columns included) get the same number, so a number always stands for one
# walk. Bounded: a run dropped and seen again gets a fresh number (old tables just miss).
_PREFIX_IDS: "ProcessMemo[int]" = ProcessMemo("selectors.prefix_ids", 16384)
_next_prefix_id = itertools.count()


def _number_prefixes(steps: tuple[Step, ...]) -> tuple[int, ...]:
    """The numbers of the leading runs of ``steps`` (one step, two steps … all)."""
    return tuple(_PREFIX_IDS.get_or_make(steps[:n], lambda: next(_next_prefix_id))
                 for n in range(1, len(steps) + 1))


@lru_cache(maxsize=4096)
def _prefix_ids_of_text(text: str) -> tuple[int, ...]:
    # A text always parses to the same steps (``parse_selector``), so the text is the key.
    return _number_prefixes(parse_selector(text).steps)


def plan(doc: Document, selectors: list[str]) -> None:
    """Tell ``doc`` which selectors are about to be evaluated on it (the app's planner, when
    it has one: Excel streams each large sheet once for all of them). Never raises: a
    planning failure leaves the reads to the selections themselves."""
    planner = apps.app(doc.app).steps.planner
    if planner is None or not selectors:
        return
    try:
        planner(doc, selectors)
    except Exception:  # noqa: BLE001 - the selections read (and report) on their own
        pass


def explain_empty(doc: Document, selector: str) -> str:
    """Why ``selector`` selects nothing in ``doc``, for people: the first step that leaves
    nothing and what was there before it (``paragraph[99] is past the end: there are 12
    paragraphs``, ``no paragraph has text^='关于' (of 12)``, ``the document has no
    table``). ``""`` when it does select something. Raises like ``select``."""
    sel = parse_selector(selector)
    table = apps.app(doc.app).steps
    current: list[Target] = [doc.root()]
    path = ""
    for step in sel.steps:
        spec = table.get(step.name)
        if spec is None:
            raise LookupError(f"unknown {doc.app} selector step {step.name!r}")
        groups = [spec.fn(parent, step) for parent in current
                  if spec.parents is None or parent.kind in spec.parents]
        bare = str(Step(step.name, step.args, (), step.column, step.has_parens))
        inside = f"{path} has" if path else f"the {doc.app} document has"
        if not any(groups):
            return f"{inside} no {bare}"
        for pred in step.predicates:
            narrowed = [apply_predicates(g, (pred,), by_property.keeps) for g in groups]
            if not any(narrowed):
                return _why_nothing(bare, pred, [len(g) for g in groups if g], path)
            groups = narrowed
        out: list[Target] = []
        seen: set[int] = set()
        for g in groups:
            for t in g:
                if id(t) not in seen:
                    seen.add(id(t))
                    out.append(t)
        current = out
        path = f"{path}/{step}" if path else str(step)
    return ""


def _why_nothing(bare: str, pred: Predicate, counts: list[int], path: str) -> str:
    """The message for a predicate that left nothing of groups of COUNTS targets."""
    n, most = sum(counts), max(counts)
    if pred.op in ("index", "slice"):
        if len(counts) > 1:
            there = f"each of the {len(counts)} targets of {path} has at most {most}"
        else:
            there = (f"{path} has {n}" if path else f"there {'is' if n == 1 else 'are'} {n}") \
                + f" ({bare}[1]" + (f" to {bare}[{n}])" if n > 1 else ")")
        return f"{bare}{pred} is past the end: {there}"
    scope = f" in {path}" if path else ""
    return f"no {bare}{scope} matches {pred} (of {n})"


def validate_selector(text: str, app: str) -> tuple[list[tuple[int, str]], str | None]:
    """Check ``text`` for ``app`` without a document.

    Returns ``(issues, kind)``: issues are ``(column, message)`` pairs (syntax errors,
    unknown steps with a suggestion, wrong argument counts, steps that cannot follow their
    parent); ``kind`` is the target kind the selector yields, or ``None`` if unknown.
    """
    try:
        sel = parse_selector(text)
    except SelectorSyntaxError as exc:
        return [(exc.column, exc.reason)], None
    try:
        spec_of_app = apps.app(app)
    except KeyError as exc:
        return [(1, str(exc.args[0]))], None
    table = spec_of_app.steps
    issues: list[tuple[int, str]] = []
    kind: str | None = spec_of_app.root_kind
    for step in sel.steps:
        spec = table.get(step.name)
        if spec is None:
            hint = difflib.get_close_matches(step.name, list(table), n=1, cutoff=0.5)
            msg = f"unknown {app} selector step {step.name!r}"
            if hint:
                msg += f"; did you mean {hint[0]!r}?"
            elif table:
                msg += f" (known: {', '.join(sorted(table))})"
            issues.append((step.column, msg))
            return issues, None
        issues.extend(_check_args(step, spec))
        if spec.parents is not None and kind is not None and kind not in spec.parents:
            issues.append((step.column, f"{step.name!r} cannot follow a {kind} (it follows: "
                                        f"{', '.join(sorted(spec.parents))})"))
        kind = spec.kind_after(kind or "")
        issues.extend(_check_property_predicates(step.predicates, app, kind))
    return issues, kind


def _check_property_predicates(preds: tuple[Predicate, ...], app: str,
                               kind: str | None) -> list[tuple[int, str]]:
    """Issues of the property predicates among PREDS (inside ``not(…)`` too)."""
    out: list[tuple[int, str]] = []
    for p in preds:
        inner = p.value if p.op == "not" else p
        if isinstance(inner, Predicate) and inner.is_property:
            problem = by_property.check_predicate(inner, app, kind)
            if problem:
                out.append((inner.column, problem))
    return out


def _check_args(step: Step, spec: StepSpec) -> list[tuple[int, str]]:
    n = len(step.args)
    if step.name == "range":
        return []
    if n < spec.min_args or n > spec.max_args:
        want = (f"{spec.min_args}" if spec.min_args == spec.max_args
                else f"{spec.min_args} to {spec.max_args}")
        return [(step.column, f"{step.name!r} takes {want} argument(s), got {n}")]
    return []
