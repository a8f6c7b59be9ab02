"""PowerPoint chart resolvers: ``chart.*`` read from the slide chart's part with the same
reader and value table as Word (``officeeval.ooxml.chart_values``)."""

from __future__ import annotations

from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ppt.slide_charts import chart_info
from officeeval.ppt.targets import ShapeTarget
from officeeval.properties.define import PropertySet

CHART_KINDS = ("chart", "shape")


def _info(target):
    return chart_info(target.shape) if isinstance(target, ShapeTarget) else None


PROPERTIES = PropertySet()

# The values a chart part caches are one format-neutral reader shared with Word; the names
# are defined (documented, typed) by Excel's chart resolvers.
for _name, _resolver in cached_chart_resolvers(_info).items():
    PROPERTIES.binds(_name, kinds=CHART_KINDS)(_resolver)
