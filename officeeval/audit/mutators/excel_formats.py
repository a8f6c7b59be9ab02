"""Excel formatting mutants: the cell gets a copy of its format (``cellXfs``) with its own
font, fill, border, alignment or number format changed, so no other cell sharing the format
changes; merges added or removed."""

from __future__ import annotations

import copy
from typing import Any, Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
    render, vtype_of,
)
from officeeval.audit.mutators.excel_cells import _FORMATS, _S, _cells, cell_el, sheet_root
from officeeval.audit.mutators.mistakes import sizes
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Border


# ------------------------------------------------------------------ formatting
def _styles_root(ws, edit) -> etree._Element:
    doc = edit.doc
    name = doc.package.related_one(doc.main, "styles")
    if name is None:
        raise NotApplicable("no styles part")
    return ws.touch_part(edit, name)


def _list(root: etree._Element, tag: str, item: str) -> etree._Element:
    el = root.find(_S + tag)
    if el is None:
        raise NotApplicable(f"styles.xml has no {tag}")
    return el


def _append(lst: etree._Element, el: etree._Element) -> int:
    lst.append(el)
    lst.set("count", str(len(lst)))
    return len(lst) - 1


def restyle(ws, edit, t, change: Callable[[etree._Element, etree._Element], str]) -> str:
    """Give cell ``t`` a copy of its format changed by ``change(xf, styles_root)``."""
    styles = _styles_root(ws, edit)
    xfs = _list(styles, "cellXfs", "xf")
    root = sheet_root(ws, edit, t.sheet)
    c = cell_el(root, t.row, t.col)
    current = int(c.get("s") or t.sheet.style_at(t.row, t.col) or 0)
    base = xfs[current] if current < len(xfs) else xfs[0]
    xf = copy.deepcopy(base)
    note = change(xf, styles)
    c.set("s", str(_append(xfs, xf)))
    return note


def _font_change(apply_font: Callable[[etree._Element], str]):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        fonts = _list(styles, "fonts", "font")
        fid = int(xf.get("fontId") or 0)
        font = copy.deepcopy(fonts[fid] if fid < len(fonts) else fonts[0])
        note = apply_font(font)
        xf.set("fontId", str(_append(fonts, font)))
        xf.set("applyFont", "1")
        return note
    return change


def _font_child(tag: str, attr: str = "val", drop_others: bool = False):
    def write(value: Any) -> Callable[[etree._Element], str]:
        def apply(font: etree._Element) -> str:
            el = font.find(_S + tag)
            if value is None or value is False:
                if el is not None:
                    font.remove(el)
                return f"{tag} removed"
            if el is None:
                el = etree.SubElement(font, _S + tag)
            if drop_others:
                el.attrib.clear()
            if value is not True:
                el.set(attr, str(value))
            return f"{tag}={value}"
        return apply
    return write


_FONT_WRITERS: dict[str, tuple[Callable, Callable[[list], list]]] = {
    "font.bold": (_font_child("b"), lambda ref: [not ref[0]] if ref else [True]),
    "font.italic": (_font_child("i"), lambda ref: [not ref[0]] if ref else [True]),
    "font.strike": (_font_child("strike"), lambda ref: [not ref[0]] if ref else [True]),
    "font.size": (_font_child("sz"), lambda ref: [s.pt for s in sizes(ref)]),
    "font.name": (_font_child("name"), lambda ref: [f for f in ("Arial", "宋体", "黑体")
                                                   if f not in ref]),
    "font.east_asia": (_font_child("name"), lambda ref: [f for f in ("宋体", "黑体", "Arial")
                                                        if f not in ref]),
    "font.underline": (_font_child("u"), lambda ref: ["double" if ref and ref[0] == "single"
                                                      else "single"] if ref and ref[0] not in
                       (None, "none") else ["single"]),
    "font.color": (_font_child("color", "rgb", True),
                   lambda ref: [c for c in ("FFFF0000", "FF0000FF", "FF000000")
                                if c[2:] not in ref]),
}


def _fill_change(color: str):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        fills = _list(styles, "fills", "fill")
        fill = etree.Element(_S + "fill")
        if color == "none":
            etree.SubElement(fill, _S + "patternFill", patternType="none")
        else:
            pf = etree.SubElement(fill, _S + "patternFill", patternType="solid")
            etree.SubElement(pf, _S + "fgColor", rgb="FF" + color)
            etree.SubElement(pf, _S + "bgColor", indexed="64")
        xf.set("fillId", str(_append(fills, fill)))
        xf.set("applyFill", "1")
        return f"fill {color}"
    return change


