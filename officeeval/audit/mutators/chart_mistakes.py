"""A chart's mistakes, for the three applications' charts (Excel's, a Word document's, a
slide's): another type, a title or a series name mistyped, the last series dropped, a series
reference one row short, the legend moved, data labels toggled, another style, the chart
moved; each written by the application's chart writer, planned by the kind a property's
definition names (``officeeval.properties.charts``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from officeeval import apps
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, locators, mutation, plans, write_each,
)
from officeeval.ooxml.chart_edit import shift_reference
from officeeval.properties.mistakes import Plan
from officeeval.rubric.model import Check
from officeeval.targets import Target

# What a chart mistake writes: [(property, value(n, target))], each value given the index
# ``n`` of the chosen target and the target; the first is the mistake, the others follow it
# where they can (the cached values of a shortened reference).
Writes = list[tuple[str, Callable[[int, Target], Any]]]


@dataclass(frozen=True)
class Mistake:
    """A chart planner's inputs: the check, the reference's targets, the chosen indexes, the
    application and ``first(n)``, the reference's value at the ``n``-th chosen target
    (``NotApplicable`` when it has none)."""

    ctx: PlanContext
    check: Check
    targets: list[Target]
    idx: list[int]
    app: str
    first: Callable[[int], Any]

    def values(self, prop: str) -> list[list[Any]]:
        """The reference's values of ``prop`` at each chosen target."""
        return [self.ctx.values(self.check, self.targets, [i], prop) for i in self.idx]


def _retype(m: Mistake, via: str) -> Writes:
    """Another type (bar for a column chart, else column), written as ``via``."""
    types = m.values(via)
    return [(via, lambda n, t: "bar" if (types[n] or [""])[0] == "column" else "column")]


def _typo(m: Mistake) -> Writes:
    return [(m.check.property or "", lambda n, t: text_typo(str(m.first(n))))]


def _fewer_series(m: Mistake) -> Writes:
    return [(m.check.property or "", lambda n, t: int(m.first(n)) - 1)]


def _first_item_typo(m: Mistake) -> Writes:
    return [(m.check.property or "", lambda n, t: first_item_typo(m.first(n)))]


def _data(m: Mistake, refs: str, cache: str) -> Writes:
    """The series' reference ``refs`` one row short, with the first value cached in
    ``cache`` mistyped."""
    ref_values, cached = m.values(refs), m.values(cache)
    return [(refs, lambda n, t: [shift_reference(str(ref_values[n][0][0]), -1),
                                 *ref_values[n][0][1:]]
             if ref_values[n] and ref_values[n][0] else uncached()),
            (cache, lambda n, t: first_item_typo(cached[n][0]) if cached[n] else uncached())]


def _other(m: Mistake, value: Any, instead: Any) -> Writes:
    """``value``, or ``instead`` where the reference has ``value``."""
    return [(m.check.property or "", lambda n, t: value if m.first(n) != value else instead)]


def _flip(m: Mistake) -> Writes:
    return [(m.check.property or "", lambda n, t: not m.first(n))]


def _moved(m: Mistake) -> Writes:
    """A chart on a sheet moved three columns to the right (none elsewhere)."""
    if not apps.app(m.app).has_step("sheet"):
        return []
    from officeeval.excel.refs import cell_ref, parse_area

    def moved(n: int, t: Target) -> str:
        a = parse_area(str(m.first(n)))
        if a is None:
            raise NotApplicable("no anchor")
        return f"{cell_ref(a.r1, a.c1 + 3)}:{cell_ref(a.r2, a.c2 + 3)}"
    return [(m.check.property or "", moved)]


def _deleted(m: Mistake) -> Writes:
    """No value mistake: the application's audit deletes the chart (Excel's)."""
    return []


# The chart planners, by the kind a chart property's definition names
# (``properties.charts``: ``plan=Plan("chart_typo")``), with the Plan's options.
PLANNERS: dict[str, Callable[..., Writes]] = {
    "chart_retype": _retype, "chart_typo": _typo, "chart_fewer_series": _fewer_series,
    "chart_first_item_typo": _first_item_typo, "chart_data": _data, "chart_other": _other,
    "chart_flip": _flip, "chart_moved": _moved, "chart_deleted": _deleted,
}


def chart_plans(prop: str, app: str) -> tuple[Plan, ...]:
    """The chart planners ``app``'s definition of ``prop`` names; ``()`` when none."""
    return tuple(p for p in plans(prop, app) if p.kind in PLANNERS)


def chart_mistake(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int],
                  app: str) -> Mutation | None:
    """The chart property's mistake, written by the app's chart writer, as its definition's
    chart planner makes it: another type, a title or a series name mistyped, the last series
    dropped, a series reference one row short (with its first cached value mistyped), the
    legend moved, data labels toggled, another style, the chart moved three columns;
    ``None`` when it has none."""
    prop = check.property or ""
    where = locators(targets, idx)
    # A chart on a sheet is anchored to a cell area; its mutants are named by the targets'
    # locators.
    on_sheet = apps.app(app).has_step("sheet")
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def first(n: int) -> Any:
        if not ref[n]:
            raise NotApplicable(f"no {prop} to change")
        return ref[n][0]

    m = Mistake(ctx, check, targets, idx, app, first)
    writes = [w for p in chart_plans(prop, app) for w in PLANNERS[p.kind](m, **p.kwargs)]
    if not writes:
        return None
    applies = [write_each(check, idx, p, app, v) for p, v in writes]

    def apply(ws, edit) -> str:
        notes = []
        for i, a in enumerate(applies):
            try:
                notes.append(a(ws, edit))
            except NotApplicable:
                if i == 0:
                    raise
        return "; ".join(notes)

    return mutation(f"chart|{prop}|{where}" if on_sheet
                    else f"chart|{prop}|{check.select}|{idx}", f"direct:{prop}",
                    f"{where}: {prop} changed", apply)


def first_item_typo(items: Any) -> list:
    """A list value with its first item mistyped."""
    items = list(items or [])
    if not items:
        raise NotApplicable("an empty list")
    return [text_typo(str(items[0])), *items[1:]]


def uncached() -> Any:
    raise NotApplicable("nothing cached")


def text_typo(text: str) -> str:
    from officeeval.audit.mutators.texts import typo_text
    new = typo_text(text)
    if new is None:
        raise NotApplicable("no text to change")
    return new
