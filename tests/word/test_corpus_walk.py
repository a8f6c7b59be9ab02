"""Every real .docx of the shared corpus: ``inspect`` has no error row, and every property
bound for Word resolves on every kind of target the Word selector steps yield (paragraphs,
runs, spans, sections, headers, footers, tables, rows, columns, cells, drawings, fields,
TOCs, notes, comments, hyperlinks, bookmarks, captions, styles) without raising."""

from __future__ import annotations

import pytest

from officeeval.errors import OfficeEvalError
from officeeval.formats import open_document
from officeeval.inspection import inspect
from officeeval.rendered import no_layout_backend
from officeeval.catalog import catalog
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.conftest import corpus_names

DOCX = corpus_names("docx")
PER_SELECTOR = 25
# Tables, rows and columns aggregate every run they hold (a 948-row table in the corpus):
# fewer of them keep the walk quick without leaving a kind out.
PER_CONTAINER = {"table": 4, "column": 4, "row": 10}

SELECTORS = [
    "document", "section", "section/header", "section/footer", "header/paragraph",
    "paragraph", "paragraph/run", "paragraph/span('的')", "paragraph/span('e')",
    "table", "table/row", "table/column", "table/cell", "table/cell/paragraph",
    "table/cell/table", "image", "shape", "textbox", "textbox/paragraph", "chart",
    "smartart", "field", "toc", "caption", "footnote", "endnote", "comment",
    "footnote/paragraph", "hyperlink", "bookmark", "style",
]


def _word_properties() -> dict[str, frozenset[str]]:
    reg = catalog()
    return {name: reg.get(name).bindings["word"].kinds for name in reg.names("word")}


@pytest.mark.parametrize("name", DOCX)
def test_every_word_property_on_every_target_kind(corpus, name):
    props = _word_properties()
    doc = open_document(corpus / "docx" / name)
    failures: list[str] = []
    resolved = 0
    try:
        rows = inspect(doc, limit=5)
        failures += [f"inspect: {r}" for r in rows if r.get("error")]
        for selector in SELECTORS:
            targets = select(doc, selector)
            for target in targets[:PER_CONTAINER.get(targets[0].kind, PER_SELECTOR)
                                  if targets else 0]:
                for name, kinds in props.items():
                    if target.kind not in kinds:
                        continue
                    for direct in (False, True):
                        try:
                            resolve(name, target, ResolveContext(direct=direct))
                            resolved += 1
                        except OfficeEvalError as exc:  # UnverifiableValue etc.: an error row
                            if no_layout_backend(exc):  # opened without one (bench lays out)
                                continue
                            failures.append(f"{target.locator} {name}: {exc!r}")
    finally:
        doc.close()
    assert not failures, failures[:10]
    assert resolved > 0


def test_corpus_walk_reaches_every_word_target_kind(corpus):
    """Across the corpus, the walk above reaches every kind the Word steps yield (so a kind
    silently yielding nothing would be noticed)."""
    seen: set[str] = set()
    for name in DOCX:
        doc = open_document(corpus / "docx" / name)
        try:
            for selector in SELECTORS:
                seen.update(t.kind for t in select(doc, selector)[:3])
        finally:
            doc.close()
    assert {"document", "section", "header", "footer", "paragraph", "run", "span", "table",
            "row", "column", "cell", "image", "shape", "textbox", "chart", "field", "toc",
            "footnote", "comment", "hyperlink", "bookmark", "style"} <= seen
