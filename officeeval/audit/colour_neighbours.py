"""Colours a person cannot tell apart: CIEDE2000 distances, a visibly-equal neighbour of a
colour and the theme palette colour nearest to it.

An instruction that gives a colour only by an example picture accepts any colour that looks
the same there: ``#1F4E79`` picked with an eyedropper may come back ``#1F4E78``, and a
candidate who picks from the palette writes the theme colour that looks like it. ΔE00 ≈ 1
is the threshold of a trained eye side by side; 2–3 is what the audit moves a pictured
colour by, and a theme colour within ``THEME_RADIUS`` counts as the same choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from officeeval.ooxml.colors import apply_lum

NEIGHBOUR_DE = (2.0, 3.0)  # the band a moved colour lands in
THEME_RADIUS = 5.0         # a theme colour this close looks the same in a picture

# Office's palette: each theme colour and its five variants as PowerPoint writes them
# (lumMod, lumOff in 1/1000 %): lighter 80 %, 60 %, 40 %, darker 25 %, 50 %.
# Word and Excel show the same swatches (themeTint/themeShade, tint).
VARIANTS: tuple[tuple[str, int, int], ...] = (
    ("", 100000, 0), ("lighter80", 20000, 80000), ("lighter60", 40000, 60000),
    ("lighter40", 60000, 40000), ("darker25", 75000, 0), ("darker50", 50000, 0))
PALETTE_SLOTS = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4",
                 "accent5", "accent6")


def _lin(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(hexstr: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an ``RRGGBB`` colour; raises ``ValueError`` for another text."""
    r, g, b = (_lin(int(hexstr[i:i + 2], 16) / 255.0) for i in (0, 2, 4))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(c1: str, c2: str) -> float:
    """CIEDE2000 colour difference of two ``RRGGBB`` colours."""
    L1, a1, b1 = lab(c1)
    L2, a2, b2 = lab(c2)
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lpm, Cpm = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hpm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hpm = (h1p + h2p) / 2
    else:
        hpm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hpm - 30)) + 0.24 * math.cos(math.radians(2 * hpm))
         + 0.32 * math.cos(math.radians(3 * hpm + 6))
         - 0.20 * math.cos(math.radians(4 * hpm - 63)))
    d_theta = 30 * math.exp(-(((hpm - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lpm - 50) ** 2 / math.sqrt(20 + (Lpm - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cpm, 1 + 0.015 * Cpm * T
    Rt = -math.sin(math.radians(2 * d_theta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2
                     + Rt * (dCp / Sc) * (dHp / Sh))


def neighbour(hexstr: str, band: tuple[float, float] = NEIGHBOUR_DE) -> str | None:
    """A colour ``band`` ΔE00 from ``hexstr`` (the one nearest the band's middle among
    small moves of the channels, lighter before darker); ``None`` when none lands in the
    band (never for an ordinary colour). Deterministic."""
    base = hexstr.upper()
    rgb = [int(base[i:i + 2], 16) for i in (0, 2, 4)]
    target = (band[0] + band[1]) / 2
    best, best_gap, found_at = None, None, None
    for step in range(1, 40):
        for sign in (1, -1):
            for mask in ((1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1),
                         (1, 0, 1)):
                cand = [c + sign * step * m for c, m in zip(rgb, mask)]
                if any(c < 0 or c > 255 for c in cand):
                    continue
                text = "".join(f"{c:02X}" for c in cand)
                d = delta_e(base, text)
                if band[0] <= d <= band[1]:
                    gap = abs(d - target)
                    if best_gap is None or gap < best_gap - 1e-9:
                        best, best_gap = text, gap
        if best is not None and found_at is None:
            found_at = step
        if found_at is not None and step >= found_at + 4:
            break
    return best


@dataclass(frozen=True)
class ThemeChoice:
    """A palette swatch: the theme ``slot`` (``accent1``), the ``variant`` (``""`` for the
    colour itself, ``lighter60``, ``darker25`` …) with PowerPoint's ``lum_mod`` /
    ``lum_off``, the ``rgb`` it shows and its distance ``de`` from the colour it replaces."""

    slot: str
    variant: str
    lum_mod: int
    lum_off: int
    rgb: str
    de: float


def palette(theme_colour) -> list[ThemeChoice]:
    """The palette's swatches (``theme_colour(slot) -> RRGGBB | None``), distance 0."""
    out = []
    for slot in PALETTE_SLOTS:
        base = theme_colour(slot)
        if not base:
            continue
        for name, mod, off in VARIANTS:
            rgb = apply_lum(base, mod / 100000, off / 100000) if name else base.upper()
            out.append(ThemeChoice(slot, name, mod, off, rgb, 0.0))
    return out


def nearest_theme(hexstr: str, swatches: list[ThemeChoice], radius: float = THEME_RADIUS
                  ) -> ThemeChoice | None:
    """The swatch nearest ``hexstr`` when it is within ``radius`` ΔE00 and not the very
    same RGB (that rewrite is an equivalent variant already); ``None`` otherwise."""
    best = None
    for s in swatches:
        if s.rgb.upper() == hexstr.upper():
            continue
        d = delta_e(hexstr, s.rgb)
        if d <= radius and (best is None or d < best.de):
            best = ThemeChoice(s.slot, s.variant, s.lum_mod, s.lum_off, s.rgb, d)
    return best
