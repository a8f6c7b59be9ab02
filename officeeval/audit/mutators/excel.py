"""Excel mutants: for one check, edits of the reference that break exactly what it reads
(cells in ``excel_cells``, sheets and objects in ``excel_objects``), found with the engine's
selectors and targets.

Formula results: a reference written by openpyxl has formulas without cached values, and
grading one needs a LibreOffice recalculation. ``prepare`` does that once: it writes the
engine's values of every uncached formula into the reference as cached values (what Excel
itself saves), and the mutants are made from that copy, so grading a mutant never starts
LibreOffice. An equivalent variant (the prepared copy itself) checks that cached and
recalculated values get the same verdicts. Mutants that change a formula keep its old cached value, so
formula text checks (not value checks) must catch them; value mutants replace the formula
by a wrong constant.
"""

from __future__ import annotations

import re
from pathlib import Path

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.audit.mutators import excel_cells as XC
from officeeval.audit.mutators import excel_charts as XCH
from officeeval.audit.mutators import excel_formats as XF
from officeeval.audit.mutators import excel_rules as XR
from officeeval.audit.mutators import excel_sheets as XS
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, empty_note,
)
from officeeval.audit.workspace import Workspace
from officeeval.comparators import get_comparator
from officeeval.errors import OfficeEvalError
from officeeval.ooxml.ns import S
from officeeval.rubric.model import Check
from officeeval.targets import Target

_S = f"{{{S}}}"
CELL_PLANNERS = {**XC.PLANNERS, **XF.PLANNERS}
OBJECT_PLANNERS = {**XS.PLANNERS, **XCH.PLANNERS, **XR.PLANNERS}
ROW_COL_RANGE = re.compile(r"(^|/)(sheet\[\d|'[^']*'!|\w+!)")


def plan_check(ctx: PlanContext, check: Check) -> tuple[list[Mutation], str]:
    if check.xpath:
        return [], "raw XPath checks have no generic mutant"
    targets = ctx.targets(check.select)
    if not targets:
        return [], empty_note(check)
    comp = get_comparator(check.op)
    prop = check.property or ""
    if comp is not None and (comp.kind == "count" or prop == "count"):
        muts = _delete(ctx, check, targets, force=True)
        return muts, "" if muts else f"cannot delete {targets[0].kind} targets"
    if check.op in ("absent", "changed") or check.match == "none" or check.match.startswith(
            "count"):
        return [], f"op={check.op} match={check.match}: no generic mistake to make"
    muts: list[Mutation] = []
    note = ""
    if prop == "text" and targets[0].kind == "cell":
        muts += XC.plan_value(ctx, check, targets)
    elif prop == "cell.display" and targets[0].kind == "cell":
        muts += XC.plan_value(ctx, check, targets) + XF.plan_format(ctx, check, targets)
    elif prop in CELL_PLANNERS and targets[0].kind == "cell":
        muts += CELL_PLANNERS[prop](ctx, check, targets)
    elif prop in OBJECT_PLANNERS:
        muts += OBJECT_PLANNERS[prop](ctx, check, targets)
    else:
        note = f"no Excel mutator for {prop}"
    if targets[0].kind == "sheet" and prop not in ("sheet.index", "workbook.sheet_names"):
        muts += XS.plan_sheet_order(ctx, check, targets)
    elif re.match(r"sheet\[\d", check.select or ""):
        muts += XS.plan_sheet_order(ctx, check, targets)
    if not muts and not note:
        note = "no realistic wrong value differs from the reference here"
    return muts, note


def _delete(ctx: PlanContext, check: Check, targets: list[Target], force: bool = False
            ) -> list[Mutation]:
    kind = targets[0].kind
    if kind == "chart":
        return XCH.plan_chart_delete(ctx, check, targets)
    if kind in ("conditional_format", "validation"):
        return [m for m in XR.plan_rule(ctx, check, targets) if m.operator.startswith("delete")]
    if kind == "sheet":
        return [m for m in XS.plan_sheet_order(ctx, check, targets)
                if m.operator == "delete:sheet"]
    if kind == "pivot":
        return [m for m in XR.plan_pivot(ctx, check, targets) if m.operator == "delete:pivot"]
    return []


