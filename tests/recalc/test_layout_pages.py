"""Page images for the grade sheets, with a real LibreOffice: a graded document's pages kept
beside it (``runner.pages``) with the failed check's target outlined on the page the layout
puts it, and the sheet's view of them (``report.pages``): PNG data URIs, bounded."""

from __future__ import annotations

import json

import pytest

from officeeval import recalc
from officeeval.formats import open_document
from officeeval.report.pages import page_views, pages_dir
from officeeval.rubric.loader import load_rubric_text
from officeeval.runner.pages import keep_pages
from officeeval.scoring import Grader
from tests.word.wbuild import docx

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]

SECT = ('<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" '
        'w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>')

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="pages" app="word" total="2">
  <criterion id="top" skill="layout" points="1">
    <check select="paragraph[text='Second heading']" property="paragraph.starts_page" expected="true"/></criterion>
  <criterion id="count" skill="layout" points="1">
    <check select="document" property="document.page_count" expected="2"/></criterion>
</rubric>"""


def para(text: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def test_kept_pages_outline_the_failed_target_and_embed_in_the_sheet(tmp_path):
    body = (para("First heading") + para("Some words.") + '<w:p><w:r><w:br w:type="page"/>'
            '</w:r></w:p>' + para("More words on page two.") + para("Second heading")
            + f"<w:sectPr>{SECT}</w:sectPr>")
    path = docx(tmp_path, body)
    backends = recalc.backends()
    try:
        with Grader(backends) as grader:
            card = grader.grade(load_rubric_text(RUBRIC), path)
        assert [c.status for c in card.criteria] == ["fail", "pass"]
        view = open_document(path, "word", backends=backends)
        folder = pages_dir(tmp_path / "out", "gen-1")
        try:
            assert keep_pages(view, card, backends.layout, folder)
        finally:
            view.close()
    finally:
        backends.close()
    record = json.loads((folder / "pages.json").read_text("utf-8"))
    assert record["source"].startswith("rendered (LibreOffice ")
    assert [p["n"] for p in record["pages"]] == [1, 2] and record["total"] == 2
    # The failed check's paragraph is on page 2, found there by its text.
    (box,) = record["outlines"]["2"]
    left, top, right, bottom, label = box
    assert 0 <= left < right <= 1 and 0 <= top < bottom <= 1 and top < 0.3
    assert label.startswith("top paragraph.starts_page")
    assert all((folder / p["file"]).stat().st_size < 200_000 for p in record["pages"])
    views = page_views(tmp_path / "out", "gen-1")
    assert [v["n"] for v in views["pages"]] == [1, 2]
    assert views["pages"][0]["uri"].startswith("data:image/png;base64,iVBOR")
    assert views["pages"][1]["outlines"][0]["label"] == label


def test_no_pages_without_a_layout_backend(tmp_path):
    path = docx(tmp_path, para("Hello") + f"<w:sectPr>{SECT}</w:sectPr>")
    with Grader() as grader:
        card = grader.grade(load_rubric_text(RUBRIC), path)
    view = open_document(path, "word")
    try:
        assert not keep_pages(view, card, None, tmp_path / "p")
    finally:
        view.close()
    assert not (tmp_path / "p").exists()
    assert page_views(tmp_path, "none") is None


XL = """<rubric xmlns="urn:officeeval:rubric:1" id="xp" app="excel" total="1">
  <criterion id="fits" skill="layout" points="1">
    <check select="'Small'!A1" property="cell.display_fits" expected="true"/></criterion>
</rubric>"""

PP = """<rubric xmlns="urn:officeeval:rubric:1" id="pp" app="ppt" total="1">
  <criterion id="fits" skill="layout" points="1">
    <check select="slide[2]/shape[name='Crowded']" property="shape.text_fits" expected="true"/></criterion>
</rubric>"""


def _kept(tmp_path, rubric, path, app):
    backends = recalc.backends()
    try:
        with Grader(backends) as grader:
            card = grader.grade(load_rubric_text(rubric), path)
        view = open_document(path, app, backends=backends)
        try:
            assert keep_pages(view, card, backends.layout, tmp_path / "kept")
        finally:
            view.close()
    finally:
        backends.close()
    return card, json.loads((tmp_path / "kept" / "pages.json").read_text("utf-8"))


def test_excel_pages_are_those_of_the_graded_sheet(tmp_path):
    import openpyxl
    wb = openpyxl.Workbook()
    big = wb.active
    big.title = "Big"
    for row in range(1, 150):
        big.cell(row=row, column=1, value=row)
    small = wb.create_sheet("Small")
    small["A1"] = 1234567890123.5
    small["A1"].number_format = "#,##0.00"
    small.column_dimensions["A"].width = 5
    path = tmp_path / "book.xlsx"
    wb.save(path)
    card, record = _kept(tmp_path, XL, path, "excel")
    assert card.criteria[0].status == "fail"
    # "Big" prints first (pages 1..n-1); only the graded sheet's page is kept.
    assert record["total"] >= 3 and [p["n"] for p in record["pages"]] == [record["total"]]


def test_powerpoint_slides_with_the_overflowing_box_outlined(tmp_path):
    from pptx import Presentation
    from pptx.util import Cm, Pt
    prs = Presentation()
    prs.slides.add_slide(prs.slide_layouts[6]).shapes.add_textbox(
        Cm(1), Cm(1), Cm(8), Cm(2)).text_frame.text = "First slide"
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Cm(1), Cm(1), Cm(8), Cm(1.2))
    box.name = "Crowded"
    box.text_frame.word_wrap = True
    box.text_frame.text = "\n".join(["Overflowing line"] * 6)
    for para in box.text_frame.paragraphs:
        para.runs[0].font.size = Pt(24)
    body = box.text_frame._txBody.bodyPr
    for child in list(body):
        body.remove(child)
    path = tmp_path / "deck.pptx"
    prs.save(path)
    card, record = _kept(tmp_path, PP, path, "ppt")
    assert card.criteria[0].status == "fail"
    assert [p["n"] for p in record["pages"]] == [1, 2]
    assert [p["label"] for p in record["pages"]] == ["slide 1", "slide 2"]
    assert list(record["outlines"]) == ["2"]
