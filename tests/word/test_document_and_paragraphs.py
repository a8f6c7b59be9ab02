"""Document-level facts (core properties, background, theme, mail merge), style definitions
as targets, footnotes/endnotes/comments, and paragraph extras (drop caps, borders, shading,
special indent, captions)."""

from __future__ import annotations

import pytest

from officeeval.values import Border
from tests.builders import theme_xml
from tests.word.wbuild import NORMAL, docx, field, p, r, style, value, values

CORE = ('<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
        'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>年度报告</dc:title>'
        "<dc:creator>王小明</dc:creator><dc:subject>统计</dc:subject>"
        "<cp:keywords>数据; 报告</cp:keywords><cp:category>内部</cp:category>"
        "<cp:lastModifiedBy>李雷</cp:lastModifiedBy></cp:coreProperties>")


def test_core_properties_through_the_package_relationship(tmp_path):
    path = docx(tmp_path, p("x"), styles=NORMAL, core=CORE)
    got = {k: value(path, "document", f"core.{k}")
           for k in ("title", "author", "subject", "keywords", "category",
                     "last_modified_by", "description")}
    assert got == {"title": "年度报告", "author": "王小明", "subject": "统计",
                   "keywords": "数据; 报告", "category": "内部", "last_modified_by": "李雷",
                   "description": None}
    assert value(docx(tmp_path, p("x"), name="b.docx"), "document", "core.title") is None


def test_background_color_direct_theme_and_absent(tmp_path):
    path = docx(tmp_path, p("x"), styles=NORMAL,
                document_head='<w:background w:color="FDF6E3"/>')
    assert values(path, "document", "background.color") == [("FDF6E3", "direct")]
    path2 = docx(tmp_path, p("x"), styles=NORMAL, theme=theme_xml(accent1="4472C4"),
                 document_head='<w:background w:color="D9E2F3" w:themeColor="accent1" '
                               'w:themeTint="33"/>', name="b.docx")
    assert value(path2, "document", "background.color") == "D9E2F3"
    path3 = docx(tmp_path, p("x"), styles=NORMAL, name="c.docx")
    assert values(path3, "document", "background.color") == [("none", "default")]
    assert values(path3, "document", "background.color", direct=True) == [None]


def test_theme_name(tmp_path):
    path = docx(tmp_path, p("x"), styles=NORMAL, theme=theme_xml())
    assert value(path, "document", "theme.name") == "Office Theme"


MAIL_MERGE = ('<w:mailMerge><w:mainDocumentType w:val="formLetters"/><w:linkToQuery/>'
              '<w:dataType w:val="native"/><w:connectString w:val="Provider=Microsoft.ACE.'
              'OLEDB.12.0;Data Source=D:\\考试\\通讯录.xlsx;Mode=Read"/>'
              '<w:query w:val="SELECT * FROM `Sheet1$`"/>{ds}</w:mailMerge>')


@pytest.mark.parametrize("ds,rels,source,file", [
    ('<w:dataSource r:id="rIdDS"/>',
     [("rIdDS", "mailMergeSource", "file:///D:\\%E8%80%83%E8%AF%95\\通讯录.xlsx", True)],
     "D:\\考试\\通讯录.xlsx", "通讯录.xlsx"),
    ("", None, "D:\\考试\\通讯录.xlsx", "通讯录.xlsx"),     # from the connection string
])
def test_mail_merge_settings_and_data_source(tmp_path, ds, rels, source, file):
    body = "<w:p>" + r("尊敬的") + field("MERGEFIELD 姓名", "«姓名»") + "</w:p>" + \
        "<w:p>" + field("MERGEFIELD 座位号", "«座位号»") + "</w:p>"
    path = docx(tmp_path, body, styles=NORMAL, settings=MAIL_MERGE.format(ds=ds),
                settings_rels=rels)
    assert value(path, "document", "mail_merge.main_type") == "formLetters"
    assert value(path, "document", "mail_merge.data_source") == source
    assert value(path, "document", "mail_merge.data_file") == file
    assert value(path, "document", "mail_merge.query") == "SELECT * FROM `Sheet1$`"
    assert value(path, "document", "mail_merge.fields") == ["姓名", "座位号"]


