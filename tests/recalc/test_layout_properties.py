"""The layout properties graded through a rubric with a real LibreOffice, on documents the
tests build: a TOC on a page of its own or not, a cover without a page number, TOC page
numbers current or guessed, a table that moves to page 2 when a paragraph is added, header
and footer text as page N shows it, an Excel sheet's print pages and a ``####`` cell, a
PowerPoint text box that overflows. Every value's source is ``rendered (LibreOffice …)``."""

from __future__ import annotations

import openpyxl
import pytest

from officeeval import recalc
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import Grader
from tests.word.wbuild import docx

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]

SECT = ('<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" '
        'w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>')
BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>'


def p(text: str, ppr: str = "", mark: str = "") -> str:
    start = (f'<w:bookmarkStart w:id="{abs(hash(mark)) % 9000}" w:name="{mark}"/>'
             f'<w:bookmarkEnd w:id="{abs(hash(mark)) % 9000}"/>') if mark else ""
    return (f'<w:p><w:pPr>{ppr}</w:pPr>{start}<w:r><w:t xml:space="preserve">{text}</w:t>'
            f"</w:r></w:p>")


def field(instr: str, shown: str) -> str:
    return (f'<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space='
            f'"preserve"> {instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType='
            f'"separate"/></w:r><w:r><w:t>{shown}</w:t></w:r><w:r><w:fldChar '
            f'w:fldCharType="end"/></w:r>')


def toc(entries: list[tuple[str, str, str]]) -> str:
    """A TOC field whose result lists (title, bookmark, page shown)."""
    begin = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space='
             '"preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar '
             'w:fldCharType="separate"/></w:r>')
    out = []
    for i, (title, mark, shown) in enumerate(entries):
        end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>' if i == len(entries) - 1 else ""
        ref = field("PAGEREF " + mark + " \\h", shown)
        out.append(f'<w:p><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9000"/>'
                   f'</w:tabs></w:pPr>{begin if i == 0 else ""}<w:r><w:t xml:space="preserve">'
                   f'{title}</w:t></w:r><w:r><w:tab/></w:r>'
                   f'{ref}{end}</w:p>')
    return "".join(out)


def footer_page(prefix: str, suffix: str) -> str:
    return (f'<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t xml:space="preserve">'
            f'{prefix}</w:t></w:r>{field("PAGE", "1")}<w:r><w:t xml:space="preserve">{suffix}'
            f"</w:t></w:r></w:p>")


def report(tmp_path, *, own_page: bool, shown: tuple[str, str], name: str):
    """Cover (section 1, no footer) | TOC (section 2 when ``own_page``) | body (restarts at
    1, footer 第 N 页) with two chapters, the second on a page of its own."""
    cover = p("Annual report cover") + (f"<w:p><w:pPr><w:sectPr>{SECT}</w:sectPr></w:pPr></w:p>")
    contents = p("Contents") + toc([("Chapter one", "_Toc1", shown[0]),
                                    ("Chapter two", "_Toc2", shown[1])])
    if own_page:
        contents += f"<w:p><w:pPr><w:sectPr>{SECT}</w:sectPr></w:pPr></w:p>"
    body = (p("Chapter one", mark="_Toc1") + p("Some words of the first chapter.") + BREAK
            + p("Chapter two", mark="_Toc2") + p("The second chapter."))
    tail = (f'<w:sectPr><w:headerReference w:type="default" r:id="rH"/>'
            f'<w:footerReference w:type="default" r:id="rF"/>{SECT}'
            f'<w:pgNumType w:start="1"/></w:sectPr>')
    return docx(tmp_path, cover + contents + body + tail, name=name,
                headers={"rH": footer_page("Report - ", " -")},
                footers={"rF": footer_page("第 ", " 页")})


RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="layout" app="word" total="12">
  <criterion id="pages" skill="layout" points="1">
    <check select="document" property="document.page_count" expected="4"/></criterion>
  <criterion id="toc-own-page" skill="layout" points="1">
    <check select="paragraph[text='Contents']" property="paragraph.starts_page" expected="true"/>
    <check select="paragraph[text='Chapter one']" property="paragraph.starts_page" expected="true"/></criterion>
  <criterion id="toc-current" skill="layout" points="1">
    <check select="toc[1]" property="toc.pages_current" expected="true"/></criterion>
  <criterion id="body-page" skill="layout" points="1">
    <check select="paragraph[text='Chapter one']" property="layout.page" expected="3"/></criterion>
  <criterion id="body-number" skill="layout" points="1">
    <check select="paragraph[text='Chapter one']" property="layout.page_number" expected="1"/></criterion>
  <criterion id="cover-no-number" skill="layout" points="1">
    <check select="page[1]" property="page.footer_text" op="not_contains" expected="1"/></criterion>
  <criterion id="footer-2" skill="layout" points="1">
    <check select="page[4]" property="page.footer_text" expected="第 2 页"/></criterion>
  <criterion id="header-1" skill="layout" points="1">
    <check select="page[3]" property="page.header_text" expected="Report - 1 -"/></criterion>
  <criterion id="page-number" skill="layout" points="1">
    <check select="page[4]" property="page.number" expected="2"/></criterion>
  <criterion id="sections" skill="layout" points="1">
    <check select="section[3]" property="section.page_range" expected="3-4"/></criterion>
  <criterion id="chapter-two" skill="layout" points="1">
    <check select="paragraph[text='Chapter two']" property="layout.page" expected="4"/></criterion>
  <criterion id="problems" skill="package" points="1">
    <check select="document" property="package.problem_count" expected="0"/></criterion>
</rubric>"""


@pytest.fixture(scope="module")
def grader():
    backends = recalc.backends()
    with Grader(backends) as g:
        yield g
    backends.close()


def statuses(card) -> dict[str, str]:
    return {c.id: c.status for c in card.criteria}


def test_a_report_laid_out_as_asked_passes_every_layout_check(tmp_path, grader):
    path = report(tmp_path, own_page=True, shown=("1", "2"), name="good.docx")
    card = grader.grade(load_rubric_text(RUBRIC), path)
    assert statuses(card) == {c.id: "pass" for c in card.criteria}, [
        (k.property, k.actual, k.detail) for c in card.criteria for k in c.checks]
    sources = {k.source for c in card.criteria for k in c.checks if k.property != "package.problem_count"}
    assert len(sources) == 1 and sources.pop().startswith("rendered (LibreOffice ")


def test_a_toc_sharing_the_body_page_and_guessed_numbers_fail(tmp_path, grader):
    path = report(tmp_path, own_page=False, shown=("2", "3"), name="bad.docx")
    card = grader.grade(load_rubric_text(RUBRIC), path)
    got = statuses(card)
    assert got["pages"] == "fail"            # cover, contents + chapter one, chapter two
    assert got["toc-own-page"] == "fail"     # chapter one follows the contents on page 2
    assert got["toc-current"] == "fail"      # 2 and 3 shown, the headings are on 1 and 2
    assert got["body-page"] == "fail"
    assert got["cover-no-number"] == "pass"
    toc_check = next(c for c in card.criteria if c.id == "toc-current").checks[0]
    assert toc_check.actual in ("false", "False", "否") or "shows 2" in toc_check.detail
    assert "'Chapter one' shows 2, its heading is on page 1" in toc_check.detail
    # The last entry shares its paragraph with the field's end: compared too.
    assert "'Chapter two' shows 3, its heading is on page 2" in toc_check.detail


TABLE_RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="table" app="word" total="1">
  <criterion id="t" skill="layout" points="1">
    <check select="table[1]" property="layout.page" expected="1"/></criterion>
</rubric>"""


def test_a_table_moves_to_page_two_when_a_paragraph_is_added(tmp_path, grader):
    # Lines of exactly 20 pt on a 697.9 pt text height; the table's one row is exactly
    # 70 pt and may not split: after 31 lines it fits (690 pt), after 32 it moves.
    line = p("Filler", '<w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/>')
    table = ('<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblLayout w:type="fixed"/>'
             '<w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/>'
             '</w:tblCellMar></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr>'
             '<w:trPr><w:cantSplit/><w:trHeight w:val="1400" w:hRule="exact"/></w:trPr><w:tc>'
             '<w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>' + p("The table")
             + "</w:tc></w:tr></w:tbl>")
    rubric = load_rubric_text(TABLE_RUBRIC)
    tail = p("end") + f"<w:sectPr>{SECT}</w:sectPr>"
    fits = grader.grade(rubric, docx(tmp_path, line * 31 + table + tail, name="fits.docx"))
    moved = grader.grade(rubric, docx(tmp_path, line * 32 + table + tail, name="moved.docx"))
    assert fits.criteria[0].status == "pass", fits.criteria[0].checks[0].actual
    assert moved.criteria[0].status == "fail"
    assert moved.criteria[0].checks[0].actual == "2"


