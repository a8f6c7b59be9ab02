"""Paragraph resolvers beyond the core formatting ones: list numbering through numbering.xml,
drop caps, paragraph borders and shading, the kind of special indent, and caption facts.

Numbering: ``paragraph.numbering`` is the level's number format (``none`` when the paragraph
is not in a list), ``.level`` its 1-based level, ``.text`` the level text pattern, ``.start``
the number it starts at, and ``.label`` the label a reader sees (``第一章``, ``1.2``), counted
over the main story in document order.
"""

from __future__ import annotations

from typing import Callable

from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_int, twips_to_pt
from officeeval.values import Border, Measure, Observation, aggregate
from officeeval.word import runs as R
from officeeval.word.paragraphs import first
from officeeval.word.props_section import border_of
from officeeval.word.resolvers import _para, content_paragraphs
from officeeval.word.targets import ParagraphTarget, StyleTarget

_W = f"{{{W}}}"
SIDES = ("top", "left", "bottom", "right")


# ------------------------------------------------------------------ numbering
def _level(target, ctx):
    ref = getattr(target, "num_ref", None)
    if ref is None or (ctx.direct and ref.from_style):
        return None, None
    return ref, target.doc.numbering.level(ref.num_id, ref.ilvl)


def _numbering(read: Callable, none_value=None) -> Callable:
    def resolve(target, ctx):
        if not isinstance(target, (ParagraphTarget, StyleTarget)):
            paragraphs = content_paragraphs(target)
            if not paragraphs:
                return None
            parts = [(p.locator, resolve(p, ctx) or Observation(None, "none"))
                     for p in paragraphs]
            return None if all(o.value is None for _, o in parts) else aggregate(parts)
        ref, level = _level(target, ctx)
        if ref is None or level is None:
            if none_value is not None and not ctx.direct:
                return Observation(none_value, "default")
            return None
        source = ("style:" + target.style_id) if ref.from_style else "direct"
        value = read(target, ref, level)
        return Observation(value, source) if value is not None else None
    return resolve


def _label(target, ref, level):
    if not isinstance(target, ParagraphTarget):
        return None
    hit = target.doc.list_labels.get(id(target.el))
    return hit[0] if hit else None


NUMBERING_RESOLVERS: dict[str, Callable] = {
    "paragraph.numbering": _numbering(lambda t, ref, lv: lv.fmt, "none"),
    "paragraph.numbering.level": _numbering(lambda t, ref, lv: ref.ilvl + 1),
    "paragraph.numbering.text": _numbering(lambda t, ref, lv: lv.text),
    "paragraph.numbering.start": _numbering(
        lambda t, ref, lv: lv.start_override if lv.start_override is not None else lv.start),
    "paragraph.numbering.label": _numbering(_label),
}


# ------------------------------------------------------------------ drop caps
def _frame(target):
    for el in (getattr(target, "drop_cap_el", None), target.el):
        if el is None:
            continue
        ppr = el.find(_W + "pPr")
        fp = ppr.find(_W + "framePr") if ppr is not None else None
        if fp is not None and fp.get(_W + "dropCap") in ("drop", "margin"):
            return fp
    return None


def drop_cap(target, ctx):
    if not isinstance(target, ParagraphTarget):
        return None
    fp = _frame(target)
    if fp is None:
        return None if ctx.direct else Observation("none", "default")
    return Observation(fp.get(_W + "dropCap"), "direct")


def drop_cap_lines(target, ctx):
    if not isinstance(target, ParagraphTarget):
        return None
    fp = _frame(target)
    if fp is None:
        return None
    n = to_int(fp.get(_W + "lines"))
    return Observation(n if n is not None and n > 0 else 1, "direct" if n else "default")


def drop_cap_distance(target, ctx):
    if not isinstance(target, ParagraphTarget):
        return None
    fp = _frame(target)
    if fp is None:
        return None
    v = twips_to_pt(fp.get(_W + "hSpace"))
    return Observation(Measure(v if v is not None else 0.0), "direct" if v is not None
                       else "default")


