"""Writers of objects on sheets: conditional-format rules and data validations (operator,
range, formulas, format, text, rank), tables (style, name, range, total and header rows),
pivot tables (their row, column, filter and data fields) and defined names; and the rules
and pivot tables deleted."""

from __future__ import annotations

import re
from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import sheet_root
from officeeval.excel.edit.formats import format_id, styles_root
from officeeval.ooxml.editing import rels_part
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_S = f"{{{S}}}"
_CONTAINERS = {"conditional_format": ("conditionalFormatting", "cfRule", "formula"),
               "validation": ("dataValidations", "dataValidation", "formula1")}


def rule_el(session: Session, t: Target) -> etree._Element:
    """The base rule element (``cfRule`` / ``dataValidation``) of a rule target, in the
    view's order; extension (x14) rules are not edited."""
    if t.kind not in _CONTAINERS:
        raise NotApplicable(f"not a rule: {t.kind}")
    container, item, _ = _CONTAINERS[t.kind]
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    rules = [r for c in root.findall(_S + container) for r in c.findall(_S + item)]
    n = int(re.search(r"\[(\d+)\]$", t.locator).group(1))  # type: ignore[union-attr]
    if n - 1 >= len(rules):
        raise NotApplicable("an extension rule")
    return rules[n - 1]


def delete_rule(session: Session, t: Target) -> str:
    el = rule_el(session, t)
    parent = el.getparent()
    parent.remove(el)
    if not len(parent):
        parent.getparent().remove(parent)
    return f"{etree.QName(el).localname} removed"


