"""Effective run and paragraph properties through the full Word chain, on inline XML.

direct -> character style -> paragraph style basedOn* -> docDefaults -> theme fonts, with
toggle properties XOR-ed across style types, East Asian fonts kept apart from Latin ones, and
sizes as exact points.
"""

from __future__ import annotations

import pytest

from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from officeeval.values import LineSpacing, Measure
from tests.builders import docx, p, style, theme_xml

NORMAL = style("Normal", "Normal", default=True)
HEADING1 = style("Heading1", "heading 1",
                 '<w:pPr><w:keepNext/><w:spacing w:before="340" w:after="330" w:line="578" '
                 'w:lineRule="auto"/><w:outlineLvl w:val="0"/></w:pPr>'
                 '<w:rPr><w:rFonts w:eastAsia="黑体"/><w:b/><w:sz w:val="44"/></w:rPr>',
                 based_on="Normal")


def value(path, selector, prop, direct=False):
    doc = open_document(path)
    try:
        targets = select(doc, selector)
        assert targets, f"{selector} selected nothing"
        obs = resolve(prop, targets[0], ResolveContext(direct=direct))
        return None if obs is None else (obs.value, obs.source)
    finally:
        doc.close()


def test_heading_bold_and_size_only_through_its_style(tmp_path):
    path = docx(tmp_path, p("第一章 总则", '<w:pStyle w:val="Heading1"/>'),
                styles=NORMAL + HEADING1)
    assert value(path, "paragraph[1]", "font.bold") == (True, "style:Heading1")
    assert value(path, "paragraph[1]", "font.size") == (22.0, "style:Heading1")
    # Only directly set values: the run sets nothing.
    assert value(path, "paragraph[1]", "font.bold", direct=True) is None


def test_east_asia_font_is_kept_apart_from_latin(tmp_path):
    rpr = '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="黑体"/>'
    path = docx(tmp_path, p("通知 Notice", rpr=rpr), styles=NORMAL)
    assert value(path, "paragraph[1]", "font.east_asia") == ("黑体", "direct")
    assert value(path, "paragraph[1]", "font.name") == ("Times New Roman", "direct")


