"""Resolvers for pivot tables, tables (list objects) and defined names."""

from __future__ import annotations

from officeeval.excel import value_types as X
from officeeval.excel.pivots import top_left
from officeeval.excel.targets import NameTarget, PivotTarget, TableTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, cycled, flipped, mistyped, on_first
from officeeval.values import Observation

PIVOT, TABLE, NAME = "pivot", "table", "name"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


# ------------------------------------------------------------------ pivot tables
@prop("pivot.name", T.TEXT, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      implied_by="name",
      plan=Plan("pivot", mistake="typo"))
def pivot_name(t: PivotTarget, ctx) -> Observation | None:
    """Pivot table name."""
    return _obs(t.pivot.name or None)


@prop("pivot.source", X.REF, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="shorter"))
def pivot_source(t: PivotTarget, ctx) -> Observation | None:
    """Source range of the pivot cache ('数据'!A1:F200) or its name."""
    return _obs(t.pivot.source)


@prop("pivot.location", X.REF, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="lower"))
def pivot_location(t: PivotTarget, ctx) -> Observation | None:
    """Top-left cell of the pivot table (A3)."""
    return _obs(top_left(t.pivot.location))


@prop("pivot.range", X.REF, kinds=PIVOT,
      draft=Drafting(volatile=True, called=("数据透视",)),
      plan=Plan("pivot"))
def pivot_range(t: PivotTarget, ctx) -> Observation | None:
    """The pivot table's whole range (A3:D20)."""
    return _obs(t.pivot.location)


@prop("pivot.sheet", T.TEXT, kinds=PIVOT,
      read_only="where the pivot table's part is related from: moving it is moving a part",
      draft=Drafting(volatile=True, called=("数据透视",)),
      plan=Plan("pivot"))
def pivot_sheet(t: PivotTarget, ctx) -> Observation | None:
    """Name of the sheet holding the pivot table."""
    return _obs(t.sheet.name)


@prop("pivot.rows", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="drop_first"))
def pivot_rows(t: PivotTarget, ctx) -> Observation | None:
    """Row fields in order."""
    return _obs(list(t.pivot.rows))


@prop("pivot.columns", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="drop_first"))
def pivot_columns(t: PivotTarget, ctx) -> Observation | None:
    """Column fields in order."""
    return _obs(list(t.pivot.columns))


@prop("pivot.values", X.PIVOT_VALUES, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="function"))
def pivot_values(t: PivotTarget, ctx) -> Observation | None:
    """Value fields as 字段:函数 (销售额:sum; 求和 = sum)."""
    return _obs(list(t.pivot.values))


@prop("pivot.values.captions", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("setting", mistake=on_first(mistyped)))
def pivot_value_captions(t: PivotTarget, ctx) -> Observation | None:
    """The value fields' captions as the pivot table shows them (自定义名称: 求和项:销售额,
    总销售额), in order; no value without value fields."""
    return _obs(list(t.pivot.value_names) or None)


@prop("pivot.values.functions", X.PIVOT_FUNCTIONS, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("setting", mistake=on_first(cycled("sum", "count"))))
def pivot_value_functions(t: PivotTarget, ctx) -> Observation | None:
    """The value fields' summary functions in order (值汇总方式: sum 求和, count 计数, average
    平均值, max, min …; sum when a field names none)."""
    return _obs(list(t.pivot.value_functions) or None)


@prop("pivot.values.number_formats", X.NUMBER_FORMATS, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("setting", mistake=on_first(cycled("0.00", "General"))))
def pivot_value_number_formats(t: PivotTarget, ctx) -> Observation | None:
    """The value fields' number formats in order (数字格式: dataField/@numFmtId through the
    workbook's formats; General when a field sets none)."""
    ids = t.pivot.value_format_ids
    if not ids:
        return None
    styles = t.doc.styles
    codes = [(styles.number_format(i) if i is not None else None) or "General" for i in ids]
    return Observation(codes, "direct" if any(i is not None for i in ids) else "default")