# ------------------------------------------------------------------ formula results
def prepare(reference: str, options: dict, workdir: Path,
            backends: Backends = NO_BACKENDS) -> tuple[str, str]:
    """The reference with every uncached formula result written as its cached value (and
    ``fullCalcOnLoad`` dropped), or the reference itself when nothing needs it. Returns
    ``(path, note)``. Values the engine cannot compute (with ``backends``) are left
    uncached."""
    from officeeval.excel.cells import cell_value
    ws = Workspace(reference, "excel", options, backends=backends)
    edit = ws.begin()
    doc = edit.doc
    written = 0
    try:
        calc = doc.root_el.find(_S + "calcPr")
        fresh = calc is not None and calc.get("fullCalcOnLoad") is not None
        for sheet in doc.sheets:  # type: ignore[attr-defined]
            if sheet.kind != "worksheet" or not sheet.part:
                continue
            root = doc.package.xml(sheet.part)
            for c in root.iter(_S + "c"):
                f = c.find(_S + "f")
                if f is None or (c.find(_S + "v") is not None and not fresh):
                    continue
                m = re.match(r"^([A-Z]+)(\d+)$", c.get("r") or "")
                if not m:
                    continue
                try:
                    value, _ = cell_value(sheet, int(m.group(2)), XC.col_number(m.group(1)))
                except OfficeEvalError:
                    continue
                if value.kind == "empty":
                    continue
                _cache(c, value)
                ws.touch_part(edit, sheet.part)
                written += 1
        if fresh:
            calc.attrib.pop("fullCalcOnLoad", None)
            ws.touch(edit, calc)
    except BaseException:
        doc.close()
        raise
    if not written and not fresh:
        doc.close()
        return reference, ""
    out = ws.write(edit, Path(workdir) / ("prepared-" + Path(reference).name))
    return str(out), f"{written} formula result(s) cached"


def _cache(c, value) -> None:
    """Write ``value`` as the cached result of formula cell ``c`` (the formula stays)."""
    for v in c.findall(_S + "v"):
        c.remove(v)
    v = c.makeelement(_S + "v", {})
    c.append(v)
    c.attrib.pop("t", None)
    if value.kind == "text":
        c.set("t", "str")
        v.text = str(value.value)
    elif value.kind == "bool":
        c.set("t", "b")
        v.text = "1" if value.value else "0"
    elif value.kind == "error":
        c.set("t", "e")
        v.text = str(value.value)
    elif value.kind == "date":
        v.text = repr(float(value.extra.get("serial") or 0))
    else:
        f = float(value.value)
        v.text = str(int(f)) if f.is_integer() else repr(f)


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """A cell no check selects made italic. (The prepared reference itself, with its
    formula results cached, is an equivalent variant: ``excel_equiv``.)"""
    out: list[Mutation] = []
    selected: set[tuple[str, int, int]] = set()
    for c in ctx.rubric.criteria:
        for k in c.checks:
            for t in ctx.targets(k.select):
                if t.kind == "cell":
                    selected.add((t.sheet.name, t.row, t.col))  # type: ignore[attr-defined]
    for sheet in ctx.doc.sheets:  # type: ignore[attr-defined]
        if sheet.kind != "worksheet" or not sheet.part:
            continue
        root = ctx.doc.package.xml(sheet.part)
        for cell in root.iter(_S + "c"):
            m = re.match(r"^([A-Z]+)(\d+)$", cell.get("r") or "")
            if not m or cell.find(_S + "v") is None and cell.find(_S + "is") is None:
                continue
            row, col = int(m.group(2)), XC.col_number(m.group(1))
            if (sheet.name, row, col) in selected:
                continue
            return out + [_italic(sheet.index, row, col, f"'{sheet.name}'!{cell.get('r')}")]
    return out


def _italic(sheet_index: int, row: int, col: int, where: str) -> Mutation:
    def apply(ws, edit) -> str:
        from officeeval.excel.targets import CellTarget
        t = CellTarget(edit.doc.sheets[sheet_index - 1], row, col)
        return XF.restyle(ws, edit, t, XF._font_change(XF._FONT_WRITERS["font.italic"][0](True)))

    return Mutation(key=f"neutral|cell|{where}", operator="neutral:unselected-cell",
                    description=f"{where} (selected by no check) made italic", apply=apply,
                    kind="neutral")


_ = NotApplicable


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``excel_equiv``)."""
    from officeeval.audit.mutators import excel_equiv
    return excel_equiv.plan_equivalent(ctx)
