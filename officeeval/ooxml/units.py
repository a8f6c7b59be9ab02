"""Unit conversions to points, tolerant number parsing, and the Chinese font-size names.

Everything a resolver returns as a length is in points (floats, never integer-divided: 五号 is
10.5 pt). Parsing helpers return ``None`` for absent or unparsable attribute values instead of
raising, because documents come from hostile generated code and an odd value is "no value
here", not an evaluator crash.
"""

from __future__ import annotations

import math
import re

from officeeval.values import format_pt  # noqa: F401 - a value's rendering, used with these

TWIPS_PER_PT = 20.0
EMU_PER_PT = 12700.0
PT_PER_UNIT = {
    "pt": 1.0, "磅": 1.0, "point": 1.0, "points": 1.0,
    "cm": 72 / 2.54, "厘米": 72 / 2.54, "公分": 72 / 2.54,
    "mm": 72 / 25.4, "毫米": 72 / 25.4,
    "in": 72.0, "inch": 72.0, "英寸": 72.0, '"': 72.0,
    "pc": 12.0, "pi": 12.0,
    "px": 0.75,
    "emu": 1 / EMU_PER_PT,
    "twip": 1 / TWIPS_PER_PT, "twips": 1 / TWIPS_PER_PT, "dxa": 1 / TWIPS_PER_PT,
}

# 字号: the size names of Chinese Office, in points.
CHINESE_FONT_SIZES = {
    "初号": 42.0, "小初": 36.0, "一号": 26.0, "小一": 24.0, "二号": 22.0, "小二": 18.0,
    "三号": 16.0, "小三": 15.0, "四号": 14.0, "小四": 12.0, "五号": 10.5, "小五": 9.0,
    "六号": 7.5, "小六": 6.5, "七号": 5.5, "八号": 5.0,
}
_SIZE_NAME_BY_PT = {v: k for k, v in CHINESE_FONT_SIZES.items()}

_NUM = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-zA-Z\u4e00-\u9fff\"]*)\s*$")
# Hostile documents can say sz="99999999999"; anything past this is treated as no value.
_ABSURD = 1e9


def to_float(text: str | None) -> float | None:
    """A finite float from an attribute value; ``None`` for absent, empty, non-numeric,
    infinite or absurdly large values (|v| > 1e9: sizes, positions, counts). Stored data
    values (cells, chart points) use ``to_number``, which has no such bound."""
    if text is None:
        return None
    try:
        v = float(text.strip())
    except (ValueError, AttributeError):
        return None
    if not math.isfinite(v) or abs(v) > _ABSURD:
        return None
    return v


def to_number(text: str | None) -> float | None:
    """A finite float from a stored *value* (a cell's ``<v>``, a chart's cached point);
    ``None`` for absent, empty, non-numeric or infinite text. Unlike ``to_float`` there is
    no size bound: 2343434343 and 9.99E+307 are ordinary spreadsheet numbers, and a value
    is only compared, never used to size anything."""
    if text is None:
        return None
    try:
        v = float(text.strip())
    except (ValueError, AttributeError):
        return None
    return v if math.isfinite(v) else None


def to_int(text: str | None) -> int | None:
    """An int from an attribute value (``"12"`` or ``"12.0"``); ``None`` when unparsable."""
    v = to_float(text)
    if v is None:
        return None
    return int(round(v))


def measure_to_pt(text: str | None, default_unit_pt: float) -> float | None:
    """Parse an OOXML measure: a bare number in the attribute's own unit (``default_unit_pt``
    points per unit, e.g. 1/20 for twips) or a universal measure such as ``2.5cm`` / ``1in``
    / ``12pt`` (allowed by ISO 29500 for many attributes). ``None`` when unparsable."""
    if text is None:
        return None
    m = _NUM.match(text)
    if not m:
        return None
    v = to_float(m.group(1))
    if v is None:
        return None
    unit = m.group(2).lower()
    if not unit:
        return v * default_unit_pt
    factor = PT_PER_UNIT.get(unit)
    return v * factor if factor is not None else None


def twips_to_pt(text: str | None) -> float | None:
    """Twentieths of a point (``w:ind``, ``w:pgMar`` …) to points; ``None`` when absent."""
    return measure_to_pt(text, 1 / TWIPS_PER_PT)


def half_points_to_pt(text: str | None) -> float | None:
    """Half-points (``w:sz``) to points: ``21`` -> ``10.5``; ``None`` when absent."""
    return measure_to_pt(text, 0.5)


def emu_to_pt(text: str | None) -> float | None:
    """English Metric Units (DrawingML) to points; ``None`` when absent."""
    return measure_to_pt(text, 1 / EMU_PER_PT)


def centipoints_to_pt(text: str | None) -> float | None:
    """Hundredths of a point (DrawingML ``a:rPr sz``) to points; ``None`` when absent."""
    return measure_to_pt(text, 0.01)


def eighth_points_to_pt(text: str | None) -> float | None:
    """Eighths of a point (Word border widths ``w:sz``) to points; ``None`` when absent."""
    return measure_to_pt(text, 0.125)


