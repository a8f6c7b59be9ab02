"""PowerPoint mutants: for one check, edits of the reference that break exactly what it
reads, found with the engine's selectors and targets and written by PowerPoint's writers
(``officeeval.ppt.edit``).

* Text formatting: a wrong value set on the runs' ``a:rPr`` / paragraphs' ``a:pPr`` and,
  when the reference inherits it, in the level it is inherited from (the shape's list
  style, the layout or master placeholder, the master's text styles).
* Text: a typo in the compared text. Slides, shapes, transitions, animations, layouts,
  backgrounds, theme and sizes: planned by the kinds a definition declares
  (``plan=Plan(...)``), see ``ppt_more`` (the planners by kind) and the modules it names.
* Deletion: the selected shape or slide removed; slides reordered.
* Neutral: formatting on a slide no selector selects, an attribute no property reads.
"""

from __future__ import annotations

import re
from functools import partial

from officeeval.audit.mutators import ppt_more as PM
from officeeval.audit.mutators.ppt_targets import slide_number
from officeeval.audit.mutators import settings
from officeeval.audit.mutators.base import (
    Mutation, PlanContext, breaks, locators, plans, refind,
)
from officeeval.audit.mutators.chart_mistakes import PLANNERS as CHART_KINDS, chart_plans
from officeeval.audit.mutators.ppt_shapes import plan_slide_chart
from officeeval.audit.mutators.plan import Inherited, Policy, plan_check as plan, plan_values
from officeeval.ppt.edit import slides as PS
from officeeval.ppt.edit.slide_list import swap_slides
from officeeval.ppt.edit.text_nodes import shown_nodes
from officeeval.rubric.model import Check
from officeeval.targets import Target

TEXT_OWNERS = {"shape", "table", "smartart", "paragraph", "run", "cell"}
INHERITED = Inherited(
    skip=(), key="inherited|{prop}|{select}|{idx}|{shown}",
    description="{where}: {prop} {shown_ref} -> {shown} in the {source} level, where the "
                "reference inherits it from")


def plan_check(ctx: PlanContext, check: Check) -> tuple[list[Mutation], str]:
    """Breaking mutations for one check, and a note when none could be derived."""
    return plan(ctx, check, POLICY)


def _count(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    return plan_delete(ctx, check, targets, force=True)


def _value(ctx: PlanContext, check: Check, targets: list[Target]
           ) -> tuple[list[Mutation], str]:
    prop = check.property or ""
    wrong = breaks(prop, "ppt")
    if wrong is not None and {t.kind for t in targets} <= TEXT_OWNERS:
        return plan_values(ctx, check, targets, "ppt", wrong.values, wrong.tries,
                           INHERITED), ""
    if prop == "hyperlink.target":
        from officeeval.audit.mutators.word_more import plan_hyperlink
        return plan_hyperlink(ctx, check, targets, "ppt"), ""
    # A chart's planner (the chart family's, ``properties.charts``), then the definition's
    # planners by kind in the order it declares them, then the dialog settings' (the order
    # the old tables were tried in).
    declared = [p for p in plans(prop, "ppt") if p.kind not in CHART_KINDS]
    planners = [plan_slide_chart] if chart_plans(prop, "ppt") else []
    planners += [partial(PM.PLANNERS[p.kind], **p.kwargs) for p in declared
                 if p.kind not in SETTINGS]
    planners += [partial(SETTINGS[p.kind], **p.kwargs) for p in declared if p.kind in SETTINGS]
    if planners:
        return [m for p in planners for m in p(ctx, check, targets)], ""
    return [], f"no PowerPoint mutator for {prop}"


def _structure(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    return plan_delete(ctx, check, targets) + plan_reorder(ctx, check, targets)


# The planners of the kinds PowerPoint's definitions declare (``plan=Plan(kind, ...)``):
# the slides' and shapes' (``ppt_more``) and the dialog settings'.
SETTINGS = {"setting": settings.planner("ppt")}
KINDS = {**PM.PLANNERS, **SETTINGS}
POLICY = Policy("PowerPoint", _count, _value, _structure)


# ------------------------------------------------------------------ deletion and order
def plan_delete(ctx: PlanContext, check: Check, targets: list[Target], force: bool = False
                ) -> list[Mutation]:
    kinds = {t.kind for t in targets}
    if not kinds <= PS.DELETABLE:
        return []
    idx = [0] if (check.match == "all" or force) else list(range(len(targets)))

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            PS.delete(edit, t)

    t0 = targets[idx[0]]
    return [Mutation(key=f"delete|{locators(targets, idx)}", operator=f"delete:{t0.kind}",
                     apply=apply, scope="rubric",
                     description=f"{locators(targets, idx)} deleted")]


def plan_reorder(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """Move the first target's slide one place later (earlier when last): only for
    selectors that find slides by position, which a reordered deck fools."""
    if not (check.select or "").startswith("slide[") or not re.match(r"slide\[-?\d", check.select):
        return []
    n = slide_number(targets[0])
    total = len(ctx.doc.slide_sheets)  # type: ignore[attr-defined]
    if n is None or total < 2:
        return []
    other = n + 1 if n < total else n - 1
    return [Mutation(key=f"reorder|{n}", operator="reorder:slide", scope="rubric",
                     apply=lambda ws, edit: swap_slides(edit, n, other),
                     description=f"slide {n} moved to position {other}")]


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """Formatting on a slide no check selects anything on, and spell-check flags (read by
    no property) on the runs of the first selected text."""
    touched: set[int] = set()
    first_text: tuple[str | None, int] | None = None
    for c in ctx.rubric.criteria:
        for k in c.checks:
            for i, t in enumerate(ctx.targets(k.select)):
                n = slide_number(t)
                if n is not None:
                    touched.add(n)
                if first_text is None and t.kind in ("shape", "paragraph", "run") and \
                        shown_nodes(t):
                    first_text = (k.select, i)
    out: list[Mutation] = []
    total = len(ctx.doc.slide_sheets)  # type: ignore[attr-defined]
    free = [n for n in range(1, total + 1) if n not in touched]
    if free:
        n = free[0]
        out.append(Mutation(key=f"neutral|slide|{n}", operator="neutral:unselected-slide",
                            apply=lambda ws, edit: PS.italicize(
                                edit, edit.doc.slide_sheets[n - 1]),
                            kind="neutral",
                            description=f"slide {n} (selected by no check) made italic"))
    if first_text is not None:
        sel, i = first_text
        out.append(Mutation(key=f"neutral|flags|{sel}|{i}", operator="neutral:unread-property",
                            apply=lambda ws, edit: PS.spell_flags(
                                edit, refind(edit, sel, [i])[0]),
                            kind="neutral",
                            description=f"{sel} target {i + 1}: spell-check flags (read by no "
                                        f"property) set on its runs"))
    return out


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``ppt_equiv``)."""
    from officeeval.audit.mutators import ppt_equiv
    return ppt_equiv.plan_equivalent(ctx)
