"""PowerPoint mutants of slides and the presentation: another layout, background, slide
size or theme value, hidden slides, header/footer placeholders removed, presentation
settings (loop, show type, sections, slide count, custom show)."""

from __future__ import annotations

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, Planner, chosen_indexes, locators, mutation, refind,
    write_each,
)
from officeeval.audit.mutators.ppt_targets import reference_values
from officeeval.ppt.edit import design as PD
from officeeval.rubric.model import Check
from officeeval.targets import Target


# ------------------------------------------------------------------ slides and design
def plan_layout(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    current = {targets[i].sheet.layout.part for i in idx  # type: ignore[attr-defined]
               if targets[i].sheet.layout is not None}  # type: ignore[attr-defined]
    current_names = {ctx.doc.sheet(c).name for c in current}  # type: ignore[attr-defined]
    others = [s for s in ctx.doc.layouts if s.part not in current]  # type: ignore[attr-defined]
    others.sort(key=lambda s: s.name in current_names)
    if not others:
        return []
    new = others[0]
    return [mutation(f"layout|{check.select}|{idx}|{new.part}", "direct:slide.layout",
                     f"{locators(targets, idx)}: layout changed to {new.name!r}",
                     write_each(check, idx, "slide.layout", "ppt", new.part))]


def plan_background(ctx: PlanContext, check: Check, targets: list[Target]
                     ) -> list[Mutation]:
    """Another background of the kind that matters (a gradient for a solid one, a solid
    fill of another color), and the sheet's own background removed (it then inherits)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("slide", "layout", "master") for t in targets):
        return []
    ref = [str(v) for v in ctx.values(check, targets, idx)]
    if check.property == "slide.background.kind" and "solid" in ref:
        prop, value, what = "slide.background.kind", "gradient", "a gradient fill"
    else:
        color = next(c for c in ("FF0000", "0000FF", "FFFFFF") if c not in ref)
        prop, value, what = "slide.background.color", color, f"solid #{color}"
    where = locators(targets, idx)
    out = [mutation(f"background|{check.select}|{idx}|{what}", f"direct:{check.property}",
                    f"{where}: background set to {what}",
                    write_each(check, idx, prop, "ppt", value))]
    if any(targets[i].sheet.background is not None for i in idx):  # type: ignore[attr-defined]
        def remove(ws, edit) -> None:
            found = False
            for t in refind(edit, check.select, idx):
                try:
                    PD.remove_background(edit, t)
                    found = True
                except NotApplicable:
                    continue
            if not found:
                raise NotApplicable("no background of its own")
        out.append(mutation(f"background-drop|{check.select}|{idx}", "drop:background",
                            f"{where}: its own background removed (inherited from "
                            f"layout/master)", remove))
    return out


def plan_slide_size(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    size = ctx.doc.slide_size  # type: ignore[attr-defined]
    wide = size is not None and abs(size.width / size.height - 16 / 9) < 0.01
    return [mutation("slide-size", "direct:presentation.slide_size",
                     "slide size switched between 16:9 and 4:3",
                     write_each(Check(check.select, "presentation.slide_size", "equals"), [0],
                                "presentation.slide_size", "ppt", "4:3" if wide else "16:9"))]


def plan_theme(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    prop = check.property or ""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    ref = reference_values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> str:
        if prop == "theme.name":
            return (str(ref[n][0]) if ref[n] else "") + " X"
        if prop.startswith("theme.color."):
            return "123456"
        return "仿宋" if prop.endswith("east_asia") else "Courier New"

    return [mutation(f"theme|{prop}", f"direct:{prop}", f"theme: {prop} changed",
                     write_each(check, idx, prop, "ppt", value))]


def plan_hidden(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    hide = not any(v is True for v in ctx.values(check, targets, idx))
    return [mutation(f"flag|show|{check.select}|{idx}", f"direct:{check.property}",
                     f"{locators(targets, idx)}: @show={'0' if hide else '1'}",
                     write_each(check, idx, "slide.hidden", "ppt", hide))]


def plan_placeholder_visible(ph_type: str) -> Planner:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        idx = chosen_indexes(check, len(targets))
        if idx is None or any(t.kind != "slide" for t in targets):
            return []
        if not any(v is True for v in ctx.values(check, targets, idx)):
            return []
        return [mutation(f"placeholder|{ph_type}|{check.select}|{idx}", f"delete:{ph_type}",
                         f"{locators(targets, idx)}: the {ph_type} placeholder removed from "
                         f"the slide", write_each(check, idx, check.property or "", "ppt",
                                                  False))]
    return plan


# ------------------------------------------------------------------ presentation
def plan_presentation(ctx: PlanContext, check: Check, targets: list[Target]
                       ) -> list[Mutation]:
    prop = check.property or ""
    ref = [v for t in targets for v in ctx.values(check, [t], [0])]
    if prop == "presentation.loop":
        value, what = not any(v is True for v in ref), "loop changed"
    elif prop == "presentation.show_type":
        value, what = ("speaker" if "speaker" not in ref else "kiosk"), "show type changed"
    elif prop == "section.names":
        names = list(ref[0]) if ref else []
        if not names:
            return []
        value, what = [str(names[0]) + "x", *names[1:]], "a section renamed"
    elif prop == "slide.count":
        value, what = (int(ref[0]) - 1 if ref else 0), "the last slide removed"
    elif prop == "presentation.show.custom_show":
        # Another custom show chosen, or (the commoner slip) none: all slides play.
        names = [str(n) for t in targets for v in ctx.values(check, [t], [0],
                                                                 "presentation.custom_shows")
                 for n in (v if isinstance(v, (list, tuple)) else [v])]
        names = [n for n in names if n not in ref]
        value = names[0] if names else ""
        what = f"the show plays {names[0]!r}" if names else "the show plays every slide"
    else:
        return []
    return [mutation(f"presentation|{prop}", f"direct:{prop}", f"presentation: {what}",
                     write_each(Check(check.select, prop, "equals"), [0], prop, "ppt", value))]


def plan_slide_section(ctx: PlanContext, check: Check, targets: list[Target]
                        ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    names = [name for name, _ in (ctx.doc.sections or [])]  # type: ignore[attr-defined]
    ref = reference_values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> str:
        if len(names) < 2 or not ref[n] or ref[n][0] not in names:
            raise NotApplicable("one section only")
        i = names.index(ref[n][0])
        return names[i + 1] if i + 1 < len(names) else names[i - 1]

    return [mutation(f"slide-section|{check.select}|{idx}", "direct:slide.section",
                     f"{locators(targets, idx)}: slide moved to another section",
                     write_each(check, idx, "slide.section", "ppt", value))]
