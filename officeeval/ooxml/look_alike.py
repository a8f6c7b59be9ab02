"""DrawingML values changed for ones that look the same: explicit RGB colours replaced by a
neighbouring RGB or by a theme colour (a scheme colour with PowerPoint's lumMod/lumOff), and
run font sizes replaced. Format-neutral: slides, Word's drawings and every format's charts
write colours and sizes this way. The rubric audit's other-answer variants (a value an
instruction gives only by an example picture) are made of these edits.

Every function edits the tree it is given in place and returns how many values it changed.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import A

_A = f"{{{A}}}"
# Run-level elements whose ``sz`` is a font size in hundredths of a point.
_SIZED = (_A + "rPr", _A + "defRPr", _A + "endParaRPr")


def explicit_colours(root: etree._Element) -> Counter:
    """How often each ``a:srgbClr`` value (``RRGGBB``) occurs in a tree."""
    out: Counter = Counter()
    for el in root.iter(_A + "srgbClr"):
        v = normalize_hex(el.get("val"))
        if v and v != "auto":
            out[v] += 1
    return out


def font_sizes(root: etree._Element) -> Counter:
    """How often each run font size (points) occurs in a tree."""
    out: Counter = Counter()
    for tag in _SIZED:
        for el in root.iter(tag):
            v = el.get("sz")
            if v and v.isdigit():
                out[int(v) / 100] += 1
    return out


def replace_colours(root: etree._Element, mapping: dict[str, str]) -> int:
    """``a:srgbClr`` values found in ``mapping`` (``RRGGBB`` -> ``RRGGBB``) replaced; the
    colour's transforms (alpha …) kept."""
    n = 0
    for el in root.iter(_A + "srgbClr"):
        new = mapping.get(normalize_hex(el.get("val")) or "")
        if new:
            el.set("val", new.upper())
            n += 1
    return n


def to_scheme(root: etree._Element, mapping: dict[str, tuple[str, int, int]],
              slot_name: Callable[[str], str | None] = lambda s: s) -> int:
    """``a:srgbClr`` values found in ``mapping`` (``RRGGBB`` -> (theme slot, lumMod,
    lumOff), the last two in 1/1000 %) written as ``a:schemeClr`` of that slot with the
    palette variant's transforms. ``slot_name`` maps a theme slot to the scheme name the
    part may write (``dk2`` -> ``tx2`` on a slide); a slot it maps to ``None`` is left
    alone."""
    n = 0
    for el in list(root.iter(_A + "srgbClr")):
        hit = mapping.get(normalize_hex(el.get("val")) or "")
        if hit is None:
            continue
        slot, mod, off = hit
        name = slot_name(slot)
        if not name:
            continue
        new = etree.Element(_A + "schemeClr", {"val": name})
        if mod != 100000:
            etree.SubElement(new, _A + "lumMod", {"val": str(mod)})
        if off:
            etree.SubElement(new, _A + "lumOff", {"val": str(off)})
        for kept in el:  # alpha and the like stay
            new.append(kept)
        el.getparent().replace(el, new)
        n += 1
    return n


def replace_sizes(root: etree._Element, mapping: dict[float, float]) -> int:
    """Run font sizes found in ``mapping`` (points -> points) replaced."""
    n = 0
    for tag in _SIZED:
        for el in root.iter(tag):
            v = el.get("sz")
            if not v or not v.isdigit():
                continue
            new = mapping.get(int(v) / 100)
            if new is not None:
                el.set("sz", str(int(round(new * 100))))
                n += 1
    return n
