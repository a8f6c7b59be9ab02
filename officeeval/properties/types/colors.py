"""Colours (compared as RGB, theme slots resolved against the graded document) and borders
(a style, a width and a colour; ``auto`` is the black it is drawn in)."""

from __future__ import annotations

import re
from typing import Any

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.ooxml import colors
from officeeval.ooxml.units import parse_length_literal
from officeeval.properties.types.base import (
    CompareContext, Tolerance, ValueType, non_negative, parse_float,
)
from officeeval.properties.types.color_difference import delta_e_rgb
from officeeval.values import Border, ThemeColorRef

# tolerance="3dE" (also 3ΔE, 3 dE00, 3 dE2000): a CIEDE2000 difference.
_DELTA_E = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(?:de|Δe|δe)(?:00|2000)?", re.I)


class ColorType(ValueType):
    """Colours compare as RGB. ``tolerance="8"`` allows each of red, green and blue to
    differ by up to 8 (of 255); ``tolerance="3dE"`` allows a perceived difference (CIEDE2000
    in CIELAB, D65) of up to 3; a percentage means nothing for a colour and is refused.
    Without a tolerance (``approx`` included) colours compare exactly."""

    name = "color"
    description = "a color: #FF0000, FF0000, red/红色 (Office palette), accent1 (theme), auto"
    tolerant = True

    def parse_tolerance(self, literal: str) -> Tolerance:
        t = literal.strip()
        m = _DELTA_E.fullmatch(t)
        if m:
            return Tolerance(delta_e=non_negative(parse_float(m.group(1), literal), literal))
        if t.endswith("%"):
            raise ValueParseError(f"tolerance {literal!r}: a colour tolerance is the largest "
                                  f"difference allowed in each of red, green and blue "
                                  f"(0-255), e.g. tolerance=\"8\", or a perceived difference "
                                  f"(tolerance=\"3dE\"), not a percentage")
        v = non_negative(parse_float(t, literal), literal)
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
        if ctx.tolerance is None:
            return False
        a, e = _rgb(actual), _rgb(expected)
        if a is None or e is None:
            return False
        if ctx.tolerance.delta_e is not None:
            return delta_e_rgb(a, e) <= ctx.tolerance.delta_e + 1e-9
        tol = ctx.tolerance.absolute
        return tol is not None and all(abs(x - y) <= tol + 1e-9 for x, y in zip(a, e))


def _rgb(value: str) -> tuple[int, int, int] | None:
    if len(value) != 6:
        return None
    try:
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except ValueError:
        return None


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
