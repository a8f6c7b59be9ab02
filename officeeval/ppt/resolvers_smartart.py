"""PowerPoint resolvers for SmartArt: layout, style, colours, nodes and the layout's
categories; each writable one with its writer below it (written on the diagram's parts: the
layout, quick style and colors definitions and the data model)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml import drawing_edit
from officeeval.ooxml.ns import DGM, R
from officeeval.ppt import smartart
from officeeval.ppt.edit.shape_parts import graphic_part
from officeeval.ppt.targets import ShapeTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.vocabulary.ppt_smartart import SMARTART_COLORS_IDS, SMARTART_STYLE_IDS

SMARTART = ("smartart", "shape")
_R, _DGM = f"{{{R}}}", f"{{{DGM}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


@prop("smartart.layout", T.EnumType("smartart_layout"), kinds=SMARTART,
      draft=Drafting(made=True, pictured_by=("布局",), called=("SmartArt",)),
      plan=Plan("smartart", change="layout", via="smartart.layout_id"))
def smartart_layout(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt layout (basic_block_list/基本列表, basic_process/基本流程, basic_cycle/基本循环,
    hierarchy/层次结构 …); an unknown layout gives its id."""
    if target.shape.kind != "smartart":
        return None
    token = smartart.layout_token(target.shape)
    return Observation(token, "direct") if token else None


def _layout_writer(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        root = session.part(graphic_part(session, target, _DGM + "relIds", _R + "lo"))
        return drawing_edit.set_layout(root, value)


_layout_writer("smartart.layout")


@prop("smartart.layout_id", T.TEXT, kinds=SMARTART,
      draft=Drafting(volatile=True, pictured_by=("布局",), called=("SmartArt",)),
      plan=Plan("smartart", change="layout"))
def smartart_layout_id(target: ShapeTarget, ctx) -> Observation | None:
    """The SmartArt layout definition id (urn:…/layout/…)."""
    if target.shape.kind != "smartart":
        return None
    uid = smartart.layout_id(target.shape)
    return Observation(uid, "direct") if uid else None


_layout_writer("smartart.layout_id")


@prop("smartart.style", T.EnumType("smartart_style"), kinds=SMARTART,
      draft=Drafting(freed_by=("样式",), pictured_by=("样式",), called=("SmartArt",)),
      plan=Plan("smartart", change="default", default="simple_fill", other="moderate_effect"))
def smartart_style(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt style (SmartArt 样式: simple_fill/简单填充, subtle_effect/细微效果,
    moderate_effect/中等效果, intense_effect/强烈效果, polished/优雅 …), from the quick style
    part (or the data model's qsTypeId); an unknown style gives its id."""
    if target.shape.kind != "smartart":
        return None
    token = smartart.style_token(target.shape)
    return Observation(token, "direct") if token else None


def _definition_writer(name: str, rel_attr: str, type_attr: str, ids: dict[str, str],
                       urn: str) -> None:
    """A writer of the SmartArt definition ``rel_attr`` names (quick style ``qs``, colors
    ``cs``): the part's ``uniqueId`` and the data model's ``type_attr`` on its document
    point, so both places a reader looks agree. ``value`` is a gallery token, an id, or a
    bare definition name (``simple4``)."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        text = str(value)
        uid = next((k for k, v in ids.items() if v == text), None) or (
            text if text.startswith("urn:") else urn + text)
        written = 0
        try:
            root = session.part(graphic_part(session, target, _DGM + "relIds",
                                             _R + rel_attr))
        except NotApplicable:
            root = None
        if root is not None:
            root.set("uniqueId", uid)
            written += 1
        data = session.part(graphic_part(session, target, _DGM + "relIds", _R + "dm"))
        for pt in data.iter(_DGM + "pt"):
            if pt.get("type") == "doc":
                pr = pt.find(_DGM + "prSet")
                if pr is None:
                    pr = etree.Element(_DGM + "prSet")
                    pt.insert(0, pr)
                pr.set(type_attr, uid)
                written += 1
                break
        if not written:
            raise NotApplicable(f"no {rel_attr} part and no document point")
        return f"{name.rsplit('.', 1)[-1]} {uid.rsplit('/', 1)[-1]}"


_definition_writer("smartart.style", "qs", "qsTypeId", SMARTART_STYLE_IDS,
                   "urn:microsoft.com/office/officeart/2005/8/quickstyle/")


@prop("smartart.colors", T.EnumType("smartart_colors"), kinds=SMARTART,
      draft=Drafting(freed_by=("颜色",),
                     pictured_by=("颜色", "填充", "背景", "底纹", "配色"),
                     called=("SmartArt",)),
      plan=Plan("smartart", change="default", default="accent1_fill", other="colorful_accent"))
def smartart_colors(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt colours (更改颜色: colorful_accent/彩色 - 个性色, colorful_range_2_3,
    accent1_fill/彩色填充 - 个性色 1, accent2_outline/彩色轮廓 - 个性色 2 …), from the colors
    part (or the data model's csTypeId); an unknown scheme gives its id."""
    if target.shape.kind != "smartart":
        return None
    token = smartart.colors_token(target.shape)
    return Observation(token, "direct") if token else None


_definition_writer("smartart.colors", "cs", "csTypeId", SMARTART_COLORS_IDS,
                   "urn:microsoft.com/office/officeart/2005/8/colors/")


@prop("smartart.nodes", T.ORDERED_LIST, kinds=SMARTART,
      draft=Drafting(made=True, called=("SmartArt",)),
      plan=Plan("smartart", change="typo_first"))
def smartart_nodes(target: ShapeTarget, ctx) -> Observation | None:
    """SmartArt node texts in text-pane order."""
    if target.shape.kind != "smartart":
        return None
    if smartart.data_model(target.shape) is None:
        return None
    return Observation([n.text for n in smartart.nodes(target.shape)], "direct")


@WRITERS.writer("smartart.nodes")
def write_smartart_nodes(session: Session, target: Target, value: Any) -> str:
    root = session.part(graphic_part(session, target, _DGM + "relIds", _R + "dm"))
    return drawing_edit.set_nodes(root, value)


@prop("smartart.categories", T.LIST, kinds=SMARTART,
      read_only="the layout definition's gallery categories: write smartart.layout",
      draft=Drafting(called=("SmartArt",), beside="smartart.layout"))
def smartart_categories(target: ShapeTarget, ctx) -> Observation | None:
    """The SmartArt layout's gallery categories (list, process, cycle, hierarchy …)."""
    if target.shape.kind != "smartart":
        return None
    cats = smartart.categories(target.shape)
    return Observation(cats, "direct") if cats else None
