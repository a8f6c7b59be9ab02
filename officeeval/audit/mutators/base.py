"""The pieces every format's mutators share: a ``Mutation`` (how to make one mutant), the
planning context (the reference opened through the engine), and the choice of a wrong value.

A mutation is planned on the reference view (to read what the check observes) and applied
later to a fresh view of the same reference, so ``apply`` finds its targets again with the
engine's selector and the same target indexes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from officeeval.audit.workspace import Edit, NotApplicable, Workspace
from officeeval.catalog import catalog, resolve
from officeeval.comparators import get_comparator
from officeeval.properties.mistakes import Breaks, Plan
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import CompareContext, ValueType
from officeeval.properties.writing import Writer
from officeeval.rubric.model import Check, Criterion, Rubric
from officeeval.selectors import select
from officeeval.targets import Document, Target
from officeeval.values import Observation

# Applying a mutation edits the fresh view in ``Edit``; it may return a short note of what it
# wrote (``w:sz=28``, ``'办公室' -> '办某室'``) and raises ``NotApplicable`` when it cannot.
Apply = Callable[[Workspace, Edit], "str | None"]

# Comparators whose expected value names a set of acceptable values (one-sided bounds, a
# range, a list, a forbidden value): the wrong value must lie outside that set, so the
# chooser may look at the comparator. For equals/approx it never looks: a loose tolerance
# must be found out, not worked around.
SET_OPS = {"in", "between", "greater", "greater_equal", "less", "less_equal", "not_equals"}


@dataclass(frozen=True)
class Mutation:
    """How to make one mutant.

    ``key`` deduplicates mutations planned for several criteria (the same edit of the same
    target); ``scope`` is ``criterion`` (the deriving criterion must lose points) or
    ``rubric`` (a deletion: some criterion must lose points); ``pretty`` writes every touched
    part re-indented (the whitespace mutant).
    """

    key: str
    operator: str
    description: str
    apply: Apply
    kind: str = "break"
    scope: str = "criterion"
    pretty: bool = False


@dataclass
class PlanContext:
    """The reference, opened through the engine, for planning mutations of one rubric."""

    rubric: Rubric
    doc: Document
    ws: Workspace
    _obs: dict[tuple, Observation | None] = field(default_factory=dict)

    def targets(self, selector: str | None) -> list[Target]:
        """What ``selector`` selects in the reference; ``[]`` when it cannot be evaluated."""
        try:
            return select(self.doc, selector)
        except (LookupError, ValueError):
            return []

    def observe(self, check: Check, target: Target) -> Observation | None:
        """The check's property on ``target`` as the engine resolves it (``None`` when it
        has no value or cannot be resolved here)."""
        key = (check.property, check.source, id(target))
        if key not in self._obs:
            try:
                self._obs[key] = resolve(check.property or "", target,
                                         ResolveContext(direct=check.source == "direct",
                                                        options=self.ws.options))
            except Exception:  # noqa: BLE001 - planning only: an unresolvable value means "no mutant"
                self._obs[key] = None
        return self._obs[key]

    def values(self, check: Check, targets: list[Target], idx: list[int],
               prop: str | None = None) -> list[Any]:
        """Every value the check's property (or ``prop``, read as it is in force) shows on the
        chosen targets."""
        k = check if prop is None else Check(check.select, prop, "equals")
        return [v for i in idx for v in observed_values(self.observe(k, targets[i]))]


def empty_note(check: Check) -> str:
    """Why a check whose selector matches nothing in the reference gets no mutant."""
    exp = (check.expected or "").strip().lstrip("=")
    if check.op == "count" and exp in ("0", "==0", "<1") or check.match == "none":
        return "an absence check (nothing selected on purpose): adding what it forbids " \
               "has no generic mutant"
    return "the selector matches nothing in the reference"


def vtype_of(check: Check, app: str) -> ValueType | None:
    pdef = catalog().get(check.property or "")
    return pdef.type_for(app) if pdef is not None else None


def breaks(prop: str, app: str) -> Breaks | None:
    """How ``app``'s definition of ``prop`` says it is broken (``breaks=`` where its resolver
    is declared); ``None`` when it declares no value mistakes or ``app`` does not read it."""
    pdef = catalog().get(prop)
    binding = pdef.bindings.get(app) if pdef is not None else None
    return binding.breaks if binding is not None else None


def plans(prop: str, app: str) -> tuple[Plan, ...]:
    """The audit's planners of ``prop`` in ``app`` (``plan=`` where its resolver is
    declared), in the order declared; ``()`` when none or ``app`` does not read it."""
    pdef = catalog().get(prop)
    binding = pdef.bindings.get(app) if pdef is not None else None
    return binding.plans if binding is not None else ()


def writer(prop: str, app: str) -> Writer:
    """The ``app`` writer of ``prop``; ``NotApplicable`` when it has none."""
    w = catalog().writer(prop, app)
    if w is None:
        raise NotApplicable(f"no {app} writer of {prop}")
    return w


def write_each(check: Check, idx: list[int], prop: str, app: str,
               values: Callable[[int, Target], Any] | Any) -> Apply:
    """An ``apply`` writing ``prop`` on each chosen target of the fresh view (``values``:
    the value, or ``(position, target) -> value``); it returns the last writer note."""
    w = writer(prop, app)

    def apply(ws: Workspace, edit: Edit) -> str:
        note = ""
        for n, t in enumerate(refind(edit, check.select, idx)):
            note = w.write(edit, t, values(n, t) if callable(values) else values)
        return note
    return apply


def observed_values(obs: Observation | None) -> list[Any]:
    """Every value an observation holds: its parts' values for a mixed aggregate."""
    if obs is None:
        return []
    if obs.parts and obs.value is None:
        return [p.value for _, p in obs.parts if p.value is not None]
    return [obs.value]


