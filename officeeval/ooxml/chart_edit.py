"""Writing a chart part (DrawingML charts, ``c:chartSpace``), format-neutral: Excel, Word and
PowerPoint charts are the same part, found differently (``officeeval.ooxml.charts`` reads
it). Each ``chart.*`` property names its setter where it is declared
(``officeeval.properties.charts``), which every application's binding writes with.

Each setter edits the parsed root of the part and returns a note; ``NotApplicable`` when the
chart has nothing of the kind (no title to rename, no series to drop).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.charts import shown_axes
from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import A, C
from officeeval.properties.writing import NotApplicable

_C, _A = f"{{{C}}}", f"{{{A}}}"
# Chart type token -> plot element (column and bar are one element told apart by barDir).
PLOTS = {"column": "barChart", "bar": "barChart", "line": "lineChart", "pie": "pieChart",
         "doughnut": "doughnutChart", "area": "areaChart", "scatter": "scatterChart",
         "radar": "radarChart", "bubble": "bubbleChart", "stock": "stockChart",
         "surface": "surfaceChart"}
LEGEND = {"right": "r", "left": "l", "top": "t", "bottom": "b", "top_right": "tr"}


def _plot_area(root: etree._Element) -> etree._Element:
    plot = root.find(f"{_C}chart/{_C}plotArea")
    if plot is None:
        raise NotApplicable("the chart has no plot area")
    return plot


def _plots(root: etree._Element) -> list[etree._Element]:
    return [el for el in _plot_area(root) if isinstance(el.tag, str)
            and etree.QName(el).localname.endswith("Chart")]


def set_type(root: etree._Element, value: Any) -> str:
    """The first plot made a ``value`` chart (``column`` and ``bar`` through ``barDir``)."""
    plots = _plots(root)
    if not plots:
        raise NotApplicable("no plot to re-type")
    el = plots[0]
    token = str(value)
    local = PLOTS.get(token)
    if local is None:
        raise NotApplicable(f"no chart type {token!r}")
    three_d = "3D" in etree.QName(el).localname
    el.tag = _C + (local.replace("Chart", "3DChart") if three_d and local in (
        "barChart", "lineChart", "pieChart", "areaChart") else local)
    bd = el.find(_C + "barDir")
    if local == "barChart":
        if bd is None:
            bd = etree.Element(_C + "barDir")
            el.insert(0, bd)
        bd.set("val", "bar" if token == "bar" else "col")
        return f"barDir={bd.get('val')}"
    if bd is not None:
        el.remove(bd)
    return f"{local}"


def set_types(root: etree._Element, value: Any) -> str:
    """Every plot's type, in order (as many as the chart has)."""
    plots = _plots(root)
    notes = []
    for el, token in zip(plots, list(value)):
        others = [p for p in plots if p is not el]
        for p in others:  # set_type works on the first plot
            p.getparent().remove(p)
        try:
            notes.append(set_type(root, token))
        finally:
            for p in others:
                _plot_area(root).append(p)
    return ", ".join(notes)


def set_grouping(root: etree._Element, value: Any) -> str:
    plots = _plots(root)
    if not plots:
        raise NotApplicable("no plot")
    g = plots[0].find(_C + "grouping")
    if g is None:
        g = etree.Element(_C + "grouping")
        plots[0].insert(1 if plots[0].find(_C + "barDir") is not None else 0, g)
    g.set("val", str(value))
    return f"grouping={value}"


def set_three_d(root: etree._Element, value: Any) -> str:
    plots = _plots(root)
    if not plots:
        raise NotApplicable("no plot")
    local = etree.QName(plots[0]).localname
    flat = local.replace("3DChart", "Chart")
    if flat not in ("barChart", "lineChart", "pieChart", "areaChart"):
        raise NotApplicable(f"a {flat} has no 3-D form")
    plots[0].tag = _C + (flat.replace("Chart", "3DChart") if value else flat)
    return f"{etree.QName(plots[0]).localname}"


def title_nodes(root: etree._Element) -> list[etree._Element]:
    """The ``a:t`` elements of the chart's own title (none for an automatic title)."""
    tx = root.find(f"{_C}chart/{_C}title")
    return list(tx.iter(_A + "t")) if tx is not None else []


def rich_title(text: str) -> etree._Element:
    """A ``c:title`` holding ``text`` as rich text."""
    title = etree.Element(_C + "title")
    rich = etree.SubElement(etree.SubElement(title, _C + "tx"), _C + "rich")
    etree.SubElement(rich, _A + "bodyPr")
    r = etree.SubElement(etree.SubElement(rich, _A + "p"), _A + "r")
    etree.SubElement(r, _A + "t").text = text
    etree.SubElement(title, _C + "overlay", val="0")
    return title


