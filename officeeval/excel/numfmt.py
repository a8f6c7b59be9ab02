"""Number format codes: parsing into sections and tokens, choosing the section for a value,
and rendering numbers and text as Excel shows them (``cell.display``).

Covered: up to four sections with conditions (``[>=90]``) and colors, ``General``, digit
placeholders ``0 # ?``, thousands separators and scaling commas, percent, scientific,
fractions, literals (``"…"``, ``\\x``, ``_x`` spacing, ``*x`` fill dropped), currency and
locale tags (``[$¥-804]``), ``@`` text, dates and times (see ``numfmt_dates``), elapsed
time, and ``[DBNum1]``/``[DBNum2]``/``[DBNum3]`` Chinese numerals. Rendering never raises:
an unusable code falls back to General.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from functools import lru_cache

from officeeval.cache import cached_property
from officeeval.excel import numfmt_dbnum, numfmt_dates

_COLORS = {"black", "blue", "cyan", "green", "magenta", "red", "white", "yellow",
           "黑色", "蓝色", "青色", "绿色", "洋红", "红色", "白色", "黄色"}
_COND = re.compile(r"^(<=|>=|<>|<|>|=)\s*(-?\d+(?:\.\d+)?)$")
_DATE_LETTERS = set("ymdhseYMDHSEbBgG")


@dataclass
class Section:
    tokens: list[tuple[str, str]] = field(default_factory=list)
    condition: tuple[str, float] | None = None
    color: str | None = None
    dbnum: int = 0
    locale: str = ""

    # Sections are built once per format code (``parse`` is cached), so these are too.
    @cached_property
    def is_date(self) -> bool:
        return any(k in ("date", "elapsed", "ampm") for k, _ in self.tokens)

    @cached_property
    def is_text(self) -> bool:
        return any(k == "at" for k, _ in self.tokens)

    @cached_property
    def is_general(self) -> bool:
        return any(k == "general" for k, _ in self.tokens)

    @cached_property
    def has_digits(self) -> bool:
        return any(k == "digit" for k, _ in self.tokens)


@lru_cache(maxsize=1024)
def parse(code: str) -> tuple[Section, ...]:
    """Split a format code into sections of tokens. Never raises."""
    sections: list[Section] = []
    cur = Section()
    i, n = 0, len(code)
    while i < n:
        ch = code[i]
        if ch == ";":
            sections.append(cur)
            cur = Section()
            i += 1
        elif ch == '"':
            j = code.find('"', i + 1)
            j = n if j < 0 else j
            cur.tokens.append(("lit", code[i + 1:j]))
            i = j + 1
        elif ch == "\\":
            cur.tokens.append(("lit", code[i + 1:i + 2]))
            i += 2
        elif ch == "_":
            cur.tokens.append(("lit", " " if i + 1 < n else ""))
            i += 2
        elif ch == "*":
            i += 2  # fill character: repeats to the column width; nothing to show here
        elif ch == "[":
            j = code.find("]", i + 1)
            j = n if j < 0 else j
            _bracket(cur, code[i + 1:j])
            i = j + 1
        elif code[i:i + 7].lower() == "general":
            cur.tokens.append(("general", "General"))
            i += 7
        elif code[i:i + 5].upper() == "AM/PM":
            cur.tokens.append(("ampm", "AM/PM"))
            i += 5
        elif code[i:i + 3].upper() == "A/P":
            cur.tokens.append(("ampm", code[i:i + 3]))
            i += 3
        elif code[i:i + 5] == "上午/下午":
            cur.tokens.append(("ampm", "上午/下午"))
            i += 5
        elif ch in "0#?":
            cur.tokens.append(("digit", ch))
            i += 1
        elif ch == ".":
            cur.tokens.append(("dot", "."))
            i += 1
        elif ch == ",":
            cur.tokens.append(("comma", ","))
            i += 1
        elif ch == "%":
            cur.tokens.append(("percent", "%"))
            i += 1
        elif ch in "Ee" and i + 1 < n and code[i + 1] in "+-" and _numeric_so_far(cur):
            cur.tokens.append(("exp", code[i:i + 2]))
            i += 2
        elif ch == "/" and _numeric_so_far(cur):
            cur.tokens.append(("slash", "/"))
            i += 1
        elif ch == "@":
            cur.tokens.append(("at", "@"))
            i += 1
        elif ch in _DATE_LETTERS or (ch in "aA" and code[i:i + 3].lower() == "aaa"):
            j = i
            while j < n and code[j].lower() == ch.lower():
                j += 1
            cur.tokens.append(("date", code[i:j].lower()))
            i = j
        else:
            cur.tokens.append(("lit", ch))
            i += 1
    sections.append(cur)
    return tuple(sections[:4])


def _numeric_so_far(sec: Section) -> bool:
    return any(k == "digit" for k, _ in sec.tokens) and not any(
        k in ("date", "elapsed") for k, _ in sec.tokens)


def _bracket(sec: Section, body: str) -> None:
    low = body.strip().lower()
    if low in _COLORS or re.fullmatch(r"color\s*\d{1,2}", low) or re.fullmatch(r"颜色\s*\d{1,2}", low):
        sec.color = body
        return
    m = _COND.match(body.strip())
    if m:
        sec.condition = (m.group(1), float(m.group(2)))
        return
    if low.startswith("$"):
        sym, _, loc = body[1:].partition("-")
        if sym:
            sec.tokens.append(("lit", sym))
        sec.locale = loc
        return
    if low.startswith("dbnum"):
        try:
            sec.dbnum = int(low[5:])
        except ValueError:
            pass
        return
    if re.fullmatch(r"h+|m+|s+", low):
        sec.tokens.append(("elapsed", low))
        return
    # Unknown bracket codes ([natnum1], [t]…) are ignored, as Excel ignores unknown ones.


@lru_cache(maxsize=1024)
def is_date_format(code: str | None) -> bool:
    """True when the format shows numbers as dates or times (first section decides)."""
    if not code:
        return False
    secs = parse(code)
    return bool(secs) and secs[0].is_date


def _cond_ok(cond: tuple[str, float], v: float) -> bool:
    op, x = cond
    return {"<": v < x, "<=": v <= x, ">": v > x, ">=": v >= x, "=": v == x,
            "<>": v != x}[op]


def choose_section(sections: tuple[Section, ...], v: float) -> tuple[Section, bool]:
    """The section used for number ``v`` and whether a minus sign must be added."""
    numeric = [s for s in sections if not (s.is_text and not s.has_digits and not s.is_date)]
    if not numeric:
        return Section([("general", "General")]), v < 0
    if any(s.condition for s in numeric):
        for idx, s in enumerate(numeric[:2]):
            if s.condition and _cond_ok(s.condition, v):
                return s, v < 0 and idx == 0
        rest = [s for s in numeric if not s.condition]
        if rest:
            return rest[0], v < 0 and len(numeric) < 3
        return numeric[-1], v < 0
    if len(numeric) == 1:
        return numeric[0], v < 0
    if v > 0 or (v == 0 and len(numeric) < 3):
        return numeric[0], False
    if v < 0:
        return numeric[1], False
    return numeric[2], False


def format_number(v: float, code: str, date1904: bool = False) -> str:
    """Render number ``v`` with format ``code`` as Excel displays it."""
    if type(v) is float and code is not None and len(code) <= _MEMO_CODE_LEN:
        return _format_memo(v, code, date1904)
    return _format_number(v, code, date1904)


# A rendering depends on nothing but (value, code, date system), so it is memoized across
# documents (a grading renders the same few values with the same few formats many times);
# bounded in entries, long hostile codes not kept.
_MEMO_CODE_LEN = 128


@lru_cache(maxsize=4096)
def _format_memo(v: float, code: str, date1904: bool) -> str:
    return _format_number(v, code, date1904)


def _format_number(v: float, code: str, date1904: bool = False) -> str:
    if not math.isfinite(v):
        return "#NUM!"
    sections = parse(code or "General")
    sec, minus = choose_section(sections, v)
    if sec.is_date:
        out = numfmt_dates.render(v, sec.tokens, date1904, sec.locale)
        if out is None:
            return "#" * 8  # Excel shows ##### for negative or out-of-range dates
        return numfmt_dbnum.apply(out, sec.dbnum, by_digit=True) if sec.dbnum else out
    av = abs(v)
    if sec.is_general or not sec.has_digits:
        body = _render_literal_general(sec, av)
    else:
        body = _render_digits(sec, av)
    if sec.dbnum:
        body = numfmt_dbnum.apply(body, sec.dbnum, by_digit=not sec.is_general)
    if minus and _nonzero_shown(body):
        body = "-" + body
    return body


def _nonzero_shown(body: str) -> bool:
    return any(ch.isdigit() and ch != "0" for ch in body) or not any(ch.isdigit() for ch in body)


def general(v: float) -> str:
    """Excel's General format: up to 11 significant characters, scientific beyond."""
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 1e11 or a < 1e-9:
        mant, exp = f"{v:.5E}".split("E")
        mant = mant.rstrip("0").rstrip(".")
        return f"{mant}E{int(exp):+03d}"
    int_digits = len(str(int(a))) if a >= 1 else 1
    s = f"{v:.{max(0, 10 - int_digits)}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _render_literal_general(sec: Section, av: float) -> str:
    out = []
    for kind, text in sec.tokens:
        if kind == "general":
            out.append(general(av))
        elif kind == "lit":
            out.append(text)
        elif kind == "percent":
            out.append("%")
        elif kind == "at":
            out.append(general(av))
    return "".join(out)


