"""PowerPoint mutants of what moves: transitions (another type, duration, direction,
advance) and animations (another effect, order, timing, trigger, by paragraph). Each planner
is named by a kind in ``ppt_more.PLANNERS`` and takes its options from the property's
definition (``plan=Plan(kind, **options)``)."""

from __future__ import annotations

from typing import Any

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, refind, write_each,
)
from officeeval.audit.mutators.ppt_targets import reference_values
from officeeval.rubric.model import Check
from officeeval.targets import Target


# ------------------------------------------------------------------ transitions
def plan_transition(ctx: PlanContext, check: Check, targets: list[Target], change: str
                    ) -> list[Mutation]:
    """The slide's transition removed, and ``change`` made to it: another ``type``,
    ``direction``, a longer ``duration``, a later ``advance_after``, ``advance_on_click``
    flipped."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    from officeeval.ppt.edit.timing_parts import drop_transition
    from officeeval.ppt.transitions import read_transition
    ref = [read_transition(targets[i].sheet.root) for i in idx]  # type: ignore[attr-defined]
    where = locators(targets, idx)
    out: list[Mutation] = []
    if any(r is not None for r in ref):
        def drop(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                drop_transition(edit, t)
        out.append(mutation(f"transition-drop|{where}", "drop:transition",
                            f"{where}: transition removed", drop))
    prop = check.property or ""
    if change == "type":
        other = "wipe" if all(r is not None and r.type == "fade" for r in ref) else "fade"
        if all(r is not None and r.type == other for r in ref):
            other = "push"
        out.append(mutation(f"transition-type|{where}|{other}", f"direct:{prop}",
                            f"{where}: transition replaced by {other}",
                            write_each(check, idx, prop, "ppt", other)))
    elif change == "direction":
        def direction(n: int, t: Target) -> str:
            cur = ref[n]
            if cur is None:
                raise NotApplicable("no transition")
            if cur.direction in ("horz", "vert"):
                return "vert" if cur.direction != "vert" else "horz"
            return next(d for d in ("d", "u", "l", "r") if d != (cur.direction or ""))
        out.append(mutation(f"transition-dir|{where}", f"direct:{prop}",
                            f"{where}: transition direction changed",
                            write_each(check, idx, prop, "ppt", direction)))
    elif change in ("duration", "advance_after", "advance_on_click"):
        def changed(n: int, t: Target) -> Any:
            cur = ref[n]
            if cur is None:
                raise NotApplicable("no transition")
            if change == "duration":
                return (cur.duration if cur.duration is not None else 0.5) + 1.0
            if change == "advance_after":
                return (cur.advance_after or 0) + 3
            return not cur.advance_on_click
        out.append(mutation(f"transition-value|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed", write_each(check, idx, prop, "ppt",
                                                                   changed)))
    return out


# ------------------------------------------------------------------ animations
def plan_animation(ctx: PlanContext, check: Check, targets: list[Target], change: str = ""
                   ) -> list[Mutation]:
    """The effect deleted, and with ``change`` another ``effect`` of its class or another
    ``trigger``."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    where = locators(targets, idx)
    out: list[Mutation] = []
    prop = check.property
    if change == "effect":
        from officeeval.vocabulary.ppt import PRESET_EFFECTS
        ref = targets[idx[0]].effect  # type: ignore[attr-defined]
        raw = {"entrance": "entr", "exit": "exit", "emphasis": "emph", "path": "path"}.get(
            ref.preset_class, ref.preset_class)
        options = [(k[1], v) for k, v in PRESET_EFFECTS.items() if k[0] == raw and v != ref.effect]
        preferred = [o for o in options if o[1] in ("fade", "appear", "fly_in", "wipe",
                                                    "disappear", "fly_out")] or options
        if preferred:
            pid, name = preferred[0]
            out.append(mutation(f"anim-effect|{where}|{pid}", f"direct:{prop}",
                                f"{where}: effect changed to {name}",
                                write_each(check, idx, prop, "ppt", name)))
    elif change == "trigger":
        ref_t = reference_values(ctx, check, targets, idx)
        out.append(mutation(f"anim-trigger|{where}", f"direct:{prop}",
                            f"{where}: trigger changed",
                            write_each(check, idx, prop, "ppt",
                                       lambda n, t: "after_previous" if (ref_t[n] or [""])[0]
                                       == "on_click" else "on_click")))
    from officeeval.audit.mutators.ppt import plan_delete
    out += plan_delete(ctx, check, targets)
    return out


def plan_animation_detail(ctx: PlanContext, check: Check, targets: list[Target], change: str,
                          tokens: tuple[str, ...] = (), skip_current: bool = False
                          ) -> list[Mutation]:
    """One setting of the effect written wrong, by ``change``: ``tokens`` (the first token,
    or the second when the reference shows the first), ``longer`` (doubled and half a
    second more), ``later`` (a second more), ``flip``, ``shape`` (another shape of the
    slide, not the animated one, nor with ``skip_current`` the reference's). Raises
    ``ValueError`` for another change."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    if change not in ("tokens", "longer", "later", "flip", "shape"):
        raise ValueError(f"no animation change {change!r}")
    prop = check.property or ""
    ref = reference_values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> Any:
        cur = ref[n][0] if ref[n] else None
        if change == "tokens":
            return tokens[0] if cur != tokens[0] else tokens[1]
        if change == "longer":
            return (cur or 0.5) * 2 + 0.5
        if change == "later":
            return (cur or 0.0) + 1.0
        if change == "flip":
            return not cur
        # Another shape animated, or the effect started by a click on another shape
        # (neither the animated one nor, ``skip_current``, the trigger).
        shapes = [s for s in t.slide.sheet.all_shapes()  # type: ignore[attr-defined]
                  if s.id and s.id != t.effect.shape_id  # type: ignore[attr-defined]
                  and (not skip_current or s.name != cur)]
        if not shapes:
            raise NotApplicable("no other shape to animate")
        return shapes[0].name

    return [mutation(f"anim|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "ppt", value))]
