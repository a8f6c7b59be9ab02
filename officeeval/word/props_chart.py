"""Charts in Word documents: the ``chart.*`` family (``officeeval.properties.charts``) bound
to the chart part found through the story part's relationships and read from its cache, and
whether that cache matches the chart's embedded workbook."""

from __future__ import annotations

from typing import Any

from officeeval.cache import memo_value
from officeeval.errors import PackageError
from officeeval.ooxml import embedded_workbook
from officeeval.ooxml.charts import read_chart
from officeeval.ooxml.embedded_workbook import chart_matches_workbook
from officeeval.ooxml.package import Package
from officeeval.properties import types as T
from officeeval.properties.charts import CachedChart, bind_charts
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import flip
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.drawings import DrawingTarget

PROPERTIES = PropertySet()
WRITERS = WriterSet()


def _chart(target) -> CachedChart | None:
    if not isinstance(target, DrawingTarget) or target.kind != "chart":
        return None
    def read():
        part = target.chart_part()
        root = target.doc.package.xml_or_none(part) if part else None
        return read_chart(root) if root is not None else None
    info = memo_value(target, "_officeeval_chart", read)
    return CachedChart(info) if info is not None else None


def chart_part(session: Session, t: Target) -> str:
    """The target's chart part; ``NotApplicable`` when it is no chart or the part is
    missing."""
    part = t.chart_part() if hasattr(t, "chart_part") else None  # type: ignore[attr-defined]
    if not part:
        raise NotApplicable("not a chart, or its part is missing")
    return part


bind_charts(PROPERTIES, "word", kinds="chart", chart_of=_chart, part_of=chart_part)


@PROPERTIES.prop("chart.cache_matches_workbook", T.BOOL, kinds="chart", breaks=flip,
                 draft=Drafting(called=("图表",)))
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


@WRITERS.writer("chart.cache_matches_workbook")
def write_cache_matches_workbook(session: Session, target: Target, value: Any) -> str:
    """``true``: the cache rewritten from the embedded workbook (as "Edit Data" does);
    ``false``: the first cached point changed so that it no longer matches."""
    part = chart_part(session, target)
    package = target.doc.package  # type: ignore[attr-defined]
    if not value:
        try:
            return embedded_workbook.break_cache(session.part(part))
        except ValueError as exc:
            raise NotApplicable(str(exc)) from exc
    book = embedded_workbook.embedded_workbook_part(package, part)
    if book is None:
        raise NotApplicable("the chart embeds no workbook")
    try:
        inner = Package.open(package.read(book), embedded_workbook.EMBEDDED_LIMITS)
    except PackageError as exc:
        raise NotApplicable(f"the embedded workbook cannot be read: {exc}") from exc
    try:
        n = embedded_workbook.sync_cache(session.part(part), embedded_workbook.SheetCells(inner))
    finally:
        inner.close()
    return f"{n} cached points rewritten from the workbook"
