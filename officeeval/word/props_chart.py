"""Charts in Word documents: ``chart.*`` read from the chart part (found through the story
part's relationships) with the format-neutral reader ``officeeval.ooxml.charts`` and the
value table shared with PowerPoint (``officeeval.ooxml.chart_values``)."""

from __future__ import annotations

from officeeval.cache import memo_value
from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ooxml.charts import read_chart
from officeeval.properties.define import PropertySet
from officeeval.word.drawings import DrawingTarget

PROPERTIES = PropertySet()


def _info(target):
    if not isinstance(target, DrawingTarget) or target.kind != "chart":
        return None
    def read():
        part = target.chart_part()
        root = target.doc.package.xml_or_none(part) if part else None
        return read_chart(root) if root is not None else None
    return memo_value(target, "_officeeval_chart", read)


# The values a chart part caches are one format-neutral reader shared with PowerPoint; the
# names are defined (documented, typed) by Excel's chart resolvers.
for _name, _resolver in cached_chart_resolvers(_info).items():
    PROPERTIES.binds(_name, kinds="chart")(_resolver)
