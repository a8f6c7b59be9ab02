"""Pivot tables: name, source, location, fields and value fields; each resolver followed by
its writer (the pivot table's part edited, its source in the pivot cache). Tables (list
objects) are ``resolve_tables``', defined names ``resolve_workbook``'s."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.formats import format_id, styles_root
from officeeval.excel.edit.pivots import pivot_root
from officeeval.excel.pivots import top_left
from officeeval.excel.refs import cell_ref, parse_area
from officeeval.excel.targets import PivotTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, cycled, mistyped, on_first
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import NotApplicable, Session, Write, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.vocabulary import get as vocab

_S = f"{{{S}}}"
PIVOT = "pivot"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


def _data_fields(session: Session, target: Target) -> list[etree._Element]:
    dfs = list(pivot_root(session, target).iter(_S + "dataField"))
    if not dfs:
        raise NotApplicable("no data field")
    return dfs


def _fewer_fields(tag: str, field: str) -> Write:
    def write(session: Session, target: Target, value: Any) -> str:
        """Only fewer fields are written: the first ones the value leaves out removed."""
        root = pivot_root(session, target)
        lst = root.find(_S + tag)
        have = list(getattr(target.pivot, field))  # type: ignore[attr-defined]
        want = list(value)
        if lst is None or not len(lst) or len(want) >= len(have):
            raise NotApplicable(f"only removing {tag} is written")
        for i, name in enumerate(have):
            if name not in want and i < len(lst):
                lst.remove(lst[i])
                break
        lst.set("count", str(len(lst)))
        if not len(lst):
            root.remove(lst)
        return f"first of {tag} removed"
    return write


def _write_location(session: Session, target: Target, value: Any) -> str:
    """The pivot table's location (``location/@ref``): a range, or its top-left cell
    keeping the size."""
    root = pivot_root(session, target)
    loc = root.find(_S + "location")
    new = parse_area(str(value).replace("$", ""))
    old = parse_area(loc.get("ref") or "") if loc is not None else None
    if loc is None or new is None or old is None:
        raise NotApplicable("no location to move")
    if new.kind == "cell":
        ref = f"{cell_ref(new.r1, new.c1)}:" \
              f"{cell_ref(new.r1 + old.rows - 1, new.c1 + old.cols - 1)}"
    else:
        ref = str(value).replace("$", "")
    loc.set("ref", ref)
    return f"location {ref}"


@prop("pivot.name", T.TEXT, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      implied_by="name",
      plan=Plan("pivot", mistake="typo"))
def pivot_name(t: PivotTarget, ctx) -> Observation | None:
    """Pivot table name."""
    return _obs(t.pivot.name or None)


@WRITERS.writer("pivot.name")
def write_pivot_name(session: Session, target: Target, value: Any) -> str:
    root = pivot_root(session, target)
    root.set("name", str(value))
    return f"name={value!r}"


@prop("pivot.source", X.REF, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="shorter"))
def pivot_source(t: PivotTarget, ctx) -> Observation | None:
    """Source range of the pivot cache ('数据'!A1:F200) or its name."""
    return _obs(t.pivot.source)


@WRITERS.writer("pivot.source")
def write_pivot_source(session: Session, target: Target, value: Any) -> str:
    """The source range of the pivot's cache (``worksheetSource``: sheet and ref)."""
    part = getattr(target.pivot, "part", None)  # type: ignore[attr-defined]
    if not part:
        raise NotApplicable("the pivot's part is not known")
    pkg = session.doc.package
    cache = pkg.related_one(part, "pivotCacheDefinition")
    if cache is None:
        raise NotApplicable("no pivot cache")
    ws = next(session.part(cache).iter(_S + "worksheetSource"), None)
    if ws is None:
        raise NotApplicable("the cache has no worksheet source")
    sheet, bang, ref = str(value).rpartition("!")
    ws.set("ref", ref.replace("$", ""))
    if bang:
        ws.set("sheet", sheet.strip("'").replace("''", "'"))
    ws.attrib.pop("name", None)
    return f"source {value}"


@prop("pivot.location", X.REF, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="lower"))
def pivot_location(t: PivotTarget, ctx) -> Observation | None:
    """Top-left cell of the pivot table (A3)."""
    return _obs(top_left(t.pivot.location))


WRITERS.writer("pivot.location")(_write_location)


