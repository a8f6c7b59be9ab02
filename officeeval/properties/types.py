"""Value types: how an expected literal parses, how a value renders, and what equality,
order and containment mean for it.

Every property has exactly one value type. Comparators are generic and ask the type; so
``2.54cm`` equals ``1in`` (lengths compare in points), ``居中`` equals ``center`` (enumerations
compare by canonical token) and ``#ddebf7`` equals ``DDEBF7`` (colors compare as RGB).
Types never raise on odd *actual* values (those come from documents); ``parse`` raises
``ValueParseError`` on a bad *expected* literal (that is a rubric error).
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.ooxml import colors
from officeeval.ooxml.units import (
    CHINESE_FONT_SIZES, format_length, format_pt, literal_precision_pt, parse_length_literal,
    size_name,
)
from officeeval.values import (
    Border, CellValue, Comparison, LineSpacing, Measure, PageSize, PAPER_SIZES, ThemeColorRef,
)


@dataclass(frozen=True)
class Tolerance:
    """An absolute tolerance in the type's canonical unit, or a relative one (``1%``)."""

    absolute: float | None = None
    relative: float | None = None

    def allows(self, a: float, b: float) -> bool:
        diff = abs(a - b)
        if self.absolute is not None and diff <= self.absolute + 1e-9:
            return True
        if self.relative is not None and diff <= self.relative * max(abs(a), abs(b)) + 1e-12:
            return True
        return False

    def __str__(self) -> str:
        if self.relative is not None:
            return f"{self.relative * 100:g}%"
        return f"{self.absolute:g}"


@dataclass
class CompareContext:
    """What a comparison may need beyond the two values: the tolerance, text normalization
    options, and a resolver of theme color slots against the graded document."""

    tolerance: Tolerance | None = None
    normalize: frozenset[str] = frozenset()
    theme_color: Callable[[str], str | None] | None = None


class ValueType:
    """Base value type: exact equality, rendering with ``str``."""

    name = "any"
    unit = ""
    orderable = False
    default_tolerance: Tolerance | None = None
    description = "any value"

    def parse(self, literal: str) -> Any:
        return literal

    def render(self, value: Any) -> str:
        return "(none)" if value is None else str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        return actual == expected

    def approx_tolerance(self, expected: Any) -> Tolerance | None:
        """The tolerance ``approx`` uses without ``tolerance=``: the type's default, else
        1 %; ``None`` when ``equals`` already compares ``expected`` at its own precision
        (a length literal)."""
        return self.default_tolerance or Tolerance(relative=0.01)

    def key(self, value: Any) -> float:
        """A number to order by; raises ``TypeError`` when the type has no order."""
        raise TypeError(f"{self.name} values have no order")

    # Whether ``tolerance=`` means anything for this type (numbers, lengths, line
    # spacing, page sizes, border widths, colours); elsewhere it is a rubric error.
    tolerant = False

    def parse_tolerance(self, literal: str) -> Tolerance:
        """A ``tolerance=`` literal; raises ``ValueParseError`` when it does not parse or
        the type has no use for one."""
        if not self.tolerant:
            raise ValueParseError(f"a tolerance does not apply to {self.name} values")
        t = literal.strip()
        if t.endswith("%"):
            return Tolerance(relative=_non_negative(_float(t[:-1], literal), literal) / 100.0)
        return Tolerance(absolute=_non_negative(_float(t, literal), literal))

    def as_text(self, value: Any) -> str:
        return self.render(value)

    def items(self, value: Any) -> list | None:
        """The elements of a list-like value; ``None`` when the value is a scalar."""
        return None


def _non_negative(v: float, literal: str) -> float:
    if v < 0:
        raise ValueParseError(f"tolerance {literal!r} is negative")
    return v


def _float(text: str, literal: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ValueParseError(f"{literal!r} is not a number") from None
    if not math.isfinite(v):
        raise ValueParseError(f"{literal!r} is not a finite number")
    return v


# ---------------------------------------------------------------------------------- text
_PUNCT_MAP = str.maketrans({
    "，": ",", "。": ".", "；": ";", "：": ":", "？": "?", "！": "!", "（": "(", "）": ")",
    "【": "[", "】": "]", "“": '"', "”": '"', "‘": "'", "’": "'", "、": ",", "《": "<",
    "》": ">", "—": "-", "–": "-", "…": "...", "·": ".", "｛": "{", "｝": "}",
})
_WS = re.compile(r"\s+")
_CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=\S)|(?<=\S) (?=[\u3000-\u9fff\uff00-\uffef])")


