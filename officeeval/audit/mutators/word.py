"""Word mutants: for one check, edits of the reference that break exactly the property it
reads, found with the engine's own selectors and targets and written by Word's writers
(``officeeval.word.edit``).

* Property mutants set a wrong value *directly* on the target (direct formatting overrides
  every style), and — when the reference's value is inherited — also change the style (or
  document defaults) it is inherited from.
* Text mutants put a typo in the middle of the text the check compares.
* Deletion mutants remove a selected paragraph, run, table, image … .
* Neutral mutants (``plan_neutral``) touch what no check reads: a paragraph no selector
  selects, a run property outside the catalog, an unused style.

This module is policy: which mistakes to try for which property. A resolver declares them
where it is defined: its planners by kind (``plan=Plan("text")``; ``KINDS``: this module's
and ``word_more``'s, for properties whose mistake depends on the reference), tried first,
else its value mistakes (``breaks=``).
"""

from __future__ import annotations

import re
from typing import Callable

from officeeval.audit.mutators import word_more
from officeeval.audit.mutators.base import (
    Mutation, PlanContext, breaks, chosen_indexes, locators, plans, refind, writer,
)
from officeeval.audit.mutators.chart_mistakes import chart_plans
from officeeval.audit.mutators.plan import (
    Inherited, Policy, plan_check as plan, plan_forbidden, plan_typo, plan_values,
)
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.word.edit import structure as WS
from officeeval.word.edit.levels import text_nodes

INHERITED = Inherited(
    skip=("direct", "direct:theme", "mixed", "default", "none", ""),
    key="inherited|{prop}|{source}|{shown}",
    description="{where}: {prop} {shown_ref} -> {shown} in {source}, where the reference "
                "inherits it from")


# ------------------------------------------------------------------ planning
def plan_check(ctx: PlanContext, check: Check) -> tuple[list[Mutation], str]:
    """Breaking mutations for one check, and a note when none could be derived."""
    return plan(ctx, check, POLICY)


