"""paragraph.numbering.suffix: what follows a list number (w:suff: tab, space, nothing), of
the paragraph's own list level (levels differ), tab when the level says nothing; written into
the level definition where the schema orders it (before w:lvlText)."""

from __future__ import annotations

import zipfile

from lxml import etree

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from tests.word.test_numbering import abstract, lvl, np_, num
from tests.word.wbuild import NORMAL, W, docx, p, style, values

LIST = abstract(1, lvl(0, "chineseCounting", "第%1章", extra='<w:suff w:val="space"/>'),
                lvl(1, "decimal", "%1.%2", extra='<w:suff w:val="nothing"/>'),
                lvl(2, "lowerLetter", "(%3)"))
HEADING = style("H1", "heading 1", f"<w:pPr>{np_(1)}</w:pPr>", based_on="Normal")


def _doc(tmp_path):
    body = (p("第一", np_(1)) + p("节", np_(1, 1)) + p("小", np_(1, 2)) + p("正文")
            + p("样式编号", '<w:pStyle w:val="H1"/>'))
    return docx(tmp_path, body, styles=NORMAL + HEADING, numbering=LIST + num(1, 1))


def test_suffix_per_level_with_its_source(tmp_path):
    path = _doc(tmp_path)
    assert values(path, "paragraph", "paragraph.numbering.suffix") == [
        ("space", "direct"), ("nothing", "direct"), ("tab", "direct"), None,
        ("space", "style:H1")]
    assert values(path, "style('标题 1')", "paragraph.numbering.suffix") == [
        ("space", "style:H1")]
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="list" points="100">
        <check select="paragraph[1]" property="paragraph.numbering.suffix" expected="空格"/>
        <check select="paragraph[2]" property="paragraph.numbering.suffix" expected="不特别标注"/>
        <check select="paragraph[3]" property="paragraph.numbering.suffix" expected="制表符"/>
      </criterion></rubric>""")
    card = evaluate(rubric, path)
    assert card.score == 100, [(k.actual, k.detail) for k in card.criteria[0].checks]


def test_written_before_the_level_text(tmp_path):
    path = _doc(tmp_path)
    ws = Workspace(path, "word")
    edit = ws.begin()
    target = select(edit.doc, "paragraph[3]")[0]
    note = catalog().writer("paragraph.numbering.suffix", "word").write(edit, target, "space")
    assert note == "suff=space"
    out = ws.write(edit, tmp_path / "written.docx")
    assert values(out, "paragraph[3]", "paragraph.numbering.suffix") == [("space", "direct")]
    with zipfile.ZipFile(out) as zf:
        root = etree.fromstring(zf.read("word/numbering.xml"))
    level = root.find(f".//{{{W}}}lvl[@{{{W}}}ilvl='2']")
    assert [etree.QName(c).localname for c in level] == [
        "start", "numFmt", "suff", "lvlText", "pPr"]


def test_each_level_of_the_list_a_paragraph_uses(tmp_path):
    """paragraph[1]/level[n]: the list's level n, whatever level the paragraph is at; its
    label is the first item's ("the number format as shown")."""
    path = _doc(tmp_path)
    assert [v[0] for v in values(path, "paragraph[1]/level", "paragraph.numbering.suffix")
            ] == ["space", "nothing", "tab"]
    assert [v[0] for v in values(path, "paragraph[1]/level", "paragraph.numbering.text")
            ] == ["第%1章", "%1.%2", "(%3)"]
    assert [v[0] for v in values(path, "paragraph[1]/level", "paragraph.numbering")
            ] == ["chineseCounting", "decimal", "lowerLetter"]
    assert [v[0] for v in values(path, "paragraph[1]/level", "paragraph.numbering.label")
            ] == ["第一章", "一.1", "(a)"]
    assert values(path, "style('标题 1')/level[2]", "paragraph.numbering.suffix") == [
        ("nothing", "direct")]
    assert values(path, "paragraph[4]/level", "paragraph.numbering") == []  # not in a list
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="list" points="100">
        <check select="paragraph[1]/level[2]" property="paragraph.numbering.suffix"
               expected="不特别标注"/>
        <check select="paragraph[1]/level[2]" property="paragraph.numbering.text"
               expected="%1.%2"/>
        <check select="paragraph[1]/level" property="count" expected="3"/>
      </criterion></rubric>""")
    card = evaluate(rubric, path)
    assert card.score == 100, [(k.actual, k.detail) for k in card.criteria[0].checks]


def test_a_level_is_written_in_the_list_definition(tmp_path):
    path = _doc(tmp_path)
    ws = Workspace(path, "word")
    edit = ws.begin()
    target = select(edit.doc, "paragraph[1]/level[3]")[0]
    catalog().writer("paragraph.numbering.suffix", "word").write(edit, target, "space")
    catalog().writer("paragraph.numbering.text", "word").write(edit, target, "%3)")
    out = ws.write(edit, tmp_path / "written.docx")
    assert values(out, "paragraph[3]", "paragraph.numbering.suffix") == [("space", "direct")]
    assert values(out, "paragraph[3]", "paragraph.numbering.label") == [("a)", "direct")]
