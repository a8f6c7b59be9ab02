"""The paragraph holding a picture, chart or SmartArt graphic: ``chart[1]/paragraph``,
``image[2]/paragraph`` (its alignment, its position in the text), in the body, a table cell
or a header; a text box's ``paragraph`` steps still go inside it."""

from __future__ import annotations

from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from officeeval.formats import open_document
from tests.word.test_drawings import anchor, inline_pic, wsp
from tests.word.wbuild import NORMAL, docx, p, values

CHART = ('<w:r><w:drawing><wp:inline><wp:extent cx="3600000" cy="1800000"/>'
         '<wp:docPr id="3" name="图表 1"/><a:graphic><a:graphicData uri="http://'
         'schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rIdC"/>'
         "</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>")
CENTER = '<w:pPr><w:jc w:val="center"/></w:pPr>'
SECT = ('<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/>'
        '<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>')


def _doc(tmp_path):
    body = (p("图表如下：")
            + f"<w:p>{CENTER}{CHART}</w:p>"
            + p("正文")
            + f"<w:p>{inline_pic()}</w:p>"
            + "<w:tbl><w:tr><w:tc><w:p>" + CENTER + inline_pic(descr="表中图")
            + "</w:p></w:tc></w:tr></w:tbl>"
            + "<w:p>" + anchor(wsp("框里的字"), "<wp:wrapSquare wrapText=\"bothSides\"/>")
            + "</w:p>" + SECT)
    header = '<w:p><w:pPr><w:jc w:val="right"/></w:pPr>' + inline_pic(descr="标志") + "</w:p>"
    return docx(tmp_path, body, styles=NORMAL, headers={"rIdH": header})


def _locators(path, selector):
    doc = open_document(path)
    try:
        return [t.locator for t in select(doc, selector)]
    finally:
        doc.close()


def test_the_paragraph_holding_a_drawing(tmp_path):
    path = _doc(tmp_path)
    assert _locators(path, "chart[1]/paragraph") == ["paragraph[2]"]
    assert values(path, "chart[1]/paragraph", "paragraph.alignment") == [
        ("center", "direct")]
    assert _locators(path, "image[1]/paragraph") == ["paragraph[4]"]
    assert values(path, "image[1]/paragraph", "paragraph.alignment") == [("left", "default")]
    assert values(path, "table[1]/cell(1,1)/image[1]/paragraph", "paragraph.alignment") == [
        ("center", "direct")]
    assert _locators(path, "image[2]/paragraph") == _locators(
        path, "table[1]/cell(1,1)/paragraph[1]")
    assert values(path, "header[1]/image[1]/paragraph", "paragraph.alignment") == [
        ("right", "direct")]
    # A text box's paragraphs are the ones inside it, as before.
    assert values(path, "textbox[1]/paragraph", "text") == [("框里的字", "direct")]


def test_a_rubric_on_the_chart_paragraph(tmp_path):
    path = _doc(tmp_path)
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="chart" points="100">
        <check select="chart[1]/paragraph" property="paragraph.alignment" expected="居中"/>
      </criterion></rubric>""")
    assert evaluate(rubric, path).score == 100
    rubric_img = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="image" points="100">
        <check select="image[1]/paragraph" property="paragraph.alignment" expected="居中"/>
      </criterion></rubric>""")
    assert evaluate(rubric_img, path).score == 0
