"""Charts in slides: the chart part a ``p:graphicFrame`` points at (``c:chart/@r:id``), read
with the format-neutral ``officeeval.ooxml.charts`` reader that Excel uses too, so
``chart.*`` properties mean the same in both apps."""

from __future__ import annotations

from officeeval.cache import memo_value
from officeeval.ooxml.charts import ChartInfo, read_chart
from officeeval.ooxml.ns import C
from officeeval.ppt.markup import R_ID
from officeeval.ppt.shapes import Shape

_CACHE_ATTR = "_officeeval_chart"


def chart_part(shape: Shape) -> str | None:
    """The chart part name of a chart graphic frame; ``None`` when it has none."""
    gd = shape.graphic_data
    if gd is None:
        return None
    ref = gd.find(f"{{{C}}}chart")
    if ref is None:
        return None
    return shape.sheet.doc.package.target(shape.sheet.part, ref.get(R_ID))


def chart_info(shape: Shape) -> ChartInfo | None:
    """The chart of a chart shape (read once per shape); ``None`` when the shape is not a
    chart or its part is missing."""
    if shape.kind != "chart":
        return None
    def read() -> ChartInfo | None:
        part = chart_part(shape)
        return read_chart(shape.sheet.doc.package.xml(part)) if part else None
    return memo_value(shape, _CACHE_ATTR, read)