def normalize_text(text: str, options: frozenset[str] = frozenset()) -> str:
    """Trim and NFC always; ``space`` collapses whitespace (and drops it beside CJK),
    ``case`` folds case, ``width`` folds full-width forms (NFKC), ``punct`` maps Chinese
    punctuation to ASCII."""
    # Short texts repeat (the expected value of a check, cell values of a range): memoized.
    # Long ones are not, so a hostile document cannot fill the cache with megabytes.
    if len(text) <= 256 and isinstance(options, frozenset):
        return _normalize_short(text, options)
    return _normalize(text, options)


@functools.lru_cache(maxsize=8192)
def _normalize_short(text: str, options: frozenset[str]) -> str:
    return _normalize(text, options)


def _normalize(text: str, options: frozenset[str]) -> str:
    t = unicodedata.normalize("NFC", text).strip()
    if "width" in options:
        t = unicodedata.normalize("NFKC", t)
    if "punct" in options:
        t = t.translate(_PUNCT_MAP)
    if "space" in options:
        t = _WS.sub(" ", t.replace("\u3000", " ")).strip()
        t = _CJK_SPACE.sub("", t)
    if "case" in options:
        t = t.casefold()
    return t


class TextType(ValueType):
    name = "text"
    description = "text (trimmed, NFC; more with normalize=)"

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        s = str(value)
        return repr(s if len(s) <= 120 else s[:117] + "...")

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return normalize_text(str(actual), ctx.normalize) == normalize_text(str(expected),
                                                                           ctx.normalize)

    def as_text(self, value: Any) -> str:
        return "" if value is None else str(value)


class BoolType(ValueType):
    name = "bool"
    description = "true/false (also yes/no, 是/否, on/off, 1/0)"

    def parse(self, literal: str) -> bool:
        from officeeval.vocabulary.common import BOOL_FALSE, BOOL_TRUE
        t = literal.strip().lower()
        if t in BOOL_TRUE:
            return True
        if t in BOOL_FALSE:
            return False
        raise ValueParseError(f"{literal!r} is not a boolean (true/false, 是/否, yes/no)")

    def render(self, value: Any) -> str:
        return "(none)" if value is None else ("true" if value else "false")

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        return isinstance(actual, bool) and isinstance(expected, bool) and actual == expected


class NumberType(ValueType):
    name = "number"
    orderable = True
    tolerant = True
    description = "a number"

    def __init__(self, unit: str = "", integer: bool = False, name: str | None = None,
                 default_tolerance: Tolerance | None = None) -> None:
        self.unit = unit
        self.integer = integer
        if name:
            self.name = name
        self.default_tolerance = default_tolerance

    def parse(self, literal: str) -> float:
        t = literal.strip()
        if self.unit and t.endswith(self.unit):
            t = t[: -len(self.unit)].strip()
        if t.endswith("%") and self.unit == "%":
            t = t[:-1]
        v = _float(t, literal)
        return int(v) if self.integer and v.is_integer() else v

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return f"{value:g}{self.unit}" if isinstance(value, float) else f"{value}{self.unit}"

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        a, b = _num(actual), _num(expected)
        if a is None or b is None:
            return False
        tol = ctx.tolerance or self.default_tolerance or Tolerance(relative=1e-9, absolute=1e-9)
        return tol.allows(a, b)

    def key(self, value: Any) -> float:
        v = _num(value)
        if v is None:
            raise TypeError("not a number")
        return v


