"""Charts in Word documents: ``chart.*`` read from the chart part (found through the story
part's relationships) with the format-neutral reader ``officeeval.ooxml.charts`` and the
value table shared with PowerPoint (``officeeval.ooxml.chart_values``)."""

from __future__ import annotations

from officeeval.cache import memo_value
from officeeval.ooxml.chart_values import cached_chart_resolvers
from officeeval.ooxml.charts import read_chart
from officeeval.ooxml.embedded_workbook import chart_matches_workbook
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import flip
from officeeval.values import Observation
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


@PROPERTIES.prop("chart.cache_matches_workbook", T.BOOL, kinds="chart", breaks=flip)
def cache_matches_workbook(target, ctx):
    """Whether the values a chart shows (its cache: series names, values, categories) are
    the ones its embedded workbook holds (图表数据与嵌入的工作簿一致); nothing when the
    chart embeds no workbook.

    The workbook is what "Edit Data" opens: a program that changes one and not the other
    leaves a chart that redraws differently once someone edits its data. Each series
    reference (``Sheet1!$B$2:$B$5``) is read in the embedded workbook (cached formula
    results, shared and inline strings); numbers compare within 1e-9, text trimmed. A
    reference that is not one row or column (multi-level categories) is not compared; a
    chart with nothing comparable has no value (``ooxml.embedded_workbook``).
    """
    if not isinstance(target, DrawingTarget) or target.kind != "chart":
        return None

    def read():
        part = target.chart_part()
        return chart_matches_workbook(target.doc.package, part) if part else None
    got = memo_value(target, "_officeeval_chart_workbook", read)
    if got is None or got.matches is None:
        return None
    return Observation(got.matches, "computed")