@prop("pivot.range", X.REF, kinds=PIVOT,
      draft=Drafting(volatile=True, called=("数据透视",)),
      plan=Plan("pivot"))
def pivot_range(t: PivotTarget, ctx) -> Observation | None:
    """The pivot table's whole range (A3:D20)."""
    return _obs(t.pivot.location)


WRITERS.writer("pivot.range")(_write_location)


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


WRITERS.writer("pivot.rows")(_fewer_fields("rowFields", "rows"))


@prop("pivot.columns", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="drop_first"))
def pivot_columns(t: PivotTarget, ctx) -> Observation | None:
    """Column fields in order."""
    return _obs(list(t.pivot.columns))


WRITERS.writer("pivot.columns")(_fewer_fields("colFields", "columns"))


@prop("pivot.values", X.PIVOT_VALUES, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="function"))
def pivot_values(t: PivotTarget, ctx) -> Observation | None:
    """Value fields as 字段:函数 (销售额:sum; 求和 = sum)."""
    return _obs(list(t.pivot.values))


@WRITERS.writer("pivot.values")
def write_pivot_values(session: Session, target: Target, value: Any) -> str:
    """The data fields' functions (``字段:函数``), in order."""
    root = pivot_root(session, target)
    dfs = list(root.iter(_S + "dataField"))
    if not dfs:
        raise NotApplicable("no data field")
    note = ""
    for df, item in zip(dfs, list(value)):
        fn = str(item).replace("：", ":").rpartition(":")[2].strip()
        token = vocab("pivot_function").canonical(fn) or fn
        if (df.get("subtotal") or "sum") != token:
            df.set("subtotal", token)
            note = f"subtotal={token}"
    if not note:
        raise NotApplicable("no function differs")
    return note


@prop("pivot.values.captions", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("setting", mistake=on_first(mistyped)))
def pivot_value_captions(t: PivotTarget, ctx) -> Observation | None:
    """The value fields' captions as the pivot table shows them (自定义名称: 求和项:销售额,
    总销售额), in order; no value without value fields."""
    return _obs(list(t.pivot.value_names) or None)


@WRITERS.writer("pivot.values.captions")
def write_pivot_value_captions(session: Session, target: Target, value: Any) -> str:
    """The data fields' captions (``dataField/@name``), in order."""
    dfs = _data_fields(session, target)
    for df, caption in zip(dfs, list(value)):
        df.set("name", str(caption))
    return "captions " + "|".join(str(v) for v in value)


@prop("pivot.values.functions", X.PIVOT_FUNCTIONS, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("setting", mistake=on_first(cycled("sum", "count"))))
def pivot_value_functions(t: PivotTarget, ctx) -> Observation | None:
    """The value fields' summary functions in order (值汇总方式: sum 求和, count 计数, average
    平均值, max, min …; sum when a field names none)."""
    return _obs(list(t.pivot.value_functions) or None)


@WRITERS.writer("pivot.values.functions")
def write_pivot_value_functions(session: Session, target: Target, value: Any) -> str:
    """The data fields' functions (``dataField/@subtotal``), in order."""
    dfs = _data_fields(session, target)
    for df, fn in zip(dfs, list(value)):
        df.set("subtotal", vocab("pivot_function").canonical(str(fn)) or str(fn))
    return "subtotals " + "|".join(df.get("subtotal") or "" for df in dfs)


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


@WRITERS.writer("pivot.values.number_formats")
def write_pivot_value_number_formats(session: Session, target: Target, value: Any) -> str:
    """The data fields' number formats (``dataField/@numFmtId``; a custom code added to the
    styles part), in order."""
    dfs = _data_fields(session, target)
    styles = styles_root(session)
    for df, code in zip(dfs, list(value)):
        df.set("numFmtId", str(format_id(styles, str(code))))
    return "numFmtIds " + "|".join(df.get("numFmtId") or "" for df in dfs)


@prop("pivot.filters", X.ORDERED, kinds=PIVOT,
      draft=Drafting(called=("数据透视",)),
      plan=Plan("pivot", mistake="drop_first"))
def pivot_filters(t: PivotTarget, ctx) -> Observation | None:
    """Filter (page) fields."""
    return _obs(list(t.pivot.filters))


WRITERS.writer("pivot.filters")(_fewer_fields("pageFields", "filters"))


# ------------------------------------------------------------------ defined names
