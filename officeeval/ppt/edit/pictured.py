"""A deck's explicit colours and font sizes, read and replaced over every part a candidate
formats: slides, layouts, masters and the charts on them (not the theme, whose colours are
the palette, nor SmartArt's drawing parts, made from the colour scheme chosen by name).
The rubric audit moves the values an instruction gives only by an example picture to ones
that look the same (``ooxml.look_alike``).
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from officeeval.ooxml import look_alike as LA
from officeeval.properties.writing import NotApplicable, Session

# Scheme names a slide writes for the palette's dark 2 / light 2 under the usual colour
# map; the accents are written as themselves. Dark 1 and light 1 (black and white) are
# left to the RGB neighbour.
_SLIDE_SLOTS = {"dk2": "tx2", "lt2": "bg2", "accent1": "accent1", "accent2": "accent2",
                "accent3": "accent3", "accent4": "accent4", "accent5": "accent5",
                "accent6": "accent6"}


def parts(doc) -> list[str]:
    """Slide, layout and master parts, then the chart parts they hold."""
    sheets = [s.part for s in doc.slide_sheets + doc.layouts + doc.masters]
    charts: list[str] = []
    for part in sheets:
        for c in doc.package.related(part, "chart"):
            if c not in charts:
                charts.append(c)
    return sheets + charts


def _roots(doc) -> list[tuple[str, etree._Element]]:
    return [(p, doc.package.xml(p)) for p in parts(doc)]


def colours(doc) -> dict[str, Counter]:
    """How often each explicit RGB colour occurs, by formatted part."""
    return {p: LA.explicit_colours(root) for p, root in _roots(doc)}


def sizes(doc) -> dict[str, Counter]:
    """How often each run font size (points) occurs, by formatted part."""
    return {p: LA.font_sizes(root) for p, root in _roots(doc)}


def replace_colours(session: Session, by_part: dict[str, dict[str, str]]) -> str:
    """Explicit colours replaced, in each part, by its mapping (``RRGGBB`` -> ``RRGGBB``)."""
    n = 0
    for part, root in _roots(session.doc):
        k = LA.replace_colours(root, by_part.get(part, {}))
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no colour to replace")
    return f"{n} colours"


def theme_colours(session: Session, by_part: dict[str, dict[str, tuple[str, int, int]]]
                  ) -> str:
    """Explicit colours written, in each part, as the palette swatch its mapping gives
    (theme slot, lumMod, lumOff); dark 1 / light 1 are not written as scheme colours."""
    n = 0
    for part, root in _roots(session.doc):
        k = LA.to_scheme(root, by_part.get(part, {}), _SLIDE_SLOTS.get)
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no colour has a palette swatch that looks the same")
    return f"{n} colours"


def replace_sizes(session: Session, by_part: dict[str, dict[float, float]]) -> str:
    """Run font sizes replaced, in each part, by its mapping (points -> points)."""
    n = 0
    for part, root in _roots(session.doc):
        k = LA.replace_sizes(root, by_part.get(part, {}))
        if k:
            session.part(part)
            n += k
    if not n:
        raise NotApplicable("no font size to replace")
    return f"{n} sizes"
