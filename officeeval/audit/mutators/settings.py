"""Mistakes in dialog settings (Excel's data validation messages, table style options, the
saved sort, outline summaries, pivot value fields, chart markers; PowerPoint's slide-show
settings, custom shows, date placeholders, background graphics, shape outlines): the
planner of kind ``setting``. A setting's definition names the wrong value a candidate
realistically leaves, given the reference's value (``@prop(..., plan=Plan("setting",
mistake=flipped))``, the mistakes in ``officeeval.properties.mistakes``); the planner has
the format's writer put it on the same targets.

Policy only: values are derived from what the reference shows; the writers do the editing.
"""

from __future__ import annotations

from typing import Any

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, Planner, chosen_indexes, locators, mutation,
    write_each,
)
from officeeval.properties.mistakes import Mistake
from officeeval.rubric.model import Check
from officeeval.targets import Target


def planner(app: str) -> Planner:
    """``app``'s planner of kind ``setting``: one mutant writing ``mistake`` of the
    reference's value on the chosen targets (none when the check's sense leaves no generic
    mistake). The mutant is ``NotApplicable`` where the reference has no value or the
    mistake has none to make of it."""
    def plan(ctx: PlanContext, check: Check, targets: list[Target], mistake: Mistake
             ) -> list[Mutation]:
        prop = check.property or ""
        idx = chosen_indexes(check, len(targets))
        if idx is None:
            return []
        ref = [ctx.values(check, targets, [i]) for i in idx]

        def value(n: int, t: Target) -> Any:
            if not ref[n]:
                raise NotApplicable(f"the reference has no {prop} here")
            return mistake(ref[n][0])
        return [mutation(f"setting|{prop}|{check.select}|{idx}", f"direct:{prop}",
                         f"{locators(targets, idx)}: {prop} changed",
                         write_each(check, idx, prop, app, value))]
    return plan
