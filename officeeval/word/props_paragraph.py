"""Paragraph resolvers beyond the core formatting ones: list numbering through numbering.xml,
drop caps, paragraph borders and shading, the kind of special indent, and caption facts.

Numbering: ``paragraph.numbering`` is the level's number format (``none`` when the paragraph
is not in a list), ``.level`` its 1-based level, ``.text`` the level text pattern, ``.start``
the number it starts at, and ``.label`` the label a reader sees (``第一章``, ``1.2``), counted
over the main story in document order.
"""

from __future__ import annotations

import functools
from typing import Callable

from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import CM, border_values, choices, drop_cap_lines, flip, shift
from officeeval.ooxml.units import to_int, twips_to_pt
from officeeval.values import Border, Measure, Observation, aggregate
from officeeval.word import runs as R
from officeeval.word.paragraphs import first, flag
from officeeval.word.props_section import border_of
from officeeval.word.resolvers import PARA_KINDS, content_paragraphs, para_property
from officeeval.word.numbering import ListLevelTarget
from officeeval.word.numbering_labels import first_label
from officeeval.word.targets import ParagraphTarget, StyleTarget

_W = f"{{{W}}}"
SIDES = ("top", "left", "bottom", "right")

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


# ------------------------------------------------------------------ numbering
def _level(target, ctx):
    ref = getattr(target, "num_ref", None)
    if ref is None or (ctx.direct and ref.from_style):
        return None, None
    return ref, target.doc.numbering.level(ref.num_id, ref.ilvl)


def numbering_property(none_value=None) -> Callable[[Callable], Callable]:
    """Decorator: lift a reader ``(paragraph, num_ref, level)`` of the paragraph's list
    level to paragraph and style targets and to containers; ``none_value`` is the value of
    a paragraph in no list."""
    return functools.partial(_lift_numbering, none_value=none_value)


def _lift_numbering(read: Callable, none_value=None) -> Callable:
    @functools.wraps(read)
    def resolve(target, ctx):
        if not isinstance(target, (ParagraphTarget, StyleTarget, ListLevelTarget)):
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


LEVEL_KINDS = (*PARA_KINDS, "list_level")


@prop("paragraph.numbering", T.EnumType("number_format"), kinds=LEVEL_KINDS)
@numbering_property("none")
def numbering(t, ref, level):
    """Numbering format of the paragraph's list level (bullet, decimal, chineseCounting …),
    through numbering.xml; none when not numbered."""
    return level.fmt


@prop("paragraph.numbering.level", T.INTEGER, kinds=PARA_KINDS)
@numbering_property()
def numbering_level(t, ref, level):
    """List level (1-based) of a numbered paragraph."""
    return ref.ilvl + 1


@prop("paragraph.numbering.text", T.TEXT, kinds=LEVEL_KINDS)
@numbering_property()
def numbering_text(t, ref, level):
    """The level text pattern of the paragraph's list level (e.g. '第%1章', '%1.%2')."""
    return level.text


@prop("paragraph.numbering.start", T.INTEGER, kinds=LEVEL_KINDS)
@numbering_property()
def numbering_start(t, ref, level):
    """The number the paragraph's list level starts at (w:start, or the list instance's
    w:startOverride)."""
    return level.start_override if level.start_override is not None else level.start


@prop("paragraph.numbering.suffix", T.EnumType("number_suffix"), kinds=LEVEL_KINDS,
      breaks=choices("tab", "space", "nothing"))
@numbering_property()
def numbering_suffix(t, ref, level):
    """What follows the list number (编号之后): tab (制表符), space (空格) or nothing (不特别标注),
    of the paragraph's list level; tab when the level does not say (w:suff, ISO 29500
    17.9.29)."""
    el = level.el.find(_W + "suff") if level.el is not None else None
    val = el.get(_W + "val") if el is not None else None
    return val if val in ("tab", "space", "nothing") else "tab"


@prop("paragraph.numbering.label", T.TEXT, kinds=LEVEL_KINDS,
      read_only="counted from the level text and the items before it: write "
                "paragraph.numbering.text or .start")
@numbering_property()
def numbering_label(target, ref, level):
    """The list label a reader sees ('第一章', '1.2', '(b)'), counted over the document in
    order; Word's counting rules (lists sharing an abstract definition share counters;
    startOverride restarts). Of a list level (paragraph[3]/level[2]): the label its first
    item shows, the level's number format as Word's dialog shows it ('1.1')."""
    if isinstance(target, ListLevelTarget):
        return first_label(target.doc.numbering, ref.num_id, ref.ilvl)
    if not isinstance(target, ParagraphTarget):
        return None
    hit = target.doc.list_labels.get(id(target.el))
    return hit[0] if hit else None


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


@prop("paragraph.drop_cap", T.EnumType("drop_cap"), kinds="paragraph",
      breaks=choices("margin", "drop"))
