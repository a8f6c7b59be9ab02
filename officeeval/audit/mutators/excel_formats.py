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
# A format mistake: (value written, value shown) from the reference's values and the plan's
# ``values`` (the tokens to choose from); ``None`` when there is none to make.
FormatMistake = Callable[[list, tuple], "tuple[Any, str] | None"]


def _first_of(vals: list) -> tuple[Any, str] | None:
    return (vals[0], str(vals[0])) if vals else None


def _toggle(ref: list, values: tuple) -> tuple[Any, str] | None:
    return _first_of([not ref[0]] if ref else [True])


def _size(ref: list, values: tuple) -> tuple[Any, str] | None:
    return _first_of([s.pt for s in sizes(ref)])


def _other(ref: list, values: tuple) -> tuple[Any, str] | None:
    return _first_of([v for v in values if v not in ref])


def _other_rgb(ref: list, values: tuple) -> tuple[Any, str] | None:
    """The first ARGB token whose RGB the reference does not show."""
    return _first_of([c for c in values if c[2:] not in ref])


def _underline(ref: list, values: tuple) -> tuple[Any, str] | None:
    return _first_of(["double" if ref and ref[0] == "single" else "single"]
                     if ref and ref[0] not in (None, "none") else ["single"])


def _fill(ref: list, values: tuple) -> tuple[Any, str]:
    color = next(c for c in values if c not in [str(r).upper() for r in ref])
    return color, color


def _border(ref: list, values: tuple) -> tuple[Any, str]:
    has = any(isinstance(r, Border) and r.style not in ("none", "nil") for r in ref)
    style = "none" if has else "thin"
    return Border(style), style


def _next(ref: list, values: tuple) -> tuple[Any, str]:
    value = next(v for v in values if v not in ref)
    return value, value


def _wrap(ref: list, values: tuple) -> tuple[Any, str]:
    value = "0" if any(r is True for r in ref) else "1"
    return value == "1", value


def _number_format(ref: list, values: tuple) -> tuple[Any, str]:
    code = next(c for c, _ in _FORMATS if c.lower() not in [str(r).lower() for r in ref])
    return code, code


# ``Plan("format", mistake=...)``.
FORMAT_MISTAKES: dict[str, FormatMistake] = {
    "toggle": _toggle, "size": _size, "other": _other, "other_rgb": _other_rgb,
    "underline": _underline, "fill": _fill, "border": _border, "next": _next, "wrap": _wrap,
    "number_format": _number_format,
}


def plan_format(ctx: PlanContext, check: Check, targets: list[Target], mistake: str,
                values: tuple = (), writes: str | None = None) -> list[Mutation]:
    """The planner of kind ``format``: the cell format ``mistake`` (``FORMAT_MISTAKES``)
    written as the check's property, or as ``writes`` (the format behind a displayed
    value). Raises ``KeyError`` for an unknown mistake."""
    wrong = FORMAT_MISTAKES[mistake]
    idx = chosen_indexes(check, len(targets))
    if idx is None or not cells_only(targets, idx):
        return []
    prop = check.property or ""
    ref = ctx.values(check, targets, idx)
    got = wrong(ref, values)
    if got is None:
        return []
    value, shown = got
    return [mutation(f"format|{prop}|{check.select}|{idx}|{shown}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} "
                     f"{render(vtype_of(check, 'excel'), ref[0]) if ref else '(none)'} -> "
                     f"{shown}", write_each(check, idx, writes or prop, "excel", value))]


def plan_merge(ctx: PlanContext, check: Check, targets: list[Target], toggles: str
               ) -> list[Mutation]:
    """The planner of kind ``merge``: property ``toggles`` (whether the cell is merged)
    toggled."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not cells_only(targets, idx):
        return []
    merged = [bool(ctx.values(check, targets, [i], toggles)[:1] == [True]) for i in idx]
    return [mutation(f"merge|{check.select}|{idx}", f"direct:{toggles}",
                     f"{locators(targets, idx)}: merge toggled",
                     write_each(check, idx, toggles, "excel",
                                lambda n, t: not merged[n]))]


# The planners of cell formats, by the kind a definition declares (``plan=Plan(kind)``).
FORMAT_PLANNERS: dict[str, Planner] = {"format": plan_format, "merge": plan_merge}