def test_mail_merge_type_in_chinese_and_absent(tmp_path):
    from officeeval.rubric import load_rubric_text
    from officeeval.scoring import evaluate
    path = docx(tmp_path, p("x"), styles=NORMAL, settings=MAIL_MERGE.format(ds=""))
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="m" points="100">
        <check property="mail_merge.main_type" expected="信函"/></criterion></rubric>""")
    assert evaluate(rubric, path).score == 100
    assert value(docx(tmp_path, p("x"), name="b.docx"), "document",
                 "mail_merge.main_type") is None


def test_style_definitions_as_targets(tmp_path):
    styles = (NORMAL
              + style("Heading1", "heading 1", '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>',
                      based_on="Normal")
              + style("a5", "报告正文", '<w:next w:val="a5"/><w:pPr><w:ind '
                      'w:firstLineChars="200"/></w:pPr><w:rPr><w:rFonts w:eastAsia="宋体"/>'
                      "</w:rPr>", based_on="Normal", custom=True))
    path = docx(tmp_path, p("x"), styles=styles)
    assert value(path, "style('标题 1')", "font.size") == 16.0
    assert value(path, "style('heading 1')", "style.custom") is False
    assert value(path, "style('标题 1')", "style.based_on") == "Normal"
    assert value(path, "style('报告正文')", "style.custom") is True
    assert value(path, "style('报告正文')", "style.next") == "报告正文"
    assert value(path, "style('报告正文')", "style.type") == "paragraph"
    assert value(path, "style('报告正文')", "font.east_asia") == "宋体"
    assert value(path, "style('报告正文')", "paragraph.indent.first_line").chars == 2
    assert values(path, "style('不存在')", "style.type") == []


NOTES = ('<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p>'
         "</w:footnote>"
         '<w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r>' + r(" 第二个注释")
         + "</w:p></w:footnote>"
         '<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>' + r(" 第一个注释")
         + "</w:p></w:footnote>")


def test_footnotes_in_reference_order_with_anchor_and_format(tmp_path):
    body = ("<w:p>" + r("引文甲") + '<w:r><w:footnoteReference w:id="1"/></w:r>'
            + r("又说乙") + '<w:r><w:footnoteReference w:id="2"/></w:r></w:p>'
            '<w:sectPr><w:footnotePr><w:numFmt w:val="decimalEnclosedCircle"/></w:footnotePr>'
            "</w:sectPr>")
    path = docx(tmp_path, body, styles=NORMAL, footnotes=NOTES)
    assert [v[0] for v in values(path, "footnote", "footnote.text")] == ["第一个注释",
                                                                       "第二个注释"]
    assert value(path, "footnote[2]", "footnote.anchor") == "引文甲又说乙"
    assert values(path, "footnote[1]", "footnote.number_format") == [
        ("decimalEnclosedCircle", "direct")]
    assert value(path, "footnote[1]/paragraph[1]", "text") == " 第一个注释"
    # the reference mark shows no text in the paragraph
    assert value(path, "paragraph[1]", "text") == "引文甲又说乙"


def test_endnote_default_format_and_comments(tmp_path):
    endnotes = '<w:endnote w:id="1"><w:p>' + r("尾注内容") + "</w:p></w:endnote>"
    comments = ('<w:comment w:id="0" w:author="审阅人"><w:p>' + r("请核实数据")
                + "</w:p></w:comment>")
    body = ('<w:p><w:commentRangeStart w:id="0"/>' + r("增长了 15%")
            + '<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>'
            + '<w:r><w:endnoteReference w:id="1"/></w:r></w:p>')
    path = docx(tmp_path, body, styles=NORMAL, endnotes=endnotes, comments=comments)
    assert values(path, "endnote[1]", "footnote.number_format") == [("lowerRoman", "default")]
    assert value(path, "endnote[1]", "footnote.text") == "尾注内容"
    assert value(path, "comment[1]", "comment.text") == "请核实数据"
    assert value(path, "comment[1]", "comment.author") == "审阅人"
    assert value(path, "comment[1]", "comment.anchor") == "增长了 15%"


def drop_cap_body(kind="drop", lines="2", hspace="113") -> str:
    frame = (f'<w:p><w:pPr><w:framePr w:dropCap="{kind}" w:lines="{lines}" '
             f'w:hSpace="{hspace}" w:wrap="around" w:vAnchor="text" w:hAnchor="text"/>'
             '</w:pPr>' + r("春", '<w:rFonts w:eastAsia="隶书"/><w:sz w:val="63"/>') + "</w:p>")
    return p("标题") + frame + p("天来了，万物复苏。", '<w:ind w:firstLineChars="200"/>') + \
        p("第二段")


def test_drop_cap_is_folded_into_its_paragraph(tmp_path):
    path = docx(tmp_path, drop_cap_body(), styles=NORMAL)
    assert [v[0] for v in values(path, "paragraph", "text")] == [
        "标题", "春天来了，万物复苏。", "第二段"]
    assert value(path, "paragraph[2]", "paragraph.drop_cap") == "drop"
    assert value(path, "paragraph[2]", "paragraph.drop_cap.lines") == 2
    assert value(path, "paragraph[2]", "paragraph.drop_cap.distance").pt == pytest.approx(5.65)
    assert value(path, "paragraph[2]/run[1]", "font.east_asia") == "隶书"
    assert value(path, "paragraph[2]/span('天来了')", "font.size") == 10.0
    # the indent is measured in the body text's size, not the big letter's
    assert value(path, "paragraph[2]", "paragraph.indent.first_line").pt == pytest.approx(20)
    assert value(path, "paragraph[3]", "paragraph.drop_cap") == "none"
    path2 = docx(tmp_path, drop_cap_body("margin", "3"), styles=NORMAL, name="b.docx")
    assert value(path2, "paragraph[2]", "paragraph.drop_cap") == "margin"
    assert value(path2, "paragraph[2]", "paragraph.drop_cap.lines") == 3


def test_paragraph_borders_shading_and_special_indent(tmp_path):
    box = ('<w:pBdr><w:top w:val="single" w:sz="12" w:color="0070C0"/>'
           '<w:left w:val="single" w:sz="12" w:color="0070C0"/>'
           '<w:bottom w:val="single" w:sz="12" w:color="0070C0"/>'
           '<w:right w:val="single" w:sz="12" w:color="0070C0"/></w:pBdr>'
           '<w:shd w:val="clear" w:color="auto" w:fill="E2EFDA"/>')
    styles = NORMAL + style("Boxed", "Boxed", '<w:pPr><w:pBdr><w:bottom w:val="double" '
                            'w:sz="6"/></w:pBdr></w:pPr>', based_on="Normal")
    body = (p("方框", box + '<w:ind w:firstLineChars="200"/>')
            + p("样式框", '<w:pStyle w:val="Boxed"/><w:ind w:left="420" w:hanging="420"/>')
            + p("无"))
    path = docx(tmp_path, body, styles=styles)
    blue = Border("single", 1.5, "0070C0")
    assert value(path, "paragraph[1]", "paragraph.border") == blue
    assert value(path, "paragraph[1]", "paragraph.border.left") == blue
    assert value(path, "paragraph[1]", "paragraph.shading") == "E2EFDA"
    assert value(path, "paragraph[1]", "paragraph.indent.special") == "first_line"
    assert values(path, "paragraph[2]", "paragraph.border.bottom") == [
        (Border("double", 0.75, None), "style:Boxed")]
    assert value(path, "paragraph[2]", "paragraph.border.top") == Border("none")
    assert value(path, "paragraph[2]", "paragraph.indent.special") == "hanging"
    assert value(path, "paragraph[3]", "paragraph.indent.special") == "none"
    assert value(path, "paragraph[3]", "paragraph.shading") == "none"


def test_captions_label_and_position(tmp_path):
    styles = NORMAL + style("Caption", "caption", "", based_on="Normal")
    tbl = ("<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc>" + p("x")
           + "</w:tc></w:tr></w:tbl>")
    pic = ('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="1" cy="1"/><wp:docPr id="1" '
           'name="p"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/'
           'drawingml/2006/picture"><pic:pic/></a:graphicData></a:graphic></wp:inline>'
           "</w:drawing></w:r></w:p>")
    cap = lambda label, text: ('<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>'  # noqa
                               + r(label + " ") + field(f"SEQ {label} \\* ARABIC", "1")
                               + r(" " + text) + "</w:p>")
    body = p("正文") + cap("表", "数据") + tbl + p("中间") + pic + cap("图", "照片") + \
        p("手写题注 图 2", '<w:pStyle w:val="Caption"/>')
    path = docx(tmp_path, body, styles=styles)
    got = [(v[0]) for v in values(path, "caption", "text")]
    assert got == ["表 1 数据", "图 1 照片", "手写题注 图 2"]
    assert [v[0] if v else None for v in values(path, "caption", "caption.label")] == [
        "表", "图", None]
    assert [v[0] if v else None for v in values(path, "caption", "caption.position")] == [
        "above", "below", None]
