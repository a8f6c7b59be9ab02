"""PowerPoint's writers beside their resolvers (issue 33): a property module that lists
``WRITERS`` registers only writers of the properties it resolves, and no module of
``ppt.edit`` writes a property those modules resolve (text, shapes, tables, SmartArt, click
actions, custom shows and the show settings). Charts are written where their format-neutral
family declares them (``officeeval.properties.charts``), with no ``WRITERS`` of their own."""

from __future__ import annotations

import importlib

from officeeval.apps import app
from officeeval.catalog import catalog

def _writers() -> list[tuple[str, str, str]]:
    """(property, module registering its writer, module of its resolver) per writer."""
    registry = catalog()
    out = []
    for module in app("ppt").writer_modules:
        for w in importlib.import_module(module).WRITERS:
            resolver = registry.get(w.name).bindings["ppt"].fn.__module__
            out.append((w.name, module, resolver))
    return out


def test_a_property_module_writes_only_what_it_resolves():
    beside = [(n, m, r) for n, m, r in _writers() if not m.startswith("officeeval.ppt.edit.")]
    assert {m for _, m, _ in beside} >= {"officeeval.ppt.resolvers_text",
                                         "officeeval.ppt.resolvers_shape",
                                         "officeeval.ppt.resolvers_show"}
    assert [(n, m, r) for n, m, r in beside if m != r] == []


def test_no_edit_module_writes_a_property_a_property_module_writes():
    writers = _writers()
    colocated = {m for _, m, _ in writers if not m.startswith("officeeval.ppt.edit.")}
    assert [(n, m) for n, m, r in writers
            if m.startswith("officeeval.ppt.edit.") and r in colocated] == []
    assert ("font.size", "officeeval.ppt.resolvers_text", "officeeval.ppt.resolvers_text") \
        in writers
