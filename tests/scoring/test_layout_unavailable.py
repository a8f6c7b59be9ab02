"""Layout checks without a layout backend, or with one that fails: every such check is an
``eval_error`` ("layout backend unavailable"), its points left out of the total, never a
failure charged to the candidate; the checks that read XML are graded as always. A document
on which LibreOffice times out or dies is charged for it (``unevaluable``), as for a
recalculation: otherwise a document built to hang the layout would escape its checks.
No LibreOffice is needed: the backends are built by the test."""

from __future__ import annotations

import openpyxl
import pytest

from officeeval.backends import Backends
from officeeval.errors import UnevaluableDocument
from officeeval.recalc.libreoffice import DocumentRecalcError, RecalcError
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import Grader
from tests.word.wbuild import docx

WORD = """<rubric xmlns="urn:officeeval:rubric:1" id="w" app="word" total="8">
  <criterion id="pages" skill="layout" points="1">
    <check select="document" property="document.page_count" expected="1"/></criterion>
  <criterion id="page" skill="layout" points="1">
    <check select="paragraph[1]" property="layout.page" expected="1"/></criterion>
  <criterion id="top" skill="layout" points="1">
    <check select="paragraph[1]" property="paragraph.starts_page" expected="true"/></criterion>
  <criterion id="range" skill="layout" points="1">
    <check select="section[1]" property="section.page_range" expected="1"/></criterion>
  <criterion id="footer" skill="layout" points="1">
    <check select="page[1]" property="page.footer_text" expected=""/></criterion>
  <criterion id="toc" skill="layout" points="1">
    <check select="document" property="toc.pages_current" expected="true"/></criterion>
  <criterion id="text" skill="content" points="1">
    <check select="paragraph[1]" property="text" expected="Hello"/></criterion>
  <criterion id="problems" skill="package" points="1">
    <check select="document" property="package.problem_count" expected="0"/></criterion>
</rubric>"""

TOC = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> TOC \\o "1-3" '
       '</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Hello'
       '</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar '
       'w:fldCharType="end"/></w:r></w:p>')


class Failing:
    """A layout backend that raises what LibreOffice's does."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc
        self.calls = 0

    def layout(self, path, mark_prefix=""):
        self.calls += 1
        raise self.exc


@pytest.fixture
def document(tmp_path):
    return docx(tmp_path, '<w:p><w:r><w:t>Hello</w:t></w:r></w:p>' + TOC + "<w:sectPr/>")


@pytest.mark.parametrize("layout, why", [
    (None, "layout backend unavailable"),
    (Failing(RecalcError("LibreOffice would not start")), "would not start"),
], ids=["absent", "failing"])
def test_layout_checks_are_evaluator_errors_never_charged(document, layout, why):
    with Grader(Backends(layout=layout)) as grader:
        card = grader.grade(load_rubric_text(WORD), document)
    status = {c.id: c.status for c in card.criteria}
    layout_ids = ["pages", "page", "top", "range", "footer", "toc"]
    assert [status[i] for i in layout_ids] == ["eval_error"] * 6
    assert status["text"] == "pass" and status["problems"] == "pass"
    for c in card.criteria:
        if c.id in layout_ids:
            assert "layout backend unavailable" in c.checks[0].detail
            assert why in c.checks[0].detail
    assert card.eval_errors == 6 and card.total == 2 and card.score == 2
    if isinstance(layout, Failing):
        assert layout.calls == 1  # the failure is remembered for the document's checks
    assert card.layout == {}


def test_a_timeout_on_the_document_is_charged_like_a_recalculation_timeout(document):
    assert issubclass(DocumentRecalcError, UnevaluableDocument)
    layout = Failing(DocumentRecalcError("LibreOffice timed out after 60s"))
    with Grader(Backends(layout=layout)) as grader:
        card = grader.grade(load_rubric_text(WORD), document)
    status = {c.id: c.status for c in card.criteria}
    layout_ids = ["pages", "page", "top", "range", "footer", "toc"]
    assert [status[i] for i in layout_ids] == ["unevaluable"] * 6
    assert status["text"] == "pass" and status["problems"] == "pass"
    assert "timed out" in card.criteria[0].checks[0].detail
    # The points stay in the total: the hang raises no score.
    assert card.eval_errors == 0 and card.total == 8 and card.score == 2
    assert layout.calls == 1


EXCEL = """<rubric xmlns="urn:officeeval:rubric:1" id="x" app="excel" total="3">
  <criterion id="pages" skill="layout" points="1">
    <check select="sheet('S')" property="sheet.print_pages" expected="1"/></criterion>
  <criterion id="fits" skill="layout" points="1">
    <check select="'S'!A1" property="cell.display_fits" expected="true"/></criterion>
  <criterion id="value" skill="content" points="1">
    <check select="'S'!A1" property="cell.value" expected="5"/></criterion>
</rubric>"""

PPT = """<rubric xmlns="urn:officeeval:rubric:1" id="p" app="ppt" total="2">
  <criterion id="fits" skill="layout" points="1">
    <check select="slide[1]/shape[1]" property="shape.text_fits" expected="true"/></criterion>
  <criterion id="count" skill="content" points="1">
    <check select="presentation" property="slide.count" expected="1"/></criterion>
</rubric>"""


def test_excel_and_powerpoint_layout_checks_without_a_backend(tmp_path):
    wb = openpyxl.Workbook()
    wb.active.title = "S"
    wb.active["A1"] = 5
    book = tmp_path / "b.xlsx"
    wb.save(book)
    from pptx import Presentation
    from pptx.util import Cm
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_textbox(Cm(1), Cm(1), Cm(5), Cm(2)).text_frame.text = "Words"
    deck = tmp_path / "d.pptx"
    prs.save(deck)
    with Grader(Backends()) as grader:
        x = grader.grade(load_rubric_text(EXCEL), book)
        p = grader.grade(load_rubric_text(PPT), deck)
    assert [c.status for c in x.criteria] == ["eval_error", "eval_error", "pass"]
    assert [c.status for c in p.criteria] == ["eval_error", "pass"]
    assert "layout backend unavailable" in p.criteria[0].checks[0].detail
