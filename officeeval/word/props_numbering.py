"""List numbering (``paragraph.numbering*``): a paragraph's list level read through
numbering.xml, and written there or on the paragraph.

``paragraph.numbering`` is the level's number format (``none`` when the paragraph is not in
a list), ``.level`` its 1-based level, ``.text`` the level text pattern, ``.start`` the
number it starts at, ``.suffix`` what follows the number, and ``.label`` the label a reader
sees (``第一章``, ``1.2``), counted over the main story in document order. A writer puts a
paragraph (or paragraph style) in or out of a list, changes its level, or edits the
definition of its list level (``w:lvl``: the level's, whoever else uses it).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import choices
from officeeval.properties.mistakes import Plan, choices
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation, aggregate
from officeeval.word.containers import content_paragraphs
from officeeval.word.edit.xml import wchild, wset
from officeeval.word.numbering import ListLevelTarget
from officeeval.word.numbering_labels import first_label
from officeeval.word.resolvers import PARA_KINDS
from officeeval.word.targets import ParagraphTarget, StyleTarget

_W = f"{{{W}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


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


@prop("paragraph.numbering", T.EnumType("number_format"), kinds=LEVEL_KINDS,
      draft=Drafting(asked="feature", words=("编号",), numbering_part=True, called=("编号",),
                     skill="numbering"),
      plan=Plan("numbering", change="format", numbering="paragraph.numbering"))
@numbering_property("none")
def numbering(t, ref, level):
    """Numbering format of the paragraph's list level (bullet, decimal, chineseCounting …),
    through numbering.xml; none when not numbered."""
    return level.fmt


@WRITERS.writer("paragraph.numbering")
def write_numbering(session: Session, target: Target, value: Any) -> str:
    """``none``: out of its list; a number format (``decimal``, ``upperRoman`` …): the
    format of its list level, or, when it is in no list, an item of the document's first
    list."""
    if value == "none":
        _unnumber(session, target)
        return "numbering removed"
    try:
        num_id, ilvl, _ = num_ref(target)
    except NotApplicable:
        return _number(session, target)
    lvl = level_def(session, num_id, ilvl)
    wset(lvl, "numFmt", val=str(value))
    return f"numFmt={value}"


@prop("paragraph.numbering.level", T.INTEGER, kinds=PARA_KINDS,
      draft=Drafting(asked="feature", words=("编号",), numbering_part=True, called=("编号",),
                     skill="numbering"),
      plan=Plan("numbering", change="level", numbering="paragraph.numbering"))
@numbering_property()
def numbering_level(t, ref, level):
    """List level (1-based) of a numbered paragraph."""
    return ref.ilvl + 1


@WRITERS.writer("paragraph.numbering.level")
def write_numbering_level(session: Session, target: Target, value: Any) -> str:
    """The 1-based list level, written on the paragraph (or the style) itself."""
    num_id, _, num_pr = num_ref(target)
    if num_pr is None:
        ppr = wchild(target.el, "pPr", first=True)  # type: ignore[attr-defined]
        num_pr = wchild(ppr, "numPr")
        wset(num_pr, "numId", val=num_id)
    wset(num_pr, "ilvl", first=True, val=str(int(value) - 1))
    session.touch(num_pr)
    return "list level changed"


@prop("paragraph.numbering.text", T.TEXT, kinds=LEVEL_KINDS,
      draft=Drafting(asked="feature", words=("编号",), numbering_part=True, called=("编号",),
                     skill="numbering"),
      plan=Plan("numbering", change="text", numbering="paragraph.numbering",
                level_text="paragraph.numbering.text"))
@numbering_property()
def numbering_text(t, ref, level):
    """The level text pattern of the paragraph's list level (e.g. '第%1章', '%1.%2')."""
    return level.text