def _num(v: Any) -> float | None:
    """A finite float from a number value; bools are not numbers, NaN never equals."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, CellValue):
        return _num(v.value) if v.kind == "number" else None
    if isinstance(v, (int, float)):
        f = float(v)
        return f if math.isfinite(f) else None
    return None


# ---------------------------------------------------------------------------------- lengths
class LengthType(ValueType):
    """Lengths compare in points; ``Nchar`` / ``Nline`` compare in those units when the
    document stored them so, and are converted with the context's unit size otherwise."""

    name = "length"
    unit = "pt"
    orderable = True
    tolerant = True
    default_tolerance = Tolerance(absolute=0.05)
    description = "a length: 12pt, 2.5cm, 25mm, 1in, 2char, 1.5line; bare numbers are points"
    unit_tolerance = 0.01
    display_unit: str | None = None  # render in this unit (cm, mm, in …) instead of points

    def __init__(self, name: str | None = None, allow_units: tuple[str, ...] = ("char", "line"),
                 description: str | None = None) -> None:
        if name:
            self.name = name
        self.allow_units = allow_units
        if description:
            self.description = description

    def parse(self, literal: str) -> Measure:
        parsed = parse_length_literal(literal)
        if parsed is None:
            raise ValueParseError(f"{literal!r} is not a length (e.g. 12pt, 2.5cm, 2char)")
        v, unit = parsed
        if unit in ("", "pt"):
            return Measure(pt=v, precision=literal_precision_pt(literal))
        if unit not in self.allow_units:
            raise ValueParseError(f"{literal!r}: {unit} units do not apply to {self.name}")
        return Measure(pt=None, chars=v) if unit == "char" else Measure(pt=None, lines=v)

    def parse_tolerance(self, literal: str) -> Tolerance:
        parsed = parse_length_literal(literal)
        if literal.strip().endswith("%"):
            return super().parse_tolerance(literal)
        if parsed is None or parsed[1] not in ("", "pt"):
            raise ValueParseError(f"tolerance {literal!r} is not a length")
        return Tolerance(absolute=_non_negative(parsed[0], literal))

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        if isinstance(value, Measure):
            pts = value.points()
            if value.chars is not None or value.lines is not None:
                return f"{value}" + (f" ({self._length(pts)})" if pts is not None else "")
            return self._length(pts) if pts is not None else "?"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return self._length(float(value))
        return str(value)

    def _length(self, pts: float) -> str:
        return format_length(pts, self.display_unit) if self.display_unit else format_pt(pts)

    def in_unit(self, unit: str | None) -> "LengthType":
        """This type, rendering lengths in UNIT (one of ``units.DISPLAY_UNITS``: the unit a
        rubric's literal used); itself for ``None``. Parsing and comparing are unchanged."""
        return self if unit is None else _in_unit(self, unit)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        a, e = _measure(actual), _measure(expected)
        if a is None or e is None:
            return False
        for attr in ("chars", "lines"):
            ev, av = getattr(e, attr), getattr(a, attr)
            if ev is not None and av is not None:
                return abs(ev - av) <= self.unit_tolerance + 1e-9
        ap = a.points()
        ep = _expected_points(e, a)
        if ap is None or ep is None:
            return False
        if ctx.tolerance is None and e.precision:
            # The examiner's precision: equal when the two show the same at the step the
            # literal was written to; exactly half a step apart is a different value.
            return abs(ap - ep) < e.precision / 2 - 1e-9 * max(1.0, abs(ep))
        return (ctx.tolerance or self.default_tolerance).allows(ap, ep)

    def approx_tolerance(self, expected: Any) -> Tolerance | None:
        m = _measure(expected)
        return None if m is not None and m.precision else super().approx_tolerance(expected)

    def key(self, value: Any) -> float:
        m = _measure(value)
        p = m.points() if m else None
        if p is None:
            raise TypeError("length without a value in points")
        return p


@functools.lru_cache(maxsize=256)
def _in_unit(vtype: LengthType, unit: str) -> LengthType:
    # One copy per (type, unit): the comparators render an expected value once per type.
    import copy
    clone = copy.copy(vtype)
    clone.display_unit = unit
    return clone


def _measure(v: Any) -> Measure | None:
    if isinstance(v, Measure):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
        return Measure(pt=float(v))
    return None


def _expected_points(expected: Measure, actual: Measure) -> float | None:
    """Expected in points; character/line counts use the actual value's unit size (the
    paragraph's font size or line pitch)."""
    if expected.pt is not None:
        return expected.pt
    count = expected.chars if expected.chars is not None else expected.lines
    if count is None or not actual.unit_pt:
        return None
    return count * actual.unit_pt