EXCEL_RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="xl" app="excel" total="5">
  <criterion id="pages" skill="layout" points="1">
    <check select="sheet('Data')" property="sheet.print_pages" expected="3" op="greater_equal"/></criterion>
  <criterion id="small" skill="layout" points="1">
    <check select="sheet('Small')" property="sheet.print_pages" expected="1"/></criterion>
  <criterion id="hashes" skill="layout" points="1">
    <check select="'Data'!A1" property="cell.display_fits" expected="true"/></criterion>
  <criterion id="fits" skill="layout" points="1">
    <check select="'Data'!B1" property="cell.display_fits" expected="true"/></criterion>
  <criterion id="problems" skill="package" points="1">
    <check select="workbook" property="package.problem_count" expected="0"/></criterion>
</rubric>"""


def test_excel_print_pages_and_a_total_shown_as_hashes(tmp_path, grader):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws["A1"] = 1234567890123.5
    ws["A1"].number_format = "#,##0.00"
    ws.column_dimensions["A"].width = 6
    ws["B1"] = 12
    for row in range(1, 200):
        ws.cell(row=row, column=5, value=row)
    wb.create_sheet("Small")["A1"] = 1
    path = tmp_path / "book.xlsx"
    wb.save(path)
    card = grader.grade(load_rubric_text(EXCEL_RUBRIC), path)
    got = statuses(card)
    details = [(k.property, k.actual, k.detail) for c in card.criteria for k in c.checks]
    assert got == {"pages": "pass", "small": "pass", "hashes": "fail", "fits": "pass",
                   "problems": "pass"}, details
    hashes = next(c for c in card.criteria if c.id == "hashes").checks[0]
    assert "needs" in hashes.detail and hashes.source.startswith("rendered (LibreOffice ")


PPT_RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="pp" app="ppt" total="3">
  <criterion id="crowded" skill="layout" points="1">
    <check select="slide[1]/shape[name='Crowded']" property="shape.text_fits" expected="true"/></criterion>
  <criterion id="roomy" skill="layout" points="1">
    <check select="slide[1]/shape[name='Roomy']" property="shape.text_fits" expected="true"/></criterion>
  <criterion id="problems" skill="package" points="1">
    <check select="presentation" property="package.problem_count" expected="0"/></criterion>
</rubric>"""


def test_powerpoint_text_that_overflows_its_box(tmp_path, grader):
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
    for shape in (small, roomy):  # no autofit: the boxes keep their size
        body = shape.text_frame._txBody.bodyPr
        for child in list(body):
            body.remove(child)
    path = tmp_path / "deck.pptx"
    prs.save(path)
    card = grader.grade(load_rubric_text(PPT_RUBRIC), path)
    assert statuses(card) == {"crowded": "fail", "roomy": "pass", "problems": "pass"}
    assert "the text needs" in card.criteria[0].checks[0].detail


def test_a_section_ends_on_its_last_shown_line_not_on_its_break_paragraph(tmp_path, grader):
    """The cover and the contents each end with an empty paragraph that only carries the
    section break. It shows nothing (LibreOffice drops it, and its mark lands on the next
    section's first page): the cover is page 1, the contents page 2 — not 1-2 and 2-3."""
    path = report(tmp_path, own_page=True, shown=("1", "2"), name="sections.docx")
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="s" app="word"
        total="3"><criterion id="c" skill="layout" points="3" scoring="partial">
      <check select="section[1]" property="section.page_range" expected="1"/>
      <check select="section[2]" property="section.page_range" expected="2"/>
      <check select="section[3]" property="section.page_range" expected="3-4"/>
      </criterion></rubric>""")
    card = grader.grade(rubric, path)
    assert [k.actual for k in card.criteria[0].checks] == ["'1'", "'2'", "'3-4'"], [
        (k.actual, k.detail) for k in card.criteria[0].checks]
