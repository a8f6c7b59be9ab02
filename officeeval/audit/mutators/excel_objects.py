"""Excel mutants of sheets and the objects on them: sheets renamed, reordered, hidden or
deleted; tab colors, frozen panes, filters, print setup; column widths and row heights;
charts deleted, moved, re-typed, re-titled or losing a series; conditional formats,
validations, tables, pivot tables and defined names deleted or changed."""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
)
from officeeval.audit.mutators.excel_cells import col_letters, sheet_root
from officeeval.audit.mutators.texts import put_typo
from officeeval.ooxml.ns import A, C, R, S
from officeeval.rubric.model import Check
from officeeval.targets import Target

_S, _C, _A, _R = f"{{{S}}}", f"{{{C}}}", f"{{{A}}}", f"{{{R}}}"
_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"


def _sheet_entry(edit, sheet) -> etree._Element:
    """The ``<sheet>`` element of ``sheet`` in workbook.xml."""
    sheets = edit.doc.root_el.find(_S + "sheets")
    items = sheets.findall(_S + "sheet") if sheets is not None else []
    if sheet.index - 1 >= len(items):
        raise NotApplicable("sheet not listed")
    return items[sheet.index - 1]


def _mutation(key: str, op: str, desc: str, apply, scope: str = "criterion") -> Mutation:
    return Mutation(key=key, operator=op, description=desc, apply=apply, scope=scope)


def _each(check: Check, idx: list[int], fn: Callable) -> Callable:
    def apply(ws, edit):
        note = ""
        for t in refind(edit, check.select, idx):
            note = fn(ws, edit, t) or note
        return note
    return apply


# ------------------------------------------------------------------ sheets and workbook
def _sheet_of(t: Target):
    return getattr(t, "sheet", None)


