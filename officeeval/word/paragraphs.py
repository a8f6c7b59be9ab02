"""Effective paragraph properties through the chain: direct ``w:pPr`` -> numbering level ->
paragraph style and basedOn ancestors -> table style -> ``w:pPrDefault`` -> Word's defaults
(left aligned, no indents, no spacing, single line spacing, body-text outline level).

Indents and spacing keep the unit the document stored: ``w:firstLineChars="200"`` is
``2char`` and converts to points with the paragraph's East Asian font size; ``w:beforeLines``
is in lines and converts with the section's line pitch (12 pt without a document grid).
"""

from __future__ import annotations

from lxml import etree

from officeeval import vocabulary
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_float, twips_to_pt
from officeeval.values import LineSpacing, Measure, Observation
from officeeval.word.runs import Level, on_off

_W = f"{{{W}}}"
DEFAULT_LINE_PITCH_PT = 12.0


def first(levels: list[Level], tag: str, attrs: tuple[str, ...] = ()
          ) -> tuple[etree._Element, str] | None:
    """The first level whose ``tag`` element has any of ``attrs`` (or exists, if none)."""
    for lv in levels:
        el = lv.find(tag)
        if el is None:
            continue
        if not attrs or any(el.get(_W + a) is not None for a in attrs):
            return el, lv.source
    return None


def alignment(levels: list[Level]) -> Observation:
    hit = first(levels, "jc")
    if hit is None:
        return Observation("left", "default")
    raw = hit[0].get(_W + "val") or "left"
    token = vocabulary.get("alignment").canonical(raw) or raw
    return Observation(token, hit[1])


def indent(levels: list[Level], side: str, unit_pt: float, direct: bool) -> Observation | None:
    """``side`` is left, right, first_line or hanging."""
    if side in ("left", "right"):
        names = {"left": ("left", "start"), "right": ("right", "end")}[side]
        chars_attr = {"left": ("leftChars", "startChars"), "right": ("rightChars",
                                                                     "endChars")}[side]
        hit = first(levels, "ind", names + chars_attr)
        if hit is None:
            return None if direct else Observation(Measure(0.0), "default")
        el, src = hit
        return Observation(_measure(el, names, chars_attr, unit_pt), src)
    hit = first(levels, "ind", ("firstLine", "firstLineChars", "hanging", "hangingChars"))
    if hit is None:
        return None if direct else Observation(Measure(0.0), "default")
    el, src = hit
    hanging = _has_value(el, ("hanging",), ("hangingChars",))
    if side == "first_line":
        if hanging:
            return Observation(Measure(0.0), src)
        return Observation(_measure(el, ("firstLine",), ("firstLineChars",), unit_pt), src)
    if not hanging:
        return Observation(Measure(0.0), src)
    return Observation(_measure(el, ("hanging",), ("hangingChars",), unit_pt), src)


def _has_value(el: etree._Element, abs_attrs: tuple[str, ...], chars_attrs: tuple[str, ...]
               ) -> bool:
    for a in chars_attrs:
        v = to_float(el.get(_W + a))
        if v:
            return True
    for a in abs_attrs:
        v = twips_to_pt(el.get(_W + a))
        if v:
            return True
    return False


def _measure(el: etree._Element, abs_attrs: tuple[str, ...], chars_attrs: tuple[str, ...],
             unit_pt: float) -> Measure:
    # A non-zero *Chars attribute overrides the absolute one (Word recomputes the absolute
    # value from it); a zero one means "use the absolute value".
    for a in chars_attrs:
        v = to_float(el.get(_W + a))
        if v:
            return Measure(pt=v / 100.0 * unit_pt, chars=v / 100.0, unit_pt=unit_pt)
    for a in abs_attrs:
        v = twips_to_pt(el.get(_W + a))
        if v is not None:
            return Measure(pt=v, unit_pt=unit_pt)
    return Measure(pt=0.0, unit_pt=unit_pt)


def space(levels: list[Level], which: str, line_pitch: float, direct: bool
          ) -> Observation | None:
    """``which`` is before or after."""
    lines_attr = which + "Lines"
    auto_attr = which + "Autospacing"
    hit = first(levels, "spacing", (which, lines_attr, auto_attr))
    if hit is None:
        return None if direct else Observation(Measure(0.0), "default")
    el, src = hit
    if (el.get(_W + auto_attr) or "").lower() in ("1", "true", "on"):
        # HTML-style automatic spacing: Word uses 14 pt.
        return Observation(Measure(14.0), src, note="autospacing")
    lines = to_float(el.get(_W + lines_attr))
    pts = twips_to_pt(el.get(_W + which))
    if lines:
        return Observation(Measure(pt=pts, lines=lines / 100.0, unit_pt=line_pitch), src)
    return Observation(Measure(pt=pts if pts is not None else 0.0, unit_pt=line_pitch), src)


def line_spacing(levels: list[Level], direct: bool) -> Observation | None:
    hit = first(levels, "spacing", ("line",))
    if hit is None:
        return None if direct else Observation(LineSpacing("multiple", 1.0), "default")
    el, src = hit
    rule = (el.get(_W + "lineRule") or "auto").strip()
    raw = to_float(el.get(_W + "line"))
    if raw is None:
        return None
    if rule == "exact":
        return Observation(LineSpacing("exact", raw / 20.0), src)
    if rule == "atLeast":
        return Observation(LineSpacing("at_least", raw / 20.0), src)
    return Observation(LineSpacing("multiple", round(raw / 240.0, 4)), src)


def outline_level(levels: list[Level], direct: bool) -> Observation | None:
    hit = first(levels, "outlineLvl")
    if hit is None:
        return None if direct else Observation("body_text", "default")
    v = to_float(hit[0].get(_W + "val"))
    if v is None or v < 0 or v >= 9:
        return Observation("body_text", hit[1])
    return Observation(str(int(v) + 1), hit[1])


def flag(levels: list[Level], tag: str, direct: bool) -> Observation | None:
    hit = first(levels, tag)
    if hit is None:
        return None if direct else Observation(False, "default")
    return Observation(on_off(hit[0]), hit[1])
