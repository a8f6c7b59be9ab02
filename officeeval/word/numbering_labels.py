"""The list labels a reader sees ("1.2", "第三章", "(b)"): counters over the main story in
document order, and the number formats Word renders them in.

Counting follows Word: list instances (``w:num``) that share an abstract list share its
counters, so a second ``w:num`` without overrides continues the numbering; a
``w:startOverride`` restarts its level the first time that instance is used. Using a level
restarts every deeper level unless that level's ``w:lvlRestart`` says otherwise
(``0``: never; ``N``: only when level N or a higher one is used).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from officeeval.word.numbering import LevelDef, Numbering, NumRef

_CN_DIGITS = "零一二三四五六七八九"
_CN_LEGAL = "零壹贰叁肆伍陆柒捌玖"
_TIANGAN = "甲乙丙丁戊己庚辛壬癸"
_DIZHI = "子丑寅卯辰巳午未申酉戌亥"
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
_PLACEHOLDER = re.compile(r"%([1-9])")


def _roman(n: int) -> str:
    if n <= 0 or n >= 4000:
        return str(n)
    out = []
    for value, sym in _ROMAN:
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def _letter(n: int) -> str:
    # Word repeats the letter: 27 -> AA, 28 -> BB.
    if n <= 0:
        return str(n)
    return chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _chinese(n: int, digits: str = _CN_DIGITS, units: tuple[str, str, str] = ("十", "百", "千"),
             drop_leading_one: bool = True) -> str:
    """Chinese counting up to 99999 (一, 十, 十一, 二十, 一百零五, 一千)."""
    if n <= 0 or n >= 100000:
        return str(n)
    if n >= 10000:
        high, low = divmod(n, 10000)
        rest = _chinese(low, digits, units, False) if low else ""
        zero = digits[0] if 0 < low < 1000 else ""
        return _chinese(high, digits, units, drop_leading_one) + "万" + zero + rest
    parts = []
    names = ("", *units)
    s = str(n)
    pending_zero = False
    for i, ch in enumerate(s):
        d = int(ch)
        place = len(s) - 1 - i
        if d == 0:
            pending_zero = True
            continue
        if pending_zero and parts:
            parts.append(digits[0])
        pending_zero = False
        parts.append(digits[d] + names[place])
    text = "".join(parts)
    if drop_leading_one and 10 <= n < 20:
        text = text[1:]  # 十一, not 一十一
    return text


def format_number(n: int, fmt: str) -> str:
    """``n`` rendered in OOXML number format ``fmt``; unknown formats render as decimal."""
    if fmt in ("none",):
        return ""
    if fmt in ("upperRoman", "lowerRoman"):
        r = _roman(n)
        return r if fmt == "upperRoman" else r.lower()
    if fmt in ("upperLetter", "lowerLetter"):
        r = _letter(n)
        return r if fmt == "upperLetter" else r.lower()
    if fmt == "decimalZero":
        return f"{n:02d}" if 0 <= n < 10 else str(n)
    if fmt in ("chineseCounting", "chineseCountingThousand", "japaneseCounting",
               "taiwaneseCounting", "taiwaneseCountingThousand", "japaneseDigitalTenThousand"):
        return _chinese(n)
    if fmt in ("chineseLegalSimplified", "japaneseLegal", "koreanLegal"):
        return _chinese(n, _CN_LEGAL, ("拾", "佰", "仟"), drop_leading_one=False)
    if fmt == "ideographTraditional":
        return _TIANGAN[(n - 1) % 10] if n > 0 else str(n)
    if fmt == "ideographZodiac":
        return _DIZHI[(n - 1) % 12] if n > 0 else str(n)
    if fmt.startswith("decimalEnclosedCircle"):
        return _CIRCLED[n - 1] if 1 <= n <= 20 else str(n)
    if fmt in ("decimalFullWidth", "decimalFullWidth2"):
        return "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in str(n))
    if fmt == "ordinal":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    return str(n)


def render_label(level: LevelDef, counts: list[int | None], levels: list[LevelDef | None]
                 ) -> str:
    """The label of ``level`` given the current counters of all levels."""
    if level.fmt == "bullet":
        return level.text or ""
    pattern = level.text if level.text is not None else f"%{level.ilvl + 1}."

    def sub(m: re.Match) -> str:
        k = int(m.group(1)) - 1
        lv = levels[k] if k < len(levels) else None
        value = counts[k] if k < len(counts) else None
        if value is None:
            value = lv.start if lv is not None else 1
        fmt = lv.fmt if lv is not None else "decimal"
        if level.legal and k < level.ilvl:
            fmt = "decimal"  # isLgl: higher levels shown as Arabic numbers
        return format_number(value, fmt)

    return _PLACEHOLDER.sub(sub, pattern)


def compute_labels(numbering: Numbering, refs: Iterable[tuple[object, NumRef | None]]
                   ) -> dict[object, tuple[str, int]]:
    """Labels for paragraphs in story order: ``{key: (label, counter)}`` for every numbered
    paragraph (``refs`` yields ``(key, NumRef | None)``)."""
    counters: dict[str, list[int | None]] = {}
    pending: dict[str, dict[int, int]] = {}
    seen_nums: set[str] = set()
    out: dict[object, tuple[str, int]] = {}
    for key, ref in refs:
        if ref is None:
            continue
        level = numbering.level(ref.num_id, ref.ilvl)
        if level is None:
            continue
        aid = level.abstract_id
        counts = counters.setdefault(aid, [None] * 9)
        starts = pending.setdefault(aid, {})
        if ref.num_id not in seen_nums:
            seen_nums.add(ref.num_id)
            for lv in range(9):
                ld = numbering.level(ref.num_id, lv)
                if ld is not None and ld.start_override is not None:
                    counts[lv] = None
                    starts[lv] = ld.start_override
        i = ref.ilvl
        if counts[i] is None:
            counts[i] = starts.pop(i, level.start)
        else:
            counts[i] = counts[i] + 1
        for deeper in range(i + 1, 9):
            ld = numbering.level(ref.num_id, deeper)
            restart = ld.restart_after if ld is not None else None
            if restart is None or (restart > 0 and i <= restart - 1):
                counts[deeper] = None
        levels = [numbering.level(ref.num_id, k) for k in range(i + 1)]
        out[key] = (render_label(level, counts, levels), counts[i] or 0)
    return out


def first_label(numbering: Numbering, num_id: str, ilvl: int) -> str | None:
    """The label the first item of level ``ilvl`` of list ``num_id`` shows when every
    level above it is at its start ('第一章', '1.1', '(a)'): the level's number format as
    Word's dialog shows it. ``None`` when the level is not defined."""
    level = numbering.level(num_id, ilvl)
    if level is None:
        return None
    levels = [numbering.level(num_id, i) for i in range(9)]
    counts = [(lv.start_override if lv.start_override is not None else lv.start)
              if lv is not None else None for lv in levels]
    return render_label(level, counts, levels)
