"""Tables (list objects): name, range, style and its options, total and header rows, column
names; each resolver followed by its writer (the table's part edited)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.targets import TableTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.mistakes import Plan, flipped
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import NotApplicable, Session, Write, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

_S = f"{{{S}}}"
TABLE = "table"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


def _table_root(session: Session, t: Target) -> etree._Element:
    if t.kind != "table":
        raise NotApplicable(f"not a table: {t.kind}")
    return session.part(t.table.part)  # type: ignore[attr-defined]


def _flag(attr: str, off: str) -> Write:
    def write(session: Session, target: Target, value: Any) -> str:
        root = _table_root(session, target)
        if value:
            root.set(attr, "1")
        elif attr == "totalsRowCount":
            root.attrib.pop(attr, None)
        else:
            root.set(attr, off)
        return f"{attr} {'on' if value else 'off'}"
    return write


def _style_option_write(attr: str) -> Write:
    def write(session: Session, target: Target, value: Any) -> str:
        """A table style option on ``tableStyleInfo`` (the element made if absent)."""
        root = _table_root(session, target)
        info = root.find(_S + "tableStyleInfo")
        if info is None:
            info = etree.SubElement(root, _S + "tableStyleInfo", name="TableStyleMedium2")
        info.set(attr, "1" if value else "0")
        return f"{attr}={info.get(attr)}"
    return write


@prop("table.name", T.TEXT, kinds=TABLE,
      implied_by="name",
      plan=Plan("table", mistake="rename"))
def table_name(t: TableTarget, ctx) -> Observation | None:
    """Table name (display name)."""
    return _obs(t.table.display_name or t.table.name or None)


@WRITERS.writer("table.name")
def write_table_name(session: Session, target: Target, value: Any) -> str:
    root = _table_root(session, target)
    root.set("displayName", str(value))
    root.set("name", str(value))
    return "renamed"


@prop("table.range", X.REF, kinds=TABLE,
      plan=Plan("table", mistake="shrink"))
def table_range(t: TableTarget, ctx) -> Observation | None:
    """Table range (A1:F31)."""
    return _obs(t.table.ref)


@WRITERS.writer("table.range")
def write_table_range(session: Session, target: Target, value: Any) -> str:
    root = _table_root(session, target)
    root.set("ref", str(value).replace("$", ""))
    return f"ref={root.get('ref')}"


@binds("table.style", kinds=TABLE, vtype=X.TABLE_STYLE,
       plan=Plan("table", mistake="style"))
def table_style(t: TableTarget, ctx) -> Observation | None:
    return _obs(t.table.style)


@WRITERS.writer("table.style")
def write_table_style(session: Session, target: Target, value: Any) -> str:
    root = _table_root(session, target)
    info = root.find(_S + "tableStyleInfo")
    if info is None:
        info = etree.SubElement(root, _S + "tableStyleInfo")
    info.set("name", str(value))
    return f"style={value}"


@prop("table.total_row", T.BOOL, kinds=TABLE,
      plan=Plan("table", mistake="toggle"))
def table_total_row(t: TableTarget, ctx) -> Observation | None:
    """Whether the total row is shown."""
    return _obs(t.table.total_row)


WRITERS.writer("table.total_row")(_flag("totalsRowCount", "0"))


@prop("table.header_row", T.BOOL, kinds=TABLE)
def table_header_row(t: TableTarget, ctx) -> Observation | None:
    """Whether the header row is shown."""
    return _obs(t.table.header_row)


WRITERS.writer("table.header_row")(_flag("headerRowCount", "0"))


def _style_option(t: TableTarget, attr: str) -> Observation | None:
    v = t.table.options.get(attr)
    return Observation(False, "default") if v is None else Observation(v, "direct")


@binds("table.banded_rows", kinds=TABLE,
       plan=Plan("setting", mistake=flipped))
def table_banded_rows(t: TableTarget, ctx) -> Observation | None:
    return _style_option(t, "showRowStripes")


WRITERS.writer("table.banded_rows")(_style_option_write("showRowStripes"))


@prop("table.banded_columns", T.BOOL, kinds=TABLE,
      plan=Plan("setting", mistake=flipped))
def table_banded_columns(t: TableTarget, ctx) -> Observation | None:
    """Table style option: banded columns (镶边列; Excel tableStyleInfo/@showColumnStripes,
    off when absent)."""
    return _style_option(t, "showColumnStripes")


WRITERS.writer("table.banded_columns")(
    _style_option_write("showColumnStripes"))


@prop("table.first_column", T.BOOL, kinds=TABLE,
      plan=Plan("setting", mistake=flipped))
def table_first_column(t: TableTarget, ctx) -> Observation | None:
    """Table style option: first column (第一列; Excel tableStyleInfo/@showFirstColumn, off
    when absent)."""
    return _style_option(t, "showFirstColumn")


WRITERS.writer("table.first_column")(_style_option_write("showFirstColumn"))


@prop("table.last_column", T.BOOL, kinds=TABLE,
      plan=Plan("setting", mistake=flipped))
def table_last_column(t: TableTarget, ctx) -> Observation | None:
    """Table style option: last column (最后一列; Excel tableStyleInfo/@showLastColumn, off
    when absent)."""
    return _style_option(t, "showLastColumn")


WRITERS.writer("table.last_column")(_style_option_write("showLastColumn"))


@prop("table.column_names", X.ORDERED, kinds=TABLE)
def table_column_names(t: TableTarget, ctx) -> Observation | None:
    """Column names in order."""
    return _obs(list(t.table.columns))


@WRITERS.writer("table.column_names")
def write_table_column_names(session: Session, target: Target, value: Any) -> str:
    """The table's column names (``tableColumn/@name``), in order."""
    root = _table_root(session, target)
    cols = root.findall(f"{_S}tableColumns/{_S}tableColumn")
    note = ""
    for col, name in zip(cols, list(value)):
        if col.get("name") != name:
            col.set("name", str(name))
            note = f"column {name!r}"
    if not note:
        raise NotApplicable("no column name differs")
    return note
