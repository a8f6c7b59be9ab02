"""Excel's and PowerPoint's definitions name the audit's planners by kind (``plan=Plan(kind,
**options)``): every kind declared has a planner in the app's tables, every option is a
parameter of it, every mistake named exists, and a kind no table has fails loudly."""

from __future__ import annotations

import inspect

import pytest

from officeeval.audit.mutators.chart_mistakes import PLANNERS as CHART_KINDS
from officeeval.audit.mutators import excel, excel_formats, excel_objects, excel_sheets, ppt
from officeeval.catalog import catalog
from officeeval.properties.mistakes import Plan
from officeeval.rubric.model import Check

TABLES = {"excel": excel.KINDS, "ppt": ppt.KINDS}
# The tables of named mistakes (``mistake="..."``) of Excel's planners, by kind.
MISTAKES = {"format": excel_formats.FORMAT_MISTAKES, "sheet": excel_sheets.SHEET_MISTAKES,
            "column": excel_sheets.LINE_MISTAKES, "row": excel_sheets.LINE_MISTAKES,
            "table": excel_objects.TABLE_MISTAKES, "pivot": excel_objects.PIVOT_MISTAKES,
            "rule": excel_objects.RULE_MISTAKES}


def declared(app: str) -> list[tuple[str, Plan]]:
    """Every plan ``app``'s definitions declare but the chart family's
    (``test_chart_plans``)."""
    return [(pdef.name, plan) for pdef in catalog().all()
            for a, binding in pdef.bindings.items() if a == app for plan in binding.plans
            if plan.kind not in CHART_KINDS]


@pytest.mark.parametrize("app", sorted(TABLES))
def test_every_declared_kind_has_a_planner_taking_its_options(app):
    plans = declared(app)
    assert plans, f"no {app} definition declares a plan"
    assert [(name, p.kind) for name, p in plans if p.kind not in TABLES[app]] == []
    for name, p in plans:
        # Raises TypeError for an option the planner does not take.
        inspect.signature(TABLES[app][p.kind]).bind(None, None, None, **p.kwargs)


def test_every_mistake_an_excel_plan_names_exists():
    named = [(name, p.kind, p.kwargs["mistake"]) for name, p in declared("excel")
             if "mistake" in p.kwargs and p.kind in MISTAKES]
    assert [n for n in named if n[2] not in MISTAKES[n[1]]] == []
    assert len(named) > 60
    settings = [p.kwargs.get("mistake") for app in TABLES for _, p in declared(app)
                if p.kind == "setting"]
    assert len(settings) == 34 and all(callable(m) for m in settings)


def test_the_planners_the_definitions_declare():
    excel_plans: dict[str, list[Plan]] = {}
    for name, p in declared("excel"):
        excel_plans.setdefault(name, []).append(p)
    # The displayed text: its value and its number format, in that order.
    assert excel_plans["cell.display"] == [
        Plan("value", value="cell.value", judges_format=True),
        Plan("format", mistake="number_format", writes="cell.number_format")]
    assert excel_plans["sheet.index"] == [Plan("sheet_order", order="always")]
    assert [p.kind for p in excel_plans["cf.cells"]] == ["setting"]
    assert len(excel_plans) == 103  # and 19 charts, planned by the chart family
    assert len([p for _, p in declared("ppt") if p.kind == "setting"]) == 12


def test_a_kind_no_table_has_fails_the_check_loudly(monkeypatch):
    monkeypatch.setattr(excel, "plans", lambda prop, app: (Plan("no_such_kind"),))
    with pytest.raises(KeyError, match="no_such_kind"):
        excel._value(None, Check("cell('A1')", "cell.value", "equals"), [])
