"""A sheet's page setup: orientation, paper, fit to pages, and the print titles and print
area (the workbook's built-in defined names); each resolver followed by its writer.

Defaults Excel applies when the file says nothing come back with source ``default``:
portrait orientation, not fitting to pages.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.sheets import on_part, sheet_of
from officeeval.excel.refs import split_sheet
from officeeval.excel.targets import SheetTarget
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_int
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

_S = f"{{{S}}}"
_PAPER = {"1": "Letter", "3": "Tabloid", "5": "Legal", "7": "Executive", "8": "A3",
          "9": "A4", "11": "A5", "12": "B4", "13": "B5", "70": "A6"}
_PAPER_CODES = {name: code for code, name in _PAPER.items()}

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
SHEET = "sheet"


def _page_setup(root: etree._Element) -> etree._Element:
    el = root.find(_S + "pageSetup")
    if el is None:
        el = etree.SubElement(root, _S + "pageSetup")
    return el


@prop("sheet.print.orientation", T.EnumType("orientation"), kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="turn", what="print orientation flipped"))
def orientation(t: SheetTarget, ctx) -> Observation | None:
    """Page orientation (portrait when not set)."""
    o = t.sheet.page_setup["orientation"]
    if o in ("portrait", "landscape"):
        return Observation(o, "direct")
    return Observation("portrait", "default")


@WRITERS.writer("sheet.print.orientation")
@on_part
def write_orientation(root: etree._Element, v: Any) -> str:
    _page_setup(root).set("orientation", str(v))
    return f"orientation={v}"


@prop("sheet.print.fit", T.TEXT, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="fit", what="fit-to-page changed"))
def fit(t: SheetTarget, ctx) -> Observation | None:
    """Fit to pages as WIDTHxHEIGHT (1x1; 0 = automatic), none when not fitting to pages."""
    ps = t.sheet.page_setup
    if (ps["fitToPage"] or "") not in ("1", "true"):
        return Observation("none", "default")
    w = to_int(ps["fitToWidth"])
    h = to_int(ps["fitToHeight"])
    return Observation(f"{1 if w is None else w}x{1 if h is None else h}", "direct")


@WRITERS.writer("sheet.print.fit")
@on_part
def write_fit(root: etree._Element, v: Any) -> str:
    """``WxH``: fit to that many pages wide and high; ``none``: not fitting."""
    pr = root.find(_S + "sheetPr")
    if pr is None:
        pr = etree.Element(_S + "sheetPr")
        root.insert(0, pr)
    psp = pr.find(_S + "pageSetUpPr")
    if psp is None:
        psp = etree.SubElement(pr, _S + "pageSetUpPr")
    if str(v).lower() == "none":
        psp.set("fitToPage", "0")
        return "fitToPage off"
    w, _, h = str(v).lower().partition("x")
    psp.set("fitToPage", "1")
    ps = _page_setup(root)
    ps.set("fitToWidth", str(int(w)))
    ps.set("fitToHeight", str(int(h or 1)))
    return f"fit {int(w)}x{int(h or 1)}"


def _strip_sheets(text: str) -> str:
    parts = []
    for p in text.split(","):
        _, ref = split_sheet(p.strip())
        parts.append(ref.replace("$", ""))
    return ",".join(parts)


def _print_name(t: SheetTarget, which: str) -> Observation | None:
    n = t.doc.builtin_name(which, t.sheet)
    if n is None or not n.refers_to:
        return None
    return Observation(_strip_sheets(n.refers_to), "direct")


def _defined_name(session: Session, name: str, sheet_index: int | None
                  ) -> etree._Element | None:
    dn = session.doc.root_el.find(_S + "definedNames")  # type: ignore[attr-defined]
    for el in dn.findall(_S + "definedName") if dn is not None else []:
        local = el.get("localSheetId")
        if (el.get("name") or "").lower() == name.lower() and (
                sheet_index is None or local == str(sheet_index)):
            session.touch(el)
            return el
    return None


def _new_defined_name(session: Session, name: str, sheet_index: int) -> etree._Element:
    root = session.doc.root_el  # type: ignore[attr-defined]
    names = root.find(_S + "definedNames")
    if names is None:
        names = etree.Element(_S + "definedNames")
        sheets = root.find(_S + "sheets")
        sheets.addnext(names)
    el = etree.SubElement(names, _S + "definedName", name=name,
                          localSheetId=str(sheet_index))
    session.touch(el)
    return el


def _absolute(ref: str) -> str:
    return re.sub(r"([A-Z]+)?(\d+)?", lambda m: (("$" + m.group(1)) if m.group(1) else "")
                  + (("$" + m.group(2)) if m.group(2) else ""), ref.replace("$", ""))


def _write_print_name(which: str, session: Session, target: Target, value: Any) -> str:
    sheet = sheet_of(target)
    el = _defined_name(session, f"_xlnm.{which}", sheet.index - 1)
    if el is None:
        el = _new_defined_name(session, f"_xlnm.{which}", sheet.index - 1)
    quoted = "'" + sheet.name.replace("'", "''") + "'"
    el.text = ",".join(f"{quoted}!{_absolute(p.strip())}" for p in str(value).split(","))
    return f"{which} -> {el.text}"


@prop("sheet.print.titles", X.REF, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="last_row", what="print titles changed"))
def print_titles(t: SheetTarget, ctx) -> Observation | None:
    """Print titles (rows/columns repeated on each page: 1:2, A:A)."""
    return _print_name(t, "Print_Titles")


@WRITERS.writer("sheet.print.titles")
def write_print_titles(session: Session, target: Target, value: Any) -> str:
    return _write_print_name("Print_Titles", session, target, value)


@prop("sheet.print.area", X.REF, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="last_row", what="print area changed"))
def print_area(t: SheetTarget, ctx) -> Observation | None:
    """The print area (A1:F31)."""
    return _print_name(t, "Print_Area")


@WRITERS.writer("sheet.print.area")
def write_print_area(session: Session, target: Target, value: Any) -> str:
    return _write_print_name("Print_Area", session, target, value)


@prop("sheet.print.paper", T.TEXT, kinds=SHEET,
      draft=Drafting(called=("打印",)),
      plan=Plan("sheet", mistake="paper", what="paper size changed"))
def paper(t: SheetTarget, ctx) -> Observation | None:
    """Paper size name (A4, A3, Letter …) from pageSetup."""
    code = t.sheet.page_setup["paperSize"]
    if code is None:
        return None
    return Observation(_PAPER.get(code.strip(), f"paper {code}"), "direct")


@WRITERS.writer("sheet.print.paper")
@on_part
def write_paper(root: etree._Element, v: Any) -> str:
    code = _PAPER_CODES.get(str(v), str(v).replace("paper ", ""))
    _page_setup(root).set("paperSize", code)
    return f"pageSetup/@paperSize={code}"
