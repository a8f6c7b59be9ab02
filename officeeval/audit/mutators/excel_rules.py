"""Excel mutants of rules and objects: conditional formats and validations deleted or
changed (operator, range, formula, format), tables restyled/renamed/resized, pivot tables
dropped or their fields changed, defined names pointing one row off."""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators,
)
from officeeval.audit.mutators.excel_cells import sheet_root
from officeeval.audit.mutators.excel_sheets import _each, _mutation
from officeeval.audit.mutators.texts import put_typo, typo
from officeeval.ooxml.ns import A, C, R, S
from officeeval.rubric.model import Check
from officeeval.targets import Target

_S, _C, _A, _R = f"{{{S}}}", f"{{{C}}}", f"{{{A}}}", f"{{{R}}}"


def _rule_el(ws, edit, t, container: str, item: str) -> etree._Element:
    """The n-th base rule element of a sheet (conditional formats, validations), in the
    view's order; extension (x14) rules are not edited."""
    root = sheet_root(ws, edit, t.sheet)
    rules = [r for c in root.findall(_S + container) for r in c.findall(_S + item)] \
        if container == "conditionalFormatting" else \
        [r for c in root.findall(_S + container) for r in c.findall(_S + item)]
    n = int(re.search(r"\[(\d+)\]$", t.locator).group(1))  # type: ignore[union-attr]
    if n - 1 >= len(rules):
        raise NotApplicable("an extension rule")
    return rules[n - 1]


def plan_rule(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    kind = targets[0].kind if targets else ""
    if idx is None or kind not in ("conditional_format", "validation") or any(
            targets[i].kind != kind for i in idx):
        return []
    cf = kind == "conditional_format"
    container, item = ("conditionalFormatting", "cfRule") if cf else ("dataValidations",
                                                                      "dataValidation")
    prop = check.property or ""
    where = locators(targets, idx)

    def delete(ws, edit, t) -> str:
        el = _rule_el(ws, edit, t, container, item)
        parent = el.getparent()
        parent.remove(el)
        if not len(parent):
            parent.getparent().remove(parent)
        return f"{item} removed"

    def change(ws, edit, t) -> str:
        el = _rule_el(ws, edit, t, container, item)
        if prop.endswith(".operator"):
            new = "lessThan" if el.get("operator") != "lessThan" else "greaterThan"
            el.set("operator", new)
            return f"operator={new}"
        if prop.endswith(".range"):
            holder = el.getparent() if cf else el
            sq = holder.get("sqref") or ""
            holder.set("sqref", re.sub(r"\d+", lambda m: str(int(m.group()) + 1), sq, count=1))
            return f"sqref={holder.get('sqref')}"
        if prop in ("cf.fill.color", "cf.font.color", "cf.font.bold"):
            return _new_dxf(ws, edit, el, prop)
        if prop == "cf.rank":
            el.set("rank", str(int(el.get("rank") or 10) + 1))
            return f"rank={el.get('rank')}"
        if prop == "cf.text" and el.get("text"):
            v = el.get("text")
            el.set("text", v[:-1] + typo(v[-1]))
            return f"text={el.get('text')!r}"
        f = el.find(_S + ("formula" if cf else "formula1"))
        if f is None or not f.text:
            raise NotApplicable("no formula")
        if re.search(r"\d", f.text):
            f.text = re.sub(r"\d+(\.\d+)?", lambda m: str(float(m.group()) + 1).rstrip("0")
                            .rstrip("."), f.text, count=1)
        else:
            put_typo([f], None)
        return f"formula={f.text}"

    out = []
    if not prop.endswith(".type"):
        out.append(_mutation(f"rule|{prop}|{where}", f"direct:{prop}",
                             f"{where}: {prop} changed", _each(check, idx, change)))
    out.append(_mutation(f"delete|{where}", f"delete:{kind}", f"{where} deleted",
                         _each(check, idx, delete), scope="rubric"))
    return out


def _new_dxf(ws, edit, rule: etree._Element, prop: str) -> str:
    from officeeval.audit.mutators.excel_formats import _styles_root
    styles = _styles_root(ws, edit)
    dxfs = styles.find(_S + "dxfs")
    if dxfs is None:
        dxfs = etree.SubElement(styles, _S + "dxfs")
    dxf = etree.SubElement(dxfs, _S + "dxf")
    if prop == "cf.fill.color":
        fill = etree.SubElement(dxf, _S + "fill")
        pf = etree.SubElement(fill, _S + "patternFill", patternType="solid")
        etree.SubElement(pf, _S + "bgColor", rgb="FF00B0F0")
    else:
        font = etree.SubElement(dxf, _S + "font")
        etree.SubElement(font, _S + "color", rgb="FF00B0F0")
    dxfs.set("count", str(len(dxfs)))
    rule.set("dxfId", str(len(dxfs) - 1))
    return "dxf replaced"


def plan_table(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property or ""

    def fn(ws, edit, t) -> str:
        root = ws.touch_part(edit, t.table.part)
        if prop == "table.style":
            info = root.find(_S + "tableStyleInfo")
            if info is None:
                info = etree.SubElement(root, _S + "tableStyleInfo")
            new = "TableStyleLight1" if info.get("name") != "TableStyleLight1" else \
                "TableStyleMedium9"
            info.set("name", new)
            return f"style={new}"
        if prop == "table.name":
            root.set("displayName", (root.get("displayName") or "T") + "1")
            root.set("name", root.get("displayName"))
            return "renamed"
        if prop == "table.total_row":
            shown = (root.get("totalsRowCount") or "0") not in ("0", "")
            if shown:
                root.attrib.pop("totalsRowCount", None)
            else:
                root.set("totalsRowCount", "1")
            return f"totals row {'off' if shown else 'on'}"
        ref = root.get("ref") or ""
        root.set("ref", re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) - 1), ref))
        return f"ref={root.get('ref')}"

    return [_mutation(f"table|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", _each(check, idx, fn))]


