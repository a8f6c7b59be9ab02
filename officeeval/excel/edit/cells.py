"""Writers of cell values and formulas, and the cell-level XML helpers (a ``c`` element
found or created in row and column order, a constant written over a formula, formula
results cached).

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
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import CellValue

WRITERS = WriterSet()
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


def _cell(session: Session, t: Target) -> tuple[etree._Element, etree._Element]:
    if t.kind != "cell":
        raise NotApplicable(f"not a cell: {t.kind}")
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    return root, cell_el(root, t.row, t.col)  # type: ignore[attr-defined]


@WRITERS.writer("cell.value")
def value(session: Session, target: Target, new: Any) -> str:
    """A constant (any formula removed): a ``CellValue``, or a number, text or truth
    value."""
    cv = new if isinstance(new, CellValue) else CellValue(
        "bool" if isinstance(new, bool) else "number" if isinstance(new, (int, float))
        else "text", new)
    root, c = _cell(session, target)
    detach_shared(root, target)
    return write_value(c, cv)


@WRITERS.writer("cell.formula")
def formula(session: Session, target: Target, new: Any) -> str:
    """The formula text (the cached result kept: a formula check, not a value check, must
    notice)."""
    root, c = _cell(session, target)
    detach_shared(root, target)
    c = cell_el(root, target.row, target.col)  # type: ignore[attr-defined]
    f = c.find(_S + "f")
    if f is None:
        f = etree.Element(_S + "f")
        c.insert(0, f)
    before = f"={f.text} -> " if f.text else ""
    f.attrib.clear()
    f.text = str(new).lstrip("=")
    return f"{before}={f.text}"


@WRITERS.writer("cell.has_formula")
def has_formula(session: Session, target: Target, new: Any) -> str:
    """False: the formula replaced by its own value (pasted values); a formula cannot be
    made up (true on a constant raises ``NotApplicable``)."""
    if new:
        raise NotApplicable("no formula to write")
    from officeeval.excel.cells import cell_value
    try:
        v, _ = cell_value(target.sheet, target.row, target.col)  # type: ignore[attr-defined]
    except OfficeEvalError as exc:
        raise NotApplicable(f"the formula's value is not known: {exc}") from exc
    return value(session, target, v)


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


def _shown_text_writer(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, new: Any) -> str:
        """The text the cell shows, written as a text constant (any formula removed)."""
        root, c = _cell(session, target)
        detach_shared(root, target)
        return write_value(c, CellValue("text", str(new)))


for _name in ("text", "cell.text", "cell.display"):
    _shown_text_writer(_name)