def _border_change(side: str, style: str):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        borders = _list(styles, "borders", "border")
        bid = int(xf.get("borderId") or 0)
        border = copy.deepcopy(borders[bid] if bid < len(borders) else borders[0])
        el = border.find(_S + side)
        if el is None:
            el = etree.SubElement(border, _S + side)
        for child in list(el):
            el.remove(child)
        if style == "none":
            el.attrib.pop("style", None)
        else:
            el.set("style", style)
            etree.SubElement(el, _S + "color", indexed="64")
        xf.set("borderId", str(_append(borders, border)))
        xf.set("applyBorder", "1")
        return f"{side} border {style}"
    return change


def _align_change(attr: str, value: str):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        al = xf.find(_S + "alignment")
        if al is None:
            al = etree.SubElement(xf, _S + "alignment")
        al.set(attr, value)
        xf.set("applyAlignment", "1")
        return f"alignment/@{attr}={value}"
    return change


def _numfmt_change(num_id: int):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        xf.set("numFmtId", str(num_id))
        xf.set("applyNumberFormat", "1")
        return f"numFmtId={num_id}"
    return change


def plan_format(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not _cells(check, targets, idx):
        return []
    prop = check.property or ""
    ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
    vtype = vtype_of(check, "excel")
    change, shown = _format_change(prop, ref)
    if change is None:
        return []

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            note = restyle(ws, edit, t, change)
        return note

    return [Mutation(key=f"format|{prop}|{check.select}|{idx}|{shown}",
                     operator=f"direct:{prop}", apply=apply,
                     description=f"{locators(targets, idx)}: {prop} "
                                 f"{render(vtype, ref[0]) if ref else '(none)'} -> {shown}")]


def _format_change(prop: str, ref: list[Any]) -> tuple[Callable | None, str]:
    if prop in _FONT_WRITERS:
        writer, values = _FONT_WRITERS[prop]
        vals = values(ref)
        if not vals:
            return None, ""
        return _font_change(writer(vals[0])), str(vals[0])
    if prop == "cell.fill.color":
        color = next(c for c in ("none", "FFFF00", "FF0000") if c not in
                     [str(r).upper() for r in ref])
        return _fill_change(color), color
    if prop.startswith("cell.border."):
        side = prop.rsplit(".", 1)[1]
        has = any(isinstance(r, Border) and r.style not in ("none", "nil") for r in ref)
        style = "none" if has else "thin"
        return _border_change(side, style), style
    if prop == "cell.alignment.horizontal":
        value = next(v for v in ("center", "left", "right") if v not in ref)
        return _align_change("horizontal", value), value
    if prop == "cell.alignment.vertical":
        value = next(v for v in ("center", "top", "bottom") if v not in ref)
        return _align_change("vertical", value), value
    if prop == "cell.wrap":
        value = "0" if any(r is True for r in ref) else "1"
        return _align_change("wrapText", value), value
    if prop in ("cell.number_format", "cell.display"):
        code, num = next((c, n) for c, n in _FORMATS if c.lower() not in
                         [str(r).lower() for r in ref])
        return _numfmt_change(num), code
    return None, ""


def plan_merge(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not _cells(check, targets, idx):
        return []

    def apply(ws, edit) -> str:
        from officeeval.excel.refs import cell_ref
        for t in refind(edit, check.select, idx):
            root = sheet_root(ws, edit, t.sheet)  # type: ignore[attr-defined]
            area = t.sheet.merge_at(t.row, t.col)  # type: ignore[attr-defined]
            merges = root.find(_S + "mergeCells")
            if area is not None:
                for m in list(merges if merges is not None else []):
                    if (m.get("ref") or "").upper() == str(area).upper():
                        merges.remove(m)
                merges.set("count", str(len(merges)))
                return f"merge {area} removed"
            if merges is None:
                merges = etree.Element(_S + "mergeCells")
                root.find(_S + "sheetData").addnext(merges)
            ref = f"{cell_ref(t.row, t.col)}:{cell_ref(t.row, t.col + 1)}"  # type: ignore
            etree.SubElement(merges, _S + "mergeCell", ref=ref)
            merges.set("count", str(len(merges)))
            return f"merge {ref} added"
        return ""

    return [Mutation(key=f"merge|{check.select}|{idx}", operator="direct:cell.merged",
                     apply=apply, description=f"{locators(targets, idx)}: merge toggled")]


PLANNERS: dict[str, Callable] = {
    **{p: plan_format for p in (*_FONT_WRITERS, "cell.fill.color", "cell.border.top",
                                "cell.border.bottom", "cell.border.left", "cell.border.right",
                                "cell.alignment.horizontal", "cell.alignment.vertical",
                                "cell.wrap", "cell.number_format", "cell.display")},
    "cell.merged": plan_merge, "cell.merge_range": plan_merge,
}
