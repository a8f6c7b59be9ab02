"""The steps of an instruction as exam papers number them (``rubric.instruction.steps``)."""

from __future__ import annotations

import pytest

from officeeval.rubric.instruction import steps


@pytest.mark.parametrize("mark", [".", "、", "．", ")", "）"])
def test_every_way_of_numbering_a_step(mark):
    got = steps(f"说明\n1{mark}设置标题为黑体；\n2{mark} 正文首行缩进 2 字符。\n")
    assert [(s.number, s.text) for s in got] == [("1", "设置标题为黑体；"),
                                                 ("2", "正文首行缩进 2 字符。")]


def test_numbered_parts_and_bullets_are_steps_of_their_own():
    text = ("1. 对正文进行排版：\n（1）中文字体为宋体；\n(2) 字号为五号。\n"
            "2. 设置页面：\n   - 上下边距 2.5 厘米\n   - 纸张 A4\n"
            "   续行说明\n\n## Task (English translation)\n1. Format the body.\n")
    got = [(s.number, s.text) for s in steps(text)]
    assert got == [("1", "对正文进行排版："), ("1.1", "中文字体为宋体；"), ("1.2", "字号为五号。"),
                   ("2", "设置页面："), ("2.1", "上下边距 2.5 厘米"),
                   ("2.2", "纸张 A4续行说明")]


def test_parts_without_a_step_above_them_are_the_steps():
    got = [(s.number, s.text) for s in steps("（1）插入图表；\n（2）添加标题。")]
    assert got == [("1", "插入图表；"), ("2", "添加标题。")]


def test_a_number_without_its_mark_is_no_step():
    assert steps("2025年9月1日前完成。\n3 倍行距") == []
