"""The PowerPoint mapping tables are data: every mapped token exists in its vocabulary, the
Chinese UI names resolve to the intended tokens, and expected literals parse through the
property types."""

from __future__ import annotations

import pytest

from officeeval import vocabulary
from officeeval.catalog import catalog
from officeeval.properties.types import CompareContext
from officeeval.vocabulary import ppt as V
from officeeval.vocabulary import ppt_objects as O
from officeeval.vocabulary import ppt_smartart as SA


def canon(vocab: str, text: str) -> str | None:
    return vocabulary.get(vocab).canonical(text)


def test_every_mapping_target_is_a_vocabulary_token():
    tables = [("transition", V.TRANSITION_ELEMENTS.values()),
              ("transition", V.TRANSITION_PRESETS.values()),
              ("animation_effect", V.PRESET_EFFECTS.values()),
              ("animation_class", V.ANIMATION_CLASS_TOKENS.values()),
              ("animation_direction", V.ANIMATION_SUBTYPES.values()),
              ("smartart_layout", SA.SMARTART_LAYOUT_IDS.values()),
              ("ppt_table_style", O.TABLE_STYLE_GUIDS.values()),
              ("shape_kind", O.PLACEHOLDER_KINDS.values()),
              ("hyperlink_action", O.SHOW_JUMPS.values())]
    for vocab, tokens in tables:
        known = set(vocabulary.get(vocab).tokens())
        missing = sorted(set(tokens) - known)
        assert not missing, (vocab, missing)


@pytest.mark.parametrize("vocab,text,token", [
    ("transition", "淡出", "fade"), ("transition", "淡入淡出", "fade"),
    ("transition", "推进", "push"), ("transition", "擦除", "wipe"),
    ("transition", "分割", "split"), ("transition", "随机线条", "randomBar"),
    ("transition", "形状", "shape"), ("transition", "揭开", "uncover"),
    ("transition", "覆盖", "cover"), ("transition", "闪光", "flash"),
    ("transition", "涡流", "vortex"), ("transition", "切换", "switch"),
    ("transition", "翻转", "flip"), ("transition", "涟漪", "ripple"),
    ("transition", "蜂巢", "honeycomb"), ("transition", "门", "doors"),
    ("transition", "窗口", "window"), ("transition", "摩天轮", "ferris"),
    ("transition", "库", "gallery"), ("transition", "传送带", "conveyor"),
    ("transition", "平移", "pan"), ("transition", "闪耀", "glitter"),
    ("transition", "缩放", "warp"), ("transition", "飞过", "flythrough"),
    ("transition", "碎片", "shred"), ("transition", "窗帘", "curtains"),
    ("transition", "Random Bars", "randomBar"), ("transition", "circle", "shape"),
    ("animation_effect", "出现", "appear"), ("animation_effect", "淡入", "fade"),
    ("animation_effect", "淡出", "fade"), ("animation_effect", "飞入", "fly_in"),
    ("animation_effect", "Fly In", "fly_in"), ("animation_effect", "擦除", "wipe"),
    ("animation_effect", "轮子", "wheel"), ("animation_effect", "缩放", "zoom"),
    ("animation_effect", "放大/缩小", "grow_shrink"), ("animation_effect", "陀螺旋", "spin"),
    ("animation_effect", "浮入", "float_in"), ("animation_effect", "劈裂", "split"),
    ("animation_effect", "随机线条", "random_bars"), ("animation_effect", "弹跳", "bounce"),
    ("animation_effect", "跷跷板", "teeter"), ("animation_effect", "脉冲", "pulse"),
    ("animation_effect", "飞出", "fly_out"), ("animation_effect", "消失", "disappear"),
    ("animation_class", "进入", "entrance"), ("animation_class", "退出", "exit"),
    ("animation_trigger", "单击时", "on_click"),
    ("animation_trigger", "与上一动画同时", "with_previous"),
    ("animation_trigger", "上一动画之后", "after_previous"),
    ("smartart_layout", "基本列表", "basic_block_list"),
    ("smartart_layout", "基本流程", "basic_process"),
    ("smartart_layout", "基本循环", "basic_cycle"),
    ("smartart_layout", "层次结构", "hierarchy"),
    ("smartart_layout", "组织结构图", "organization_chart"),
    ("layout_type", "标题幻灯片", "title"), ("layout_type", "标题和内容", "obj"),
    ("layout_type", "两栏内容", "twoObj"), ("layout_type", "仅标题", "titleOnly"),
    ("layout_type", "空白", "blank"), ("layout_type", "Title Only", "titleOnly"),
    ("ppt_table_style", "中度样式 2 - 强调 1", "Medium Style 2 - Accent 1"),
    ("ppt_table_style", "浅色样式 1 - 强调 3", "Light Style 1 - Accent 3"),
    ("background_kind", "渐变填充", "gradient"), ("show_type", "在展台浏览", "kiosk"),
    ("shape_kind", "文本框", "textbox"), ("shape_geometry", "圆角矩形", "roundRect"),
])
def test_localized_names(vocab, text, token):
    assert canon(vocab, text) == token


@pytest.mark.parametrize("key,token", [
    (("entr", 1), "appear"), (("entr", 2), "fly_in"), (("entr", 10), "fade"),
    (("entr", 16), "split"), (("entr", 21), "wheel"), (("entr", 22), "wipe"),
    (("entr", 26), "bounce"), (("entr", 42), "float_in"), (("entr", 53), "zoom"),
    (("emph", 6), "grow_shrink"), (("emph", 8), "spin"), (("emph", 26), "pulse"),
    (("emph", 32), "teeter"), (("exit", 1), "disappear"), (("exit", 2), "fly_out"),
    (("exit", 10), "fade"), (("exit", 42), "float_out"), (("path", 0), "custom_path"),
])
def test_preset_table(key, token):
    assert V.PRESET_EFFECTS[key] == token


def test_table_style_guids_are_the_74_builtin_styles():
    assert len(O.TABLE_STYLE_GUIDS) == 74
    assert O.TABLE_STYLE_GUIDS["{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"] == \
        "Medium Style 2 - Accent 1"
    assert O.TABLE_STYLE_GUIDS["{2D5ABB26-0587-4C30-8999-92F81FD0307C}"] == "No Style, No Grid"


@pytest.mark.parametrize("prop,literal,actual", [
    ("transition.type", "淡出", "fade"), ("animation.effect", "飞入", "fly_in"),
    ("animation.trigger", "上一动画之后", "after_previous"),
    ("smartart.layout", "基本流程", "basic_process"), ("shape.kind", "表格", "table"),
    ("transition.duration", "500ms", 0.5), ("animation.delay", "0.25秒", 0.25),
])
def test_expected_literals_parse_and_compare(prop, literal, actual):
    vtype = catalog().get(prop).type_for("ppt")
    assert vtype.equals(actual, vtype.parse(literal), CompareContext())
