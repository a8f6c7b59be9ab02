"""Colour difference as people see it: sRGB to CIELAB (D65) and the CIEDE2000 formula.

The formula is the CIE's (CIE 142-2001), written from the equations as Sharma, Wu and Dalal
state them ("The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test
Data, and Mathematical Observations", Color Res. Appl. 30(1), 2005), with the parametric
factors kL = kC = kH = 1. A difference of about 1 is the smallest a trained eye notices side
by side; 2–3 is hardly noticed at a glance.
"""

from __future__ import annotations

import math

# The sRGB (IEC 61966-2-1) primaries to CIE XYZ, D65 white; XYZ of the white for CIELAB.
_M = ((0.4124564, 0.3575761, 0.1804375),
      (0.2126729, 0.7151522, 0.0721750),
      (0.0193339, 0.1191920, 0.9503041))
_WHITE = (0.95047, 1.0, 1.08883)
_25_POW_7 = 25.0 ** 7


def _linear(channel: int) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _f(t: float) -> float:
    return t ** (1.0 / 3.0) if t > (6.0 / 29.0) ** 3 else t / (3 * (6.0 / 29.0) ** 2) + 4.0 / 29.0


def srgb_to_lab(r: int, g: int, b: int) -> tuple[float, float, float]:
    """CIELAB (L*, a*, b*) of an sRGB colour given as 0–255 channels, D65 white."""
    lin = (_linear(r), _linear(g), _linear(b))
    x, y, z = (sum(m * c for m, c in zip(row, lin)) for row in _M)
    fx, fy, fz = _f(x / _WHITE[0]), _f(y / _WHITE[1]), _f(z / _WHITE[2])
    return 116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)


def _hue(b: float, a: float) -> float:
    """The hue angle in degrees, 0 <= h < 360 (0 for a neutral colour)."""
    if a == 0 and b == 0:
        return 0.0
    h = math.degrees(math.atan2(b, a))
    return h + 360.0 if h < 0 else h


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """ΔE00 between two CIELAB colours (symmetric, >= 0)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    # Step 1: a' with the G factor, C' and h'.
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2.0
    c7 = c_bar ** 7
    g = 0.5 * (1.0 - math.sqrt(c7 / (c7 + _25_POW_7)))
    a1p, a2p = (1.0 + g) * a1, (1.0 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = _hue(b1, a1p), _hue(b2, a2p)
    # Step 2: ΔL', ΔC', ΔH'.
    d_l = l2 - l1
    d_c = c2p - c1p
    if c1p * c2p == 0:
        d_h = 0.0
    else:
        d_h = h2p - h1p
        if d_h > 180.0:
            d_h -= 360.0
        elif d_h < -180.0:
            d_h += 360.0
    d_big_h = 2.0 * math.sqrt(c1p * c2p) * math.sin(math.radians(d_h / 2.0))
    # Step 3: the weighting functions.
    l_bar = (l1 + l2) / 2.0
    c_bar_p = (c1p + c2p) / 2.0
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180.0:
        h_bar = (h1p + h2p) / 2.0
    elif h1p + h2p < 360.0:
        h_bar = (h1p + h2p + 360.0) / 2.0
    else:
        h_bar = (h1p + h2p - 360.0) / 2.0
    t = (1.0 - 0.17 * math.cos(math.radians(h_bar - 30.0))
         + 0.24 * math.cos(math.radians(2.0 * h_bar))
         + 0.32 * math.cos(math.radians(3.0 * h_bar + 6.0))
         - 0.20 * math.cos(math.radians(4.0 * h_bar - 63.0)))
    d_theta = 30.0 * math.exp(-(((h_bar - 275.0) / 25.0) ** 2))
    cp7 = c_bar_p ** 7
    r_c = 2.0 * math.sqrt(cp7 / (cp7 + _25_POW_7))
    l50 = (l_bar - 50.0) ** 2
    s_l = 1.0 + 0.015 * l50 / math.sqrt(20.0 + l50)
    s_c = 1.0 + 0.045 * c_bar_p
    s_h = 1.0 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2.0 * d_theta)) * r_c
    x_l, x_c, x_h = d_l / s_l, d_c / s_c, d_big_h / s_h
    return math.sqrt(max(0.0, x_l * x_l + x_c * x_c + x_h * x_h + r_t * x_c * x_h))


def delta_e_rgb(rgb1: tuple[int, int, int], rgb2: tuple[int, int, int]) -> float:
    """ΔE00 between two sRGB colours (0–255 channels)."""
    return ciede2000(srgb_to_lab(*rgb1), srgb_to_lab(*rgb2))
