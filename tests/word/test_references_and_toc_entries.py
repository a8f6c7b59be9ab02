"""Where a cross-reference points (field.target_text, field[…]/target: the caption or
heading holding the bookmark of a REF/PAGEREF/NOTEREF field), and the entries of a table of
contents from its field result (toc[1]/entry: text, level, shown page number)."""

from __future__ import annotations

from officeeval.formats import open_document
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from tests.word.wbuild import values
from tests.word.wrefs import word_references


def _rubric(checks: str):
    return load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="reference" points="100">{checks}</criterion></rubric>""")


def test_toc_entries_from_the_field_result(tmp_path):
    path = word_references(tmp_path)
    assert values(path, "toc[1]/entry", "toc_entry.text") == [
        ("引言", "computed"), ("研究背景", "computed"), ("2 结论", "computed")]
    assert [v[0] for v in values(path, "toc[1]/entry", "toc_entry.level")] == [1, 2, 1]
    assert [v[0] for v in values(path, "toc[1]/entry", "toc_entry.page")] == ["1", "2", "iv"]
    assert values(path, "toc[1]/entry[level='2']", "toc_entry.text") == [
        ("研究背景", "computed")]
    assert values(path, "toc[1]", "toc.entries") == [(3, "computed")]
    doc = open_document(path)
    try:
        assert [t.locator for t in select(doc, "toc[1]/entry[text*='结论']")] == [
            "toc[1]/entry[3]"]
    finally:
        doc.close()
    card = evaluate(_rubric("""
        <check select="toc[1]/entry[1]" property="toc_entry.text" expected="引言"/>
        <check select="toc[1]/entry[2]" property="toc_entry.level" expected="2"/>
        <check select="toc[1]/entry[2]" property="toc_entry.page" expected="2"/>
        <check select="toc[1]/entry" property="count" expected="3"/>"""), path)
    assert card.score == 100, [(k.actual, k.detail) for k in card.criteria[0].checks]
    wrong = evaluate(_rubric(
        '<check select="toc[1]/entry[1]" property="toc_entry.page" expected="5"/>'), path)
    assert wrong.score == 0


def test_a_toc_without_a_result_has_no_entries(tmp_path):
    from tests.word.wbuild import NORMAL, docx, field, p
    path = docx(tmp_path, "<w:p>" + field('TOC \\o "1-3"', "") + "</w:p>" + p("正文"),
                styles=NORMAL)
    assert values(path, "toc[1]/entry", "toc_entry.text") == []


def test_a_never_updated_toc_placeholder_is_not_an_entry(tmp_path):
    """python-docx-style TOC: begin, placeholder text and end in one paragraph. Its text is
    not a heading listed; a typed line with a tab and a page number is."""
    from tests.word.wbuild import NORMAL, docx, field, p
    placeholder = docx(tmp_path, "<w:p>" + field('TOC \\o "1-2" \\h', "（右键更新域以生成目录）")
                       + "</w:p>" + p("正文"), styles=NORMAL)
    assert values(placeholder, "toc[1]/entry", "toc_entry.text") == []
    assert values(placeholder, "toc[1]", "toc.entries") == [(0, "computed")]
    typed = tmp_path / "typed"
    typed.mkdir()
    runs = field('TOC \\o "1-2"', "第一章 概述").replace(
        '<w:r><w:fldChar w:fldCharType="end"/>', '<w:r><w:tab/><w:t>3</w:t></w:r>'
        '<w:r><w:fldChar w:fldCharType="end"/>')
    path = docx(typed, "<w:p>" + runs + "</w:p>", styles=NORMAL)
    assert values(path, "toc[1]", "toc.entries") == [(1, "computed")]
    assert values(path, "toc[1]/entry", "toc_entry.page") == [("3", "computed")]


def test_where_a_cross_reference_points(tmp_path):
    path = word_references(tmp_path)
    assert values(path, "field", "field.target_text") == [
        None, None, ("图 1 各月销售额", "computed"), ("第一章 引言", "computed"), None, None]
    # the field's shown result is a different thing
    assert values(path, "field[type='REF'][1]", "field.result") == [("图 1", "direct")]
    assert values(path, "field[type='REF']/target", "paragraph.style") == [
        ("caption", "direct"), ("heading 1", "direct")]
    doc = open_document(path)
    try:
        assert [t.locator for t in select(doc, "field[type='REF']/target")] == [
            "paragraph[6]", "paragraph[5]"]
        assert select(doc, "field[type='PAGEREF']/target") == []  # _Ref9 is missing
        assert select(doc, "field[type='PAGE']/target") == []  # not a cross-reference
    finally:
        doc.close()
    card = evaluate(_rubric("""
        <check select="field[type='REF'][1]" property="field.target_text" op="contains"
               expected="各月销售额"/>
        <check select="field[type='REF'][1]/target" property="paragraph.style"
               expected="题注"/>"""), path)
    assert card.score == 100, [(k.actual, k.detail) for k in card.criteria[0].checks]
