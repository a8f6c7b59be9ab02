"""Golden values on real documents: for each corpus .docx in tests/word/golden/*.json, every
listed selector/property resolves to the recorded value and source. Each entry carries the
XML evidence read by hand (``xml``) and, where LibreOffice reads the same thing, its value
(``lo``, with ``lo_note`` when the two readers differ and why). make_golden.py documents how
the files are written; test_golden_lo.py re-checks the ``lo`` values against LibreOffice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from officeeval.formats import open_document
from officeeval.inspection import observe
from officeeval.selectors import select

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_enough_golden_documents_and_topics():
    assert len(GOLDEN) >= 15
    props = {c["property"] for g in GOLDEN for c in json.loads(g.read_text("utf-8"))["checks"]}
    for needed in ("paragraph.numbering.label", "font.east_asia", "table.border.outer",
                   "cell.shading", "columns.count", "section.start", "field.type",
                   "toc.levels", "hyperlink.target", "watermark.text", "text"):
        assert needed in props, needed


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.stem for g in GOLDEN])
def test_golden_values(corpus, golden):
    data = json.loads(golden.read_text(encoding="utf-8"))
    path = corpus / "docx" / data["document"]
    doc = open_document(path)
    try:
        wrong = []
        for c in data["checks"]:
            assert c["xml"].strip(), f"{c['select']} {c['property']}: no XML evidence"
            targets = select(doc, c["select"])
            assert targets, f"{c['select']} selects nothing"
            row = observe(c["property"], targets[0])
            got = (row.get("value"), row.get("source"))
            if got != (c["value"], c["source"]):
                wrong.append((c["select"], c["property"], got, (c["value"], c["source"])))
    finally:
        doc.close()
    assert not wrong, wrong
