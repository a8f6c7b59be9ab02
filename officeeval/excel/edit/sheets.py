"""Writers of a sheet and its settings: name, visibility, tab colour, frozen panes, filters,
sorting, protection, print setup and titles, outlines and summary rows, and its values. The
workbook's order of sheets is ``workbook``'s, columns and rows ``rows_columns``'."""

from __future__ import annotations

import re
from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import cell_el, sheet_root, write_value
from officeeval.excel.refs import cell_ref, col_index, col_letters, parse_area
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


def sheet_of(t: Target):
    """The sheet a target belongs to; raises ``NotApplicable`` for a target without one."""
    sheet = getattr(t, "sheet", None)
    if sheet is None:
        raise NotApplicable(f"no sheet for a {t.kind} target")
    return sheet


def _on_entry(name: str, put: Callable[[etree._Element, Any], str]) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return put(sheet_entry(session, sheet_of(target)), value)


def _on_part(name: str, put: Callable[[etree._Element, Any], str]) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return put(sheet_root(session, sheet_of(target)), value)


def rename_entry(entry: etree._Element, v: Any) -> str:
    entry.set("name", str(v))
    return f"name={v!r}"


def _state(entry: etree._Element, v: Any) -> str:
    entry.set("state", "hidden" if v else "visible")
    return f"state={entry.get('state')}"


_on_entry("sheet.name", rename_entry)
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


def _sort_state(root: etree._Element) -> etree._Element:
    found = next(root.iter(_S + "sortState"), None)
    if found is None:
        raise NotApplicable("no saved sort to change")
    return found


def _sort(root: etree._Element, v: Any) -> str:
    """Empty: the saved sort removed. Keys ('D descending|B ascending'): the sort state's
    conditions replaced, each over its column of the sort's rows."""
    keys = [k for k in (v or []) if str(k).strip()] if not isinstance(v, str) else (
        [] if v in ("", "none") else [v])
    if not keys:
        return _remove("sortState", deep=True)(root, None)
    ss = _sort_state(root)
    area = parse_area(ss.get("ref"))
    if area is None:
        raise NotApplicable("the saved sort has no range")
    for old in ss.findall(_S + "sortCondition"):
        ss.remove(old)
    for key in keys:
        col, _, way = str(key).strip().partition(" ")
        c = col_index(col.upper())
        if c is None:
            raise NotApplicable(f"not a column: {col!r}")
        cond = etree.SubElement(ss, _S + "sortCondition",
                                ref=f"{col.upper()}{area.r1}:{col.upper()}{area.r2}")
        if way.strip().lower() in ("descending", "降序", "desc"):
            cond.set("descending", "1")
    return f"sort {', '.join(str(k) for k in keys)}"


def _sort_ref(root: etree._Element, v: Any) -> str:
    """The saved sort's range, its conditions moved to the new rows."""
    ss = _sort_state(root)
    new = parse_area(str(v).replace("$", ""))
    if new is None:
        raise NotApplicable(f"not a range: {v!r}")
    ss.set("ref", str(v).replace("$", ""))
    for cond in ss.findall(_S + "sortCondition"):
        old = parse_area(cond.get("ref"))
        if old is not None:
            cond.set("ref", f"{cell_ref(new.r1, old.c1)}:{cell_ref(new.r2, old.c1)}")
    return f"sortState ref={ss.get('ref')}"


def _sort_custom(root: etree._Element, v: Any) -> str:
    """Custom lists per key ('D: 高,中,低'); keys not named lose theirs."""
    ss = _sort_state(root)
    wanted = {}
    for item in (v or []):
        col, _, lst = str(item).partition(":")
        wanted[col.strip().upper()] = lst.strip()
    note = []
    for cond in ss.findall(_S + "sortCondition"):
        area = parse_area(cond.get("ref"))
        letter = col_letters(area.c1) if area is not None else ""
        if wanted.get(letter):
            cond.set("customList", wanted[letter])
            cond.attrib.pop("descending", None)
            note.append(f"{letter}: {wanted[letter]}")
        elif cond.get("customList") is not None:
            cond.attrib.pop("customList")
            note.append(f"{letter} plain")
    if not note:
        raise NotApplicable("no key to change")
    return "customList " + "; ".join(note)


def _summary(attr: str) -> Callable[[etree._Element, Any], str]:
    def put(root: etree._Element, v: Any) -> str:
        pr = root.find(_S + "sheetPr")
        if pr is None:
            pr = etree.Element(_S + "sheetPr")
            root.insert(0, pr)
        op = pr.find(_S + "outlinePr")
        if op is None:
            # CT_SheetPr: tabColor, outlinePr, pageSetUpPr.
            op = etree.Element(_S + "outlinePr")
            tab = pr.find(_S + "tabColor")
            if tab is not None:
                tab.addnext(op)
            else:
                pr.insert(0, op)
        op.set(attr, "1" if v else "0")
        return f"{attr}={op.get(attr)}"
    return put


_on_part("sheet.tab_color", _tab_color)
_on_part("sheet.freeze", _freeze)
_on_part("sheet.autofilter", _autofilter)
_on_part("sheet.autofilter.criteria", _criteria)
_on_part("sheet.sort", _sort)
_on_part("sheet.sort.range", _sort_ref)
_on_part("sheet.sort.custom_lists", _sort_custom)
_on_part("sheet.outline.summary_below", _summary("summaryBelow"))
_on_part("sheet.outline.summary_right", _summary("summaryRight"))
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
    sheet = sheet_of(target)
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
        sheet = sheet_of(target)
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
