"""The Word mapping tables (officeeval/vocabulary/word.py and the shared ones Word uses):
built-in style names in Chinese and English, and enumerations accepting Chinese UI names."""

from __future__ import annotations

import pytest

from officeeval import vocabulary
from officeeval.catalog import catalog
from officeeval.vocabulary import style_key


@pytest.mark.parametrize("chinese,english", [
    ("标题 1", "heading 1"), ("标题1", "Heading1"), ("标题 9", "heading 9"), ("正文", "Normal"),
    ("标题", "Title"), ("副标题", "Subtitle"), ("题注", "caption"), ("目录 1", "toc 1"),
    ("目录 9", "TOC9"), ("页眉", "header"), ("页脚", "footer"), ("脚注文本", "footnote text"),
    ("列出段落", "List Paragraph"), ("无间隔", "No Spacing"), ("网格型", "Table Grid"),
    ("普通表格", "Normal Table"), ("正文文本", "Body Text"), ("图表目录", "table of figures"),
    ("页码", "page number"), ("超链接", "Hyperlink"), ("明显强调", "Intense Emphasis"),
    ("网格表 4 - 着色 1", "Grid Table 4 Accent 1"), ("网格表 1 浅色", "Grid Table 1 Light"),
    ("清单表 3 - 着色 2", "List Table 3 Accent 2"), ("无格式表格 1", "Plain Table 1"),
    ("浅色网格 - 强调文字颜色 1", "Light Grid Accent 1"), ("中等深浅底纹 1", "Medium Shading 1"),
])
def test_builtin_style_names_in_both_languages(chinese, english):
    assert style_key(chinese) == style_key(english)
    assert style_key(chinese).startswith("builtin:")


def test_custom_style_names_compare_exactly():
    assert style_key("报告正文") != style_key("报告 正文")
    assert style_key("My Style") != style_key("my style")
    assert style_key("标题 1") != style_key("标题 2")
    assert style_key("标题") != style_key("标题 1")


@pytest.mark.parametrize("vocab,names,token", [
    ("alignment", ["居中", "center", "ctr"], "center"),
    ("alignment", ["两端对齐", "both", "justify"], "justify"),
    ("alignment", ["分散对齐", "distribute"], "distribute"),
    ("alignment", ["右对齐", "right", "end"], "right"),
    ("special_indent", ["首行缩进", "first line"], "first_line"),
    ("special_indent", ["悬挂缩进", "hanging"], "hanging"),
    ("special_indent", ["无", "none"], "none"),
    ("wrap_type", ["嵌入型", "inline", "in line with text"], "inline"),
    ("wrap_type", ["四周型环绕", "四周型", "square"], "square"),
    ("wrap_type", ["紧密型环绕", "tight"], "tight"),
    ("wrap_type", ["上下型环绕", "top and bottom"], "topAndBottom"),
    ("wrap_type", ["衬于文字下方", "behind text"], "behind"),
    ("wrap_type", ["浮于文字上方", "in front of text"], "inFront"),
    ("section_start", ["下一页", "next page"], "nextPage"),
    ("section_start", ["连续"], "continuous"),
    ("section_start", ["奇数页"], "oddPage"),
    ("number_format", ["阿拉伯数字", "1, 2, 3"], "decimal"),
    ("number_format", ["大写罗马数字"], "upperRoman"),
    ("number_format", ["中文数字", "一, 二, 三"], "chineseCounting"),
    ("number_format", ["带横线数字", "-1-"], "numberInDash"),
    ("number_format", ["带圈数字", "①, ②, ③"], "decimalEnclosedCircle"),
    ("row_height_rule", ["固定值", "exactly"], "exact"),
    ("row_height_rule", ["最小值", "at least"], "at_least"),
    ("caption_position", ["所选项目上方", "上方", "above"], "above"),
    ("caption_position", ["所选项目下方", "below"], "below"),
    ("mail_merge_type", ["信函", "letters", "formLetters"], "formLetters"),
    ("mail_merge_type", ["电子邮件", "email"], "email"),
    ("watermark_kind", ["文字水印", "text"], "text"),
    ("watermark_kind", ["图片水印", "picture"], "picture"),
    ("watermark_layout", ["斜式", "diagonal"], "diagonal"),
    ("drop_cap", ["下沉", "首字下沉"], "drop"),
    ("drop_cap", ["悬挂", "首字悬挂"], "margin"),
    ("vertical_alignment", ["居中", "垂直居中", "center"], "center"),
    ("border_style", ["双实线", "double"], "double"),
    ("border_style", ["单实线", "single"], "single"),
    ("underline", ["波浪线", "wave"], "wave"),
    ("emphasis_mark", ["着重号"], "dot"),
    ("orientation", ["横向", "landscape"], "landscape"),
])
def test_enumerations_accept_chinese_ui_names(vocab, names, token):
    v = vocabulary.get(vocab)
    for name in names:
        assert v.canonical(name) == token, name


@pytest.mark.parametrize("literal,rule,value", [
    ("单倍行距", "multiple", 1.0), ("1.5 倍行距", "multiple", 1.5), ("1.5倍行距", "multiple", 1.5),
    ("双倍行距", "multiple", 2.0), ("多倍行距 1.25", "multiple", 1.25),
    ("固定值 18磅", "exact", 18.0), ("最小值 12pt", "at_least", 12.0),
])
def test_line_spacing_names(literal, rule, value):
    got = catalog().get("paragraph.line_spacing").vtype.parse(literal)
    assert (got.rule, got.value) == (rule, value)


def test_every_word_enum_property_has_its_vocabulary_loaded():
    from officeeval.properties.types import EnumType
    reg = catalog()
    for name in reg.names("word"):
        vtype = reg.get(name).type_for("word")
        if isinstance(vtype, EnumType):
            assert vtype.vocab.tokens(), name
