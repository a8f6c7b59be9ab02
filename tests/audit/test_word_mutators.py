"""Word mutators, one table row per property: on a tiny inline-XML document, the planned
mutation must write a value the engine then reads back, different from the reference's."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit.mutators import texts as T
from officeeval.audit.mutators import word as WM
from officeeval.audit.mutators.base import PlanContext
from officeeval.audit.workspace import Workspace
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.rubric.loader import load_rubric_text
from officeeval.selectors import select
from tests.builders import docx, p, style

SECT = ('<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1418" w:bottom="1418" '
        'w:left="1701" w:right="1701" w:header="851" w:footer="992" w:gutter="0"/>'
        '<w:cols w:num="2" w:space="425" w:sep="1"/><w:type w:val="continuous"/>'
        '<w:pgNumType w:fmt="upperRoman" w:start="3"/><w:titlePg/>'
        '<w:headerReference w:type="default" r:id="rIdH1"/>'
        '<w:footerReference w:type="default" r:id="rIdF1"/></w:sectPr>')
STYLES = (style("Normal", "Normal", '<w:rPr><w:rFonts w:eastAsia="仿宋"/><w:sz w:val="24"/>'
                '</w:rPr><w:pPr><w:spacing w:line="360" w:lineRule="auto"/></w:pPr>',
                default=True)
          + style("Heading1", "heading 1", '<w:pPr><w:outlineLvl w:val="0"/><w:keepNext/>'
                  '</w:pPr><w:rPr><w:b/><w:rFonts w:eastAsia="黑体"/></w:rPr>',
                  based_on="Normal"))
RUN_RPR = ('<w:rFonts w:ascii="Arial" w:eastAsia="黑体"/><w:b/><w:i/><w:u w:val="double"/>'
           '<w:color w:val="FF0000"/><w:sz w:val="44"/><w:highlight w:val="yellow"/>'
           '<w:strike/><w:em w:val="dot"/><w:vertAlign w:val="superscript"/>'
           '<w:spacing w:val="40"/><w:w w:val="150"/><w:shd w:val="clear" w:fill="FFFF00"/>'
           '<w:caps/><w:smallCaps/><w:dstrike/>')
BODY = (p("标题文字", ppr='<w:jc w:val="center"/><w:spacing w:afterLines="100" w:after="240"/>'
          '<w:ind w:firstLineChars="200" w:firstLine="480"/><w:pageBreakBefore/>',
          rpr=RUN_RPR)
        + p("一、小标题", ppr='<w:pStyle w:val="Heading1"/>')
        + p("正文段落", ppr='<w:ind w:left="420" w:right="420" w:hanging="420"/>'
            '<w:spacing w:before="120"/>')
        + f"<w:p><w:pPr>{SECT}</w:pPr></w:p>")
HEADERS = {"rIdH1": p("页眉文字")}
FOOTERS = {"rIdF1": '<w:p><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r>'
                    '</w:fldSimple></w:p>'}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    return docx(tmp_path_factory.mktemp("mut"), BODY, styles=STYLES, headers=HEADERS,
                footers=FOOTERS, name="reference.docx")


def _check(select_: str, prop: str, op: str = "equals", extra: str = ""):
    text = (f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="1">'
            f'<criterion id="c1" skill="s" points="1"><check select="{select_}" '
            f'property="{prop}" op="{op}" {extra}/></criterion></rubric>')
    r = load_rubric_text(text)
    return r, r.criteria[0].checks[0]


def _observe(path: Path, select_: str, prop: str):
    doc = open_document(path, "word")
    try:
        obs = resolve(prop, select(doc, select_)[0], ResolveContext())
        return obs.value if obs is not None else None
    finally:
        doc.close()


def _mutants(reference: Path, tmp_path: Path, select_: str, prop: str):
    rubric, check = _check(select_, prop, "unchanged")
    ws = Workspace(reference, "word")
    doc = open_document(reference, "word")
    try:
        muts, note = WM.plan_check(PlanContext(rubric, doc, ws), check)
    finally:
        doc.close()
    out = []
    for i, m in enumerate(muts):
        edit = ws.begin()
        m.apply(ws, edit)
        path = ws.write(edit, tmp_path / f"m{i}.docx")
        out.append((m, path))
    return out, note


# property, selector, the value the first direct mutant must leave (str() of the value)
ROWS = [
    ("font.east_asia", "paragraph[1]", "宋体"),
    ("font.name", "paragraph[1]", "Times New Roman"),
    ("font.size", "paragraph[1]", "24.0"),
    ("font.bold", "paragraph[1]", "False"),
    ("font.italic", "paragraph[1]", "False"),
    ("font.underline", "paragraph[1]", "none"),
    ("font.color", "paragraph[1]", "000000"),
    ("font.highlight", "paragraph[1]", "green"),
    ("font.strike", "paragraph[1]", "False"),
    ("font.double_strike", "paragraph[1]", "False"),
    ("font.small_caps", "paragraph[1]", "False"),
    ("font.all_caps", "paragraph[1]", "False"),
    ("font.superscript", "paragraph[1]", "False"),
    ("font.emphasis_mark", "paragraph[1]", "none"),
    ("font.spacing", "paragraph[1]", "0.0"),
    ("font.scale", "paragraph[1]", "100.0"),
    ("font.shading", "paragraph[1]", "none"),
    ("paragraph.alignment", "paragraph[1]", "left"),
    ("paragraph.indent.first_line", "paragraph[1]", "0pt"),
    ("paragraph.indent.left", "paragraph[3]", "0pt"),
    ("paragraph.indent.right", "paragraph[3]", "0pt"),
    ("paragraph.indent.hanging", "paragraph[3]", "0pt"),
    ("paragraph.space_before", "paragraph[3]", "0pt"),
    ("paragraph.space_after", "paragraph[1]", "0pt"),
    ("paragraph.line_spacing", "paragraph[1]", "1line"),
    ("paragraph.page_break_before", "paragraph[1]", "False"),
    ("paragraph.keep_with_next", "paragraph[2]", "False"),
    ("paragraph.outline_level", "paragraph[2]", "body_text"),
    ("paragraph.style", "paragraph[2]", "Normal"),
    ("page.size", "section", "B5"),
    ("page.orientation", "section", "landscape"),
    ("page.margin.top", "section", "99.25pt"),
    ("page.margin.left", "section", "113.4pt"),
    ("page.header_distance", "section", "56.7pt"),
    ("columns.count", "section", "1"),
    ("columns.separator", "section", "False"),
    ("section.start", "section", "nextPage"),
    ("section.title_page", "section", "False"),
    ("page_numbers.format", "section", "decimal"),
    ("page_numbers.start", "section", "4"),
    ("page.border", "section", "single"),
    ("header.text", "section", "页眉某字"),
    ("footer.has_page_number", "section", "False"),
    ("text", "paragraph[1]", "标题某字"),
]


@pytest.mark.parametrize("prop,select_,wanted", ROWS, ids=[r[0] for r in ROWS])
def test_first_mutant_writes_a_value_the_engine_reads(reference, tmp_path, prop, select_,
                                                      wanted):
    before = _observe(reference, select_, prop)
    muts, note = _mutants(reference, tmp_path, select_, prop)
    assert muts, note
    m, path = muts[0]
    after = _observe(path, select_, prop)
    shown = str(after.name if prop == "page.size" else after)
    assert wanted in shown, (m.description, before, after)
    assert str(after) != str(before)


def test_inherited_mutant_changes_the_style_not_the_paragraph(reference, tmp_path):
    muts, _ = _mutants(reference, tmp_path, "paragraph[3]", "font.east_asia")
    ops = [m.operator for m, _ in muts]
    assert ops[:2] == ["direct:font.east_asia", "inherited:font.east_asia"]
    m, path = muts[1]
    assert "style:Normal" in m.description
    doc = open_document(path, "word")
    try:
        assert doc.styles.get("Normal").rpr.find(
            "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}rFonts").get(
            "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}eastAsia") == "宋体"
        target = select(doc, "paragraph[3]")[0]
        obs = resolve("font.east_asia", target, ResolveContext())
        assert (obs.value, obs.source) == ("宋体", "style:Normal")
    finally:
        doc.close()


def test_no_inherited_mutant_for_a_direct_value(reference, tmp_path):
    muts, _ = _mutants(reference, tmp_path, "paragraph[1]", "font.east_asia")
    assert [m.operator for m, _ in muts] == ["direct:font.east_asia", "delete:paragraph"]


def test_lengths_get_two_mistakes_forgotten_and_halved(reference, tmp_path):
    muts, _ = _mutants(reference, tmp_path, "paragraph[1]", "paragraph.indent.first_line")
    values = [_observe(path, "paragraph[1]", "paragraph.indent.first_line")
              for m, path in muts if m.operator.startswith("direct")]
    assert [str(v) for v in values] == ["0pt", "1char"]


def test_deletion_removes_the_paragraph(reference, tmp_path):
    muts, _ = _mutants(reference, tmp_path, "paragraph[2]", "font.bold")
    m, path = next((m, p) for m, p in muts if m.operator == "delete:paragraph")
    assert m.scope == "rubric"
    doc = open_document(path, "word")
    try:
        assert [t.text for t in doc.paragraphs][:2] == ["标题文字", "正文段落"]
    finally:
        doc.close()


def test_match_any_mutates_every_target_and_none_is_left_alone(reference, tmp_path):
    rubric, check = _check("paragraph[1..3]", "font.bold", extra='match="any" expected="true"')
    ws = Workspace(reference, "word")
    doc = open_document(reference, "word")
    try:
        muts, _ = WM.plan_check(PlanContext(rubric, doc, ws), check)
        assert "3 targets" in muts[0].description
        rubric, check = _check("paragraph", "font.bold", extra='match="none" expected="true"')
        assert WM.plan_check(PlanContext(rubric, doc, ws), check)[0] == []
    finally:
        doc.close()


def test_set_comparators_pick_a_value_outside_the_accepted_set(reference, tmp_path):
    # in="小一|二号": the neighbouring size 小一 (24pt) is accepted, so 小二 (18pt) is chosen.
    rubric, check = _check("paragraph[1]", "font.size", "in", 'expected="二号|小一"')
    ws = Workspace(reference, "word")
    doc = open_document(reference, "word")
    try:
        muts, _ = WM.plan_check(PlanContext(rubric, doc, ws), check)
    finally:
        doc.close()
    assert "18pt" in muts[0].description


def test_typo_lands_inside_the_expected_literal():
    assert T.typo_position("关于举办读书节的通知", "读书节") == 5
    assert T.typo_position("  abc  ", None) == 3
    assert T.typo("读") == "某" and T.typo("某") == "甲" and T.typo("7") == "8"


def test_page_number_removed_from_odd_and_even_footers(tmp_path):
    """A section with different odd and even footers: the mutant that takes its page
    number away must take both (the reader looks at every footer the section shows)."""
    page = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE '
            '</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1'
            '</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    body = (p("正文") + '<w:sectPr><w:footerReference w:type="default" r:id="rIdF1"/>'
            '<w:footerReference w:type="even" r:id="rIdF2"/></w:sectPr>')
    path = docx(tmp_path, body, styles=STYLES, settings="<w:evenAndOddHeaders/>",
                footers={"rIdF1": page, "rIdF2": page}, name="oddeven.docx")
    assert _observe(path, "section", "footer.has_page_number") is True
    muts, note = _mutants(path, tmp_path, "section", "footer.has_page_number")
    assert muts, note
    m, out = muts[0]
    assert "DATE" in m.description
    assert _observe(out, "section", "footer.has_page_number") is False
