"""Every corpus workbook opens, goes through ``officeeval.inspection.inspect``, and every
bound Excel property resolves on every target kind without an evaluator error (no
exception, no UnverifiableValue: every formula in the corpus has its cached value)."""

from __future__ import annotations

import pytest

from officeeval.formats import open_document
from officeeval import apps
from officeeval.inspection import inspect, observe
from officeeval.catalog import catalog
from officeeval.selectors import select
from tests.conftest import corpus_names

FILES = corpus_names("xlsx")
CELLS_PER_SHEET = 400


@pytest.mark.parametrize("name", FILES)
def test_inspect_has_no_errors(corpus, name):
    doc = open_document(corpus / "xlsx" / name, options={"recalc": False})
    try:
        rows = inspect(doc, limit=50)
    finally:
        doc.close()
    assert rows
    errors = [r for r in rows if r.get("error")]
    assert not errors, errors[:5]


def _targets(doc):
    out = []
    for selector in apps.app("excel").standard_targets:
        out.extend(select(doc, selector))
    # Every cell holding something (up to a bound per sheet), beyond inspect's window.
    for sheet in select(doc, "sheet"):
        out.extend(select(doc, f"{sheet.locator}/cell")[:CELLS_PER_SHEET])
    # Empty cells just outside the data are targets too.
    for sheet in doc.sheets:
        if sheet.kind == "worksheet":
            out.extend(select(doc, f"'{sheet.name.replace(chr(39), chr(39) * 2)}'!A1:C3"))
    return out


@pytest.mark.parametrize("name", FILES)
def test_every_bound_property_resolves(corpus, name):
    reg = catalog()
    doc = open_document(corpus / "xlsx" / name, options={"recalc": False})
    seen_kinds = set()
    bad = []
    try:
        for t in _targets(doc):
            seen_kinds.add(t.kind)
            for prop in reg.names("excel"):
                if t.kind not in reg.get(prop).bindings["excel"].kinds:
                    continue
                row = observe(prop, t)
                if row.get("error"):
                    bad.append(row)
    finally:
        doc.close()
    assert {"workbook", "sheet", "cell", "column", "row"} <= seen_kinds
    assert not bad, bad[:5]
