"""Charts in Word documents: ``chart.*`` read from the chart part (found through the story
part's relationships) with the format-neutral reader ``officeeval.ooxml.charts`` and the
value table shared with PowerPoint (``officeeval.ooxml.chart_values``)."""

from __future__ import annotations

from typing import Callable

from officeeval.cache import memo_value
from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ooxml.charts import read_chart
from officeeval.word.drawings import DrawingTarget


def _info(target):
    if not isinstance(target, DrawingTarget) or target.kind != "chart":
        return None
    def read():
        part = target.chart_part()
        root = target.doc.package.xml_or_none(part) if part else None
        return read_chart(root) if root is not None else None
    return memo_value(target, "_officeeval_chart", read)


CHART_RESOLVERS: dict[str, Callable] = cached_chart_resolvers(_info)
