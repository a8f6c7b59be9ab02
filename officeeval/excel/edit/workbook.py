"""The order of a workbook's sheets edited in workbook.xml: two sheets swapped, a sheet
dropped (the writers of the workbook's properties and the audit's edits use them)."""

from __future__ import annotations

from officeeval.excel.edit.sheets import sheet_entry
from officeeval.ooxml.ns import S
from officeeval.properties.writing import Session

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
