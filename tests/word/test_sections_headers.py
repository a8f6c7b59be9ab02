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


HEADER_STYLE = ('<w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/>'
                '<w:basedOn w:val="Normal"/><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="6" '
                'w:space="1" w:color="auto"/></w:pBdr><w:jc w:val="center"/></w:pPr></w:style>')
WATERMARK = ('<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject1" type="#_x0000_t136" '
             'style="position:absolute;z-index:-251654144;rotation:315" fillcolor="silver">'
             '<v:textpath style="font-family:&quot;宋体&quot;" string="样本"/>'
             '<w10:wrap anchorx="margin" anchory="margin"/></v:shape></w:pict></w:r></w:p>')


@pytest.mark.parametrize("header,visible,what", [
    (p(""), False, "nothing shows"),                              # one empty paragraph
    (p("   "), False, "nothing shows"),                           # whitespace
    (p("密", rpr="<w:vanish/>"), False, "nothing shows"),         # hidden text
    (p("报告"), True, "shows text"),
    ("<w:p>" + field("PAGE", "1") + "</w:p>", True, "shows text"),   # its result
    ("<w:p>" + field("PAGE", "") + "</w:p>", True, "shows field"),   # no result stored
    (p("", '<w:pStyle w:val="Header"/>'), True, "shows border"),  # 页眉 style's line
    (p("", '<w:pStyle w:val="Header"/><w:pBdr><w:bottom w:val="nil"/></w:pBdr>'), False,
     "nothing shows"),                                            # the line taken off
    (WATERMARK, False, "nothing shows"),                          # a watermark only
    ("<w:tbl><w:tblPr><w:tblBorders><w:top w:val=\"single\" w:sz=\"4\"/></w:tblBorders>"
     "</w:tblPr><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc>" + p("") +
     "</w:tc></w:tr></w:tbl>" + p(""), True, "shows border"),
])
def test_header_visible_is_what_the_reader_sees(tmp_path, header, visible, what):
    path = docx(tmp_path, p("x") + sect('<w:headerReference w:type="default" r:id="rIdH1"/>'),
                styles=NORMAL + HEADER_STYLE, headers={"rIdH1": header})
    assert values(path, "section[1]", "header.visible") == [(visible, "word/headerrIdH1.xml")]
    assert value(path, "section[1]/header[default]", "header.visible") is visible
    from officeeval.formats import open_document
    from officeeval.catalog import resolve
    from officeeval.selectors import select
    doc = open_document(path)
    try:
        assert resolve("header.visible", select(doc, "section[1]/header[1]")[0]).note \
            .endswith(what)
    finally:
        doc.close()


def test_header_visible_through_sections(tmp_path):
    # 1: no header; 2: an empty header part; 3: a header with text; 4: inherits 3's;
    # 5: titlePg with an empty first-page header: its other pages still show 3's.
    hdrs = {"rIdH1": p(""), "rIdH2": p("正文页眉"), "rIdH3": p("")}
    body = (para_sect("一", "") + para_sect("二", '<w:headerReference w:type="default" '
                                                  'r:id="rIdH1"/>')
            + para_sect("三", '<w:headerReference w:type="default" r:id="rIdH2"/>')
            + para_sect("四", "") + p("五")
            + sect('<w:headerReference w:type="first" r:id="rIdH3"/><w:titlePg/>'))
    path = docx(tmp_path, body, styles=NORMAL, headers=hdrs)
    assert [v[0] for v in values(path, "section", "header.visible")] == [
        False, False, True, True, True]
    assert values(path, "section[1]", "header.visible") == [(False, "computed")]
    assert values(path, "section[1]", "footer.visible") == [(False, "computed")]
    assert value(path, "section[5]/header[first]", "header.visible") is False
    assert value(path, "section[2]", "header.visible", direct=True) is False
