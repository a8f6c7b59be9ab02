"""A chart's mistakes, for the three applications' charts (Excel's, a Word document's, a
slide's): another type, a title or a series name mistyped, the last series dropped, a series
reference one row short, the legend moved, data labels toggled, another style, the chart
moved; each written by the application's chart writer."""

from __future__ import annotations

from typing import Any, Callable

from officeeval import apps
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, locators, mutation, write_each,
)
from officeeval.ooxml.chart_edit import shift_reference
from officeeval.rubric.model import Check
from officeeval.targets import Target


def chart_mistake(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int],
                  app: str) -> Mutation | None:
    """The chart property's mistake, written by the app's chart writer: another type, a
    title or a series name mistyped, the last series dropped, a series reference one row
    short (with its first cached value mistyped), the legend moved, data labels toggled,
    another style, the chart moved three columns."""
    prop = check.property or ""
    where = locators(targets, idx)
    # A chart on a sheet is anchored to a cell area (moved three columns); its mutants
    # are named by the targets' locators.
    on_sheet = apps.app(app).has_step("sheet")
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def first(n: int) -> Any:
        if not ref[n]:
            raise NotApplicable(f"no {prop} to change")
        return ref[n][0]

    writes: list[tuple[str, Callable[[int, Target], Any]]] = []
    if prop in ("chart.type", "chart.types", "chart.grouping"):
        types = [ctx.values(check, targets, [i], "chart.type") for i in idx]
        writes.append(("chart.type", lambda n, t: "bar" if (types[n] or [""])[0] == "column"
                       else "column"))
    elif prop == "chart.title":
        writes.append((prop, lambda n, t: text_typo(str(first(n)))))
    elif prop == "chart.series.count":
        writes.append((prop, lambda n, t: int(first(n)) - 1))
    elif prop == "chart.series.names":
        writes.append((prop, lambda n, t: first_item_typo(first(n))))
    elif prop in ("chart.series.values", "chart.series.value_refs", "chart.series.all_values",
                  "chart.series.categories", "chart.series.category_refs"):
        cat = "categor" in prop
        refs = [ctx.values(check, targets, [i], "chart.series.category_refs" if cat
                           else "chart.series.value_refs") for i in idx]
        cached = [ctx.values(check, targets, [i], "chart.series.categories" if cat
                             else "chart.series.values") for i in idx]
        writes.append(("chart.series.category_refs" if cat else "chart.series.value_refs",
                       lambda n, t: [shift_reference(str(refs[n][0][0]), -1),
                                     *refs[n][0][1:]] if refs[n] and refs[n][0] else uncached()))
        writes.append(("chart.series.categories" if cat else "chart.series.values",
                       lambda n, t: first_item_typo(cached[n][0]) if cached[n] else uncached()))
    elif prop == "chart.legend.position":
        writes.append((prop, lambda n, t: "top" if first(n) != "top" else "bottom"))
    elif prop == "chart.data_labels":
        writes.append((prop, lambda n, t: not first(n)))
    elif prop in ("chart.axis.x.title", "chart.axis.y.title"):
        writes.append((prop, lambda n, t: text_typo(str(first(n)))))
    elif prop == "chart.style":
        writes.append((prop, lambda n, t: 3 if first(n) != 3 else 4))
    elif prop == "chart.anchor" and on_sheet:
        from officeeval.excel.refs import cell_ref, parse_area

        def moved(n: int, t: Target) -> str:
            a = parse_area(str(first(n)))
            if a is None:
                raise NotApplicable("no anchor")
            return f"{cell_ref(a.r1, a.c1 + 3)}:{cell_ref(a.r2, a.c2 + 3)}"
        writes.append((prop, moved))
    else:
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
