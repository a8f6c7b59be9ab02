"""The cell-level XML helpers Excel's writers share: a ``c`` element found or created in row
and column order, a constant written over a formula, merged ranges added or removed; and
formula results cached and constant cells listed (the audit's).

Worksheet parts are edited whole (the parsed part of the fresh view); the view itself
streams them, so the edited tree is the one serialized.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.errors import OfficeEvalError
from officeeval.excel.refs import col_index, col_letters
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target
from officeeval.values import CellValue

_S = f"{{{S}}}"
_REF = re.compile(r"^([A-Z]+)(\d+)$")


def sheet_root(session: Session, sheet) -> etree._Element:
    """A worksheet's parsed part, marked as changed."""
    if not sheet.part:
        raise NotApplicable(f"sheet {sheet.name!r} has no part")
    return session.part(sheet.part)


def cell_el(root: etree._Element, row: int, col: int, create: bool = True
            ) -> etree._Element | None:
    """The ``c`` element of a cell (created in row/column order when absent)."""
    data = root.find(_S + "sheetData")
    if data is None:
        if not create:
            return None
        data = etree.SubElement(root, _S + "sheetData")
    row_el = None
    for r in data.findall(_S + "row"):
        n = int(r.get("r") or 0)
        if n == row:
            row_el = r
            break
        if n > row:
            if not create:
                return None
            row_el = etree.Element(_S + "row", r=str(row))
            r.addprevious(row_el)
            break
    if row_el is None:
        if not create:
            return None
        row_el = etree.SubElement(data, _S + "row", r=str(row))
    ref = f"{col_letters(col)}{row}"
    for c in row_el.findall(_S + "c"):
        m = _REF.match(c.get("r") or "")
        n = (col_index(m.group(1)) or 0) if m else 0
        if n == col:
            return c
        if n > col:
            if not create:
                return None
            new = etree.Element(_S + "c", r=ref)
            c.addprevious(new)
            return new
    return etree.SubElement(row_el, _S + "c", r=ref) if create else None


def _clear_content(c: etree._Element) -> None:
    for tag in ("f", "v", "is"):
        for el in c.findall(_S + tag):
            c.remove(el)
    c.attrib.pop("t", None)
    c.attrib.pop("cm", None)


def write_value(c: etree._Element, value: CellValue) -> str:
    """Replace the cell's content (formula included) by a constant."""
    _clear_content(c)
    if value.kind == "text":
        c.set("t", "inlineStr")
        is_ = etree.SubElement(c, _S + "is")
        etree.SubElement(is_, _S + "t").text = str(value.value)
        return f"inline text {value.value!r}"
    if value.kind == "bool":
        c.set("t", "b")
        etree.SubElement(c, _S + "v").text = "1" if value.value else "0"
        return f"boolean {value.value}"
    if value.kind == "error":
        c.set("t", "e")
        etree.SubElement(c, _S + "v").text = str(value.value)
        return f"error {value.value}"
    if value.kind == "date":
        serial = value.extra.get("serial")
        if serial is None:
            raise NotApplicable("a date without its serial number")
        etree.SubElement(c, _S + "v").text = repr(float(serial))
        return f"serial {serial}"
    etree.SubElement(c, _S + "v").text = repr(float(value.value)) \
        if not float(value.value).is_integer() else str(int(value.value))
    return f"number {value.value}"


def detach_shared(root: etree._Element, t) -> None:
    """Before editing a shared formula's master, give every other member of its group its
    own formula text (read through the engine), so they keep their formulas."""
    c = cell_el(root, t.row, t.col, create=False)
    f = c.find(_S + "f") if c is not None else None
    if f is None or f.get("t") != "shared" or f.get("ref") is None:
        return
    si = f.get("si")
    from officeeval.excel.cells import formula_of
    for other in root.iter(_S + "c"):
        of = other.find(_S + "f")
        if other is c or of is None or of.get("t") != "shared" or of.get("si") != si:
            continue
        m = _REF.match(other.get("r") or "")
        if not m:
            continue
        got = formula_of(t.sheet, int(m.group(2)), col_index(m.group(1)) or 0)
        of.attrib.clear()
        of.text = (got[0] if got else "").lstrip("=")