def _count(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    if targets[0].kind == "section":
        return [Mutation(key="section-break", operator="delete:section",
                         description="a section break removed", scope="rubric",
                         apply=lambda ws, edit: WS.remove_section_break(edit))]
    return plan_delete(ctx, check, targets, force=True)


def _value(ctx: PlanContext, check: Check, targets: list[Target]
           ) -> tuple[list[Mutation], str]:
    prop = check.property or ""
    # A chart's planner is the chart family's (``properties.charts``), before the rest.
    if chart_plans(prop, "word"):
        return word_more.plan_chart(ctx, check, targets), ""
    planned = plans(prop, "word")
    if planned:
        return [m for p in planned for m in KINDS[p.kind](ctx, check, targets, **p.kwargs)], ""
    wrong = breaks(prop, "word")
    if wrong is not None:
        return plan_values(ctx, check, targets, "word", wrong.values, wrong.tries,
                           INHERITED), ""
    return [], f"no Word mutator for {prop}"


def _structure(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    return plan_delete(ctx, check, targets)


POLICY = Policy("Word", _count, _value, _structure)


# ------------------------------------------------------------------ text
def plan_text(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """A typo in the text the check compares (``Plan("text")``: a property reading its
    target's text), or the forbidden text put in for ``not_contains``/``not_equals``."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not any(text_nodes(targets[i]) for i in idx):
        return []
    if check.op in ("not_contains", "not_equals") and check.expected:
        return [plan_forbidden(check, targets, idx, text_nodes)]
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with", "approx") else None
    return [plan_typo(check, targets, idx, text_nodes, literal,
                      key=f"text|{check.select}|{idx}|{literal}", operator="text:typo",
                      description=f"{locators(targets, idx)}: one character of the text "
                                  f"changed" + (f" inside {literal!r}" if literal else ""))]


def plan_hf_text(ctx: PlanContext, check: Check, targets: list[Target], which: str
                 ) -> list[Mutation]:
    """The ``which`` (header, footer) text: a typo in the text itself when the check selects
    the part, else ``word_more``'s mistakes of the section's part."""
    if targets[0].kind in ("header", "footer"):
        return plan_text(ctx, check, targets)
    return word_more.plan_hf_text(ctx, check, targets, which)


# The planners by kind (``plan=Plan(kind, **options)`` on a Word definition).
KINDS: dict[str, Callable[..., list[Mutation]]] = {
    **word_more.KINDS, "text": plan_text, "hf_text": plan_hf_text,
}


# ------------------------------------------------------------------ deletion
def plan_delete(ctx: PlanContext, check: Check, targets: list[Target], force: bool = False
                ) -> list[Mutation]:
    """Remove the (first, or every for ``match="any"``) selected target."""
    kinds = {t.kind for t in targets}
    if not kinds <= WS.DELETABLE:
        return []
    idx = [0] if (check.match == "all" or force) else list(range(len(targets)))
    t0 = targets[idx[0]]
    if t0.kind == "paragraph" and WS.holds_section(t0):
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            WS.delete(edit, t)

    return [Mutation(key=f"delete|{locators(targets, idx)}", operator=f"delete:{t0.kind}",
                     description=f"{locators(targets, idx)} deleted", apply=apply,
                     scope="rubric")]


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """Edits no check should notice: formatting of a paragraph no selector selects, a run
    property outside the catalog on a selected paragraph, an unused style."""
    selected: set[int] = set()
    first_selected: tuple[str | None, int] | None = None
    uses_all_styles = False
    for c in ctx.rubric.criteria:
        for k in c.checks:
            if k.select and re.search(r"(^|/)style(?![\w(])", k.select):
                uses_all_styles = True
            for i, t in enumerate(ctx.targets(k.select)):
                p = _paragraph_of(t)
                if p is not None:
                    selected.add(id(p.el))
                    if first_selected is None and t.kind == "paragraph":
                        first_selected = (k.select, i)
    out: list[Mutation] = []
    paragraphs = list(getattr(ctx.doc, "paragraphs", []))
    free = [i for i, p in enumerate(paragraphs) if id(p.el) not in selected and p.text_runs()]
    if free:
        out.append(_unselected_paragraph(free[0], paragraphs[free[0]].locator))
    if first_selected is not None:
        out.append(_unread_property(*first_selected))
    if not uses_all_styles and getattr(ctx.doc.styles, "by_id", None) is not None:
        out.append(Mutation(key="neutral|unused-style", operator="neutral:unused-style",
                            description="a bold 36 pt paragraph style that no paragraph "
                                        "uses added to styles.xml",
                            apply=lambda ws, edit: WS.add_unused_style(edit), kind="neutral"))
    return out


def _paragraph_of(t: Target):
    if t.kind == "paragraph":
        return t
    if t.kind in ("run", "span"):
        return t.paragraph  # type: ignore[attr-defined]
    return None


def _unselected_paragraph(index: int, where: str) -> Mutation:
    def apply(ws, edit) -> None:
        p = edit.doc.paragraphs[index]  # type: ignore[attr-defined]
        writer("font.italic", "word").write(edit, p, True)
        writer("font.color", "word").write(edit, p, "7030A0")

    return Mutation(key=f"neutral|unselected|{index}", operator="neutral:unselected-paragraph",
                    description=f"{where} (selected by no check) made italic and purple",
                    apply=apply, kind="neutral")


def _unread_property(selector: str | None, index: int) -> Mutation:
    def apply(ws, edit) -> None:
        WS.mark_language(edit, refind(edit, selector, [index])[0])

    return Mutation(key=f"neutral|unread|{selector}|{index}", operator="neutral:unread-property",
                    description=f"{selector} target {index + 1}: language and proofing marks "
                                f"(read by no catalog property) added to its runs",
                    apply=apply, kind="neutral")


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``word_equiv``)."""
    from officeeval.audit.mutators import word_equiv
    return word_equiv.plan_levels(ctx) + word_equiv.plan_values(ctx)