def test_east_asia_check_passes_and_latin_check_fails(tmp_path):
    from officeeval.rubric import load_rubric_text
    from officeeval.scoring import evaluate
    rpr = '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="黑体"/>'
    path = docx(tmp_path, p("通知", rpr=rpr), styles=NORMAL)
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="ea" skill="font" points="50">
        <check select="paragraph[1]" property="font.east_asia" expected="黑体"/></criterion>
      <criterion id="latin" skill="font" points="50">
        <check select="paragraph[1]" property="font.name" expected="黑体"/></criterion>
    </rubric>""")
    card = evaluate(rubric, path)
    status = {c.id: c.status for c in card.criteria}
    assert status == {"ea": "pass", "latin": "fail"}
    assert card.score == 50
    assert card.criteria[1].checks[0].actual == "'Times New Roman'"


@pytest.mark.parametrize("para_bold,char_bold,direct,expected", [
    (True, None, None, True),      # paragraph style only
    (None, True, None, True),      # character style only
    (True, True, None, False),     # both styles: toggles XOR (17.7.3)
    (True, True, "1", True),       # direct formatting is absolute
    (True, None, "0", False),
    (None, None, None, False),     # nothing anywhere: Word's default
])
def test_toggle_properties_combine_like_word(tmp_path, para_bold, char_bold, direct, expected):
    pb = "<w:rPr><w:b/></w:rPr>" if para_bold else ""
    cb = "<w:rPr><w:b/></w:rPr>" if char_bold else ""
    styles = NORMAL + style("P", "P", pb, based_on="Normal") + style("C", "C", cb,
                                                                      kind="character")
    rpr = '<w:rStyle w:val="C"/>' + (f'<w:b w:val="{direct}"/>' if direct else "")
    path = docx(tmp_path, p("x", '<w:pStyle w:val="P"/>', rpr), styles=styles)
    assert value(path, "run[1]", "font.bold")[0] is expected


def test_basedon_chain_doc_defaults_and_cycles(tmp_path):
    styles = (
        '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="21"/><w:color w:val="333333"/>'
        '</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr>'
        '</w:pPrDefault></w:docDefaults>'
        + NORMAL
        + style("A", "A", '<w:rPr><w:i/></w:rPr>', based_on="B")
        + style("B", "B", '<w:rPr><w:sz w:val="28"/></w:rPr>', based_on="A"))  # cycle A<->B
    path = docx(tmp_path, p("x", '<w:pStyle w:val="A"/>') + p("y"), styles=styles)
    assert value(path, "paragraph[1]", "font.italic") == (True, "style:A")
    assert value(path, "paragraph[1]", "font.size") == (14.0, "style:B")
    assert value(path, "paragraph[2]", "font.size") == (10.5, "docDefaults")  # 五号
    assert value(path, "paragraph[2]", "font.color") == ("333333", "docDefaults")
    assert value(path, "paragraph[2]", "paragraph.space_after")[0] == Measure(6.0, unit_pt=12.0)


def test_builtin_defaults_without_styles(tmp_path):
    path = docx(tmp_path, p("x"))
    assert value(path, "paragraph[1]", "font.size") == (10.0, "default")
    assert value(path, "paragraph[1]", "font.name") == ("Times New Roman", "default")
    assert value(path, "paragraph[1]", "font.east_asia") is None  # no built-in default
    assert value(path, "paragraph[1]", "paragraph.alignment") == ("left", "default")
    assert value(path, "paragraph[1]", "paragraph.line_spacing") == (
        LineSpacing("multiple", 1.0), "default")


def test_theme_fonts_with_script_fallback(tmp_path):
    styles = ('<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" '
              'w:eastAsiaTheme="minorEastAsia" w:hAnsiTheme="minorHAnsi"/></w:rPr>'
              '</w:rPrDefault></w:docDefaults>' + NORMAL
              + style("T", "Title", '<w:rPr><w:rFonts w:asciiTheme="majorHAnsi" '
                      'w:eastAsiaTheme="majorEastAsia"/></w:rPr>', based_on="Normal"))
    settings = '<w:themeFontLang w:val="en-US" w:eastAsia="zh-CN"/>'
    path = docx(tmp_path, p("正文") + p("标题", '<w:pStyle w:val="T"/>'), styles=styles,
                theme=theme_xml(), settings=settings)
    assert value(path, "paragraph[1]", "font.name") == ("Calibri", "theme:minorHAnsi")
    assert value(path, "paragraph[1]", "font.east_asia") == ("等线", "theme:minorEastAsia")
    assert value(path, "paragraph[2]", "font.east_asia") == ("等线 Light",
                                                             "theme:majorEastAsia")


def _run_font(path, slot, selector="paragraph[1]/run[1]"):
    doc = open_document(path)
    try:
        obs = select(doc, selector)[0].chain().font(slot)
        return None if obs is None else (obs.value, obs.source)
    finally:
        doc.close()


ARAB_THEME = theme_xml().replace(
    '<a:font script="Jpan" typeface="游明朝"/>',
    '<a:font script="Jpan" typeface="游明朝"/><a:font script="Arab" typeface="Times New Roman"/>'
    '<a:font script="Hebr" typeface="David"/>')


def test_an_empty_theme_face_takes_the_script_font_of_the_runs_language(tmp_path):
    # No themeFontLang: the run's own w:lang picks the script (Word does); docDefaults'
    # explicit 宋体 below the theme reference is never reached.
    styles = ('<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:eastAsia="宋体"/></w:rPr>'
              '</w:rPrDefault></w:docDefaults>' + NORMAL)
    rpr = '<w:rFonts w:eastAsiaTheme="minorEastAsia"/><w:lang w:eastAsia="zh-CN"/>'
    path = docx(tmp_path, p("正文", rpr=rpr), styles=styles, theme=theme_xml())
    assert value(path, "paragraph[1]", "font.east_asia") == ("等线", "direct:theme")


def test_a_theme_reference_decides_at_its_level_even_when_empty(tmp_path):
    # The theme names no face for the language (ko-KR: no Hang font): Word does not fall
    # through to the style's 黑体; the face written beside the reference is taken, else none.
    styles = NORMAL + style("H", "H", '<w:rPr><w:rFonts w:eastAsia="黑体"/></w:rPr>',
                            based_on="Normal")
    ppr = '<w:pStyle w:val="H"/>'
    rpr = '<w:rFonts w:eastAsiaTheme="minorEastAsia"/><w:lang w:eastAsia="ko-KR"/>'
    beside = ('<w:rFonts w:eastAsia="맑은 고딕" w:eastAsiaTheme="minorEastAsia"/>'
              '<w:lang w:eastAsia="ko-KR"/>')
    path = docx(tmp_path, p("가", ppr, rpr=rpr) + p("나", ppr, rpr=beside), styles=styles,
                theme=theme_xml())
    assert value(path, "paragraph[1]", "font.east_asia") is None
    assert value(path, "paragraph[2]", "font.east_asia") == ("맑은 고딕", "direct")
    # Without a theme part the reference cannot be followed: the levels are read as before.
    path2 = docx(tmp_path, p("가", ppr, rpr=rpr), styles=styles, name="nothm.docx")
    assert value(path2, "paragraph[1]", "font.east_asia") == ("黑体", "style:H")


@pytest.mark.parametrize("langs,expected", [
    ('<w:lang w:bidi="ar-SA"/>', "Times New Roman"),     # the run's language
    ('<w:lang w:bidi="he-IL"/>', "David"),
    ("", None),                                           # no language: no script font
])
def test_bidi_theme_slots_consult_the_script_fonts(tmp_path, langs, expected):
    rpr = f'<w:rFonts w:cstheme="minorBidi"/>{langs}'
    path = docx(tmp_path, p("مرحبا", rpr=rpr), styles=NORMAL, theme=ARAB_THEME)
    got = _run_font(path, "cs")
    assert (got[0] if got else None) == expected


def test_theme_font_lang_picks_the_bidi_script_before_the_run(tmp_path):
    rpr = '<w:rFonts w:cstheme="minorBidi"/><w:lang w:bidi="he-IL"/>'
    path = docx(tmp_path, p("مرحبا", rpr=rpr), styles=NORMAL, theme=ARAB_THEME,
                settings='<w:themeFontLang w:val="en-US" w:bidi="ar-SA"/>')
    assert _run_font(path, "cs") == ("Times New Roman", "direct:theme")


def test_theme_colors_with_tint_and_shade(tmp_path):
    rpr = '<w:color w:val="4472C4" w:themeColor="accent1" w:themeShade="BF"/>'
    path = docx(tmp_path, p("x", rpr=rpr), styles=NORMAL, theme=theme_xml())
    rgb, src = value(path, "paragraph[1]", "font.color")
    assert src == "direct"
    assert rgb == "2F5496"  # accent1 4472C4 darkened 25 % (Word shows 2F5496)


def test_span_judges_every_covered_run(tmp_path):
    body = ("<w:p><w:r><w:t>举办读</w:t></w:r><w:r><w:rPr><w:color w:val=\"FF0000\"/></w:rPr>"
            "<w:t>书节</w:t></w:r><w:r><w:t>活动</w:t></w:r></w:p>")
    path = docx(tmp_path, body, styles=NORMAL)
    doc = open_document(path)
    span = select(doc, "span('读书节')")
    assert len(span) == 1 and span[0].text == "读书节"
    obs = resolve("font.color", span[0])
    assert obs.value is None  # the runs differ: judged part by part
    assert [o.value for _, o in obs.parts] == ["auto", "FF0000"]
    doc.close()


@pytest.mark.parametrize("ind,rpr_size,expected_pt,expected_chars", [
    ('<w:ind w:firstLineChars="200"/>', 24, 24.0, 2.0),       # 小四: 2 chars = 24 pt
    ('<w:ind w:firstLine="420"/>', 21, 21.0, None),            # absolute 21 pt
    ('<w:ind w:firstLineChars="0" w:firstLine="480"/>', 24, 24.0, None),
    ('<w:ind w:hanging="420"/>', 21, 0.0, None),               # hanging: no first line
])
def test_first_line_indent_units(tmp_path, ind, rpr_size, expected_pt, expected_chars):
    path = docx(tmp_path, p("正文内容", ind, f'<w:sz w:val="{rpr_size}"/>'), styles=NORMAL)
    m, _ = value(path, "paragraph[1]", "paragraph.indent.first_line")
    assert m.points() == pytest.approx(expected_pt)
    assert m.chars == expected_chars


def test_two_char_indent_matches_either_storage(tmp_path):
    from officeeval.comparators import get_comparator
    from officeeval.properties.types import LENGTH_CHARS, CompareContext
    eq = get_comparator("equals")
    expected = LENGTH_CHARS.parse("2char")
    chars = Measure(pt=24.0, chars=2.0, unit_pt=12.0)
    absolute = Measure(pt=24.0, unit_pt=12.0)
    wrong = Measure(pt=21.0, unit_pt=12.0)
    assert eq.judge(chars, expected, LENGTH_CHARS, CompareContext()).passed
    assert eq.judge(absolute, expected, LENGTH_CHARS, CompareContext()).passed
    assert not eq.judge(wrong, expected, LENGTH_CHARS, CompareContext()).passed


@pytest.mark.parametrize("spacing,expected", [
    ('<w:spacing w:line="360" w:lineRule="auto"/>', LineSpacing("multiple", 1.5)),
    ('<w:spacing w:line="400" w:lineRule="exact"/>', LineSpacing("exact", 20.0)),
    ('<w:spacing w:line="240" w:lineRule="atLeast"/>', LineSpacing("at_least", 12.0)),
    ('<w:spacing w:line="480"/>', LineSpacing("multiple", 2.0)),
])
def test_line_spacing_rules(tmp_path, spacing, expected):
    path = docx(tmp_path, p("x", spacing), styles=NORMAL)
    assert value(path, "paragraph[1]", "paragraph.line_spacing")[0] == expected


def test_space_before_in_lines_and_alignment_tokens(tmp_path):
    ppr = '<w:jc w:val="both"/><w:spacing w:beforeLines="50" w:before="156"/>'
    path = docx(tmp_path, p("x", ppr), styles=NORMAL)
    m, _ = value(path, "paragraph[1]", "paragraph.space_before")
    assert m.lines == 0.5 and m.pt == pytest.approx(7.8)
    assert value(path, "paragraph[1]", "paragraph.alignment")[0] == "justify"


def test_sections_page_setup_and_header_inheritance(tmp_path):
    sect1 = ('<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/>'
             '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:bottom="1417" '
             'w:left="1701" w:right="1701" w:header="851" w:footer="992" w:gutter="0"/>'
             '<w:cols w:num="2" w:space="425" w:sep="1"/></w:sectPr>')
    final = ('<w:sectPr><w:type w:val="continuous"/><w:pgSz w:w="16838" w:h="11906" '
             'w:orient="landscape"/></w:sectPr>')
    body = p("第一节", f"{sect1}") + p("第二节") + final
    hdr = ('<w:p><w:r><w:t>页眉文字</w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t>'
           '</w:r></w:fldSimple></w:p>')
    path = docx(tmp_path, body, styles=NORMAL, headers={"rIdH1": hdr})
    doc = open_document(path)
    s1, s2 = select(doc, "section")
    assert resolve("page.size", s1).value.name == "A4"
    assert resolve("page.size", s2).value.name == "A4"
    assert resolve("page.orientation", s2).value == "landscape"
    assert resolve("page.margin.top", s1).value.points() == pytest.approx(70.85)
    assert resolve("columns.count", s1).value == 2
    assert resolve("columns.separator", s1).value is True
    assert resolve("section.start", s2).value == "continuous"
    assert resolve("section.start", s1).value == "nextPage"
    assert resolve("header.text", s1).value == "页眉文字1"
    assert resolve("header.text", s2).value == "页眉文字1"   # inherited from section 1
    assert resolve("header.has_page_number", s2).value is True
    assert resolve("page.margin.top", s2).source == "default"
    doc.close()


def test_style_targets_resolve_their_own_chain(tmp_path):
    styles = NORMAL + HEADING1
    path = docx(tmp_path, p("x"), styles=styles)
    assert value(path, "style('标题 1')", "font.size") == (22.0, "style:Heading1")
    assert value(path, "style('Heading 1')", "paragraph.outline_level") == ("1",
                                                                            "style:Heading1")
    assert value(path, "style('heading 1')", "paragraph.keep_with_next") == (True,
                                                                              "style:Heading1")


def test_localized_style_predicate_and_text_predicates(tmp_path):
    body = (p("引言", '<w:pStyle w:val="Heading1"/>') + p("正文一")
            + p("方法", '<w:pStyle w:val="Heading1"/>'))
    path = docx(tmp_path, body, styles=NORMAL + HEADING1)
    doc = open_document(path)
    assert [t.locator for t in select(doc, "paragraph[style='标题 1']")] == [
        "paragraph[1]", "paragraph[3]"]
    assert [t.locator for t in select(doc, "paragraph[style='Heading 1'][2]")] == [
        "paragraph[3]"]
    assert [t.locator for t in select(doc, "paragraph[text^='正文']")] == ["paragraph[2]"]
    assert select(doc, "paragraph[style='正文']")[0].locator == "paragraph[2]"
    doc.close()


def test_text_includes_field_results_and_skips_deletions(tmp_path):
    body = ('<w:p><w:r><w:t>第</w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/>'
            '</w:r><w:r><w:t>3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'
            '<w:del w:id="1" w:author="a"><w:r><w:delText>旧</w:delText></w:r></w:del>'
            '<w:ins w:id="2" w:author="a"><w:r><w:t>页</w:t></w:r></w:ins></w:p>'
            '<w:sdt><w:sdtContent><w:p><w:r><w:t>控件内段落</w:t></w:r></w:p></w:sdtContent></w:sdt>')
    path = docx(tmp_path, body, styles=NORMAL)
    doc = open_document(path)
    assert [resolve("text", t).value for t in select(doc, "paragraph")] == ["第3页", "控件内段落"]
    doc.close()


def test_hostile_attribute_values_are_no_value(tmp_path):
    rpr = '<w:sz w:val="huge"/><w:color w:val="not-a-color"/><w:b w:val="maybe"/>'
    path = docx(tmp_path, p("x", '<w:ind w:firstLine="NaN"/><w:spacing w:line="1e999"/>', rpr),
                styles=NORMAL)
    assert value(path, "paragraph[1]", "font.size") == (10.0, "default")
    assert value(path, "paragraph[1]", "font.color") == ("auto", "default")
    assert value(path, "paragraph[1]", "font.bold")[0] is False
    assert value(path, "paragraph[1]", "paragraph.indent.first_line")[0].points() == 0.0
    assert value(path, "paragraph[1]", "paragraph.line_spacing") is None