def _round(v: float, places: int) -> Decimal:
    try:
        d = Decimal(repr(v))
    except InvalidOperation:
        d = Decimal(0)
    if not d.is_finite():
        d = Decimal(0)
    # Cell values are unbounded (1e300 is a number): enough digits for every one of them.
    with localcontext() as ctx:
        ctx.prec = max(28, d.adjusted() + places + 3)
        return d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _render_digits(sec: Section, av: float) -> str:
    toks = sec.tokens
    av *= 100 ** sum(1 for k, _ in toks if k == "percent")
    if any(k == "exp" for k, _ in toks):
        return _render_scientific(toks, av)
    if any(k == "slash" for k, _ in toks):
        return _render_fraction(toks, av)
    dot = next((i for i, (k, _) in enumerate(toks) if k == "dot"), None)
    int_end = dot if dot is not None else len(toks)
    digit_pos = [i for i, (k, _) in enumerate(toks) if k == "digit"]
    last_int_digit = max((i for i in digit_pos if i < int_end), default=-1)
    # Commas right after the last integer placeholder scale by 1000 each; commas between
    # placeholders turn on thousands grouping.
    scale_commas: set[int] = set()
    j = last_int_digit + 1
    while 0 <= last_int_digit and j < len(toks) and toks[j][0] == "comma":
        scale_commas.add(j)
        j += 1
    if dot is None:
        j2 = max(digit_pos) + 1 if digit_pos else len(toks)
        while j2 < len(toks) and toks[j2][0] == "comma":
            scale_commas.add(j2)
            j2 += 1
    av /= 1000 ** len(scale_commas)
    grouping = any(k == "comma" and i < last_int_digit and i not in scale_commas
                   for i, (k, _) in enumerate(toks))
    frac_slots = [i for i in digit_pos if dot is not None and i > dot]
    rounded = _round(av, len(frac_slots))
    int_str, _, frac_str = f"{rounded:f}".partition(".")
    frac_str = frac_str.ljust(len(frac_slots), "0")
    int_slots = [i for i in digit_pos if i < int_end]
    assigned = _fill_integer(toks, int_slots, int_str, grouping)
    frac_out = _fill_fraction(toks, frac_slots, frac_str)
    out = []
    for i, (kind, text) in enumerate(toks):
        if i in assigned:
            out.append(assigned[i])
        elif i in frac_out:
            out.append(frac_out[i])
        elif kind == "dot":
            out.append(".")
        elif kind in ("lit",):
            out.append(text)
        elif kind == "percent":
            out.append("%")
        elif kind == "comma" and i not in scale_commas and not grouping:
            out.append(",")
        elif kind == "at":
            out.append("")
    return "".join(out)


