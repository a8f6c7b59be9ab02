"""A sheet's own settings: tab colour, protection, frozen panes, outlines and their summary
rows, its values and used range; each resolver followed by its writer (the worksheet part
edited). The workbook's list of sheets is ``resolve_workbook``'s, sorting and filtering
``resolve_sort_filter``'s, the page setup ``resolve_print``'s, columns and rows
``resolve_rows_columns``'.

Defaults Excel applies when the file says nothing come back with source ``default``: no
frozen panes (``none``), summaries below and right of the detail, no outline.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.excel import cells as C
from officeeval.excel import value_types as X
from officeeval.excel.edit.cells import cell_el, sheet_root, write_value
from officeeval.excel.edit.sheets import on_part, sheet_of
from officeeval.excel.refs import col_index, col_letters, parse_cell
from officeeval.excel.targets import SheetTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, flipped
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import CellValue, Observation

_S = f"{{{S}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
SHEET = "sheet"


# ------------------------------------------------------------------ sheets
def _sheet_attr(t: SheetTarget, v) -> Observation | None:
    return Observation(v, "direct") if v is not None else None


@prop("sheet.tab_color", T.COLOR, kinds=SHEET,
      plan=Plan("sheet", mistake="recolor", what="tab color changed"))
def tab_color(t: SheetTarget, ctx) -> Observation | None:
    """Tab color as RGB (theme resolved); no value when unset."""
    return _sheet_attr(t, t.sheet.tab_color)


@WRITERS.writer("sheet.tab_color")
@on_part
def write_tab_color(root: etree._Element, v: Any) -> str:
    pr = root.find(_S + "sheetPr")
    if pr is None:
        pr = etree.Element(_S + "sheetPr")
        root.insert(0, pr)
    for old in pr.findall(_S + "tabColor"):
        pr.remove(old)
    color = str(v) if len(str(v)) == 8 else "FF" + str(v)
    pr.insert(0, etree.Element(_S + "tabColor", rgb=color))
    return f"tabColor={color}"


@prop("sheet.protected", T.BOOL, kinds=SHEET,
      plan=Plan("sheet", mistake="flip", what="protection flipped"))
def protected(t: SheetTarget, ctx) -> Observation | None:
    """Whether the sheet is protected."""
    return _sheet_attr(t, t.sheet.protected)


@WRITERS.writer("sheet.protected")
@on_part
def write_protected(root: etree._Element, v: Any) -> str:
    el = root.find(_S + "sheetProtection")
    if not v:
        if el is None:
            raise NotApplicable("not protected")
        root.remove(el)
        return "protection removed"
    if el is None:
        root.find(_S + "sheetData").addnext(etree.Element(_S + "sheetProtection", sheet="1"))
    return "protection added"


@prop("sheet.freeze", X.FREEZE, kinds=SHEET,
      draft=Drafting(called=("冻结",)),
      plan=Plan("sheet", mistake="unfreeze", what="frozen panes changed"))
def freeze(t: SheetTarget, ctx) -> Observation | None:
    """Frozen panes: the top-left cell of the scrolling pane (C3 freezes rows 1–2 and
    columns A–B), none when nothing is frozen."""
    v = t.sheet.freeze
    return Observation(v, "direct" if v != "none" else "default")


@WRITERS.writer("sheet.freeze")
@on_part
def write_freeze(root: etree._Element, v: Any) -> str:
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


def _summary(t: SheetTarget, attr: str) -> Observation | None:
    pr = t.sheet.head_child("sheetPr")
    op = pr.find(_S + "outlinePr") if pr is not None else None
    v = op.get(attr) if op is not None else None
    if v is None or v.strip() not in ("0", "1", "true", "false"):
        return Observation(True, "default")
    return Observation(v.strip() in ("1", "true"), "direct")


def _put_summary(attr: str):
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


@prop("sheet.outline.summary_below", T.BOOL, kinds=SHEET,
      plan=Plan("setting", mistake=flipped))
def outline_summary_below(t: SheetTarget, ctx) -> Observation | None:
    """Outline summary rows below the detail (汇总结果显示在数据下方; sheetPr/outlinePr/
    @summaryBelow); true by default, false when summaries are above."""
    return _summary(t, "summaryBelow")


WRITERS.writer("sheet.outline.summary_below")(on_part(_put_summary("summaryBelow")))


@prop("sheet.outline.summary_right", T.BOOL, kinds=SHEET,
      plan=Plan("setting", mistake=flipped))
def outline_summary_right(t: SheetTarget, ctx) -> Observation | None:
    """Outline summary columns right of the detail (outlinePr/@summaryRight); true by
    default."""
    return _summary(t, "summaryRight")


WRITERS.writer("sheet.outline.summary_right")(on_part(_put_summary("summaryRight")))


def _outline(t: SheetTarget, which: str) -> Observation | None:
    rows, cols = t.sheet.outline_levels()
    v = {"both": max(rows, cols), "rows": rows, "columns": cols}[which]
    return Observation(v, "direct" if v else "default")


def _cut_rows(root: etree._Element, v: Any) -> str:
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


def _cut_columns(root: etree._Element, v: Any) -> str:
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


@prop("sheet.outline", T.INTEGER, kinds=SHEET,
      plan=Plan("sheet", mistake="flatten", what="row outline flattened"))
def outline(t: SheetTarget, ctx) -> Observation | None:
    """Deepest outline (grouping / subtotal) level over rows and columns; 0 when the sheet
    has no outline."""
    return _outline(t, "both")


@WRITERS.writer("sheet.outline")
@on_part
def write_outline(root: etree._Element, v: Any) -> str:
    """Rows and columns cut to outline level ``v``."""
    notes = []
    for cut in (_cut_rows, _cut_columns):
        try:
            notes.append(cut(root, v))
        except NotApplicable:
            continue
    if not notes:
        raise NotApplicable("no outline")
    return "; ".join(notes)


@prop("sheet.outline.rows", T.INTEGER, kinds=SHEET,
      plan=Plan("sheet", mistake="flatten", what="row outline flattened"))
def outline_rows(t: SheetTarget, ctx) -> Observation | None:
    """Deepest row outline level."""
    return _outline(t, "rows")


WRITERS.writer("sheet.outline.rows")(on_part(_cut_rows))


@prop("sheet.outline.columns", T.INTEGER, kinds=SHEET)
def outline_columns(t: SheetTarget, ctx) -> Observation | None:
    """Deepest column outline level."""
    return _outline(t, "columns")


WRITERS.writer("sheet.outline.columns")(on_part(_cut_columns))


@prop("sheet.values", T.JSON, kinds=SHEET,
      draft=Drafting(volatile=True),
      plan=Plan("sheet", mistake="values", what="a cell value changed"))
def values(t: SheetTarget, ctx) -> Observation | None:
    """Every non-empty cell as {ref: value} (formulas as their text), for preservation
    checks with op=unchanged.

    Constants as their typed value's text, formulas as their formula text (what must be
    preserved does not depend on whether a cache was written)."""
    sheet = t.sheet
    if sheet.store is None:
        return Observation({}, "direct")
    out: dict[str, str] = {}
    for raw in sheet.store.all_cells():
        if not raw.has_content:
            continue
        ref = f"{col_letters(raw.col)}{raw.row}"
        got = C.formula_of(sheet, raw.row, raw.col)
        if got is not None:
            out[ref] = got[0]
            continue
        v = C.stored_value(raw, sheet)
        if v.kind == "empty":
            continue
        out[ref] = v.value.isoformat() if v.kind == "date" else (
            str(v.value) if v.kind == "text" else str(v))
    return Observation(out, "direct")


@WRITERS.writer("sheet.values")
def write_values(session: Session, target: Target, value: Any) -> str:
    """The cells whose value differs from ``value`` (``{ref: value}``, as read) written as
    constants: numbers where the text is a number, text otherwise (formulas not
    written)."""
    sheet = sheet_of(target)
    obs = values(target, None)  # type: ignore[arg-type]
    current = obs.value if obs is not None else {}
    root = sheet_root(session, sheet)
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


@prop("sheet.used_range", X.REF, kinds=SHEET,
      read_only="computed from the cells that hold something: write cell values",
      draft=Drafting(volatile=True))
def used_range(t: SheetTarget, ctx) -> Observation | None:
    """The rectangle of cells holding values or formulas."""
    a = t.sheet.used_area()
    return Observation(str(a), "computed") if a is not None else None
