"""The chart.* family (``officeeval.properties.charts``): one declaration per property that
each application binds with its own chart lookup; Word's and PowerPoint's charts read the
chart part's own cache."""

from __future__ import annotations

import pytest

from officeeval.ooxml.charts import ChartInfo, Series
from officeeval.properties.charts import CHARTS, CachedChart, bind_charts, number_text
from officeeval.properties.define import PropertySet

INFO = ChartInfo(type="bar", types=["bar", "line"], grouping="clustered", three_d=False,
                 title="各季度销量",
                 series=[Series(name="销量", values_ref="Sheet1!$B$2:$B$5",
                                categories_ref="Sheet1!$A$2:$A$5",
                                values=[1234567.0, 8.200000000000001, None, 3.0],
                                categories=["一季度", "二季度", None, "四季度"]),
                         Series(name=None, values=[1.0])],
                 legend=None, axis_titles={"x": "季度"}, data_labels=True, style=None)


def _bound(app: str) -> PropertySet:
    bound = PropertySet()
    bind_charts(bound, app, kinds="chart",
                chart_of=lambda t: CachedChart(INFO) if t == "chart" else None,
                part_of=lambda session, t: "/word/charts/chart1.xml")
    return bound


RESOLVERS = {d.name: d.fn for d in _bound("word")}


@pytest.mark.parametrize("prop,expected", [
    ("chart.type", "bar"),
    ("chart.types", ["bar", "line"]),
    ("chart.grouping", "clustered"),
    ("chart.three_d", False),
    ("chart.title", "各季度销量"),
    ("chart.series.count", 2),
    ("chart.series.names", ["销量", ""]),
    ("chart.series.values", ["1234567", "8.2", "", "3"]),
    ("chart.series.categories", ["一季度", "二季度", "", "四季度"]),
    ("chart.series.value_refs", ["Sheet1!$B$2:$B$5"]),
    ("chart.series.category_refs", ["Sheet1!$A$2:$A$5"]),
    ("chart.legend.position", "none"),
    ("chart.axis.x.title", "季度"),
    ("chart.data_labels", True),
])
def test_values_from_the_chart_cache(prop, expected):
    obs = RESOLVERS[prop]("chart", None)
    assert obs is not None and obs.value == expected and obs.source == "direct"


@pytest.mark.parametrize("prop", ["chart.axis.y.title", "chart.style"])
def test_what_the_chart_does_not_hold_is_no_value(prop):
    assert RESOLVERS[prop]("chart", None) is None


def test_a_target_that_is_not_a_chart_has_no_chart_value():
    assert all(fn("paragraph", None) is None for fn in RESOLVERS.values())


def test_number_text_keeps_integers_whole_and_drops_float_noise():
    assert [number_text(v) for v in (1234567.0, 0.1 + 0.2, 1e-7, None)] == \
        ["1234567", "0.3", "1e-07", ""]


def test_cached_points_above_a_billion_are_numbers():
    from lxml import etree

    from officeeval.ooxml.charts import _points
    c = "http://schemas.openxmlformats.org/drawingml/2006/chart"
    cache = etree.fromstring(
        f'<c:numCache xmlns:c="{c}"><c:ptCount val="3"/><c:pt idx="0"><c:v>2343434343</c:v>'
        f'</c:pt><c:pt idx="1"><c:v>9.99E+307</c:v></c:pt><c:pt idx="2"><c:v>inf</c:v>'
        f'</c:pt></c:numCache>')
    assert _points(cache, numeric=True) == [2343434343.0, 9.99e307, None]


def test_each_app_binds_the_properties_it_reads_with_a_writer_and_its_plans():
    word, excel = list(_bound("word")), {d.name: d for d in _bound("excel")}
    assert {d.name for d in word} == {p.name for p in CHARTS if "word" in p.apps}
    assert "chart.series.markers" not in {d.name for d in word}
    assert {"chart.series.markers", "chart.series.all_values"} <= set(excel)
    assert all(d.writer is not None and not d.defines for d in word)
    # The audit plans a chart's references in Excel only.
    assert excel["chart.series.value_refs"].plans[0].kind == "chart_data"
    assert next(d for d in word if d.name == "chart.series.value_refs").plans == ()


def test_the_defining_app_supplies_the_reference_type():
    from officeeval.properties import types as T
    refs = T.ListType(name="references")
    bound = PropertySet()
    bind_charts(bound, "excel", kinds="chart", chart_of=lambda t: None,
                part_of=lambda session, t: "", defines={"references": refs})
    got = {d.name: d for d in bound}
    assert got["chart.series.value_refs"].vtype is refs
    assert got["chart.type"].doc.startswith("Chart type of the first plot")
    with pytest.raises(KeyError):
        bind_charts(PropertySet(), "excel", kinds="chart", chart_of=lambda t: None,
                    part_of=lambda session, t: "", defines={})
