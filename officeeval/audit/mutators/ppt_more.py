"""More PowerPoint mutants, planned from what the reference shows and written by
PowerPoint's writers: text typos (and forbidden text), shapes moved or resized or renamed,
another layout, background, slide size or theme value, hidden slides, table rows or columns
removed or another table style, a native table turned into a text box, presentation
settings (loop, show type, sections, slide count), header/footer placeholders removed,
transitions and animations, SmartArt and charts on slides."""

from __future__ import annotations

from typing import Any

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, Planner, chosen_indexes, locators, mutation, refind,
    write_each,
)
from officeeval.audit.mutators.mistakes import CM
from officeeval.audit.mutators.plan import plan_forbidden, plan_typo
from officeeval.audit.mutators.texts import typo_text
from officeeval.ppt.edit import design as PD, shapes as PSH, slides as PS
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Measure

SHAPE_KINDS = PS.SHAPE_KINDS


def slide_sheet(t: Target):
    """The slide a target lives on (``None`` for the presentation, layouts, masters)."""
    if t.kind == "slide":
        return t.sheet  # type: ignore[attr-defined]
    s = getattr(t, "slide", None)
    if s is not None:
        return s.sheet
    shape = getattr(t, "shape", None)
    if shape is not None and shape.sheet.kind == "slide":
        return shape.sheet
    return None


def slide_number(t: Target) -> int | None:
    sheet = slide_sheet(t)
    if sheet is None:
        return None
    for i, s in enumerate(t.doc.slide_sheets, start=1):  # type: ignore[attr-defined]
        if s is sheet:
            return i
    return None


def _plan_text(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    prop = check.property or "text"
    idx = chosen_indexes(check, len(targets))
    nodes = lambda t: PS.text_nodes(t, prop)  # noqa: E731
    if idx is None or not any(nodes(targets[i]) for i in idx):
        return []
    if check.op in ("not_contains", "not_equals") and check.expected:
        return [plan_forbidden(check, targets, idx, nodes)]
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with") else None
    return [plan_typo(check, targets, idx, nodes, literal,
                      key=f"text|{prop}|{check.select}|{idx}|{literal}",
                      operator=f"text:{prop}",
                      description=f"{locators(targets, idx)}: one character of the {prop} "
                                  f"changed")]


def _values(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int],
            prop: str | None = None) -> list[list[Any]]:
    return [ctx.values(check, targets, [i], prop) for i in idx]


# ------------------------------------------------------------------ shapes
def _plan_box(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in SHAPE_KINDS for t in targets):
        return []
    prop = check.property or ""
    ref = _values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> Measure:
        if not ref[n]:
            raise NotApplicable("the shape has no box")
        return Measure(ref[n][0].points() + CM)

    return [mutation(f"box|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} moved by 1 cm",
                     write_each(check, idx, prop, "ppt", value))]