def target_cell(session: Session, t: Target) -> tuple[etree._Element, etree._Element]:
    """The worksheet root (marked as changed) and the ``c`` element (created when absent)
    of cell target ``t``; raises ``NotApplicable`` for a target that is not a cell."""
    if t.kind != "cell":
        raise NotApplicable(f"not a cell: {t.kind}")
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    return root, cell_el(root, t.row, t.col)  # type: ignore[attr-defined]


def set_merge(session: Session, t: Target, ref: str | None) -> str:
    """Remove the merged range holding cell ``t``; with ``ref``, merge ``ref`` instead.
    Raises ``NotApplicable`` for removing the merge of a cell that is not merged."""
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    area = t.sheet.merge_at(t.row, t.col)  # type: ignore[attr-defined]
    merges = root.find(_S + "mergeCells")
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


def cache_formula_results(session: Session) -> int:
    """Every uncached formula result written as its cached value, as Excel saves it (and
    ``fullCalcOnLoad`` dropped); returns how many. Values the engine cannot compute are
    left uncached."""
    from officeeval.excel.cells import cell_value
    doc = session.doc
    calc = doc.root_el.find(_S + "calcPr")  # type: ignore[attr-defined]
    fresh = calc is not None and calc.get("fullCalcOnLoad") is not None
    written = 0
    for sheet in doc.sheets:  # type: ignore[attr-defined]
        if sheet.kind != "worksheet" or not sheet.part:
            continue
        root = doc.package.xml(sheet.part)
        for c in root.iter(_S + "c"):
            f = c.find(_S + "f")
            if f is None or (c.find(_S + "v") is not None and not fresh):
                continue
            m = _REF.match(c.get("r") or "")
            if not m:
                continue
            try:
                v, _ = cell_value(sheet, int(m.group(2)), col_index(m.group(1)) or 0)
            except OfficeEvalError:
                continue
            if v.kind == "empty":
                continue
            _cache(c, v)
            session.part(sheet.part)
            written += 1
    if fresh:
        calc.attrib.pop("fullCalcOnLoad", None)
        session.touch(calc)
    return written


def _cache(c: etree._Element, v: CellValue) -> None:
    """Write ``v`` as the cached result of formula cell ``c`` (the formula stays)."""
    for old in c.findall(_S + "v"):
        c.remove(old)
    el = c.makeelement(_S + "v", {})
    c.append(el)
    c.attrib.pop("t", None)
    if v.kind == "text":
        c.set("t", "str")
        el.text = str(v.value)
    elif v.kind == "bool":
        c.set("t", "b")
        el.text = "1" if v.value else "0"
    elif v.kind == "error":
        c.set("t", "e")
        el.text = str(v.value)
    elif v.kind == "date":
        el.text = repr(float(v.extra.get("serial") or 0))
    else:
        x = float(v.value)
        el.text = str(int(x)) if x.is_integer() else repr(x)


def constant_cells(doc) -> list[tuple[Any, int, int, str]]:
    """(sheet, row, column, reference) of every cell holding a value or inline text, sheet
    by sheet in order."""
    out = []
    for sheet in doc.sheets:
        if sheet.kind != "worksheet" or not sheet.part:
            continue
        root = doc.package.xml(sheet.part)
        for cell in root.iter(_S + "c"):
            m = _REF.match(cell.get("r") or "")
            if not m or cell.find(_S + "v") is None and cell.find(_S + "is") is None:
                continue
            out.append((sheet, int(m.group(2)), col_index(m.group(1)) or 0, cell.get("r")))
    return out
