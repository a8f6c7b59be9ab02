"""Writers of cell formatting: the cell gets a copy of its format (``cellXfs``) with its own
font, fill, border, alignment or number format changed, so no other cell sharing the format
changes; and merged ranges added or removed."""

from __future__ import annotations

import copy
from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import cell_el, sheet_root
from officeeval.excel.refs import cell_ref
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Border

WRITERS = WriterSet()
_S = f"{{{S}}}"
# Built-in number formats by code (the ones a mistake is made of).
BUILTIN_IDS = {"General": 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9,
               "0.00%": 10, "yyyy-m-d": 14}
_UNDERLINE = {"single": "single", "double": "double", "single_accounting": "singleAccounting",
              "double_accounting": "doubleAccounting"}


def styles_root(session: Session) -> etree._Element:
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
            change: Callable[[etree._Element, etree._Element], str]) -> str:
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


def _font_child(tag: str, attr: str = "val", drop_others: bool = False,
                fmt: Callable[[Any], Any] = lambda v: v) -> Callable:
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


def _size(v: Any) -> Any:
    from officeeval.values import Measure
    return v.pt if isinstance(v, Measure) else v


WRITERS.writer("font.bold")(_font_child("b"))
WRITERS.writer("font.italic")(_font_child("i"))
WRITERS.writer("font.strike")(_font_child("strike"))
WRITERS.writer("font.size")(_font_child("sz", fmt=_size))
WRITERS.writer("font.name")(_font_child("name"))
WRITERS.writer("font.east_asia")(_font_child("name"))
WRITERS.writer("font.underline")(_font_child(
    "u", fmt=lambda v: None if str(v) == "none" else _UNDERLINE.get(str(v), str(v))))
WRITERS.writer("font.color")(_font_child(
    "color", "rgb", True, fmt=lambda v: "FF" + str(v) if len(str(v)) == 6 else str(v)))
WRITERS.writer("font.superscript")(_font_child(
    "vertAlign", fmt=lambda v: "superscript" if v else None))
WRITERS.writer("font.subscript")(_font_child(
    "vertAlign", fmt=lambda v: "subscript" if v else None))


def _fill_change(color: str):
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


@WRITERS.writer("cell.fill.color")
def fill_color(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, _fill_change(str(value)))


def _border_change(side: str, style: str):
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


def _border_writer(prop: str, side: str) -> None:
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        style = value.style if isinstance(value, Border) else str(value)
        return restyle(session, target, _border_change(side, style))


_border_writer("cell.border.top", "top")
_border_writer("cell.border.bottom", "bottom")
_border_writer("cell.border.left", "left")
_border_writer("cell.border.right", "right")


def _align_change(attr: str, value: str):
    def change(xf: etree._Element, styles: etree._Element) -> str:
        al = xf.find(_S + "alignment")
        if al is None:
            al = etree.SubElement(xf, _S + "alignment")
        al.set(attr, value)
        xf.set("applyAlignment", "1")
        return f"alignment/@{attr}={value}"
    return change


def _align_writer(name: str, attr: str, fmt: Callable[[Any], str]) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return restyle(session, target, _align_change(attr, fmt(value)))


_align_writer("cell.alignment.horizontal", "horizontal", str)
_align_writer("cell.alignment.vertical", "vertical", str)
_align_writer("cell.wrap", "wrapText", lambda v: "1" if v else "0")
_align_writer("cell.indent", "indent", lambda v: str(int(v)))


@WRITERS.writer("cell.locked")
def locked(session: Session, target: Target, value: Any) -> str:
    def change(xf: etree._Element, styles: etree._Element) -> str:
        pr = xf.find(_S + "protection")
        if pr is None:
            pr = etree.SubElement(xf, _S + "protection")
        pr.set("locked", "1" if value else "0")
        xf.set("applyProtection", "1")
        return f"protection/@locked={int(bool(value))}"
    return restyle(session, target, change)


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


@WRITERS.writer("cell.number_format")
def number_format(session: Session, target: Target, value: Any) -> str:
    """A built-in format by its code (``0.00``) or id, else a custom format added."""
    code = str(value)

    def change(xf: etree._Element, styles: etree._Element) -> str:
        num = format_id(styles, code)
        xf.set("numFmtId", str(num))
        xf.set("applyNumberFormat", "1")
        return f"numFmtId={num}"
    return restyle(session, target, change)


# ------------------------------------------------------------------ merges
def _merges(root: etree._Element) -> etree._Element | None:
    return root.find(_S + "mergeCells")


def _set_merge(session: Session, t: Target, ref: str | None) -> str:
    """Remove the merged range holding ``t``; with ``ref``, merge ``ref`` instead."""
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    area = t.sheet.merge_at(t.row, t.col)  # type: ignore[attr-defined]
    merges = _merges(root)
    if area is not None and merges is not None:
        for m in list(merges):
            if (m.get("ref") or "").upper() == str(area).upper():
                merges.remove(m)
        merges.set("count", str(len(merges)))
    if ref is None:
        if area is None:
            raise NotApplicable("the cell is not merged")
        return f"merge {area} removed"
    if merges is None:
        merges = etree.Element(_S + "mergeCells")
        root.find(_S + "sheetData").addnext(merges)
    etree.SubElement(merges, _S + "mergeCell", ref=ref)
    merges.set("count", str(len(merges)))
    return f"merge {ref} added"


@WRITERS.writer("cell.merged")
def merged(session: Session, target: Target, value: Any) -> str:
    """True: the cell merged with its right neighbour; false: its merge removed."""
    if value:
        if target.sheet.merge_at(target.row, target.col) is not None:  # type: ignore
            raise NotApplicable("already merged")
        ref = f"{cell_ref(target.row, target.col)}:{cell_ref(target.row, target.col + 1)}"  # type: ignore
        return _set_merge(session, target, ref)
    return _set_merge(session, target, None)


@WRITERS.writer("cell.merge_range")
def merge_range(session: Session, target: Target, value: Any) -> str:
    """The merged range holding the cell (``none``/empty: not merged)."""
    ref = str(value).replace("$", "") if value not in (None, "", "none") else None
    return _set_merge(session, target, ref)


@WRITERS.writer("cell.span")
def span(session: Session, target: Target, value: Any) -> str:
    """``RxC`` from the cell: a merged range of that many rows and columns (``1x1``: not
    merged)."""
    rows, _, cols = str(value).lower().partition("x")
    r, c = int(rows), int(cols or 1)
    if (r, c) == (1, 1):
        return _set_merge(session, target, None)
    ref = f"{cell_ref(target.row, target.col)}:" \
          f"{cell_ref(target.row + r - 1, target.col + c - 1)}"  # type: ignore[attr-defined]
    return _set_merge(session, target, ref)