def _equal(vtype: ValueType, a: Any, b: Any) -> bool:
    try:
        return bool(vtype.equals(a, b, CompareContext()))
    except (TypeError, ValueError, AttributeError):
        return False


def choose(candidates: Iterable[Any], reference: list[Any], vtype: ValueType, check: Check,
           count: int = 1) -> list[Any]:
    """Up to ``count`` wrong values: candidates (most realistic mistake first) that differ
    from every value the reference shows. For set-like comparators (``in``, ``between``,
    ``greater`` …, ``not_equals``) values the comparator rejects come first, and for
    ``not_equals`` the forbidden value itself is the first mistake tried."""
    pool = list(candidates)
    if check.op == "not_equals" and check.expected_value is not None:
        pool.insert(0, check.expected_value)
    wrong = []
    for c in pool:
        if c is None or any(_equal(vtype, c, r) or _equal(vtype, r, c) for r in reference):
            continue
        if any(_equal(vtype, c, w) for w in wrong):
            continue
        wrong.append(c)
    if check.op in SET_OPS and check.expected_value is not None:
        comp = get_comparator(check.op)
        if comp is not None:
            ctx = CompareContext(check.tolerance_value, check.normalize)
            wrong.sort(key=lambda c: comp.judge(c, check.expected_value, vtype, ctx).passed)
    return wrong[:count]


def chosen_indexes(check: Check, n: int) -> list[int] | None:
    """Which of ``n`` selected targets a breaking mutant edits: one (the first) when every
    target must pass, all of them when one passing target is enough (or when the targets'
    values count together, ``count_distinct``); ``None`` when the
    check's sense is inverted (``match="none"``) and no generic mistake exists."""
    if n == 0:
        return None
    if check.op == "count_distinct":
        return list(range(n))       # one wrong value everywhere: a single kind left
    m = check.match
    if m == "none":
        return None
    if m == "all":
        return [0]
    return list(range(n))


def refind(edit: Edit, selector: str | None, indexes: list[int]) -> list[Target]:
    """The planned targets again, in the fresh view being edited."""
    found = select(edit.doc, selector)
    if not indexes or max(indexes) >= len(found):
        raise NotApplicable(f"{selector!r} selects {len(found)} target(s) in the fresh view")
    return [found[i] for i in indexes]


def edit_each(check: Check, indexes: list[int], fn: Callable[[Edit, Target], "str | None"]
              ) -> Apply:
    """An ``Apply`` calling ``fn(edit, target)`` on each planned target found again in the
    fresh view (``refind``); its note is the last non-empty note ``fn`` returned."""
    def apply(ws: Workspace, edit: Edit) -> str:
        note = ""
        for t in refind(edit, check.select, indexes):
            note = fn(edit, t) or note
        return note
    return apply


def locators(targets: list[Target], indexes: list[int]) -> str:
    locs = [targets[i].locator for i in indexes]
    return locs[0] if len(locs) == 1 else f"{locs[0]} … {locs[-1]} ({len(locs)} targets)"


def render(vtype: ValueType | None, value: Any) -> str:
    if vtype is None:
        return str(value)
    try:
        return vtype.render(value)
    except (TypeError, ValueError, AttributeError):
        return str(value)


def mutation(key: str, op: str, desc: str, apply: Apply, scope: str = "criterion"
             ) -> Mutation:
    return Mutation(key=key, operator=op, description=desc, apply=apply, scope=scope)


# What plans the mutants of one check: (context, check, the reference's targets) -> mutations.
Planner = Callable[[PlanContext, Check, list[Target]], list[Mutation]]

__all__ = ["Apply", "Check", "Criterion", "Mutation", "NotApplicable", "PlanContext",
           "Planner", "choose", "chosen_indexes", "edit_each", "empty_note", "locators",
           "mutation", "observed_values", "refind", "render", "vtype_of", "write_each",
           "writer"]
