"""DrawingML charts (``c:chartSpace``), read the same way for Excel, PowerPoint and Word.

Stable API (used by the Excel and PowerPoint views)::

    info = read_chart(root)          # root: the parsed chart part (c:chartSpace)
    info.type                        # 'column', 'bar', 'line', 'pie', 'doughnut', 'area',
                                     # 'scatter', 'radar', 'bubble', 'stock', 'surface'
                                     # (first plot; '' when the plot area is empty)
    info.types                       # every plot's type, in order (combination charts)
    info.grouping                    # 'clustered' | 'stacked' | 'percentStacked' |
                                     # 'standard' | None
    info.three_d                     # a 3-D plot (bar3DChart, pie3DChart …)
    info.title                       # title text; None without a title (or deleted)
    info.title_auto                  # True when the title is Excel's automatic one
    info.series                      # [Series(name, name_ref, values_ref, categories_ref,
                                     #         values, categories, plot_type, data_labels)]
    info.legend                      # 'right' | 'left' | 'top' | 'bottom' | 'top_right' |
                                     # None (no legend)
    info.axis_titles                 # {'x': text, 'y': text} (horizontal / vertical as
                                     # drawn; bar charts swap category and value axes)
    info.data_labels                 # any series or plot shows data labels
    info.style                       # c:style (the c14 style minus 100 when only that)
    info.vary_colors

References are returned as written (``Sheet1!$B$2:$B$7``); cached values come from
``numCache``/``strCache``/literals (``None`` for a missing point). Nothing here raises on odd
content: unknown or missing elements give ``None``/empty values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from officeeval.ooxml.ns import A, C, MC
from officeeval.ooxml.units import to_int, to_number

_C = f"{{{C}}}"
_A = f"{{{A}}}"
_C14 = "{http://schemas.microsoft.com/office/drawing/2007/8/2/chart}"

PLOT_TYPES = {
    "barChart": "column", "bar3DChart": "column", "lineChart": "line", "line3DChart": "line",
    "pieChart": "pie", "pie3DChart": "pie", "ofPieChart": "pie", "doughnutChart": "doughnut",
    "areaChart": "area", "area3DChart": "area", "scatterChart": "scatter",
    "radarChart": "radar", "bubbleChart": "bubble", "stockChart": "stock",
    "surfaceChart": "surface", "surface3DChart": "surface",
}
_LEGEND = {"r": "right", "l": "left", "t": "top", "b": "bottom", "tr": "top_right"}


@dataclass
class Series:
    name: str | None = None
    name_ref: str | None = None
    values_ref: str | None = None
    categories_ref: str | None = None
    values: list[float | None] = field(default_factory=list)
    categories: list[str | None] = field(default_factory=list)
    plot_type: str = ""
    data_labels: bool = False


@dataclass
class ChartInfo:
    type: str = ""
    types: list[str] = field(default_factory=list)
    grouping: str | None = None
    three_d: bool = False
    title: str | None = None
    title_auto: bool = False
    series: list[Series] = field(default_factory=list)
    legend: str | None = None
    axis_titles: dict[str, str | None] = field(default_factory=dict)
    data_labels: bool = False
    style: int | None = None
    vary_colors: bool | None = None


def _val(el: etree._Element | None, tag: str) -> str | None:
    if el is None:
        return None
    child = el.find(_C + tag)
    return child.get("val") if child is not None else None


def _on(v: str | None, default: bool = True) -> bool:
    if v is None:
        return default
    return v.lower() in ("1", "true")


def rich_text(el: etree._Element | None) -> str | None:
    """Text of a ``c:tx``/``c:rich`` (paragraphs joined by newlines) or of a string
    reference's cache; ``None`` when there is none."""
    if el is None:
        return None
    rich = el.find(_C + "rich")
    if rich is not None:
        paras = ["".join(t.text or "" for t in p.iter(_A + "t")) for p in rich.iter(_A + "p")]
        return "\n".join(paras)
    ref = el.find(_C + "strRef")
    if ref is not None:
        pts = _points(ref.find(_C + "strCache"))
        return " ".join(str(p) for p in pts if p is not None) if pts else None
    v = el.find(_C + "v")
    if v is not None:
        return v.text or ""
    return None


def _points(cache: etree._Element | None, numeric: bool = False) -> list:
    if cache is None:
        return []
    count = to_int(_val(cache, "ptCount"))
    pts: dict[int, object] = {}
    for pt in cache.findall(_C + "pt"):
        idx = to_int(pt.get("idx"))
        v = pt.findtext(_C + "v")
        if idx is None or idx < 0 or idx > 1_000_000:
            continue
        pts[idx] = to_number(v) if numeric else v
    n = count if count is not None and 0 <= count <= 1_000_000 else (max(pts) + 1 if pts else 0)
    return [pts.get(i) for i in range(n)]


def _data_source(el: etree._Element | None, numeric: bool) -> tuple[str | None, list]:
    """(reference formula, cached points) of a ``c:val``/``c:cat``/``c:xVal``/``c:yVal``."""
    if el is None:
        return None, []
    for tag in ("numRef", "strRef", "multiLvlStrRef"):
        ref = el.find(_C + tag)
        if ref is not None:
            f = ref.findtext(_C + "f")
            cache = (ref.find(_C + "numCache") if tag == "numRef" else
                     ref.find(_C + "strCache") if tag == "strRef" else
                     ref.find(_C + "multiLvlStrCache"))
            if tag == "multiLvlStrRef" and cache is not None:
                lvl = cache.find(_C + "lvl")
                return f, _points(lvl, numeric)
            return f, _points(cache, numeric)
    for tag in ("numLit", "strLit"):
        lit = el.find(_C + tag)
        if lit is not None:
            return None, _points(lit, numeric)
    return None, []


