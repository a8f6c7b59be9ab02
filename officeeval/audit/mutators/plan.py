"""Planning the mutants of one check, the same way for every format.

``plan_check`` is the preamble every app shares (raw XPath checks, empty selections, counts,
checks whose sense leaves no generic mistake) around the app's own policy (``Policy``): which
wrong values to try for a property, and which structural mistakes (a target deleted, slides
or sheets reordered). ``plan_values`` is the generic property mistake: wrong values chosen by
the policy, written by the format's writer on the target itself and, when the reference
inherits the value, on the level it inherits it from. ``plan_typo`` puts a typo into the text
a check compares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, Planner, choose, chosen_indexes, empty_note, locators,
    refind, render, vtype_of, writer,
)
from officeeval.audit.mutators.texts import forbidden_text, put_typo
from officeeval.comparators import get_comparator
from officeeval.rubric.model import Check
from officeeval.targets import Target

Mistakes = Callable[[list[Any]], list[Any]]


@dataclass(frozen=True)
class Policy:
    """An app's mutation policy: ``count`` plans the mutants of a count check (a target
    deleted), ``value`` those of a property (and a note when there are none), ``structure``
    the structural ones every other check also gets (deletion, reordering)."""

    title: str
    count: Planner
    value: Callable[[PlanContext, Check, list[Target]], tuple[list[Mutation], str]]
    structure: Planner


def plan_check(ctx: PlanContext, check: Check, policy: Policy) -> tuple[list[Mutation], str]:
    """Breaking mutations for one check, and a note when none could be derived."""
    if check.xpath:
        return [], "raw XPath checks have no generic mutant"
    targets = ctx.targets(check.select)
    if not targets:
        return [], empty_note(check)
    comp = get_comparator(check.op)
    prop = check.property or ""
    if comp is not None and (comp.kind == "count" or prop == "count"):
        muts = policy.count(ctx, check, targets)
        return muts, "" if muts else f"cannot delete {targets[0].kind} targets"
    if check.op in ("absent", "changed") or check.match == "none" or check.match.startswith(
            "count"):
        return [], f"op={check.op} match={check.match}: no generic mistake to make"
    muts, note = policy.value(ctx, check, targets)
    muts += policy.structure(ctx, check, targets)
    if not muts and not note:
        note = "no realistic wrong value differs from the reference here"
    return muts, note


@dataclass(frozen=True)
class Inherited:
    """How an app names a mutant on the level a value is inherited from: ``skip`` are the
    sources that are not a level (``direct``, ``default`` …); the key and description
    formats get ``prop``, ``select``, ``idx``, ``source``, ``shown``, ``where``,
    ``shown_ref``."""

    skip: tuple[str, ...]
    key: str
    description: str


def _related_values(ctx: PlanContext, check: Check) -> list[Any]:
    """The values of the targets a relation check is compared against, in the reference."""
    others = ctx.targets(check.against)
    prop = check.against_property or check.property
    return ctx.values(check, others, list(range(len(others))), prop=prop) if others else []


def plan_values(ctx: PlanContext, check: Check, targets: list[Target], app: str,
                mistakes: Mistakes, variants: int, inherited: Inherited) -> list[Mutation]:
    """Wrong values (``mistakes`` of the reference's values, most realistic first, up to
    ``variants``) written directly on the chosen targets, and the first one also on the
    level the reference's value is inherited from when that is where it comes from."""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    vtype = vtype_of(check, app)
    if vtype is None:
        return []
    prop = check.property or ""
    w = writer(prop, app)
    ref_values = ctx.values(check, targets, idx)
    candidates = list(mistakes(ref_values))
    if check.against:
        # A relation ("larger than the other cover lines") is broken by the value it is
        # related to: the title set to the other lines' size.
        candidates = _related_values(ctx, check) + candidates
    wrong = choose(candidates, ref_values, vtype, check, variants)
    where = locators(targets, idx)
    shown_ref = render(vtype, ref_values[0]) if ref_values else "(none)"
    out: list[Mutation] = []
    for value in wrong:
        shown = render(vtype, value)
        out.append(Mutation(
            key=f"direct|{prop}|{check.select}|{idx}|{shown}", operator=f"direct:{prop}",
            description=f"{where}: {prop} {shown_ref} -> {shown} (set directly)",
            apply=_direct(check, idx, w, value)))
    obs = ctx.observe(check, targets[idx[0]])
    if not wrong or obs is None or obs.source in inherited.skip or w.inherited is None:
        return out
    level = w.inherited(targets[idx[0]])
    # Only the level the reference's value really comes from: another level is overridden.
    if level is not None and level.source == obs.source:
        shown = render(vtype, wrong[0])
        fields = dict(prop=prop, select=check.select, idx=idx[:1], source=level.source,
                      shown=shown, where=targets[idx[0]].locator, shown_ref=shown_ref)
        out.append(Mutation(key=inherited.key.format(**fields), operator=f"inherited:{prop}",
                            description=inherited.description.format(**fields),
                            apply=_inherited(check, idx[:1], w, wrong[0])))
    return out


def _direct(check: Check, idx: list[int], w, value: Any):
    def apply(ws, edit) -> str:
        written = ""
        for t in refind(edit, check.select, idx):
            written = w.write(edit, t, value)
        return written
    return apply


def _inherited(check: Check, idx: list[int], w, value: Any):
    def apply(ws, edit) -> str:
        t = refind(edit, check.select, idx)[0]
        level = w.inherited(t)
        if level is None:
            raise NotApplicable("the inherited level is gone in the fresh view")
        return level.write(edit, value)
    return apply


def plan_typo(check: Check, targets: list[Target], idx: list[int],
              nodes: Callable[[Target], list], literal: str | None, key: str, operator: str,
              description: str) -> Mutation:
    """One character of the text held by ``nodes(target)`` changed on each chosen target
    (inside ``literal`` when it occurs)."""
    def apply(ws, edit) -> str:
        changed = ""
        for t in refind(edit, check.select, idx):
            els = nodes(t)
            changed = put_typo(els, literal)
            for e in els:
                edit.touch(e)
        return changed

    return Mutation(key=key, operator=operator, description=description, apply=apply)


def plan_forbidden(check: Check, targets: list[Target], idx: list[int],
                   nodes: Callable[[Target], list]) -> Mutation:
    """For ``not_contains`` / ``not_equals``: the forbidden text written."""
    return forbidden_text(check, targets, idx, nodes, lambda ws, edit, els: [
        edit.touch(e) for e in els])
