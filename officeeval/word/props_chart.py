"""Charts in Word documents: ``chart.*`` read from the chart part (found through the story
part's relationships) with the format-neutral reader ``officeeval.ooxml.charts`` and the
value table shared with PowerPoint (``officeeval.ooxml.chart_values``)."""

from __future__ import annotations

from typing import Callable

from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ooxml.charts import read_chart
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


CHART_RESOLVERS: dict[str, Callable] = cached_chart_resolvers(_info)
