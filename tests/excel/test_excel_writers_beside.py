"""Excel's writers beside their resolvers (issue 33): every writer a module of
``officeeval.excel`` registers is one of a property that module resolves, and no module of
``excel.edit`` registers a writer (the charts' come with the chart family,
``properties.charts``)."""

from __future__ import annotations

import importlib

from officeeval.apps import app
from officeeval.catalog import catalog

def _writers() -> list[tuple[str, str, str]]:
    """(property, module registering its writer, module of its resolver) per writer."""
    registry = catalog()
    out = []
    for module in app("excel").writer_modules:
        for w in importlib.import_module(module).WRITERS:
            out.append((w.name, module, registry.get(w.name).bindings["excel"].fn.__module__))
    return out


def test_a_resolver_module_writes_only_what_it_resolves():
    writers = _writers()
    beside = writers
    assert [(n, m, r) for n, m, r in beside if m != r] == []
    assert ("font.bold", "officeeval.excel.resolve_cell_format",
            "officeeval.excel.resolve_cell_format") in beside
    assert ("sheet.print.area", "officeeval.excel.resolve_print",
            "officeeval.excel.resolve_print") in beside
    # Every one the edit package held (109), and the anchor and pivot source of a chart on a
    # sheet, which only Excel has.
    assert len(beside) == 111
    assert ("chart.anchor", "officeeval.excel.resolve_objects",
            "officeeval.excel.resolve_objects") in beside


def test_no_writer_is_left_in_the_edit_package():
    modules = {m for _, m, _ in _writers() if m.startswith("officeeval.excel.edit.")}
    assert modules == set()