class FontSizeType(LengthType):
    name = "size"
    description = "a font size in points: 10.5, 10.5pt, 五号, 小四"

    def __init__(self) -> None:
        super().__init__(allow_units=())

    def render(self, value: Any) -> str:
        base = super().render(value)
        m = _measure(value)
        zh = size_name(m.points()) if m else None
        return f"{base} ({zh})" if zh else base


# ---------------------------------------------------------------------------------- colors
class ColorType(ValueType):
    """Colours compare as RGB. ``tolerance="8"`` allows each of red, green and blue to
    differ by up to 8 (of 255); a percentage means nothing for a colour and is refused.
    Without a tolerance (``approx`` included) colours compare exactly."""

    name = "color"
    description = "a color: #FF0000, FF0000, red/红色 (Office palette), accent1 (theme), auto"
    tolerant = True

    def parse_tolerance(self, literal: str) -> Tolerance:
        t = literal.strip()
        if t.endswith("%"):
            raise ValueParseError(f"tolerance {literal!r}: a colour tolerance is the largest "
                                  f"difference allowed in each of red, green and blue "
                                  f"(0-255), e.g. tolerance=\"8\", not a percentage")
        v = _non_negative(_float(t, literal), literal)
        if v > 255:
            raise ValueParseError(f"tolerance {literal!r}: channels differ by at most 255")
        return Tolerance(absolute=v)

    def parse(self, literal: str) -> Any:
        t = literal.strip()
        hexv = colors.normalize_hex(t)
        if hexv:
            return hexv
        named = colors.named_color(t)
        if named:
            return named
        slot = colors.THEME_SLOTS.get(t.replace(" ", "").lower()) or colors.THEME_SLOTS.get(t)
        if slot:
            return ThemeColorRef(slot)
        if t.lower() in ("none", "无", "无颜色", "no color", "nofill", "无填充"):
            return "none"
        raise ValueParseError(f"{literal!r} is not a color (hex, palette name or theme slot)")

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        if isinstance(value, str) and len(value) == 6:
            return f"#{value}"
        return str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if isinstance(expected, ThemeColorRef):
            rgb = ctx.theme_color(expected.slot) if ctx.theme_color else None
            if rgb is None:
                return False
            expected = colors.apply_lum(rgb, expected.lum_mod, expected.lum_off)
        if not isinstance(actual, str) or not isinstance(expected, str):
            return False
        if actual.upper() == expected.upper():
            return True
        tol = ctx.tolerance.absolute if ctx.tolerance is not None else None
        if tol is None:
            return False
        a, e = _rgb(actual), _rgb(expected)
        return a is not None and e is not None and all(
            abs(x - y) <= tol + 1e-9 for x, y in zip(a, e))


def _rgb(value: str) -> tuple[int, int, int] | None:
    if len(value) != 6:
        return None
    try:
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except ValueError:
        return None


# ---------------------------------------------------------------------------------- enums
class EnumType(ValueType):
    """An enumeration backed by a vocabulary: compares canonical tokens."""

    def __init__(self, vocab: str, name: str | None = None) -> None:
        self.vocab_name = vocab
        self.name = name or vocab

    @property
    def vocab(self) -> vocabulary.Vocabulary:
        return vocabulary.get(self.vocab_name)

    @property
    def description(self) -> str:  # type: ignore[override]
        return "one of: " + ", ".join(self.vocab.display(t) for t in self.vocab.tokens())

    def parse(self, literal: str) -> str:
        tok = self.vocab.canonical(literal)
        if tok is None:
            raise ValueParseError(f"{literal!r} is not a known {self.name} "
                                  f"({', '.join(self.vocab.tokens()[:12])}…)")
        return tok

    def render(self, value: Any) -> str:
        return "(none)" if value is None else self.vocab.display(str(value))

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        a = self.vocab.canonical(str(actual)) or str(actual)
        return a == expected

    def as_text(self, value: Any) -> str:
        return "" if value is None else str(value)


class StyleNameType(TextType):
    """Style names: built-in styles compare in either language without regard to case
    (``标题 1`` = ``heading 1``); custom names compare exactly."""

    name = "style_name"
    description = "a style name (built-in names in English or Chinese, any case)"

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return style_key(str(actual)) == style_key(str(expected))