def plan_pivot(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """A pivot table's sheet relationship dropped (the pivot is gone), and for fields the
    first row/column/data field removed or its function changed."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "pivot" for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)

    def part_of(t) -> str:
        part = getattr(t.pivot, "part", None)
        if not part:
            raise NotApplicable("the pivot's part is not known")
        return part

    def field_change(ws, edit, t) -> str:
        root = ws.touch_part(edit, part_of(t))
        if prop == "pivot.values":
            df = next(root.iter(_S + "dataField"), None)
            if df is None:
                raise NotApplicable("no data field")
            new = "count" if (df.get("subtotal") or "sum") != "count" else "sum"
            df.set("subtotal", new)
            return f"subtotal={new}"
        tag = {"pivot.rows": "rowFields", "pivot.columns": "colFields",
               "pivot.filters": "pageFields"}.get(prop)
        lst = root.find(_S + tag) if tag else None
        if lst is None or not len(lst):
            raise NotApplicable(f"no {tag}")
        lst.remove(lst[0])
        lst.set("count", str(len(lst)))
        if not len(lst):
            root.remove(lst)
        return f"first of {tag} removed"

    def delete(ws, edit, t) -> str:
        sheet_part = t.sheet.part
        folder, base = sheet_part.rsplit("/", 1)
        rels = ws.touch_part(edit, f"{folder}/_rels/{base}.rels")
        target = part_of(t)
        for rel in list(rels):
            if (rel.get("Type") or "").endswith("/pivotTable") and \
                    target.rsplit("/", 1)[-1] == (rel.get("Target") or "").rsplit("/", 1)[-1]:
                rels.remove(rel)
                return "pivot relationship removed"
        raise NotApplicable("no pivot relationship")

    out = []
    if prop in ("pivot.values", "pivot.rows", "pivot.columns", "pivot.filters"):
        out.append(_mutation(f"pivot|{prop}|{where}", f"direct:{prop}",
                             f"{where}: {prop} changed", _each(check, idx, field_change)))
    out.append(_mutation(f"delete|{where}", "delete:pivot", f"{where} deleted",
                         _each(check, idx, delete), scope="rubric"))
    return out


def plan_name(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "name" for i in idx):
        return []

    def fn(ws, edit, t) -> str:
        dn = edit.doc.root_el.find(_S + "definedNames")
        for el in dn.findall(_S + "definedName") if dn is not None else []:
            if el.get("name") == t.name.name:
                ws.touch(edit, el)
                el.text = re.sub(r"(\$?)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1),
                                 el.text or "", count=1)
                return f"refers to {el.text}"
        raise NotApplicable("name not found")

    return [_mutation(f"name|{check.select}|{idx}", "direct:name.refers_to",
                      f"{locators(targets, idx)}: reference one row off",
                      _each(check, idx, fn))]


PLANNERS: dict[str, Callable] = {
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
}
