"""Every catalog name, in every app that resolves it, is exercised by at least one value of
a real document: a shipped rubric's check on its reference output (the audit grades those
at full marks), a golden case on the shared corpus (tests/word/golden, tests/excel/golden,
tests/ppt/golden), a writer round trip (tests/properties/writer_cases.py: a value written
into a document and read back), or, for the few names no app writes, a row of ``GOLDEN``
below. Adding a property without one of these fails ``test_every_binding_has_a_golden``."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from officeeval.catalog import catalog, resolve
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import CompareContext
from officeeval.rubric import load_rubric
from officeeval.rubric.loader import load_rubric_text
from officeeval.selectors import select
from tests.properties import writer_fixtures as F
from tests.properties.writer_cases import CASES
from tests.word.wrefs import word_references

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = {"recalc": False}

# (app, property) -> (document, selector, expected literal), each checked against the
# document's XML when written down: the names no app writes, so no round trip covers them.
GOLDEN = {
    ("word", "cell.span"): ("W", "table[1]/cell(3,1)", "1x2"),  # w:gridSpan="2"
    ("word", "comment.anchor"): ("W", "comment[1]", "第一段文字"),  # the commentRange text
    ("word", "footnote.anchor"): ("W", "footnote[1]", "第一段文字"),  # text before the mark
    ("word", "paragraph.numbering.label"): ("W", "paragraph[3]", "1."),  # lvlText "%1."
    ("word", "page_breaks.count"): ("word-l2-report/reference.docx", "document", "2"),
    # ^ three w:sectPr: sections 2 and 3 start on a new page (nextPage, the default), no w:br
    ("word", "toc.entries"): ("word-l2-report/reference.docx", "toc[1]", "0"),  # no result
    ("word", "toc.kind"): ("word-l2-report/reference.docx", "toc[1]", "field"),  # no w:sdt
    # WX: tests/word/wrefs.py, a TOC with a result and cross-references.
    ("word", "field.target_text"): ("WX", "field[type='REF'][1]", "图 1 各月销售额"),  # _Ref2
    ("word", "toc_entry.text"): ("WX", "toc[1]/entry[2]", "研究背景"),
    ("word", "toc_entry.level"): ("WX", "toc[1]/entry[2]", "2"),  # pStyle TOC2 = toc 2
    ("word", "toc_entry.page"): ("WX", "toc[1]/entry[3]", "iv"),  # after the last w:tab
    ("excel", "cell.functions"): ("X", "'数据'!D2", ""),  # =B2+C2 calls no function
    ("excel", "cell.references"): ("X", "'数据'!D2", "B2|C2"),
    ("excel", "chart.sheet"): ("X", "sheet('数据')/chart[1]", "数据"),
    ("excel", "pivot.sheet"): ("excel-l2-sales/reference.xlsx", "pivot[1]", "透视分析"),
    ("excel", "sheet.used_range"): ("X", "sheet('数据')", "A1:D4"),
    ("ppt", "animation.order"): ("ppt-l2-museum/reference.pptx", "slide[4]/animation[2]", "2"),
    ("ppt", "cell.span"): ("ppt-l1-travel/reference.pptx", "slide/table[1]/cell(1,1)", "1x1"),
    ("ppt", "picture.count"): ("ppt-l1-campus/reference.pptx", "presentation", "1"),
    ("ppt", "shape.kind"): ("ppt-l1-campus/reference.pptx", "slide[1]/title", "title"),
    ("ppt", "smartart.categories"): ("ppt-l1-campus/reference.pptx", "slide/smartart[1]",
                                     "process"),  # dgm:catLst/dgm:cat type="process"
    # Sound packages: no structural fault (tests/ooxml/test_problems.py has the faults).
    ("word", "package.problems"): ("word-l1-notice/reference.docx", "document", ""),
    ("word", "package.problem_count"): ("word-l1-notice/reference.docx", "document", "0"),
    ("excel", "package.problems"): ("X", "workbook", ""),
    ("excel", "package.problem_count"): ("X", "workbook", "0"),
    ("ppt", "package.problems"): ("ppt-l1-campus/reference.pptx", "presentation", ""),
    ("ppt", "package.problem_count"): ("ppt-l1-campus/reference.pptx", "presentation", "0"),
}
# The layout properties need LibreOffice: their document values are the graded rubrics of
# tests/recalc/test_layout_properties.py (documents the test builds, real LibreOffice).
LAYOUT_TESTS = ROOT / "tests" / "recalc" / "test_layout_properties.py"


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(f"golden_{path.parent.parent.name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def covered() -> dict[tuple[str, str], str]:
    """(app, property) -> where a document value of it is checked."""
    out: dict[tuple[str, str], str] = {}
    for path in sorted((ROOT / "rubrics").glob("*.xml")):
        rubric = load_rubric(path)
        for c in rubric.criteria:
            for k in c.checks:
                if k.property and (k.expected is not None or k.expected_from):
                    out.setdefault((rubric.app, k.property), f"rubric {path.name}")
    for path in sorted((ROOT / "tests" / "word" / "golden").glob("*.json")):
        for c in json.loads(path.read_text("utf-8"))["checks"]:
            out.setdefault(("word", c["property"]), f"word golden {path.name}")
    for app in ("excel", "ppt"):
        cases = _module(ROOT / "tests" / app / "golden" / "cases.py").CASES
        for name, rows in cases.items():
            for _, prop in rows:
                out.setdefault((app, prop), f"{app} golden {name}")
    for key in CASES:
        out.setdefault(key, "writer round trip")
    for key in GOLDEN:
        out.setdefault(key, "GOLDEN")
    layout = _module(LAYOUT_TESTS)
    for name in ("RUBRIC", "EXCEL_RUBRIC", "PPT_RUBRIC", "TABLE_RUBRIC"):
        rubric = load_rubric_text(getattr(layout, name))
        for c in rubric.criteria:
            for k in c.checks:
                if k.property and k.expected is not None:
                    out.setdefault((rubric.app, k.property), f"layout test {name}")
    return out


def test_every_binding_has_a_golden():
    have = covered()
    missing = sorted((app, p.name) for p in catalog().all() for app in p.bindings
                     if (app, p.name) not in have)
    assert missing == [], f"no document value checks these: {missing}"


@pytest.mark.parametrize("app,prop", sorted(GOLDEN), ids=[f"{a}:{p}" for a, p in sorted(GOLDEN)])
def test_golden_rows(tmp_path, app, prop):
    doc_key, selector, literal = GOLDEN[(app, prop)]
    path = (F.word_objects(tmp_path) if doc_key == "W" else F.excel_objects(tmp_path)
            if doc_key == "X" else word_references(tmp_path) if doc_key == "WX"
            else F.sample(doc_key))
    vtype = catalog().get(prop).type_for(app)
    doc = open_document(path, app, options=OPTIONS)
    try:
        obs = resolve(prop, select(doc, selector)[0], ResolveContext(options=OPTIONS))
    finally:
        doc.close()
    assert obs is not None
    assert vtype.equals(obs.value, vtype.parse(literal), CompareContext()), obs.value
