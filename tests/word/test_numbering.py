"""Numbering through numbering.xml: formats, levels, level text, starts, overrides, style
links (numStyleLink, numbering linked to heading styles), list labels as a reader sees them,
and the list level's indents in the paragraph chain."""

from __future__ import annotations

import pytest

from officeeval.word.numbering_labels import format_number
from tests.word.wbuild import NORMAL, docx, p, style, value, values


def lvl(i: int, fmt: str, text: str, start: int = 1, extra: str = "", ppr: str = "") -> str:
    ind = ppr or f'<w:ind w:left="{720 * (i + 1)}" w:hanging="360"/>'
    return (f'<w:lvl w:ilvl="{i}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
            f'{extra}<w:lvlText w:val="{text}"/><w:pPr>{ind}</w:pPr></w:lvl>')


def abstract(aid: int, *levels: str, link: str = "") -> str:
    return f'<w:abstractNum w:abstractNumId="{aid}">{link}{"".join(levels)}</w:abstractNum>'


def num(nid: int, aid: int, overrides: str = "") -> str:
    return f'<w:num w:numId="{nid}"><w:abstractNumId w:val="{aid}"/>{overrides}</w:num>'


def np_(nid: int, ilvl: int = 0) -> str:
    return f'<w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{nid}"/></w:numPr>'


# Level 2 is "legal" (isLgl): the chapter number shows in Arabic there ("1.1", not "一.1").
CHAPTERS = abstract(1, lvl(0, "chineseCounting", "第%1章"),
                    lvl(1, "decimal", "%1.%2", extra="<w:isLgl/>"), lvl(2, "lowerLetter", "(%3)"))


def test_formats_levels_texts_and_labels(tmp_path):
    body = (p("第一", np_(1)) + p("节", np_(1, 1)) + p("节", np_(1, 1)) + p("小", np_(1, 2))
            + p("第二", np_(1)) + p("节", np_(1, 1)) + p("正文"))
    path = docx(tmp_path, body, styles=NORMAL, numbering=CHAPTERS + num(1, 1))
    assert [v[0] if v else None for v in values(path, "paragraph", "paragraph.numbering.label")
            ] == ["第一章", "1.1", "1.2", "(a)", "第二章", "2.1", None]
    assert [v[0] for v in values(path, "paragraph", "paragraph.numbering")] == [
        "chineseCounting", "decimal", "decimal", "lowerLetter", "chineseCounting",
        "decimal", "none"]
    assert values(path, "paragraph[7]", "paragraph.numbering") == [("none", "default")]
    assert value(path, "paragraph[4]", "paragraph.numbering.level") == 3
    assert value(path, "paragraph[2]", "paragraph.numbering.text") == "%1.%2"
    assert value(path, "paragraph[7]", "paragraph.numbering.level") is None


def test_higher_levels_show_in_their_own_format_unless_legal(tmp_path):
    numbering = abstract(1, lvl(0, "chineseCounting", "第%1章"), lvl(1, "decimal", "%1.%2"))
    path = docx(tmp_path, p("章", np_(1)) + p("节", np_(1, 1)), styles=NORMAL,
                numbering=numbering + num(1, 1))
    assert value(path, "paragraph[2]", "paragraph.numbering.label") == "一.1"


