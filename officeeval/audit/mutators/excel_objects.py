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
    order_options, plan_column, plan_row, plan_sheet, plan_sheet_order, plan_workbook,
)
from officeeval.excel.edit import charts as XC
from officeeval.excel.edit.pivots import delete_pivot
from officeeval.excel.edit.rules import delete_rule
from officeeval.properties.mistakes import typo
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
def plan_rule(ctx: PlanContext, check: Check, targets: list[Target],
              mistake: str | None = None, formula: str | None = None) -> list[Mutation]:
    """The planner of kind ``rule`` (conditional formats, validations): the rule's
    ``mistake`` (``RULE_MISTAKES``; ``formula``: the rule's formula property, bumped) and
    the rule deleted; no ``mistake``: the rule deleted only (what makes it another rule)."""
    idx = chosen_indexes(check, len(targets))
    kind = targets[0].kind if targets else ""
    if idx is None or kind not in ("conditional_format", "validation") or any(
            targets[i].kind != kind for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    out = []
    if mistake is not None:
        writes = formula or prop
        value = RULE_MISTAKES[mistake](ctx, check, targets, idx, writes)
        out.append(mutation(f"rule|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed",
                            write_each(check, idx, writes, "excel", value)))
    out.append(mutation(f"delete|{where}", f"delete:{kind}", f"{where} deleted",
                        edit_each(check, idx, delete_rule), scope="rubric"))
    return out


# A rule's mistake: ``(position, target) -> value`` of the property it writes (the check's
# own, or the rule's formula), planned from that property's values in the reference.
RuleMistake = Callable[[PlanContext, Check, list[Target], list[int], str],
                       Callable[[int, Target], Any]]


def _read(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int], p: str
          ) -> list[list[Any]]:
    return [ctx.values(check, targets, [i], p) for i in idx]


def _operator(ctx, check, targets, idx, prop):
    ops = _read(ctx, check, targets, idx, prop)
    return lambda n, t: "lessThan" if (ops[n] or [""])[0] != "lessThan" \
        else "greaterThan"


def _range(ctx, check, targets, idx, prop):
    ranges = _read(ctx, check, targets, idx, prop)
    return lambda n, t: re.sub(r"\d+", lambda m: str(int(m.group()) + 1),
                               str(ranges[n][0]), count=1) if ranges[n] else uncached()


def _color(ctx, check, targets, idx, prop):
    return lambda n, t: "00B0F0"


def _bold(ctx, check, targets, idx, prop):
    bold = _read(ctx, check, targets, idx, prop)
    return lambda n, t: not (bold[n] or [False])[0]


def _rank(ctx, check, targets, idx, prop):
    ranks = _read(ctx, check, targets, idx, prop)
    return lambda n, t: int((ranks[n] or [10])[0]) + 1


def _text(ctx, check, targets, idx, prop):
    texts = _read(ctx, check, targets, idx, prop)
    return lambda n, t: str(texts[n][0])[:-1] + typo(str(texts[n][0])[-1]) \
        if texts[n] and texts[n][0] else uncached()


def _cf_formula(ctx, check, targets, idx, prop):
    formulas = _read(ctx, check, targets, idx, prop)

    def bumped(n: int, t: Target) -> list:
        items = list(formulas[n][0]) if formulas[n] else []
        if not items:
            raise NotApplicable("no formula")
        return [_bump(str(items[0])), *items[1:]]
    return bumped


def _validation_formula(ctx, check, targets, idx, prop):
    f1 = _read(ctx, check, targets, idx, prop)
    return lambda n, t: _bump(str(f1[n][0])) if f1[n] else uncached()


# ``Plan("rule", mistake=...)``: the operator reversed, the range a row off, the format's
# colour another, its bold flipped, the rank one more, the text mistyped; the formula (of
# a conditional format: a list; of a validation: one) with its first number bumped.
RULE_MISTAKES: dict[str, RuleMistake] = {
    "operator": _operator, "range": _range, "color": _color, "bold": _bold, "rank": _rank,
    "text": _text, "cf_formula": _cf_formula,
    "validation_formula": _validation_formula,
}


def _bump(text: str) -> str:
    """A rule's formula changed: its first number one larger, else a typo in it."""
    if re.search(r"\d", text):
        return re.sub(r"\d+(\.\d+)?", lambda m: str(float(m.group()) + 1).rstrip("0")
                      .rstrip("."), text, count=1)
    return text_typo(text)


# ``Plan("table", mistake=...)``: a table's wrong value from the reference's (``cur``).
TABLE_MISTAKES: dict[str, Callable[[Any, Target], Any]] = {
    "style": lambda cur, t: "TableStyleLight1" if cur != "TableStyleLight1"
    else "TableStyleMedium9",
    "rename": lambda cur, t: (t.table.display_name or "T") + "1",  # type: ignore[attr-defined]
    "toggle": lambda cur, t: not cur,
    "shrink": lambda cur, t: re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) - 1),
                                    str(cur or "")),
}


