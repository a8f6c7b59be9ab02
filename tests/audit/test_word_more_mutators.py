"""Word mutators beyond run/paragraph/section formatting, one table row per property: on a
tiny inline-XML document with a table, a drop cap, a bordered paragraph, fields, a list and
a list, the first planned mutant must leave a value the engine reads back,
different from the reference's."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit.mutators import word as WM
from officeeval.audit.mutators.base import PlanContext
from officeeval.audit.workspace import Workspace
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.rubric.loader import load_rubric_text
from officeeval.selectors import select
from tests.builders import docx, p, style

CELL = ('<w:tc><w:tcPr><w:shd w:val="clear" w:fill="DDEBF7"/><w:vAlign w:val="center"/>'
        '</w:tcPr>{p}</w:tc>')
TABLE = ('<w:tbl><w:tblPr><w:jc w:val="center"/><w:tblBorders>'
         + "".join(f'<w:{s} w:val="double" w:sz="4"/>' for s in ("top", "left", "bottom",
                                                                 "right"))
         + '</w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/>'
         '</w:tblGrid>'
         + "".join('<w:tr><w:trPr><w:trHeight w:val="600" w:hRule="exact"/></w:trPr>'
                   + CELL.format(p=p(f"格{r}{c}")) + CELL.format(p=p(f"值{r}{c}"))
                   + "</w:tr>" for r, c in ((1, 1), (2, 1)))
         + "</w:tbl>")
DROP_CAP = ('<w:p><w:pPr><w:framePr w:dropCap="drop" w:lines="3" w:hSpace="113" w:wrap="around"'
            ' w:vAnchor="text" w:hAnchor="text"/></w:pPr><w:r><w:t>春</w:t></w:r></w:p>'
            + p("天来了，万物复苏。"))
BORDERED = p("有边框的段落", ppr='<w:pBdr><w:bottom w:val="single" w:sz="4"/></w:pBdr>'
             '<w:shd w:val="clear" w:fill="FFFF00"/>')
FIELDS = ('<w:p><w:r><w:t xml:space="preserve">尊敬的</w:t></w:r><w:fldSimple '
          'w:instr=" MERGEFIELD 姓名 "><w:r><w:t>«姓名»</w:t></w:r></w:fldSimple></w:p>'
          '<w:p><w:fldSimple w:instr=\' TOC \\o "1-3" \\h \'><w:r><w:t>目录</w:t></w:r>'
          '</w:fldSimple></w:p>')
LISTED = p("第一项", ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>')
NUMBERING = ('<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
             '<w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>'
             '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>')
BODY = TABLE + DROP_CAP + BORDERED + FIELDS + LISTED + "<w:sectPr/>"
STYLES = style("Normal", "Normal", default=True)


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    return docx(tmp_path_factory.mktemp("more"), BODY, styles=STYLES, numbering=NUMBERING,
                name="reference.docx")


def _observe(path: Path, select_: str, prop: str):
    doc = open_document(path, "word")
    try:
        targets = select(doc, select_)
        obs = resolve(prop, targets[0], ResolveContext()) if targets else None
        return None if obs is None else obs.value
    finally:
        doc.close()


# property, selector
ROWS = [
    ("cell.shading", "table[1]/cell(1,1)"),
    ("cell.vertical_alignment", "table[1]/cell(1,1)"),
    ("cell.text", "table[1]/cell(1,2)"),
    ("table.alignment", "table[1]"),
    ("table.border.outer", "table[1]"),
    ("table.rows", "table[1]"),
    ("table.columns", "table[1]"),
    ("row.height", "table[1]/row[1]"),
    ("paragraph.border.bottom", "paragraph[text='有边框的段落']"),
    ("paragraph.shading", "paragraph[text='有边框的段落']"),
    ("paragraph.drop_cap", "paragraph[text*='天来了']"),
    ("paragraph.drop_cap.lines", "paragraph[text*='天来了']"),
    ("field.argument", "field[type='MERGEFIELD']"),
    ("toc.levels", "toc[1]"),
    ("paragraph.numbering", "paragraph[text='第一项']"),
    ("paragraph.numbering.text", "paragraph[text='第一项']"),
]


@pytest.mark.parametrize("prop,select_", ROWS, ids=[r[0] for r in ROWS])
def test_first_mutant_changes_what_the_engine_reads(reference, tmp_path, prop, select_):
    before = _observe(reference, select_, prop)
    assert before is not None, f"{prop} has no value on the reference"
    text = (f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="1">'
            f'<criterion id="c1" skill="s" points="1"><check select="{select_}" '
            f'property="{prop}" op="unchanged"/></criterion></rubric>')
    rubric = load_rubric_text(text)
    ws = Workspace(reference, "word")
    doc = open_document(reference, "word")
    try:
        muts, note = WM.plan_check(PlanContext(rubric, doc, ws), rubric.criteria[0].checks[0])
    finally:
        doc.close()
    prop_muts = [m for m in muts if m.scope == "criterion"]
    assert prop_muts, (note, [m.operator for m in muts])
    m = prop_muts[0]
    edit = ws.begin()
    m.apply(ws, edit)
    path = ws.write(edit, tmp_path / "m.docx")
    after = _observe(path, select_, prop)
    assert str(after) != str(before), (m.description, before, after)


def test_field_deletion_removes_the_field(reference, tmp_path):
    text = ('<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="1">'
            '<criterion id="c1" skill="s" points="1"><check select="field[type=\'MERGEFIELD\']"'
            ' op="count" expected="1"/></criterion></rubric>')
    rubric = load_rubric_text(text)
    ws = Workspace(reference, "word")
    doc = open_document(reference, "word")
    try:
        muts, _ = WM.plan_check(PlanContext(rubric, doc, ws), rubric.criteria[0].checks[0])
    finally:
        doc.close()
    (m,) = muts
    edit = ws.begin()
    m.apply(ws, edit)
    path = ws.write(edit, tmp_path / "d.docx")
    doc = open_document(path, "word")
    try:
        assert select(doc, "field[type='MERGEFIELD']") == []
        assert len(select(doc, "toc")) == 1  # the other field stays
    finally:
        doc.close()


def test_table_becomes_a_text_box_with_its_text(reference, tmp_path):
    text = ('<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="1">'
            '<criterion id="c1" skill="s" points="1"><check select="table[1]" '
            'property="table.rows" expected="2"/></criterion></rubric>')
    rubric = load_rubric_text(text)
    ws = Workspace(reference, "word")
    doc = open_document(reference, "word")
    try:
        muts, _ = WM.plan_check(PlanContext(rubric, doc, ws), rubric.criteria[0].checks[0])
    finally:
        doc.close()
    m = next(m for m in muts if m.operator == "replace:table->textbox")
    edit = ws.begin()
    m.apply(ws, edit)
    path = ws.write(edit, tmp_path / "tb.docx")
    doc = open_document(path, "word")
    try:
        assert select(doc, "table") == []
        box = select(doc, "textbox")
        assert box and "格11" in resolve("shape.text", box[0], ResolveContext()).value
    finally:
        doc.close()


def _fld(kind: str) -> str:
    return f'<w:r><w:fldChar w:fldCharType="{kind}"/></w:r>'


def _instr(text: str) -> str:
    return f'<w:r><w:instrText xml:space="preserve"> {text} </w:instrText></w:r>'


def _entry(n: int, title: str, page: str) -> str:
    """A TOC entry as Word writes it: a hyperlink holding the text, a tab and a PAGEREF."""
    return (f'<w:hyperlink w:anchor="_Toc{n}"><w:r><w:t>{title}</w:t></w:r><w:r><w:tab/></w:r>'
            + _fld("begin") + _instr(f"PAGEREF _Toc{n} \\h") + _fld("separate")
            + f'<w:r><w:t>{page}</w:t></w:r>' + _fld("end") + '</w:hyperlink>')


# The TOC's begin, instruction and separator open its first entry's paragraph, its end
# closes a paragraph of its own that also ends the contents section.
MULTI_TOC = (p("目录")
             + '<w:p>' + _fld("begin") + _instr('TOC \\o "1-2" \\h \\z \\u') + _fld("separate")
             + _entry(1, "第1章 背景", "1") + '</w:p>'
             + '<w:p>' + _entry(2, "第2章 方法", "2") + '</w:p>'
             + '<w:p><w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr>'
             + _fld("end") + '</w:p>'
             + '<w:p><w:bookmarkStart w:id="1" w:name="_Toc1"/><w:r><w:t>第1章 背景</w:t></w:r>'
             '<w:bookmarkEnd w:id="1"/></w:p>'
             + '<w:p><w:bookmarkStart w:id="2" w:name="_Toc2"/><w:r><w:t>第2章 方法</w:t></w:r>'
             '<w:bookmarkEnd w:id="2"/></w:p><w:sectPr/>')


def test_deleting_a_toc_written_over_paragraphs_removes_its_entries(tmp_path):
    path = docx(tmp_path, MULTI_TOC, styles=STYLES, name="toc.docx")
    text = ('<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="1">'
            '<criterion id="c1" skill="s" points="1"><check select="toc" op="count" '
            'expected="1"/></criterion></rubric>')
    rubric = load_rubric_text(text)
    ws = Workspace(path, "word")
    doc = open_document(path, "word")
    try:
        assert _observe(path, "toc[1]", "toc.entries") == 2
        muts, note = WM.plan_check(PlanContext(rubric, doc, ws), rubric.criteria[0].checks[0])
    finally:
        doc.close()
    deletions = [m for m in muts if "deleted" in m.description]
    assert deletions, (note, [m.description for m in muts])
    edit = ws.begin()
    deletions[0].apply(ws, edit)
    out = ws.write(edit, tmp_path / "d.docx")
    doc = open_document(out, "word")
    try:
        assert select(doc, "toc") == []
        texts = [t.text for t in select(doc, "paragraph")]
        # the entries' paragraphs are gone, the headings and the contents title stay
        assert texts == ["目录", "", "第1章 背景", "第2章 方法"], texts
        assert len(select(doc, "section")) == 2  # the paragraph ending the section stays
        assert select(doc, "field[type='PAGEREF']") == []
    finally:
        doc.close()


# A native Word chart (chart part + embedded workbook): the shipped sample's reference.
CHART_DOC = Path(__file__).resolve().parents[2] / "samples" / "word-l2-transit" / "reference.docx"
CHART_PROPS = ["chart.type", "chart.title", "chart.series.count", "chart.series.names",
               "chart.series.values", "chart.series.categories", "chart.legend.position",
               "chart.axis.y.title"]


@pytest.mark.parametrize("prop", CHART_PROPS)
def test_word_chart_mutants_change_what_the_engine_reads(tmp_path, prop):
    before = _observe(CHART_DOC, "chart[1]", prop)
    assert before is not None
    text = (f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="1">'
            f'<criterion id="c1" skill="s" points="1"><check select="chart[1]" '
            f'property="{prop}" op="unchanged"/></criterion></rubric>')
    rubric = load_rubric_text(text)
    ws = Workspace(CHART_DOC, "word")
    doc = open_document(CHART_DOC, "word")
    try:
        muts, note = WM.plan_check(PlanContext(rubric, doc, ws), rubric.criteria[0].checks[0])
    finally:
        doc.close()
    direct = [m for m in muts if m.operator == f"direct:{prop}"]
    assert direct, (note, [m.operator for m in muts])
    edit = ws.begin()
    direct[0].apply(ws, edit)
    path = ws.write(edit, tmp_path / "m.docx")
    after = _observe(path, "chart[1]", prop)
    assert str(after) != str(before), (direct[0].description, before, after)
