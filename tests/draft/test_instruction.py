"""draft/instruction.py: an instruction's numbered steps, whether a step writes a value as
a person does, the words a step uses for a feature, and which step a drafted criterion
most likely grades."""

from __future__ import annotations

import pytest

from officeeval.draft.instruction import (
    Step, decisive_words, match, prop_words, said, step_of, steps,
)


def test_steps_are_the_numbered_lines_and_their_bullets_before_the_translation():
    md = ("# word-x · 通知排版（一级 · Word）\n\n## 题目（中文）\n\n"
          "1. 将标题设置为黑体、二号，居中。\n2. 正文首行缩进 2 字符，1.5 倍行距。\n"
          "   - 段后 0.5 行；\n\n## Task (English translation)\n\n1. Title: SimHei.\n")
    st = steps(md)
    assert [(s.number, s.text) for s in st] == [
        ("1", "将标题设置为黑体、二号，居中。"), ("2", "正文首行缩进 2 字符，1.5 倍行距。"),
        ("2.1", "段后 0.5 行；")]
    assert match(["黑体", "二号"], st).number == "1"
    assert match(["2char", "1.5line"], st).number == "2"
    assert match(["0.5line"], st).number == "2.1"
    assert match(["楷体"], st) is None


def test_steps_join_continued_lines_and_read_other_numberings():
    assert steps("") == []
    st = steps("1、第一步\n3. 第三步\n   续写\n")
    assert [(s.number, s.text) for s in st] == [("1", "第一步"), ("3", "第三步续写")]


def test_said_reads_numbers_and_sizes_as_a_person_does():
    assert said("行距为固定值 20 磅", "20pt")
    assert not said("行距为固定值 20 磅", "0pt")          # 0 磅 is not in 20 磅
    assert not said("黑体、小二号、加粗", "二号")          # 二号 is not 小二号
    assert said("黑体、二号、加粗", "二号")
    assert said("首行缩进 2 字符", "2char")


def test_a_target_text_inside_a_longer_quoted_value_does_not_make_the_step():
    st = [Step("1", "文档属性：标题为“云溪市主城区公共交通出行调查报告”。"),
          Step("2", "封面的排版参照示例图（前两行黑体并加粗）。")]
    assert step_of(["黑体", "加粗"], ["云溪市主城区"], st).number == "2"
    # A label alone never picks a step: steps quote values too.
    assert step_of([], ["云溪市主城区"], st) is None


def test_transition_values_go_to_the_step_that_says_transition():
    # 擦除 and 自左侧 are an animation's words too: the step saying 切换 has the transitions.
    st = [Step("9", "为图片设置“擦除”进入动画，效果选项为“自左侧”。"),
          Step("10", "为全部幻灯片设置切换效果。")]
    tokens = ["擦除", "自左侧", "切换"]
    assert step_of(tokens, [], st, ["transition.type", "transition.direction"]).number == "10"
    assert step_of(["擦除", "自左侧", "动画"], [], st, ["animation.effect"]).number == "9"
    # A criterion that also grades another feature is matched on all its words.
    assert step_of(tokens, [], st, ["transition.type", "slide.hidden"]).number == "9"


def test_feature_words_steer_a_criterion_to_its_step():
    st = steps("## 题目（中文）\n\n1. 将文档分为三节，第 3 节为正文。\n"
               "2. 封面不显示页眉页脚；正文的页脚显示页码。\n")
    assert prop_words(["header.visible", "footer.has_page_number", "page_numbers.start"]) \
        == ["页眉", "页脚", "页码"]
    assert match(["第 3 节"], st).number == "1"
    assert match(["第 3 节", *prop_words(["header.visible", "footer.visible",
                                          "page_numbers.start"])], st).number == "2"


@pytest.mark.parametrize("text, literal, want", [
    ("段前 0.5 行，1.5 倍行距", "1.5line", True),
    ("上边距 3 厘米", "3cm", True),
    ("字号 5 磅", "5pt", True),
    ("2025 年", "5", False),               # a number only as a number of its own
    ("标题设置为黑体", "楷体", False),
    ("", "黑体", False),
])
def test_said_in_the_forms_a_step_writes(text, literal, want):
    assert said(text, literal) is want


def test_prop_words_in_order_without_repeats():
    assert prop_words(["header.visible", None, "footer.text", "slide.footer.visible",
                       "transition.type"]) == ["页眉", "页脚", "切换"]
    assert prop_words([]) == []
    assert prop_words(["font.bold"]) == []


def test_decisive_words_only_when_every_property_has_one():
    assert decisive_words(["transition.type", "animation.effect"]) == ["切换", "动画"]
    assert decisive_words(["transition.type", "transition.duration"]) == ["切换"]
    assert decisive_words(["transition.type", "font.bold"]) == []
    assert decisive_words([]) == []
    assert decisive_words([None]) == []


def test_step_of_prefers_the_step_naming_the_most_values():
    st = [Step("1", "标题为黑体。"), Step("2", "正文为黑体、二号。")]
    assert step_of(["黑体"], [], st).number == "1"            # a tie: the first
    assert step_of(["黑体", "二号"], [], st).number == "2"
    # A target's own text (its label) breaks the tie once a value is named.
    st2 = [Step("1", "正文为黑体。"), Step("2", "将“调查背景”一段设置为黑体。")]
    assert step_of(["黑体"], ["调查背景"], st2).number == "2"
    assert step_of(["黑体"], [], []) is None
    assert step_of([], [], st) is None


def test_step_of_with_a_deciding_word_no_step_says_falls_back_to_all_steps():
    st = [Step("1", "为全部幻灯片设置切换效果。"), Step("2", "切换效果为推进。")]
    # Every step says 切换: the deciding word narrows nothing.
    assert step_of(["推进"], [], st, ["transition.type"]).number == "2"
    assert step_of(["擦除"], [], st, ["transition.type"]) is None
