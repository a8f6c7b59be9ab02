"""PowerPoint chart resolvers: ``chart.*`` read from the slide chart's part with the same
reader as Excel (``officeeval.ooxml.charts``)."""

from __future__ import annotations

from typing import Callable

from officeeval.ppt.slide_charts import chart_info
from officeeval.ppt.targets import ShapeTarget
from officeeval.values import Observation

CHART_KINDS = ("chart", "shape")


def _num(v: float | None) -> str:
    # 15 significant digits: 8.200000000000001 shows as 8.2, 1234567 stays 1234567.
    return "" if v is None else f"{v:.15g}"


def _info(target):
    return chart_info(target.shape) if isinstance(target, ShapeTarget) else None


def chart_value(read: Callable) -> Callable:
    def resolve(target, ctx) -> Observation | None:
        info = _info(target)
        if info is None:
            return None
        value = read(info)
        return Observation(value, "direct") if value is not None else None
    return resolve


def _first_series(attr: str) -> Callable:
    def read(info):
        if not info.series:
            return None
        items = getattr(info.series[0], attr)
        return [_num(v) if not isinstance(v, str) else v for v in items]
    return read


CHART_RESOLVERS: dict[str, Callable] = {
    "chart.type": chart_value(lambda i: i.type or None),
    "chart.grouping": chart_value(lambda i: i.grouping),
    "chart.title": chart_value(lambda i: i.title),
    "chart.series.count": chart_value(lambda i: len(i.series)),
    "chart.series.names": chart_value(lambda i: [s.name or "" for s in i.series]),
    "chart.series.values": chart_value(_first_series("values")),
    "chart.series.categories": chart_value(_first_series("categories")),
    "chart.legend.position": chart_value(lambda i: i.legend or "none"),
    "chart.axis.x.title": chart_value(lambda i: i.axis_titles.get("x")),
    "chart.axis.y.title": chart_value(lambda i: i.axis_titles.get("y")),
    "chart.data_labels": chart_value(lambda i: bool(i.data_labels)),
    "chart.style": chart_value(lambda i: i.style),
    "chart.types": chart_value(lambda i: list(i.types)),
    "chart.three_d": chart_value(lambda i: bool(i.three_d)),
}
