"""DrawingML colors, fills and theme font references, format-neutral (PowerPoint slides,
Word drawings and Excel charts all use them).

A DrawingML color is one of ``a:srgbClr``, ``a:schemeClr``, ``a:sysClr``, ``a:prstClr``,
``a:scrgbClr`` or ``a:hslClr``, each possibly carrying transforms (``a:lumMod``,
``a:lumOff``, ``a:tint``, ``a:shade``, ``a:satMod`` …) applied in document order. Scheme colors
are resolved through a caller-supplied function (a PowerPoint slide maps ``tx1``/``bg1``
through its master's ``p:clrMap`` first), so this module knows nothing about slides.

Every reader returns ``None`` for a missing or unparsable color: documents come from hostile
generated code and an odd value is "no value here", never an exception.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass
from typing import Callable

from lxml import etree

from officeeval.cache import ProcessMemo
from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import A
from officeeval.ooxml.units import to_float

_A = f"{{{A}}}"
COLOR_TAGS = frozenset(_A + t for t in ("srgbClr", "schemeClr", "sysClr", "prstClr",
                                         "scrgbClr", "hslClr"))
FILL_TAGS = {_A + "noFill": "none", _A + "solidFill": "solid", _A + "gradFill": "gradient",
             _A + "blipFill": "picture", _A + "pattFill": "pattern", _A + "grpFill": "group"}

SchemeLookup = Callable[[str], "str | None"]

# ST_PresetColorVal: the names DrawingML allows in a:prstClr (CSS-like colors). The common
# ones; an unknown name is no value.
PRESET_COLORS = {
    "black": "000000", "white": "FFFFFF", "red": "FF0000", "green": "008000", "blue": "0000FF",
    "yellow": "FFFF00", "cyan": "00FFFF", "magenta": "FF00FF", "gray": "808080",
    "grey": "808080", "silver": "C0C0C0", "maroon": "800000", "olive": "808000",
    "lime": "00FF00", "aqua": "00FFFF", "teal": "008080", "navy": "000080",
    "purple": "800080", "fuchsia": "FF00FF", "orange": "FFA500", "pink": "FFC0CB",
    "brown": "A52A2A", "gold": "FFD700", "darkBlue": "00008B", "dkBlue": "00008B",
    "darkRed": "8B0000", "dkRed": "8B0000", "darkGreen": "006400", "dkGreen": "006400",
    "darkGray": "A9A9A9", "dkGray": "A9A9A9", "lightGray": "D3D3D3", "ltGray": "D3D3D3",
    "lightBlue": "ADD8E6", "ltBlue": "ADD8E6", "lightGreen": "90EE90", "ltGreen": "90EE90",
    "lightYellow": "FFFFE0", "ltYellow": "FFFFE0", "violet": "EE82EE", "indigo": "4B0082",
    "skyBlue": "87CEEB", "coral": "FF7F50", "salmon": "FA8072", "tan": "D2B48C",
    "beige": "F5F5DC", "ivory": "FFFFF0", "khaki": "F0E68C", "lavender": "E6E6FA",
    "turquoise": "40E0D0", "crimson": "DC143C", "chocolate": "D2691E", "orchid": "DA70D6",
}

# Windows system colors (a:sysClr val) used when lastClr is absent.
SYSTEM_COLORS = {"windowText": "000000", "window": "FFFFFF", "btnFace": "F0F0F0",
                 "btnText": "000000", "highlight": "0078D7", "highlightText": "FFFFFF",
                 "grayText": "6D6D6D", "menuText": "000000", "captionText": "000000"}

# sRGB <-> linear light, the model LibreOffice uses for DrawingML tint/shade (which PowerPoint
# applies in linear RGB, not in HSL like lumMod/lumOff).
_DEC_GAMMA = 2.3
_INC_GAMMA = 1 / 2.3


def _pct(el: etree._Element) -> float | None:
    """A transform's ``val`` as a fraction (``75000`` -> ``0.75``); ``None`` if unparsable."""
    v = to_float(el.get("val"))
    return None if v is None else v / 100000.0


