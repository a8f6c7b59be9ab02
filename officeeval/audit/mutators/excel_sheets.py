"""Excel sheet mutants: sheets renamed, reordered, hidden or deleted; tab colors, frozen
panes, filters, sorting, protection and print setup; column widths and row heights."""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
)
from officeeval.audit.mutators.excel_cells import sheet_root
from officeeval.audit.mutators.texts import put_typo
from officeeval.ooxml.ns import A, C, R, S
from officeeval.rubric.model import Check
from officeeval.targets import Target

_S, _C, _A, _R = f"{{{S}}}", f"{{{C}}}", f"{{{A}}}", f"{{{R}}}"


def _sheet_entry(edit, sheet) -> etree._Element:
    """The ``<sheet>`` element of ``sheet`` in workbook.xml."""
    sheets = edit.doc.root_el.find(_S + "sheets")
    items = sheets.findall(_S + "sheet") if sheets is not None else []
    if sheet.index - 1 >= len(items):
        raise NotApplicable("sheet not listed")
    return items[sheet.index - 1]


def _mutation(key: str, op: str, desc: str, apply, scope: str = "criterion") -> Mutation:
    return Mutation(key=key, operator=op, description=desc, apply=apply, scope=scope)


def _each(check: Check, idx: list[int], fn: Callable) -> Callable:
    def apply(ws, edit):
        note = ""
        for t in refind(edit, check.select, idx):
            note = fn(ws, edit, t) or note
        return note
    return apply


# ------------------------------------------------------------------ sheets and workbook
def _sheet_of(t: Target):
    return getattr(t, "sheet", None)


