"""PowerPoint's audit planners are named by kind on the definitions (``plan=Plan(kind,
**options)`` in ``officeeval/ppt/resolvers_*.py``): every kind a definition declares is in
``ppt.KINDS`` (``ppt_more.PLANNERS`` and the dialog settings') and takes the options declared
with it, every kind of the table is declared somewhere, and ``ppt._value`` calls a
definition's planners in the order declared."""

from __future__ import annotations

import inspect

import pytest

from officeeval.audit.mutators import ppt, ppt_more
from officeeval.audit.mutators.chart_mistakes import PLANNERS as CHART_KINDS
from officeeval.audit.mutators.base import Mutation, plans
from officeeval.catalog import catalog
from officeeval.properties.mistakes import Plan
from officeeval.rubric.model import Check


def _declared() -> list[tuple[str, Plan]]:
    """Every plan a PowerPoint definition declares but the chart family's
    (``test_chart_plans``)."""
    return [(p.name, plan) for p in catalog().all() if "ppt" in p.bindings
            for plan in plans(p.name, "ppt") if plan.kind not in CHART_KINDS]


def test_every_declared_kind_has_a_planner_taking_its_options():
    declared = _declared()
    assert len(declared) > 70
    missing = [(name, plan.kind) for name, plan in declared if plan.kind not in ppt.KINDS]
    assert missing == []
    unfit = []
    for name, plan in declared:
        try:
            inspect.signature(ppt.KINDS[plan.kind]).bind(None, None, [], **plan.kwargs)
        except TypeError as exc:
            unfit.append((name, plan.kind, str(exc)))
    assert unfit == []


def test_every_planner_of_the_table_is_declared_by_a_definition():
    assert set(ppt.KINDS) == {plan.kind for _, plan in _declared()}


def test_a_definition_declares_its_planners_in_order():
    assert [p.kind for p in plans("animation.class", "ppt")] == ["animation_detail",
                                                                  "animation"]
    assert plans("slide.footer.visible", "ppt") == (Plan("placeholder_visible", ph="ftr"),)
    assert plans("slide.layout_type", "ppt")[0].kwargs == {"via": "slide.layout"}
    assert plans("font.size", "ppt") == ()  # a value mistake (breaks=), no planner


def test_value_calls_the_declared_planners_in_order(monkeypatch):
    called: list[tuple[str, dict]] = []

    def fake(kind: str):
        def plan(ctx, check, targets, **options) -> list[Mutation]:
            called.append((kind, options))
            return [Mutation(key=kind, operator=kind, description=kind,
                             apply=lambda ws, edit: None)]
        return plan

    monkeypatch.setattr(ppt_more, "PLANNERS", {k: fake(k) for k in ppt_more.PLANNERS})
    muts, note = ppt._value(None, Check("slide/animation", "animation.duration", "equals"),
                            [])
    assert note == ""
    assert [m.key for m in muts] == ["animation_detail", "animation"]
    assert called == [("animation_detail", {"change": "longer"}), ("animation", {})]


def test_an_unknown_kind_fails_loudly(monkeypatch):
    monkeypatch.setattr(ppt_more, "PLANNERS", {})
    with pytest.raises(KeyError):
        ppt._value(None, Check("slide", "slide.hidden", "equals"), [])
