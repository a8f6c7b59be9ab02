"""Writers of the workbook's sheets and their settings: names, visibility, order, tab
colours, frozen panes, filters, sorting, protection, print setup, outlines, columns and
rows; and sheets deleted or swapped."""

from __future__ import annotations

import re
from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import cell_el, sheet_root, write_value
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import CellValue

WRITERS = WriterSet()
_S = f"{{{S}}}"
PAPER_CODES = {"Letter": "1", "Tabloid": "3", "Legal": "5", "Executive": "7", "A3": "8",
               "A4": "9", "A5": "11", "B4": "12", "B5": "13", "A6": "70"}


def sheet_entry(session: Session, sheet) -> etree._Element:
    """The ``<sheet>`` element of ``sheet`` in workbook.xml, marked as changed."""
    sheets = session.doc.root_el.find(_S + "sheets")  # type: ignore[attr-defined]
    items = sheets.findall(_S + "sheet") if sheets is not None else []
    if sheet.index - 1 >= len(items):
        raise NotApplicable("sheet not listed")
    session.touch(items[sheet.index - 1])
    return items[sheet.index - 1]


def _sheet(t: Target):
    sheet = getattr(t, "sheet", None)
    if sheet is None:
        raise NotApplicable(f"no sheet for a {t.kind} target")
    return sheet


def _on_entry(name: str, put: Callable[[etree._Element, Any], str]) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return put(sheet_entry(session, _sheet(target)), value)


def _on_part(name: str, put: Callable[[etree._Element, Any], str]) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return put(sheet_root(session, _sheet(target)), value)


def _rename(entry: etree._Element, v: Any) -> str:
    entry.set("name", str(v))
    return f"name={v!r}"


def _state(entry: etree._Element, v: Any) -> str:
    entry.set("state", "hidden" if v else "visible")
    return f"state={entry.get('state')}"


_on_entry("sheet.name", _rename)
_on_entry("sheet.hidden", _state)


def _tab_color(root: etree._Element, v: Any) -> str:
    pr = root.find(_S + "sheetPr")
    if pr is None:
        pr = etree.Element(_S + "sheetPr")
        root.insert(0, pr)
    for old in pr.findall(_S + "tabColor"):
        pr.remove(old)
    color = str(v) if len(str(v)) == 8 else "FF" + str(v)
    pr.insert(0, etree.Element(_S + "tabColor", rgb=color))
    return f"tabColor={color}"


def _freeze(root: etree._Element, v: Any) -> str:
    """``none``: the pane removed; a cell (``A2``): frozen above and left of it."""
    view = root.find(f"{_S}sheetViews/{_S}sheetView")
    if view is None:
        raise NotApplicable("no sheet view")
    pane = view.find(_S + "pane")
    if str(v).lower() == "none":
        if pane is None:
            raise NotApplicable("nothing is frozen")
        view.remove(pane)
        for sel in view.findall(_S + "selection"):
            sel.attrib.pop("pane", None)
        return "pane removed"
    m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", str(v).upper())
    if m is None:
        raise NotApplicable(f"not a cell: {v!r}")
    from officeeval.excel.refs import col_index
    cols, rows = (col_index(m.group(1)) or 1) - 1, int(m.group(2)) - 1
    if pane is not None:
        view.remove(pane)
    attrs = {"topLeftCell": str(v).upper(), "state": "frozen",
             "activePane": "bottomRight" if cols and rows else
             ("bottomLeft" if rows else "topRight")}
    if cols:
        attrs["xSplit"] = str(cols)
    if rows:
        attrs["ySplit"] = str(rows)
    view.insert(0, etree.Element(_S + "pane", {k: attrs[k] for k in (
        "xSplit", "ySplit", "topLeftCell", "activePane", "state") if k in attrs}))
    return f"frozen at {str(v).upper()}"


def _remove(tag: str, deep: bool = False) -> Callable[[etree._Element, Any], str]:
    def put(root: etree._Element, v: Any) -> str:
        if v not in (None, "", "none", []):
            raise NotApplicable(f"only removing {tag} is written")
        found = list(root.iter(_S + tag)) if deep else root.findall(_S + tag)
        if not found:
            raise NotApplicable(f"no {tag}")
        for el in found:
            el.getparent().remove(el)
        return f"{tag} removed"
    return put


