"""The audit's policy declared on the definitions: every planner a definition names by kind
(``plan=Plan(kind, **options)``) is in its application's table (the app's mutator policy
module's ``KINDS``) and accepts the options declared; the rubric lint's facts
(``implied_by=``, ``typed_text=``) are what it reads."""

from __future__ import annotations

import inspect

from officeeval.audit.lint import _implied
from officeeval.audit.mutators import for_app
from officeeval.audit.mutators.chart_mistakes import PLANNERS as CHART_KINDS
from officeeval.audit.mutators import word as WM
from officeeval.catalog import catalog
from officeeval.rubric.model import Check


def _declared() -> list[tuple[str, str, object]]:
    """Every plan a definition declares but the chart family's (``test_chart_plans``)."""
    return [(p.name, app, plan) for p in catalog().all() for app, b in p.bindings.items()
            for plan in b.plans if plan.kind not in CHART_KINDS]


def test_every_declared_plan_kind_has_a_planner_taking_its_options():
    problems = []
    for name, app, plan in _declared():
        table = getattr(for_app(app), "KINDS", {})
        planner = table.get(plan.kind)
        if planner is None:
            problems.append(f"{name} ({app}): no planner of kind {plan.kind!r}")
            continue
        try:
            inspect.signature(planner).bind(None, None, None, **plan.kwargs)
        except TypeError as exc:
            problems.append(f"{name} ({app}): {plan.kind} {plan.kwargs}: {exc}")
    assert problems == []


def test_word_declares_its_planners_on_its_definitions():
    word = {p.kind for name, app, p in _declared() if app == "word"}
    assert {"text", "hf_text", "numbering", "document", "field", "hyperlink"} <= word
    # Every planner of the table is some definition's (chart: Word's chart bindings, once
    # they declare it).
    assert set(WM.KINDS) - word <= {"chart"}
    plan, = catalog().get("paragraph.numbering.start").bindings["word"].plans
    assert (plan.kind, plan.kwargs) == ("numbering", {"change": "start",
                                                      "numbering": "paragraph.numbering"})


def test_lint_facts_come_from_the_definitions():
    facts = {p.name: (p.implied_by, p.typed_text) for p in catalog().all()
             if p.implied_by or p.typed_text}
    assert facts["field.type"] == ("type", False)
    assert facts["text"] == ("text", True)
    assert facts["sheet.name"] == ("name", False)
    assert facts["header.text"] == ("", True)
    assert "paragraph.numbering.text" not in facts  # a list-level pattern, not typed text
    assert {i for i, _ in facts.values()} == {"", "type", "style", "text", "name"}


def test_selector_implies_reads_the_predicate_the_definition_names():
    check = Check("field[type='MERGEFIELD']", "field.type", "equals", expected="mergefield")
    assert _implied(check) == "field.type"
    assert _implied(Check("field[name='MERGEFIELD']", "field.type", "equals",
                          expected="MERGEFIELD")) is None
    assert _implied(Check("paragraph[style='Title']", "paragraph.style", "equals",
                          expected="Title")) == "paragraph.style"
    assert _implied(Check("paragraph[style='Title']", "font.name", "equals",
                          expected="Title")) is None