def plan_table(ctx: PlanContext, check: Check, targets: list[Target], mistake: str
               ) -> list[Mutation]:
    """The planner of kind ``table``: the table's ``mistake`` (``TABLE_MISTAKES``)
    written. Raises ``KeyError`` for an unknown mistake."""
    wrong = TABLE_MISTAKES[mistake]
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> Any:
        return wrong(ref[n][0] if ref[n] else None, t)

    return [mutation(f"table|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "excel", value))]


def _fields(change: Callable[[list], list]) -> Callable[[list, str], list]:
    """A mistake of a pivot's field list (``NotApplicable`` for none)."""
    def wrong(ref: list, prop: str) -> list:
        cur = list(ref[0]) if ref else []
        if not cur:
            raise NotApplicable(f"no {prop}")
        return change(cur)
    return wrong


def _texts(change: Callable[[str], str]) -> Callable[[list, str], str]:
    """A mistake of a pivot's text (``NotApplicable`` for none)."""
    def wrong(ref: list, prop: str) -> str:
        cur = str(ref[0]) if ref and ref[0] else ""
        if not cur:
            raise NotApplicable(f"no {prop}")
        return change(cur)
    return wrong


def _other_function(cur: list) -> list:
    name, sep, fn = str(cur[0]).replace("：", ":").rpartition(":")
    new = "count" if fn.strip().lower() not in ("count", "计数") else "sum"
    return [f"{name}:{new}", *cur[1:]]


# ``Plan("pivot", mistake=...)``: the first data field's function changed, the first
# row/column/filter field removed; the name mistyped, the location one row lower (A3 ->
# A4), the source one row short (the last data row left out).
PIVOT_MISTAKES: dict[str, Callable[[list, str], Any]] = {
    "function": _fields(_other_function),
    "drop_first": _fields(lambda cur: cur[1:]),
    "typo": _texts(text_typo),
    "lower": _texts(lambda cur: re.sub(r"(\d+)", lambda m: str(int(m.group(1)) + 1), cur,
                                       count=1)),
    "shorter": _texts(lambda cur: re.sub(r"(\d+)$", lambda m: str(max(1, int(m.group(1)) - 1)),
                                         cur)),
}


def plan_pivot(ctx: PlanContext, check: Check, targets: list[Target],
               mistake: str | None = None) -> list[Mutation]:
    """The planner of kind ``pivot``: the pivot's ``mistake`` (``PIVOT_MISTAKES``) and
    the pivot table's sheet relationship dropped (the pivot is gone); no ``mistake``: only
    that."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "pivot" for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    out = []
    if mistake is not None:
        wrong = PIVOT_MISTAKES[mistake]
        ref = [ctx.values(check, targets, [i]) for i in idx]
        out.append(mutation(f"pivot|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed",
                            write_each(check, idx, prop, "excel",
                                       lambda n, t: wrong(ref[n], prop))))
    out.append(mutation(f"delete|{where}", "delete:pivot", f"{where} deleted",
                        edit_each(check, idx, delete_pivot), scope="rubric"))
    return out


def plan_name(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The planner of kind ``name``: a defined name's reference one row off."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "name" for i in idx):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> str:
        text = t.name.refers_to or ""  # type: ignore[attr-defined]
        return re.sub(r"(\$?)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1),
                      text, count=1)

    _ = ref
    return [mutation(f"name|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: reference one row off",
                     write_each(check, idx, prop, "excel", value))]


def plan_delete(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The mutant of a count check: one of the counted objects deleted."""
    kind = targets[0].kind
    if kind == "chart":
        return plan_chart_delete(ctx, check, targets)
    if kind in ("conditional_format", "validation"):
        return [m for m in plan_rule(ctx, check, targets) if m.operator.startswith("delete")]
    if kind == "sheet":
        return [m for m in plan_sheet_order(ctx, check, targets,
                                            **order_options(check.property or ""))
                if m.operator == "delete:sheet"]
    if kind == "pivot":
        return [m for m in plan_pivot(ctx, check, targets) if m.operator == "delete:pivot"]
    return []


# The planners of sheets and objects, by the kind a definition declares
# (``plan=Plan(kind, ...)``).
OBJECT_PLANNERS: dict[str, Planner] = {
    "sheet": plan_sheet, "sheet_order": plan_sheet_order, "workbook": plan_workbook,
    "column": plan_column, "row": plan_row, "rule": plan_rule,
    "table": plan_table, "pivot": plan_pivot, "name": plan_name,
    "setting": settings.planner("excel"),
}
