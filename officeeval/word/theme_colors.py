"""WordprocessingML theme color transforms as Word computes them.

``w:themeTint`` / ``w:themeShade`` (hex bytes, ``BF`` = 191/255) scale the theme color's HSL
luminance: a shade multiplies it, a tint moves it toward white (``L * t + 1 - t``); Word then
truncates each RGB channel. Checked against the ``w:color``/``w:fill`` values Word itself
writes next to the theme reference (accent1 ``4F81BD`` with ``themeShade="BF"`` is
``365F91``; with ``themeFillTint="3F"`` it is ``D3DFEE``). Rounding instead of truncating is
off by one in a channel, enough to fail an exact color check.
"""

from __future__ import annotations

import colorsys
import math


def _channels(hexstr: str) -> tuple[float, float, float]:
    return tuple(int(hexstr[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def _byte(raw: str | None) -> float | None:
    if not raw:
        return None
    try:
        v = int(raw, 16)
    except ValueError:
        return None
    return v / 255.0 if 0 <= v <= 255 else None


def word_theme_color(hexstr: str, tint: str | None = None, shade: str | None = None) -> str:
    """``hexstr`` (RRGGBB) with Word's ``themeTint`` / ``themeShade`` applied; unreadable
    transform values are ignored."""
    t, s = _byte(tint), _byte(shade)
    if t is None and s is None:
        return hexstr.upper()
    h, lum, sat = colorsys.rgb_to_hls(*_channels(hexstr))
    if s is not None:
        lum = lum * s
    if t is not None:
        lum = lum * t + (1.0 - t)
    rgb = colorsys.hls_to_rgb(h, max(0.0, min(1.0, lum)), sat)
    return "".join(f"{max(0, min(255, math.floor(c * 255 + 1e-6))):02X}" for c in rgb)


def _close(a: str, b: str, tolerance: int = 3) -> bool:
    try:
        return all(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) <= tolerance
                   for i in (0, 2, 4))
    except (ValueError, IndexError):
        return False


def theme_or_stored(theme_rgb: str, stored: str | None, tint: str | None,
                    shade: str | None) -> str:
    """The color Word shows for a theme reference: Word writes its own computation next to
    the reference (``w:color w:val``, ``w:fill``), off by a unit from any formula in some
    channels; that stored value is used when it agrees with ours within 3 per channel, ours
    otherwise (a stale value left by a program that changed the theme slot)."""
    computed = word_theme_color(theme_rgb, tint, shade)
    if stored and len(stored) == 6 and stored != "auto" and _close(stored, computed):
        return stored.upper()
    return computed
