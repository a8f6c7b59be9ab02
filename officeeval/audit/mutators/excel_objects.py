"""Excel mutants of a sheet's objects: charts, conditional formats, validations, tables,
pivot tables and names changed or deleted, and the table of every Excel object planner."""

from __future__ import annotations

import re
from typing import Any, Callable

from officeeval.audit.mutators import settings
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, Planner, chosen_indexes, edit_each, locators,
    mutation, write_each,
)
from officeeval.audit.mutators.chart_mistakes import chart_mistake, uncached, text_typo
from officeeval.audit.mutators.excel_sheets import (
    plan_column, plan_row, plan_sheet, plan_sheet_order, plan_workbook,
)
from officeeval.audit.mutators.texts import typo
from officeeval.excel.edit import charts as XC
from officeeval.excel.edit.pivots import delete_pivot
from officeeval.excel.edit.rules import delete_rule
from officeeval.rubric.model import Check
from officeeval.targets import Target


# ------------------------------------------------------------------ charts
def plan_chart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "chart" for i in idx):
        return []
    where = locators(targets, idx)
    got = chart_mistake(ctx, check, targets, idx, "excel")
    out = [got] if got is not None else []
    return out + plan_chart_delete(ctx, check, targets)


def plan_chart_delete(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    idx = [0] if check.match == "all" else list(range(len(targets)))
    return [mutation(f"delete|{locators(targets, idx)}", "delete:chart",
                     f"{locators(targets, idx)} deleted", edit_each(check, idx, XC.delete_chart),
                     scope="rubric")]


# ------------------------------------------------------------------ rules and objects
def plan_rule(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    kind = targets[0].kind if targets else ""
    if idx is None or kind not in ("conditional_format", "validation") or any(
            targets[i].kind != kind for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    out = []
    if not prop.endswith(".type"):
        got = _rule_mistake(ctx, check, targets, idx, kind)
        if got is not None:
            out.append(mutation(f"rule|{prop}|{where}", f"direct:{prop}",
                                f"{where}: {prop} changed",
                                write_each(check, idx, got[0], "excel", got[1])))
    out.append(mutation(f"delete|{where}", f"delete:{kind}", f"{where} deleted",
                        edit_each(check, idx, delete_rule), scope="rubric"))
    return out


def _rule_mistake(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int],
                  kind: str) -> tuple[str, Callable[[int, Target], Any]] | None:
    prop = check.property or ""
    pre = "cf" if kind == "conditional_format" else "validation"

    def read(p: str) -> list[list[Any]]:
        return [ctx.values(check, targets, [i], p) for i in idx]

    if prop.endswith(".operator"):
        ops = read(prop)
        return prop, lambda n, t: "lessThan" if (ops[n] or [""])[0] != "lessThan" \
            else "greaterThan"
    if prop.endswith(".range"):
        ranges = read(prop)
        return prop, lambda n, t: re.sub(r"\d+", lambda m: str(int(m.group()) + 1),
                                         str(ranges[n][0]), count=1) if ranges[n] else uncached()
    if prop == "cf.fill.color":
        return prop, lambda n, t: "00B0F0"
    if prop == "cf.font.color":
        return prop, lambda n, t: "00B0F0"
    if prop == "cf.font.bold":
        bold = read(prop)
        return prop, lambda n, t: not (bold[n] or [False])[0]
    if prop == "cf.rank":
        ranks = read(prop)
        return prop, lambda n, t: int((ranks[n] or [10])[0]) + 1
    if prop == "cf.text":
        texts = read(prop)
        return prop, lambda n, t: str(texts[n][0])[:-1] + typo(str(texts[n][0])[-1]) \
            if texts[n] and texts[n][0] else uncached()
    if pre == "cf":
        formulas = read("cf.formula")

        def bumped(n: int, t: Target) -> list:
            items = list(formulas[n][0]) if formulas[n] else []
            if not items:
                raise NotApplicable("no formula")
            return [_bump(str(items[0])), *items[1:]]
        return "cf.formula", bumped
    f1 = read("validation.formula")
    return "validation.formula", lambda n, t: _bump(str(f1[n][0])) if f1[n] else uncached()


def _bump(text: str) -> str:
    """A rule's formula changed: its first number one larger, else a typo in it."""
    if re.search(r"\d", text):
        return re.sub(r"\d+(\.\d+)?", lambda m: str(float(m.group()) + 1).rstrip("0")
                      .rstrip("."), text, count=1)
    return text_typo(text)


def plan_table(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> Any:
        cur = ref[n][0] if ref[n] else None
        if prop == "table.style":
            return "TableStyleLight1" if cur != "TableStyleLight1" else "TableStyleMedium9"
        if prop == "table.name":
            return (t.table.display_name or "T") + "1"  # type: ignore[attr-defined]
        if prop == "table.total_row":
            return not cur
        return re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) - 1), str(cur or ""))

    return [mutation(f"table|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "excel", value))]


def plan_pivot(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """A pivot table's sheet relationship dropped (the pivot is gone); for fields the first
    row/column/data field removed or its function changed; its name mistyped, its location
    one row lower, its source one row short."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "pivot" for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    out = []
    if prop in ("pivot.values", "pivot.rows", "pivot.columns", "pivot.filters"):
        ref = [ctx.values(check, targets, [i]) for i in idx]

        def value(n: int, t: Target) -> Any:
            cur = list(ref[n][0]) if ref[n] else []
            if not cur:
                raise NotApplicable(f"no {prop}")
            if prop == "pivot.values":
                name, sep, fn = str(cur[0]).replace("：", ":").rpartition(":")
                new = "count" if fn.strip().lower() not in ("count", "计数") else "sum"
                return [f"{name}:{new}", *cur[1:]]
            return cur[1:]
        out.append(mutation(f"pivot|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed",
                            write_each(check, idx, prop, "excel", value)))
    elif prop in ("pivot.name", "pivot.location", "pivot.source"):
        ref = [ctx.values(check, targets, [i]) for i in idx]

        def wrong(n: int, t: Target) -> Any:
            cur = str(ref[n][0]) if ref[n] and ref[n][0] else ""
            if not cur:
                raise NotApplicable(f"no {prop}")
            if prop == "pivot.name":
                return text_typo(cur)
            if prop == "pivot.location":   # one row lower: A3 -> A4
                return re.sub(r"(\d+)", lambda m: str(int(m.group(1)) + 1), cur, count=1)
            # the source one row short: the last data row left out
            return re.sub(r"(\d+)$", lambda m: str(max(1, int(m.group(1)) - 1)), cur)
        out.append(mutation(f"pivot|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed",
                            write_each(check, idx, prop, "excel", wrong)))
    out.append(mutation(f"delete|{where}", "delete:pivot", f"{where} deleted",
                        edit_each(check, idx, delete_pivot), scope="rubric"))
    return out


def plan_name(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "name" for i in idx):
        return []
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> str:
        text = t.name.refers_to or ""  # type: ignore[attr-defined]
        return re.sub(r"(\$?)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1),
                      text, count=1)

    _ = ref
    return [mutation(f"name|{check.select}|{idx}", "direct:name.refers_to",
                     f"{locators(targets, idx)}: reference one row off",
                     write_each(check, idx, "name.refers_to", "excel", value))]


def plan_delete(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The mutant of a count check: one of the counted objects deleted."""
    kind = targets[0].kind
    if kind == "chart":
        return plan_chart_delete(ctx, check, targets)
    if kind in ("conditional_format", "validation"):
        return [m for m in plan_rule(ctx, check, targets) if m.operator.startswith("delete")]
    if kind == "sheet":
        return [m for m in plan_sheet_order(ctx, check, targets) if m.operator == "delete:sheet"]
    if kind == "pivot":
        return [m for m in plan_pivot(ctx, check, targets) if m.operator == "delete:pivot"]
    return []


OBJECT_PLANNERS: dict[str, Planner] = {
    **{p: plan_sheet for p in ("sheet.name", "sheet.hidden", "sheet.tab_color", "sheet.freeze",
                               "sheet.autofilter", "sheet.autofilter.criteria", "sheet.sort",
                               "sheet.protected", "sheet.print.orientation", "sheet.values",
                               "sheet.print.paper", "sheet.print.fit", "sheet.print.titles",
                               "sheet.print.area", "sheet.outline.rows", "sheet.outline")},
    "sheet.index": plan_sheet_order, "workbook.sheet_names": plan_workbook,
    "workbook.sheet_count": plan_workbook,
    "column.width": plan_column, "column.hidden": plan_column,
    "row.height": plan_row, "row.hidden": plan_row, "row.outline_level": plan_row,
    **{p: plan_chart for p in ("chart.type", "chart.types", "chart.grouping", "chart.title",
                               "chart.series.count", "chart.series.names",
                               "chart.series.values", "chart.series.value_refs",
                               "chart.series.all_values", "chart.series.categories",
                               "chart.series.category_refs", "chart.legend.position",
                               "chart.data_labels", "chart.axis.x.title",
                               "chart.axis.y.title", "chart.style", "chart.anchor",
                               "chart.three_d", "chart.sheet")},
    **{p: plan_rule for p in ("cf.type", "cf.range", "cf.operator", "cf.formula", "cf.text",
                              "cf.rank", "cf.fill.color", "cf.font.color", "cf.font.bold",
                              "cf.colors", "cf.icon_set", "validation.type",
                              "validation.range", "validation.list", "validation.formula",
                              "validation.formula2", "validation.operator")},
    **{p: plan_table for p in ("table.style", "table.name", "table.range", "table.total_row")},
    **{p: plan_pivot for p in ("pivot.name", "pivot.source", "pivot.location", "pivot.range",
                               "pivot.sheet", "pivot.rows", "pivot.columns", "pivot.values",
                               "pivot.filters")},
    "name.refers_to": plan_name,
    **settings.planners("excel"),
}