def parse_length_literal(text: str) -> tuple[float, str] | None:
    """Split a length literal into (number, unit) where unit is ``pt`` (converted), ``char``,
    ``line`` or ``""`` (bare number). Chinese size names give points. ``None`` when it is not
    a length."""
    t = text.strip()
    if t in CHINESE_FONT_SIZES:
        return CHINESE_FONT_SIZES[t], "pt"
    m = _NUM.match(t)
    if not m:
        return None
    v = float(m.group(1))
    unit = m.group(2).lower()
    if not unit:
        return v, ""
    if unit in ("char", "chars", "ch", "字符", "个字符", "字"):
        return v, "char"
    if unit in ("line", "lines", "行", "倍", "倍行距"):
        return v, "line"
    factor = PT_PER_UNIT.get(unit)
    if factor is None:
        return None
    return v * factor, "pt"


# The precision Office's dialogs show a length in, per unit (Word's page setup and
# paragraph dialogs, PowerPoint's size and position pane): 22.003 cm shows as "22 cm".
OFFICE_PRECISION = {"cm": 0.01, "in": 0.01, "mm": 0.1, "pt": 0.1}
_UNIT_NAME = {"厘米": "cm", "公分": "cm", "毫米": "mm", "inch": "in", "英寸": "in", '"': "in",
              "磅": "pt", "point": "pt", "points": "pt", "": "pt"}


def literal_precision_pt(text: str) -> float | None:
    """The step, in points, a length literal is compared at: the precision Office shows
    for the literal's unit (cm and in 0.01, mm and pt 0.1; a bare number is points), so
    ``22cm`` holds for 22.003 cm, which Word's dialog shows as 22 cm. Digits the author
    wrote beyond that precision do not make the comparison stricter than Office shows
    (``0.635cm`` is compared to 0.01 cm); fewer digits do not make it looser (``2.5cm``
    is 2.50 cm, not anything from 2.45 to 2.55: 2.54 cm, one inch, shows as 2.54).
    Units Office does not show (emu, twip, px, pc) are compared to the digits written. A
    Chinese size name is exact to 0.1 pt. ``None`` for a literal that is not an absolute
    length (characters, lines) or whose digits cannot be read (an exponent)."""
    t = text.strip()
    if t in CHINESE_FONT_SIZES:
        return OFFICE_PRECISION["pt"]
    m = _NUM.match(t)
    if not m or "e" in m.group(1).lower():
        return None
    unit = m.group(2).lower()
    factor = PT_PER_UNIT.get(unit) if unit else 1.0
    if factor is None:
        return None
    office = OFFICE_PRECISION.get(_UNIT_NAME.get(unit, unit))
    if office is not None:
        return office * factor
    digits = m.group(1).lstrip("+-")
    decimals = len(digits.split(".", 1)[1]) if "." in digits else 0
    return 10.0 ** -decimals * factor


def size_name(points: float | None) -> str | None:
    """The Chinese size name for an exact point size (``10.5`` -> ``五号``); ``None`` if
    the size has no name."""
    if points is None:
        return None
    return _SIZE_NAME_BY_PT.get(round(points * 2) / 2)


# Length units a rubric may write that read better than points, with the decimals shown at
# least: a length is shown in the unit its rubric used (2.5cm -> "2.50cm", not "70.87pt").
DISPLAY_UNITS = {"cm": 2, "厘米": 2, "公分": 2, "mm": 1, "毫米": 1, "in": 2, "inch": 2,
                 "英寸": 2}
_LITERAL_UNITS = re.compile(r"(?<![A-Za-z])[-+]?(?:\d+\.?\d*|\.\d+)\s*([A-Za-z\u4e00-\u9fff]+)")


def literal_unit(literal: str | None) -> str | None:
    """The display unit of a length literal (``2.5cm`` -> ``cm``, ``1cm..2cm`` -> ``cm``):
    one of ``DISPLAY_UNITS`` shared by every number in it; ``None`` otherwise (points, a
    bare number, ``2char``, 二号, mixed units)."""
    if not literal:
        return None
    units = {u.lower() if u.isascii() else u for u in _LITERAL_UNITS.findall(literal)}
    if len(units) != 1:
        return None
    unit = units.pop()
    return unit if unit in DISPLAY_UNITS else None


def format_length(points: float, unit: str, within: float = 0.05) -> str:
    """POINTS in UNIT (one of ``DISPLAY_UNITS``) with the unit's usual decimals, or more
    (up to 4) when the rounded figure would be more than WITHIN points off: 70.87pt is
    ``2.50cm``, 70.75pt is ``2.496cm`` (so two lengths that compare unequal never read
    alike)."""
    factor = PT_PER_UNIT[unit]
    value = points / factor
    decimals = DISPLAY_UNITS.get(unit, 2)
    while decimals < 4 and abs(round(value, decimals) * factor - points) > within:
        decimals += 1
    return f"{value:.{decimals}f}{unit}"


