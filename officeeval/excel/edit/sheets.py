"""The XML of a sheet, for the writers of its properties: its entry in workbook.xml (name,
state) and its worksheet part, each reached from a target; a writer built from a ``put(el,
value) -> note`` on either."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import sheet_root
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, Write
from officeeval.targets import Target

_S = f"{{{S}}}"
Put = Callable[[etree._Element, Any], str]


def sheet_entry(session: Session, sheet) -> etree._Element:
    """The ``<sheet>`` element of ``sheet`` in workbook.xml, marked as changed."""
    sheets = session.doc.root_el.find(_S + "sheets")  # type: ignore[attr-defined]
    items = sheets.findall(_S + "sheet") if sheets is not None else []
    if sheet.index - 1 >= len(items):
        raise NotApplicable("sheet not listed")
    session.touch(items[sheet.index - 1])
    return items[sheet.index - 1]


def sheet_of(t: Target):
    """The sheet a target belongs to; raises ``NotApplicable`` for a target without one."""
    sheet = getattr(t, "sheet", None)
    if sheet is None:
        raise NotApplicable(f"no sheet for a {t.kind} target")
    return sheet


def on_entry(put: Put) -> Write:
    """The writer that puts the value on the target's sheet entry in workbook.xml."""
    def write(session: Session, target: Target, value: Any) -> str:
        return put(sheet_entry(session, sheet_of(target)), value)
    return write


def on_part(put: Put) -> Write:
    """The writer that puts the value into the root of the target's worksheet part."""
    def write(session: Session, target: Target, value: Any) -> str:
        return put(sheet_root(session, sheet_of(target)), value)
    return write


def rename_entry(entry: etree._Element, v: Any) -> str:
    """The sheet entry renamed ``v``."""
    entry.set("name", str(v))
    return f"name={v!r}"