def _plan_shape_name(ctx: PlanContext, check: Check, targets: list[Target]
                     ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(getattr(t, "shape", None) is None for t in targets):
        return []
    return [mutation(f"shape-name|{check.select}|{idx}", "direct:shape.name",
                     f"{locators(targets, idx)}: shape renamed",
                     write_each(check, idx, "shape.name", "ppt",
                                lambda n, t: (t.shape.name or "") + " 2"))]


MEDIUM2_ACCENT1 = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"
MEDIUM2 = "{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}"


def _plan_table_style(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("table", "shape") for t in targets):
        return []
    from officeeval.ppt import tables

    def value(n: int, t: Target) -> str:
        tbl = tables.table_element(t.shape)  # type: ignore[attr-defined]
        guid = tables.style_id(tbl) if tbl is not None else None
        return MEDIUM2 if (guid or "").upper() == MEDIUM2_ACCENT1 else MEDIUM2_ACCENT1

    return [mutation(f"table-style|{check.select}|{idx}", "direct:table.style",
                     f"{locators(targets, idx)}: another table style",
                     write_each(check, idx, "table.style", "ppt", value))]


def _plan_table(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("table", "shape") for t in targets):
        return []
    prop = check.property or ""
    rows = prop == "table.rows"
    ref = _values(ctx, check, targets, idx)
    out = [mutation(f"table|{prop}|{check.select}|{idx}",
                    f"delete:table.{'row' if rows else 'column'}",
                    f"{locators(targets, idx)}: {'last row' if rows else 'last column'} removed",
                    write_each(check, idx, prop, "ppt",
                               lambda n, t: int(ref[n][0]) - 1 if ref[n] else 0))]
    return out + plan_table_to_textbox(ctx, check, targets)


def plan_table_to_textbox(ctx: PlanContext, check: Check, targets: list[Target]
                          ) -> list[Mutation]:
    """A native table replaced by a text box holding its text (a frequent shortcut)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not all(t.kind in ("table", "shape") and PSH.is_table(t)
                              for t in targets):
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            PSH.table_to_textbox(edit, t)

    return [mutation(f"table-textbox|{check.select}|{idx}", "replace:table->textbox",
                     f"{locators(targets, idx)}: table replaced by a text box with its text",
                     apply, scope="rubric")]


# ------------------------------------------------------------------ slides and design
def _plan_layout(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
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


def _plan_background(ctx: PlanContext, check: Check, targets: list[Target]
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


def _plan_slide_size(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    size = ctx.doc.slide_size  # type: ignore[attr-defined]
    wide = size is not None and abs(size.width / size.height - 16 / 9) < 0.01
    return [mutation("slide-size", "direct:presentation.slide_size",
                     "slide size switched between 16:9 and 4:3",
                     write_each(Check(check.select, "presentation.slide_size", "equals"), [0],
                                "presentation.slide_size", "ppt", "4:3" if wide else "16:9"))]


def _plan_theme(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    prop = check.property or ""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    ref = _values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> str:
        if prop == "theme.name":
            return (str(ref[n][0]) if ref[n] else "") + " X"
        if prop.startswith("theme.color."):
            return "123456"
        return "仿宋" if prop.endswith("east_asia") else "Courier New"

    return [mutation(f"theme|{prop}", f"direct:{prop}", f"theme: {prop} changed",
                     write_each(check, idx, prop, "ppt", value))]


def _plan_hidden(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    hide = not any(v is True for v in ctx.values(check, targets, idx))
    return [mutation(f"flag|show|{check.select}|{idx}", f"direct:{check.property}",
                     f"{locators(targets, idx)}: @show={'0' if hide else '1'}",
                     write_each(check, idx, "slide.hidden", "ppt", hide))]


def _plan_placeholder_visible(ph_type: str) -> Planner:
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
def _plan_presentation(ctx: PlanContext, check: Check, targets: list[Target]
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


def _plan_slide_section(ctx: PlanContext, check: Check, targets: list[Target]
                        ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    names = [name for name, _ in (ctx.doc.sections or [])]  # type: ignore[attr-defined]
    ref = _values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> str:
        if len(names) < 2 or not ref[n] or ref[n][0] not in names:
            raise NotApplicable("one section only")
        i = names.index(ref[n][0])
        return names[i + 1] if i + 1 < len(names) else names[i - 1]

    return [mutation(f"slide-section|{check.select}|{idx}", "direct:slide.section",
                     f"{locators(targets, idx)}: slide moved to another section",
                     write_each(check, idx, "slide.section", "ppt", value))]


# ------------------------------------------------------------------ transitions
def _plan_transition(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
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
def _plan_animation(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
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
        ref_t = _values(ctx, check, targets, idx)
        out.append(mutation(f"anim-trigger|{where}", "direct:animation.trigger",
                            f"{where}: trigger changed",
                            write_each(check, idx, prop, "ppt",
                                       lambda n, t: "after_previous" if (ref_t[n] or [""])[0]
                                       == "on_click" else "on_click")))
    from officeeval.audit.mutators.ppt import plan_delete
    out += plan_delete(ctx, check, targets)
    return out


def _plan_animation_detail(ctx: PlanContext, check: Check, targets: list[Target]
                           ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    prop = check.property or ""
    ref = _values(ctx, check, targets, idx)

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


# ------------------------------------------------------------------ SmartArt and charts
def _plan_smartart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("smartart", "shape") for t in targets):
        return []
    prop = check.property or ""
    if prop == "smartart.nodes":
        ref = _values(ctx, check, targets, idx)

        def value(n: int, t: Target) -> list[str]:
            nodes = [str(x) for x in (ref[n][0] if ref[n] else [])]
            if not nodes:
                raise NotApplicable("no node text")
            new = typo_text(nodes[0])
            return [new or nodes[0], *nodes[1:]]
    elif prop in ("smartart.style", "smartart.colors"):
        # The gallery's default left in place (the commonest slip), or when the reference
        # shows the default, another common choice.
        ref = _values(ctx, check, targets, idx)
        default, other = {"smartart.style": ("simple_fill", "moderate_effect"),
                          "smartart.colors": ("accent1_fill", "colorful_accent")}[prop]

        def value(n: int, t: Target) -> str:
            return other if (ref[n] or [""])[0] == default else default
    else:
        ids = _values(ctx, check, targets, idx, "smartart.layout_id")

        def value(n: int, t: Target) -> str:
            return ("urn:microsoft.com/office/officeart/2005/8/layout/hProcess9"
                    if "hProcess9" not in str((ids[n] or [""])[0]) else
                    "urn:microsoft.com/office/officeart/2005/8/layout/default")
    return [mutation(f"smartart|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop if prop in ("smartart.nodes",
                                                             "smartart.style",
                                                             "smartart.colors")
                                else "smartart.layout_id", "ppt", value))]


def _plan_slide_chart(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    from officeeval.audit.mutators.chart_mistakes import chart_mistake
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("chart", "shape") for t in targets):
        return []
    got = chart_mistake(ctx, check, targets, idx, "ppt")
    return [got] if got is not None else []


PLANNERS: dict[str, Planner] = {
    "shape.name": _plan_shape_name,
    "table.style": _plan_table_style,
    "presentation.loop": _plan_presentation, "presentation.show_type": _plan_presentation,
    "section.names": _plan_presentation, "slide.count": _plan_presentation,
    "presentation.show.custom_show": _plan_presentation,
    "slide.section": _plan_slide_section,
    "slide.footer.visible": _plan_placeholder_visible("ftr"),
    "slide.number.visible": _plan_placeholder_visible("sldNum"),
    "slide.date.visible": _plan_placeholder_visible("dt"),
    **{p: _plan_animation_detail for p in ("animation.class", "animation.direction",
                                           "animation.duration", "animation.delay",
                                           "animation.by_paragraph", "animation.target",
                                           "animation.trigger_shape")},
    "smartart.nodes": _plan_smartart, "smartart.layout": _plan_smartart,
    "smartart.layout_id": _plan_smartart, "smartart.style": _plan_smartart,
    "smartart.colors": _plan_smartart,
    **{p: _plan_slide_chart for p in ("chart.type", "chart.title", "chart.series.count",
                                      "chart.series.names", "chart.series.values",
                                      "chart.series.categories", "chart.legend.position",
                                      "chart.data_labels", "chart.axis.x.title",
                                      "chart.axis.y.title", "chart.style", "chart.grouping")},
}

DESIGN_PLANNERS: dict[str, Planner] = {
    **{p_: _plan_text for p_ in ("text", "shape.text", "cell.text", "slide.title",
                                 "notes.text", "footer.text")},
    **{p_: _plan_transition for p_ in ("transition.type", "transition.duration",
                                       "transition.direction", "transition.advance_on_click",
                                       "transition.advance_after")},
    **{p_: _plan_animation for p_ in ("animation.effect", "animation.class",
                                      "animation.target", "animation.trigger",
                                      "animation.duration", "animation.delay",
                                      "animation.by_paragraph", "animation.direction",
                                      "animation.order", "animation.paragraph")},
    **{p_: _plan_box for p_ in ("shape.left", "shape.top", "shape.width", "shape.height")},
    "slide.layout": _plan_layout, "slide.layout_type": _plan_layout,
    "slide.background.color": _plan_background, "slide.background.kind": _plan_background,
    "presentation.slide_size": _plan_slide_size,
    "slide.hidden": _plan_hidden,
    "table.rows": _plan_table, "table.columns": _plan_table,
    **{p_: _plan_theme for p_ in ("theme.name", "theme.font.major", "theme.font.minor",
                                  "theme.font.major.east_asia", "theme.font.minor.east_asia",
                                  *(f"theme.color.{s}" for s in (
                                      "dk1", "lt1", "dk2", "lt2", "accent1", "accent2",
                                      "accent3", "accent4", "accent5", "accent6", "hlink",
                                      "folHlink")))},
}
