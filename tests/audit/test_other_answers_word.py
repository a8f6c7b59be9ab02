"""Word's other correct answers on a task written inline: a TOC inserted but never updated
(the reference shows Word's placeholder text), a caption whose SEQ result is stale. With the
fields updated as Word does on open, the TOC lists the real headings at their levels; a
rubric that reads the placeholder or the stale number is reported, the robust one is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit import model as M
from officeeval.audit.runner import audit_rubric
from officeeval.formats import open_document
from officeeval.selectors import select
from officeeval.word.text import paragraph_text
from tests.builders import docx, p, style

STYLES = (style("Normal", "Normal", default=True)
          + style("Heading1", "heading 1", '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>',
                  based_on="Normal")
          + style("Heading2", "heading 2", '<w:pPr><w:outlineLvl w:val="1"/></w:pPr>',
                  based_on="Normal"))
BODY = [("年度报告", ""), ("一、概况", "Heading1"), ("本年度共读书十二本。", ""),
        ("（一）细节", "Heading2"), ("阅读让人开阔视野。", ""), ("二、体会", "Heading1"),
        ("也让人学会思考。", "")]
TOC = ('<w:p><w:r><w:t>目录</w:t></w:r></w:p>'
       '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">'
       ' TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/>'
       '</w:r><w:r><w:t>（右键更新域以生成目录）</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/>'
       '</w:r></w:p>')
CAPTION = ('<w:p><w:r><w:t xml:space="preserve">表 </w:t></w:r><w:r><w:fldChar '
           'w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> SEQ 表 \\* ARABIC '
           '</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>9</w:t>'
           '</w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
INSTRUCTION = """# 任务

## 题目（中文）

1. 在标题“年度报告”之后输入“目录”，其下插入包含 2 级标题的目录。
2. 在文末添加题注“表 1”（使用 SEQ 域）。
"""
FRAGILE = """
  <criterion id="c1" skill="toc" points="2"><description>目录</description>
    <check select="paragraph[text='（右键更新域以生成目录）']" property="text"
           expected-from="reference"/></criterion>
  <criterion id="c2" skill="cap" points="2"><description>题注</description>
    <check select="paragraph[-1]" property="text" expected="表 9"/></criterion>
  <criterion id="c3" skill="toc" points="2"><description>目录级别</description>
    <check select="toc[1]" property="toc.levels" expected="2"/></criterion>"""
ROBUST = """
  <criterion id="c1" skill="toc" points="2"><description>目录</description>
    <check select="toc" op="count" expected="1"/></criterion>
  <criterion id="c2" skill="cap" points="2"><description>题注</description>
    <check select="paragraph[-1]/field[type='SEQ']" op="count" expected="1"/>
    <check select="paragraph[-1]" property="text" op="starts_with" expected="表"/></criterion>
  <criterion id="c3" skill="toc" points="2"><description>目录级别</description>
    <check select="toc[1]" property="toc.levels" expected="2"/></criterion>"""


def _body(extra_after_title: str) -> str:
    out = []
    for i, (text, sid) in enumerate(BODY):
        out.append(p(text, f'<w:pStyle w:val="{sid}"/>' if sid else ""))
        if i == 0:
            out.append(extra_after_title)
    return "".join(out)


@pytest.fixture(scope="module")
def task(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("word-other")
    docx(folder, _body(""), styles=STYLES, name="input.docx")
    docx(folder, _body(TOC) + CAPTION, styles=STYLES, name="reference.docx")
    (folder / "instruction.md").write_text(INSTRUCTION, "utf-8")
    return folder


def _audit(task: Path, rid: str, body: str):
    path = task / f"{rid}.xml"
    path.write_text(f'<rubric xmlns="urn:officeeval:rubric:1" id="{rid}" app="word" total="6">'
                    f'<files input="input.docx" reference="reference.docx"/>{body}</rubric>',
                    "utf-8")
    keep = task / f"{rid}-mutants"
    r = audit_rubric(path, options={"recalc": False}, keep_mutants=keep)
    assert r.error == "" and r.reference_ok, (r.error, r.reference_failures)
    return r, keep


def test_the_placeholder_and_the_stale_number_are_reported(task):
    r, _ = _audit(task, "fragile", FRAGILE)
    m = next(m for m in r.other_answer_fails if m.operator == "other:fields-updated")
    assert set(m.changed) == {"c1", "c2"} and "c3" not in m.changed
    assert "（右键更新域以生成目录）" in m.explanation


def test_the_robust_rubric_keeps_full_marks(task):
    r, _ = _audit(task, "robust", ROBUST)
    assert [m.operator for m in r.other_answers] == ["other:fields-updated"]
    assert r.other_answer_fails == [] and r.other_answers[0].verdict == M.OTHER_OK


def test_the_regenerated_toc_lists_the_headings_at_their_levels(task):
    r, keep = _audit(task, "robust2", ROBUST)
    m = r.other_answers[0]
    doc = open_document(keep / f"robust2-{m.id}.docx", "word")
    try:
        entries = select(doc, "toc[1]/entry")
        assert [(e.text, e.level) for e in entries] == [
            ("一、概况", 1), ("（一）细节", 2), ("二、体会", 1)]
        assert all(e.page for e in entries)  # a PAGEREF result after the tab
        texts = [paragraph_text(x.el) for x in doc.paragraphs]
        assert "（右键更新域以生成目录）" not in "".join(texts)
        assert texts[-1] == "表 1"  # the SEQ counted again
        # Each heading carries the bookmark its entry links to.
        w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
        marks = [b.get(w + "name") for b in doc.body.iter(w + "bookmarkStart")]
        anchors = [h.get(w + "anchor") for h in doc.body.iter(w + "hyperlink")]
        assert len(marks) == 3 and anchors == marks
    finally:
        doc.close()