style_key = vocabulary.style_key


# ---------------------------------------------------------------------------------- others
class LineSpacingType(ValueType):
    name = "line_spacing"
    orderable = False
    tolerant = True
    description = ("line spacing: 1.5line / 1.5倍行距 / 单倍行距 (multiples), "
                   "exactly 20pt / 固定值 20磅, at_least 12pt / 最小值 12磅")

    def parse(self, literal: str) -> LineSpacing:
        from officeeval.vocabulary.word import NAMED_LINE_SPACING
        t = literal.strip()
        key = t.replace(" ", "").lower()
        for name, mult in NAMED_LINE_SPACING.items():
            if key == name.replace(" ", "").lower():
                return LineSpacing("multiple", mult)
        m = re.match(r"^(exactly|exact|固定值|固定|at_?least|atleast|最小值|至少|multiple|多倍行距)?"
                     r"\s*[:=]?\s*(.+)$", t, re.I)
        if not m:
            raise ValueParseError(f"{literal!r} is not a line spacing")
        word = (m.group(1) or "").lower().replace("_", "")
        rest = m.group(2).strip()
        if word in ("exactly", "exact", "固定值", "固定", "atleast", "最小值", "至少"):
            parsed = parse_length_literal(rest)
            if parsed is None or parsed[1] not in ("", "pt"):
                raise ValueParseError(f"{literal!r}: {rest!r} is not a length")
            rule = "exact" if word in ("exactly", "exact", "固定值", "固定") else "at_least"
            return LineSpacing(rule, parsed[0])
        rest = re.sub(r"(倍行距|倍|lines?|x)$", "", rest.replace(" ", ""), flags=re.I)
        return LineSpacing("multiple", _float(rest, literal))

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, LineSpacing) or not isinstance(expected, LineSpacing):
            return False
        if actual.rule != expected.rule:
            return False
        tol = ctx.tolerance or (Tolerance(absolute=0.01) if actual.rule == "multiple"
                                else Tolerance(absolute=0.05))
        return tol.allows(actual.value, expected.value)


class DurationType(NumberType):
    """Durations in seconds: ``2``, ``2s``, ``500ms``, ``0.5秒``."""

    def __init__(self) -> None:
        super().__init__(unit="s", name="duration", default_tolerance=Tolerance(absolute=0.01))
        self.description = "a duration in seconds: 2, 2s, 500ms, 0.5秒"

    def parse(self, literal: str) -> float:
        t = literal.strip().lower().replace(" ", "")
        if t.endswith("ms") or t.endswith("毫秒"):
            return _float(t.rstrip("ms毫秒"), literal) / 1000.0
        return _float(re.sub(r"(s|sec|秒|秒钟)$", "", t), literal)


class ListType(ValueType):
    """A list of texts (functions used, series names, field names). ``contains`` means "has
    this item"; equality is as an ordered sequence when ``ordered`` else as a set."""

    def __init__(self, name: str = "list", ordered: bool = False, fold_case: bool = False,
                 description: str = "a list: items separated by | (or commas)") -> None:
        self.name = name
        self.ordered = ordered
        self.fold_case = fold_case
        self.description = description

    def _k(self, item: Any) -> str:
        s = normalize_text(str(item))
        return s.casefold() if self.fold_case else s

    def parse(self, literal: str) -> list[str]:
        sep = "|" if "|" in literal else ","
        return [p.strip() for p in literal.split(sep) if p.strip()]

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        return "[" + ", ".join(str(v) for v in value) + "]"

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, (list, tuple)) or not isinstance(expected, (list, tuple)):
            return False
        a = [self._k(x) for x in actual]
        e = [self._k(x) for x in expected]
        return a == e if self.ordered else sorted(set(a)) == sorted(set(e))

    def items(self, value: Any) -> list | None:
        return [self._k(x) for x in value] if isinstance(value, (list, tuple)) else None

    def item_key(self, item: Any) -> str:
        return self._k(item)


