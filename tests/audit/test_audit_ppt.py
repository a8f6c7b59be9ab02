"""The audit on the PowerPoint fixture task: text formatting set directly and in the master
it is inherited from, transitions and animations dropped or changed, slides reordered and
deleted, a table turned into a text box, neutral edits on a slide no check selects."""

from __future__ import annotations

import pytest

from officeeval.audit import audit
from officeeval.audit import model as M
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select


@pytest.fixture(scope="module")
def ppt(fixture_task):
    return audit(fixture_task / "ppt" / "ppt-good.xml",
                 keep_mutants=fixture_task / "ppt" / "mutants").rubrics[0]


def test_sound_ppt_rubric_is_clean(ppt):
    assert ppt.error == "" and ppt.reference_ok and ppt.input_offenders == []
    assert ppt.survivors == [] and ppt.over_strict == [] and ppt.lint == []
    assert not [m for m in ppt.mutants if m.verdict in (M.INVALID, M.INEFFECTIVE)]
    assert all(c.mutants >= 1 and c.caught == c.mutants for c in ppt.criteria)


def test_operators_cover_slides_transitions_animations_tables(ppt):
    ops = {m.operator for m in ppt.mutants}
    assert {"drop:transition", "direct:transition.type", "direct:animation.effect",
            "delete:animation", "reorder:slide", "delete:slide", "replace:table->textbox",
            "direct:slide.layout", "direct:presentation.slide_size",
            "direct:slide.background.color", "neutral:unselected-slide"} <= ops


def test_master_inherited_title_size_is_mutated_in_the_master(ppt, fixture_task):
    m = next(m for m in ppt.mutants if m.operator == "inherited:font.size"
             and m.criteria == ["c05"] and "slide[2]" in m.description)
    assert "master level" in m.description and m.verdict == M.CAUGHT
    path = fixture_task / "ppt" / "mutants" / f"fixture-ppt-good-{m.id}.pptx"
    doc = open_document(path, "ppt")
    try:
        for sel in ("slide[2]/title", "slide[3]/title"):
            obs = resolve("font.size", select(doc, sel)[0], ResolveContext())
            assert (obs.value, obs.source) == (42.0, "master")
    finally:
        doc.close()


def test_reordered_slides_swap_in_the_id_list(ppt, fixture_task):
    m = next(m for m in ppt.mutants if m.operator == "reorder:slide" and "slide 1" in
             m.description)
    path = fixture_task / "ppt" / "mutants" / f"fixture-ppt-good-{m.id}.pptx"
    doc = open_document(path, "ppt")
    try:
        titles = [t.title_text for t in select(doc, "slide")]
        assert titles[:2] == ["活动安排", "读书分享会"]
    finally:
        doc.close()