def plan_sheet(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(_sheet_of(targets[i]) is None for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]

    def wb(fn):
        def apply(ws, edit, t):
            ws.touch(edit, edit.doc.root_el)
            return fn(_sheet_entry(edit, t.sheet))
        return apply

    def part(fn):
        return lambda ws, edit, t: fn(sheet_root(ws, edit, t.sheet))

    table: dict[str, tuple[Callable, str]] = {
        "sheet.name": (wb(lambda e: e.set("name", (e.get("name") or "") + "1")),
                       "sheet renamed"),
        "sheet.hidden": (wb(lambda e: e.set("state", "visible" if any(ref) else "hidden")),
                         "visibility flipped"),
        "sheet.tab_color": (part(_tab_color(ref)), "tab color changed"),
        "sheet.freeze": (part(_freeze(ref)), "frozen panes changed"),
        "sheet.autofilter": (part(_remove("autoFilter")), "auto filter removed"),
        "sheet.autofilter.criteria": (part(_remove_children("autoFilter")),
                                      "filter criteria removed"),
        "sheet.sort": (part(_remove("sortState", deep=True)), "sort state removed"),
        "sheet.protected": (part(_protect(ref)), "protection flipped"),
        "sheet.print.orientation": (part(_orient(ref)), "print orientation flipped"),
        "sheet.values": (lambda ws, edit, t: _value_typo(ws, edit, t), "a cell value changed"),
    }
    if prop not in table:
        return []
    fn, what = table[prop]
    return [_mutation(f"sheet|{prop}|{where}", f"direct:{prop}", f"{where}: {what}",
                      _each(check, idx, fn))]


def _tab_color(ref):
    def fn(root):
        pr = root.find(_S + "sheetPr")
        if pr is None:
            pr = etree.Element(_S + "sheetPr")
            root.insert(0, pr)
        for old in pr.findall(_S + "tabColor"):
            pr.remove(old)
        color = "FF00B050" if "FF0000" in [str(r).upper() for r in ref] else "FFFF0000"
        tc = etree.Element(_S + "tabColor", rgb=color)
        pr.insert(0, tc)
        return f"tabColor={color}"
    return fn


def _freeze(ref):
    def fn(root):
        view = root.find(f"{_S}sheetViews/{_S}sheetView")
        if view is None:
            raise NotApplicable("no sheet view")
        pane = view.find(_S + "pane")
        if pane is not None and any(r != "none" for r in ref):
            view.remove(pane)
            for sel in view.findall(_S + "selection"):
                sel.attrib.pop("pane", None)
            return "pane removed"
        pane = etree.Element(_S + "pane", ySplit="1", topLeftCell="A2", activePane="bottomLeft",
                             state="frozen")
        view.insert(0, pane)
        return "frozen at A2"
    return fn


def _remove(tag: str, deep: bool = False):
    def fn(root):
        found = list(root.iter(_S + tag)) if deep else root.findall(_S + tag)
        if not found:
            raise NotApplicable(f"no {tag}")
        for el in found:
            el.getparent().remove(el)
        return f"{tag} removed"
    return fn


def _remove_children(tag: str):
    def fn(root):
        el = root.find(_S + tag)
        if el is None or not len(el):
            raise NotApplicable(f"no {tag} criteria")
        for child in list(el):
            el.remove(child)
        return f"{tag} criteria removed"
    return fn


def _protect(ref):
    def fn(root):
        el = root.find(_S + "sheetProtection")
        if el is not None:
            root.remove(el)
            return "protection removed"
        root.find(_S + "sheetData").addnext(etree.Element(_S + "sheetProtection", sheet="1"))
        return "protection added"
    return fn


def _orient(ref):
    def fn(root):
        el = root.find(_S + "pageSetup")
        if el is None:
            el = etree.SubElement(root, _S + "pageSetup")
        value = "portrait" if "landscape" in ref else "landscape"
        el.set("orientation", value)
        return f"orientation={value}"
    return fn


def _value_typo(ws, edit, t) -> str:
    root = sheet_root(ws, edit, t.sheet)
    for c in root.iter(_S + "c"):
        if c.find(_S + "f") is None and c.get("t") in ("inlineStr",):
            return put_typo(list(c.iter(_S + "t")), None)
        v = c.find(_S + "v")
        if c.find(_S + "f") is None and v is not None and c.get("t") in (None, "n"):
            try:
                v.text = repr(float(v.text or "0") + 1)
            except ValueError:
                continue
            return f"{c.get('r')} + 1"
    raise NotApplicable("no constant number or inline text to change")


def plan_sheet_order(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """Sheets reordered (the first target's sheet swapped with its neighbour) and the sheet
    deleted: both through workbook.xml."""
    sheet = _sheet_of(targets[0]) if targets else None
    total = len(ctx.doc.sheets)  # type: ignore[attr-defined]
    if sheet is None:
        return []
    n = sheet.index
    out = []
    if total > 1 and (check.property in ("sheet.index", "workbook.sheet_names") or re.match(
            r"sheet\[\d", check.select or "")):
        other = n + 1 if n < total else n - 1

        def swap(ws, edit) -> str:
            sheets = edit.doc.root_el.find(_S + "sheets")
            items = sheets.findall(_S + "sheet")
            a_, b_ = items[n - 1], items[other - 1]
            ia, ib = sheets.index(a_), sheets.index(b_)
            sheets.remove(a_ if ia > ib else b_)
            sheets.insert(min(ia, ib), a_ if ia > ib else b_)
            ws.touch(edit, sheets)
            return f"sheets {n} and {other} swapped"
        out.append(_mutation(f"sheet-order|{n}", "reorder:sheet",
                             f"sheet {sheet.name!r} moved to position {other}", swap,
                             scope="rubric"))
    if total > 1 and check.property not in ("workbook.sheet_count",):
        def delete(ws, edit) -> str:
            entry = _sheet_entry(edit, edit.doc.sheets[n - 1])
            ws.touch(edit, entry)
            entry.getparent().remove(entry)
            return "sheet entry removed"
        out.append(_mutation(f"sheet-delete|{n}", "delete:sheet", f"sheet {sheet.name!r} "
                             f"deleted", delete, scope="rubric"))
    return out


def plan_workbook(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    first = ctx.doc.sheets[0] if ctx.doc.sheets else None  # type: ignore[attr-defined]
    if first is None:
        return []
    out = []
    if check.property == "workbook.sheet_names":
        def rename(ws, edit) -> str:
            e = _sheet_entry(edit, edit.doc.sheets[0])
            ws.touch(edit, e)
            e.set("name", (e.get("name") or "") + "1")
            return f"{e.get('name')}"
        out.append(_mutation("workbook-rename", "direct:workbook.sheet_names",
                             f"sheet {first.name!r} renamed", rename))
    from officeeval.excel.targets import SheetTarget
    return out + plan_sheet_order(ctx, Check(check.select, check.property, check.op),
                                  [SheetTarget(first)])


# ------------------------------------------------------------------ columns and rows
def plan_column(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "column" for i in idx):
        return []
    prop = check.property

    def fn(ws, edit, t) -> str:
        root = sheet_root(ws, edit, t.sheet)
        col = _own_col(root, t.col)
        if prop == "column.width":
            width = float(col.get("width") or 8.43) + 6
            col.set("width", f"{width:g}")
            col.set("customWidth", "1")
            return f"width={width:g}"
        hidden = (col.get("hidden") or "") in ("1", "true")
        col.set("hidden", "0" if hidden else "1")
        return f"hidden={not hidden}"

    return [_mutation(f"column|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", _each(check, idx, fn))]


def _own_col(root: etree._Element, n: int) -> etree._Element:
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
            pieces = [(lo, n - 1), (n, n), (n + 1, hi)]
            out = None
            for a_, b_ in pieces:
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


def plan_row(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "row" for i in idx):
        return []
    prop = check.property

    def fn(ws, edit, t) -> str:
        from officeeval.audit.mutators.excel_cells import cell_el
        root = sheet_root(ws, edit, t.sheet)
        c = cell_el(root, t.row, 1)
        row = c.getparent()
        if prop == "row.height":
            h = float(row.get("ht") or t.sheet.default_row_height()) + 10
            row.set("ht", f"{h:g}")
            row.set("customHeight", "1")
            return f"ht={h:g}"
        hidden = (row.get("hidden") or "") in ("1", "true")
        row.set("hidden", "0" if hidden else "1")
        return f"hidden={not hidden}"

    return [_mutation(f"row|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", _each(check, idx, fn))]


# ------------------------------------------------------------------ charts
def _chart_anchor(ws, edit, t) -> tuple[etree._Element, str]:
    """The drawing anchor holding chart target ``t`` and its drawing part."""
    pkg = edit.doc.package
    for drawing in t.sheet.related("drawing"):
        root = pkg.xml(drawing)
        for frame in root.iter(_XDR + "graphicFrame"):
            chart = frame.find(f"{_A}graphic/{_A}graphicData/{_C}chart")
            if chart is None or pkg.target(drawing, chart.get(_R + "id")) != t.placed.part:
                continue
            anchor = frame
            while anchor.getparent() is not None and anchor.getparent() is not root:
                anchor = anchor.getparent()
            ws.touch_part(edit, drawing)
            return anchor, drawing
    raise NotApplicable("the chart's anchor is not found")


def chart_part(edit, t) -> str:
    """A chart target's chart part: Excel's placed chart, or the chart a slide's graphic
    frame points to."""
    placed = getattr(t, "placed", None)
    if placed is not None:
        return placed.part
    shape = t.shape
    el = next(shape.el.iter(_C + "chart"), None)
    part = edit.doc.package.target(shape.sheet.part, el.get(_R + "id")) if el is not None \
        else None
    if part is None:
        raise NotApplicable("the chart's part is not found")
    return part


def _chart_root(ws, edit, t) -> etree._Element:
    return ws.touch_part(edit, chart_part(edit, t))


def _chart_change(prop: str) -> tuple[Callable, str] | None:
    def retype(ws, edit, t):
        plot = _chart_root(ws, edit, t).find(f"{_C}chart/{_C}plotArea")
        for el in plot:
            local = etree.QName(el).localname if isinstance(el.tag, str) else ""
            if local in ("barChart", "bar3DChart"):
                bd = el.find(_C + "barDir")
                new = "bar" if bd is None or bd.get("val") != "bar" else "col"
                if bd is None:
                    bd = etree.Element(_C + "barDir")
                    el.insert(0, bd)
                bd.set("val", new)
                return f"barDir={new}"
            if local.endswith("Chart") and local != "plotArea":
                el.tag = _C + ("barChart" if local != "barChart" else "lineChart")
                if el.find(_C + "barDir") is None:
                    bd = etree.Element(_C + "barDir", val="col")
                    el.insert(0, bd)
                return f"{local} -> barChart"
        raise NotApplicable("no plot to re-type")

    def title(ws, edit, t):
        tx = _chart_root(ws, edit, t).find(f"{_C}chart/{_C}title")
        if tx is None:
            raise NotApplicable("no title")
        return put_typo(list(tx.iter(_A + "t")), None)

    def drop_series(ws, edit, t):
        root = _chart_root(ws, edit, t)
        sers = list(root.iter(_C + "ser"))
        if not sers:
            raise NotApplicable("no series")
        sers[-1].getparent().remove(sers[-1])
        return "last series removed"

    def series_name(ws, edit, t):
        root = _chart_root(ws, edit, t)
        ser = next(root.iter(_C + "ser"), None)
        tx = ser.find(_C + "tx") if ser is not None else None
        if tx is None:
            raise NotApplicable("no series name")
        v = next(tx.iter(_C + "v"), None)
        f = next(tx.iter(_C + "f"), None)
        if f is not None:
            f.getparent().remove(f)
        if v is None:
            raise NotApplicable("no cached series name")
        return put_typo([v], None)

    def series_ref(tag: str):
        def fn(ws, edit, t):
            root = _chart_root(ws, edit, t)
            ser = next(root.iter(_C + "ser"), None)
            src = ser.find(_C + tag) if ser is not None else None
            f = next(src.iter(_C + "f"), None) if src is not None else None
            if f is None or not f.text:
                raise NotApplicable(f"no {tag} reference")
            f.text = re.sub(r"(\$?)(\d+)(?!.*\d)", lambda m: m.group(1) + str(int(m.group(2)) - 1),
                            f.text, count=1)
            for cache in src.iter(_C + "pt"):
                v = cache.find(_C + "v")
                if v is not None:
                    put_typo([v], None)
                break
            return f"{tag} -> {f.text}"
        return fn

    def legend(ws, edit, t):
        chart = _chart_root(ws, edit, t).find(_C + "chart")
        lg = chart.find(_C + "legend")
        if lg is None:
            raise NotApplicable("no legend")
        pos = lg.find(_C + "legendPos")
        if pos is None:
            pos = etree.Element(_C + "legendPos")
            lg.insert(0, pos)
        new = "t" if pos.get("val") != "t" else "b"
        pos.set("val", new)
        return f"legendPos={new}"

    def labels(ws, edit, t):
        root = _chart_root(ws, edit, t)
        found = [d for d in root.iter(_C + "dLbls")]
        if found:
            for d in found:
                d.getparent().remove(d)
            return "data labels removed"
        ser = next(root.iter(_C + "ser"), None)
        if ser is None:
            raise NotApplicable("no series")
        d = etree.SubElement(ser, _C + "dLbls")
        etree.SubElement(d, _C + "showVal", val="1")
        return "data labels added"

    def axis_title(ws, edit, t):
        plot = _chart_root(ws, edit, t).find(f"{_C}chart/{_C}plotArea")
        tts = [x for x in plot.iter(_C + "title")]
        if not tts:
            raise NotApplicable("no axis titles")
        return put_typo([x for tt in tts for x in tt.iter(_A + "t")], None)

    def style(ws, edit, t):
        root = _chart_root(ws, edit, t)
        st = root.find(_C + "style")
        if st is None:
            st = etree.Element(_C + "style")
            root.insert(0, st)
        new = "3" if st.get("val") != "3" else "4"
        st.set("val", new)
        return f"style={new}"

    def move(ws, edit, t):
        anchor, _ = _chart_anchor(ws, edit, t)
        for m in ("from", "to"):
            col = anchor.find(f"{_XDR}{m}/{_XDR}col")
            if col is not None:
                col.text = str(int(col.text or 0) + 3)
        return "anchor moved 3 columns right"

    table = {"chart.type": retype, "chart.types": retype, "chart.grouping": retype,
             "chart.title": title, "chart.series.count": drop_series,
             "chart.series.names": series_name, "chart.series.values": series_ref("val"),
             "chart.series.value_refs": series_ref("val"),
             "chart.series.all_values": series_ref("val"),
             "chart.series.categories": series_ref("cat"),
             "chart.series.category_refs": series_ref("cat"),
             "chart.legend.position": legend, "chart.data_labels": labels,
             "chart.axis.x.title": axis_title, "chart.axis.y.title": axis_title,
             "chart.style": style, "chart.anchor": move}
    fn = table.get(prop)
    return (fn, prop) if fn else None


def plan_chart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "chart" for i in idx):
        return []
    where = locators(targets, idx)
    out = []
    got = _chart_change(check.property or "")
    if got is not None:
        out.append(_mutation(f"chart|{check.property}|{where}", f"direct:{check.property}",
                             f"{where}: {check.property} changed", _each(check, idx, got[0])))
    return out + plan_chart_delete(ctx, check, targets)


def plan_chart_delete(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = [0] if check.match == "all" else list(range(len(targets)))

    def delete(ws, edit, t) -> str:
        anchor, _ = _chart_anchor(ws, edit, t)
        anchor.getparent().remove(anchor)
        return "anchor removed"

    return [_mutation(f"delete|{locators(targets, idx)}", "delete:chart",
                      f"{locators(targets, idx)} deleted", _each(check, idx, delete),
                      scope="rubric")]


# ------------------------------------------------------------------ rules, tables, names
def _rule_el(ws, edit, t, container: str, item: str) -> etree._Element:
    """The n-th base rule element of a sheet (conditional formats, validations), in the
    view's order; extension (x14) rules are not edited."""
    root = sheet_root(ws, edit, t.sheet)
    rules = [r for c in root.findall(_S + container) for r in c.findall(_S + item)] \
        if container == "conditionalFormatting" else \
        [r for c in root.findall(_S + container) for r in c.findall(_S + item)]
    n = int(re.search(r"\[(\d+)\]$", t.locator).group(1))  # type: ignore[union-attr]
    if n - 1 >= len(rules):
        raise NotApplicable("an extension rule")
    return rules[n - 1]


def plan_rule(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    kind = targets[0].kind if targets else ""
    if idx is None or kind not in ("conditional_format", "validation") or any(
            targets[i].kind != kind for i in idx):
        return []
    cf = kind == "conditional_format"
    container, item = ("conditionalFormatting", "cfRule") if cf else ("dataValidations",
                                                                      "dataValidation")
    prop = check.property or ""
    where = locators(targets, idx)

    def delete(ws, edit, t) -> str:
        el = _rule_el(ws, edit, t, container, item)
        parent = el.getparent()
        parent.remove(el)
        if not len(parent):
            parent.getparent().remove(parent)
        return f"{item} removed"

    def change(ws, edit, t) -> str:
        el = _rule_el(ws, edit, t, container, item)
        if prop.endswith(".operator"):
            new = "lessThan" if el.get("operator") != "lessThan" else "greaterThan"
            el.set("operator", new)
            return f"operator={new}"
        if prop.endswith(".range"):
            holder = el.getparent() if cf else el
            sq = holder.get("sqref") or ""
            holder.set("sqref", re.sub(r"\d+", lambda m: str(int(m.group()) + 1), sq, count=1))
            return f"sqref={holder.get('sqref')}"
        if prop in ("cf.fill.color", "cf.font.color", "cf.font.bold"):
            return _new_dxf(ws, edit, el, prop)
        f = el.find(_S + ("formula" if cf else "formula1"))
        if f is None or not f.text:
            raise NotApplicable("no formula")
        if re.search(r"\d", f.text):
            f.text = re.sub(r"\d+(\.\d+)?", lambda m: str(float(m.group()) + 1).rstrip("0")
                            .rstrip("."), f.text, count=1)
        else:
            put_typo([f], None)
        return f"formula={f.text}"

    out = []
    if not prop.endswith(".type"):
        out.append(_mutation(f"rule|{prop}|{where}", f"direct:{prop}",
                             f"{where}: {prop} changed", _each(check, idx, change)))
    out.append(_mutation(f"delete|{where}", f"delete:{kind}", f"{where} deleted",
                         _each(check, idx, delete), scope="rubric"))
    return out


def _new_dxf(ws, edit, rule: etree._Element, prop: str) -> str:
    from officeeval.audit.mutators.excel_cells import _styles_root
    styles = _styles_root(ws, edit)
    dxfs = styles.find(_S + "dxfs")
    if dxfs is None:
        dxfs = etree.SubElement(styles, _S + "dxfs")
    dxf = etree.SubElement(dxfs, _S + "dxf")
    if prop == "cf.fill.color":
        fill = etree.SubElement(dxf, _S + "fill")
        pf = etree.SubElement(fill, _S + "patternFill", patternType="solid")
        etree.SubElement(pf, _S + "bgColor", rgb="FF00B0F0")
    else:
        font = etree.SubElement(dxf, _S + "font")
        etree.SubElement(font, _S + "color", rgb="FF00B0F0")
    dxfs.set("count", str(len(dxfs)))
    rule.set("dxfId", str(len(dxfs) - 1))
    return "dxf replaced"


def plan_table(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property or ""

    def fn(ws, edit, t) -> str:
        root = ws.touch_part(edit, t.table.part)
        if prop == "table.style":
            info = root.find(_S + "tableStyleInfo")
            if info is None:
                info = etree.SubElement(root, _S + "tableStyleInfo")
            new = "TableStyleLight1" if info.get("name") != "TableStyleLight1" else \
                "TableStyleMedium9"
            info.set("name", new)
            return f"style={new}"
        if prop == "table.name":
            root.set("displayName", (root.get("displayName") or "T") + "1")
            root.set("name", root.get("displayName"))
            return "renamed"
        if prop == "table.total_row":
            shown = (root.get("totalsRowCount") or "0") not in ("0", "")
            if shown:
                root.attrib.pop("totalsRowCount", None)
            else:
                root.set("totalsRowCount", "1")
            return f"totals row {'off' if shown else 'on'}"
        ref = root.get("ref") or ""
        root.set("ref", re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) - 1), ref))
        return f"ref={root.get('ref')}"

    return [_mutation(f"table|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", _each(check, idx, fn))]


def plan_pivot(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """A pivot table's sheet relationship dropped (the pivot is gone), and for fields the
    first row/column/data field removed or its function changed."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "pivot" for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)

    def part_of(t) -> str:
        part = getattr(t.pivot, "part", None)
        if not part:
            raise NotApplicable("the pivot's part is not known")
        return part

    def field_change(ws, edit, t) -> str:
        root = ws.touch_part(edit, part_of(t))
        if prop == "pivot.values":
            df = next(root.iter(_S + "dataField"), None)
            if df is None:
                raise NotApplicable("no data field")
            new = "count" if (df.get("subtotal") or "sum") != "count" else "sum"
            df.set("subtotal", new)
            return f"subtotal={new}"
        tag = {"pivot.rows": "rowFields", "pivot.columns": "colFields",
               "pivot.filters": "pageFields"}.get(prop)
        lst = root.find(_S + tag) if tag else None
        if lst is None or not len(lst):
            raise NotApplicable(f"no {tag}")
        lst.remove(lst[0])
        lst.set("count", str(len(lst)))
        if not len(lst):
            root.remove(lst)
        return f"first of {tag} removed"

    def delete(ws, edit, t) -> str:
        sheet_part = t.sheet.part
        folder, base = sheet_part.rsplit("/", 1)
        rels = ws.touch_part(edit, f"{folder}/_rels/{base}.rels")
        target = part_of(t)
        for rel in list(rels):
            if (rel.get("Type") or "").endswith("/pivotTable") and \
                    target.rsplit("/", 1)[-1] == (rel.get("Target") or "").rsplit("/", 1)[-1]:
                rels.remove(rel)
                return "pivot relationship removed"
        raise NotApplicable("no pivot relationship")

    out = []
    if prop in ("pivot.values", "pivot.rows", "pivot.columns", "pivot.filters"):
        out.append(_mutation(f"pivot|{prop}|{where}", f"direct:{prop}",
                             f"{where}: {prop} changed", _each(check, idx, field_change)))
    out.append(_mutation(f"delete|{where}", "delete:pivot", f"{where} deleted",
                         _each(check, idx, delete), scope="rubric"))
    return out


def plan_name(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "name" for i in idx):
        return []

    def fn(ws, edit, t) -> str:
        dn = edit.doc.root_el.find(_S + "definedNames")
        for el in dn.findall(_S + "definedName") if dn is not None else []:
            if el.get("name") == t.name.name:
                ws.touch(edit, el)
                el.text = re.sub(r"(\$?)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1),
                                 el.text or "", count=1)
                return f"refers to {el.text}"
        raise NotApplicable("name not found")

    return [_mutation(f"name|{check.select}|{idx}", "direct:name.refers_to",
                      f"{locators(targets, idx)}: reference one row off",
                      _each(check, idx, fn))]


PLANNERS: dict[str, Callable] = {
    **{p: plan_sheet for p in ("sheet.name", "sheet.hidden", "sheet.tab_color", "sheet.freeze",
                               "sheet.autofilter", "sheet.autofilter.criteria", "sheet.sort",
                               "sheet.protected", "sheet.print.orientation", "sheet.values")},
    "sheet.index": plan_sheet_order, "workbook.sheet_names": plan_workbook,
    "workbook.sheet_count": plan_workbook,
    "column.width": plan_column, "column.hidden": plan_column,
    "row.height": plan_row, "row.hidden": plan_row,
    **{p: plan_chart for p in ("chart.type", "chart.types", "chart.grouping", "chart.title",
                               "chart.series.count", "chart.series.names",
                               "chart.series.values", "chart.series.value_refs",
                               "chart.series.all_values", "chart.series.categories",
                               "chart.series.category_refs", "chart.legend.position",
                               "chart.data_labels", "chart.axis.x.title",
                               "chart.axis.y.title", "chart.style", "chart.anchor",
                               "chart.three_d", "chart.sheet")},
    **{p: plan_rule for p in ("cf.type", "cf.range", "cf.operator", "cf.formula", "cf.text",
                              "cf.rank", "cf.fill.color", "cf.font.color", "cf.font.bold",
                              "cf.colors", "cf.icon_set", "validation.type",
                              "validation.range", "validation.list", "validation.formula",
                              "validation.formula2", "validation.operator")},
    **{p: plan_table for p in ("table.style", "table.name", "table.range", "table.total_row")},
    **{p: plan_pivot for p in ("pivot.name", "pivot.source", "pivot.location", "pivot.range",
                               "pivot.sheet", "pivot.rows", "pivot.columns", "pivot.values",
                               "pivot.filters")},
    "name.refers_to": plan_name,
}

_ = col_letters