def _clamp(x: float) -> float:
    return max(0.0, min(1.0, x))


def _to_rgb(hexstr: str) -> list[float]:
    return [int(hexstr[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]


def _to_hex(rgb: list[float]) -> str:
    return "".join(f"{round(_clamp(c) * 255):02X}" for c in rgb)


def apply_transforms(hexstr: str, transforms: list[etree._Element]) -> str:
    """Apply DrawingML color transforms in order. Alpha transforms do not change RGB;
    unknown or unparsable transforms are skipped."""
    rgb = _to_rgb(hexstr)
    for t in transforms:
        if not isinstance(t.tag, str):
            continue
        name = etree.QName(t).localname
        v = _pct(t)
        if name in ("comp", "inv", "gray"):
            if name == "comp":
                h, l, s = colorsys.rgb_to_hls(*rgb)
                rgb = list(colorsys.hls_to_rgb((h + 0.5) % 1.0, l, s))
            elif name == "inv":
                rgb = [1.0 - c for c in rgb]
            else:
                g = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
                rgb = [g, g, g]
            continue
        if v is None:
            continue
        if name in ("lumMod", "lumOff", "satMod", "satOff", "hueMod", "hueOff", "lum", "sat",
                    "hue"):
            h, l, s = colorsys.rgb_to_hls(*rgb)
            if name == "lumMod":
                l = _clamp(l * v)
            elif name == "lumOff":
                l = _clamp(l + v)
            elif name == "lum":
                l = _clamp(v)
            elif name == "satMod":
                s = _clamp(s * v)
            elif name == "satOff":
                s = _clamp(s + v)
            elif name == "sat":
                s = _clamp(v)
            elif name == "hue":  # 60000ths of a degree; v is val/100000
                h = ((v * 100000.0) / 60000.0 / 360.0) % 1.0
            elif name == "hueMod":
                h = (h * v) % 1.0
            elif name == "hueOff":
                h = (h + (v * 100000.0) / 60000.0 / 360.0) % 1.0
            rgb = list(colorsys.hls_to_rgb(h, l, s))
        elif name in ("tint", "shade"):
            lin = [c ** _DEC_GAMMA for c in rgb]
            f = _clamp(v)
            lin = [1.0 - (1.0 - c) * f for c in lin] if name == "tint" else [c * f for c in lin]
            rgb = [_clamp(c) ** _INC_GAMMA for c in lin]
        elif name in ("red", "green", "blue", "redMod", "greenMod", "blueMod", "redOff",
                      "greenOff", "blueOff"):
            i = {"red": 0, "green": 1, "blue": 2}[name.replace("Mod", "").replace("Off", "")]
            lin = rgb[i] ** _DEC_GAMMA
            if name.endswith("Mod"):
                lin *= v
            elif name.endswith("Off"):
                lin += v
            else:
                lin = v
            rgb[i] = _clamp(lin) ** _INC_GAMMA
        # alpha, alphaMod, alphaOff, gamma, invGamma: no effect on the RGB we report.
    return _to_hex(rgb)


def color_value(el: etree._Element | None, scheme: SchemeLookup,
                placeholder: str | None = None) -> str | None:
    """RGB (``RRGGBB``) of a DrawingML color element with its transforms applied.

    ``scheme`` maps a scheme color name (``accent1``, ``tx1``, ``bg1`` …) to RGB, or
    ``None`` when unknown. ``placeholder`` is the color that ``phClr`` stands for (a theme
    style matrix entry referenced with a color). ``None`` when the color cannot be known.
    """
    if el is None or el.tag not in COLOR_TAGS:
        return None
    local = el.tag.rpartition("}")[2]
    base: str | None = None
    if local == "srgbClr":
        base = normalize_hex(el.get("val"))
    elif local == "schemeClr":
        name = el.get("val") or ""
        base = placeholder if name == "phClr" else scheme(name)
    elif local == "sysClr":
        base = normalize_hex(el.get("lastClr")) or SYSTEM_COLORS.get(el.get("val") or "")
    elif local == "prstClr":
        base = PRESET_COLORS.get(el.get("val") or "")
    elif local == "scrgbClr":
        comps = [to_float(el.get(k)) for k in ("r", "g", "b")]
        if all(c is not None for c in comps):
            base = _to_hex([_clamp(c / 100000.0) ** _INC_GAMMA for c in comps])  # type: ignore
    elif local == "hslClr":
        h, s, l = (to_float(el.get(k)) for k in ("hue", "sat", "lum"))
        if h is not None and s is not None and l is not None:
            base = _to_hex(list(colorsys.hls_to_rgb((h / 60000.0 / 360.0) % 1.0,
                                                    _clamp(l / 100000.0),
                                                    _clamp(s / 100000.0))))
    if not base or base == "auto":
        return None
    # A pure function of the base and the transforms' names and values (``_pct`` reads
    # ``val`` only): a deck says the same few colours over and over.
    key = (base, tuple((t.tag, t.get("val") if isinstance(t.tag, str) else None)
                       for t in el))
    return _TRANSFORMED.get_or_make(key, lambda: apply_transforms(base, list(el)))


# (base RGB, transforms) -> the RGB they give (bounded: hostile documents vary them).
_TRANSFORMED: "ProcessMemo[str | None]" = ProcessMemo("ooxml.transformed_colors", 4096)


def first_color(parent: etree._Element | None) -> etree._Element | None:
    """The first color child of ``parent`` (a ``a:solidFill``, ``a:gs``, ``a:fontRef`` …)."""
    if parent is None:
        return None
    for child in parent:
        if child.tag in COLOR_TAGS:
            return child
    return None


@dataclass(frozen=True)
class Fill:
    """A fill as seen: ``kind`` is ``none``, ``solid``, ``gradient``, ``picture``,
    ``pattern`` or ``group``; ``color`` is the solid color, the first gradient stop or the
    pattern's foreground (``None`` for pictures or when unknown); ``el`` the fill element."""

    kind: str
    color: str | None
    el: etree._Element


def find_fill(parent: etree._Element | None) -> etree._Element | None:
    """The fill element among ``parent``'s children (``a:solidFill``, ``a:gradFill`` …)."""
    if parent is None:
        return None
    for child in parent:
        if child.tag in FILL_TAGS:
            return child
    return None


def read_fill(fill_el: etree._Element | None, scheme: SchemeLookup,
              placeholder: str | None = None) -> Fill | None:
    """Interpret a fill element; ``None`` when ``fill_el`` is not a fill."""
    if fill_el is None or fill_el.tag not in FILL_TAGS:
        return None
    kind = FILL_TAGS[fill_el.tag]
    color = None
    if kind == "solid":
        color = color_value(first_color(fill_el), scheme, placeholder)
    elif kind == "gradient":
        stops = fill_el.find(_A + "gsLst")
        if stops is not None:
            ordered = sorted((s for s in stops if s.tag == _A + "gs"),
                             key=lambda s: to_float(s.get("pos")) or 0.0)
            if ordered:
                color = color_value(first_color(ordered[0]), scheme, placeholder)
    elif kind == "pattern":
        color = color_value(first_color(fill_el.find(_A + "fgClr")), scheme, placeholder)
    return Fill(kind, color, fill_el)


def theme_typeface(typeface: str | None, major_latin: str = "", minor_latin: str = "",
                   major_ea: str = "", minor_ea: str = "", major_cs: str = "",
                   minor_cs: str = "") -> str | None:
    """Resolve a theme font reference (``+mj-lt``, ``+mn-lt``, ``+mj-ea``, ``+mn-ea``,
    ``+mj-cs``, ``+mn-cs``) to a face name; other typefaces are returned as they are.
    ``None`` for an empty typeface or a reference the theme does not fill."""
    if not typeface:
        return None
    refs = {"+mj-lt": major_latin, "+mn-lt": minor_latin, "+mj-ea": major_ea,
            "+mn-ea": minor_ea, "+mj-cs": major_cs, "+mn-cs": minor_cs}
    if typeface in refs:
        return refs[typeface] or None
    return typeface
