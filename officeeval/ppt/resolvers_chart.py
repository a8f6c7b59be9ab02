"""PowerPoint charts: the ``chart.*`` family (``officeeval.properties.charts``) bound to the
slide chart's part, read from its cache as Word's are and written there."""

from __future__ import annotations

from officeeval.ooxml.ns import C, R
from officeeval.ppt.edit.shape_parts import graphic_part
from officeeval.ppt.slide_charts import chart_info
from officeeval.ppt.targets import ShapeTarget
from officeeval.properties.charts import CachedChart, bind_charts
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import Session
from officeeval.targets import Target

CHART_KINDS = ("chart", "shape")
_C, _R = f"{{{C}}}", f"{{{R}}}"

PROPERTIES = PropertySet()


def _chart(target) -> CachedChart | None:
    info = chart_info(target.shape) if isinstance(target, ShapeTarget) else None
    return CachedChart(info) if info is not None else None


def chart_part(session: Session, t: Target) -> str:
    """The chart part of the target's graphic frame; ``NotApplicable`` when it has none."""
    return graphic_part(session, t, _C + "chart", _R + "id")


bind_charts(PROPERTIES, "ppt", kinds=CHART_KINDS, chart_of=_chart, part_of=chart_part)
