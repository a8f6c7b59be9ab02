"""Excel mutants of a cell's own format: font, fill, border, alignment or number format
changed, merge toggled. The wrong values are planned here from what the reference shows;
Excel's writers write them."""

from __future__ import annotations

from typing import Any, Callable

from officeeval.audit.mutators.base import (
    Mutation, PlanContext, Planner, chosen_indexes, locators, mutation, render, vtype_of,
    write_each,
)
from officeeval.properties.mistakes import sizes
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Border


_FORMATS = [("General", 0), ("0", 1), ("0.00", 2), ("#,##0.00", 4), ("0%", 9),
            ("yyyy-m-d", 14)]


def cells_only(targets: list[Target], idx: list[int]) -> bool:
    return all(targets[i].kind == "cell" for i in idx)


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
    if idx is None or not cells_only(targets, idx):
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
    if idx is None or not cells_only(targets, idx):
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
