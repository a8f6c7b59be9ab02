"""PowerPoint chart resolvers: ``chart.*`` read from the slide chart's part with the same
reader and value table as Word (``officeeval.ooxml.chart_values``)."""

from __future__ import annotations

from typing import Callable

from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ppt.slide_charts import chart_info
from officeeval.ppt.targets import ShapeTarget

CHART_KINDS = ("chart", "shape")


def _info(target):
    return chart_info(target.shape) if isinstance(target, ShapeTarget) else None


CHART_RESOLVERS: dict[str, Callable] = cached_chart_resolvers(_info)