def drop_cap(target, ctx):
    """Drop cap: none, drop (下沉), margin (悬挂)."""
    if not isinstance(target, ParagraphTarget):
        return None
    fp = _frame(target)
    if fp is None:
        return None if ctx.direct else Observation("none", "default")
    return Observation(fp.get(_W + "dropCap"), "direct")


@prop("paragraph.drop_cap.lines", T.INTEGER, kinds="paragraph", breaks=drop_cap_lines)
def drop_cap_lines(target, ctx):
    """Lines the drop cap spans (下沉行数)."""
    if not isinstance(target, ParagraphTarget):
        return None
    fp = _frame(target)
    if fp is None:
        return None
    n = to_int(fp.get(_W + "lines"))
    return Observation(n if n is not None and n > 0 else 1, "direct" if n else "default")


@prop("paragraph.drop_cap.distance", T.LENGTH_ABS, kinds="paragraph", breaks=shift(CM / 2))
def drop_cap_distance(target, ctx):
    """Distance of the drop cap from the text (距正文, w:framePr w:hSpace)."""
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


@prop("paragraph.border", T.BORDER, kinds=PARA_KINDS, breaks=border_values)
@para_property
def border(t, levels, direct):
    """Paragraph border (the box or the top border when they differ): style, width,
    color."""
    found = [(s, _side(levels, s)) for s in SIDES]
    got = [(s, h) for s, h in found if h is not None]
    if not got:
        return None if direct else Observation(Border("none"), "default")
    values = {h[0] for _, h in got}
    if len(got) == 4 and len(values) == 1:
        return Observation(got[0][1][0], got[0][1][1])
    top = next((h for s, h in got if s == "top"), got[0][1])
    return Observation(top[0], top[1])


def _border_side(levels, direct, side: str):
    hit = _side(levels, side)
    if hit is None:
        return None if direct else Observation(Border("none"), "default")
    return Observation(hit[0], hit[1])


@prop("paragraph.border.top", T.BORDER, kinds=PARA_KINDS, breaks=border_values)
@para_property
def border_top(t, levels, direct):
    """Top border of the paragraph (none when absent)."""
    return _border_side(levels, direct, "top")


@prop("paragraph.border.bottom", T.BORDER, kinds=PARA_KINDS, breaks=border_values)
@para_property
def border_bottom(t, levels, direct):
    """Bottom border of the paragraph."""
    return _border_side(levels, direct, "bottom")


@prop("paragraph.border.left", T.BORDER, kinds=PARA_KINDS, breaks=border_values)
@para_property
def border_left(t, levels, direct):
    """Left border of the paragraph."""
    return _border_side(levels, direct, "left")


@prop("paragraph.border.right", T.BORDER, kinds=PARA_KINDS, breaks=border_values)
@para_property
def border_right(t, levels, direct):
    """Right border of the paragraph."""
    return _border_side(levels, direct, "right")


@prop("paragraph.widow_control", T.BOOL, kinds=PARA_KINDS, breaks=flip)
@para_property
def widow_control(t, levels, direct):
    """Widow/orphan control (孤行控制): the first and last line of the paragraph are never
    left alone at the bottom or top of a page. Off when no level sets it (w:widowControl,
    ISO 29500 17.3.1.44)."""
    return flag(levels, "widowControl", direct)


@prop("paragraph.shading", T.COLOR, kinds=PARA_KINDS, breaks=choices("none", "FFFF00", "D9D9D9"))
@para_property
def shading(t, levels, direct):
    """Paragraph shading fill (none when absent)."""
    hit = first(levels, "shd")
    if hit is None:
        return None if direct else Observation("none", "default")
    return Observation(R.shd_color(hit[0], t.doc.theme), hit[1])


@prop("paragraph.indent.special", T.EnumType("special_indent"), kinds=PARA_KINDS)
@para_property
def special_indent(t, levels, direct):
    """The special indent kind: first_line (首行缩进), hanging (悬挂缩进) or none (无)."""
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


# ------------------------------------------------------------------ captions
@prop("caption.label", T.TEXT, kinds="paragraph")
def caption_label(target, ctx):
    """A caption's label: the identifier of its SEQ field (图, 表, Figure).

    ``None`` without one."""
    if not isinstance(target, ParagraphTarget):
        return None
    idx = target.doc.story_index(target.part) if target.part != target.doc.main else \
        target.doc.story_index(target.doc.main)
    for f in idx.fields:
        if f.paragraph is target.el and f.type == "SEQ" and f.argument:
            return Observation(f.argument, "direct")
    return None


@prop("caption.position", T.EnumType("caption_position"), kinds="paragraph")
def caption_position(target, ctx):
    """Where a caption sits relative to its table or picture: above (上方) or below (下方).

    ``above`` when the caption's next block is a table or a paragraph holding a
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