def test_numbering_format_accepts_chinese_names(tmp_path):
    from officeeval.rubric import load_rubric_text
    from officeeval.scoring import evaluate
    path = docx(tmp_path, p("第一", np_(1)), styles=NORMAL, numbering=CHAPTERS + num(1, 1))
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="list" points="100">
        <check select="paragraph[1]" property="paragraph.numbering" expected="中文数字"/>
        <check select="paragraph[1]" property="paragraph.numbering.label" expected="第一章"/>
      </criterion></rubric>""")
    assert evaluate(rubric, path).score == 100


def test_instances_of_one_list_share_counters_and_start_override_restarts(tmp_path):
    numbering = (abstract(1, lvl(0, "decimal", "%1.")) + num(1, 1) + num(2, 1)
                 + num(3, 1, '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/>'
                             "</w:lvlOverride>"))
    body = (p("a", np_(1)) + p("b", np_(1)) + p("c", np_(2)) + p("d", np_(3))
            + p("e", np_(3)) + p("f", np_(2)))
    path = docx(tmp_path, body, styles=NORMAL, numbering=numbering)
    assert [v[0] for v in values(path, "paragraph", "paragraph.numbering.label")] == [
        "1.", "2.", "3.", "1.", "2.", "3."]
    assert value(path, "paragraph[4]", "paragraph.numbering.start") == 1


def test_level_override_replaces_a_level(tmp_path):
    numbering = (abstract(1, lvl(0, "decimal", "%1."))
                 + num(1, 1, '<w:lvlOverride w:ilvl="0">' + lvl(0, "upperRoman", "%1)", 4)
                   + "</w:lvlOverride>"))
    path = docx(tmp_path, p("x", np_(1)) + p("y", np_(1)), styles=NORMAL,
                numbering=numbering)
    assert [v[0] for v in values(path, "paragraph", "paragraph.numbering.label")] == [
        "IV)", "V)"]
    assert value(path, "paragraph[1]", "paragraph.numbering") == "upperRoman"


def test_numbering_linked_to_heading_styles(tmp_path):
    styles = (NORMAL
              + style("Heading1", "heading 1", '<w:pPr><w:numPr><w:numId w:val="5"/></w:numPr>'
                      '<w:ind w:left="0" w:firstLine="0"/><w:outlineLvl w:val="0"/></w:pPr>',
                      based_on="Normal")
              + style("Heading2", "heading 2", '<w:pPr><w:numPr><w:ilvl w:val="1"/>'
                      '<w:numId w:val="5"/></w:numPr></w:pPr>', based_on="Normal")
              + style("Heading3", "heading 3", "", based_on="Heading2"))
    numbering = abstract(9, lvl(0, "decimal", "第%1章", extra='<w:pStyle w:val="Heading1"/>'),
                         lvl(1, "decimal", "%1.%2", extra='<w:pStyle w:val="Heading2"/>')) + \
        num(5, 9)
    h = lambda sid, t: p(t, f'<w:pStyle w:val="{sid}"/>')  # noqa: E731
    body = (h("Heading1", "总则") + h("Heading2", "目的") + h("Heading1", "方法")
            + h("Heading2", "对象") + h("Heading2", "步骤") + h("Heading3", "继承")
            + p("正文", '<w:pStyle w:val="Heading1"/><w:numPr><w:numId w:val="0"/></w:numPr>'))
    path = docx(tmp_path, body, styles=styles, numbering=numbering)
    labels = [v[0] if v else None for v in values(path, "paragraph",
                                                  "paragraph.numbering.label")]
    assert labels == ["第1章", "1.1", "第2章", "2.1", "2.2", "2.3", None]
    assert values(path, "paragraph[1]", "paragraph.numbering") == [("decimal",
                                                                    "style:Heading1")]
    assert values(path, "paragraph[1]", "paragraph.numbering", direct=True) == [None]
    assert value(path, "style('标题 1')", "paragraph.numbering.text") == "第%1章"
    assert value(path, "style('标题 2')", "paragraph.numbering.level") == 2
    # the style's own indent beats the level it attaches (style-linked numbering)
    assert values(path, "paragraph[1]", "paragraph.indent.left")[0][1] == "style:Heading1"
    # a paragraph's numId 0 removes the style's numbering
    assert value(path, "paragraph[7]", "paragraph.numbering") == "none"


def test_num_style_link_follows_the_numbering_style(tmp_path):
    styles = NORMAL + style("ListStyle", "My List", '<w:pPr><w:numPr><w:numId w:val="2"/>'
                            "</w:numPr></w:pPr>", kind="numbering")
    numbering = (abstract(1, lvl(0, "upperLetter", "%1."),
                          link='<w:styleLink w:val="ListStyle"/>')
                 + abstract(2, link='<w:numStyleLink w:val="ListStyle"/>')
                 + num(1, 2) + num(2, 1))
    path = docx(tmp_path, p("甲", np_(1)), styles=styles, numbering=numbering)
    assert value(path, "paragraph[1]", "paragraph.numbering") == "upperLetter"
    assert value(path, "paragraph[1]", "paragraph.numbering.label") == "A."


def test_list_indent_from_a_direct_list_beats_the_paragraph_style(tmp_path):
    styles = NORMAL + style("ListParagraph", "List Paragraph",
                            '<w:pPr><w:ind w:left="720"/></w:pPr>', based_on="Normal")
    numbering = abstract(1, lvl(0, "bullet", "\uf0b7"), lvl(1, "bullet", "o")) + num(1, 1)
    body = p("x", '<w:pStyle w:val="ListParagraph"/>' + np_(1, 1))
    path = docx(tmp_path, body, styles=styles, numbering=numbering)
    assert values(path, "paragraph[1]", "paragraph.indent.left")[0][1] == "numbering:1/2"
    assert value(path, "paragraph[1]", "paragraph.indent.left").pt == 72.0
    assert value(path, "paragraph[1]", "paragraph.numbering") == "bullet"
    assert value(path, "paragraph[1]", "paragraph.numbering.label") == "o"


def test_dangling_and_cyclic_numbering_is_not_numbered(tmp_path):
    styles = NORMAL + style("L", "L", '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr>',
                            kind="numbering")
    numbering = abstract(1, link='<w:numStyleLink w:val="L"/>') + num(1, 1)
    body = p("a", np_(1)) + p("b", np_(42)) + p("c", '<w:numPr><w:ilvl w:val="x"/>'
                                                     '<w:numId w:val="1"/></w:numPr>')
    path = docx(tmp_path, body, styles=styles, numbering=numbering)
    assert [v[0] for v in values(path, "paragraph", "paragraph.numbering")] == [
        "none", "none", "none"]


@pytest.mark.parametrize("n,fmt,expected", [
    (1, "decimal", "1"), (4, "upperRoman", "IV"), (14, "lowerRoman", "xiv"),
    (3, "upperLetter", "C"), (28, "lowerLetter", "bb"), (7, "decimalZero", "07"),
    (1, "chineseCounting", "一"), (10, "chineseCounting", "十"), (11, "chineseCounting", "十一"),
    (21, "chineseCounting", "二十一"), (105, "chineseCountingThousand", "一百零五"),
    (3, "chineseLegalSimplified", "叁"), (12, "chineseLegalSimplified", "壹拾贰"),
    (3, "ideographTraditional", "丙"), (2, "ideographZodiac", "丑"),
    (5, "decimalEnclosedCircle", "⑤"), (2, "decimalFullWidth", "２"),
    (22, "ordinal", "22nd"), (13, "ordinal", "13th"), (3, "none", ""),
    (3, "somethingNew", "3"),
])
def test_number_formats(n, fmt, expected):
    assert format_number(n, fmt) == expected
