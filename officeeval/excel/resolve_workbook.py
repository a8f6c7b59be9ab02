"""The workbook's properties: its sheets (names, order, count, visibility), its date system,
its defined names and the problems of its package; each resolver followed by its writer
(workbook.xml edited: ``excel.edit.sheets``, ``excel.edit.workbook``)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.sheets import on_entry, rename_entry, sheet_entry, sheet_of
from officeeval.excel.edit.workbook import delete_sheet, swap_sheets
from officeeval.excel.targets import NameTarget, SheetTarget, WorkbookTarget
from officeeval.ooxml.ns import S
from officeeval.ooxml.problems import problems_of
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

_S = f"{{{S}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()
BOOK, SHEET, NAME = "workbook", "sheet", "name"


# ------------------------------------------------------------------ workbook
@prop("workbook.sheet_names", X.ORDERED, kinds=BOOK,
      draft=Drafting(order_asked=True),
      plan=Plan("workbook", rename=True, order="unless_same_set"))
def sheet_names(t: WorkbookTarget, ctx) -> Observation | None:
    """Sheet names in tab order."""
    return Observation([s.name for s in t.doc.sheets], "direct")


@WRITERS.writer("workbook.sheet_names")
def write_sheet_names(session: Session, target: Target, value: Any) -> str:
    """Sheets renamed, in tab order, where ``value`` names them differently."""
    note = ""
    for sheet, name in zip(session.doc.sheets, list(value)):  # type: ignore[attr-defined]
        if sheet.name != name:
            rename_entry(sheet_entry(session, sheet), name)
            note = f"{sheet.name!r} -> {name!r}"
    if not note:
        raise NotApplicable("no name differs")
    return note


@prop("workbook.sheet_count", T.INTEGER, kinds=BOOK,
      draft=Drafting(volatile=True),
      plan=Plan("workbook", keep_count=True))
def sheet_count(t: WorkbookTarget, ctx) -> Observation | None:
    """Number of sheets (chart sheets count)."""
    return Observation(len(t.doc.sheets), "direct")


@WRITERS.writer("workbook.sheet_count")
def write_sheet_count(session: Session, target: Target, value: Any) -> str:
    """Fewer sheets: the last ones dropped from workbook.xml."""
    have = len(session.doc.sheets)  # type: ignore[attr-defined]
    n = int(value)
    if not 1 <= n < have:
        raise NotApplicable(f"{have} sheets cannot become {n}")
    for i in range(have, n, -1):
        delete_sheet(session, i)
    return f"{have - n} sheet(s) removed"


@prop("workbook.date1904", T.BOOL, kinds=BOOK)
def date1904(t: WorkbookTarget, ctx) -> Observation | None:
    """Whether the workbook uses the 1904 date system."""
    return Observation(t.doc.date1904, "direct")


@WRITERS.writer("workbook.date1904")
def write_date1904(session: Session, target: Target, value: Any) -> str:
    root = session.doc.root_el  # type: ignore[attr-defined]
    pr = root.find(_S + "workbookPr")
    if pr is None:
        pr = etree.Element(_S + "workbookPr")
        root.insert(0, pr)
    pr.set("date1904", "1" if value else "0")
    session.touch(pr)
    return f"date1904={int(bool(value))}"


# ------------------------------------------------------------------ sheets in the workbook
def _sheet_attr(t: SheetTarget, v) -> Observation | None:
    return Observation(v, "direct") if v is not None else None


@prop("sheet.name", T.TEXT, kinds=SHEET,
      implied_by="name",
      plan=Plan("sheet", mistake="rename", what="sheet renamed"))
def sheet_name(t: SheetTarget, ctx) -> Observation | None:
    """The sheet's tab name."""
    return _sheet_attr(t, t.sheet.name)


WRITERS.writer("sheet.name")(on_entry(rename_entry))


@prop("sheet.index", T.INTEGER, kinds=SHEET,
      draft=Drafting(volatile=True),
      plan=Plan("sheet_order", order="always"))
def sheet_index(t: SheetTarget, ctx) -> Observation | None:
    """1-based position in tab order (chart sheets count)."""
    return _sheet_attr(t, t.sheet.index)


@WRITERS.writer("sheet.index")
def write_sheet_index(session: Session, target: Target, value: Any) -> str:
    """The sheet moved to position ``value`` (swapped with the sheet there)."""
    n = sheet_of(target).index
    other = int(value)
    if other == n or not 1 <= other <= len(session.doc.sheets):  # type: ignore[attr-defined]
        raise NotApplicable(f"no position {other} to move to")
    return swap_sheets(session, n, other)


@prop("sheet.hidden", T.BOOL, kinds=SHEET,
      plan=Plan("sheet", mistake="flip", what="visibility flipped"))
def sheet_hidden(t: SheetTarget, ctx) -> Observation | None:
    """Whether the sheet is hidden (hidden or very hidden)."""
    return _sheet_attr(t, t.sheet.state != "visible")


@WRITERS.writer("sheet.hidden")
@on_entry
def write_sheet_hidden(entry: etree._Element, v: Any) -> str:
    entry.set("state", "hidden" if v else "visible")
    return f"state={entry.get('state')}"


# ------------------------------------------------------------------ defined names
def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


@prop("name.refers_to", X.REF, kinds=NAME,
      plan=Plan("name"))
def refers_to(t: NameTarget, ctx) -> Observation | None:
    """What a defined name refers to ('成绩'!$B$2:$B$31 or a constant)."""
    return _obs(t.name.refers_to or None)


def _defined(session: Session, t: Target) -> etree._Element:
    dn = session.doc.root_el.find(_S + "definedNames")  # type: ignore[attr-defined]
    for el in dn.findall(_S + "definedName") if dn is not None else []:
        if el.get("name") == t.name.name:  # type: ignore[attr-defined]
            session.touch(el)
            return el
    raise NotApplicable("name not found")


@WRITERS.writer("name.refers_to")
def write_refers_to(session: Session, target: Target, value: Any) -> str:
    el = _defined(session, target)
    el.text = str(value)
    return f"refers to {el.text}"


@prop("name.scope", T.TEXT, kinds=NAME)
def scope(t: NameTarget, ctx) -> Observation | None:
    """The sheet a name is local to, or workbook."""
    idx = t.name.local_sheet
    if idx is None or idx >= len(t.doc.sheets):
        return Observation("workbook", "direct")
    return Observation(t.doc.sheets[idx].name, "direct")


@WRITERS.writer("name.scope")
def write_scope(session: Session, target: Target, value: Any) -> str:
    """``workbook``, or the name of the sheet the name is local to."""
    el = _defined(session, target)
    if str(value) == "workbook":
        el.attrib.pop("localSheetId", None)
        return "scope workbook"
    names = [s.name for s in session.doc.sheets]  # type: ignore[attr-defined]
    if str(value) not in names:
        raise NotApplicable(f"no sheet {value!r}")
    el.set("localSheetId", str(names.index(str(value))))
    return f"scope {value}"


# ------------------------------------------------------------------ the package
@binds("package.problems", kinds=BOOK, read_only="found in the package's structure: write the part, relationship or order")
def package_problems(t, ctx):
    if not isinstance(t, WorkbookTarget):
        return None
    return Observation([str(p) for p in problems_of(t.doc)], "computed")


@binds("package.problem_count", kinds=BOOK, read_only="found in the package's structure: write the part, relationship or order")
def package_problem_count(t, ctx):
    if not isinstance(t, WorkbookTarget):
        return None
    return Observation(len(problems_of(t.doc)), "computed")
