"""Every property an app can write has a writer that round-trips: the value written into a
real document (a shipped sample or a package built from inline XML) is the value the
resolver then reads, and it differs from what was there before (so a writer that writes
nothing fails). Properties without a writer say why at their definition (``read_only``),
and that list is short and explicit here."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog, resolve
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import CompareContext
from officeeval.selectors import select
from tests.properties import writer_fixtures as F
from tests.properties.writer_cases import CASES
from tests.word.wrefs import word_references

# Read back somewhere else when the write moves or renames what the selector finds.
READ_AT = {
    ("word", "field.type"): "paragraph[2]/field[2]",
    ("word", "caption.position"): "paragraph[text^='表 ']",
    ("excel", "sheet.name"): "sheet[1]",
    ("excel", "sheet.index"): "sheet[2]",
    ("excel", "table.name"): "table",
    ("ppt", "slide.index"): "slide[2]",
    ("ppt", "slide.title"): "slide[1]",
    ("ppt", "shape.placeholder_type"): "slide[1]/placeholder[type='body']",
}
# The properties an app does not write, each with its reason where it is defined; a new
# one must be added here on purpose.
READ_ONLY = {
    ("word", "cell.span"), ("ppt", "cell.span"), ("word", "comment.anchor"),
    ("word", "footnote.anchor"), ("word", "paragraph.numbering.label"),
    ("word", "toc.entries"), ("word", "toc.kind"), ("word", "field.target_text"),
    ("word", "toc_entry.text"), ("word", "toc_entry.level"), ("word", "toc_entry.page"),
    ("excel", "cell.functions"),
    ("excel", "cell.references"), ("excel", "chart.sheet"), ("excel", "pivot.sheet"),
    ("excel", "sheet.used_range"), ("ppt", "animation.order"), ("ppt", "picture.count"),
    ("ppt", "shape.kind"), ("ppt", "smartart.categories"), ("word", "page_breaks.count"),
}
# Computed by the layout backend (LibreOffice lays the whole document out) or from the
# package's structure: no single value to write. Pinned apart from the short list above.
COMPUTED = {
    ("word", "document.page_count"), ("word", "layout.page"), ("word", "layout.page_number"),
    ("word", "paragraph.starts_page"), ("word", "section.page_range"),
    ("word", "toc.pages_current"), ("word", "page.header_text"), ("word", "page.footer_text"),
    ("word", "page.number"), ("excel", "sheet.print_pages"), ("excel", "cell.display_fits"),
    ("ppt", "shape.text_fits"),
    *((app, name) for app in ("word", "excel", "ppt")
      for name in ("package.problems", "package.problem_count")),
}
# Writes that remove the value: read back, there is none (or an empty list).
REMOVED = {("excel", "sheet.autofilter"), ("excel", "sheet.sort"),
           ("excel", "sheet.autofilter.criteria")}
OPTIONS = {"recalc": False}


def _bindings():
    reg = catalog().load_writers()  # writers are attached when first asked for
    return [(app, p) for p in reg.all() for app, _ in p.bindings.items()]


def test_every_binding_has_a_writer_or_a_reason_and_the_reasons_are_few():
    read_only = set()
    for app, pdef in _bindings():
        b = pdef.bindings[app]
        assert b.writer is not None or b.read_only, f"{app} {pdef.name}: no writer, no reason"
        if b.read_only:
            assert b.writer is None and len(b.read_only) > 15, (app, pdef.name)
            read_only.add((app, pdef.name))
    assert read_only == READ_ONLY | COMPUTED
    # Few: a property the audit cannot break is one whose criteria it cannot prove. Derived
    # readings (a field's result, a count) may stay read-only; at most one binding in 16.
    assert len(READ_ONLY) * 16 <= len(_bindings())
    unbound = [p.name for p in catalog().all() if not p.bindings]
    assert unbound == ["count"]  # judged by the engine over the selection


def test_every_writer_has_a_round_trip_case():
    writers = {(app, pdef.name) for app, pdef in _bindings()
               if pdef.bindings[app].writer is not None}
    assert writers - set(CASES) == set()
    assert set(CASES) - writers == set()


def _document(tmp_path: Path, app: str, doc: str) -> Path:
    if doc == "W":
        return F.word_objects(tmp_path)
    if doc == "X":
        return F.excel_objects(tmp_path)
    if doc == "WX":
        return word_references(tmp_path)
    if doc == "P":
        return F.ppt_objects(tmp_path)
    return F.sample(doc)


def _same(vtype, actual, expected) -> bool:
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(actual.get(k) == v for k, v in expected.items())
    return bool(vtype.equals(actual, expected, CompareContext()))


@pytest.mark.parametrize("app,prop", sorted(CASES), ids=[f"{a}:{p}" for a, p in sorted(CASES)])
def test_writer_round_trips(tmp_path, app, prop):
    doc_key, selector, literal = CASES[(app, prop)]
    path = _document(tmp_path, app, doc_key)
    pdef = catalog().get(prop)
    vtype = pdef.type_for(app)
    removed = (app, prop) in REMOVED
    value = None if removed else vtype.parse(literal)
    ctx = ResolveContext(options=OPTIONS)
    ws = Workspace(path, app, OPTIONS)
    edit = ws.begin()
    target = select(edit.doc, selector)[0]
    before = resolve(prop, target, ctx)
    if removed:
        assert before is not None and before.value, f"{prop}: nothing to remove on {selector}"
    else:
        assert before is None or not _same(vtype, before.value, value), \
            f"{prop} already reads {before.value!r} on {selector}: the case proves nothing"
    note = catalog().writer(prop, app).write(edit, target, value)
    assert isinstance(note, str) and note
    out = ws.write(edit, tmp_path / f"written{path.suffix}")
    doc = open_document(out, app, options=OPTIONS)
    try:
        again = select(doc, READ_AT.get((app, prop), selector))[0]
        after = resolve(prop, again, ctx)
    finally:
        doc.close()
    if removed:
        assert after is None or not after.value, f"removed ({note}), read {after.value!r}"
        return
    assert after is not None and _same(vtype, after.value, value), \
        f"wrote {literal!r} ({note}), read {None if after is None else after.value!r}"
