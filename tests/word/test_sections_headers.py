"""Sections (start type, columns, page borders, page numbering, vertical alignment) and the
headers and footers each section shows: default, first page, even pages, inherited from
earlier sections as Word does."""

from __future__ import annotations

import pytest

from officeeval.values import Border
from tests.word.wbuild import NORMAL, docx, field, p, value, values

HDR = {"rIdH1": p("一般页眉"), "rIdH2": p("首页页眉"), "rIdH3": p("偶数页眉")}
FTR = {"rIdF1": "<w:p>" + field("PAGE", "1") + "</w:p>", "rIdF2": p("无页码")}


def sect(inner: str) -> str:
    return f'<w:sectPr>{inner}<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>'


def para_sect(text: str, inner: str) -> str:
    return f"<w:p><w:pPr>{sect(inner)}</w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"


def test_header_types_shown_and_inherited(tmp_path):
    s1 = ('<w:headerReference w:type="default" r:id="rIdH1"/>'
          '<w:headerReference w:type="first" r:id="rIdH2"/>'
          '<w:footerReference w:type="default" r:id="rIdF1"/><w:titlePg/>')
    s2 = '<w:type w:val="nextPage"/>'                       # inherits everything, no titlePg
    s3 = ('<w:headerReference w:type="even" r:id="rIdH3"/><w:footerReference '
          'w:type="default" r:id="rIdF2"/><w:titlePg/>')
    body = para_sect("一", s1) + para_sect("二", s2) + p("三") + sect(s3)
    path = docx(tmp_path, body, styles=NORMAL, headers=HDR, footers=FTR,
                settings="<w:evenAndOddHeaders/>")
    shown = lambda sel: [v[0] for v in values(path, sel, "text")]  # noqa: E731
    assert shown("section[1]/header") == ["一般页眉", "首页页眉", ""]   # even: defined nowhere
    assert shown("section[2]/header") == ["一般页眉", ""]              # no titlePg in 2
    assert shown("section[3]/header") == ["一般页眉", "首页页眉", "偶数页眉"]
    assert shown("section[3]/header[even]") == ["偶数页眉"]
    assert shown("section[1]/header[first]") == ["首页页眉"]
    assert values(path, "section[2]/header[first]", "text") == []
    assert values(path, "section[1]", "header.text") == [("一般页眉", "word/headerrIdH1.xml")]
    assert values(path, "section", "footer.has_page_number") == [
        (True, "word/footerrIdF1.xml"), (True, "word/footerrIdF1.xml"),
        (False, "word/footerrIdF2.xml")]
    assert value(path, "section[3]/footer[default]", "footer.text") == "无页码"
    assert value(path, "document", "section.even_and_odd") is True
    # under the document every shown header part once
    assert shown("header") == ["一般页眉", "首页页眉", "", "偶数页眉"]


def test_no_header_anywhere_is_not_found(tmp_path):
    path = docx(tmp_path, p("x") + sect(""), styles=NORMAL)
    assert values(path, "header", "text") == []
    assert value(path, "section[1]", "header.text") is None
    assert values(path, "section[1]", "header.has_page_number") == [(False, "default")]


def test_header_paragraph_formatting_judged_on_its_content(tmp_path):
    hdr = {"rIdH1": p("标题", '<w:jc w:val="center"/>') + p("")}
    path = docx(tmp_path, p("x") + sect('<w:headerReference w:type="default" r:id="rIdH1"/>'),
                styles=NORMAL, headers=hdr)
    assert value(path, "section[1]/header[default]", "paragraph.alignment") == "center"
    assert value(path, "section[1]/header[default]/paragraph[1]", "text") == "标题"


@pytest.mark.parametrize("cols,count,spacing,sep", [
    ('<w:cols w:num="2" w:space="567" w:sep="1"/>', 2, 28.35, True),
    ('<w:cols w:space="425"/>', 1, 21.25, False),
    ('<w:cols w:num="2" w:equalWidth="0"><w:col w:w="3000" w:space="300"/><w:col w:w="4000"/>'
     "</w:cols>", 2, 15.0, False),
    ('<w:cols w:num="3" w:equalWidth="0"><w:col w:w="2000" w:space="400"/><w:col w:w="2000" '
     'w:space="400"/><w:col w:w="2000"/></w:cols>', 3, 20.0, False),
    ("", 1, 36.0, False),
])
def test_columns(tmp_path, cols, count, spacing, sep):
    path = docx(tmp_path, p("x") + sect(cols), styles=NORMAL)
    assert value(path, "section[1]", "columns.count") == count
    assert value(path, "section[1]", "columns.spacing").pt == pytest.approx(spacing)
    assert value(path, "section[1]", "columns.separator") is sep


def test_section_start_page_numbers_and_vertical_alignment(tmp_path):
    s1 = '<w:pgNumType w:fmt="upperRoman" w:start="1"/><w:vAlign w:val="center"/>'
    s2 = '<w:type w:val="oddPage"/><w:pgNumType w:start="3"/>'
    body = para_sect("一", s1) + p("二") + sect(s2)
    path = docx(tmp_path, body, styles=NORMAL)
    assert values(path, "section", "section.start") == [("nextPage", "default"),
                                                       ("oddPage", "direct")]
    assert values(path, "section", "page_numbers.format") == [("upperRoman", "direct"),
                                                             ("decimal", "default")]
    assert values(path, "section", "page_numbers.start") == [(1, "direct"), (3, "direct")]
    assert value(path, "section[1]", "section.vertical_alignment") == "center"
    assert value(path, "section[2]", "section.vertical_alignment") == "top"
    # on the document, a section property holds only when it holds for every section
    got = values(path, "document", "section.start")[0]
    assert got[0] is None and got[1] == "mixed"


def test_page_borders_per_side(tmp_path):
    borders = ('<w:pgBorders><w:top w:val="double" w:sz="12" w:color="FF0000"/>'
               '<w:left w:val="double" w:sz="12" w:color="FF0000"/>'
               '<w:bottom w:val="double" w:sz="12" w:color="FF0000"/>'
               '<w:right w:val="single" w:sz="4"/></w:pgBorders>')
    path = docx(tmp_path, p("x") + sect(borders), styles=NORMAL)
    assert value(path, "section[1]", "page.border.top") == Border("double", 1.5, "FF0000")
    assert value(path, "section[1]", "page.border.right") == Border("single", 0.5, None)
    assert value(path, "section[1]", "page.border") is None   # sides differ: judged per side
    path2 = docx(tmp_path, p("x") + sect(""), styles=NORMAL, name="b.docx")
    assert value(path2, "section[1]", "page.border.left") == Border("none")


def test_page_number_format_on_a_footer_is_its_sections(tmp_path):
    s1 = ('<w:footerReference w:type="default" r:id="rIdF1"/>'
          '<w:pgNumType w:fmt="numberInDash"/>')
    path = docx(tmp_path, p("x") + sect(s1), styles=NORMAL, footers=FTR)
    assert value(path, "section[1]/footer[default]", "page_numbers.format") == "numberInDash"


def test_section_predicate_by_text(tmp_path):
    body = para_sect("第一节内容", "") + p("第二节内容") + sect('<w:cols w:num="2"/>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "section[text*='第二节']", "columns.count") == 2
    assert values(path, "section[text*='不存在']", "columns.count") == []