@prop("pivot.filters", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="drop_first"))
def pivot_filters(t: PivotTarget, ctx) -> Observation | None:
    """Filter (page) fields."""
    return _obs(list(t.pivot.filters))


# ------------------------------------------------------------------ tables
@prop("table.name", T.TEXT, kinds=TABLE, implied_by="name",
      plan=Plan("table", mistake="rename"))
def table_name(t: TableTarget, ctx) -> Observation | None:
    """Table name (display name)."""
    return _obs(t.table.display_name or t.table.name or None)


@prop("table.range", X.REF, kinds=TABLE,
      plan=Plan("table", mistake="shrink"))
def table_range(t: TableTarget, ctx) -> Observation | None:
    """Table range (A1:F31)."""
    return _obs(t.table.ref)


@binds("table.style", kinds=TABLE, vtype=X.TABLE_STYLE,
       plan=Plan("table", mistake="style"))
def table_style(t: TableTarget, ctx) -> Observation | None:
    return _obs(t.table.style)


@prop("table.total_row", T.BOOL, kinds=TABLE,
      plan=Plan("table", mistake="toggle"))
def table_total_row(t: TableTarget, ctx) -> Observation | None:
    """Whether the total row is shown."""
    return _obs(t.table.total_row)


@prop("table.header_row", T.BOOL, kinds=TABLE)
def table_header_row(t: TableTarget, ctx) -> Observation | None:
    """Whether the header row is shown."""
    return _obs(t.table.header_row)


def _style_option(t: TableTarget, attr: str) -> Observation | None:
    v = t.table.options.get(attr)
    return Observation(False, "default") if v is None else Observation(v, "direct")


@binds("table.banded_rows", kinds=TABLE,
       plan=Plan("setting", mistake=flipped))
def table_banded_rows(t: TableTarget, ctx) -> Observation | None:
    return _style_option(t, "showRowStripes")


@prop("table.banded_columns", T.BOOL, kinds=TABLE,
      plan=Plan("setting", mistake=flipped))
def table_banded_columns(t: TableTarget, ctx) -> Observation | None:
    """Table style option: banded columns (镶边列; Excel tableStyleInfo/@showColumnStripes,
    off when absent)."""
    return _style_option(t, "showColumnStripes")


@prop("table.first_column", T.BOOL, kinds=TABLE,
      plan=Plan("setting", mistake=flipped))
def table_first_column(t: TableTarget, ctx) -> Observation | None:
    """Table style option: first column (第一列; Excel tableStyleInfo/@showFirstColumn, off
    when absent)."""
    return _style_option(t, "showFirstColumn")


@prop("table.last_column", T.BOOL, kinds=TABLE,
      plan=Plan("setting", mistake=flipped))
def table_last_column(t: TableTarget, ctx) -> Observation | None:
    """Table style option: last column (最后一列; Excel tableStyleInfo/@showLastColumn, off
    when absent)."""
    return _style_option(t, "showLastColumn")


@prop("table.column_names", X.ORDERED, kinds=TABLE)
def table_column_names(t: TableTarget, ctx) -> Observation | None:
    """Column names in order."""
    return _obs(list(t.table.columns))


# ------------------------------------------------------------------ defined names
@prop("name.refers_to", X.REF, kinds=NAME,
      plan=Plan("name"))
def refers_to(t: NameTarget, ctx) -> Observation | None:
    """What a defined name refers to ('成绩'!$B$2:$B$31 or a constant)."""
    return _obs(t.name.refers_to or None)


@prop("name.scope", T.TEXT, kinds=NAME)
def scope(t: NameTarget, ctx) -> Observation | None:
    """The sheet a name is local to, or workbook."""
    idx = t.name.local_sheet
    if idx is None or idx >= len(t.doc.sheets):
        return Observation("workbook", "direct")
    return Observation(t.doc.sheets[idx].name, "direct")
