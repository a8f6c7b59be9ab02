"""Selecting by a property's effective value — run[font.italic=true],
paragraph[paragraph.alignment='center'], cell[font.bold=true] — in every app, through the
resolvers checks use; predicates on unknown or misapplied properties, or with values the
type cannot read, are rubric errors with their line and column. Also distinct over a
selection and the loader's checks of the new comparators' attributes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from officeeval import cli
from officeeval.errors import RubricError
from officeeval.formats import open_document
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import explain_empty, select, validate_selector
from officeeval.selectors.grammar import parse_selector
from tests.word.wbuild import NORMAL, docx, p, r, style

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples"

EMPH = style("Emph", "强调", "<w:rPr><w:i/></w:rPr>", kind="character")
CENTRED = style("Centred", "居中标题", '<w:pPr><w:jc w:val="center"/></w:pPr>'
                '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>', based_on="Normal")


def _word(tmp_path):
    body = (p("居中的标题", ppr='<w:pStyle w:val="Centred"/>')                  # styled
            + "<w:p>" + r("正文 ") + r("斜体", '<w:rStyle w:val="Emph"/>')       # via a style
            + r("直接斜体", "<w:i/>") + r("不斜", '<w:rStyle w:val="Emph"/><w:i w:val="0"/>')
            + "</w:p>"
            + p("直接居中", ppr='<w:jc w:val="center"/>')
            + p("右对齐", ppr='<w:jc w:val="right"/>', rpr='<w:sz w:val="28"/>'))
    return docx(tmp_path, body, styles=NORMAL + EMPH + CENTRED)


def _texts(path, selector):
    doc = open_document(path)
    try:
        return [t.text for t in select(doc, selector)]
    finally:
        doc.close()


@pytest.mark.parametrize("selector,texts", [
    ("paragraph[2]/run[font.italic=true]", ["斜体", "直接斜体"]),
    ("paragraph[2]/run[font.italic!=true]", ["正文 ", "不斜"]),
    ("paragraph[paragraph.alignment='center']", ["居中的标题", "直接居中"]),
    ("paragraph[paragraph.alignment=居中]", ["居中的标题", "直接居中"]),
    ("paragraph[not(paragraph.alignment='center')]",
     ["正文 斜体直接斜体不斜", "右对齐"]),
    ("paragraph[paragraph.alignment='center'][2]", ["直接居中"]),
    # font.size at the examiner's precision, and ordered; 16pt = 三号.
    ("paragraph[font.size=三号]", ["居中的标题"]),
    ("paragraph[font.size>=14pt]", ["居中的标题", "右对齐"]),
    ("paragraph[font.size<14]", ["正文 斜体直接斜体不斜", "直接居中"]),
    # A paragraph whose runs differ matches only when every run does.
    ("paragraph[font.italic=true]", []),
    ("paragraph[font.bold=true][paragraph.alignment=center]", ["居中的标题"]),
    ("paragraph[paragraph.style^='居中']", ["居中的标题"]),
    ("paragraph[paragraph.style*='标题']", ["居中的标题"]),
])
def test_word_property_predicates(tmp_path, selector, texts):
    assert _texts(_word(tmp_path), selector) == texts


def test_empty_selection_explains_the_property_predicate(tmp_path):
    doc = open_document(_word(tmp_path))
    try:
        why = explain_empty(doc, "paragraph[font.size>=30pt]")
    finally:
        doc.close()
    assert why == "no paragraph matches [font.size>='30pt'] (of 4)"


def test_word_table_cells(tmp_path):
    cell = ('<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>{}</w:tc>')
    table = ("<w:tbl><w:tblGrid><w:gridCol w:w=\"2000\"/><w:gridCol w:w=\"2000\"/></w:tblGrid>"
             "<w:tr>" + cell.format(p("粗", rpr="<w:b/>")) + cell.format(p("细")) + "</w:tr>"
             "<w:tr>" + cell.format(p("也粗", rpr="<w:b/>")) + cell.format(p("细"))
             + "</w:tr></w:tbl>")
    path = docx(tmp_path, table + p(), styles=NORMAL)
    doc = open_document(path)
    try:
        assert [t.locator for t in select(doc, "table[1]/cell[font.bold=true]")] == [
            "table[1]/cell(1,1)", "table[1]/cell(2,1)"]
    finally:
        doc.close()


def test_excel_cells_and_ranges():
    doc = open_document(SAMPLES / "excel-l1-grades" / "reference.xlsx")
    try:
        header = [t.locator for t in select(doc, "cell('A1:F4')[font.bold=true]")]
        assert header == ["'期末成绩'!A1"] + [f"'期末成绩'!{c}2" for c in "ABCDEF"]
        # A1 references take predicates too.
        assert [t.locator for t in select(doc, "'期末成绩'!A2:C3[font.bold=true]")] == [
            "'期末成绩'!A2", "'期末成绩'!B2", "'期末成绩'!C2"]
        assert [t.locator for t in select(doc, "A2:B3[cell.value^='学']")] == [
            "'期末成绩'!A2"]
    finally:
        doc.close()


def test_ppt_shapes():
    doc = open_document(SAMPLES / "ppt-l1-campus" / "reference.pptx")
    try:
        wide = [t.locator for t in select(doc, "slide[1]/shape[shape.width>=600pt]")]
        assert wide == ["slide[1]/shape[name='Title 1']"]
        assert [t.locator for t in select(doc, "slide[1]/shape[shape.width<8in]")] == [
            "slide[1]/shape[name='Subtitle 2']"]
    finally:
        doc.close()


def test_grammar_round_trips_property_predicates():
    for text in ("run[font.italic='true']", "'成绩'!B2:D9[font.bold='true']",
                 "paragraph[not(font.size>='14')][2]"):
        assert str(parse_selector(text)) == text


@pytest.mark.parametrize("selector,app,column,message", [
    ("paragraph[font.italc=true]", "word", 10, "did you mean 'font.italic'?"),
    ("paragraph[font.italic=maybe]", "word", 10, "'maybe' does not parse for font.italic"),
    ("section[font.bold=true]", "word", 8, "does not apply to section targets"),
    ("paragraph[not(font.name>3)]", "word", 14, "font.name is text, which has no order"),
    ("paragraph[font.bold]", "word", 10, "needs an operator and a value"),
    ("paragraph[text>3]", "word", 10, "compares a property's value"),
    ("slide[1]/shape[cell.value=3]", "ppt", 15, "not available for ppt"),
    ("A1:B2[font.size=huge]", "excel", 6, "'huge' does not parse for font.size"),
])
def test_malformed_property_predicates(selector, app, column, message):
    issues, _ = validate_selector(selector, app)
    assert len(issues) == 1, issues
    assert issues[0][0] == column and message in issues[0][1], issues


def test_validate_reports_a_bad_predicate_with_its_line(tmp_path):
    rubric = tmp_path / "bad.xml"
    rubric.write_text(
        '<rubric xmlns="urn:officeeval:rubric:1" id="b" app="word">\n'
        '<criterion id="c" skill="s" points="100">\n'
        '<check select="paragraph[font.bold=true]" property="text" expected="x"/>\n'
        '<check select="run[font.bolt=true]" property="text" expected="x"/>\n'
        '</criterion></rubric>\n', encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "officeeval", "validate", str(rubric)],
                         capture_output=True, text=True, cwd=REPO, timeout=120)
    assert res.returncode == cli.EXIT_RUBRIC
    assert "line 4" in res.stdout and "font.bolt" in res.stdout
    assert "line 3" not in res.stdout


# ------------------------------------------------------------------ rubric-level
def _rubric(checks: str) -> str:
    return (f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">'
            f'<criterion id="c" skill="s" points="100">{checks}</criterion></rubric>')


def test_checks_on_selections_by_value(tmp_path):
    path = _word(tmp_path)
    card = evaluate(load_rubric_text(_rubric(
        '<check select="paragraph[paragraph.alignment=center]" op="count" expected="2"/>'
        '<check select="paragraph[2]/run[font.italic=true]" property="text" op="in" '
        'expected="斜体|直接斜体"/>'
        '<check select="paragraph[font.size>=20pt]" op="absent"/>')), path)
    assert card.score == 100, card.criteria[0].checks


def test_distinct_over_a_selection(tmp_path):
    path = docx(tmp_path, p("甲") + p("乙") + p("甲 ") + p("丙"), styles=NORMAL)
    rubric = load_rubric_text(_rubric(
        '<check select="paragraph" property="text" op="distinct"/>'))
    check = evaluate(rubric, path).criteria[0].checks[0]
    assert not check.passed
    assert check.actual == "3 distinct of 4"
    assert check.detail == "1 value(s) repeat; e.g. '甲' at paragraph[1] and paragraph[3]"
    rubric = load_rubric_text(_rubric(
        '<check select="paragraph[1..2]" property="text" op="distinct"/>'))
    assert evaluate(rubric, path).score == 100
    rubric = load_rubric_text(_rubric(
        '<check select="paragraph[9]" property="text" op="distinct"/>'))
    assert evaluate(rubric, path).criteria[0].checks[0].status.value == "not_found"


def test_similar_in_a_rubric(tmp_path):
    path = docx(tmp_path, p("第一行") + p("") + p("第二行"), styles=NORMAL)
    # The document's text is 第一行, an empty line, 第二行: similarity 2·7/15 = 0.93.
    for extra, score in (('threshold="1"', 0), ('threshold="100%" normalize="blank_lines"', 100),
                         ('threshold="0.93"', 100), ('threshold="0.94"', 0), ('', 100)):
        rubric = load_rubric_text(_rubric(
            f'<check property="text" op="similar" expected="第一行&#10;第二行" {extra}/>'))
        assert evaluate(rubric, path).score == score, extra


@pytest.mark.parametrize("check,message", [
    ('<check property="text" op="similar" expected="x" threshold="1.5"/>',
     "must be a ratio from 0 to 1"),
    ('<check property="text" op="similar" expected="x" threshold="abc"/>',
     "must be a ratio from 0 to 1"),
    ('<check property="text" op="equals" expected="x" threshold="0.9"/>',
     'threshold= applies to op="similar" only'),
    ('<check select="paragraph[1]" property="text" op="subset_of" expected="a|b"/>',
     "compares lists of items"),
    ('<check select="paragraph[1]" property="font.color" op="approx" expected="red" '
     'tolerance="3dF"/>', "tolerance='3dF'"),
    ('<check select="paragraph" op="distinct"/>', "a check needs a property"),
    ('<check select="paragraph" property="text" op="distinct" expected="x"/>',
     "takes no expected value"),
])
def test_loader_rejects(check, message):
    with pytest.raises(RubricError) as exc:
        load_rubric_text(_rubric(check))
    assert message in str(exc.value)


def test_loader_accepts_the_new_syntax():
    rubric = load_rubric_text(_rubric(
        '<check select="paragraph[font.italic=true]" property="font.color" op="approx" '
        'expected="#FF0000" tolerance="3dE"/>'
        '<check property="text" op="similar" expected="x" threshold="90%" '
        'normalize="line_order,blank_lines"/>'
        '<check select="paragraph[1]" property="paragraph.tab_stops" op="same_set" '
        'expected="right 6in|left 2cm"/>'
        '<check select="paragraph" property="text" op="unique"/>'
        '<check select="paragraph[1]" property="paragraph.tab_stops" op="superset_of" '
        'expected="right 6in"/>'))
    checks = rubric.criteria[0].checks
    assert checks[1].threshold == 0.9
    assert [c.op for c in checks[3:]] == ["distinct", "contains_all"]