def plan_sheet(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(_sheet_of(targets[i]) is None for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]

    def wb(fn):
        def apply(ws, edit, t):
            ws.touch(edit, edit.doc.root_el)
            return fn(_sheet_entry(edit, t.sheet))
        return apply

    def part(fn):
        return lambda ws, edit, t: fn(sheet_root(ws, edit, t.sheet))

    table: dict[str, tuple[Callable, str]] = {
        "sheet.name": (wb(lambda e: e.set("name", (e.get("name") or "") + "1")),
                       "sheet renamed"),
        "sheet.hidden": (wb(lambda e: e.set("state", "visible" if any(ref) else "hidden")),
                         "visibility flipped"),
        "sheet.tab_color": (part(_tab_color(ref)), "tab color changed"),
        "sheet.freeze": (part(_freeze(ref)), "frozen panes changed"),
        "sheet.autofilter": (part(_remove("autoFilter")), "auto filter removed"),
        "sheet.autofilter.criteria": (part(_remove_children("autoFilter")),
                                      "filter criteria removed"),
        "sheet.sort": (part(_remove("sortState", deep=True)), "sort state removed"),
        "sheet.protected": (part(_protect(ref)), "protection flipped"),
        "sheet.print.orientation": (part(_orient(ref)), "print orientation flipped"),
        "sheet.values": (lambda ws, edit, t: _value_typo(ws, edit, t), "a cell value changed"),
        "sheet.print.paper": (part(_page_attr("paperSize", lambda v: "8" if v == "9" else "9")),
                              "paper size changed"),
        "sheet.print.fit": (part(_fit), "fit-to-page changed"),
        "sheet.print.titles": (lambda ws, edit, t: _print_name(ws, edit, t, "Print_Titles"),
                               "print titles changed"),
        "sheet.print.area": (lambda ws, edit, t: _print_name(ws, edit, t, "Print_Area"),
                             "print area changed"),
        "sheet.outline.rows": (part(_flatten_rows), "row outline flattened"),
        "sheet.outline": (part(_flatten_rows), "row outline flattened"),
    }
    if prop not in table:
        return []
    fn, what = table[prop]
    return [_mutation(f"sheet|{prop}|{where}", f"direct:{prop}", f"{where}: {what}",
                      _each(check, idx, fn))]


def _tab_color(ref):
    def fn(root):
        pr = root.find(_S + "sheetPr")
        if pr is None:
            pr = etree.Element(_S + "sheetPr")
            root.insert(0, pr)
        for old in pr.findall(_S + "tabColor"):
            pr.remove(old)
        color = "FF00B050" if "FF0000" in [str(r).upper() for r in ref] else "FFFF0000"
        tc = etree.Element(_S + "tabColor", rgb=color)
        pr.insert(0, tc)
        return f"tabColor={color}"
    return fn


def _freeze(ref):
    def fn(root):
        view = root.find(f"{_S}sheetViews/{_S}sheetView")
        if view is None:
            raise NotApplicable("no sheet view")
        pane = view.find(_S + "pane")
        if pane is not None and any(r != "none" for r in ref):
            view.remove(pane)
            for sel in view.findall(_S + "selection"):
                sel.attrib.pop("pane", None)
            return "pane removed"
        pane = etree.Element(_S + "pane", ySplit="1", topLeftCell="A2", activePane="bottomLeft",
                             state="frozen")
        view.insert(0, pane)
        return "frozen at A2"
    return fn


def _remove(tag: str, deep: bool = False):
    def fn(root):
        found = list(root.iter(_S + tag)) if deep else root.findall(_S + tag)
        if not found:
            raise NotApplicable(f"no {tag}")
        for el in found:
            el.getparent().remove(el)
        return f"{tag} removed"
    return fn


def _remove_children(tag: str):
    def fn(root):
        el = root.find(_S + tag)
        if el is None or not len(el):
            raise NotApplicable(f"no {tag} criteria")
        for child in list(el):
            el.remove(child)
        return f"{tag} criteria removed"
    return fn


def _protect(ref):
    def fn(root):
        el = root.find(_S + "sheetProtection")
        if el is not None:
            root.remove(el)
            return "protection removed"
        root.find(_S + "sheetData").addnext(etree.Element(_S + "sheetProtection", sheet="1"))
        return "protection added"
    return fn


def _orient(ref):
    def fn(root):
        el = root.find(_S + "pageSetup")
        if el is None:
            el = etree.SubElement(root, _S + "pageSetup")
        value = "portrait" if "landscape" in ref else "landscape"
        el.set("orientation", value)
        return f"orientation={value}"
    return fn


def _page_attr(attr: str, new: Callable[[str | None], str]):
    def fn(root):
        el = root.find(_S + "pageSetup")
        if el is None:
            el = etree.SubElement(root, _S + "pageSetup")
        el.set(attr, new(el.get(attr)))
        return f"pageSetup/@{attr}={el.get(attr)}"
    return fn


def _fit(root) -> str:
    pr = root.find(_S + "sheetPr")
    psp = pr.find(_S + "pageSetUpPr") if pr is not None else None
    if psp is not None and (psp.get("fitToPage") or "") in ("1", "true"):
        el = root.find(_S + "pageSetup")
        if el is None:
            el = etree.SubElement(root, _S + "pageSetup")
        el.set("fitToWidth", str(int(el.get("fitToWidth") or 1) + 1))
        return f"fitToWidth={el.get('fitToWidth')}"
    if pr is None:
        pr = etree.Element(_S + "sheetPr")
        root.insert(0, pr)
    if psp is None:
        psp = etree.SubElement(pr, _S + "pageSetUpPr")
    psp.set("fitToPage", "1")
    return "fitToPage on"


def _print_name(ws, edit, t, which: str) -> str:
    dn = edit.doc.root_el.find(_S + "definedNames")
    for el in dn.findall(_S + "definedName") if dn is not None else []:
        if (el.get("name") or "").lower() == f"_xlnm.{which}".lower() and \
                el.get("localSheetId") == str(t.sheet.index - 1):
            ws.touch(edit, el)
            el.text = re.sub(r"(\$?)(\d+)(?!.*\d)", lambda m: m.group(1) + str(
                int(m.group(2)) + 1), el.text or "", count=1)
            return f"{which} -> {el.text}"
    raise NotApplicable(f"no {which}")


def _flatten_rows(root) -> str:
    rows = [r for r in root.iter(_S + "row") if (r.get("outlineLevel") or "0") not in ("0", "")]
    if not rows:
        raise NotApplicable("no row outline")
    deepest = max(int(r.get("outlineLevel")) for r in rows)
    for r in rows:
        if int(r.get("outlineLevel")) == deepest:
            if deepest > 1:
                r.set("outlineLevel", str(deepest - 1))
            else:
                r.attrib.pop("outlineLevel", None)
    return f"rows at level {deepest} moved up"


def _value_typo(ws, edit, t) -> str:
    root = sheet_root(ws, edit, t.sheet)
    for c in root.iter(_S + "c"):
        if c.find(_S + "f") is None and c.get("t") in ("inlineStr",):
            return put_typo(list(c.iter(_S + "t")), None)
        v = c.find(_S + "v")
        if c.find(_S + "f") is None and v is not None and c.get("t") in (None, "n"):
            try:
                v.text = repr(float(v.text or "0") + 1)
            except ValueError:
                continue
            return f"{c.get('r')} + 1"
    raise NotApplicable("no constant number or inline text to change")


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

        def swap(ws, edit) -> str:
            sheets = edit.doc.root_el.find(_S + "sheets")
            items = sheets.findall(_S + "sheet")
            a_, b_ = items[n - 1], items[other - 1]
            ia, ib = sheets.index(a_), sheets.index(b_)
            sheets.remove(a_ if ia > ib else b_)
            sheets.insert(min(ia, ib), a_ if ia > ib else b_)
            ws.touch(edit, sheets)
            return f"sheets {n} and {other} swapped"
        out.append(_mutation(f"sheet-order|{n}", "reorder:sheet",
                             f"sheet {sheet.name!r} moved to position {other}", swap,
                             scope="rubric"))
    if total > 1 and check.property not in ("workbook.sheet_count",):
        def delete(ws, edit) -> str:
            entry = _sheet_entry(edit, edit.doc.sheets[n - 1])
            ws.touch(edit, entry)
            entry.getparent().remove(entry)
            return "sheet entry removed"
        out.append(_mutation(f"sheet-delete|{n}", "delete:sheet", f"sheet {sheet.name!r} "
                             f"deleted", delete, scope="rubric"))
    return out


def plan_workbook(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    first = ctx.doc.sheets[0] if ctx.doc.sheets else None  # type: ignore[attr-defined]
    if first is None:
        return []
    out = []
    if check.property == "workbook.sheet_names":
        def rename(ws, edit) -> str:
            e = _sheet_entry(edit, edit.doc.sheets[0])
            ws.touch(edit, e)
            e.set("name", (e.get("name") or "") + "1")
            return f"{e.get('name')}"
        out.append(_mutation("workbook-rename", "direct:workbook.sheet_names",
                             f"sheet {first.name!r} renamed", rename))
    from officeeval.excel.targets import SheetTarget
    return out + plan_sheet_order(ctx, Check(check.select, check.property, check.op),
                                  [SheetTarget(first)])


# ------------------------------------------------------------------ columns and rows
def plan_column(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "column" for i in idx):
        return []
    prop = check.property

    def fn(ws, edit, t) -> str:
        root = sheet_root(ws, edit, t.sheet)
        col = _own_col(root, t.col)
        if prop == "column.width":
            width = float(col.get("width") or 8.43) + 6
            col.set("width", f"{width:g}")
            col.set("customWidth", "1")
            return f"width={width:g}"
        hidden = (col.get("hidden") or "") in ("1", "true")
        col.set("hidden", "0" if hidden else "1")
        return f"hidden={not hidden}"

    return [_mutation(f"column|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", _each(check, idx, fn))]


def _own_col(root: etree._Element, n: int) -> etree._Element:
    """A ``col`` element covering exactly column ``n`` (splitting a wider range)."""
    cols = root.find(_S + "cols")
    if cols is None:
        cols = etree.Element(_S + "cols")
        root.find(_S + "sheetData").addprevious(cols)
    for col in cols.findall(_S + "col"):
        lo, hi = int(col.get("min") or 0), int(col.get("max") or 0)
        if lo <= n <= hi:
            if lo == hi:
                return col
            pos = cols.index(col)
            cols.remove(col)
            pieces = [(lo, n - 1), (n, n), (n + 1, hi)]
            out = None
            for a_, b_ in pieces:
                if a_ > b_:
                    continue
                el = etree.Element(_S + "col", dict(col.attrib))
                el.set("min", str(a_))
                el.set("max", str(b_))
                cols.insert(pos, el)
                pos += 1
                if a_ == n:
                    out = el
            return out  # type: ignore[return-value]
    el = etree.Element(_S + "col", min=str(n), max=str(n), width="8.43")
    before = [c for c in cols.findall(_S + "col") if int(c.get("min") or 0) > n]
    if before:
        before[0].addprevious(el)
    else:
        cols.append(el)
    return el


def plan_row(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "row" for i in idx):
        return []
    prop = check.property

    def fn(ws, edit, t) -> str:
        from officeeval.audit.mutators.excel_cells import cell_el
        root = sheet_root(ws, edit, t.sheet)
        c = cell_el(root, t.row, 1)
        row = c.getparent()
        if prop == "row.outline_level":
            lv = int(row.get("outlineLevel") or 0)
            new = lv - 1 if lv > 0 else 1
            if new:
                row.set("outlineLevel", str(new))
            else:
                row.attrib.pop("outlineLevel", None)
            return f"outlineLevel={new}"
        if prop == "row.height":
            h = float(row.get("ht") or t.sheet.default_row_height()) + 10
            row.set("ht", f"{h:g}")
            row.set("customHeight", "1")
            return f"ht={h:g}"
        hidden = (row.get("hidden") or "") in ("1", "true")
        row.set("hidden", "0" if hidden else "1")
        return f"hidden={not hidden}"

    return [_mutation(f"row|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", _each(check, idx, fn))]


PLANNERS: dict[str, Callable] = {
    **{p: plan_sheet for p in ("sheet.name", "sheet.hidden", "sheet.tab_color", "sheet.freeze",
                               "sheet.autofilter", "sheet.autofilter.criteria", "sheet.sort",
                               "sheet.protected", "sheet.print.orientation", "sheet.values",
                               "sheet.print.paper", "sheet.print.fit", "sheet.print.titles",
                               "sheet.print.area", "sheet.outline.rows", "sheet.outline")},
    "sheet.index": plan_sheet_order, "workbook.sheet_names": plan_workbook,
    "workbook.sheet_count": plan_workbook,
    "column.width": plan_column, "column.hidden": plan_column,
    "row.height": plan_row, "row.hidden": plan_row, "row.outline_level": plan_row,
}
