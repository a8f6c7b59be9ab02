"""A workbook's explicit colours and font sizes, read and replaced where a candidate formats
them: the stylesheet (fonts, fills, borders and the differential formats conditional
formatting uses: every ``rgb`` colour, every ``sz``) and the drawings and charts on the
sheets (DrawingML). A colour given by a theme slot (``theme="4"``) is the theme's and is left
alone. The rubric audit moves the values an instruction gives only by an example picture to
ones that look the same.
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from officeeval.ooxml import look_alike as LA
from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session

_S = f"{{{S}}}"
# SpreadsheetML's theme colour indexes (light 1 and dark 1 swapped, as Excel writes them).
THEME_INDEX = {"lt1": 0, "dk1": 1, "lt2": 2, "dk2": 3, "accent1": 4, "accent2": 5,
               "accent3": 6, "accent4": 7, "accent5": 8, "accent6": 9}
# The palette variants' tints as Excel writes them.
_TINTS = {(20000, 80000): "0.79998168889431442", (40000, 60000): "0.59999389629810485",
          (60000, 40000): "0.39997558519241921", (75000, 0): "-0.249977111117893",
          (50000, 0): "-0.499984740745262"}
_PALETTE_TAGS = {_S + "rgbColor"}  # the indexed palette's own definition


def parts(doc) -> list[str]:
    """The stylesheet, then every drawing and chart of the sheets."""
    pkg = doc.package
    out = []
    styles = pkg.related_one(doc.main, "styles")
    if styles:
        out.append(styles)
    for sheet in doc.sheets:
        for d in sheet.related("drawing"):
            if d not in out:
                out.append(d)
            for c in pkg.related(d, "chart"):
                if c not in out:
                    out.append(c)
    return out


def _roots(doc) -> list[tuple[str, etree._Element]]:
    return [(p, doc.package.xml(p)) for p in parts(doc)]


def _rgb_slots(root: etree._Element):
    if root.tag != _S + "styleSheet":
        return
    for el in root.iter():
        if isinstance(el.tag, str) and el.get("rgb") and el.tag not in _PALETTE_TAGS \
                and el.get("theme") is None:
            yield el


def colours(doc) -> dict[str, Counter]:
    """How often each explicit RGB colour occurs, by part."""
    out: dict[str, Counter] = {}
    for part, root in _roots(doc):
        c = LA.explicit_colours(root)
        for el in _rgb_slots(root):
            v = normalize_hex(el.get("rgb"))
            if v and v != "auto":
                c[v] += 1
        out[part] = c
    return out


def _font_sizes(root: etree._Element):
    if root.tag == _S + "styleSheet":
        for font in root.iter(_S + "font"):
            sz = font.find(_S + "sz")
            if sz is not None:
                yield sz


def sizes(doc) -> dict[str, Counter]:
    """How often each font size (points) occurs, by part."""
    out: dict[str, Counter] = {}
    for part, root in _roots(doc):
        c = LA.font_sizes(root)
        for sz in _font_sizes(root):
            try:
                c[float(sz.get("val") or "")] += 1
            except ValueError:
                continue
        out[part] = c
    return out


def replace_colours(session: Session, by_part: dict[str, dict[str, str]]) -> str:
    """Explicit colours replaced, in each part, by its mapping (``RRGGBB`` -> ``RRGGBB``)."""
    n = 0
    for part, root in _roots(session.doc):
        mapping = by_part.get(part, {})
        k = LA.replace_colours(root, mapping)
        for el in list(_rgb_slots(root)):
            new = mapping.get(normalize_hex(el.get("rgb")) or "")
            if new:
                el.set("rgb", "FF" + new.upper())
                k += 1
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no colour to replace")
    return f"{n} colours"


def theme_colours(session: Session, by_part: dict[str, dict[str, tuple[str, int, int]]]
                  ) -> str:
    """Explicit colours written, in each part, as the palette swatch its mapping gives:
    ``theme`` and ``tint`` in the stylesheet, a scheme colour in DrawingML."""
    n = 0
    for part, root in _roots(session.doc):
        mapping = by_part.get(part, {})
        k = LA.to_scheme(root, mapping, lambda s: s if s.startswith("accent") else None)
        for el in list(_rgb_slots(root)):
            hit = mapping.get(normalize_hex(el.get("rgb")) or "")
            if hit is None or hit[0] not in THEME_INDEX or hit[0] in ("lt1", "dk1"):
                continue
            slot, mod, off = hit
            del el.attrib["rgb"]
            el.set("theme", str(THEME_INDEX[slot]))
            tint = _TINTS.get((mod, off))
            if tint:
                el.set("tint", tint)
            k += 1
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no colour has a palette swatch that looks the same")
    return f"{n} colours"


def replace_sizes(session: Session, by_part: dict[str, dict[float, float]]) -> str:
    """Font sizes replaced, in each part, by its mapping (points -> points)."""
    n = 0
    for part, root in _roots(session.doc):
        mapping = by_part.get(part, {})
        k = LA.replace_sizes(root, mapping)
        for sz in _font_sizes(root):
            try:
                new = mapping.get(float(sz.get("val") or ""))
            except ValueError:
                continue
            if new is not None:
                sz.set("val", f"{new:g}")
                k += 1
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no font size to replace")
    return f"{n} sizes"
