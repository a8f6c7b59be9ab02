"""A task's instruction as a candidate reads it: where it is found, its numbered steps, and
whether it names a value in one of the forms a step writes it (1.5 倍 for ``1.5line``,
2 字符 for ``2char``, 48 磅 for ``48pt``, 居中 for ``center``).

The audit reads it to tell where a rubric's literals come from and which step a criterion
grades; ``draft`` to attach criteria to steps. Nothing here raises for a missing or
unreadable instruction: it is the empty text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

FILE_NAME = "instruction.md"
MAX_BYTES = 256 * 1024


# How steps name values whose rubric token reads otherwise (a page-number format, a
# section start, a summary function).
SPOKEN_VALUES = {"decimal": ("1, 2, 3", "1,2,3", "阿拉伯数字"),
                 "upperRoman": ("I, II, III", "I,II,III", "大写罗马"),
                 "lowerRoman": ("i, ii, iii", "i,ii,iii", "小写罗马"),
                 "nextPage": ("下一页", "新页", "新的一页"),
                 "sum": ("求和", "之和", "合计"), "count": ("计数", "个数", "数量"),
                 "average": ("平均", "平均值"), "max": ("最大",), "min": ("最小",),
                 "top10": ("最高的", "最大的", "前"), "bottom10": ("最低的", "最小的", "后"),
                 "between": ("之间", "～", "介于")}


@dataclass
class Step:
    number: str
    text: str


def task_instruction(instruction: str, input_path: str | None) -> str:
    """The instruction text of a task: the rubric's ``<instruction>`` and the
    ``instruction.md`` beside its input (both, when both exist); ``""`` when neither."""
    text = instruction or ""
    if input_path:
        md = Path(input_path).parent / FILE_NAME
        try:
            if md.is_file() and md.stat().st_size <= MAX_BYTES:
                text += "\n" + md.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            pass
    return text


# A step's number as exam papers write it: ``3.``, ``3、``, ``3．``, ``3)``, ``3）``; and a
# numbered part of a step, ``(1)`` or ``（1）`` (a step of its own when no step is open).
_NUMBERED = re.compile(r"^\s*(\d+)[.、．)）]\s*(.+)")
_PART = re.compile(r"^\s*[(（](\d+)[)）]\s*(.+)")


def steps(markdown: str) -> list[Step]:
    """The Chinese steps of an instruction (numbered lines and their bullets, up to the
    English translation); a step's bullets and its numbered parts (``（1）``) are steps of
    their own numbered ``3.1``…"""
    zh = re.split(r"^##\s*Task\b|^##\s*.*English", markdown, maxsplit=1, flags=re.M)[0]
    out: list[Step] = []
    current = ""
    sub = 0
    for line in zh.splitlines():
        m = _NUMBERED.match(line)
        part = _PART.match(line)
        b = re.match(r"^\s+[-*]\s*(.+)", line)
        if m:
            current, sub = m.group(1), 0
            out.append(Step(current, m.group(2).strip()))
        elif part and not current:
            out.append(Step(part.group(1), part.group(2).strip()))
        elif part:
            sub += 1
            out.append(Step(f"{current}.{sub}", part.group(2).strip()))
        elif b and current:
            sub += 1
            out.append(Step(f"{current}.{sub}", b.group(1).strip()))
        elif line.startswith("   ") and out and line.strip():
            out[-1].text += line.strip()
    return out


def spoken_forms(token: str) -> list[str]:
    """The ways a step may write a rubric literal: ``1.5line`` as 1.5 倍 or 1.5 行, ``2char``
    as 2 字符, ``3cm`` as 3 厘米, ``48pt`` as 48 磅, ``1.25s`` as 1.25 秒, a rendered
    ``x (y)`` as both; ``[]`` for a truth value or a one-letter token (a step names those
    by its verb, not by the value)."""
    t = token.strip()
    out = {t}
    if re.match(r"^[\d.]+line$", t):
        n = t[:-4]
        out |= {f"{n} 倍", f"{n}倍", f"{n} 行", f"{n}行"}
    if t.endswith("char"):
        n = t[:-4]
        out |= {f"{n} 字符", f"{n}字符"}
    if t.endswith("cm"):
        n = t[:-2].rstrip("0").rstrip(".") if "." in t[:-2] else t[:-2]
        out |= {f"{n} 厘米", f"{n}厘米", f"{n}cm"}
    if re.match(r"^[\d.]+pt$", t):
        n = t[:-2]
        out |= {f"{n} 磅", f"{n}磅"}
    if re.match(r"^[\d.]+s$", t):
        n = t[:-1]
        out |= {f"{n} 秒", f"{n}秒"}
    m = re.match(r"^(.+?) \((.+)\)$", t)
    if m:
        out |= {m.group(1), m.group(2)}
    if t.lower() in ("true", "false") or len(t) < 2 and not re.match(r"[\u4e00-\u9fff]", t):
        return []
    return [v for v in out if v]


def fold(text: str) -> str:
    """Text as compared for a mention: NFKC (full-width letters and digits as ASCII), case
    folded, without white space or quotes."""
    t = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[\s\"'“”‘’「」『』]+", "", t)


def mentions(text: str, literal: str, folded: str | None = None) -> bool:
    """Whether ``text`` (or its ``fold``, when given) names ``literal`` in one of its
    spoken forms. A short number is named only as a number of its own (``5`` is not in
    ``2025``)."""
    hay = folded if folded is not None else fold(text)
    for form in spoken_forms(literal) or [literal.strip()]:
        f = fold(form)
        if not f:
            continue
        if re.fullmatch(r"[\d.]+", f):
            if re.search(rf"(?<![\d.]){re.escape(f)}(?![\d.])", hay):
                return True
        elif f in hay:
            return True
    return False


def match(tokens: list[str], all_steps: list[Step]) -> Step | None:
    """The step mentioning the most of ``tokens`` (longer mentions weigh more); ``None``
    when none mentions any."""
    best, best_score = None, 0.0
    for s in all_steps:
        score = 0.0
        # A text quoted with a full-width space (“校团委\u3000图书馆”) matches its label.
        flat = re.sub(r"\s+", "", s.text)
        for tok in tokens:
            for v in spoken_forms(tok):
                if len(v) >= 2 and (v in s.text or re.sub(r"\s+", "", v) in flat):
                    score += min(len(v), 8)
                    break
        if score > best_score:
            best, best_score = s, score
    return best