class PageSizeType(ValueType):
    name = "page_size"
    tolerant = True
    description = "a paper size name (A4, A3, B5, 16K, Letter …) or WxH (21cm x 29.7cm)"

    def parse(self, literal: str) -> Any:
        t = literal.strip()
        for name in PAPER_SIZES:
            if t.replace(" ", "").lower() == name.replace(" ", "").lower():
                return name
        m = re.match(r"^(.+?)\s*[x×*]\s*(.+)$", t)
        if m:
            w, h = parse_length_literal(m.group(1)), parse_length_literal(m.group(2))
            if w and h and w[1] in ("", "pt") and h[1] in ("", "pt"):
                return PageSize(w[0], h[0])
        raise ValueParseError(f"{literal!r} is not a paper size (A4, 16K, 21cm x 29.7cm)")

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, PageSize):
            return False
        if isinstance(expected, str):
            return actual.name.lower() == expected.lower()
        if isinstance(expected, PageSize):
            tol = ctx.tolerance or Tolerance(absolute=1.0)
            return tol.allows(actual.width, expected.width) and tol.allows(actual.height,
                                                                            expected.height)
        return False


class BorderType(ValueType):
    """A border: ``single``, ``double 1.5pt``, ``single 0.5pt red``; components not named in
    the expected literal are not compared. ``none`` means no visible border. The colour
    ``auto`` is the black it is drawn in (``AUTO_BORDER_COLOR``)."""

    name = "border"
    description = ("a border: style [width] [color], e.g. 'single 1.5pt #FF0000', 'none'; the "
                   "colour auto (Word's default) is drawn black and matches 黑色/black")
    tolerant = True

    def parse(self, literal: str) -> Border:
        style_vocab = vocabulary.get("border_style")
        style, width, color = None, None, None
        for tok in literal.replace(",", " ").split():
            if style is None and style_vocab.canonical(tok):
                style = style_vocab.canonical(tok)
                continue
            parsed = parse_length_literal(tok)
            if width is None and parsed and parsed[1] in ("pt", ""):
                width = parsed[0]
                continue
            try:
                color = ColorType().parse(tok)
                continue
            except ValueParseError:
                pass
            raise ValueParseError(f"{literal!r}: {tok!r} is not a border style, width or color")
        if style is None:
            raise ValueParseError(f"{literal!r} names no border style (single, double, none …)")
        return Border(style, width, color)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, Border) or not isinstance(expected, Border):
            return False
        a_none = actual.style in ("none", "nil")
        if expected.style == "none" or a_none:
            return a_none and expected.style == "none"
        if actual.style != expected.style:
            return False
        if expected.width is not None:
            if actual.width is None or not (ctx.tolerance or Tolerance(absolute=0.05)).allows(
                    actual.width, expected.width):
                return False
        if expected.color is not None:
            if not ColorType().equals(_drawn(actual.color), _drawn(expected.color), ctx):
                return False
        return True


# Word and Excel draw a border whose colour is "auto" (Word's default, w:color="auto";
# Excel's <color auto="1"/>) in black: it matches 黑色/black/#000000, and auto matches it.
AUTO_BORDER_COLOR = "000000"


def _drawn(color: Any) -> Any:
    return AUTO_BORDER_COLOR if isinstance(color, str) and color.lower() == "auto" else color