# ------------------------------------------------------------------ borders and shading
def _side(levels, side: str):
    for lv in levels:
        bdr = lv.find("pBdr")
        el = bdr.find(_W + side) if bdr is not None else None
        if el is not None:
            return border_of(el), lv.source
    return None


def _border_box(t, levels, direct):
    found = [(s, _side(levels, s)) for s in SIDES]
    got = [(s, h) for s, h in found if h is not None]
    if not got:
        return None if direct else Observation(Border("none"), "default")
    values = {h[0] for _, h in got}
    if len(got) == 4 and len(values) == 1:
        return Observation(got[0][1][0], got[0][1][1])
    top = next((h for s, h in got if s == "top"), got[0][1])
    return Observation(top[0], top[1])


def _border_side(side: str):
    def read(t, levels, direct):
        hit = _side(levels, side)
        if hit is None:
            return None if direct else Observation(Border("none"), "default")
        return Observation(hit[0], hit[1])
    return read


def _shading(t, levels, direct):
    hit = first(levels, "shd")
    if hit is None:
        return None if direct else Observation("none", "default")
    return Observation(R.shd_color(hit[0], t.doc.theme), hit[1])


def _special(t, levels, direct):
    hit = first(levels, "ind", ("firstLine", "firstLineChars", "hanging", "hangingChars"))
    if hit is None:
        return None if direct else Observation("none", "default")
    el, src = hit
    for attrs, token in ((("hangingChars", "hanging"), "hanging"),
                         (("firstLineChars", "firstLine"), "first_line")):
        for a in attrs:
            v = el.get(_W + a)
            num = to_int(v) if a.endswith("Chars") else twips_to_pt(v)
            if num:
                return Observation(token if num > 0 else "none", src)
    return Observation("none", src)


PARAGRAPH_RESOLVERS: dict[str, Callable] = {
    "paragraph.border": _para(_border_box),
    **{f"paragraph.border.{s}": _para(_border_side(s)) for s in SIDES},
    "paragraph.shading": _para(_shading),
    "paragraph.indent.special": _para(_special),
}
DROP_CAP_RESOLVERS: dict[str, Callable] = {
    "paragraph.drop_cap": drop_cap,
    "paragraph.drop_cap.lines": drop_cap_lines,
    "paragraph.drop_cap.distance": drop_cap_distance,
}


# ------------------------------------------------------------------ captions
def caption_label(target, ctx):
    """The identifier of the paragraph's SEQ field (图, 表, Figure); ``None`` without one."""
    if not isinstance(target, ParagraphTarget):
        return None
    idx = target.doc.story_index(target.part) if target.part != target.doc.main else \
        target.doc.story_index(target.doc.main)
    for f in idx.fields:
        if f.paragraph is target.el and f.type == "SEQ" and f.argument:
            return Observation(f.argument, "direct")
    return None


def caption_position(target, ctx):
    """``above`` when the caption's next block is a table or a paragraph holding a
    picture/chart, ``below`` when its previous one is; ``None`` when neither."""
    if not isinstance(target, ParagraphTarget):
        return None
    order = _siblings(target)
    ids = [id(getattr(b, "el", None)) for b in order]
    try:
        i = ids.index(id(target.el))
    except ValueError:
        return None
    for j, where in ((i + 1, "above"), (i - 1, "below")):
        if 0 <= j < len(order) and _is_object(order[j]):
            return Observation(where, "computed")
    return None


def _siblings(target):
    doc = target.doc
    for blocks in _all_blocks(doc.blocks):
        if any(getattr(b, "el", None) is target.el for b in blocks.order):
            return blocks.order
    return []


def _all_blocks(blocks):
    yield blocks
    for b in blocks.order:
        for c in getattr(b, "cells", []):
            yield from _all_blocks(c.blocks)


def _is_object(block) -> bool:
    if not isinstance(block, ParagraphTarget):
        return True  # a table
    el = block.el
    return (el.find(f".//{_W}drawing") is not None or el.find(f".//{_W}pict") is not None) \
        and not block.text.strip()


CAPTION_RESOLVERS: dict[str, Callable] = {
    "caption.label": caption_label,
    "caption.position": caption_position,
}

