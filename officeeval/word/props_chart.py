"""Charts in Word documents: ``chart.*`` read from the chart part (found through the
story part's relationships) with the format-neutral reader ``officeeval.ooxml.charts``."""

from __future__ import annotations

from typing import Callable

from officeeval.ooxml.charts import read_chart
from officeeval.values import Observation
from officeeval.word.drawings import DrawingTarget


def _info(target):
    if not isinstance(target, DrawingTarget) or target.kind != "chart":
        return None
    cached = target.__dict__.get("_chart", ...)
    if cached is ...:
        part = target.chart_part()
        root = target.doc.package.xml_or_none(part) if part else None
        cached = read_chart(root) if root is not None else None
        target.__dict__["_chart"] = cached
    return cached


def _value(read: Callable) -> Callable:
    def resolve(target, ctx):
        info = _info(target)
        if info is None:
            return None
        v = read(info)
        return Observation(v, "direct") if v is not None else None
    return resolve


def _num(v) -> str:
    return "" if v is None else f"{v:g}"


def _first(attr: str) -> Callable:
    def read(info):
        if not info.series:
            return None
        return [v if isinstance(v, str) else _num(v) for v in getattr(info.series[0], attr)]
    return read


CHART_RESOLVERS: dict[str, Callable] = {
    "chart.type": _value(lambda i: i.type or None),
    "chart.grouping": _value(lambda i: i.grouping),
    "chart.title": _value(lambda i: i.title),
    "chart.series.count": _value(lambda i: len(i.series)),
    "chart.series.names": _value(lambda i: [s.name or "" for s in i.series]),
    "chart.series.values": _value(_first("values")),
    "chart.series.categories": _value(_first("categories")),
    "chart.legend.position": _value(lambda i: i.legend or "none"),
    "chart.axis.x.title": _value(lambda i: i.axis_titles.get("x")),
    "chart.axis.y.title": _value(lambda i: i.axis_titles.get("y")),
    "chart.data_labels": _value(lambda i: bool(i.data_labels)),
    "chart.style": _value(lambda i: i.style),
}
