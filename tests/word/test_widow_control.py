"""paragraph.widow_control (孤行控制): read through the style chain like every paragraph
flag (direct w:pPr, then the paragraph style and its ancestors, then the document
defaults), off when nothing sets it; written on the paragraph where the schema orders it."""

from __future__ import annotations

from lxml import etree

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from tests.word.wbuild import NORMAL, W, docx, p, style, values

BODY_STYLE = style("Body", "正文段落", "<w:pPr><w:widowControl/></w:pPr>", based_on="Normal")


def _doc(tmp_path):
    body = (p("样式里打开", ppr='<w:pStyle w:val="Body"/>')
            + p("直接关闭", ppr='<w:pStyle w:val="Body"/><w:widowControl w:val="0"/>')
            + p("什么也没设", ppr='<w:keepNext/><w:jc w:val="center"/>'))
    return docx(tmp_path, body, styles=NORMAL + BODY_STYLE)


def test_read_through_the_style_chain_with_its_source(tmp_path):
    path = _doc(tmp_path)
    assert values(path, "paragraph", "paragraph.widow_control") == [
        (True, "style:Body"), (False, "direct"), (False, "default")]
    assert values(path, "paragraph", "paragraph.widow_control", direct=True) == [
        None, (False, "direct"), None]
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="paragraph" points="100">
        <check select="paragraph[1]" property="paragraph.widow_control" expected="是"/>
        <check select="paragraph[2..]" property="paragraph.widow_control" expected="false"/>
      </criterion></rubric>""")
    assert evaluate(rubric, path).score == 100


def test_written_in_schema_order(tmp_path):
    path = _doc(tmp_path)
    ws = Workspace(path, "word")
    edit = ws.begin()
    target = select(edit.doc, "paragraph[3]")[0]
    note = catalog().writer("paragraph.widow_control", "word").write(edit, target, True)
    assert note == "w:widowControl=1"
    # w:widowControl comes after w:keepNext and before w:jc (CT_PPrBase), not appended.
    names = [etree.QName(c).localname for c in target.el.find(f"{{{W}}}pPr")]
    assert names == ["keepNext", "widowControl", "jc"]
    out = ws.write(edit, tmp_path / "written.docx")
    assert values(out, "paragraph[3]", "paragraph.widow_control") == [(True, "direct")]
