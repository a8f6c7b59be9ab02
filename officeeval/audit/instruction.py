"""The task's instruction as the audit's other-answer variants read it: what it names (an
object's name, a colour, a font size, a number), where it puts a created object (右下角,
居中, 顶部 …, an Excel cell area) and which values it leaves to an example picture.

The text is found next to the rubric's files (``instruction.md`` beside the input or the
reference, ``samples/<rubric id>/instruction.md`` beside the rubric folder) and in the
rubric's ``<instruction>``; its steps and its folding are ``rubric.instruction``'s (NFKC —
width and compatibility forms folded —, case folded, without white space or quotes, so
``Ｃｈａｒｔ 2`` and ``chart2`` are the same words).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from officeeval.ooxml.colors import NAMED_COLORS
from officeeval.ooxml.units import CHINESE_FONT_SIZES
from officeeval.rubric.instruction import FILE_NAME, MAX_BYTES, fold
from officeeval.rubric.instruction import steps as shared_steps
from officeeval.rubric.model import Rubric

__all__ = ["Instruction", "Step", "candidates", "fold", "load"]


@dataclass(frozen=True)
class Step:
    """One numbered step (a bullet under a step is a step of its own, ``3.1``): ``text``
    as written, ``folded`` as compared."""

    number: str
    text: str

    @property
    def folded(self) -> str:
        return fold(self.text)

    def clauses(self) -> list[str]:
        """The step cut at ``；`` / ``。`` / ``;``: one object's words are usually one
        clause (``…添加超链接；在右下角添加一个动作按钮``)."""
        return [c for c in re.split(r"[；;。]", self.text) if c.strip()]


# A step that leaves a value to an example picture.
_PICTURED = re.compile(r"(参照|参考|如|同|按照?|依照|仿照)[^，。；,;]{0,8}?(示例|样例|样张)?图|"
                       r"example-?\d*\.(png|jpe?g)|示例图|样张")
# What the picture gives, by property family.
_COLOUR_WORDS = ("颜色", "填充", "背景", "配色", "色彩", "底纹", "着色", "色条", "字体色")
_SIZE_WORDS = ("字号", "字体大小", "文字大小", "字体格式", "排版")


@dataclass
class Instruction:
    """The instruction of one task (``text`` may be English and Chinese; ``steps`` are the
    Chinese part's numbered steps)."""

    text: str
    steps: list[Step] = field(default_factory=list)

    @property
    def folded(self) -> str:
        return fold(self.text)

    # ------------------------------------------------------------------ names and values
    def gives_name(self, name: str) -> bool:
        """Whether the instruction writes ``name`` (an object's name it asks for). A name
        of fewer than two characters, or only digits, is never taken as given."""
        key = fold(name)
        if len(key) < 2 or key.isdigit():
            return False
        return key in self.folded

    def named_colours(self) -> set[str]:
        """Every colour the words name, as ``RRGGBB``: ``#1F4E79``, ``RGB(31, 78, 121)``,
        ``红色 31、绿色 78、蓝色 121`` and the palette's names (标准色“深红”, 红色)."""
        text = unicodedata.normalize("NFKC", self.text)
        out = {m.group(1).upper() for m in re.finditer(r"#?\b([0-9A-Fa-f]{6})\b", text)
               if re.search(r"[A-Fa-f]", m.group(1)) or m.group(0).startswith("#")}
        for m in re.finditer(r"RGB\s*[(（]?\s*(\d{1,3})\s*[,，、]\s*(\d{1,3})\s*[,，、]\s*"
                             r"(\d{1,3})", text, re.I):
            out.add("".join(f"{min(255, int(v)):02X}" for v in m.groups()))
        m3 = re.findall(r"红色?\s*[:：]?\s*(\d{1,3})\D{1,4}绿色?\s*[:：]?\s*(\d{1,3})\D{1,4}"
                        r"蓝色?\s*[:：]?\s*(\d{1,3})", text)
        for r, g, b in m3:
            out.add(f"{min(255, int(r)):02X}{min(255, int(g)):02X}{min(255, int(b)):02X}")
        folded, lower = self.folded, text.lower()
        for name, rgb in NAMED_COLORS.items():
            if name.isascii():
                if re.search(rf"\b{re.escape(name)}\b", lower):
                    out.add(rgb)
            elif len(name) >= 2 and fold(name) in folded:
                out.add(rgb)
        return out

    def named_sizes(self) -> set[float]:
        """Every font size the words name, in points (``48 磅``, ``12pt``, ``小四``)."""
        text = unicodedata.normalize("NFKC", self.text)
        out = {float(m.group(1)) for m in re.finditer(r"(\d+(?:\.\d+)?)\s*(磅|pt|号字)",
                                                        text, re.I)}
        for name, pt in CHINESE_FONT_SIZES.items():
            if name in text:
                out.add(float(pt))
        return out

    # ------------------------------------------------------------------ pictures
    def pictured_steps(self) -> list[Step]:
        return [s for s in self.steps if _PICTURED.search(s.text)]

    def _pictured_clauses(self) -> list[str]:
        # Cut at commas too: in "字号 36 磅，颜色参照示例图" only the colour is pictured.
        return [c for s in self.pictured_steps() for c in re.split(r"[，,；;。]", s.text)
                if _PICTURED.search(c)]

    def pictures_colours(self) -> bool:
        """Whether some step leaves a colour to an example picture (颜色/填充/背景 …
        参照示例图)."""
        return any(w in c for c in self._pictured_clauses() for w in _COLOUR_WORDS)

    def pictures_sizes(self) -> bool:
        """Whether some step leaves font sizes to an example picture (字号 …
        参照示例图, or a whole layout: 排版参照示例图)."""
        return any(w in c for c in self._pictured_clauses() for w in _SIZE_WORDS)

    # ------------------------------------------------------------------ objects
    def _scored(self, names: Iterable[str], kind_words: Iterable[str],
                context: Iterable[str]) -> list[tuple[int, int, str]]:
        """(score, step index, clause) of every clause naming the object or its kind."""
        names = [fold(n) for n in names if len(fold(n)) >= 2]
        kinds = [fold(k) for k in kind_words]
        ctx = [fold(c) for c in context if len(fold(c)) >= 2]
        out = []
        for i, step in enumerate(self.steps):
            bonus = 2 * sum(1 for c in ctx if c in step.folded)
            for clause in step.clauses():
                f = fold(clause)
                score = 3 * sum(f.count(n) for n in names) + sum(f.count(k) for k in kinds)
                if score:
                    out.append((score + bonus, i, clause))
        return out

    def clause_about(self, names: Iterable[str], kind_words: Iterable[str],
                     context: Iterable[str] = ()) -> str | None:
        """The clauses most about an object, joined with ``；``: a clause scores 3 for each
        time it writes the object's name, 1 for each time it uses its kind's word (按钮,
        图表 …), and 2 for each of ``context`` (the slide's title, the sheet's name) its
        step writes; every clause of the best score is kept. ``None`` when no clause names
        the object or its kind."""
        scored = self._scored(names, kind_words, context)
        if not scored:
            return None
        best = max(s for s, _, _ in scored)
        return "；".join(c for s, _, c in scored if s == best)

    def step_about(self, names: Iterable[str], kind_words: Iterable[str],
                   context: Iterable[str] = ()) -> str | None:
        """Every clause naming the object or its kind in the step of the best clause,
        joined with ``；`` (a step may give the size in one clause and the rest in
        another); ``None`` as ``clause_about``."""
        scored = self._scored(names, kind_words, context)
        if not scored:
            return None
        best = max(scored)[1]
        return "；".join(c for _, i, c in scored if i == best)


def _steps(markdown: str) -> list[Step]:
    """The Chinese steps (``rubric.instruction.steps``: numbered lines, their continuation
    lines and bullets, before the English translation)."""
    return [Step(s.number, s.text) for s in shared_steps(markdown)]


def candidates(rubric: Rubric, input_path: str | None, reference_path: str | None
               ) -> list[Path]:
    """Where a task's ``instruction.md`` may be, most likely first."""
    out: list[Path] = []
    for p in (input_path, reference_path):
        if p:
            out.append(Path(p).parent / FILE_NAME)
    if rubric.path:
        out.append(Path(rubric.path).resolve().parent.parent / "samples" / rubric.id
                   / FILE_NAME)
    return list(dict.fromkeys(out))


def load(rubric: Rubric, input_path: str | None = None, reference_path: str | None = None
         ) -> Instruction | None:
    """The task's instruction: the rubric's ``<instruction>`` and the first readable
    ``instruction.md`` of ``candidates``. ``None`` when there is neither (the variants that
    need the words are then not made). Never raises."""
    text = rubric.instruction or ""
    for path in candidates(rubric, input_path, reference_path):
        try:
            if path.is_file() and path.stat().st_size <= MAX_BYTES:
                text = (text + "\n" + path.read_text("utf-8")).strip()
                break
        except (OSError, UnicodeDecodeError):
            continue
    if not text.strip():
        return None
    return Instruction(text, _steps(text))
