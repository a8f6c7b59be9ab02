"""Excel mutants of sheets and the workbook: sheets renamed, reordered, hidden or deleted,
their settings changed (freeze, filter, sort, protection, print setup, outline); columns
and rows resized or hidden."""

from __future__ import annotations

import re
from typing import Any, Callable

from officeeval.audit.mutators.base import (
    Mutation, PlanContext, chosen_indexes, locators, mutation, plans, write_each,
)
from officeeval.excel.edit import workbook as XW
from officeeval.properties.mistakes import typo
from officeeval.rubric.model import Check
from officeeval.targets import Target


# ------------------------------------------------------------------ sheets and workbook
def _sheet_of(t: Target):
    return getattr(t, "sheet", None)


def _bump_last_row(text: str, by: int = 1) -> str:
    return re.sub(r"(\$?)(\d+)(?!.*\d)", lambda m: m.group(1) + str(int(m.group(2)) + by),
                  text, count=1)


def _sheet_values(ref: list[Any]) -> dict | None:
    """The first constant of the sheet (as read) changed: text mistyped, a number + 1."""
    values = next((v for v in ref if isinstance(v, dict)), None)
    if not values:
        return None
    for key, text in values.items():
        if str(text).startswith("="):
            continue
        try:
            number = float(text)
        except (TypeError, ValueError):
            s = str(text)
            i = len(s) // 2
            return {**values, key: s[:i] + typo(s[i]) + s[i + 1:] if s else "x"}
        return {**values, key: repr(number + 1)}
    return None


