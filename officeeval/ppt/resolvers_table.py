"""PowerPoint resolvers for tables and their cells: size, style and its options, a cell's
text, span and shading; each writable one with its writer below it (written on the table's
``a:tbl``, its ``a:tblPr`` and the cells' ``a:tcPr``)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.drawingml import find_fill, read_fill
from officeeval.ooxml.ns import A
from officeeval.ooxml.units import to_int
from officeeval.ppt import tables
from officeeval.ppt.edit.shape_parts import shape_of
from officeeval.ppt.edit.text_nodes import replace_text, shown_nodes
from officeeval.ppt.markup import a, first_child
from officeeval.ppt.targets import CellTarget, ShapeTarget
from officeeval.ppt.value_types import PPT_TABLE_STYLE
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

TABLES = ("table", "shape")
_A = f"{{{A}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


def _table(target):
    shape = target.shape if isinstance(target, (ShapeTarget, CellTarget)) else None
    return tables.table_element(shape) if shape is not None and shape.kind == "table" else None


def _tbl(t: Target) -> etree._Element:
    tbl = next(shape_of(t).el.iter(_A + "tbl"), None)
    if tbl is None:
        raise NotApplicable("not a table")
    return tbl


@binds("table.rows", kinds=TABLES, plan=Plan("table", part="row"))
def table_rows(target, ctx) -> Observation | None:
    tbl = _table(target)
    return Observation(len(tables.rows(tbl)), "direct") if tbl is not None else None


@WRITERS.writer("table.rows")
def write_table_rows(session: Session, target: Target, value: Any) -> str:
    tbl = _tbl(target)
    trs = tbl.findall(_A + "tr")
    n = int(value)
    if not 1 <= n < len(trs):
        raise NotApplicable(f"{len(trs)} rows cannot become {n}")
    session.touch(tbl)
    for tr in trs[n:]:
        tbl.remove(tr)
    return "last row removed"


@binds("table.columns", kinds=TABLES, plan=Plan("table", part="column"))
def table_columns(target, ctx) -> Observation | None:
    tbl = _table(target)
    return Observation(tables.column_count(tbl), "direct") if tbl is not None else None


@WRITERS.writer("table.columns")
def write_table_columns(session: Session, target: Target, value: Any) -> str:
    tbl = _tbl(target)
    grid = tbl.find(_A + "tblGrid")
    cols = grid.findall(_A + "gridCol") if grid is not None else []
    n = int(value)
    if not 1 <= n < len(cols):
        raise NotApplicable(f"{len(cols)} columns cannot become {n}")
    session.touch(tbl)
    for _ in range(len(cols) - n):
        grid.remove(grid.findall(_A + "gridCol")[-1])
        for tr in tbl.findall(_A + "tr"):
            tcs = tr.findall(_A + "tc")
            if tcs:
                tr.remove(tcs[-1])
    return "last column removed"


@binds("table.style", kinds=TABLES, vtype=PPT_TABLE_STYLE, plan=Plan("table_style"))
def table_style(target, ctx) -> Observation | None:
    tbl = _table(target)
    if tbl is None:
        return None
    obs = tables.style_name(tbl, target.doc.table_styles)
    if obs is not None and ctx.direct and obs.source != "direct":
        return None
    return obs


@WRITERS.writer("table.style")
def write_table_style(session: Session, target: Target, value: Any) -> str:
    """A table style by GUID (``{5C22544A-…}``) or by a name the vocabulary knows."""
    tbl_pr = _tbl(target).find(_A + "tblPr")
    if tbl_pr is None:
        raise NotApplicable("a table without tblPr")
    guid = str(value)
    if not guid.startswith("{"):
        from officeeval.vocabulary import get as vocab
        styles = vocab("ppt_table_style")
        token = styles.canonical(guid)
        guid = next((x for x in styles.entries.get(token or "", ()) if x.startswith("{")), "")
        if not guid:
            raise NotApplicable(f"no table style {value!r}")
    session.touch(tbl_pr)
    sid = tbl_pr.find(_A + "tableStyleId")
    if sid is None:
        sid = etree.SubElement(tbl_pr, _A + "tableStyleId")
    sid.text = guid
    return f"tableStyleId={guid}"


def _table_flag(target, name: str) -> Observation | None:
    tbl = _table(target)
    if tbl is None:
        return None
    return Observation(tables.flags(tbl)[name], "direct")


def _flag_writer(name: str, attr: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        tbl_pr = _tbl(target).find(_A + "tblPr")
        if tbl_pr is None:
            raise NotApplicable("a table without tblPr")
        tbl_pr.set(attr, "1" if value else "0")
        session.touch(tbl_pr)
        return f"{attr}={int(bool(value))}"


@prop("table.first_row", T.BOOL, kinds=TABLES)
def first_row(target, ctx) -> Observation | None:
    """Table style option: header row (标题行)."""
    return _table_flag(target, "firstRow")


_flag_writer("table.first_row", "firstRow")


@prop("table.banded_rows", T.BOOL, kinds=TABLES)
def banded_rows(target, ctx) -> Observation | None:
    """Table style option: banded rows (镶边行)."""
    return _table_flag(target, "bandRow")


_flag_writer("table.banded_rows", "bandRow")


@binds("cell.text", kinds="cell", plan=Plan("text"))
def cell_text(target, ctx) -> Observation | None:
    if isinstance(target, CellTarget):
        return Observation(target.text, "direct")
    return None


@WRITERS.writer("cell.text")
def write_cell_text(session: Session, target: Target, value: Any) -> str:
    return replace_text(session, target, "cell.text", shown_nodes(target), value)


@binds("cell.span", kinds="cell",
       read_only="merging reshapes the table (cells are absorbed), not one cell's value")
def cell_span(target: CellTarget, ctx) -> Observation | None:
    tc = target.el
    rows = max(to_int(tc.get("rowSpan")) or 1, 1)
    cols = max(to_int(tc.get("gridSpan")) or 1, 1)
    return Observation(f"{rows}x{cols}", "direct")


@binds("cell.shading", kinds="cell")
def cell_shading(target: CellTarget, ctx) -> Observation | None:
    tc_pr = first_child(target.el, a("tcPr"))
    fill = read_fill(find_fill(tc_pr), target.shape.sheet.scheme_color) \
        if tc_pr is not None else None
    if fill is None:
        return None
    if fill.kind == "none":
        return Observation("none", "direct")
    return Observation(fill.color, "direct") if fill.color else None


@WRITERS.writer("cell.shading")
def write_cell_shading(session: Session, target: Target, value: Any) -> str:
    if target.kind != "cell":
        raise NotApplicable(f"not a cell: {target.kind}")
    tc = target.el  # type: ignore[attr-defined]
    tc_pr = tc.find(_A + "tcPr")
    if tc_pr is None:
        tc_pr = etree.SubElement(tc, _A + "tcPr")
    for tag in ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"):
        for el in tc_pr.findall(_A + tag):
            tc_pr.remove(el)
    if str(value) == "none":
        fill = etree.Element(_A + "noFill")
    else:
        fill = etree.Element(_A + "solidFill")
        etree.SubElement(fill, _A + "srgbClr", val=str(value))
    # Fills come after the cell's borders (a:lnL … a:lnBlToTr) and before a:cell3D.
    after = [c for c in tc_pr if isinstance(c.tag, str) and etree.QName(c).localname in (
        "lnL", "lnR", "lnT", "lnB", "lnTlToBr", "lnBlToTr")]
    tc_pr.insert(tc_pr.index(after[-1]) + 1 if after else 0, fill)
    session.touch(tc_pr)
    return f"cell fill {value}"
