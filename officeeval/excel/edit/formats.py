"""The XML of a cell's format, for the writers of cell formatting: the cell gets a copy of
its format (``cellXfs``) with its own font, fill, border, alignment or number format changed,
so no other cell sharing the format changes. Number formats are found or added by code."""

from __future__ import annotations

import copy
from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import cell_el, sheet_root
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, Write
from officeeval.targets import Target

_S = f"{{{S}}}"
# A change of a copied format: ``change(xf, styles_root) -> note``.
Change = Callable[[etree._Element, etree._Element], str]
# Built-in number formats by code (the ones a mistake is made of).
BUILTIN_IDS = {"General": 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9,
               "0.00%": 10, "yyyy-m-d": 14}


def styles_root(session: Session) -> etree._Element:
    """The workbook's styles part, marked as changed; ``NotApplicable`` without one."""
    doc = session.doc
    name = doc.package.related_one(doc.main, "styles")  # type: ignore[attr-defined]
    if name is None:
        raise NotApplicable("no styles part")
    return session.part(name)


def _list(root: etree._Element, tag: str) -> etree._Element:
    el = root.find(_S + tag)
    if el is None:
        raise NotApplicable(f"styles.xml has no {tag}")
    return el


def _append(lst: etree._Element, el: etree._Element) -> int:
    lst.append(el)
    lst.set("count", str(len(lst)))
    return len(lst) - 1


def restyle(session: Session, t: Target,
            change: Change) -> str:
    """Give cell ``t`` a copy of its format changed by ``change(xf, styles_root)``."""
    if t.kind != "cell":
        raise NotApplicable(f"not a cell: {t.kind}")
    styles = styles_root(session)
    xfs = _list(styles, "cellXfs")
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    c = cell_el(root, t.row, t.col)  # type: ignore[attr-defined]
    current = int(c.get("s") or t.sheet.style_at(t.row, t.col) or 0)  # type: ignore
    base = xfs[current] if current < len(xfs) else xfs[0]
    xf = copy.deepcopy(base)
    note = change(xf, styles)
    c.set("s", str(_append(xfs, xf)))
    return note


def _font_change(apply_font: Callable[[etree._Element], str]):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        fonts = _list(styles, "fonts")
        fid = int(xf.get("fontId") or 0)
        font = copy.deepcopy(fonts[fid] if fid < len(fonts) else fonts[0])
        note = apply_font(font)
        xf.set("fontId", str(_append(fonts, font)))
        xf.set("applyFont", "1")
        return note
    return change


def font_child(tag: str, attr: str = "val", drop_others: bool = False,
               fmt: Callable[[Any], Any] = lambda v: v) -> Write:
    """The writer of a property of the cell's font held by its child ``tag`` (``b``,
    ``sz``): the value (``fmt(value)``) set on ``attr`` (``drop_others``: the child's
    other attributes dropped first), the child removed for none or false."""
    def write(session: Session, target: Target, value: Any) -> str:
        value = fmt(value)

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
        return restyle(session, target, _font_change(apply))
    return write


def fill_change(color: str) -> Change:
    """The ``restyle`` change giving the cell a solid fill of ``color`` (``none``: no
    fill)."""
    def change(xf: etree._Element, styles: etree._Element) -> str:
        fills = _list(styles, "fills")
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


def border_change(side: str, style: str) -> Change:
    """The ``restyle`` change setting the cell's border on ``side`` to ``style``."""
    def change(xf: etree._Element, styles: etree._Element) -> str:
        borders = _list(styles, "borders")
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


def align_change(attr: str, value: str) -> Change:
    """The ``restyle`` change setting the cell's ``alignment/@attr`` to ``value``."""
    def change(xf: etree._Element, styles: etree._Element) -> str:
        al = xf.find(_S + "alignment")
        if al is None:
            al = etree.SubElement(xf, _S + "alignment")
        al.set(attr, value)
        xf.set("applyAlignment", "1")
        return f"alignment/@{attr}={value}"
    return change


def format_id(styles: etree._Element, code: str) -> int:
    """The ``numFmtId`` of a format code: a built-in's id (or an id given as digits), else a
    custom ``numFmt`` added to the styles part."""
    num = BUILTIN_IDS.get(code)
    if num is None and code.isdigit():
        num = int(code)
    if num is None:
        fmts = styles.find(_S + "numFmts")
        if fmts is None:
            fmts = etree.Element(_S + "numFmts")
            styles.insert(0, fmts)
        taken = [int(f.get("numFmtId")) for f in fmts if (f.get("numFmtId") or "").isdigit()]
        num = max([163, *taken]) + 1
        etree.SubElement(fmts, _S + "numFmt", numFmtId=str(num), formatCode=code)
        fmts.set("count", str(len(fmts)))
    return num