def plan_sheet(ctx: PlanContext, check: Check, targets: list[Target], mistake: str,
               what: str) -> list[Mutation]:
    """The planner of kind ``sheet``: the sheet setting ``mistake`` (``SHEET_MISTAKES``)
    made, described as ``what``. Raises ``KeyError`` for an unknown mistake."""
    wrong = SHEET_MISTAKES[mistake]
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(_sheet_of(targets[i]) is None for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    value = wrong(ctx.values(check, targets, idx))
    if value is None:
        return []
    return [mutation(f"sheet|{prop}|{where}", f"direct:{prop}", f"{where}: {what}",
                     write_each(check, idx, prop, "excel", value))]


def _first(ref: list[Any]) -> Any:
    return ref[0] if ref else None


# ``Plan("sheet", mistake=...)``: the value written (or ``(position, target) -> value``)
# from the reference's values; ``None``: no mistake to make of them.
SHEET_MISTAKES: dict[str, Callable[[list[Any]], Any]] = {
    "rename": lambda ref: (lambda n, t: t.sheet.name + "1"),
    "flip": lambda ref: not any(ref),
    "recolor": lambda ref: "FF00B050" if "FF0000" in [str(x).upper() for x in ref]
    else "FFFF0000",
    "unfreeze": lambda ref: "none" if any(r != "none" for r in ref) else "A2",
    "remove": lambda ref: "none",
    "clear": lambda ref: [],
    "turn": lambda ref: "portrait" if "landscape" in ref else "landscape",
    "paper": lambda ref: "A3" if _first(ref) == "A4" else "A4",
    "fit": lambda ref: _other_fit(_first(ref)),
    "last_row": lambda ref: _bump_last_row(str(ref[0])) if _first(ref) else None,
    "flatten": lambda ref: (int(ref[0]) - 1) if _first(ref) else None,
    "values": lambda ref: _sheet_values(ref),
}


def _other_fit(fit: Any) -> str:
    if not fit or str(fit).lower() == "none":
        return "1x1"
    w, _, h = str(fit).lower().partition("x")
    return f"{int(w) + 1}x{h or 1}"


def order_options(prop: str) -> dict[str, Any]:
    """The sheet-order options (``order``, ``keep_count``) ``prop``'s Excel definition
    declares on its ``sheet_order`` or ``workbook`` plan; ``{}`` when none."""
    for p in plans(prop, "excel"):
        if p.kind in ("sheet_order", "workbook"):
            return {k: v for k, v in p.options if k in ("order", "keep_count")}
    return {}


def plan_sheet_order(ctx: PlanContext, check: Check, targets: list[Target],
                     order: str | None = None, keep_count: bool = False) -> list[Mutation]:
    """Sheets reordered (the first target's sheet swapped with its neighbour) and the sheet
    deleted: both through workbook.xml. The planner of kind ``sheet_order``; ``order``:
    the check's property reads the sheet order (``always``, or ``unless_same_set``), so
    any selector gets the reordered workbook; ``keep_count``: no deletion (it counts
    sheets)."""
    sheet = _sheet_of(targets[0]) if targets else None
    total = len(ctx.doc.sheets)  # type: ignore[attr-defined]
    if sheet is None:
        return []
    n = sheet.index
    out = []
    # Sheet names compared as a set (same_set: the step does not say where a new sheet
    # goes) do not read the order: a reordered workbook must keep that check.
    ordered = order == "always" or (order == "unless_same_set" and check.op != "same_set")
    if total > 1 and (ordered or re.match(r"sheet\[\d", check.select or "")):
        other = n + 1 if n < total else n - 1
        out.append(mutation(f"sheet-order|{n}", "reorder:sheet",
                            f"sheet {sheet.name!r} moved to position {other}",
                            lambda ws, edit: XW.swap_sheets(edit, n, other), scope="rubric"))
    if total > 1 and not keep_count:
        out.append(mutation(f"sheet-delete|{n}", "delete:sheet", f"sheet {sheet.name!r} "
                            f"deleted", lambda ws, edit: XW.delete_sheet(edit, n),
                            scope="rubric"))
    return out


def plan_workbook(ctx: PlanContext, check: Check, targets: list[Target], rename: bool = False,
                  order: str | None = None, keep_count: bool = False) -> list[Mutation]:
    """The planner of kind ``workbook``: the first sheet's order and deletion
    (``plan_sheet_order``) and, with ``rename``, the first sheet renamed in the check's
    property (the sheet names)."""
    first = ctx.doc.sheets[0] if ctx.doc.sheets else None  # type: ignore[attr-defined]
    if first is None:
        return []
    out = []
    prop = check.property or ""
    if rename:
        names = [s.name for s in ctx.doc.sheets]  # type: ignore[attr-defined]
        out.append(mutation("workbook-rename", f"direct:{prop}",
                            f"sheet {first.name!r} renamed",
                            write_each(Check(check.select, prop, "equals"),
                                       [0], prop, "excel",
                                       [names[0] + "1", *names[1:]])))
    from officeeval.excel.targets import SheetTarget
    return out + plan_sheet_order(ctx, Check(check.select, check.property, check.op),
                                  [SheetTarget(first)], order, keep_count)


# ``Plan("column" | "row", mistake=...)``: a column's or row's wrong value from the
# reference's (``None`` when it has none).
LINE_MISTAKES: dict[str, Callable[[Any], Any]] = {
    "wider": lambda cur: float(getattr(cur, "stored", cur) or 8.43) + 6,
    "taller": lambda cur: float(cur.points() if cur is not None else 15.0) + 10,
    "outline": lambda cur: int(cur or 0) - 1 if int(cur or 0) > 0 else 1,
    "toggle": lambda cur: not cur,
}


def plan_column(ctx: PlanContext, check: Check, targets: list[Target], mistake: str
                ) -> list[Mutation]:
    """The planner of kind ``column``: the column's ``mistake`` (``LINE_MISTAKES``)
    written. Raises ``KeyError`` for an unknown mistake."""
    return _plan_line("column", ctx, check, targets, LINE_MISTAKES[mistake])


def plan_row(ctx: PlanContext, check: Check, targets: list[Target], mistake: str
             ) -> list[Mutation]:
    """The planner of kind ``row``: the row's ``mistake`` (``LINE_MISTAKES``) written.
    Raises ``KeyError`` for an unknown mistake."""
    return _plan_line("row", ctx, check, targets, LINE_MISTAKES[mistake])


def _plan_line(kind: str, ctx: PlanContext, check: Check, targets: list[Target],
               wrong: Callable[[Any], Any]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != kind for i in idx):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> Any:
        return wrong(ref[n][0] if ref[n] else None)

    return [mutation(f"{kind}|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "excel", value))]
