"""The instruction's steps, and which step a drafted criterion most likely grades: the step
that mentions the most of the criterion's values (黑体, 二号, 1.5 倍, a cell range, a slide
title, a paragraph's opening words)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass
class Step:
    number: str
    text: str


def steps(markdown: str) -> list[Step]:
    """The Chinese steps of an instruction (numbered lines and their bullets, up to the
    English translation); a step's bullets are steps of their own numbered ``3.1``…"""
    zh = re.split(r"^##\s*Task\b|^##\s*.*English", markdown, maxsplit=1, flags=re.M)[0]
    out: list[Step] = []
    current = ""
    sub = 0
    for line in zh.splitlines():
        m = re.match(r"^\s*(\d+)[.、．)]\s*(.+)", line)
        b = re.match(r"^\s+[-*]\s*(.+)", line)
        if m:
            current, sub = m.group(1), 0
            out.append(Step(current, m.group(2).strip()))
        elif b and current:
            sub += 1
            out.append(Step(f"{current}.{sub}", b.group(1).strip()))
        elif line.startswith("   ") and out and line.strip():
            out[-1].text += line.strip()
    return out


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


def _variants(token: str) -> list[str]:
    t = token.strip()
    out = {t}
    if t.endswith("line") and re.match(r"^[\d.]+line$", t):
        n = t[:-4]
        out |= {f"{n} 倍", f"{n}倍", f"{n} 行", f"{n}行"}
    if t.endswith("char"):
        n = t[:-4]
        out |= {f"{n} 字符", f"{n}字符"}
    if t.endswith("cm"):
        n = t[:-2].rstrip("0").rstrip(".")
        out |= {f"{n} 厘米", f"{n}厘米", f"{n}cm"}
    m = re.match(r"^(.+?) \((.+)\)$", t)
    if m:
        out |= {m.group(1), m.group(2)}
    if t in ("true", "false") or len(t) < 2 and not re.match(r"[\u4e00-\u9fff]", t):
        return []
    return [v for v in out if v]


def match(tokens: list[str], all_steps: list[Step]) -> Step | None:
    """The step mentioning the most of ``tokens`` (longer mentions weigh more); ``None``
    when none mentions any."""
    best, best_score = None, 0.0
    for s in all_steps:
        score = 0.0
        # A text quoted with a full-width space (“校团委\u3000图书馆”) matches its label.
        flat = re.sub(r"\s+", "", s.text)
        for tok in tokens:
            for v in _variants(tok):
                if len(v) >= 2 and (v in s.text or re.sub(r"\s+", "", v) in flat):
                    score += min(len(v), 8)
                    break
        if score > best_score:
            best, best_score = s, score
    return best