class CellValueType(ValueType):
    """Spreadsheet values: numbers compare as numbers (1e-9 relative), text as text, dates
    as dates (ISO literals ``2024-03-01``), booleans TRUE/FALSE, errors ``#DIV/0!``."""

    name = "cell_value"
    orderable = True
    tolerant = True
    description = "a cell value: a number, text, TRUE/FALSE, a date 2024-03-01, an error #N/A"

    def parse(self, literal: str) -> CellValue:
        t = literal.strip()
        if t.upper() in ("TRUE", "FALSE"):
            return CellValue("bool", t.upper() == "TRUE")
        if t.startswith("#") and t.upper() in ("#N/A", "#DIV/0!", "#VALUE!", "#REF!",
                                                "#NAME?", "#NUM!", "#NULL!", "#SPILL!",
                                                "#CALC!", "#GETTING_DATA"):
            return CellValue("error", t.upper())
        try:
            v = float(t.replace(",", "")) if re.fullmatch(r"[-+]?[\d,]*\.?\d+(e[-+]?\d+)?",
                                                          t, re.I) else None
        except ValueError:
            v = None
        if v is not None and math.isfinite(v):
            return CellValue("number", v)
        m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?", t)
        if m:
            parts = [int(x) if x else 0 for x in m.groups()]
            try:
                return CellValue("date", _dt.datetime(*parts))
            except ValueError:
                pass
        if t == "":
            return CellValue("empty", None)
        return CellValue("text", literal)

    def render(self, value: Any) -> str:
        return "(none)" if value is None else str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, CellValue) or not isinstance(expected, CellValue):
            return False
        if actual.kind == "number" and expected.kind == "number":
            return NumberType().equals(actual.value, expected.value, ctx)
        if actual.kind == "date" and expected.kind == "date":
            return actual.value == expected.value
        if actual.kind == "date" and expected.kind == "number":
            return NumberType().equals(actual.extra.get("serial"), expected.value, ctx)
        if actual.kind == "text" and expected.kind == "text":
            return TextType().equals(actual.value, expected.value, ctx)
        if actual.kind == "text" and expected.kind == "number":
            return False
        return actual.kind == expected.kind and actual.value == expected.value

    def key(self, value: Any) -> float:
        if isinstance(value, CellValue):
            if value.kind == "number":
                return float(value.value)
            if value.kind == "date" and value.extra.get("serial") is not None:
                return float(value.extra["serial"])
            if value.kind == "date":
                return value.value.timestamp()
        raise TypeError("not an orderable cell value")

    def as_text(self, value: Any) -> str:
        if isinstance(value, CellValue):
            return "" if value.value is None else (
                value.value if value.kind == "text" else str(value))
        return "" if value is None else str(value)


class JsonType(ValueType):
    """Structured values (a sheet's values, a list of records) compared by equality."""

    name = "json"
    description = "a structured value (JSON literal)"

    def parse(self, literal: str) -> Any:
        try:
            return json.loads(literal)
        except json.JSONDecodeError as exc:
            raise ValueParseError(f"{literal!r} is not JSON: {exc}") from None

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        s = json.dumps(value, ensure_ascii=False, default=str)
        return s if len(s) <= 160 else s[:157] + "..."

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        return _jsonable(actual) == _jsonable(expected)


def _jsonable(v: Any) -> Any:
    return json.loads(json.dumps(v, default=str)) if v is not None else None


def parse_comparison(literal: str) -> Comparison:
    """``>=3``, ``3``, ``≥ 3``, ``<10`` -> ``Comparison``; raises ``ValueParseError``."""
    t = literal.strip().replace("≥", ">=").replace("≤", "<=").replace("＞", ">").replace("＜", "<")
    m = re.fullmatch(r"(>=|<=|==|=|!=|>|<)?\s*([-+]?\d+(?:\.\d+)?)", t)
    if not m:
        raise ValueParseError(f"{literal!r} is not a count (3, >=3, <10)")
    op = m.group(1) or "=="
    return Comparison("==" if op == "=" else op, float(m.group(2)))


def compare_number(n: float, c: Comparison) -> bool:
    return {">=": n >= c.value, "<=": n <= c.value, ">": n > c.value, "<": n < c.value,
            "==": n == c.value, "!=": n != c.value}[c.op]


# Shared instances used by the catalog.
TEXT = TextType()
BOOL = BoolType()
NUMBER = NumberType()
INTEGER = NumberType(integer=True, name="integer")
PERCENT = NumberType(unit="%", name="percent")
LENGTH = LengthType()
LENGTH_ABS = LengthType(name="length", allow_units=())
LENGTH_CHARS = LengthType(name="length", allow_units=("char",))
LENGTH_LINES = LengthType(name="length", allow_units=("line",))
SIZE = FontSizeType()
COLOR = ColorType()
STYLE_NAME = StyleNameType()
LINE_SPACING = LineSpacingType()
DURATION = DurationType()
LIST = ListType()
FUNCTIONS = ListType(name="functions", fold_case=True,
                     description="function names used, e.g. SUM|AVERAGE (case-insensitive)")
ORDERED_LIST = ListType(name="ordered_list", ordered=True,
                        description="an ordered list: items separated by |")
PAGE_SIZE = PageSizeType()
BORDER = BorderType()
CELL_VALUE = CellValueType()
JSON = JsonType()
ANY = ValueType()

_ = CHINESE_FONT_SIZES  # re-exported name kept importable for callers that list size names
