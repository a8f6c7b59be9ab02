"""PowerPoint mutants of slides and the presentation: another layout, background, slide
size or theme value, hidden slides, header/footer placeholders removed, presentation
settings (loop, show type, sections, slide count, custom show). Each planner is named by a
kind in ``ppt_more.PLANNERS`` and takes its options from the property's definition
(``plan=Plan(kind, **options)``)."""

from __future__ import annotations

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, refind,
    write_each,
)
from officeeval.audit.mutators.ppt_targets import reference_values
from officeeval.ppt.edit.sheet_parts import remove_background
from officeeval.rubric.model import Check
from officeeval.targets import Target


# ------------------------------------------------------------------ slides and design
def plan_layout(ctx: PlanContext, check: Check, targets: list[Target], via: str = ""
                ) -> list[Mutation]:
    """Another layout for the slides, written as the layout property ``via`` (the
    checked property itself when empty)."""
    via = via or check.property or ""
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
    return [mutation(f"layout|{check.select}|{idx}|{new.part}", f"direct:{via}",
                     f"{locators(targets, idx)}: layout changed to {new.name!r}",
                     write_each(check, idx, via, "ppt", new.part))]


def plan_background(ctx: PlanContext, check: Check, targets: list[Target],
                    gradient_for_solid: bool = False, color_via: str = ""
                    ) -> list[Mutation]:
    """Another background of the kind that matters (with ``gradient_for_solid``, a gradient
    for a solid one; else a solid fill of another color, written as the color property
    ``color_via``, the checked one when empty), and the sheet's own background removed (it
    then inherits)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("slide", "layout", "master") for t in targets):
        return []
    ref = [str(v) for v in ctx.values(check, targets, idx)]
    if gradient_for_solid and "solid" in ref:
        prop, value, what = check.property or "", "gradient", "a gradient fill"
    else:
        color = next(c for c in ("FF0000", "0000FF", "FFFFFF") if c not in ref)
        prop, value, what = color_via or check.property or "", color, f"solid #{color}"
    where = locators(targets, idx)
    out = [mutation(f"background|{check.select}|{idx}|{what}", f"direct:{check.property}",
                    f"{where}: background set to {what}",
                    write_each(check, idx, prop, "ppt", value))]
    if any(targets[i].sheet.background is not None for i in idx):  # type: ignore[attr-defined]
        def remove(ws, edit) -> None:
            found = False
            for t in refind(edit, check.select, idx):
                try:
                    remove_background(edit, t)
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
    prop = check.property or ""
    size = ctx.doc.slide_size  # type: ignore[attr-defined]
    wide = size is not None and abs(size.width / size.height - 16 / 9) < 0.01
    return [mutation("slide-size", f"direct:{prop}",
                     "slide size switched between 16:9 and 4:3",
                     write_each(Check(check.select, prop, "equals"), [0],
                                prop, "ppt", "4:3" if wide else "16:9"))]


def plan_theme(ctx: PlanContext, check: Check, targets: list[Target], value: str = "",
               suffix: str = "") -> list[Mutation]:
    """The theme's ``value`` written, or with ``suffix`` the reference's value with it
    appended (a renamed theme)."""
    prop = check.property or ""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    ref = reference_values(ctx, check, targets, idx)

    def wrong(n: int, t: Target) -> str:
        if suffix:
            return (str(ref[n][0]) if ref[n] else "") + suffix
        return value

    return [mutation(f"theme|{prop}", f"direct:{prop}", f"theme: {prop} changed",
                     write_each(check, idx, prop, "ppt", wrong))]


def plan_hidden(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    hide = not any(v is True for v in ctx.values(check, targets, idx))
    return [mutation(f"flag|show|{check.select}|{idx}", f"direct:{check.property}",
                     f"{locators(targets, idx)}: @show={'0' if hide else '1'}",
                     write_each(check, idx, check.property or "", "ppt", hide))]


def plan_placeholder_visible(ctx: PlanContext, check: Check, targets: list[Target],
                             ph: str) -> list[Mutation]:
    """The ``ph`` placeholder (``ftr``, ``sldNum``, ``dt``) removed from slides that show
    it."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    if not any(v is True for v in ctx.values(check, targets, idx)):
        return []
    return [mutation(f"placeholder|{ph}|{check.select}|{idx}", f"delete:{ph}",
                     f"{locators(targets, idx)}: the {ph} placeholder removed from "
                     f"the slide", write_each(check, idx, check.property or "", "ppt",
                                              False))]


# ------------------------------------------------------------------ presentation
def plan_presentation(ctx: PlanContext, check: Check, targets: list[Target], mistake: str,
                      what: str = "", tokens: tuple[str, ...] = (), shows: str = ""
                      ) -> list[Mutation]:
    """A presentation setting written wrong, by ``mistake``: ``flip`` (true for false),
    ``tokens`` (the first token, or the second when the reference shows the first),
    ``rename_first`` (the first name mistyped), ``one_less``, ``other_show`` (another of the
    custom shows the property ``shows`` lists, or none); ``what`` describes it. Raises
    ``ValueError`` for another mistake."""
    prop = check.property or ""
    ref = [v for t in targets for v in ctx.values(check, [t], [0])]
    if mistake == "flip":
        value = not any(v is True for v in ref)
    elif mistake == "tokens":
        value = tokens[0] if tokens[0] not in ref else tokens[1]
    elif mistake == "rename_first":
        names = list(ref[0]) if ref else []
        if not names:
            return []
        value = [str(names[0]) + "x", *names[1:]]
    elif mistake == "one_less":
        value = int(ref[0]) - 1 if ref else 0
    elif mistake == "other_show":
        # Another custom show chosen, or (the commoner slip) none: all slides play.
        names = [str(n) for t in targets for v in ctx.values(check, [t], [0], shows)
                 for n in (v if isinstance(v, (list, tuple)) else [v])]
        names = [n for n in names if n not in ref]
        value = names[0] if names else ""
        what = f"the show plays {names[0]!r}" if names else "the show plays every slide"
    else:
        raise ValueError(f"no presentation mistake {mistake!r}")
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
                     write_each(check, idx, check.property or "", "ppt", value))]
