"""Excel mutants: for one check, edits of the reference that break exactly what it reads
(cell values and formulas here; formats, sheets and objects in ``excel_formats``,
``excel_sheets`` and ``excel_objects``), found with
the engine's selectors and targets and written by Excel's writers
(``officeeval.excel.edit``).

Formula results: a reference written by openpyxl has formulas without cached values, and
grading one needs a LibreOffice recalculation. ``prepare`` does that once: it writes the
engine's values of every uncached formula into the reference as cached values (what Excel
itself saves), and the mutants are made from that copy, so grading a mutant never starts
LibreOffice. An equivalent variant (the prepared copy itself) checks that cached and
recalculated values get the same verdicts. Mutants that change a formula keep its old cached
value, so formula text checks (not value checks) must catch them; value mutants replace the
formula by a wrong constant.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from officeeval.audit.mutators.base import (
    Mutation, PlanContext, Planner, chosen_indexes, locators, mutation, plans, write_each,
)
from officeeval.audit.mutators.chart_mistakes import PLANNERS as CHART_KINDS
from officeeval.audit.mutators.excel_formats import FORMAT_PLANNERS, cells_only
from officeeval.audit.mutators.excel_objects import OBJECT_PLANNERS, plan_chart, plan_delete
from officeeval.audit.mutators.excel_sheets import order_options, plan_sheet_order
from officeeval.audit.mutators.plan import Policy, plan_check as plan
from officeeval.audit.workspace import Workspace
from officeeval.backends import NO_BACKENDS, Backends
from officeeval.excel.edit.cells import cache_formula_results, constant_cells
from officeeval.properties.mistakes import typo
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import CellValue

_SWAP_FUNCTIONS = {"SUM": "AVERAGE", "AVERAGE": "SUM", "MAX": "MIN", "MIN": "MAX",
                   "COUNT": "COUNTA", "COUNTA": "COUNT", "SUMIF": "COUNTIF",
                   "COUNTIF": "SUMIF", "SUMIFS": "COUNTIFS", "COUNTIFS": "SUMIFS",
                   "AVERAGEIF": "SUMIF", "RANK": "COUNT", "RANK.EQ": "COUNT",
                   "VLOOKUP": "HLOOKUP", "HLOOKUP": "VLOOKUP", "IF": "AND", "ROUND": "INT"}


def plan_check(ctx: PlanContext, check: Check) -> tuple[list[Mutation], str]:
    return plan(ctx, check, POLICY)


def _count(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    return plan_delete(ctx, check, targets)


def _value(ctx: PlanContext, check: Check, targets: list[Target]
           ) -> tuple[list[Mutation], str]:
    """The mutants of the planners the check's property declares (``plan=Plan(kind, ...)``
    on its Excel definition): on cells those of cell kinds (``CELL_PLANNERS``), else those
    of sheets and objects. Raises ``KeyError`` for a kind no table has."""
    prop = check.property or ""
    declared = plans(prop, "excel")
    # A chart's planner is the chart family's (``properties.charts``): its kinds are planned
    # by ``plan_chart``, where the other objects' are.
    charted = any(p.kind in CHART_KINDS for p in declared)
    declared = [p for p in declared if p.kind not in CHART_KINDS]
    unknown = [p.kind for p in declared if p.kind not in CELL_PLANNERS
               and p.kind not in OBJECT_PLANNERS]
    if unknown:
        raise KeyError(f"no Excel planner of kind {unknown[0]!r} (declared by {prop})")
    cell = [p for p in declared if p.kind in CELL_PLANNERS]
    if cell and targets[0].kind == "cell":
        return [m for p in cell for m in CELL_PLANNERS[p.kind](ctx, check, targets, **p.kwargs)
                ], ""
    if charted:
        return plan_chart(ctx, check, targets), ""
    objects = [p for p in declared if p.kind in OBJECT_PLANNERS]
    if objects:
        return [m for p in objects
                for m in OBJECT_PLANNERS[p.kind](ctx, check, targets, **p.kwargs)], ""
    return [], f"no Excel mutator for {prop}"


def _structure(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """Sheets reordered and deleted for a check on a sheet, or on a sheet found by its
    position; a property that reads the sheet order (``order``) has those from its own
    planner already."""
    order = order_options(check.property or "")
    if targets[0].kind == "sheet" and not order.get("order"):
        return plan_sheet_order(ctx, check, targets, **order)
    if re.match(r"sheet\[\d", check.select or ""):
        return plan_sheet_order(ctx, check, targets, **order)
    return []


POLICY = Policy("Excel", _count, _value, _structure)


# ------------------------------------------------------------------ values and formulas
def wrong_value(v: CellValue) -> CellValue:
    """A realistic wrong result: off by one, a typo, the other truth value, a day later."""
    if v.kind == "number":
        return CellValue("number", float(v.value) + 1)
    if v.kind == "text":
        s = str(v.value)
        i = len(s) // 2
        return CellValue("text", s[:i] + typo(s[i]) + s[i + 1:] if s else "x")
    if v.kind == "bool":
        return CellValue("bool", not v.value)
    if v.kind == "date":
        serial = v.extra.get("serial")
        later = v.value + dt.timedelta(days=1) if isinstance(v.value, dt.datetime) else v.value
        return CellValue("date", later, {"serial": (serial or 0) + 1})
    return CellValue("number", 1.0)


def text_mistakes(s: str) -> list[str]:
    """Wrong versions of a text value, most realistic first: a typo, a stray space inside
    or around it (what cleaning tasks remove), the text doubled."""
    i = len(s) // 2
    return [s[:i] + typo(s[i]) + s[i + 1:] if s else "x", s[:i] + " " + s[i:], " " + s,
            s + s]


def choose_value(check: Check, v: CellValue) -> CellValue:
    """The wrong value for ``v``; for a ``matches`` check the first text mistake its
    pattern rejects (the pattern names what is acceptable)."""
    if v.kind == "text" and check.op == "matches" and check.expected_value is not None:
        for cand in text_mistakes(str(v.value)):
            if not check.expected_value.search(cand):
                return CellValue("text", cand)
    return wrong_value(v)



def plan_value(ctx: PlanContext, check: Check, targets: list[Target], value: str,
               judges_format: bool = False) -> list[Mutation]:
    """The planner of kind ``value``: a wrong constant written as property ``value`` (the
    cell's value) on the chosen cells. ``judges_format``: a pattern on the property judges
    the cell's format (the displayed text), not its value: no mutant for it here."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not cells_only(targets, idx):
        return []
    vals = ctx.values(check, targets, idx, value)
    if not vals or not all(isinstance(v, CellValue) for v in vals):
        return []
    if judges_format and check.op not in ("equals", "unchanged") and not check.expected_from:
        return []  # a pattern on the display judges its format: see plan_format
    wrong = [choose_value(check, v) for v in vals]
    return [mutation(f"value|{check.select}|{idx}", f"direct:{value}",
                     f"{locators(targets, idx)}: value {vals[0]} -> {wrong[0]} (a constant, "
                     f"any formula removed)",
                     write_each(check, idx, value, "excel", lambda n, t: wrong[n]))]


def plan_formula(ctx: PlanContext, check: Check, targets: list[Target], formula: str,
                 value: str, rewrite: str | None = None) -> list[Mutation]:
    """The planner of kind ``formula``: the formula (property ``formula``) replaced by its
    own value (property ``value``: pasted values), and — for checks that read the formula
    text (``rewrite``: ``references``, ``functions`` or ``literal``) — another function or
    a reference one row off."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not cells_only(targets, idx):
        return []
    formulas = [ctx.values(check, targets, [i], formula) for i in idx]
    if not all(formulas):
        return []
    values = [ctx.values(check, targets, [i], value) for i in idx]
    where = locators(targets, idx)
    out: list[Mutation] = []
    if all(values):
        consts = [v[0] for v in values]
        out.append(mutation(f"paste|{check.select}|{idx}", "replace:formula->value",
                            f"{where}: formula replaced by its value",
                            write_each(check, idx, value, "excel",
                                       lambda n, t: consts[n])))
    if rewrite is not None:
        texts = [str(f[0]) for f in formulas]
        swap, what = _rewrites(check, texts, rewrite)
        if all(s is not None and s != x for s, x in zip(swap, texts)):
            out.append(mutation(f"formula|{check.property}|{check.select}|{idx}",
                                f"direct:{check.property}", f"{where}: formula uses {what}",
                                write_each(check, idx, formula, "excel",
                                           lambda n, t: swap[n])))
    return out


def _rewrites(check: Check, texts: list[str], rewrite: str) -> tuple[list[str | None], str]:
    """The formula mistake that matters to the check: the function it looks for replaced
    everywhere (``functions``), the literal it looks for broken — absolute references made
    relative, or a row number off by one (``literal``: the formula contains …) — a
    reference one row off (``references``), or another function."""
    literal = (check.expected or "").strip() if check.op in ("contains", "equals",
                                                             "starts_with", "ends_with") else ""
    if rewrite == "references":
        return [shift_reference(x) for x in texts], "a reference one row off"
    if rewrite == "functions" and literal:
        names = [n.strip().upper() for n in re.split(r"[|,]", literal) if n.strip()]
        return [swap_function(x, names) for x in texts], f"no {literal} (another function)"
    if rewrite == "literal" and literal.lstrip("=") and not re.fullmatch(
            r"[A-Za-z.]+\(?", literal.lstrip("=")):
        core = literal.lstrip("=")
        if "$" in core:
            fixed = core.replace("$", "")
            return [x.replace(core, fixed) if core in x else None for x in texts], \
                "relative references where absolute ones were asked"
        shifted = shift_reference(core)
        if shifted is not None:
            return [x.replace(core, shifted) if core in x else None for x in texts], \
                "a reference one row off"
    return [swap_function(x) for x in texts], "another function"


def swap_function(text: str, names: list[str] | None = None) -> str | None:
    """Replace ``names`` (every occurrence) or the first function by another one."""
    upper = text.upper()
    if names:
        out = text
        for name in names:
            new = _SWAP_FUNCTIONS.get(name, "SUM" if name != "SUM" else "AVERAGE")
            out = re.sub(r"(?<![A-Z0-9.])" + re.escape(name) + r"(?=\()", new, out,
                         flags=re.I)
        return out if out != text else None
    m = re.search(r"([A-Z][A-Z0-9.]*)\(", upper)
    if not m:
        return None
    name = m.group(1)
    new = _SWAP_FUNCTIONS.get(name, "SUM" if name != "SUM" else "AVERAGE")
    return text[:m.start(1)] + new + text[m.end(1):]


def shift_reference(text: str) -> str | None:
    m = re.search(r"(\$?[A-Z]{1,3}\$?)(\d+)", text)
    if not m:
        return None
    return text[:m.start(2)] + str(int(m.group(2)) + 1) + text[m.end(2):]


# The planners of cells, by the kind a definition declares (``plan=Plan(kind, ...)``).
CELL_PLANNERS: dict[str, Planner] = {"value": plan_value, "formula": plan_formula,
                                     **FORMAT_PLANNERS}
# Every kind an Excel definition may declare: the cells' and the objects'.
KINDS: dict[str, Planner] = {**CELL_PLANNERS, **OBJECT_PLANNERS}


# ------------------------------------------------------------------ formula results
def prepare(reference: str, options: dict, workdir: Path,
            backends: Backends = NO_BACKENDS) -> tuple[str, str]:
    """The reference with every uncached formula result written as its cached value (and
    ``fullCalcOnLoad`` dropped), or the reference itself when nothing needs it. Returns
    ``(path, note)``. Values the engine cannot compute (with ``backends``) are left
    uncached."""
    ws = Workspace(reference, "excel", options, backends=backends)
    edit = ws.begin()
    try:
        written = cache_formula_results(edit)
    except BaseException:
        edit.doc.close()
        raise
    if not edit.touched:
        edit.doc.close()
        return reference, ""
    out = ws.write(edit, Path(workdir) / ("prepared-" + Path(reference).name))
    return str(out), f"{written} formula result(s) cached"


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """A cell no check selects made italic. (The prepared reference itself, with its
    formula results cached, is an equivalent variant: ``excel_equiv``.)"""
    selected: set[tuple[str, int, int]] = set()
    for c in ctx.rubric.criteria:
        for k in c.checks:
            for t in ctx.targets(k.select):
                if t.kind == "cell":
                    selected.add((t.sheet.name, t.row, t.col))  # type: ignore[attr-defined]
    for sheet, row, col, ref in constant_cells(ctx.doc):
        if (sheet.name, row, col) not in selected:
            return [_italic(sheet.index, row, col, f"'{sheet.name}'!{ref}")]
    return []


def _italic(sheet_index: int, row: int, col: int, where: str) -> Mutation:
    def apply(ws, edit) -> str:
        from officeeval.audit.mutators.base import writer
        from officeeval.excel.targets import CellTarget
        t = CellTarget(edit.doc.sheets[sheet_index - 1], row, col)
        return writer("font.italic", "excel").write(edit, t, True)

    return Mutation(key=f"neutral|cell|{where}", operator="neutral:unselected-cell",
                    description=f"{where} (selected by no check) made italic", apply=apply,
                    kind="neutral")


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``excel_equiv``)."""
    from officeeval.audit.mutators import excel_equiv
    return excel_equiv.plan_equivalent(ctx)
