"""``chart.*`` values of a chart read from its own part's cache, for the formats whose chart
data is not in the graded document's cells: charts in Word documents and on PowerPoint
slides (their numbers live in an embedded workbook, which grading does not open). Excel
charts read their series from the sheet's cells instead (``officeeval.excel.resolve_objects``).

One table for both formats: ``cached_chart_resolvers(info_of)`` binds it to a format's way of
finding a target's ``ChartInfo``.
"""

from __future__ import annotations

from typing import Any, Callable

from officeeval.ooxml.charts import ChartInfo
from officeeval.values import Observation

InfoOf = Callable[[Any], "ChartInfo | None"]


def number_text(v: float | None) -> str:
    """A cached chart number as text: 15 significant digits, so 8.200000000000001 reads 8.2
    and 1234567 stays 1234567 (``:g`` would give 1.23457e+06); ``""`` for a gap."""
    return "" if v is None else f"{v:.15g}"


def _first_series(attr: str) -> Callable[[ChartInfo], list[str] | None]:
    def read(info: ChartInfo) -> list[str] | None:
        if not info.series:
            return None
        return [v if isinstance(v, str) else number_text(v)
                for v in getattr(info.series[0], attr)]
    return read


_READERS: dict[str, Callable[[ChartInfo], Any]] = {
    "chart.type": lambda i: i.type or None,
    "chart.types": lambda i: list(i.types),
    "chart.grouping": lambda i: i.grouping,
    "chart.three_d": lambda i: bool(i.three_d),
    "chart.title": lambda i: i.title,
    "chart.series.count": lambda i: len(i.series),
    "chart.series.names": lambda i: [s.name or "" for s in i.series],
    "chart.series.values": _first_series("values"),
    "chart.series.categories": _first_series("categories"),
    "chart.series.value_refs": lambda i: [s.values_ref for s in i.series if s.values_ref],
    "chart.series.category_refs": lambda i: [s.categories_ref for s in i.series
                                             if s.categories_ref],
    "chart.legend.position": lambda i: i.legend or "none",
    "chart.axis.x.title": lambda i: i.axis_titles.get("x"),
    "chart.axis.y.title": lambda i: i.axis_titles.get("y"),
    "chart.data_labels": lambda i: bool(i.data_labels),
    "chart.style": lambda i: i.style,
}


# The chart.* names a chart part's cache answers (every one but those Excel computes from
# the sheet, such as chart.series.all_values).
CACHED_NAMES: tuple[str, ...] = tuple(_READERS)


def cached_chart_resolvers(info_of: InfoOf) -> dict[str, Callable]:
    """Resolvers ``(target, ctx) -> Observation | None`` for every ``chart.*`` property read
    from the chart part's cache. ``info_of(target)`` gives the target's chart, or ``None``
    when it is not a chart (the resolver then returns ``None``); a value the chart does not
    hold (no title, no style) is ``None`` too. Values are ``direct``: they are what the part
    says, with nothing inherited."""
    def bind(read: Callable[[ChartInfo], Any]) -> Callable:
        def resolve(target, ctx) -> Observation | None:
            info = info_of(target)
            if info is None:
                return None
            value = read(info)
            return Observation(value, "direct") if value is not None else None
        return resolve
    return {name: bind(read) for name, read in _READERS.items()}
