"""Hyperlink mutants (Word and PowerPoint): the link's relationship target given a typo,
the mistake of a mistyped URL."""

from __future__ import annotations

import posixpath

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, refind,
)
from officeeval.ooxml.ns import A, R
from officeeval.rubric.model import Check
from officeeval.targets import Target

_A, _R = f"{{{A}}}", f"{{{R}}}"


def _link(t: Target) -> tuple[str, str]:
    """(part, relationship id) of the first link a target carries."""
    if t.kind == "hyperlink":  # Word: a w:hyperlink range
        rng = getattr(t, "rng", None)
        el = rng.el if rng is not None else None
        if el is None or not el.get(_R + "id"):
            raise NotApplicable("a field hyperlink or an anchor only")
        return t.part, el.get(_R + "id")  # type: ignore[attr-defined]
    shape = getattr(t, "shape", None)
    el = getattr(t, "el", None)
    if shape is None or el is None and t.kind not in ("shape",):
        raise NotApplicable(f"no link on a {t.kind} target")
    scope = shape.el if t.kind not in ("paragraph", "run") else el
    for link in scope.iter(_A + "hlinkClick"):
        if link.get(_R + "id"):
            return shape.sheet.part, link.get(_R + "id")
    raise NotApplicable("no linked relationship")


def plan_hyperlink(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    try:
        for i in idx:
            _link(targets[i])
    except NotApplicable:
        return []

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            part, rid = _link(t)
            folder, base = posixpath.split(part)
            rels = ws.touch_part(edit, posixpath.join(folder, "_rels", base + ".rels"))
            rel = next((r for r in rels if r.get("Id") == rid), None)
            if rel is None:
                raise NotApplicable("the relationship is missing")
            old = rel.get("Target") or ""
            cut = old.rstrip("/")
            rel.set("Target", cut[:-1] + ("x" if cut[-1:] != "x" else "y") if cut else "x")
            note = f"{old} -> {rel.get('Target')}"
        return note

    return [Mutation(key=f"link|{check.select}|{idx}", operator="direct:hyperlink.target",
                     apply=apply, description=f"{locators(targets, idx)}: link target "
                                              f"mistyped")]
