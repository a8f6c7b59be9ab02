"""The instruction's steps, and which step a drafted criterion most likely grades: the step
that mentions the most of the criterion's values (黑体, 二号, 1.5 倍, a cell range, a slide
title, a paragraph's opening words)."""

from __future__ import annotations

import re

from officeeval.rubric.instruction import Step, match, spoken_forms, steps

__all__ = ["Step", "steps", "match", "prop_words", "PROP_WORDS"]


# What a step calls the feature a property belongs to (a criterion on a section's footer is
# about "页脚" even when none of its values is named).
PROP_WORDS = (
    ("header.", ("页眉",)), ("footer.", ("页脚",)), ("page_numbers.", ("页码",)),
    ("slide.number", ("编号",)), ("slide.footer", ("页脚",)), ("slide.date", ("日期",)),
    ("slide.background", ("背景",)), ("transition.", ("切换",)), ("animation.", ("动画",)),
    ("caption.", ("题注",)), ("toc.", ("目录",)), ("chart.", ("图表",)),
    ("image.", ("图片",)), ("paragraph.numbering", ("编号",)), ("section.", ("分节",)),
    ("page.margin", ("页边距",)), ("page.size", ("纸张",)), ("columns.", ("分栏",)),
    ("cf.", ("条件格式",)), ("validation.", ("数据验证", "有效性")),
    ("pivot.", ("数据透视",)), ("hyperlink.", ("超链接",)), ("notes.", ("备注",)),
    ("presentation.", ("放映",)), ("sheet.print", ("打印",)), ("sheet.freeze", ("冻结",)),
    ("table.border", ("边框",)), ("cell.border", ("边框",)), ("paragraph.border", ("边框",)),
    ("paragraph.shading", ("底纹",)), ("cell.fill", ("填充",)), ("core.", ("属性",)),
)


def prop_words(props) -> list[str]:
    """The words a step uses for the features of ``props``."""
    out: list[str] = []
    for p in props:
        for prefix, words in PROP_WORDS:
            if p and p.startswith(prefix):
                out += [w for w in words if w not in out]
    return out


# The forms a step writes a value in (shared with the audit's literal origins).
_variants = spoken_forms