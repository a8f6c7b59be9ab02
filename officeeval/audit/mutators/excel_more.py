"""Excel mutants of formats, sheets and objects: a cell's own format changed (font, fill,
border, alignment, number format) or merge toggled; sheets renamed, reordered, hidden or
deleted, their settings changed; columns and rows resized or hidden; charts, conditional
formats, validations, tables, pivot tables and names changed or deleted. The wrong values
are planned here from what the reference shows; Excel's writers write them."""

from __future__ import annotations

import re
from typing import Any, Callable

from officeeval.audit.mutators import settings
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, refind,
    render, vtype_of, write_each,
)
from officeeval.audit.mutators.mistakes import sizes
from officeeval.audit.mutators.texts import put_typo, typo
from officeeval.excel.edit import charts as XC, objects as XO, sheets as XS
from officeeval.ooxml.chart_edit import shift_reference
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Border

Planner = Callable[[PlanContext, Check, list[Target]], list[Mutation]]
_FORMATS = [("General", 0), ("0", 1), ("0.00", 2), ("#,##0.00", 4), ("0%", 9),
            ("yyyy-m-d", 14)]


def _cells(targets: list[Target], idx: list[int]) -> bool:
    return all(targets[i].kind == "cell" for i in idx)


def _each(check: Check, idx: list[int], fn: Callable) -> Callable:
    def apply(ws, edit):
        note = ""
        for t in refind(edit, check.select, idx):
            note = fn(edit, t) or note
        return note
    return apply


# ------------------------------------------------------------------ cell formats
_FONT_MISTAKES: dict[str, Callable[[list], list]] = {
    "font.bold": lambda ref: [not ref[0]] if ref else [True],
    "font.italic": lambda ref: [not ref[0]] if ref else [True],
    "font.strike": lambda ref: [not ref[0]] if ref else [True],
    "font.size": lambda ref: [s.pt for s in sizes(ref)],
    "font.name": lambda ref: [f for f in ("Arial", "宋体", "黑体") if f not in ref],
    "font.east_asia": lambda ref: [f for f in ("宋体", "黑体", "Arial") if f not in ref],
    "font.underline": lambda ref: ["double" if ref and ref[0] == "single" else "single"]
    if ref and ref[0] not in (None, "none") else ["single"],
    "font.color": lambda ref: [c for c in ("FFFF0000", "FF0000FF", "FF000000")
                               if c[2:] not in ref],
}


