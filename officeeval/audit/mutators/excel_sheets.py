"""Excel mutants of sheets and the workbook: sheets renamed, reordered, hidden or deleted,
their settings changed (freeze, filter, sort, protection, print setup, outline); columns
and rows resized or hidden."""

from __future__ import annotations

import re
from typing import Any

from officeeval.audit.mutators.base import (
    Mutation, PlanContext, chosen_indexes, locators, mutation, write_each,
)
from officeeval.audit.mutators.texts import typo
from officeeval.excel.edit import workbook as XW
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


def plan_sheet(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(_sheet_of(targets[i]) is None for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    ref = ctx.values(check, targets, idx)
    got = _sheet_mistake(prop, ref)
    if got is None or got[0] is None:
        return []
    value, what = got
    return [mutation(f"sheet|{prop}|{where}", f"direct:{prop}", f"{where}: {what}",
                     write_each(check, idx, prop, "excel", value))]


def _sheet_mistake(prop: str, ref: list[Any]) -> tuple[Any, str] | None:
    """(value, what) of the mistake of a sheet property, from the reference's values."""
    names = [str(x) for x in ref]
    first = ref[0] if ref else None
    if prop == "sheet.name":
        return (lambda n, t: t.sheet.name + "1"), "sheet renamed"
    if prop == "sheet.hidden":
        return (not any(ref)), "visibility flipped"
    if prop == "sheet.tab_color":
        return ("FF00B050" if "FF0000" in [n.upper() for n in names] else "FFFF0000"), \
            "tab color changed"
    if prop == "sheet.freeze":
        return ("none" if any(r != "none" for r in ref) else "A2"), "frozen panes changed"
    if prop == "sheet.autofilter":
        return "none", "auto filter removed"
    if prop == "sheet.autofilter.criteria":
        return [], "filter criteria removed"
    if prop == "sheet.sort":
        return "none", "sort state removed"
    if prop == "sheet.protected":
        return (not any(r is True for r in ref)), "protection flipped"
    if prop == "sheet.print.orientation":
        return ("portrait" if "landscape" in ref else "landscape"), "print orientation flipped"
    if prop == "sheet.print.paper":
        return ("A3" if first == "A4" else "A4"), "paper size changed"
    if prop == "sheet.print.fit":
        return _other_fit(first), "fit-to-page changed"
    if prop in ("sheet.print.titles", "sheet.print.area"):
        what = "print titles changed" if prop.endswith("titles") else "print area changed"
        return (_bump_last_row(str(first)) if first else None), what
    if prop in ("sheet.outline.rows", "sheet.outline"):
        return ((int(first) - 1) if first else None), "row outline flattened"
    if prop == "sheet.values":
        return _sheet_values(ref), "a cell value changed"
    return None


def _other_fit(fit: Any) -> str:
    if not fit or str(fit).lower() == "none":
        return "1x1"
    w, _, h = str(fit).lower().partition("x")
    return f"{int(w) + 1}x{h or 1}"


def plan_sheet_order(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """Sheets reordered (the first target's sheet swapped with its neighbour) and the sheet
    deleted: both through workbook.xml."""
    sheet = _sheet_of(targets[0]) if targets else None
    total = len(ctx.doc.sheets)  # type: ignore[attr-defined]
    if sheet is None:
        return []
    n = sheet.index
    out = []
    # Sheet names compared as a set (same_set: the step does not say where a new sheet
    # goes) do not read the order: a reordered workbook must keep that check.
    ordered = check.property == "sheet.index" or (
        check.property == "workbook.sheet_names" and check.op != "same_set")
    if total > 1 and (ordered or re.match(r"sheet\[\d", check.select or "")):
        other = n + 1 if n < total else n - 1
        out.append(mutation(f"sheet-order|{n}", "reorder:sheet",
                            f"sheet {sheet.name!r} moved to position {other}",
                            lambda ws, edit: XW.swap_sheets(edit, n, other), scope="rubric"))
    if total > 1 and check.property not in ("workbook.sheet_count",):
        out.append(mutation(f"sheet-delete|{n}", "delete:sheet", f"sheet {sheet.name!r} "
                            f"deleted", lambda ws, edit: XW.delete_sheet(edit, n),
                            scope="rubric"))
    return out


def plan_workbook(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    first = ctx.doc.sheets[0] if ctx.doc.sheets else None  # type: ignore[attr-defined]
    if first is None:
        return []
    out = []
    if check.property == "workbook.sheet_names":
        names = [s.name for s in ctx.doc.sheets]  # type: ignore[attr-defined]
        out.append(mutation("workbook-rename", "direct:workbook.sheet_names",
                            f"sheet {first.name!r} renamed",
                            write_each(Check(check.select, "workbook.sheet_names", "equals"),
                                       [0], "workbook.sheet_names", "excel",
                                       [names[0] + "1", *names[1:]])))
    from officeeval.excel.targets import SheetTarget
    return out + plan_sheet_order(ctx, Check(check.select, check.property, check.op),
                                  [SheetTarget(first)])


def plan_column(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "column" for i in idx):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]
    if prop == "column.width":
        def value(n: int, t: Target) -> float:
            w = ref[n][0] if ref[n] else None
            return float(getattr(w, "stored", w) or 8.43) + 6
    else:
        def value(n: int, t: Target) -> bool:
            return not (ref[n][0] if ref[n] else False)
    return [mutation(f"column|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "excel", value))]


def plan_row(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "row" for i in idx):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> Any:
        cur = ref[n][0] if ref[n] else None
        if prop == "row.outline_level":
            lv = int(cur or 0)
            return lv - 1 if lv > 0 else 1
        if prop == "row.height":
            return float(cur.points() if cur is not None else 15.0) + 10
        return not cur

    return [mutation(f"row|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "excel", value))]
