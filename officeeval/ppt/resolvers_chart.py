"""PowerPoint chart resolvers: ``chart.*`` read from the slide chart's part with the same
reader and value table as Word (``officeeval.ooxml.chart_values``); each with its writer,
the chart part's edit that Word and Excel share (``officeeval.ooxml.chart_edit``)."""

from __future__ import annotations

from typing import Any

from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ooxml.ns import C, R
from officeeval.ppt.edit.shape_parts import graphic_part
from officeeval.ppt.slide_charts import chart_info
from officeeval.ppt.targets import ShapeTarget
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan, cycled, on_first
from officeeval.properties.writing import Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

CHART_KINDS = ("chart", "shape")
_C, _R = f"{{{C}}}", f"{{{R}}}"


def _info(target):
    return chart_info(target.shape) if isinstance(target, ShapeTarget) else None


PROPERTIES = PropertySet()
WRITERS = WriterSet()


def chart_part(session: Session, t: Target) -> str:
    """The chart part of the target's graphic frame; ``NotApplicable`` when it has none."""
    return graphic_part(session, t, _C + "chart", _R + "id")


def _chart_writer(name: str) -> None:
    """Register the writer of the chart property ``name``: its edit of the chart part."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        # Chart editing is imported when a chart is written: grading never loads it.
        from officeeval.ooxml.chart_edit import SETTERS
        return SETTERS[name](session.part(chart_part(session, target)), value)


# The values a chart part caches are one format-neutral reader shared with Word; the names
# are defined (documented, typed) by Excel's chart resolvers, and written by the shared
# chart edits.
for _name, _resolver in cached_chart_resolvers(_info).items():
    PROPERTIES.binds(_name, kinds=CHART_KINDS)(_resolver)
    _chart_writer(_name)


@PROPERTIES.binds("chart.series.markers", kinds=CHART_KINDS,
                  plan=Plan("setting", mistake=on_first(cycled("circle", "none"))))
def series_markers(target, ctx):
    info = _info(target)
    marks = [s.marker for s in info.series if s.marker is not None] if info else []
    return Observation(marks, "direct") if marks else None


_chart_writer("chart.series.markers")
