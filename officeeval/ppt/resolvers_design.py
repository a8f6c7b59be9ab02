"""PowerPoint resolvers for a slide's design: its layout (by name and by type) and the
background of a slide, layout or master; each writer below its resolver (the slide's
layout relationship, the sheet's own ``p:bg`` with ``ppt.edit.sheet_parts``)."""

from __future__ import annotations

import posixpath
from typing import Any

from officeeval.ooxml.editing import rels_part
from officeeval.ppt import backgrounds
from officeeval.ppt.edit.sheet_parts import (
    gradient_background, remove_background, set_background, solid_background,
)
from officeeval.ppt.targets import SheetTarget
from officeeval.ppt.value_types import LAYOUT_NAME
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.vocabulary import get as vocab

SHEET_KINDS = ("slide", "layout", "master")
SLIDE = "slide"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


# ------------------------------------------------------------------ layouts
@prop("slide.layout", LAYOUT_NAME, kinds=(SLIDE, "layout"), plan=Plan("layout"),
      draft=Drafting(made=True, called=("版式",)))
def slide_layout(target, ctx) -> Observation | None:
    """Name of the slide's layout (built-in names match in English or Chinese: Title and
    Content = 标题和内容)."""
    if isinstance(target, SheetTarget):
        return Observation(target.sheet.name, "direct") if target.kind == "layout" else None
    layout = target.sheet.layout
    return Observation(layout.name, "layout") if layout is not None else None


@WRITERS.writer("slide.layout")
def put_slide_layout(session: Session, target: Target, value: Any) -> str:
    """The slide's layout relationship pointed at the layout named ``value`` (or whose
    part is ``value``)."""
    if target.kind != "slide":
        raise NotApplicable(f"not a slide: {target.kind}")
    want = vocab("layout_type").canonical(str(value))
    layouts = session.doc.layouts  # type: ignore[attr-defined]
    layout = next((s for s in layouts if s.part == str(value)), None) or next(
        (s for s in layouts if s.name == str(value)), None) or next(
        (s for s in session.doc.layouts if want is not None  # type: ignore[attr-defined]
         and vocab("layout_type").canonical(s.name) == want), None)
    if layout is None:
        raise NotApplicable(f"no layout {value!r}")
    part = target.sheet.part  # type: ignore[attr-defined]
    folder = posixpath.dirname(part)
    rels = session.part(rels_part(part))
    for rel in rels:
        if (rel.get("Type") or "").endswith("/slideLayout"):
            rel.set("Target", posixpath.relpath(layout.part, folder))
    return f"layout {layout.name!r}"


@prop("slide.layout_type", T.EnumType("layout_type"), kinds=(SLIDE, "layout"),
      plan=Plan("layout", via="slide.layout"),
      draft=Drafting(volatile=True, called=("版式",)))
def layout_type(target, ctx) -> Observation | None:
    """The layout's type (p:sldLayout/@type: title, obj, twoObj, titleOnly, blank …),
    inferred from a built-in name when the type is absent."""
    sheet = target.sheet if isinstance(target, SheetTarget) else target.sheet.layout
    if sheet is None or sheet.kind != "layout":
        return None
    if sheet.layout_type:
        return Observation(sheet.layout_type, "layout")
    token = vocab("layout_type").canonical(sheet.name)
    return Observation(token or "cust", "layout" if token else "default")


@WRITERS.writer("slide.layout_type")
def put_layout_type(session: Session, target: Target, value: Any) -> str:
    """The slide given a layout of type ``value`` (a layout's own type is written on a
    layout target)."""
    if target.kind == "layout":
        target.sheet.root.set("type", str(value))  # type: ignore[attr-defined]
        session.touch(target.sheet.root)  # type: ignore[attr-defined]
        return f"type={value}"
    layout = next((s for s in session.doc.layouts  # type: ignore[attr-defined]
                   if s.layout_type == str(value)), None)
    if layout is None:
        raise NotApplicable(f"no layout of type {value!r}")
    return put_slide_layout(session, target, layout.name)


# ------------------------------------------------------------------ backgrounds
def _direct_only(obs: Observation | None, ctx) -> Observation | None:
    if obs is not None and ctx.direct and obs.source != "direct":
        return None
    return obs


@prop("slide.background.kind", T.EnumType("background_kind"), kinds=SHEET_KINDS,
      plan=Plan("background", gradient_for_solid=True, color_via="slide.background.color"),
      draft=Drafting(pictured_by=("背景",), called=("背景",)))
def background_kind(target, ctx) -> Observation | None:
    """Background fill kind: solid, gradient, picture (picture or texture), pattern, none —
    on the slide or inherited from its layout and master (p:bgPr, or p:bgRef into the
    theme)."""
    obs = backgrounds.background_kind(target.sheet)
    return _direct_only(obs, ctx)


@WRITERS.writer("slide.background.kind")
def put_background_kind(session: Session, target: Target, value: Any) -> str:
    """``gradient`` (white to blue), ``solid`` (white) or ``none`` (the sheet's own
    background removed: it inherits)."""
    if str(value) == "gradient":
        set_background(session, target, gradient_background())
        return "a gradient fill"
    if str(value) == "solid":
        set_background(session, target, solid_background("FFFFFF"))
        return "solid #FFFFFF"
    if str(value) == "none":
        remove_background(session, target)
        return "own background removed"
    raise NotApplicable(f"a {value} background is not made up")


@prop("slide.background.color", T.COLOR, kinds=SHEET_KINDS, plan=Plan("background"),
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("背景",)))
def background_color(target, ctx) -> Observation | None:
    """Background color: the solid color, a gradient's first stop, a pattern's foreground;
    theme colors through the slide's color map."""
    obs = backgrounds.background_color(target.sheet)
    return _direct_only(obs, ctx)


@WRITERS.writer("slide.background.color")
def put_background_color(session: Session, target: Target, value: Any) -> str:
    set_background(session, target, solid_background(str(value)))
    return f"solid #{value}"