def _fill_integer(toks, slots: list[int], int_str: str, grouping: bool) -> dict[int, str]:
    if not slots:
        return {}
    digits = "" if int_str == "0" else int_str
    if grouping:
        need = sum(1 for i in slots if toks[i][1] == "0")
        digits = digits.rjust(need, "0") if need else digits
        qs = sum(1 for i in slots if toks[i][1] == "?")
        text = f"{int(digits):,}" if digits else ""
        text = text.rjust(len(text) + max(0, qs - len(digits)), " ") if qs else text
        return {slots[0]: text, **{i: "" for i in slots[1:]}}
    out: dict[int, str] = {}
    rest = digits
    for idx in range(len(slots) - 1, -1, -1):
        i = slots[idx]
        ph = toks[i][1]
        if idx == 0:
            out[i] = rest if rest else ("0" if ph == "0" else (" " if ph == "?" else ""))
        elif rest:
            out[i] = rest[-1]
            rest = rest[:-1]
        else:
            out[i] = "0" if ph == "0" else (" " if ph == "?" else "")
    return out


def _fill_fraction(toks, slots: list[int], frac: str) -> dict[int, str]:
    out: dict[int, str] = {}
    # Trailing zeros are dropped for # and shown as spaces for ?.
    keep = len(frac.rstrip("0"))
    for n, i in enumerate(slots):
        ph = toks[i][1]
        d = frac[n] if n < len(frac) else "0"
        if n < keep or ph == "0":
            out[i] = d
        else:
            out[i] = " " if ph == "?" else ""
    return out


