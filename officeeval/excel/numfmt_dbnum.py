"""``[DBNum1]`` / ``[DBNum2]`` / ``[DBNum3]``: Chinese numerals in rendered numbers.

DBNum1 uses 一二三 with 十百千万亿 units (``123`` -> 一百二十三), DBNum2 the financial
forms 壹贰叁 with 拾佰仟万亿, DBNum3 full-width digits with units. A General section reads
numbers with units; digit placeholders and date parts convert digit by digit except
month/day-sized numbers in dates, which Excel also reads with units (``12`` -> 十二).
"""

from __future__ import annotations

import re

_DIGITS = {1: "〇一二三四五六七八九", 2: "零壹贰叁肆伍陆柒捌玖", 3: "０１２３４５６７８９"}
_UNITS = {1: ("", "十", "百", "千"), 2: ("", "拾", "佰", "仟"), 3: ("", "十", "百", "千")}
_BIG = ("", "万", "亿", "万亿")
_ZERO = "零"  # reading with units says 零 for skipped places (一千零五), whatever the style


def _four(n: int, style: int) -> str:
    """0 < n < 10000 with units; internal zeros read once (一千零五)."""
    digits, units = _DIGITS[style], _UNITS[style]
    s = f"{n:04d}"
    out, zero = [], False
    for pos, ch in enumerate(s):
        d = int(ch)
        place = 3 - pos
        if d == 0:
            zero = bool(out)
            continue
        if zero:
            out.append(_ZERO)
            zero = False
        out.append(digits[d] + units[place])
    return "".join(out)


def with_units(n: int, style: int) -> str:
    """An integer read with units: 123 -> 一百二十三 (DBNum1), 10 -> 十 (Excel drops 一 in
    一十 for DBNum1)."""
    if n == 0:
        return _DIGITS[style][0]
    groups = []
    while n:
        n, g = divmod(n, 10000)
        groups.append(g)
    out = []
    zero_gap = False
    for idx in range(len(groups) - 1, -1, -1):
        g = groups[idx]
        if g == 0:
            zero_gap = True
            continue
        if out and (zero_gap or g < 1000):
            out.append(_ZERO)
        out.append(_four(g, style) + _BIG[idx] if idx < len(_BIG) else _four(g, style))
        zero_gap = False
    text = "".join(out)
    if style == 1 and text.startswith("一十"):
        text = text[1:]
    return text


def digitwise(text: str, style: int) -> str:
    return "".join(_DIGITS[style][int(ch)] if ch.isdigit() and ch.isascii() else ch
                   for ch in text)


def apply(text: str, style: int, by_digit: bool) -> str:
    """Convert the ASCII digits of rendered ``text``; unknown styles leave it unchanged."""
    if style not in _DIGITS:
        return text
    if not by_digit:
        return re.sub(r"\d+", lambda m: with_units(int(m.group(0)), style), text)

    def conv(m: re.Match) -> str:
        s = m.group(0)
        # Years (4 digits) read digit by digit; short numbers (months, days) with units.
        if len(s) <= 2 and s != "0":
            return with_units(int(s), style)
        return digitwise(s, style)

    return re.sub(r"\d+", conv, text)
