"""Paragraph properties beyond the core formatting ones (``word.resolvers``): drop caps,
paragraph borders and shading, widow control, the kind of special indent, and caption
facts; each resolver with its writer (``put(pPr, value)`` on the paragraph and on the style
it inherits from, or the drop cap's ``w:framePr``; captions edit the document).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import (
    CM, Plan, border_values, choices, drop_cap_lines, flip, shift,
)
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.ooxml.units import to_int, twips_to_pt
from officeeval.targets import Target
from officeeval.values import Border, Measure, Observation
from officeeval.word import runs as R
from officeeval.word.edit.borders import SIDES, borders, shading_fill
from officeeval.word.edit.fields import replace_text, slots
from officeeval.word.edit.levels import FRAME, PARA, on_level
from officeeval.word.edit.xml import points, ppr_toggle, twips, wset
from officeeval.word.paragraphs import first, flag
from officeeval.word.props_page import border_of
from officeeval.word.resolvers import FIRST_OR_HANGING, PARA_KINDS, para_property, put_indent
from officeeval.word.targets import ParagraphTarget

_W = f"{{{W}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
writes = on_level(WRITERS)


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


def _put_frame_attr(attr: str, fmt: Callable[[Any], str]) -> Callable[[etree._Element, Any], str]:
    def write(ppr: etree._Element, v: Any) -> str:
        fp = ppr.find(_W + "framePr")
        fp.set(_W + attr, fmt(v))
        return f"w:framePr/@w:{attr}={fmt(v)}"
    return write


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


writes("paragraph.drop_cap", FRAME, "framePr")(_put_frame_attr("dropCap", str))


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


writes("paragraph.drop_cap.lines", FRAME, "framePr")(
    _put_frame_attr("lines", lambda v: str(int(v))))


@prop("paragraph.drop_cap.distance", T.LENGTH_ABS, kinds="paragraph", breaks=shift(CM / 2),
      draft=Drafting(in_cm=True))
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


writes("paragraph.drop_cap.distance", FRAME, "framePr")(
    _put_frame_attr("hSpace", lambda v: twips(points(v) or 0.0)))


# ------------------------------------------------------------------ borders and shading
def _side(levels, side: str):
    for lv in levels:
        bdr = lv.find("pBdr")
        el = bdr.find(_W + side) if bdr is not None else None
        if el is not None:
            return border_of(el), lv.source
    return None


@prop("paragraph.border", T.BORDER, kinds=PARA_KINDS, breaks=border_values,
      draft=Drafting(volatile=True, called=("边框",),
                     skill="border"))
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


writes("paragraph.border", PARA, "pBdr")(borders(SIDES))


def _border_side(levels, direct, side: str):
    hit = _side(levels, side)
    if hit is None:
        return None if direct else Observation(Border("none"), "default")
    return Observation(hit[0], hit[1])


@prop("paragraph.border.top", T.BORDER, kinds=PARA_KINDS, breaks=border_values,
      draft=Drafting(called=("边框",),
                     skill="border"))
@para_property
def border_top(t, levels, direct):
    """Top border of the paragraph (none when absent)."""
    return _border_side(levels, direct, "top")


writes("paragraph.border.top", PARA, "pBdr")(borders(("top",)))


@prop("paragraph.border.bottom", T.BORDER, kinds=PARA_KINDS, breaks=border_values,
      draft=Drafting(called=("边框",),
                     skill="border"))
@para_property
def border_bottom(t, levels, direct):
    """Bottom border of the paragraph."""
    return _border_side(levels, direct, "bottom")


writes("paragraph.border.bottom", PARA, "pBdr")(borders(("bottom",)))


@prop("paragraph.border.left", T.BORDER, kinds=PARA_KINDS, breaks=border_values,
      draft=Drafting(called=("边框",),
                     skill="border"))
@para_property
def border_left(t, levels, direct):
    """Left border of the paragraph."""
    return _border_side(levels, direct, "left")


writes("paragraph.border.left", PARA, "pBdr")(borders(("left",)))


@prop("paragraph.border.right", T.BORDER, kinds=PARA_KINDS, breaks=border_values,
      draft=Drafting(called=("边框",),
                     skill="border"))
@para_property
def border_right(t, levels, direct):
    """Right border of the paragraph."""
    return _border_side(levels, direct, "right")


writes("paragraph.border.right", PARA, "pBdr")(borders(("right",)))


@prop("paragraph.widow_control", T.BOOL, kinds=PARA_KINDS, breaks=flip)
@para_property
def widow_control(t, levels, direct):
    """Widow/orphan control (孤行控制): the first and last line of the paragraph are never
    left alone at the bottom or top of a page. Off when no level sets it (w:widowControl,
    ISO 29500 17.3.1.44)."""
    return flag(levels, "widowControl", direct)


@writes("paragraph.widow_control", PARA, "widowControl")
def put_widow_control(ppr: etree._Element, v: Any) -> str:
    return ppr_toggle(ppr, "widowControl", v)


@prop("paragraph.shading", T.COLOR, kinds=PARA_KINDS, breaks=choices("none", "FFFF00", "D9D9D9"),
      draft=Drafting(called=("底纹",),
                     skill="border"))
@para_property
def shading(t, levels, direct):
    """Paragraph shading fill (none when absent)."""
    hit = first(levels, "shd")
    if hit is None:
        return None if direct else Observation("none", "default")
    return Observation(R.shd_color(hit[0], t.doc.theme), hit[1])


writes("paragraph.shading", PARA, "shd")(shading_fill)


@prop("paragraph.indent.special", T.EnumType("special_indent"), kinds=PARA_KINDS,
      draft=Drafting(volatile=True, asked="feature", words=("缩进",), freed_by=("缩进",),
                     family="paragraph.indent"))
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


@writes("paragraph.indent.special", PARA, "ind", FIRST_OR_HANGING)
def put_special_indent(ppr: etree._Element, v: Any) -> str:
    """first_line / hanging: two characters of that kind; none: neither."""
    if v == "none":
        wset(ppr, "ind", firstLine=None, firstLineChars=None, hanging=None,
             hangingChars=None)
        return "w:ind without first-line or hanging indent"
    side = "first_line" if v == "first_line" else "hanging"
    return put_indent(side)(ppr, Measure(pt=None, chars=2.0))


# ------------------------------------------------------------------ captions
@prop("caption.label", T.TEXT, kinds="paragraph",
      draft=Drafting(called=("题注",)),
      plan=Plan("caption", change="label"))
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


@WRITERS.writer("caption.label")
def write_caption_label(session: Session, target: Target, value: Any) -> str:
    ss = slots(target.el)  # type: ignore[attr-defined]
    joined = "".join(s.text for s in ss)
    m = re.search(r"SEQ\s+(\S+)", joined)
    if m is None:
        raise NotApplicable("no SEQ field")
    replace_text(ss, m.start(1), m.group(1), str(value))
    session.touch(target.el)  # type: ignore[attr-defined]
    return f"SEQ {m.group(1)} -> {value}"


@prop("caption.position", T.EnumType("caption_position"), kinds="paragraph",
      draft=Drafting(called=("题注",), needs="caption.label"),
      plan=Plan("caption", change="position"))
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


def _holds_object(el: etree._Element) -> bool:
    """A table, or a paragraph holding a drawing or a VML picture."""
    if el.tag == _W + "tbl":
        return True
    return el.tag == _W + "p" and (el.find(f".//{_W}drawing") is not None
                                   or el.find(f".//{_W}pict") is not None)


@WRITERS.writer("caption.position")
def write_caption_position(session: Session, target: Target, value: Any) -> str:
    """The caption moved below (after) the object that follows it, or above (before) the
    one that precedes it."""
    el = target.el  # type: ignore[attr-defined]
    prev, nxt = el.getprevious(), el.getnext()
    session.touch(el)
    if value == "below" and nxt is not None and _holds_object(nxt):
        nxt.addnext(el)
        return "caption moved below its object"
    if value == "above" and prev is not None and _holds_object(prev):
        prev.addprevious(el)
        return "caption moved above its object"
    raise NotApplicable(f"no object to put the caption {value}")


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