def _autofilter(root: etree._Element, v: Any) -> str:
    if v in (None, "", "none"):
        return _remove("autoFilter")(root, None)
    af = root.find(_S + "autoFilter")
    if af is None:
        af = etree.Element(_S + "autoFilter")
        root.find(_S + "sheetData").addnext(af)
    af.set("ref", str(v).replace("$", ""))
    return f"autoFilter ref={af.get('ref')}"


def _criteria(root: etree._Element, v: Any) -> str:
    if list(v or []):
        raise NotApplicable("only removing filter criteria is written")
    el = root.find(_S + "autoFilter")
    if el is None or not len(el):
        raise NotApplicable("no autoFilter criteria")
    for child in list(el):
        el.remove(child)
    return "autoFilter criteria removed"


def _protect(root: etree._Element, v: Any) -> str:
    el = root.find(_S + "sheetProtection")
    if not v:
        if el is None:
            raise NotApplicable("not protected")
        root.remove(el)
        return "protection removed"
    if el is None:
        root.find(_S + "sheetData").addnext(etree.Element(_S + "sheetProtection", sheet="1"))
    return "protection added"


def _page_setup(root: etree._Element) -> etree._Element:
    el = root.find(_S + "pageSetup")
    if el is None:
        el = etree.SubElement(root, _S + "pageSetup")
    return el


def _orient(root: etree._Element, v: Any) -> str:
    _page_setup(root).set("orientation", str(v))
    return f"orientation={v}"


def _paper(root: etree._Element, v: Any) -> str:
    code = PAPER_CODES.get(str(v), str(v).replace("paper ", ""))
    _page_setup(root).set("paperSize", code)
    return f"pageSetup/@paperSize={code}"


def _fit(root: etree._Element, v: Any) -> str:
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


def _outline_rows(root: etree._Element, v: Any) -> str:
    """The deepest row outline level cut to ``v`` (rows deeper moved up)."""
    rows = [r for r in root.iter(_S + "row") if (r.get("outlineLevel") or "0") not in ("0", "")]
    if not rows:
        raise NotApplicable("no row outline")
    deepest = max(int(r.get("outlineLevel")) for r in rows)
    target = int(v)
    if target >= deepest:
        raise NotApplicable("only a shallower outline is written")
    for r in rows:
        if int(r.get("outlineLevel")) > target:
            if target:
                r.set("outlineLevel", str(target))
            else:
                r.attrib.pop("outlineLevel", None)
    return f"rows at level {deepest} moved up"


def _outline_columns(root: etree._Element, v: Any) -> str:
    cols = [c for c in root.iter(_S + "col") if (c.get("outlineLevel") or "0") not in ("0", "")]
    if not cols:
        raise NotApplicable("no column outline")
    target = int(v)
    for c in cols:
        if int(c.get("outlineLevel")) > target:
            if target:
                c.set("outlineLevel", str(target))
            else:
                c.attrib.pop("outlineLevel", None)
    return f"column outline to level {target}"


def _outline_both(root: etree._Element, v: Any) -> str:
    """Rows and columns cut to outline level ``v``."""
    notes = []
    for cut in (_outline_rows, _outline_columns):
        try:
            notes.append(cut(root, v))
        except NotApplicable:
            continue
    if not notes:
        raise NotApplicable("no outline")
    return "; ".join(notes)


_on_part("sheet.tab_color", _tab_color)
_on_part("sheet.freeze", _freeze)
_on_part("sheet.autofilter", _autofilter)
_on_part("sheet.autofilter.criteria", _criteria)
_on_part("sheet.sort", _remove("sortState", deep=True))
_on_part("sheet.protected", _protect)
_on_part("sheet.print.orientation", _orient)
_on_part("sheet.print.paper", _paper)
_on_part("sheet.print.fit", _fit)
_on_part("sheet.outline.rows", _outline_rows)
_on_part("sheet.outline", lambda root, v: _outline_both(root, v))
_on_part("sheet.outline.columns", _outline_columns)


