"""Chart mutants (Excel charts, and PowerPoint's through ``chart_part``): deleted, moved,
re-typed, re-titled, a series dropped or renamed or re-referenced, the legend moved, data
labels toggled, the style changed."""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators,
)
from officeeval.audit.mutators.excel_sheets import _each, _mutation
from officeeval.audit.mutators.texts import put_typo
from officeeval.ooxml.ns import A, C, R, S
from officeeval.rubric.model import Check
from officeeval.targets import Target

_S, _C, _A, _R = f"{{{S}}}", f"{{{C}}}", f"{{{A}}}", f"{{{R}}}"
_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"


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


PLANNERS: dict[str, Callable] = {
    p: plan_chart for p in ("chart.type", "chart.types", "chart.grouping", "chart.title",
                            "chart.series.count", "chart.series.names",
                            "chart.series.values", "chart.series.value_refs",
                            "chart.series.all_values", "chart.series.categories",
                            "chart.series.category_refs", "chart.legend.position",
                            "chart.data_labels", "chart.axis.x.title",
                            "chart.axis.y.title", "chart.style", "chart.anchor",
                            "chart.three_d", "chart.sheet")
}
