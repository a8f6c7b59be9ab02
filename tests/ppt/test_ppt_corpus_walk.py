"""Every real .pptx of the shared corpus opens, survives ``inspect`` without an error row,
and every bound PowerPoint property resolves without raising on every target the selectors
reach (slides, layouts, masters, shapes and group members, paragraphs, runs, cells,
animations, notes)."""

from __future__ import annotations

import pytest

from officeeval.errors import UnverifiableValue
from officeeval.formats import open_document
from officeeval.inspection import inspect
from officeeval.catalog import catalog
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from officeeval.values import Observation
from tests.conftest import corpus_names

FILES = corpus_names("pptx")
SELECTORS = ["presentation", "slide", "layout", "master", "slide/shape", "slide/shape/shape",
             "slide/placeholder", "slide/picture", "slide/table", "slide/table/cell",
             "slide/chart", "slide/smartart", "slide/media", "slide/paragraph", "slide/run",
             "slide/animation", "slide/notes", "slide/notes/paragraph", "layout/placeholder",
             "master/placeholder", "master/paragraph"]


@pytest.mark.parametrize("name", FILES)
def test_every_property_resolves_on_every_target(corpus, name):
    reg = catalog()
    names = reg.names("ppt")
    doc = open_document(corpus / "pptx" / name)
    try:
        assert [r for r in inspect(doc) if r.get("error")] == []
        resolved = 0
        for selector in SELECTORS:
            for target in select(doc, selector):
                for name in names:
                    binding = reg.get(name).bindings["ppt"]
                    if target.kind not in binding.kinds:
                        continue
                    for direct in (False, True):
                        try:
                            obs = resolve(name, target, ResolveContext(direct=direct))
                        except UnverifiableValue:
                            continue
                        assert obs is None or isinstance(obs, Observation), (name, target)
                        resolved += 1
        assert resolved > 0
    finally:
        doc.close()


def test_corpus_has_the_expected_number_of_presentations():
    assert len(FILES) == 35