def set_title(root: etree._Element, value: Any) -> str:
    """The chart's own title (one made when the chart has none, or an automatic one)."""
    nodes = title_nodes(root)
    if nodes:
        set_text(nodes, str(value))
        return f"title {value!r}"
    chart = root.find(_C + "chart")
    old = chart.find(_C + "title")
    if old is not None:
        chart.remove(old)
    chart.insert(0, rich_title(str(value)))
    atd = chart.find(_C + "autoTitleDeleted")
    if atd is not None:
        atd.set("val", "0")
    return f"title {value!r} added"


def _series(root: etree._Element) -> list[etree._Element]:
    return list(root.iter(_C + "ser"))


def set_series_count(root: etree._Element, value: Any) -> str:
    sers = _series(root)
    n = int(value)
    if n < 0 or n >= len(sers):
        raise NotApplicable(f"{len(sers)} series cannot become {n}")
    for s in sers[n:]:
        s.getparent().remove(s)
    return "last series removed" if len(sers) - n == 1 else f"{len(sers) - n} series removed"


def set_series_names(root: etree._Element, value: Any) -> str:
    """Series names, in order, where ``value`` names them differently: written as the
    series' own text (``c:tx/c:v``), its reference dropped."""
    note = ""
    for ser, name in zip(_series(root), list(value)):
        tx = ser.find(_C + "tx")
        v = next(tx.iter(_C + "v"), None) if tx is not None else None
        if v is not None and v.text == str(name):
            continue
        if tx is not None:
            ser.remove(tx)
        tx = etree.Element(_C + "tx")
        etree.SubElement(tx, _C + "v").text = str(name)
        order = ser.find(_C + "order")
        ser.insert(ser.index(order) + 1 if order is not None else 0, tx)
        note = f"series name {name!r}"
    if not note:
        raise NotApplicable("no cached series name to change")
    return note


def _refs(root: etree._Element, tag: str) -> list[etree._Element]:
    out = []
    for ser in _series(root):
        src = ser.find(_C + tag)
        f = next(src.iter(_C + "f"), None) if src is not None else None
        if f is not None:
            out.append(f)
    return out


def _set_refs(tag: str) -> Callable[[etree._Element, Any], str]:
    def write(root: etree._Element, value: Any) -> str:
        refs = _refs(root, tag)
        if not refs:
            raise NotApplicable(f"no {tag} reference")
        for f, ref in zip(refs, list(value)):
            f.text = str(ref)
        return f"{tag} -> {refs[0].text}"
    return write


def _cache_points(root: etree._Element, tag: str, first_only: bool = True
                  ) -> list[etree._Element]:
    out = []
    for ser in _series(root):
        src = ser.find(_C + tag)
        if src is not None:
            out += [pt.find(_C + "v") for pt in src.iter(_C + "pt")
                    if pt.find(_C + "v") is not None]
        if first_only:
            break
    return out


