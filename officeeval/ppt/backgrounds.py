"""Slide backgrounds, on the slide or inherited from its layout and master.

``p:bg`` holds either ``p:bgPr`` (a fill: solid, gradient, picture/texture, pattern, none)
or ``p:bgRef`` (an index into the theme's format scheme: 1–999 the fill style list,
1001+ the background fill style list, with the reference's color standing for ``phClr``).
Colors are resolved through the color map of the sheet being shown.
"""

from __future__ import annotations

from officeeval.cache import memo_value
from officeeval.ooxml.drawingml import Fill, find_fill, first_color, read_fill
from officeeval.ooxml.units import to_int
from officeeval.ppt.markup import a, first_child, p
from officeeval.ppt.sheets import Sheet
from officeeval.values import Observation


def _theme_fill(sheet: Sheet, idx: int):
    theme = sheet.theme_root
    if theme is None:
        return None
    elems = first_child(theme, a("themeElements"))
    fmt = first_child(elems, a("fmtScheme")) if elems is not None else None
    if fmt is None:
        return None
    if idx >= 1001:
        lst, pos = first_child(fmt, a("bgFillStyleLst")), idx - 1001
    elif idx >= 1:
        lst, pos = first_child(fmt, a("fillStyleLst")), idx - 1
    else:
        return None
    if lst is None:
        return None
    fills = [c for c in lst if isinstance(c.tag, str)]
    return fills[pos] if 0 <= pos < len(fills) else None


def background_fill(sheet: Sheet) -> tuple[Fill, str] | None:
    """The background fill seen on ``sheet`` and its source (``direct`` when the sheet sets
    it, else ``layout`` / ``master``); ``None`` when no sheet in the chain has one."""
    if not sheet.shared:  # an edited view: read what the trees say now
        return _background_fill(sheet)
    # Read-only while grading: the kind and the color of a slide read it once.
    return memo_value(sheet, "_officeeval_background", lambda: _background_fill(sheet))


def _background_fill(sheet: Sheet) -> tuple[Fill, str] | None:
    found = sheet.effective_background()
    if found is None:
        return None
    bg, owner = found
    source = "direct" if owner is sheet else owner.kind
    bg_pr = first_child(bg, p("bgPr"))
    if bg_pr is not None:
        fill = read_fill(find_fill(bg_pr), sheet.scheme_color)
        return (fill, source) if fill is not None else None
    ref = first_child(bg, p("bgRef"))
    if ref is not None:
        idx = to_int(ref.get("idx"))
        style = _theme_fill(sheet, idx) if idx is not None else None
        placeholder = sheet.color(first_color(ref))
        fill = read_fill(style, sheet.scheme_color, placeholder)
        if fill is not None:
            return fill, source if source != "direct" else "theme"
    return None


def background_kind(sheet: Sheet) -> Observation | None:
    got = background_fill(sheet)
    if got is None:
        return None
    fill, source = got
    kind = "none" if fill.kind == "none" else fill.kind
    return Observation(kind if kind != "group" else "none", source)


def background_color(sheet: Sheet) -> Observation | None:
    """The solid color, a gradient's first stop, a pattern's foreground; ``none`` for no
    fill; ``None`` for pictures or when unknown."""
    got = background_fill(sheet)
    if got is None:
        return None
    fill, source = got
    if fill.kind == "none":
        return Observation("none", source)
    if fill.color is None:
        return None
    note = "" if fill.kind == "solid" else f"{fill.kind} fill: first color"
    return Observation(fill.color, source, note=note)