def _labels_on(dlbls: etree._Element | None) -> bool:
    if dlbls is None or _on(_val(dlbls, "delete"), False):
        return False
    if any(_on(_val(dlbls, t), False) for t in ("showVal", "showPercent", "showCatName",
                                                 "showSerName", "showBubbleSize")):
        return True
    return any(_labels_on(d) for d in dlbls.findall(_C + "dLbl"))


def _series(ser: etree._Element, plot_type: str) -> Series:
    s = Series(plot_type=plot_type)
    tx = ser.find(_C + "tx")
    if tx is not None:
        ref = tx.find(_C + "strRef")
        s.name_ref = ref.findtext(_C + "f") if ref is not None else None
        s.name = rich_text(tx)
    val = ser.find(_C + "val")
    if val is None:
        val = ser.find(_C + "yVal")
    cat = ser.find(_C + "cat")
    if cat is None:
        cat = ser.find(_C + "xVal")
    s.values_ref, s.values = _data_source(val, numeric=True)
    s.categories_ref, cats = _data_source(cat, numeric=False)
    s.categories = cats
    s.data_labels = _labels_on(ser.find(_C + "dLbls"))
    return s


def _style(root: etree._Element) -> int | None:
    v = to_int(_val(root, "style"))
    if v is not None:
        return v
    for ac in root.findall(f"{{{MC}}}AlternateContent"):
        fb = ac.find(f"{{{MC}}}Fallback")
        v = to_int(_val(fb, "style")) if fb is not None else None
        if v is not None:
            return v
        for choice in ac.findall(f"{{{MC}}}Choice"):
            el = choice.find(_C14 + "style")
            v = to_int(el.get("val")) if el is not None else None
            if v is not None:
                return v - 100 if v > 100 else v
    return None


def shown_axes(plot: etree._Element, deleted: bool = False
               ) -> list[tuple[str, etree._Element]]:
    """The axes of a plot area a reader sees (``deleted``: and the hidden ones too), each
    as ``x`` (horizontal, as drawn) or ``y`` (vertical): by ``axPos``, else by kind (bar
    charts swap category and value axes)."""
    bar_horizontal = any(_val(el, "barDir") == "bar" for el in plot
                         if el.tag in (_C + "barChart", _C + "bar3DChart"))
    out = []
    for ax in plot:
        if not isinstance(ax.tag, str) or ax.tag not in (_C + "catAx", _C + "valAx",
                                                         _C + "dateAx", _C + "serAx"):
            continue
        if not deleted and _on(_val(ax, "delete"), False) and ax.find(_C + "title") is None:
            continue
        pos = _val(ax, "axPos")
        if pos in ("b", "t"):
            which = "x"
        elif pos in ("l", "r"):
            which = "y"
        else:
            is_cat = ax.tag in (_C + "catAx", _C + "dateAx")
            which = "x" if is_cat != bar_horizontal else "y"
        out.append((which, ax))
    return out


def _axis_titles(plot: etree._Element, bar_horizontal: bool) -> dict[str, str | None]:
    out: dict[str, str | None] = {"x": None, "y": None}
    for which, ax in shown_axes(plot):
        title = ax.find(_C + "title")
        if title is not None and out[which] is None:
            out[which] = rich_text(title.find(_C + "tx")) or ""
    return out


def read_chart(root: etree._Element | None) -> ChartInfo:
    """Read a chart part root (``c:chartSpace``). An absent root gives an empty
    ``ChartInfo``."""
    info = ChartInfo()
    if root is None:
        return info
    chart = root.find(_C + "chart")
    if chart is None:
        return info
    info.style = _style(root)
    plot = chart.find(_C + "plotArea")
    bar_horizontal = False
    if plot is not None:
        for el in plot:
            if not isinstance(el.tag, str):
                continue
            local = etree.QName(el).localname
            kind = PLOT_TYPES.get(local)
            if kind is None:
                continue
            if local in ("barChart", "bar3DChart") and _val(el, "barDir") == "bar":
                kind = "bar"
                bar_horizontal = True
            info.types.append(kind)
            info.three_d = info.three_d or "3D" in local
            if info.grouping is None:
                g = _val(el, "grouping")
                if g is None and local in ("barChart", "bar3DChart"):
                    g = "clustered"
                if g is None and local in ("lineChart", "areaChart", "line3DChart",
                                           "area3DChart"):
                    g = "standard"
                info.grouping = g
            vc = _val(el, "varyColors")
            if vc is not None and info.vary_colors is None:
                info.vary_colors = _on(vc)
            plot_labels = _labels_on(el.find(_C + "dLbls"))
            for ser in el.findall(_C + "ser"):
                s = _series(ser, kind)
                s.data_labels = s.data_labels or plot_labels
                info.series.append(s)
            info.data_labels = info.data_labels or plot_labels
        info.axis_titles = _axis_titles(plot, bar_horizontal)
    info.type = info.types[0] if info.types else ""
    info.data_labels = info.data_labels or any(s.data_labels for s in info.series)
    title = chart.find(_C + "title")
    deleted = _on(_val(chart, "autoTitleDeleted"), False)
    if title is not None:
        text = rich_text(title.find(_C + "tx"))
        if text is None and len(info.series) == 1 and not deleted:
            # An automatic title: Excel shows the only series' name.
            text, info.title_auto = info.series[0].name, True
        info.title = text
    legend = chart.find(_C + "legend")
    if legend is not None:
        info.legend = _LEGEND.get(_val(legend, "legendPos") or "r", "right")
    return info
