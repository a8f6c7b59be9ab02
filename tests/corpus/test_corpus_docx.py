"""Every real .docx in the shared corpus opens, and every Word property resolves on the
standard targets without an evaluator error."""

from __future__ import annotations

import pytest

from officeeval.formats import open_document
from officeeval.inspection import inspect
from tests.conftest import CORPUS

DOCX = sorted((CORPUS / "docx").glob("*.docx")) if CORPUS.is_dir() else []


@pytest.mark.parametrize("path", DOCX, ids=[p.name for p in DOCX])
def test_corpus_docx_resolves_without_evaluator_errors(path):
    doc = open_document(path)
    try:
        rows = inspect(doc, limit=10_000)
    finally:
        doc.close()
    assert rows, "inspect produced nothing"
    errors = [r for r in rows if r.get("error")]
    assert not errors, errors[:5]


def test_corpus_is_present():
    assert len(DOCX) >= 30