def _render_scientific(toks, av: float) -> str:
    e_at = next(i for i, (k, _) in enumerate(toks) if k == "exp")
    mant_toks, exp_toks = toks[:e_at], toks[e_at + 1:]
    dot = next((i for i, (k, _) in enumerate(mant_toks) if k == "dot"), None)
    int_places = sum(1 for i, (k, _) in enumerate(mant_toks) if k == "digit"
                     and (dot is None or i < dot))
    frac_places = sum(1 for i, (k, _) in enumerate(mant_toks) if k == "digit"
                      and dot is not None and i > dot)
    exp_digits = max(1, sum(1 for k, _ in exp_toks if k == "digit"))
    if av == 0:
        exp = 0
    else:
        exp = math.floor(math.log10(av))
        if int_places > 1 and any(t == "#" for k, t in mant_toks if k == "digit"):
            exp -= exp % int_places  # engineering notation: exponent a multiple of the group
        else:
            exp -= max(0, int_places - 1)
    mant = av / (10 ** exp) if av else 0.0
    m = _round(mant, frac_places)
    if av and m >= Decimal(10) ** max(1, int_places):
        exp += 1
        m = _round(av / (10 ** exp), frac_places)
    mant_str = f"{m:f}"
    sign = "-" if exp < 0 else ("+" if toks[e_at][1].endswith("+") else "")
    lit_after = "".join(t for k, t in exp_toks if k == "lit")
    return f"{mant_str}{toks[e_at][1][0]}{sign}{abs(exp):0{exp_digits}d}{lit_after}"


def _render_fraction(toks, av: float) -> str:
    s_at = next(i for i, (k, _) in enumerate(toks) if k == "slash")
    before, after = toks[:s_at], toks[s_at + 1:]
    # "# ?/?": the digits before the last literal group are the whole part.
    groups, cur = [], []
    for k, t in before:
        if k == "digit":
            cur.append(t)
        elif cur:
            groups.append(cur)
            cur = []
    if cur:
        groups.append(cur)
    den_digits = "".join(t for k, t in after if k == "digit" or (k == "lit" and t.isdigit()))
    fixed = den_digits.isdigit() and not any(k == "digit" for k, _ in after)
    whole_part = len(groups) >= 2
    whole = math.floor(av) if whole_part else 0
    rem = av - whole
    if fixed:
        den = int(den_digits)
        num = round(rem * den)
    else:
        limit = 10 ** max(1, sum(1 for k, _ in after if k == "digit")) - 1
        fr = Fraction(rem).limit_denominator(limit)
        num, den = fr.numerator, fr.denominator
    if num == den and den:
        whole, num = whole + 1, 0
    if not whole_part:
        return f"{num}/{den}"
    if num == 0:
        return f"{whole}" if whole else "0"
    return f"{whole} {num}/{den}" if whole else f"{num}/{den}"


def format_text(text: str, code: str) -> str:
    """Render text with a format: the fourth section (or a lone ``@`` section) wraps it;
    otherwise text shows as it is."""
    sections = parse(code or "General")
    sec = sections[3] if len(sections) >= 4 else (
        sections[0] if len(sections) == 1 and sections[0].is_text else None)
    if sec is None:
        return text
    out = []
    for kind, t in sec.tokens:
        if kind == "at":
            out.append(text)
        elif kind == "lit":
            out.append(t)
    return "".join(out)
