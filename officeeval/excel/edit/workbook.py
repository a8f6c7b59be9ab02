"""Writers of the workbook: the order of its sheets (swapped, deleted, renamed in tab
order, fewer of them) and its date system."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel.edit.sheets import rename_entry, sheet_entry, sheet_of
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_S = f"{{{S}}}"


def swap_sheets(session: Session, n: int, other: int) -> str:
    """Sheets ``n`` and ``other`` (1-based) swapped in the tab order (workbook.xml)."""
    sheets = session.doc.root_el.find(_S + "sheets")  # type: ignore[attr-defined]
    items = sheets.findall(_S + "sheet")
    a_, b_ = items[n - 1], items[other - 1]
    ia, ib = sheets.index(a_), sheets.index(b_)
    sheets.remove(a_ if ia > ib else b_)
    sheets.insert(min(ia, ib), a_ if ia > ib else b_)
    session.touch(sheets)
    return f"sheets {n} and {other} swapped"


def delete_sheet(session: Session, n: int) -> str:
    """Sheet ``n`` (1-based) dropped from workbook.xml."""
    entry = sheet_entry(session, session.doc.sheets[n - 1])  # type: ignore[attr-defined]
    entry.getparent().remove(entry)
    return "sheet entry removed"


@WRITERS.writer("sheet.index")
def sheet_index(session: Session, target: Target, value: Any) -> str:
    """The sheet moved to position ``value`` (swapped with the sheet there)."""
    n = sheet_of(target).index
    other = int(value)
    if other == n or not 1 <= other <= len(session.doc.sheets):  # type: ignore[attr-defined]
        raise NotApplicable(f"no position {other} to move to")
    return swap_sheets(session, n, other)


@WRITERS.writer("workbook.sheet_names")
def sheet_names(session: Session, target: Target, value: Any) -> str:
    """Sheets renamed, in tab order, where ``value`` names them differently."""
    note = ""
    for sheet, name in zip(session.doc.sheets, list(value)):  # type: ignore[attr-defined]
        if sheet.name != name:
            rename_entry(sheet_entry(session, sheet), name)
            note = f"{sheet.name!r} -> {name!r}"
    if not note:
        raise NotApplicable("no name differs")
    return note


@WRITERS.writer("workbook.sheet_count")
def sheet_count(session: Session, target: Target, value: Any) -> str:
    """Fewer sheets: the last ones dropped from workbook.xml."""
    have = len(session.doc.sheets)  # type: ignore[attr-defined]
    n = int(value)
    if not 1 <= n < have:
        raise NotApplicable(f"{have} sheets cannot become {n}")
    for i in range(have, n, -1):
        delete_sheet(session, i)
    return f"{have - n} sheet(s) removed"


@WRITERS.writer("workbook.date1904")
def date1904(session: Session, target: Target, value: Any) -> str:
    root = session.doc.root_el  # type: ignore[attr-defined]
    pr = root.find(_S + "workbookPr")
    if pr is None:
        pr = etree.Element(_S + "workbookPr")
        root.insert(0, pr)
    pr.set("date1904", "1" if value else "0")
    session.touch(pr)
    return f"date1904={int(bool(value))}"
