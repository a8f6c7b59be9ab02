"""The audit's chart planners are found by the kind a chart property's definition names
(``properties.charts``: ``plan=Plan("chart_typo")``), never by the property's name."""

from __future__ import annotations

import pytest

from officeeval.audit.mutators.chart_mistakes import PLANNERS, chart_plans
from officeeval.catalog import catalog
from officeeval.properties.charts import CHARTS


def test_every_chart_plan_kind_has_a_planner():
    kinds = {p.plan.kind for p in CHARTS if p.plan is not None}
    kinds |= {plan.kind for pdef in catalog().all() if pdef.name.startswith("chart.")
              for b in pdef.bindings.values() for plan in b.plans}
    assert kinds and kinds <= set(PLANNERS)


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
