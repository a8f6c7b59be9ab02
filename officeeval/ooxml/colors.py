"""Colors: hex parsing, the Office palette by English and Chinese name, and the theme
transforms (DrawingML lumMod/lumOff/tint/shade, Word themeTint/themeShade, Excel tint).

Colors are canonical upper-case ``RRGGBB`` strings. ``auto`` is kept as the token ``auto``.
"""

from __future__ import annotations

import colorsys
import re

_HEX = re.compile(r"^#?([0-9a-fA-F]{6})$")
_HEX8 = re.compile(r"^#?([0-9a-fA-F]{2})([0-9a-fA-F]{6})$")

# Office's "standard colors" row plus black/white/grey, in English and Chinese UI names.
NAMED_COLORS = {
    "black": "000000", "黑色": "000000", "黑": "000000",
    "white": "FFFFFF", "白色": "FFFFFF", "白": "FFFFFF",
    "dark red": "C00000", "darkred": "C00000", "深红": "C00000", "深红色": "C00000",
    "red": "FF0000", "红色": "FF0000", "红": "FF0000", "标准红": "FF0000",
    "orange": "FFC000", "橙色": "FFC000", "橙": "FFC000",
    "yellow": "FFFF00", "黄色": "FFFF00", "黄": "FFFF00",
    "light green": "92D050", "lightgreen": "92D050", "浅绿": "92D050", "浅绿色": "92D050",
    "green": "00B050", "绿色": "00B050", "绿": "00B050",
    "light blue": "00B0F0", "lightblue": "00B0F0", "浅蓝": "00B0F0", "浅蓝色": "00B0F0",
    "blue": "0070C0", "蓝色": "0070C0", "蓝": "0070C0",
    "dark blue": "002060", "darkblue": "002060", "深蓝": "002060", "深蓝色": "002060",
    "purple": "7030A0", "紫色": "7030A0", "紫": "7030A0",
    "gray": "808080", "grey": "808080", "灰色": "808080",
    "pure blue": "0000FF", "纯蓝": "0000FF", "pure green": "00FF00", "纯绿": "00FF00",
}

# Theme slot names as rubric authors write them, mapped to the DrawingML scheme names.
THEME_SLOTS = {
    "dk1": "dk1", "lt1": "lt1", "dk2": "dk2", "lt2": "lt2",
    "accent1": "accent1", "accent2": "accent2", "accent3": "accent3",
    "accent4": "accent4", "accent5": "accent5", "accent6": "accent6",
    "hlink": "hlink", "folhlink": "folHlink", "folHlink": "folHlink",
    "tx1": "dk1", "bg1": "lt1", "tx2": "dk2", "bg2": "lt2",
    "text1": "dk1", "background1": "lt1", "text2": "dk2", "background2": "lt2",
    "dark1": "dk1", "light1": "lt1", "dark2": "dk2", "light2": "lt2",
    "hyperlink": "hlink", "followedhyperlink": "folHlink",
}


def normalize_hex(text: str | None) -> str | None:
    """``#ff0000`` / ``FF0000`` / ARGB ``FFFF0000`` -> ``FF0000``; ``auto`` -> ``auto``;
    ``None`` when it is not a color."""
    if text is None:
        return None
    t = text.strip()
    if t.lower() == "auto":
        return "auto"
    m = _HEX.match(t)
    if m:
        return m.group(1).upper()
    m = _HEX8.match(t)
    if m:
        return m.group(2).upper()
    return None


def named_color(text: str) -> str | None:
    """RGB for an English or Chinese palette name (case- and space-insensitive); ``None`` if
    unknown."""
    key = text.strip().lower()
    return NAMED_COLORS.get(key) or NAMED_COLORS.get(key.replace(" ", ""))


def _rgb(hexstr: str) -> tuple[float, float, float]:
    return tuple(int(hexstr[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def _hex(r: float, g: float, b: float) -> str:
    return "".join(f"{max(0, min(255, round(c * 255))):02X}" for c in (r, g, b))


def apply_lum(hexstr: str, lum_mod: float = 1.0, lum_off: float = 0.0) -> str:
    """DrawingML ``a:lumMod`` / ``a:lumOff`` (fractions, 75000 -> 0.75) in HSL space."""
    h, l, s = colorsys.rgb_to_hls(*_rgb(hexstr))
    l = max(0.0, min(1.0, l * lum_mod + lum_off))
    return _hex(*colorsys.hls_to_rgb(h, l, s))


def apply_tint(hexstr: str, tint: float) -> str:
    """Lighten toward white by ``1 - tint`` (DrawingML ``a:tint`` fraction: 1.0 = unchanged)."""
    h, l, s = colorsys.rgb_to_hls(*_rgb(hexstr))
    l = l * tint + (1.0 - tint)
    return _hex(*colorsys.hls_to_rgb(h, max(0.0, min(1.0, l)), s))


def apply_shade(hexstr: str, shade: float) -> str:
    """Darken by ``shade`` (DrawingML ``a:shade`` fraction: 1.0 = unchanged)."""
    h, l, s = colorsys.rgb_to_hls(*_rgb(hexstr))
    return _hex(*colorsys.hls_to_rgb(h, max(0.0, min(1.0, l * shade)), s))


def apply_excel_tint(hexstr: str, tint: float) -> str:
    """SpreadsheetML ``tint`` in [-1, 1]: negative darkens, positive lightens (HLS)."""
    h, l, s = colorsys.rgb_to_hls(*_rgb(hexstr))
    if tint < 0:
        l = l * (1.0 + tint)
    else:
        l = l * (1.0 - tint) + tint
    return _hex(*colorsys.hls_to_rgb(h, max(0.0, min(1.0, l)), s))


def apply_word_theme_tint_shade(hexstr: str, tint: str | None, shade: str | None) -> str:
    """WordprocessingML ``w:themeTint`` / ``w:themeShade`` (hex bytes 00-FF) applied to a theme
    color; unparsable values are ignored."""
    out = hexstr
    for raw, fn in ((tint, apply_tint), (shade, apply_shade)):
        if raw:
            try:
                out = fn(out, int(raw, 16) / 255.0)
            except ValueError:
                continue
    return out