def _set_cache(tag: str, first_only: bool = True) -> Callable[[etree._Element, Any], str]:
    """The cached values of the first (or every) series' ``tag`` (``val``/``cat``), in
    order; a series whose reference has no cache gets one."""
    def write(root: etree._Element, value: Any) -> str:
        values = list(value)
        series = _series(root)
        for n, ser in enumerate(series):
            src = ser.find(_C + tag)
            ref = next((el for el in src if isinstance(el.tag, str)), None) \
                if src is not None else None
            if ref is None:
                raise NotApplicable(f"a series without {tag} values")
            cache = next((el for el in ref if isinstance(el.tag, str)
                          and etree.QName(el).localname.endswith("Cache")), None)
            if cache is None:
                kind = "numCache" if etree.QName(ref).localname == "numRef" else "strCache"
                cache = etree.SubElement(ref, _C + kind)
            points = cache.findall(_C + "pt")
            if not first_only:
                # Each series keeps its number of points; a series without a cache gets
                # its share of what is left.
                count = len(points) or -(-len(values) // (len(series) - n))
                take, values = values[:count], values[count:]
            else:
                take = values
            for pt in points:
                cache.remove(pt)
            for old in cache.findall(_C + "ptCount"):
                cache.remove(old)
            etree.SubElement(cache, _C + "ptCount", val=str(len(take)))
            for i, new in enumerate(take):
                pt = etree.SubElement(cache, _C + "pt", idx=str(i))
                etree.SubElement(pt, _C + "v").text = str(new)
            if first_only:
                break
        return f"cached {tag} values"
    return write


def shift_reference(text: str, rows: int) -> str:
    """A reference with its last row number moved by ``rows`` (``B2:B31`` -> ``B2:B30``)."""
    return re.sub(r"(\$?)(\d+)(?!.*\d)", lambda m: m.group(1) + str(int(m.group(2)) + rows),
                  text, count=1)


def set_legend(root: etree._Element, value: Any) -> str:
    chart = root.find(_C + "chart")
    lg = chart.find(_C + "legend")
    if str(value) == "none":
        if lg is None:
            raise NotApplicable("no legend to remove")
        chart.remove(lg)
        return "legend removed"
    if lg is None:
        # A legend where there was none: after the plot area, where the schema puts it.
        plot = chart.find(_C + "plotArea")
        if plot is None:
            raise NotApplicable("no plot area to put a legend beside")
        lg = etree.Element(_C + "legend")
        plot.addnext(lg)
        etree.SubElement(lg, _C + "overlay").set("val", "0")
    pos = lg.find(_C + "legendPos")
    if pos is None:
        pos = etree.Element(_C + "legendPos")
        lg.insert(0, pos)
    pos.set("val", LEGEND.get(str(value), str(value)))
    return f"legendPos={pos.get('val')}"


def set_data_labels(root: etree._Element, value: Any) -> str:
    found = list(root.iter(_C + "dLbls"))
    if not value:
        if not found:
            raise NotApplicable("no data labels")
        for d in found:
            d.getparent().remove(d)
        return "data labels removed"
    ser = next(root.iter(_C + "ser"), None)
    if ser is None:
        raise NotApplicable("no series")
    d = etree.SubElement(ser, _C + "dLbls")
    etree.SubElement(d, _C + "showVal", val="1")
    return "data labels added"


def axis_title_nodes(root: etree._Element) -> list[etree._Element]:
    """The ``a:t`` elements of every axis title, in order."""
    plot = _plot_area(root)
    return [x for tt in plot.iter(_C + "title") for x in tt.iter(_A + "t")]


def _axis_title(which: str) -> Callable[[etree._Element, Any], str]:
    def write(root: etree._Element, value: Any) -> str:
        axes = [ax for w, ax in shown_axes(_plot_area(root)) if w == which] or [
            ax for w, ax in shown_axes(_plot_area(root), deleted=True) if w == which]
        if not axes:
            raise NotApplicable(f"no {which} axis")
        hidden = axes[0].find(_C + "delete")
        if hidden is not None:
            hidden.set("val", "0")
        titled = [ax for ax in axes if ax.find(_C + "title") is not None]
        nodes = list(titled[0].find(_C + "title").iter(_A + "t")) if titled else []
        if nodes:
            set_text(nodes, str(value))
            return f"{which} axis title {value!r}"
        ax = titled[0] if titled else axes[0]
        old = ax.find(_C + "title")
        if old is not None:
            ax.remove(old)
        # c:title follows axId, scaling, delete, axPos and the gridlines (CT_CatAx …).
        before = [c for c in ax if isinstance(c.tag, str) and etree.QName(c).localname in (
            "axId", "scaling", "delete", "axPos", "majorGridlines", "minorGridlines")]
        ax.insert(ax.index(before[-1]) + 1 if before else 0, rich_title(str(value)))
        return f"{which} axis title {value!r} added"
    return write


def set_style(root: etree._Element, value: Any) -> str:
    st = root.find(_C + "style")
    if st is None:
        st = etree.Element(_C + "style")
        root.insert(0, st)
    st.set("val", str(int(value)))
    return f"style={int(value)}"


# CT_LineSer / CT_ScatterSer / CT_RadarSer: c:marker follows idx, order, tx and spPr.
_BEFORE_MARKER = ("idx", "order", "tx", "spPr")


def set_markers(root: etree._Element, value: Any) -> str:
    """Each line, scatter or radar series' marker symbol (``c:marker/c:symbol``), in series
    order; ``auto`` removes the series' own marker."""
    symbols = [str(v) for v in value]
    sers = [ser for plot in _plot_area(root) if isinstance(plot.tag, str)
            and etree.QName(plot).localname in ("lineChart", "line3DChart", "scatterChart",
                                                "radarChart")
            for ser in plot.findall(_C + "ser")]
    if not sers:
        raise NotApplicable("no series with markers")
    for ser, symbol in zip(sers, symbols):
        old = ser.find(_C + "marker")
        if old is not None:
            ser.remove(old)
        if symbol == "auto":
            continue
        marker = etree.Element(_C + "marker")
        etree.SubElement(marker, _C + "symbol", val=symbol)
        before = [c for c in ser if isinstance(c.tag, str)
                  and etree.QName(c).localname in _BEFORE_MARKER]
        ser.insert(ser.index(before[-1]) + 1 if before else 0, marker)
    return "markers " + "|".join(symbols[:len(sers)])


# The setters made by the factories above, each by the name a declaration gives it
# (``officeeval.properties.charts``).
set_value_refs = _set_refs("val")
set_category_refs = _set_refs("cat")
set_values = _set_cache("val")
set_categories = _set_cache("cat")
set_all_values = _set_cache("val", first_only=False)
set_x_axis_title = _axis_title("x")
set_y_axis_title = _axis_title("y")