def plan_format(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not _cells(targets, idx):
        return []
    prop = check.property or ""
    ref = ctx.values(check, targets, idx)
    writes, value, shown = _format_mistake(prop, ref)
    if writes is None:
        return []
    return [mutation(f"format|{prop}|{check.select}|{idx}|{shown}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} "
                     f"{render(vtype_of(check, 'excel'), ref[0]) if ref else '(none)'} -> "
                     f"{shown}", write_each(check, idx, writes, "excel", value))]


def _format_mistake(prop: str, ref: list[Any]) -> tuple[str | None, Any, str]:
    """(property written, value, shown) of the format mistake for ``prop``."""
    if prop in _FONT_MISTAKES:
        vals = _FONT_MISTAKES[prop](ref)
        return (prop, vals[0], str(vals[0])) if vals else (None, None, "")
    if prop == "cell.fill.color":
        color = next(c for c in ("none", "FFFF00", "FF0000") if c not in
                     [str(r).upper() for r in ref])
        return prop, color, color
    if prop.startswith("cell.border."):
        has = any(isinstance(r, Border) and r.style not in ("none", "nil") for r in ref)
        style = "none" if has else "thin"
        return prop, Border(style), style
    if prop == "cell.alignment.horizontal":
        value = next(v for v in ("center", "left", "right") if v not in ref)
        return prop, value, value
    if prop == "cell.alignment.vertical":
        value = next(v for v in ("center", "top", "bottom") if v not in ref)
        return prop, value, value
    if prop == "cell.wrap":
        value = "0" if any(r is True for r in ref) else "1"
        return prop, value == "1", value
    if prop in ("cell.number_format", "cell.display"):
        code = next(c for c, _ in _FORMATS if c.lower() not in [str(r).lower() for r in ref])
        return "cell.number_format", code, code
    return None, None, ""


def plan_merge(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not _cells(targets, idx):
        return []
    merged = [bool(ctx.values(check, targets, [i], "cell.merged")[:1] == [True]) for i in idx]
    return [mutation(f"merge|{check.select}|{idx}", "direct:cell.merged",
                     f"{locators(targets, idx)}: merge toggled",
                     write_each(check, idx, "cell.merged", "excel",
                                lambda n, t: not merged[n]))]


CELL_PLANNERS: dict[str, Planner] = {
    **{p: plan_format for p in (*_FONT_MISTAKES, "cell.fill.color", "cell.border.top",
                                "cell.border.bottom", "cell.border.left", "cell.border.right",
                                "cell.alignment.horizontal", "cell.alignment.vertical",
                                "cell.wrap", "cell.number_format")},
    "cell.merged": plan_merge, "cell.merge_range": plan_merge,
}


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
    if total > 1 and (check.property in ("sheet.index", "workbook.sheet_names") or re.match(
            r"sheet\[\d", check.select or "")):
        other = n + 1 if n < total else n - 1
        out.append(mutation(f"sheet-order|{n}", "reorder:sheet",
                            f"sheet {sheet.name!r} moved to position {other}",
                            lambda ws, edit: XS.swap_sheets(edit, n, other), scope="rubric"))
    if total > 1 and check.property not in ("workbook.sheet_count",):
        out.append(mutation(f"sheet-delete|{n}", "delete:sheet", f"sheet {sheet.name!r} "
                            f"deleted", lambda ws, edit: XS.delete_sheet(edit, n),
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


# ------------------------------------------------------------------ charts
def plan_chart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "chart" for i in idx):
        return []
    where = locators(targets, idx)
    got = chart_mistake(ctx, check, targets, idx, "excel")
    out = [got] if got is not None else []
    return out + plan_chart_delete(ctx, check, targets)


def chart_mistake(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int],
                  app: str) -> Mutation | None:
    """The chart property's mistake, written by the app's chart writer: another type, a
    title or a series name mistyped, the last series dropped, a series reference one row
    short (with its first cached value mistyped), the legend moved, data labels toggled,
    another style, the chart moved three columns."""
    prop = check.property or ""
    where = locators(targets, idx)
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
        writes.append((prop, lambda n, t: _typo(str(first(n)))))
    elif prop == "chart.series.count":
        writes.append((prop, lambda n, t: int(first(n)) - 1))
    elif prop == "chart.series.names":
        writes.append((prop, lambda n, t: _first_typo(first(n))))
    elif prop in ("chart.series.values", "chart.series.value_refs", "chart.series.all_values",
                  "chart.series.categories", "chart.series.category_refs"):
        cat = "categor" in prop
        refs = [ctx.values(check, targets, [i], "chart.series.category_refs" if cat
                           else "chart.series.value_refs") for i in idx]
        cached = [ctx.values(check, targets, [i], "chart.series.categories" if cat
                             else "chart.series.values") for i in idx]
        writes.append(("chart.series.category_refs" if cat else "chart.series.value_refs",
                       lambda n, t: [shift_reference(str(refs[n][0][0]), -1),
                                     *refs[n][0][1:]] if refs[n] and refs[n][0] else _none()))
        writes.append(("chart.series.categories" if cat else "chart.series.values",
                       lambda n, t: _first_typo(cached[n][0]) if cached[n] else _none()))
    elif prop == "chart.legend.position":
        writes.append((prop, lambda n, t: "top" if first(n) != "top" else "bottom"))
    elif prop == "chart.data_labels":
        writes.append((prop, lambda n, t: not first(n)))
    elif prop in ("chart.axis.x.title", "chart.axis.y.title"):
        writes.append((prop, lambda n, t: _typo(str(first(n)))))
    elif prop == "chart.style":
        writes.append((prop, lambda n, t: 3 if first(n) != 3 else 4))
    elif prop == "chart.anchor" and app == "excel":
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

    return mutation(f"chart|{prop}|{where}" if app == "excel"
                    else f"chart|{prop}|{check.select}|{idx}", f"direct:{prop}",
                    f"{where}: {prop} changed", apply)


def _first_typo(items: Any) -> list:
    """A list value with its first item mistyped."""
    items = list(items or [])
    if not items:
        raise NotApplicable("an empty list")
    return [_typo(str(items[0])), *items[1:]]


def _none() -> Any:
    raise NotApplicable("nothing cached")


def _typo(text: str) -> str:
    from officeeval.audit.mutators.texts import typo_text
    new = typo_text(text)
    if new is None:
        raise NotApplicable("no text to change")
    return new


def plan_chart_delete(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    idx = [0] if check.match == "all" else list(range(len(targets)))
    return [mutation(f"delete|{locators(targets, idx)}", "delete:chart",
                     f"{locators(targets, idx)} deleted", _each(check, idx, XC.delete_chart),
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
                        _each(check, idx, XO.delete_rule), scope="rubric"))
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
                                         str(ranges[n][0]), count=1) if ranges[n] else _none()
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
            if texts[n] and texts[n][0] else _none()
    if pre == "cf":
        formulas = read("cf.formula")

        def bumped(n: int, t: Target) -> list:
            items = list(formulas[n][0]) if formulas[n] else []
            if not items:
                raise NotApplicable("no formula")
            return [_bump(str(items[0])), *items[1:]]
        return "cf.formula", bumped
    f1 = read("validation.formula")
    return "validation.formula", lambda n, t: _bump(str(f1[n][0])) if f1[n] else _none()


def _bump(text: str) -> str:
    """A rule's formula changed: its first number one larger, else a typo in it."""
    if re.search(r"\d", text):
        return re.sub(r"\d+(\.\d+)?", lambda m: str(float(m.group()) + 1).rstrip("0")
                      .rstrip("."), text, count=1)
    return _typo(text)


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
                return _typo(cur)
            if prop == "pivot.location":   # one row lower: A3 -> A4
                return re.sub(r"(\d+)", lambda m: str(int(m.group(1)) + 1), cur, count=1)
            # the source one row short: the last data row left out
            return re.sub(r"(\d+)$", lambda m: str(max(1, int(m.group(1)) - 1)), cur)
        out.append(mutation(f"pivot|{prop}|{where}", f"direct:{prop}",
                            f"{where}: {prop} changed",
                            write_each(check, idx, prop, "excel", wrong)))
    out.append(mutation(f"delete|{where}", "delete:pivot", f"{where} deleted",
                        _each(check, idx, XO.delete_pivot), scope="rubric"))
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

_ = put_typo
