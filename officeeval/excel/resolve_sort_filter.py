"""A sheet's sorting and filtering: the AutoFilter range and its criteria, the sort saved
with the sheet (its keys, range and custom lists); each resolver followed by its writer
(the worksheet part edited)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.sheets import on_part
from officeeval.excel.refs import cell_ref, col_index, col_letters, parse_area
from officeeval.excel.targets import SheetTarget
from officeeval.ooxml.ns import S
from officeeval.ooxml.units import to_int
from officeeval.properties.mistakes import Plan, no_custom_lists, rows_off
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import NotApplicable, WriterSet
from officeeval.values import Observation

_S = f"{{{S}}}"
_OPS = {"equal": "=", "lessThan": "<", "lessThanOrEqual": "<=", "notEqual": "<>",
        "greaterThanOrEqual": ">=", "greaterThan": ">"}

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
SHEET = "sheet"


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


# ------------------------------------------------------------------ filters
@prop("sheet.autofilter", X.REF, kinds=SHEET,
      plan=Plan("sheet", mistake="remove", what="auto filter removed"))
def autofilter(t: SheetTarget, ctx) -> Observation | None:
    """The AutoFilter range (A1:F31); no value without a filter."""
    af = t.sheet.autofilter
    if af is None or not af.get("ref"):
        return None
    return Observation(af.get("ref"), "direct")


@WRITERS.writer("sheet.autofilter")
@on_part
def write_autofilter(root: etree._Element, v: Any) -> str:
    if v in (None, "", "none"):
        return _remove("autoFilter")(root, None)
    af = root.find(_S + "autoFilter")
    if af is None:
        af = etree.Element(_S + "autoFilter")
        root.find(_S + "sheetData").addnext(af)
    af.set("ref", str(v).replace("$", ""))
    return f"autoFilter ref={af.get('ref')}"


def _filter_desc(fc) -> str | None:
    for child in fc:
        if not isinstance(child.tag, str):
            continue
        tag = child.tag.split("}")[-1]
        if tag == "filters":
            vals = [f.get("val") or "" for f in child.findall(_S + "filter")]
            vals += [f"{d.get('year') or ''}-{d.get('month') or ''}".strip("-")
                     for d in child.findall(_S + "dateGroupItem")]
            if (child.get("blank") or "") in ("1", "true"):
                vals.append("(blank)")
            return ", ".join(vals)
        if tag == "customFilters":
            parts = [f"{_OPS.get(cf.get('operator') or 'equal', '=')}{cf.get('val') or ''}"
                     for cf in child.findall(_S + "customFilter")]
            joiner = " and " if (child.get("and") or "") in ("1", "true") else " or "
            return joiner.join(parts)
        if tag == "top10":
            which = "top" if (child.get("top") or "1") not in ("0", "false") else "bottom"
            pct = "%" if (child.get("percent") or "") in ("1", "true") else ""
            return f"{which} {child.get('val') or '10'}{pct}"
        if tag == "dynamicFilter":
            return child.get("type") or "dynamic"
        if tag == "colorFilter":
            return "color"
        if tag == "iconFilter":
            return "icon"
    return None


@prop("sheet.autofilter.criteria", X.TEXT_LIST, kinds=SHEET,
      plan=Plan("sheet", mistake="clear", what="filter criteria removed"))
def autofilter_criteria(t: SheetTarget, ctx) -> Observation | None:
    """Filter criteria per column as 'C: 男' (values), 'D: >=60' (custom; 'and'/'or' between
    two), 'E: top 10' / 'E: top 10%' / 'E: bottom 5', 'F: aboveAverage' (dynamic), 'G:
    color'."""
    af = t.sheet.autofilter
    if af is None:
        return None
    area = parse_area(af.get("ref"))
    first = area.c1 if area is not None else 1
    out = []
    for fc in af.findall(_S + "filterColumn"):
        col = to_int(fc.get("colId"))
        desc = _filter_desc(fc)
        if col is None or col < 0 or desc is None:
            continue
        out.append(f"{col_letters(min(first + col, 16_384))}: {desc}")
    return Observation(out, "direct")


@WRITERS.writer("sheet.autofilter.criteria")
@on_part
def write_autofilter_criteria(root: etree._Element, v: Any) -> str:
    if list(v or []):
        raise NotApplicable("only removing filter criteria is written")
    el = root.find(_S + "autoFilter")
    if el is None or not len(el):
        raise NotApplicable("no autoFilter criteria")
    for child in list(el):
        el.remove(child)
    return "autoFilter criteria removed"


# ------------------------------------------------------------------ sorting
def _sort_state(root: etree._Element) -> etree._Element:
    found = next(root.iter(_S + "sortState"), None)
    if found is None:
        raise NotApplicable("no saved sort to change")
    return found


@prop("sheet.sort", X.ORDERED, kinds=SHEET,
      plan=Plan("sheet", mistake="remove", what="sort state removed"))
def sort(t: SheetTarget, ctx) -> Observation | None:
    """Sort keys saved with the sheet (sortState), in order, as 'D descending' / 'B
    ascending'; no value when none is saved."""
    ss = t.sheet.sort_state
    if ss is None:
        return None
    out = []
    for cond in ss.findall(_S + "sortCondition"):
        area = parse_area(cond.get("ref"))
        if area is None:
            continue
        way = "descending" if (cond.get("descending") or "") in ("1", "true") else "ascending"
        out.append(f"{col_letters(area.c1)} {way}")
    return Observation(out, "direct") if out else None


@WRITERS.writer("sheet.sort")
@on_part
def write_sort(root: etree._Element, v: Any) -> str:
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


@prop("sheet.sort.range", X.REF, kinds=SHEET,
      plan=Plan("setting", mistake=rows_off))
def sort_range(t: SheetTarget, ctx) -> Observation | None:
    """The range a saved sort covers (sortState/@ref, header row excluded as Excel writes
    it: A2:F31); no value when none is saved."""
    ss = t.sheet.sort_state
    if ss is None or not (ss.get("ref") or "").strip():
        return None
    return Observation(ss.get("ref").strip(), "direct")


@WRITERS.writer("sheet.sort.range")
@on_part
def write_sort_range(root: etree._Element, v: Any) -> str:
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


@prop("sheet.sort.custom_lists", X.SORT_LISTS, kinds=SHEET,
      plan=Plan("setting", mistake=no_custom_lists))
def sort_custom_lists(t: SheetTarget, ctx) -> Observation | None:
    """The sort keys ordered by a custom list (自定义序列), in key order, as 'D: 高,中,低';
    an empty list when a sort is saved without one, no value when none is saved."""
    ss = t.sheet.sort_state
    if ss is None:
        return None
    out = []
    for cond in ss.findall(_S + "sortCondition"):
        area = parse_area(cond.get("ref"))
        custom = cond.get("customList")
        if area is not None and custom:
            out.append(f"{col_letters(area.c1)}: {custom}")
    return Observation(out, "direct")


@WRITERS.writer("sheet.sort.custom_lists")
@on_part
def write_sort_custom_lists(root: etree._Element, v: Any) -> str:
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
