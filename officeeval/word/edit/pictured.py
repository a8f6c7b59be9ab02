"""A Word document's explicit colours and font sizes, read and replaced over every part a
candidate formats: the body, the styles, headers and footers, and the charts in the body.
Colours are ``w:color`` (runs), ``w:shd/@w:fill`` (shading), the ``w:color`` of borders and
DrawingML's ``a:srgbClr``; a value that names a theme colour (``w:themeColor``) is the
theme's, not explicit, and is left alone. Sizes are ``w:sz`` / ``w:szCs`` and DrawingML's.
The rubric audit moves the values an instruction gives only by an example picture to ones
that look the same.
"""

from __future__ import annotations

import re
from collections import Counter

from lxml import etree

from officeeval.ooxml import look_alike as LA
from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import W
from officeeval.properties.writing import NotApplicable, Session
from officeeval.word.theme_colors import word_theme_color

_W = f"{{{W}}}"
# Word's names of the palette's columns (dark 1 / light 1 are left to the RGB neighbour).
_WORD_SLOTS = {"dk2": "text2", "lt2": "background2", "accent1": "accent1",
               "accent2": "accent2", "accent3": "accent3", "accent4": "accent4",
               "accent5": "accent5", "accent6": "accent6"}


def parts(doc) -> list[str]:
    """The body, styles, headers and footers, and the body's charts."""
    pkg = doc.package
    out = [doc.main]
    styles = pkg.related_one(doc.main, "styles")
    if styles:
        out.append(styles)
    out += [p for p in pkg.part_names() if re.fullmatch(r"word/(header|footer)\d*\.xml", p)]
    out += [c for c in pkg.related(doc.main, "chart")]
    return out


def _roots(doc) -> list[tuple[str, etree._Element]]:
    return [(p, doc.body.getroottree().getroot() if p == doc.main else doc.package.xml(p))
            for p in parts(doc)]


def _colour_slots(root: etree._Element):
    """(element, value attribute, theme attribute) of every WordprocessingML colour."""
    for el in root.iter(_W + "color"):
        yield el, _W + "val", _W + "themeColor"
    for el in root.iter(_W + "shd"):
        yield el, _W + "fill", _W + "themeFill"
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag != _W + "color" and el.get(_W + "color") \
                and el.get(_W + "val") is not None:  # a border: w:val is its style
            yield el, _W + "color", _W + "themeColor"


def colours(doc) -> dict[str, Counter]:
    """How often each explicit RGB colour occurs, by formatted part."""
    out: dict[str, Counter] = {}
    for part, root in _roots(doc):
        c = LA.explicit_colours(root)
        for el, attr, theme in _colour_slots(root):
            v = normalize_hex(el.get(attr))
            if v and v != "auto" and not el.get(theme):
                c[v] += 1
        out[part] = c
    return out


def sizes(doc) -> dict[str, Counter]:
    """How often each font size (points) occurs, by formatted part (``w:sz`` only:
    ``w:szCs`` restates it for complex scripts)."""
    out: dict[str, Counter] = {}
    for part, root in _roots(doc):
        c = LA.font_sizes(root)
        for el in root.iter(_W + "sz"):
            v = el.get(_W + "val")
            if v and v.isdigit():
                c[int(v) / 2] += 1
        out[part] = c
    return out


def replace_colours(session: Session, by_part: dict[str, dict[str, str]]) -> str:
    """Explicit colours replaced, in each part, by its mapping (``RRGGBB`` -> ``RRGGBB``)."""
    n = 0
    for part, root in _roots(session.doc):
        mapping = by_part.get(part, {})
        k = LA.replace_colours(root, mapping)
        for el, attr, theme in list(_colour_slots(root)):
            new = mapping.get(normalize_hex(el.get(attr)) or "")
            if new and not el.get(theme):
                el.set(attr, new)
                k += 1
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no colour to replace")
    return f"{n} colours"


def _tint_shade(mod: int, off: int) -> tuple[str | None, str | None]:
    """Word's ``themeTint`` / ``themeShade`` bytes for a palette variant (lumMod/lumOff)."""
    if off:
        return f"{round(mod / 100000 * 255):02X}", None
    if mod != 100000:
        return None, f"{round(mod / 100000 * 255):02X}"
    return None, None


def theme_colours(session: Session, by_part: dict[str, dict[str, tuple[str, int, int]]]
                  ) -> str:
    """Explicit colours written, in each part, as the palette swatch its mapping gives
    (theme slot, lumMod, lumOff): the theme reference with Word's tint or shade and,
    beside it, the RGB Word computes for it."""
    doc = session.doc
    n = 0
    for part, root in _roots(doc):
        mapping = by_part.get(part, {})
        k = LA.to_scheme(root, mapping, lambda s: s if s.startswith("accent") else None)
        for el, attr, theme in list(_colour_slots(root)):
            hit = mapping.get(normalize_hex(el.get(attr)) or "")
            if hit is None or el.get(theme) or hit[0] not in _WORD_SLOTS:
                continue
            slot, mod, off = hit
            base = doc.theme_color(slot)
            if not base:
                continue
            tint, shade = _tint_shade(mod, off)
            prefix = theme[:-len("Color")] if theme.endswith("Color") else theme
            el.set(theme, _WORD_SLOTS[slot])
            el.set(attr, word_theme_color(base, tint, shade))
            for name, v in (("Tint", tint), ("Shade", shade)):
                if v:
                    el.set(prefix + name if theme.endswith("Color") else theme + name, v)
            k += 1
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no colour has a palette swatch that looks the same")
    return f"{n} colours"


def replace_sizes(session: Session, by_part: dict[str, dict[float, float]]) -> str:
    """Font sizes replaced, in each part, by its mapping (points -> points; Word keeps
    half points)."""
    n = 0
    for part, root in _roots(session.doc):
        mapping = by_part.get(part, {})
        k = LA.replace_sizes(root, mapping)
        for tag in ("sz", "szCs"):
            for el in root.iter(_W + tag):
                v = el.get(_W + "val")
                new = mapping.get(int(v) / 2) if v and v.isdigit() else None
                if new is not None:
                    el.set(_W + "val", str(int(round(new * 2))))
                    k += 1
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no font size to replace")
    return f"{n} sizes"
