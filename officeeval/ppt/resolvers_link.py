"""PowerPoint resolvers for click actions (超链接, 动作设置): where a shape's or text's link
goes and what kind of action it is; each with its writer below it (written on the first
``a:hlinkClick`` and its relationship)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.editing import add_relationship, rels_part, relationship
from officeeval.ooxml.ns import A, R
from officeeval.ppt import content
from officeeval.ppt.edit.shape_parts import shape_of
from officeeval.ppt.targets import ParagraphTarget, RunTarget, ShapeTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

SHAPE_KINDS = ("shape", "picture", "table", "chart", "smartart", "media")
LINKED = (*SHAPE_KINDS, "paragraph", "run")
_A, _R = f"{{{A}}}", f"{{{R}}}"
_HYPERLINK_REL = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
                  "hyperlink")
_ACTIONS = {"next_slide": "ppaction://hlinkshowjump?jump=nextslide",
            "previous_slide": "ppaction://hlinkshowjump?jump=previousslide",
            "first_slide": "ppaction://hlinkshowjump?jump=firstslide",
            "last_slide": "ppaction://hlinkshowjump?jump=lastslide",
            "end_show": "ppaction://hlinkshowjump?jump=endshow"}

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


def _action(target):
    if isinstance(target, ShapeTarget):
        el = target.shape.hyperlink
        sheet = target.shape.sheet
        if el is None and target.shape.tx_body is not None:
            for par in target.paragraphs:
                for r in par.runs:
                    link = r.chain().hyperlink()
                    if link is not None:
                        return content.read_action(sheet, link)
        return content.read_action(sheet, el)
    if isinstance(target, ParagraphTarget):
        for r in target.runs:
            link = r.chain().hyperlink()
            if link is not None:
                return content.read_action(target.shape.sheet, link)
        return None
    if isinstance(target, RunTarget):
        return content.read_action(target.paragraph.shape.sheet, target.chain().hyperlink())
    return None


def _links(t: Target) -> list[etree._Element]:
    shape = getattr(t, "shape", None)
    el = getattr(t, "el", None)
    if shape is None or el is None and t.kind not in SHAPE_KINDS:
        raise NotApplicable(f"no link on a {t.kind} target")
    scope = shape.el if t.kind not in ("paragraph", "run") else el
    return list(scope.iter(_A + "hlinkClick"))


@binds("hyperlink.target", kinds=LINKED)
def hyperlink_target(target, ctx) -> Observation | None:
    act = _action(target)
    if act is None or act.kind == "none":
        return None
    return Observation(act.target, "direct")


@WRITERS.writer("hyperlink.target")
def write_hyperlink_target(session: Session, target: Target, value: Any) -> str:
    """The target of the first link's relationship."""
    links = _links(target)
    link = next((x for x in links if x.get(_R + "id")), None)
    shape = shape_of(target)
    rels = session.part(rels_part(shape.sheet.part))
    if link is None:
        # A jump within the show (an action button's "first slide"): the link is made an
        # external one to ``value``, which is what the target then reads.
        link = next((x for x in links if (x.get("action") or "").startswith("ppaction://")),
                    None)
        if link is None:
            raise NotApplicable("no linked relationship")
        used = {r.get("Id") for r in rels}
        rid = next(f"rId{n}" for n in range(len(used) + 1, len(used) + 1000)
                   if f"rId{n}" not in used)
        add_relationship(rels, rid, _HYPERLINK_REL, str(value)).set("TargetMode", "External")
        old = link.get("action")
        del link.attrib["action"]
        link.set(_R + "id", rid)
        return f"{old} -> {value}"
    rel = relationship(rels, link.get(_R + "id"))
    if rel is None:
        raise NotApplicable("the relationship is missing")
    old = rel.get("Target") or ""
    rel.set("Target", str(value))
    return f"{old} -> {value}"


@prop("hyperlink.action", T.EnumType("hyperlink_action"), kinds=LINKED,
      draft=Drafting(called=("超链接",)))
def hyperlink_action(target, ctx) -> Observation | None:
    """Click action kind: url, slide, first_slide, next_slide, end_show …"""
    act = _action(target)
    return Observation(act.kind, "direct") if act is not None else None


@WRITERS.writer("hyperlink.action")
def write_hyperlink_action(session: Session, target: Target, value: Any) -> str:
    """A jump within the show (``next_slide``, ``end_show`` …) on the first link."""
    action = _ACTIONS.get(str(value))
    if action is None:
        raise NotApplicable(f"a {value} action is not made up")
    link = next(iter(_links(target)), None)
    if link is None:
        raise NotApplicable("no link")
    link.set("action", action)
    link.attrib.pop(_R + "id", None)
    session.touch(link)
    return f"action={action}"