def _rule_attr(name: str, attr: str, fmt: Callable[[Any], str] = str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        el.set(attr, fmt(value))
        return f"{attr}={el.get(attr)}"


_rule_attr("cf.operator", "operator")
_rule_attr("cf.type", "type")
_rule_attr("validation.operator", "operator")
_rule_attr("validation.type", "type")
_rule_attr("cf.rank", "rank", lambda v: str(int(v)))
_rule_attr("cf.text", "text")


def _range(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        holder = el.getparent() if target.kind == "conditional_format" else el
        holder.set("sqref", str(value).replace("$", ""))
        return f"sqref={holder.get('sqref')}"


_range("cf.range")
_range("validation.range")


def _formulas(el: etree._Element, tag: str, texts: list[str]) -> str:
    found = el.findall(_S + tag)
    if not found:
        raise NotApplicable("no formula")
    for f, text in zip(found, texts):
        f.text = str(text).lstrip("=")
    return f"formula={found[0].text}"


@WRITERS.writer("cf.cells")
def cf_cells(session: Session, target: Target, value: Any) -> str:
    """The rule made to format exactly the given cells: its range set to them and the rule
    an expression that is always true (its format kept)."""
    el = rule_el(session, target)
    cells = " ".join(str(v).replace("$", "") for v in value)
    if not cells:
        raise NotApplicable("a rule formats at least one cell")
    el.getparent().set("sqref", cells)
    for attr in ("operator", "text", "rank", "percent", "bottom", "aboveAverage",
                 "equalAverage", "stdDev", "timePeriod"):
        el.attrib.pop(attr, None)
    for child in list(el):
        el.remove(child)
    el.set("type", "expression")
    etree.SubElement(el, _S + "formula").text = "TRUE"
    return f"expression TRUE over {cells}"


@WRITERS.writer("cf.formula")
def cf_formula(session: Session, target: Target, value: Any) -> str:
    return _formulas(rule_el(session, target), "formula", list(value))


def _validation_formula(name: str, tag: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        f = el.find(_S + tag)
        if f is None:
            f = etree.SubElement(el, _S + tag)
        f.text = str(value).lstrip("=")
        return f"{tag}={f.text}"


_validation_formula("validation.formula", "formula1")
_validation_formula("validation.formula2", "formula2")


@WRITERS.writer("validation.list")
def validation_list(session: Session, target: Target, value: Any) -> str:
    """The items of a list rule, as a literal list (``"a,b,c"``)."""
    el = rule_el(session, target)
    el.set("type", "list")
    f = el.find(_S + "formula1")
    if f is None:
        f = etree.SubElement(el, _S + "formula1")
    f.text = '"' + ",".join(str(x) for x in value) + '"'
    return f"formula1={f.text}"


def _validation_flag(name: str, attr: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        if value:
            el.set(attr, "1")
        else:
            el.attrib.pop(attr, None)
        return f"{attr} {'on' if value else 'off'}"


_validation_flag("validation.input.show", "showInputMessage")
_validation_flag("validation.error.show", "showErrorMessage")
_rule_attr("validation.input.title", "promptTitle")
_rule_attr("validation.input.message", "prompt")
_rule_attr("validation.error.title", "errorTitle")
_rule_attr("validation.error.message", "error")
_rule_attr("validation.error.style", "errorStyle")


@WRITERS.writer("validation.list.ordered")
def validation_list_ordered(session: Session, target: Target, value: Any) -> str:
    """The items in the order given, as a literal list."""
    return validation_list(session, target, value)


def _new_dxf(session: Session, rule: etree._Element, fill: str | None = None,
             font_color: str | None = None, bold: bool | None = None) -> str:
    styles = styles_root(session)
    dxfs = styles.find(_S + "dxfs")
    if dxfs is None:
        dxfs = etree.SubElement(styles, _S + "dxfs")
    dxf = etree.SubElement(dxfs, _S + "dxf")
    if font_color is not None or bold is not None:
        font = etree.SubElement(dxf, _S + "font")
        if bold is not None:
            etree.SubElement(font, _S + "b", val="1" if bold else "0")
        if font_color is not None:
            etree.SubElement(font, _S + "color", rgb="FF" + font_color[-6:])
    if fill is not None:
        f = etree.SubElement(dxf, _S + "fill")
        pf = etree.SubElement(f, _S + "patternFill", patternType="solid")
        etree.SubElement(pf, _S + "bgColor", rgb="FF" + fill[-6:])
    dxfs.set("count", str(len(dxfs)))
    rule.set("dxfId", str(len(dxfs) - 1))
    return "dxf replaced"


@WRITERS.writer("cf.fill.color")
def cf_fill(session: Session, target: Target, value: Any) -> str:
    return _new_dxf(session, rule_el(session, target), fill=str(value))


@WRITERS.writer("cf.font.color")
def cf_font_color(session: Session, target: Target, value: Any) -> str:
    return _new_dxf(session, rule_el(session, target), font_color=str(value))


@WRITERS.writer("cf.font.bold")
def cf_font_bold(session: Session, target: Target, value: Any) -> str:
    return _new_dxf(session, rule_el(session, target), bold=bool(value))


@WRITERS.writer("cf.colors")
def cf_colors(session: Session, target: Target, value: Any) -> str:
    """The colours of a colour scale or data bar, in order."""
    el = rule_el(session, target)
    colors = [c for tag in ("colorScale", "dataBar") for holder in el.findall(_S + tag)
              for c in holder.findall(_S + "color")]
    if not colors:
        raise NotApplicable("no colour scale or data bar")
    for c, rgb in zip(colors, list(value)):
        c.attrib.clear()
        c.set("rgb", "FF" + str(rgb)[-6:])
    return f"colors {','.join(str(v) for v in value)}"


@WRITERS.writer("cf.icon_set")
def cf_icon_set(session: Session, target: Target, value: Any) -> str:
    el = rule_el(session, target)
    icons = el.find(_S + "iconSet")
    if icons is None:
        raise NotApplicable("no icon set")
    icons.set("iconSet", str(value))
    return f"iconSet={value}"


# ------------------------------------------------------------------ tables
def _table_root(session: Session, t: Target) -> etree._Element:
    if t.kind != "table":
        raise NotApplicable(f"not a table: {t.kind}")
    return session.part(t.table.part)  # type: ignore[attr-defined]


@WRITERS.writer("table.style")
def table_style(session: Session, target: Target, value: Any) -> str:
    root = _table_root(session, target)
    info = root.find(_S + "tableStyleInfo")
    if info is None:
        info = etree.SubElement(root, _S + "tableStyleInfo")
    info.set("name", str(value))
    return f"style={value}"


@WRITERS.writer("table.name")
def table_name(session: Session, target: Target, value: Any) -> str:
    root = _table_root(session, target)
    root.set("displayName", str(value))
    root.set("name", str(value))
    return "renamed"


@WRITERS.writer("table.range")
def table_range(session: Session, target: Target, value: Any) -> str:
    root = _table_root(session, target)
    root.set("ref", str(value).replace("$", ""))
    return f"ref={root.get('ref')}"


def _table_flag(name: str, attr: str, off: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        root = _table_root(session, target)
        if value:
            root.set(attr, "1")
        elif attr == "totalsRowCount":
            root.attrib.pop(attr, None)
        else:
            root.set(attr, off)
        return f"{attr} {'on' if value else 'off'}"


_table_flag("table.total_row", "totalsRowCount", "0")
_table_flag("table.header_row", "headerRowCount", "0")


def _style_option(name: str, attr: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """A table style option on ``tableStyleInfo`` (the element made if absent)."""
        root = _table_root(session, target)
        info = root.find(_S + "tableStyleInfo")
        if info is None:
            info = etree.SubElement(root, _S + "tableStyleInfo", name="TableStyleMedium2")
        info.set(attr, "1" if value else "0")
        return f"{attr}={info.get(attr)}"


_style_option("table.banded_rows", "showRowStripes")
_style_option("table.banded_columns", "showColumnStripes")
_style_option("table.first_column", "showFirstColumn")
_style_option("table.last_column", "showLastColumn")


@WRITERS.writer("table.column_names")
def table_column_names(session: Session, target: Target, value: Any) -> str:
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


# ------------------------------------------------------------------ pivot tables
def _pivot_root(session: Session, t: Target) -> etree._Element:
    part = getattr(t.pivot, "part", None) if t.kind == "pivot" else None  # type: ignore
    if not part:
        raise NotApplicable("the pivot's part is not known")
    return session.part(part)


@WRITERS.writer("pivot.values")
def pivot_values(session: Session, target: Target, value: Any) -> str:
    """The data fields' functions (``字段:函数``), in order."""
    root = _pivot_root(session, target)
    from officeeval.vocabulary import get as vocab
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


def _data_fields(session: Session, target: Target) -> list[etree._Element]:
    dfs = list(_pivot_root(session, target).iter(_S + "dataField"))
    if not dfs:
        raise NotApplicable("no data field")
    return dfs


@WRITERS.writer("pivot.values.captions")
def pivot_value_captions(session: Session, target: Target, value: Any) -> str:
    """The data fields' captions (``dataField/@name``), in order."""
    dfs = _data_fields(session, target)
    for df, caption in zip(dfs, list(value)):
        df.set("name", str(caption))
    return "captions " + "|".join(str(v) for v in value)


@WRITERS.writer("pivot.values.functions")
def pivot_value_functions(session: Session, target: Target, value: Any) -> str:
    """The data fields' functions (``dataField/@subtotal``), in order."""
    from officeeval.vocabulary import get as vocab
    dfs = _data_fields(session, target)
    for df, fn in zip(dfs, list(value)):
        df.set("subtotal", vocab("pivot_function").canonical(str(fn)) or str(fn))
    return "subtotals " + "|".join(df.get("subtotal") or "" for df in dfs)


@WRITERS.writer("pivot.values.number_formats")
def pivot_value_number_formats(session: Session, target: Target, value: Any) -> str:
    """The data fields' number formats (``dataField/@numFmtId``; a custom code added to the
    styles part), in order."""
    dfs = _data_fields(session, target)
    styles = styles_root(session)
    for df, code in zip(dfs, list(value)):
        df.set("numFmtId", str(format_id(styles, str(code))))
    return "numFmtIds " + "|".join(df.get("numFmtId") or "" for df in dfs)


def _pivot_fields(name: str, tag: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """Only fewer fields are written: the first ones the value leaves out removed."""
        root = _pivot_root(session, target)
        lst = root.find(_S + tag)
        have = list(getattr(target.pivot, name.split(".")[1]))  # type: ignore[attr-defined]
        want = list(value)
        if lst is None or not len(lst) or len(want) >= len(have):
            raise NotApplicable(f"only removing {tag} is written")
        for i, field in enumerate(have):
            if field not in want and i < len(lst):
                lst.remove(lst[i])
                break
        lst.set("count", str(len(lst)))
        if not len(lst):
            root.remove(lst)
        return f"first of {tag} removed"


_pivot_fields("pivot.rows", "rowFields")
_pivot_fields("pivot.columns", "colFields")
_pivot_fields("pivot.filters", "pageFields")


def _pivot_location(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """The pivot table's location (``location/@ref``): a range, or its top-left cell
        keeping the size."""
        from officeeval.excel.refs import parse_area
        root = _pivot_root(session, target)
        loc = root.find(_S + "location")
        new = parse_area(str(value).replace("$", ""))
        old = parse_area(loc.get("ref") or "") if loc is not None else None
        if loc is None or new is None or old is None:
            raise NotApplicable("no location to move")
        if new.kind == "cell":
            from officeeval.excel.refs import cell_ref
            ref = f"{cell_ref(new.r1, new.c1)}:" \
                  f"{cell_ref(new.r1 + old.rows - 1, new.c1 + old.cols - 1)}"
        else:
            ref = str(value).replace("$", "")
        loc.set("ref", ref)
        return f"location {ref}"


_pivot_location("pivot.location")
_pivot_location("pivot.range")


@WRITERS.writer("pivot.source")
def pivot_source(session: Session, target: Target, value: Any) -> str:
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


@WRITERS.writer("pivot.name")
def pivot_name(session: Session, target: Target, value: Any) -> str:
    root = _pivot_root(session, target)
    root.set("name", str(value))
    return f"name={value!r}"


def delete_pivot(session: Session, t: Target) -> str:
    """The pivot table's relationship from its sheet dropped (the pivot is gone)."""
    if t.kind != "pivot":
        raise NotApplicable(f"not a pivot: {t.kind}")
    part = getattr(t.pivot, "part", None)  # type: ignore[attr-defined]
    if not part:
        raise NotApplicable("the pivot's part is not known")
    rels = session.part(rels_part(t.sheet.part))  # type: ignore[attr-defined]
    for rel in list(rels):
        if (rel.get("Type") or "").endswith("/pivotTable") and \
                part.rsplit("/", 1)[-1] == (rel.get("Target") or "").rsplit("/", 1)[-1]:
            rels.remove(rel)
            return "pivot relationship removed"
    raise NotApplicable("no pivot relationship")


# ------------------------------------------------------------------ defined names
def _defined(session: Session, t: Target) -> etree._Element:
    dn = session.doc.root_el.find(_S + "definedNames")  # type: ignore[attr-defined]
    for el in dn.findall(_S + "definedName") if dn is not None else []:
        if el.get("name") == t.name.name:  # type: ignore[attr-defined]
            session.touch(el)
            return el
    raise NotApplicable("name not found")


@WRITERS.writer("name.refers_to")
def refers_to(session: Session, target: Target, value: Any) -> str:
    el = _defined(session, target)
    el.text = str(value)
    return f"refers to {el.text}"


@WRITERS.writer("name.scope")
def scope(session: Session, target: Target, value: Any) -> str:
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
