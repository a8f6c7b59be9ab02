"""Date and time rendering for number-format sections: ``y m d h s`` codes, ``m`` as minutes
next to hours or seconds, AM/PM and 上午/下午, fractional seconds, elapsed ``[h]:mm``, and
Chinese month and weekday names when the section's locale is Chinese (``[$-804]``) or the
code asks for them (``aaa``/``aaaa``)."""

from __future__ import annotations

import math

from officeeval.excel.dates import serial_parts

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_ZH_MONTHS = ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月",
              "十一月", "十二月"]
_ZH_DAYS = "一二三四五六日"
_ZH_LOCALES = {"804", "404", "c04", "1004", "1404", "x-sysdate", "zh-cn", "zh-tw"}


def _is_zh(locale: str) -> bool:
    loc = locale.lower().lstrip("0") if locale else ""
    return loc in _ZH_LOCALES or loc.endswith("0804") or loc.endswith("0404") or \
        loc.startswith("zh")


def _minute_positions(tokens: list[tuple[str, str]]) -> set[int]:
    """Indexes of ``m``/``mm`` tokens that mean minutes: after an hour or before seconds."""
    dated = [(i, t) for i, (k, t) in enumerate(tokens) if k in ("date", "elapsed")]
    out = set()
    for pos, (i, t) in enumerate(dated):
        if t not in ("m", "mm"):
            continue
        prev = dated[pos - 1][1] if pos > 0 else ""
        nxt = dated[pos + 1][1] if pos + 1 < len(dated) else ""
        if prev.startswith(("h", "s")) or nxt.startswith("s"):
            out.add(i)
    return out


def render(serial: float, tokens: list[tuple[str, str]], date1904: bool, locale: str
           ) -> str | None:
    """The serial shown with a date/time section's tokens; ``None`` when the serial is not
    displayable as a date (negative or past 9999)."""
    frac_digits = 0
    for i, (k, t) in enumerate(tokens):
        if k == "dot" and i > 0 and tokens[i - 1][0] in ("date", "elapsed") and \
                tokens[i - 1][1].startswith("s"):
            j = i + 1
            while j < len(tokens) and tokens[j] == ("digit", "0"):
                frac_digits += 1
                j += 1
            break
    elapsed_units = {t[0] for k, t in tokens if k == "elapsed"}
    negative = serial < 0 and bool(elapsed_units)
    if negative:
        serial = -serial  # elapsed times may be negative: Excel shows a minus sign
    step = 10 ** -frac_digits if frac_digits else 1.0
    parts = serial_parts(serial, date1904, round_to=step)
    if parts is None:
        return None
    total = round(serial * 86400 / step) * step
    zh = _is_zh(locale)
    ampm = next((t for k, t in tokens if k == "ampm"), None)
    minutes = _minute_positions(tokens)
    out: list[str] = []
    skip_digits = 0
    for i, (kind, t) in enumerate(tokens):
        if skip_digits and kind == "digit":
            skip_digits -= 1
            continue
        if kind == "lit":
            out.append(t)
        elif kind == "ampm":
            pm = parts.hour >= 12
            if t == "上午/下午":
                out.append("下午" if pm else "上午")
            elif t.upper() == "AM/PM":
                out.append("PM" if pm else "AM")
            else:
                a, _, p = t.partition("/")
                out.append(p if pm else a)
        elif kind == "elapsed" or (kind == "date" and t[0] in elapsed_units
                                   and not (t[0] == "m" and i not in minutes)):
            unit = {"h": 3600, "m": 60, "s": 1}[t[0]]
            value = math.floor(round(total, 6) / unit)
            out.append(f"{value:0{min(len(t), 2) if kind == 'date' else len(t)}d}")
        elif kind == "dot":
            if frac_digits and i > 0 and tokens[i - 1][0] in ("date", "elapsed"):
                frac = f"{parts.micro / 1_000_000:.{frac_digits}f}"[1:]
                out.append(frac)
                skip_digits = frac_digits
            else:
                out.append(".")
        elif kind == "date":
            out.append(_date_token(t, i in minutes, parts, ampm is not None, zh))
        elif kind == "digit":
            out.append(t if t == "0" else "")
        elif kind in ("percent", "comma"):
            out.append("%" if kind == "percent" else ",")
    return ("-" if negative else "") + "".join(out)


def _date_token(t: str, is_minute: bool, p, twelve: bool, zh: bool) -> str:
    c = t[0]
    n = len(t)
    if c in ("y", "e"):
        return f"{p.year % 100:02d}" if (c == "y" and n <= 2) else f"{p.year:04d}"
    if c in ("b", "g"):
        return str(p.year + 543) if c == "b" else ""
    if c == "m":
        if is_minute and n <= 2:
            return f"{p.minute:0{n}d}"
        if n == 1:
            return str(p.month)
        if n == 2:
            return f"{p.month:02d}"
        if n == 3:
            return f"{p.month}月" if zh else _MONTHS[p.month - 1][:3]
        if n == 4:
            return _ZH_MONTHS[p.month - 1] if zh else _MONTHS[p.month - 1]
        return _MONTHS[p.month - 1][0]
    if c == "d":
        if n == 1:
            return str(p.day)
        if n == 2:
            return f"{p.day:02d}"
        if n == 3:
            return f"周{_ZH_DAYS[p.weekday]}" if zh else _DAYS[p.weekday][:3]
        return f"星期{_ZH_DAYS[p.weekday]}" if zh else _DAYS[p.weekday]
    if c == "a":
        return f"星期{_ZH_DAYS[p.weekday]}" if n >= 4 else _ZH_DAYS[p.weekday]
    if c == "h":
        h = p.hour
        if twelve:
            h = h % 12 or 12
        return f"{h:0{min(n, 2)}d}"
    if c == "s":
        return f"{p.second:0{min(n, 2)}d}"
    return t