def _level_attr(name: str, tag: str, fmt: Callable[[Any], str]) -> None:
    """Register the writer of ``name``: ``w:tag`` of the target's list level."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        num_id, ilvl, _ = num_ref(target)
        lvl = level_def(session, num_id, ilvl)
        old = (lvl.find(_W + tag).get(_W + "val") if lvl.find(_W + tag) is not None else None)
        wset(lvl, tag, val=fmt(value))
        return f"{tag} {old!r} -> {fmt(value)!r}" if tag == "lvlText" else f"{tag}={fmt(value)}"


_level_attr("paragraph.numbering.text", "lvlText", str)


@prop("paragraph.numbering.start", T.INTEGER, kinds=LEVEL_KINDS,
      draft=Drafting(asked="feature", words=("编号",), numbering_part=True, called=("编号",),
                     skill="numbering"),
      plan=Plan("numbering", change="start", numbering="paragraph.numbering"))
@numbering_property()
def numbering_start(t, ref, level):
    """The number the paragraph's list level starts at (w:start, or the list instance's
    w:startOverride)."""
    return level.start_override if level.start_override is not None else level.start


_level_attr("paragraph.numbering.start", "start", lambda v: str(int(v)))


@prop("paragraph.numbering.suffix", T.EnumType("number_suffix"), kinds=LEVEL_KINDS,
      breaks=choices("tab", "space", "nothing"),
      draft=Drafting(asked="feature", words=("编号",), called=("编号",),
                     skill="numbering"))
@numbering_property()
def numbering_suffix(t, ref, level):
    """What follows the list number (编号之后): tab (制表符), space (空格) or nothing (不特别标注),
    of the paragraph's list level; tab when the level does not say (w:suff, ISO 29500
    17.9.29)."""
    el = level.el.find(_W + "suff") if level.el is not None else None
    val = el.get(_W + "val") if el is not None else None
    return val if val in ("tab", "space", "nothing") else "tab"


# The children of w:lvl in schema order (ISO 29500 17.9.6): Word ignores one out of order.
LVL_ORDER = ("start", "numFmt", "lvlRestart", "pStyle", "isLgl", "suff", "lvlText",
             "lvlPicBulletId", "legacy", "lvlJc", "pPr", "rPr")


def lvl_set(lvl: etree._Element, tag: str, val: str) -> etree._Element:
    """Set ``w:tag/@w:val`` of a ``w:lvl``, creating the child where the schema puts it."""
    el = lvl.find(_W + tag)
    if el is None:
        el = etree.Element(_W + tag)
        rank = LVL_ORDER.index(tag)
        after = [c for c in lvl if isinstance(c.tag, str) and c.tag.startswith(_W)
                 and c.tag[len(_W):] in LVL_ORDER and LVL_ORDER.index(c.tag[len(_W):]) > rank]
        if after:
            after[0].addprevious(el)
        else:
            lvl.append(el)
    el.set(_W + "val", val)
    return el


@WRITERS.writer("paragraph.numbering.suffix")
def write_numbering_suffix(session: Session, target: Target, value: Any) -> str:
    """The character after the number (``tab``, ``space``, ``nothing``) of the target's list
    level, in numbering.xml."""
    num_id, ilvl, _ = num_ref(target)
    lvl = level_def(session, num_id, ilvl)
    lvl_set(lvl, "suff", str(value))
    return f"suff={value}"


@prop("paragraph.numbering.label", T.TEXT, kinds=LEVEL_KINDS,
      read_only="counted from the level text and the items before it: write "
                "paragraph.numbering.text or .start",
      draft=Drafting(asked="feature", words=("编号",), numbering_part=True, called=("编号",),
                     skill="numbering"),
      plan=Plan("numbering", change="text", numbering="paragraph.numbering",
                level_text="paragraph.numbering.text"))
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


# ------------------------------------------------------------------ writing the list level
def num_ref(t: Target) -> tuple[str, int, etree._Element | None]:
    """(numId, ilvl, the style's w:numPr that set it) for a paragraph or a style target;
    ``NotApplicable`` when it is in no list."""
    if t.kind == "style":
        ppr = t.style.el.find(_W + "pPr")  # type: ignore[attr-defined]
        num_pr = ppr.find(_W + "numPr") if ppr is not None else None
        if num_pr is None:
            raise NotApplicable("the style sets no numbering")
        nid = num_pr.find(_W + "numId")
        lvl = num_pr.find(_W + "ilvl")
        return (nid.get(_W + "val") if nid is not None else "",
                int(lvl.get(_W + "val") or 0) if lvl is not None else 0, num_pr)
    ref = getattr(t, "num_ref", None)
    if ref is None:
        raise NotApplicable("not numbered")
    return ref.num_id, ref.ilvl, None


def level_def(session: Session, num_id: str, ilvl: int) -> etree._Element:
    """The ``w:lvl`` that defines level ``ilvl`` of list ``num_id`` (an override's, or the
    abstract definition's through style links), its part marked as changed."""
    doc = session.doc
    part = doc.package.related_one(doc.main, "numbering")  # type: ignore[attr-defined]
    if part is None:
        raise NotApplicable("no numbering part")
    root = session.part(part)
    num = next((n for n in root.findall(_W + "num") if n.get(_W + "numId") == num_id), None)
    if num is None:
        raise NotApplicable(f"no list {num_id}")
    for ov in num.findall(_W + "lvlOverride"):
        if ov.get(_W + "ilvl") == str(ilvl) and ov.find(_W + "lvl") is not None:
            return ov.find(_W + "lvl")
    aid = num.find(_W + "abstractNumId").get(_W + "val")
    seen: set[str] = set()
    while aid is not None and aid not in seen:
        seen.add(aid)
        absn = next((a for a in root.findall(_W + "abstractNum")
                     if a.get(_W + "abstractNumId") == aid), None)
        if absn is None:
            break
        link = absn.find(_W + "numStyleLink")
        if link is None:
            lvl = next((x for x in absn.findall(_W + "lvl") if x.get(_W + "ilvl") == str(ilvl)),
                       None)
            if lvl is None:
                raise NotApplicable("no such level")
            return lvl
        style = doc.styles.find(link.get(_W + "val") or "")  # type: ignore[attr-defined]
        ppr = style.el.find(_W + "pPr") if style is not None else None
        nid = ppr.find(f"{_W}numPr/{_W}numId") if ppr is not None else None
        linked = next((n for n in root.findall(_W + "num")
                       if nid is not None and n.get(_W + "numId") == nid.get(_W + "val")), None)
        aid = linked.find(_W + "abstractNumId").get(_W + "val") if linked is not None else None
    raise NotApplicable("the list level is not found")


def _unnumber(session: Session, t: Target) -> None:
    if t.kind == "style":
        _, _, num_pr = num_ref(t)
        num_pr.getparent().remove(num_pr)  # type: ignore[union-attr]
        session.touch(t.style.el)  # type: ignore[attr-defined]
        return
    ppr = wchild(t.el, "pPr", first=True)  # type: ignore[attr-defined]
    num_pr = wchild(ppr, "numPr")
    for c in list(num_pr):
        num_pr.remove(c)
    wset(num_pr, "numId", val="0")
    session.touch(ppr)


def _number(session: Session, t: Target) -> str:
    """Make ``t`` an item (level 1) of the document's first list."""
    doc = session.doc
    part = doc.package.related_one(doc.main, "numbering")  # type: ignore[attr-defined]
    root = doc.package.xml(part) if part else None
    nums = root.findall(_W + "num") if root is not None else []
    if not nums or t.kind != "paragraph":
        raise NotApplicable("no list to apply")
    ppr = wchild(t.el, "pPr", first=True)  # type: ignore[attr-defined]
    num_pr = wchild(ppr, "numPr")
    wset(num_pr, "ilvl", val="0")
    wset(num_pr, "numId", val=nums[0].get(_W + "numId"))
    session.touch(ppr)
    return f"numId={nums[0].get(_W + 'numId')}"
