"""page.margin.gutter_position (装订线位置): left by default, top from the document setting
w:gutterAtTop (which wins), right from a section's w:rtlGutter; written to the setting and
the sections, w:rtlGutter where CT_SectPr orders it."""

from __future__ import annotations

import zipfile

from lxml import etree

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from tests.word.wbuild import NORMAL, W, docx, p, values

SECT = ('<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" '
        'w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="567"/>{}'
        '<w:docGrid w:linePitch="312"/></w:sectPr>')


def _doc(tmp_path, settings=None, rtl="", name="doc.docx"):
    body = (p("第一节", f'{SECT.format(rtl)}') + p("第二节") + SECT.format(""))
    return docx(tmp_path, body, styles=NORMAL, settings=settings, name=name)


def test_left_top_right(tmp_path):
    plain = _doc(tmp_path, settings="")
    assert values(plain, "section", "page.margin.gutter_position") == [
        ("left", "default"), ("left", "default")]
    assert values(plain, "section", "page.margin.gutter_position", direct=True) == [None, None]
    top = _doc(tmp_path, settings="<w:gutterAtTop/>", rtl="<w:rtlGutter/>", name="top.docx")
    assert values(top, "section", "page.margin.gutter_position") == [
        ("top", "settings"), ("top", "settings")]
    right = _doc(tmp_path, settings='<w:gutterAtTop w:val="0"/>', rtl="<w:rtlGutter/>",
                 name="right.docx")
    assert values(right, "section", "page.margin.gutter_position") == [
        ("right", "direct"), ("left", "settings")]
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="page" points="100">
        <check select="document" property="page.margin.gutter_position" expected="靠上"/>
        <check select="section[1]" property="page.margin.gutter" expected="1cm"/>
      </criterion></rubric>""")
    assert evaluate(rubric, top).score == 100
    assert evaluate(rubric, plain).score == 0


def test_written_to_the_setting_and_the_sections(tmp_path):
    path = _doc(tmp_path, settings="<w:zoom w:percent=\"100\"/>")
    writer = catalog().writer("page.margin.gutter_position", "word")
    ws = Workspace(path, "word")
    edit = ws.begin()
    assert writer.write(edit, select(edit.doc, "document")[0], "right") == "gutter right"
    out = ws.write(edit, tmp_path / "right.docx")
    assert values(out, "section", "page.margin.gutter_position") == [
        ("right", "direct"), ("right", "direct")]
    with zipfile.ZipFile(out) as zf:
        body = etree.fromstring(zf.read("word/document.xml"))
    for sect in body.iter(f"{{{W}}}sectPr"):
        assert [etree.QName(c).localname for c in sect][-2:] == ["rtlGutter", "docGrid"]
    ws = Workspace(out, "word")
    edit = ws.begin()
    writer.write(edit, select(edit.doc, "section[2]")[0], "top")
    out2 = ws.write(edit, tmp_path / "top.docx")
    assert values(out2, "section", "page.margin.gutter_position") == [
        ("top", "settings"), ("top", "settings")]
    ws = Workspace(out2, "word")
    edit = ws.begin()
    writer.write(edit, select(edit.doc, "document")[0], "left")
    out3 = ws.write(edit, tmp_path / "left.docx")
    assert values(out3, "section", "page.margin.gutter_position") == [
        ("left", "default"), ("left", "default")]
