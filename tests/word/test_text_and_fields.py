"""Paragraph text (field results in, instructions and deletions out), content controls and
tracked insertions, fields (simple, complex, nested), TOCs, hyperlinks and bookmarks."""

from __future__ import annotations

import pytest

from officeeval.word.content_index import split_instruction
from tests.word.wbuild import NORMAL, docx, field, p, r, value, values


def test_text_keeps_field_results_and_drops_instructions_and_deletions(tmp_path):
    body = ("<w:p>" + r("第 ") + field("PAGE", "3") + r(" 页")
            + '<w:del w:id="1" w:author="x"><w:r><w:delText>删掉</w:delText></w:r></w:del>'
            + '<w:ins w:id="2" w:author="x"><w:r><w:t>新增</w:t></w:r></w:ins></w:p>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "paragraph[1]", "text") == "第 3 页新增"
    # runs holding only field characters or instructions are not runs a reader sees
    assert [v[0] for v in values(path, "paragraph[1]/run", "text")] == ["第 ", "3", " 页",
                                                                       "新增"]


def test_nested_field_result_inside_an_instruction_is_not_text(tmp_path):
    body = ("<w:p>" + r("尊敬的")
            + '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
              '<w:r><w:instrText xml:space="preserve"> IF </w:instrText></w:r>'
            + field("MERGEFIELD 性别", "«性别»")
            + '<w:r><w:instrText xml:space="preserve"> = "男" "先生" "女士" </w:instrText></w:r>'
              '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
            + r("先生") + '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "paragraph[1]", "text") == "尊敬的先生"
    assert value(path, "field[type='IF']", "field.instruction") == \
        'IF { MERGEFIELD 性别 } = "男" "先生" "女士"'
    assert value(path, "field[type='IF']", "field.result") == "先生"
    assert value(path, "field[type='MERGEFIELD']", "field.argument") == "性别"


def test_content_controls_and_insertions_do_not_hide_paragraphs(tmp_path):
    body = (p("一") + '<w:sdt><w:sdtPr/><w:sdtContent>' + p("二") + "</w:sdtContent></w:sdt>"
            + '<w:customXml w:element="x">' + p("三") + "</w:customXml>" + p("四"))
    path = docx(tmp_path, body, styles=NORMAL)
    assert [v[0] for v in values(path, "paragraph", "text")] == ["一", "二", "三", "四"]


@pytest.mark.parametrize("instruction,ftype,argument,switches", [
    (" MERGEFIELD 姓名 ", "MERGEFIELD", "姓名", ""),
    ('MERGEFIELD "单位 名称" \\* MERGEFORMAT', "MERGEFIELD", "单位 名称", "\\* MERGEFORMAT"),
    ("page \\* Arabic", "PAGE", None, "\\* Arabic"),
    ('TOC \\o "1-3" \\h \\z \\u', "TOC", None, '\\o 1-3 \\h \\z \\u'),
    ("SEQ 图 \\* ARABIC", "SEQ", "图", "\\* ARABIC"),
    ('HYPERLINK "http://example.com/a b"', "HYPERLINK", "http://example.com/a b", ""),
    ('HYPERLINK \\l "_Toc1"', "HYPERLINK", None, "\\l _Toc1"),
    ('DATE \\@ "yyyy年M月d日"', "DATE", None, "\\@ yyyy年M月d日"),
    ("REF _Ref123 \\h", "REF", "_Ref123", "\\h"),
    ("NUMPAGES", "NUMPAGES", None, ""),
])
def test_field_type_argument_and_switches(tmp_path, instruction, ftype, argument, switches):
    path = docx(tmp_path, "<w:p>" + field(instruction, "x") + "</w:p>", styles=NORMAL)
    assert value(path, "field[1]", "field.type") == ftype
    assert value(path, "field[1]", "field.argument") == argument
    assert value(path, "field[1]", "field.switches") == switches
    assert values(path, f"field[type='{ftype.lower()}']", "field.type")  # case-insensitive


def test_simple_fields_count_as_fields_with_their_result_as_text(tmp_path):
    body = ('<w:p><w:r><w:t xml:space="preserve">共 </w:t></w:r>'
            '<w:fldSimple w:instr=" NUMPAGES "><w:r><w:t>5</w:t></w:r></w:fldSimple>'
            "<w:r><w:t> 页</w:t></w:r></w:p>")
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "paragraph[1]", "text") == "共 5 页"
    assert value(path, "field[NUMPAGES]", "field.result") == "5"
    assert values(path, "paragraph[1]/field", "field.type") == [("NUMPAGES", "direct")]


def test_split_instruction_groups_quotes_and_nested_codes():
    assert split_instruction('IF { MERGEFIELD 性别 } = "男" "先生"') == [
        "IF", "{ MERGEFIELD 性别 }", "=", "男", "先生"]
    assert split_instruction('X "unclosed') == ["X", "unclosed"]
    assert split_instruction("“智能引号”") == ["智能引号"]


@pytest.mark.parametrize("instruction,levels,source", [
    ('TOC \\o "1-3" \\h \\z \\u', 3, "direct"),
    ('TOC \\o "1-2"', 2, "direct"),
    ('TOC \\o "2"', 2, "direct"),
    ('TOC \\t "Heading 3,1,Title,2"', 2, "direct"),
    ("TOC \\h", 9, "default"),
])
def test_toc_levels(tmp_path, instruction, levels, source):
    body = ('<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/>'
            "</w:docPartObj></w:sdtPr><w:sdtContent>"
            '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
            f'xml:space="preserve"> {instruction} </w:instrText></w:r><w:r><w:fldChar '
            'w:fldCharType="separate"/></w:r>' + r("第一章\t1") + "</w:p>"
            + p("第二章\t2")
            + '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
            "</w:sdtContent></w:sdt>" + p("正文"))
    path = docx(tmp_path, body, styles=NORMAL)
    assert values(path, "toc", "toc.levels") == [(levels, source)]
    assert values(path, "document", "toc.levels") == [(levels, source)]
    assert value(path, "toc[1]", "toc.entries") == 2
    assert value(path, "toc[1]", "toc.kind") == "content_control"
    assert value(path, "toc[1]", "toc.hyperlinks") == ("\\h" in instruction)
    assert value(path, "toc[1]", "text") == "第一章\t1\n第二章\t2"


def test_no_toc_is_not_found(tmp_path):
    path = docx(tmp_path, p("正文"), styles=NORMAL)
    assert values(path, "toc", "toc.levels") == []
    assert value(path, "document", "toc.levels") is None


def test_hyperlinks_external_anchor_and_field_in_document_order(tmp_path):
    body = ('<w:p><w:hyperlink r:id="rIdL1"><w:r><w:t>官网</w:t></w:r></w:hyperlink>'
            + field('HYPERLINK "http://b.example"', "第二个")
            + '<w:hyperlink w:anchor="第一节"><w:r><w:t>跳转</w:t></w:r></w:hyperlink></w:p>')
    path = docx(tmp_path, body, styles=NORMAL,
                rels=[("rIdL1", "hyperlink", "http://a.example/x", True)])
    assert values(path, "hyperlink", "hyperlink.target") == [
        ("http://a.example/x", "direct"), ("http://b.example", "direct"),
        ("#第一节", "direct")]
    assert [v[0] for v in values(path, "hyperlink", "text")] == ["官网", "第二个", "跳转"]
    assert value(path, "paragraph[1]", "text") == "官网第二个跳转"


def test_bookmark_text_spans_runs_and_paragraphs(tmp_path):
    body = ('<w:p><w:r><w:t>前</w:t></w:r><w:bookmarkStart w:id="0" w:name="摘要"/>'
            "<w:r><w:t>第一段</w:t></w:r></w:p>"
            '<w:p><w:r><w:t>第二段</w:t></w:r><w:bookmarkEnd w:id="0"/>'
            '<w:bookmarkStart w:id="1" w:name="_GoBack"/><w:bookmarkEnd w:id="1"/></w:p>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "bookmark('摘要')", "text") == "第一段\n第二段"
    assert [t for t in values(path, "bookmark", "text")] == [("第一段\n第二段", "direct")]
    assert values(path, "bookmark('_GoBack')", "text") == [("", "direct")]


def test_document_text_includes_tables_in_order(tmp_path):
    body = (p("前言") + "<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid><w:tr><w:tc>"
            + p("甲") + "</w:tc><w:tc>" + p("乙") + "</w:tc></w:tr></w:tbl>" + p("结语"))
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "document", "text") == "前言\n甲\t乙\n结语"


def test_ruby_base_text_is_text_and_the_annotation_is_not(tmp_path):
    ruby = ('<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="distributeSpace"/><w:hps w:val="10"/>'
            '<w:hpsRaise w:val="18"/><w:hpsBaseText w:val="21"/><w:lid w:val="ja-JP"/>'
            '</w:rubyPr><w:rt><w:r><w:t>とうきょう</w:t></w:r></w:rt><w:rubyBase><w:r>'
            '<w:t>東京</w:t></w:r></w:rubyBase></w:ruby></w:r>')
    path = docx(tmp_path, "<w:p>" + r("首都") + ruby + r("です") + "</w:p>", styles=NORMAL)
    assert value(path, "paragraph[1]", "text") == "首都東京です"
    assert [v[0] for v in values(path, "paragraph[1]/run", "text")] == ["首都", "東京", "です"]
    assert value(path, "span('都東京')", "text") == "都東京"


def test_symbols_keep_their_code_point_and_font(tmp_path):
    sym = '<w:r><w:rPr><w:rFonts w:ascii="宋体"/></w:rPr><w:sym w:font="Symbol" w:char="F094"/></w:r>'
    wing = '<w:r><w:sym w:font="Wingdings" w:char="F0FC"/></w:r>'
    path = docx(tmp_path, "<w:p>" + r("a") + sym + wing + "</w:p>", styles=NORMAL)
    assert value(path, "paragraph[1]", "text") == "a\uf094\uf0fc"   # not U+0094, a control
    assert values(path, "paragraph[1]/run", "font.name") == [
        ("Times New Roman", "default"), ("Symbol", "direct"), ("Wingdings", "direct")]
    assert value(path, "paragraph[1]/run[2]", "font.east_asia") == "Symbol"


@pytest.mark.parametrize("jc", ["lowKashida", "mediumKashida", "highKashida", "both"])
def test_kashida_justification_is_justified(tmp_path, jc):
    path = docx(tmp_path, p("نص", f'<w:jc w:val="{jc}"/>'), styles=NORMAL)
    assert value(path, "paragraph[1]", "paragraph.alignment") == "justify"
