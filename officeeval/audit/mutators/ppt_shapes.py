"""PowerPoint mutants of what is on a slide: text typos (and forbidden text), shapes moved,
resized or renamed, table rows or columns removed or another table style, a native table
turned into a text box, SmartArt and charts changed. Each planner is named by a kind in
``ppt_more.PLANNERS`` and takes its options from the property's definition
(``plan=Plan(kind, **options)``)."""

from __future__ import annotations

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, refind, write_each,
)
from officeeval.properties.mistakes import CM
from officeeval.audit.mutators.plan import plan_forbidden, plan_typo
from officeeval.audit.mutators.ppt_targets import SHAPE_KINDS, reference_values
from officeeval.audit.mutators.texts import typo_text
from officeeval.ppt.edit import shapes as PSH
from officeeval.ppt.edit.text_nodes import footer_nodes, notes_nodes, shown_nodes, title_nodes
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Measure


# The text a text property reads on a target, by the name its plan gives (``nodes=``).
TEXT_NODES = {"shown": shown_nodes, "title": title_nodes, "notes": notes_nodes,
              "footer": footer_nodes}


def plan_text(ctx: PlanContext, check: Check, targets: list[Target], nodes: str = "shown"
              ) -> list[Mutation]:
    """A typo in the text the property reads (its ``nodes``: what the target shows, a
    slide's title, its notes, a sheet's footer), or the forbidden text written."""
    prop = check.property or "text"
    idx = chosen_indexes(check, len(targets))
    read = TEXT_NODES[nodes]
    if idx is None or not any(read(targets[i]) for i in idx):
        return []
    if check.op in ("not_contains", "not_equals") and check.expected:
        return [plan_forbidden(check, targets, idx, read)]
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with") else None
    return [plan_typo(check, targets, idx, read, literal,
                      key=f"text|{prop}|{check.select}|{idx}|{literal}",
                      operator=f"text:{prop}",
                      description=f"{locators(targets, idx)}: one character of the {prop} "
                                  f"changed")]


# ------------------------------------------------------------------ shapes
def plan_box(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in SHAPE_KINDS for t in targets):
        return []
    prop = check.property or ""
    ref = reference_values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> Measure:
        if not ref[n]:
            raise NotApplicable("the shape has no box")
        return Measure(ref[n][0].points() + CM)

    return [mutation(f"box|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} moved by 1 cm",
                     write_each(check, idx, prop, "ppt", value))]


# The region a shape is moved to: across the slide from where it was (its centre to the
# middle of the opposite third), so no region check that held can hold after it.
_OPPOSITE = {"top_left": "bottom_right", "top": "bottom", "top_right": "bottom_left",
             "left": "right", "center": "top_left", "right": "left",
             "bottom_left": "top_right", "bottom": "top", "bottom_right": "top_left"}


def plan_region(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in SHAPE_KINDS for t in targets):
        return []
    ref = reference_values(ctx, check, targets, idx)

    def value(n: int, t: Target) -> str:
        if not ref[n] or str(ref[n][0]) not in _OPPOSITE:
            raise NotApplicable("the shape's region is unknown")
        return _OPPOSITE[str(ref[n][0])]

    return [mutation(f"region|{check.select}|{idx}", f"direct:{check.property}",
                     f"{locators(targets, idx)}: moved across the slide",
                     write_each(check, idx, check.property or "", "ppt", value))]


def plan_shape_name(ctx: PlanContext, check: Check, targets: list[Target]
                     ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(getattr(t, "shape", None) is None for t in targets):
        return []
    return [mutation(f"shape-name|{check.select}|{idx}", f"direct:{check.property}",
                     f"{locators(targets, idx)}: shape renamed",
                     write_each(check, idx, check.property or "", "ppt",
                                lambda n, t: (t.shape.name or "") + " 2"))]


MEDIUM2_ACCENT1 = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"


MEDIUM2 = "{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}"


def plan_table_style(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("table", "shape") for t in targets):
        return []
    from officeeval.ppt import tables

    def value(n: int, t: Target) -> str:
        tbl = tables.table_element(t.shape)  # type: ignore[attr-defined]
        guid = tables.style_id(tbl) if tbl is not None else None
        return MEDIUM2 if (guid or "").upper() == MEDIUM2_ACCENT1 else MEDIUM2_ACCENT1

    return [mutation(f"table-style|{check.select}|{idx}", f"direct:{check.property}",
                     f"{locators(targets, idx)}: another table style",
                     write_each(check, idx, check.property or "", "ppt", value))]


def plan_table(ctx: PlanContext, check: Check, targets: list[Target], part: str
               ) -> list[Mutation]:
    """The table's last ``part`` (``row``, ``column``) removed, and the table made a text
    box."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("table", "shape") for t in targets):
        return []
    prop = check.property or ""
    rows = part == "row"
    ref = reference_values(ctx, check, targets, idx)
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


# ------------------------------------------------------------------ SmartArt and charts
def plan_smartart(ctx: PlanContext, check: Check, targets: list[Target], change: str,
                  default: str = "", other: str = "", via: str = "") -> list[Mutation]:
    """The diagram changed by ``change``: ``typo_first`` (its first node's text mistyped),
    ``default`` (the gallery's ``default`` left in place, or ``other`` when the reference
    shows the default), ``layout`` (another layout, read and written as the property
    ``via``, the checked one when empty). Raises ``ValueError`` for another change."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("smartart", "shape") for t in targets):
        return []
    prop = check.property or ""
    written = prop
    if change == "typo_first":
        ref = reference_values(ctx, check, targets, idx)

        def value(n: int, t: Target) -> list[str]:
            nodes = [str(x) for x in (ref[n][0] if ref[n] else [])]
            if not nodes:
                raise NotApplicable("no node text")
            new = typo_text(nodes[0])
            return [new or nodes[0], *nodes[1:]]
    elif change == "default":
        # The gallery's default left in place (the commonest slip), or when the reference
        # shows the default, another common choice.
        ref = reference_values(ctx, check, targets, idx)

        def value(n: int, t: Target) -> str:
            return other if (ref[n] or [""])[0] == default else default
    elif change == "layout":
        written = via or prop
        ids = reference_values(ctx, check, targets, idx, written)

        def value(n: int, t: Target) -> str:
            return ("urn:microsoft.com/office/officeart/2005/8/layout/hProcess9"
                    if "hProcess9" not in str((ids[n] or [""])[0]) else
                    "urn:microsoft.com/office/officeart/2005/8/layout/default")
    else:
        raise ValueError(f"no SmartArt change {change!r}")
    return [mutation(f"smartart|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, written, "ppt", value))]


def plan_slide_chart(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    from officeeval.audit.mutators.chart_mistakes import chart_mistake
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("chart", "shape") for t in targets):
        return []
    got = chart_mistake(ctx, check, targets, idx, "ppt")
    return [got] if got is not None else []
