"""Mistakes in dialog settings (Excel's data validation messages, table style options, the
saved sort, outline summaries, pivot value fields, chart markers, conditional-format
effects; PowerPoint's slide-show settings, custom shows, date placeholders, background
graphics, shape outlines): for each property, the wrong value a candidate realistically
leaves, given the reference's value, written on the same targets by the format's writer.

Policy only: values are derived from what the reference shows; the writers do the editing.
"""

from __future__ import annotations

from typing import Any, Callable

from officeeval import apps
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, write_each,
)
from officeeval.audit.mutators.texts import typo_text
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Measure

Mistake = Callable[[Any], Any]


def _flip(cur: Any) -> bool:
    return not bool(cur)


def _typo(cur: Any) -> str:
    got = typo_text(str(cur or ""))
    return got if got else "错误"


def _cycle(*tokens: str) -> Mistake:
    """The next token after the reference's (the first when it is none of them)."""
    def wrong(cur: Any) -> str:
        s = str(cur)
        return tokens[(tokens.index(s) + 1) % len(tokens)] if s in tokens else tokens[0]
    return wrong


def _reorder(cur: Any) -> list:
    items = list(cur or [])
    if len(items) < 2:
        raise NotApplicable("one item keeps its order")
    return items[::-1] if items[::-1] != items else items[1:]


def _drop_first_cell(cur: Any) -> list:
    items = list(cur or [])
    if len(items) < 2:
        raise NotApplicable("a rule formatting one cell")
    return items[1:]


def _first(change: Mistake) -> Mistake:
    def wrong(cur: Any) -> list:
        items = list(cur or [])
        if not items:
            raise NotApplicable("nothing to change")
        return [change(items[0]), *items[1:]]
    return wrong


def _no_custom_lists(cur: Any) -> list:
    if not cur:
        raise NotApplicable("no custom list to forget")
    return []


def _rows_off(cur: Any) -> str:
    import re
    return re.sub(r"\d+", lambda m: str(int(m.group()) + 1), str(cur or ""), count=1)


def _width(cur: Any) -> Measure:
    pt = cur.points() if isinstance(cur, Measure) else None
    return Measure(0.75 if pt is None or pt > 1.5 else 3.0)


def _show_slides(cur: Any) -> str:
    return "1-1" if str(cur) == "all" else "all"


# Per app: ``{property: mistake}``, read through ``apps.by_app``.
MISTAKES: dict[str, dict[str, Mistake]] = {
    "excel": {
        **{p: _flip for p in (
            "validation.input.show", "validation.error.show", "table.banded_rows",
            "table.banded_columns", "table.first_column", "table.last_column",
            "sheet.outline.summary_below", "sheet.outline.summary_right")},
        **{p: _typo for p in ("validation.input.title", "validation.input.message",
                              "validation.error.title", "validation.error.message")},
        "validation.error.style": _cycle("stop", "warning", "information"),
        "validation.list.ordered": _reorder,
        "cf.cells": _drop_first_cell,
        "sheet.sort.range": _rows_off,
        "sheet.sort.custom_lists": _no_custom_lists,
        "chart.pivot_source": _typo,
        "pivot.values.captions": _first(_typo),
        "pivot.values.functions": _first(_cycle("sum", "count")),
        "pivot.values.number_formats": _first(_cycle("0.00", "General")),
        "chart.series.markers": _first(_cycle("circle", "none")),
    },
    "ppt": {
        "chart.series.markers": _first(_cycle("circle", "none")),
        "slide.hide_background_graphics": _flip,
        "slide.date.kind": _cycle("field", "fixed"),
        "slide.date.text": _typo,
        "presentation.custom_shows": _first(_typo),
        "custom_show.name": _typo,
        "custom_show.slides": _reorder,
        "presentation.show.slides": _show_slides,
        "presentation.advance": _cycle("timings", "manual"),
        "shape.outline.kind": _cycle("solid", "none"),
        "shape.outline.color": _cycle("FF0000", "0000FF"),
        "shape.outline.width": _width,
    },
}


def planner(app: str) -> Callable[[PlanContext, Check, list[Target]], list[Mutation]]:
    """The planner of ``app``'s settings in ``MISTAKES``: one mutant writing the wrong value
    on the chosen targets. Raises ``KeyError`` for an app without settings there."""
    mistakes = apps.by_app(MISTAKES, app)

    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        prop = check.property or ""
        wrong = mistakes.get(prop)
        idx = chosen_indexes(check, len(targets))
        if wrong is None or idx is None:
            return []
        ref = [ctx.values(check, targets, [i]) for i in idx]

        def value(n: int, t: Target) -> Any:
            if not ref[n]:
                raise NotApplicable(f"the reference has no {prop} here")
            return wrong(ref[n][0])
        return [mutation(f"setting|{prop}|{check.select}|{idx}", f"direct:{prop}",
                         f"{locators(targets, idx)}: {prop} changed",
                         write_each(check, idx, prop, app, value))]
    return plan


def planners(app: str) -> dict[str, Callable]:
    """``{property: planner}`` for every setting of ``app``; raises ``KeyError`` for an
    app without settings in ``MISTAKES``."""
    plan = planner(app)
    return {p: plan for p in apps.by_app(MISTAKES, app)}
