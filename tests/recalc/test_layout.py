"""The layout backend with a real LibreOffice, on documents the tests build: our paragraphs
found on their pages through the marks (body, tables, sections, text boxes), page tops,
LibreOffice's own blank pages left out, header and footer text as printed (fields
evaluated), a table that moves to page 2, Excel cells that do not fit, PowerPoint text
taller than its box; the service lays a document out once."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from officeeval import recalc
from officeeval.ooxml.package import Package
from officeeval.recalc.libreoffice import LibreOfficeBackend, find_soffice
from officeeval.rendered import Rendered, format_page_number
from officeeval.recalc.service import RecalcService
from officeeval.word.document import WordDocument
from officeeval.word.layout_marks import MARK_PREFIX, mark_index, marked_copy
from tests.word.wbuild import docx

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]

BREAK = '<w:r><w:br w:type="page"/></w:r>'


def p(text: str, ppr: str = "", extra: str = "") -> str:
    return f"<w:p><w:pPr>{ppr}</w:pPr>{extra}<w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>"


def page_field(prefix: str, suffix: str) -> str:
    return (f'<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t xml:space="preserve">{prefix}'
            f'</w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE '
            f'</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1'
            f'</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space='
            f'"preserve">{suffix}</w:t></w:r></w:p>')


SECT = ('<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" '
        'w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>')
TEXTBOX = (
    '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" '
    'distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" '
    'layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH '
    'relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV '
    'relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV><wp:extent '
    'cx="2000000" cy="600000"/><wp:wrapSquare wrapText="bothSides"/><wp:docPr id="5" '
    'name="Text Box 5"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/'
    'word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off '
    'x="0" y="0"/><a:ext cx="2000000" cy="600000"/></a:xfrm><a:prstGeom prst="rect"/>'
    '</wps:spPr><wps:txbx><w:txbxContent><w:p><w:r><w:t>Boxed words</w:t></w:r></w:p>'
    '</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic>'
    '</wp:anchor></w:drawing></mc:Choice><mc:Fallback/></mc:AlternateContent></w:r>')


@pytest.fixture(scope="module")
def backend():
    b = LibreOfficeBackend(find_soffice(), timeout=120)
    yield b
    b.close()


def lay_out(backend, path: Path) -> tuple[WordDocument, Rendered]:
    doc = WordDocument(Package.open(path), str(path))
    marked = path.with_name("marked-" + path.name)
    marked.write_bytes(marked_copy(doc))
    return doc, Rendered.load(backend.layout(marked, MARK_PREFIX), "LibreOffice test")


def page_of(doc, rendered, el):
    hit = rendered.mark(mark_index(doc)[el])
    return hit


def test_marks_follow_body_tables_sections_and_text_boxes(tmp_path, backend):
    table = ('<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>'
             '<w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>'
             + "".join(f'<w:tr><w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>'
                       f'{p(f"cell {r}a")}</w:tc><w:tc><w:tcPr><w:tcW w:w="3000" '
                       f'w:type="dxa"/></w:tcPr>{p(f"cell {r}b")}</w:tc></w:tr>'
                       for r in (1, 2)) + "</w:tbl>")
    body = (p("Cover") + p("Cover line two") + f"<w:p><w:pPr><w:sectPr>{SECT}</w:sectPr>"
            f"</w:pPr></w:p>"  # a section break: the next section starts a new page
            + p("Chapter one") + table + p("After the table", extra=TEXTBOX)
            + p("Before the break") + f"<w:p>{BREAK}</w:p>" + p("Page three starts here")
            + f'<w:sectPr><w:footerReference w:type="default" r:id="rF"/>{SECT}'
              f'<w:pgNumType w:start="1"/></w:sectPr>')
    path = docx(tmp_path, body, footers={"rF": page_field("第 ", " 页")})
    doc, r = lay_out(backend, path)
    assert r.page_count == 3
    paras = doc.paragraphs
    assert [p.text for p in paras][:4] == ["Cover", "Cover line two", "", "Chapter one"]
    pages = {p.text: page_of(doc, r, p.el) for p in paras}
    assert pages["Cover"] == (1, 1, True)
    assert pages["Cover line two"] == (1, 1, False)
    assert pages["Chapter one"] == (2, 2, True)
    assert pages["After the table"][0] == 2 and pages["Before the break"][0] == 2
    assert pages["Page three starts here"] == (3, 3, True)
    # Table cells and the text box paragraph have marks of their own, on page 2.
    cell = doc.tables[0].el.find(".//{*}p")
    assert page_of(doc, r, cell) == (2, 2, True) or page_of(doc, r, cell)[0] == 2
    box = next(el for el in doc.body.iter("{*}p") if "".join(el.itertext()) == "Boxed words")
    assert page_of(doc, r, box)[0] == 2
    # The footer only exists in the second section: fields evaluated, restarted at 1.
    assert r.page(1)["footer_text"] == ""
    assert r.page(2)["footer_text"] == "第 1 页"
    assert r.page(3)["footer_text"] == "第 2 页"
    assert r.page_label(3) == "2"


def test_blank_pages_libreoffice_inserts_are_not_counted(tmp_path, backend):
    # Section 2 restarts at I on an even physical page: LibreOffice inserts a blank page
    # to put an odd number on a right-hand page; Word does not.
    body = (p("Cover") + f"<w:p><w:pPr><w:sectPr>{SECT}</w:sectPr></w:pPr></w:p>"
            + p("Contents") + f"<w:p><w:pPr><w:sectPr>{SECT}<w:pgNumType w:fmt=\"upperRoman\" "
            f"w:start=\"1\"/></w:sectPr></w:pPr></w:p>" + p("Body")
            + f"<w:sectPr>{SECT}<w:pgNumType w:start=\"1\"/></w:sectPr>")
    path = docx(tmp_path, body)
    doc, r = lay_out(backend, path)
    assert r.page_count == 3
    assert r.facts["physical_pages"] >= 3
    pages = {p.text: page_of(doc, r, p.el)[0] for p in doc.paragraphs if p.text}
    assert pages == {"Cover": 1, "Contents": 2, "Body": 3}
    assert [r.page_label(n) for n in (1, 2, 3)] == ["1", "I", "1"]


def test_a_table_moves_to_page_two_when_a_paragraph_is_added(tmp_path, backend):
    filler = p("Filler", '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>'
               '<w:rPr><w:sz w:val="24"/></w:rPr>')
    table = ('<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblLayout w:type="fixed"/>'
             '</w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:trPr>'
             '<w:cantSplit/><w:trHeight w:val="1400" w:hRule="exact"/></w:trPr><w:tc>'
             '<w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>' + p("The table")
             + "</w:tc></w:tr></w:tbl>")
    tail = f"<w:sectPr>{SECT}</w:sectPr>"
    found = {}
    for n in range(30, 60):
        path = docx(tmp_path, filler * n + table + p("end") + tail, name=f"t{n}.docx")
        doc, r = lay_out(backend, path)
        cell = doc.tables[0].el.find(".//{*}p")
        found[n] = page_of(doc, r, cell)[0]
        if found[n] == 2:
            break
    moved = [n for n, page in found.items() if page == 2]
    assert moved, found
    assert found[moved[0] - 1] == 1  # one paragraph fewer: still on page 1


def test_excel_print_pages_and_cells_that_do_not_fit(tmp_path, backend):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws["A1"] = 1234567890123.5
    ws["A1"].number_format = "#,##0.00"
    ws["B1"] = 12
    ws.column_dimensions["A"].width = 6
    ws["C1"] = "a long text cut where column E holds a value"
    ws["C250"] = "a long text that runs on into the empty cells to its right"
    for row in range(1, 200):
        ws.cell(row=row, column=5, value=row)
    other = wb.create_sheet("Small")
    other["A1"] = 1
    path = tmp_path / "book.xlsx"
    wb.save(path)
    r = Rendered.load(backend.layout(path), "LibreOffice test")
    data = r.sheet("Data")
    assert data["pages"] >= 3 and r.sheet("Small")["pages"] == 1
    assert "A1" in data["overflow"]  # a number wider than a 6-character column: ####
    assert "B1" not in data["overflow"]
    assert "C1" in data["overflow"]  # stopped by E1
    assert "C250" not in data["overflow"]  # a text may run on into empty cells


def test_powerpoint_text_taller_than_its_box(tmp_path, backend):
    from pptx import Presentation
    from pptx.util import Cm, Pt
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    small = slide.shapes.add_textbox(Cm(1), Cm(1), Cm(8), Cm(1.2))
    small.name = "Crowded"
    small.text_frame.word_wrap = True
    small.text_frame.text = "\n".join(["A line of text that wraps"] * 6)
    for para in small.text_frame.paragraphs:
        para.runs[0].font.size = Pt(24)
    roomy = slide.shapes.add_textbox(Cm(10), Cm(1), Cm(12), Cm(6))
    roomy.name = "Roomy"
    roomy.text_frame.text = "Short"
    # python-pptx writes spAutoFit on text boxes; these must keep their size.
    for shape in (small, roomy):
        body = shape.text_frame._txBody.bodyPr
        for child in list(body):
            body.remove(child)
    path = tmp_path / "deck.pptx"
    prs.save(path)
    r = Rendered.load(backend.layout(path), "LibreOffice test")
    crowded = r.shape_fit(1, 0, "Crowded")
    roomy_fit = r.shape_fit(1, 1, "Roomy")
    assert crowded[2] > crowded[3]  # needed height beyond the box
    assert roomy_fit[2] <= roomy_fit[3]


def test_the_service_lays_a_document_out_once(tmp_path):
    body = p("Hello") + f"<w:sectPr>{SECT}</w:sectPr>"
    path = docx(tmp_path, body)
    service = RecalcService(find_soffice(), timeout=120)
    try:
        first = service.layout(path, MARK_PREFIX)
        again = service.layout(path, MARK_PREFIX)
        assert first == again
        assert Rendered.load(first).page_count == 1
        assert sum(i.layouts for i in service._all) == 1
    finally:
        service.close()


@pytest.mark.parametrize("number, numbering, shown", [
    (4, "upperRoman", "IV"), (9, "lowerRoman", "ix"), (3, "decimal", "3"),
    (28, "upperLetter", "BB"), (2, "lowerLetter", "b"), (7, "chineseCounting", "7")])
def test_page_labels(number, numbering, shown):
    assert format_page_number(number, numbering) == shown