@WRITERS.writer("sheet.values")
def values(session: Session, target: Target, value: Any) -> str:
    """The cells whose value differs from ``value`` (``{ref: value}``, as read) written as
    constants: numbers where the text is a number, text otherwise (formulas not
    written)."""
    sheet = _sheet(target)
    current = {}
    from officeeval.excel.resolve_sheets import values as read_values
    obs = read_values(target, None)
    current = obs.value if obs is not None else {}
    root = sheet_root(session, sheet)
    from officeeval.excel.refs import parse_cell
    note = ""
    for ref, text in dict(value).items():
        if current.get(ref) == text or str(text).startswith("="):
            continue
        at = parse_cell(ref)
        if at is None:
            continue
        try:
            cv = CellValue("number", float(text))
        except (TypeError, ValueError):
            cv = CellValue("text", str(text))
        write_value(cell_el(root, at[0], at[1]), cv)
        note = f"{ref} = {text!r}"
    if not note:
        raise NotApplicable("no value differs")
    return note


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


def _print_name(prop: str, which: str) -> None:
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        sheet = _sheet(target)
        el = _defined_name(session, f"_xlnm.{which}", sheet.index - 1)
        if el is None:
            el = _new_defined_name(session, f"_xlnm.{which}", sheet.index - 1)
        quoted = "'" + sheet.name.replace("'", "''") + "'"
        el.text = ",".join(f"{quoted}!{_absolute(p.strip())}" for p in str(value).split(","))
        return f"{which} -> {el.text}"


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


_print_name("sheet.print.titles", "Print_Titles")
_print_name("sheet.print.area", "Print_Area")


# ------------------------------------------------------------------ workbook order
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
    n = _sheet(target).index
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
            _rename(sheet_entry(session, sheet), name)
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


# ------------------------------------------------------------------ columns and rows
def own_col(root: etree._Element, n: int) -> etree._Element:
    """A ``col`` element covering exactly column ``n`` (splitting a wider range)."""
    cols = root.find(_S + "cols")
    if cols is None:
        cols = etree.Element(_S + "cols")
        root.find(_S + "sheetData").addprevious(cols)
    for col in cols.findall(_S + "col"):
        lo, hi = int(col.get("min") or 0), int(col.get("max") or 0)
        if lo <= n <= hi:
            if lo == hi:
                return col
            pos = cols.index(col)
            cols.remove(col)
            out = None
            for a_, b_ in ((lo, n - 1), (n, n), (n + 1, hi)):
                if a_ > b_:
                    continue
                el = etree.Element(_S + "col", dict(col.attrib))
                el.set("min", str(a_))
                el.set("max", str(b_))
                cols.insert(pos, el)
                pos += 1
                if a_ == n:
                    out = el
            return out  # type: ignore[return-value]
    el = etree.Element(_S + "col", min=str(n), max=str(n), width="8.43")
    before = [c for c in cols.findall(_S + "col") if int(c.get("min") or 0) > n]
    if before:
        before[0].addprevious(el)
    else:
        cols.append(el)
    return el


@WRITERS.writer("column.width")
def column_width(session: Session, target: Target, value: Any) -> str:
    """The stored width in characters (``ColumnWidth``'s stored width, or a number)."""
    col = own_col(sheet_root(session, _sheet(target)), target.col)  # type: ignore
    width = float(getattr(value, "stored", value))
    col.set("width", f"{width:g}")
    col.set("customWidth", "1")
    return f"width={width:g}"


@WRITERS.writer("column.hidden")
def column_hidden(session: Session, target: Target, value: Any) -> str:
    col = own_col(sheet_root(session, _sheet(target)), target.col)  # type: ignore
    col.set("hidden", "1" if value else "0")
    return f"hidden={bool(value)}"


def _row(session: Session, t: Target) -> etree._Element:
    root = sheet_root(session, _sheet(t))
    return cell_el(root, t.row, 1).getparent()  # type: ignore[attr-defined]


@WRITERS.writer("row.height")
def row_height(session: Session, target: Target, value: Any) -> str:
    from officeeval.values import Measure
    h = value.points() if isinstance(value, Measure) else float(value)
    row = _row(session, target)
    row.set("ht", f"{h:g}")
    row.set("customHeight", "1")
    return f"ht={h:g}"


@WRITERS.writer("row.hidden")
def row_hidden(session: Session, target: Target, value: Any) -> str:
    _row(session, target).set("hidden", "1" if value else "0")
    return f"hidden={bool(value)}"


@WRITERS.writer("row.outline_level")
def row_outline(session: Session, target: Target, value: Any) -> str:
    row = _row(session, target)
    if int(value):
        row.set("outlineLevel", str(int(value)))
    else:
        row.attrib.pop("outlineLevel", None)
    return f"outlineLevel={int(value)}"
