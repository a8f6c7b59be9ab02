"""PowerPoint mutants of what moves: transitions (another type, duration, direction,
advance) and animations (another effect, order, timing, trigger, by paragraph)."""

from __future__ import annotations

from typing import Any

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, refind, write_each,
)
from officeeval.audit.mutators.ppt_targets import reference_values
from officeeval.rubric.model import Check
from officeeval.targets import Target


# ------------------------------------------------------------------ transitions
def plan_transition(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    from officeeval.ppt.edit.timing import drop_transition
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
    if prop == "transition.type":
        other = "wipe" if all(r is not None and r.type == "fade" for r in ref) else "fade"
        if all(r is not None and r.type == other for r in ref):
            other = "push"
        out.append(mutation(f"transition-type|{where}|{other}", "direct:transition.type",
                            f"{where}: transition replaced by {other}",
                            write_each(check, idx, prop, "ppt", other)))
    elif prop == "transition.direction":
        def direction(n: int, t: Target) -> str:
            cur = ref[n]
            if cur is None:
                raise NotApplicable("no transition")
            if cur.direction in ("horz", "vert"):
                return "vert" if cur.direction != "vert" else "horz"
            return next(d for d in ("d", "u", "l", "r") if d != (cur.direction or ""))
        out.append(mutation(f"transition-dir|{where}", "direct:transition.direction",
                            f"{where}: transition direction changed",
                            write_each(check, idx, prop, "ppt", direction)))
    elif prop in ("transition.duration", "transition.advance_after",
                  "transition.advance_on_click"):
        def changed(n: int, t: Target) -> Any:
            cur = ref[n]
            if cur is None:
                raise NotApplicable("no transition")
            if prop == "transition.duration":
                return (cur.duration if cur.duration is not None else 0.5) + 1.0
            if prop == "transition.advance_after":
                return (cur.advance_after or 0) + 3
            return not cur.advance_on_click
        out.append(mutation(f"transition-value|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed", write_each(check, idx, prop, "ppt",
                                                                   changed)))
    return out


# ------------------------------------------------------------------ animations
def plan_animation(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    where = locators(targets, idx)
    out: list[Mutation] = []
    prop = check.property
    if prop == "animation.effect":
        from officeeval.vocabulary.ppt import PRESET_EFFECTS
        ref = targets[idx[0]].effect  # type: ignore[attr-defined]
        raw = {"entrance": "entr", "exit": "exit", "emphasis": "emph", "path": "path"}.get(
            ref.preset_class, ref.preset_class)
        options = [(k[1], v) for k, v in PRESET_EFFECTS.items() if k[0] == raw and v != ref.effect]
        preferred = [o for o in options if o[1] in ("fade", "appear", "fly_in", "wipe",
                                                    "disappear", "fly_out")] or options
        if preferred:
            pid, name = preferred[0]
            out.append(mutation(f"anim-effect|{where}|{pid}", "direct:animation.effect",
                                f"{where}: effect changed to {name}",
                                write_each(check, idx, prop, "ppt", name)))
    elif prop == "animation.trigger":
        ref_t = reference_values(ctx, check, targets, idx)
        out.append(mutation(f"anim-trigger|{where}", "direct:animation.trigger",
                            f"{where}: trigger changed",
                            write_each(check, idx, prop, "ppt",
                                       lambda n, t: "after_previous" if (ref_t[n] or [""])[0]
                                       == "on_click" else "on_click")))
    from officeeval.audit.mutators.ppt import plan_delete
    out += plan_delete(ctx, check, targets)
    return out


def plan_animation_detail(ctx: PlanContext, check: Check, targets: list[Target]
                           ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    prop = check.property or ""
    ref = reference_values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> Any:
        cur = ref[n][0] if ref[n] else None
        if prop == "animation.class":
            return "exit" if cur != "exit" else "entrance"
        if prop == "animation.direction":
            return "from_left" if cur != "from_left" else "from_bottom"
        if prop == "animation.duration":
            return (cur or 0.5) * 2 + 0.5
        if prop == "animation.delay":
            return (cur or 0.0) + 1.0
        if prop == "animation.by_paragraph":
            return not cur
        # animation.target: another shape animated; animation.trigger_shape: the effect
        # started by a click on another shape (neither the animated one nor the trigger).
        shapes = [s for s in t.slide.sheet.all_shapes()  # type: ignore[attr-defined]
                  if s.id and s.id != t.effect.shape_id  # type: ignore[attr-defined]
                  and (prop != "animation.trigger_shape" or s.name != cur)]
        if not shapes:
            raise NotApplicable("no other shape to animate")
        return shapes[0].name

    return [mutation(f"anim|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "ppt", value))]
