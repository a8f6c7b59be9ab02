"""The audit's chart planners are found by the kind a chart property's definition names
(``properties.charts``: ``plan=Plan("chart_typo")``), never by the property's name."""

from __future__ import annotations

import pytest

from officeeval.audit.mutators.chart_mistakes import PLANNERS, chart_plans
from officeeval.catalog import catalog
from officeeval.properties.charts import CHARTS
from officeeval.properties.mistakes import plans_of


def test_every_chart_plan_kind_has_a_planner():
    # The chart family's own kinds; a chart property may also name a planner every object
    # has (the markers' and the pivot source's dialog setting, ``setting``).
    declared = [p.plan for p in CHARTS if p.plan is not None]
    kinds = {plan.kind for one in declared for plan in plans_of(one)}
    kinds |= {plan.kind for pdef in catalog().all() if pdef.name.startswith("chart.")
              for b in pdef.bindings.values() for plan in b.plans}
    assert kinds and kinds - {"setting"} <= set(PLANNERS)
    assert [p.kind for p in catalog().get("chart.series.markers").bindings["ppt"].plans
            ] == ["setting"]


@pytest.mark.parametrize("app, planned", [
    ("word", 12), ("ppt", 12),
    # Excel's audit also plans the plot types, the references, the 3-D flag (the chart
    # deleted), where the chart is and the sheet it is on.
    ("excel", 19)])
def test_each_app_plans_the_chart_properties_its_definitions_plan(app, planned):
    names = [n for n in catalog().names(app) if n.startswith("chart.")]
    assert len([n for n in names if chart_plans(n, app)]) == planned
    assert chart_plans("chart.series.markers", app) == ()
    assert [p.kind for p in chart_plans("chart.title", app)] == ["chart_typo"]


def test_a_planner_takes_the_options_its_plan_gives():
    (plan,) = chart_plans("chart.series.categories", "word")
    assert plan.kwargs == {"refs": "chart.series.category_refs",
                           "cache": "chart.series.categories"}
