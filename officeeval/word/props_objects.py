"""Drawing objects in Word documents: pictures, shapes, text boxes and SmartArt (their size,
wrapping, alternative text, name, geometry, fill, text, WordArt, SmartArt layout and
nodes), each read from the drawing's markup and written there (``wp:extent``, ``wp:docPr``,
``wps:spPr``, VML attributes, the SmartArt parts).

Sizes are points; wrap types the ``wrap_type`` vocabulary tokens (``inline`` = 嵌入型,
``square`` = 四周型 …).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml import drawing_edit
from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import A, V, WP, WPS
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Measure, Observation
from officeeval.word.drawings import DrawingTarget
from officeeval.word.edit.xml import _W, points

DRAWING_KINDS = ("image", "shape", "textbox", "chart", "smartart")
_WP, _A, _V, _WPS = f"{{{WP}}}", f"{{{A}}}", f"{{{V}}}", f"{{{WPS}}}"
EMU_PER_PT = 12700

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


def drawing_property(read: Callable) -> Callable:
    """Decorator: lift a reader of a drawing to a resolver (``None`` on other targets)."""
    @functools.wraps(read)
    def resolve(t, ctx):
        if not isinstance(t, DrawingTarget):
            return None
        return read(t)
    return resolve


def _size(t: DrawingTarget, i: int):
    v = t.size[i]
    return Observation(Measure(v), "direct") if v is not None and v > 0 else None


def _opt(t: DrawingTarget, attr: str, source: str = "direct"):
    v = getattr(t, attr)
    return Observation(v, source) if v is not None else None


def _drawing(t: Target):
    if getattr(t, "frame", None) is None and getattr(t, "fmt", None) != "vml":
        raise NotApplicable(f"not a drawing: {t.kind}")
    return t


def _size_writer(name: str, attr: str) -> None:
    """Register the writer of ``name``: the drawing's extent ``attr`` (``cx``, ``cy``)."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        t = _drawing(target)
        ext = t.frame.find(_WP + "extent") if t.frame is not None else None  # type: ignore
        if ext is None:
            raise NotApplicable("no extent (a VML picture)")
        new = str(int(round((points(value) or 0.0) * EMU_PER_PT)))
        ext.set(attr, new)
        for a_ext in t.frame.iter(_A + "ext"):  # type: ignore[attr-defined]
            if a_ext.get(attr) is not None:
                a_ext.set(attr, new)
        session.touch(ext)
        return f"{attr}={new}"


@prop("image.width", T.LENGTH_ABS, kinds=DRAWING_KINDS,
      draft=Drafting(asked="placed",
                     words=("同宽", "等宽"),
                     stated_by=("宽",),
                     freed_by=("大小", "尺寸"),
                     called=("图片",)),
      plan=Plan("image", change="size"))
@drawing_property
def image_width(t: DrawingTarget):
    """Image width."""
    return _size(t, 0)


_size_writer("image.width", "cx")


@prop("image.height", T.LENGTH_ABS, kinds=DRAWING_KINDS,
      draft=Drafting(asked="placed",
                     words=("同高", "等高"),
                     stated_by=("高",),
                     freed_by=("大小", "尺寸"),
                     called=("图片",)),
      plan=Plan("image", change="size"))
@drawing_property
def image_height(t: DrawingTarget):
    """Image height."""
    return _size(t, 1)


_size_writer("image.height", "cy")


@binds("shape.width", kinds=DRAWING_KINDS)
@drawing_property
def shape_width(t: DrawingTarget):
    return _size(t, 0)


_size_writer("shape.width", "cx")


@binds("shape.height", kinds=DRAWING_KINDS)
@drawing_property
def shape_height(t: DrawingTarget):
    return _size(t, 1)


_size_writer("shape.height", "cy")


@prop("image.wrap", T.EnumType("wrap_type"), kinds=DRAWING_KINDS,
      draft=Drafting(made=True, asked="words", words=("环绕", "嵌入", "浮于", "衬于"), called=("图片",)),
      plan=Plan("image", change="wrap"))
@drawing_property
def image_wrap(t: DrawingTarget):
    """Text wrapping (嵌入型, 四周型环绕 …)."""
    return _opt(t, "wrap")


@WRITERS.writer("image.wrap")
def write_image_wrap(session: Session, target: Target, value: Any) -> str:
    """``inline`` puts a floating DrawingML object in line; any other wrapping floats an
    inline one with square wrapping."""
    frame = _drawing(target).frame  # type: ignore[attr-defined]
    if frame is None or not frame.tag.startswith(_WP):
        raise NotApplicable("not a DrawingML picture")
    session.touch(frame)
    if str(value) != "inline" and frame.tag == _WP + "inline":
        anchor = etree.Element(_WP + "anchor", {
            "distT": "0", "distB": "0", "distL": "114300", "distR": "114300",
            "simplePos": "0", "relativeHeight": "251659264", "behindDoc": "0",
            "locked": "0", "layoutInCell": "1", "allowOverlap": "1"})
        etree.SubElement(anchor, _WP + "simplePos", x="0", y="0")
        for axis, rel in (("positionH", "column"), ("positionV", "paragraph")):
            pos = etree.SubElement(anchor, _WP + axis, relativeFrom=rel)
            etree.SubElement(pos, _WP + "posOffset").text = "0"
        for child in list(frame):
            if child.tag == _WP + "docPr":
                etree.SubElement(anchor, _WP + "wrapSquare", wrapText="bothSides")
            anchor.append(child)
        frame.getparent().replace(frame, anchor)
        return "inline -> square wrapping"
    if str(value) == "inline" and frame.tag == _WP + "anchor":
        inline = etree.Element(_WP + "inline", distT="0", distB="0", distL="0", distR="0")
        for tag in ("extent", "effectExtent", "docPr", "cNvGraphicFramePr"):
            el = frame.find(_WP + tag)
            if el is not None:
                inline.append(el)
        graphic = frame.find(_A + "graphic")
        if graphic is not None:
            inline.append(graphic)
        frame.getparent().replace(frame, inline)
        return "floating -> in line"
    raise NotApplicable(f"the object is already {value}")


@prop("image.alt_text", T.TEXT, kinds=DRAWING_KINDS,
      draft=Drafting(called=("图片",)))
@drawing_property
def image_alt_text(t: DrawingTarget):
    """Alternative text of a picture or shape (descr or title)."""
    return _opt(t, "alt_text")


def _doc_pr(t: Target) -> etree._Element:
    t = _drawing(t)
    pr = t.frame.find(_WP + "docPr") if t.frame is not None else None  # type: ignore
    if pr is None:
        raise NotApplicable("no wp:docPr (a VML object)")
    return pr


@WRITERS.writer("image.alt_text")
def write_alt_text(session: Session, target: Target, value: Any) -> str:
    pr = _doc_pr(target)
    pr.set("descr", str(value))
    pr.attrib.pop("title", None)
    session.touch(pr)
    return f"descr={value!r}"


@prop("shape.text", T.TEXT, kinds=("shape", "textbox", "smartart"),
      draft=Drafting(volatile=True, inserted_text=True),
      plan=Plan("text"),
      typed_text=True)
@drawing_property
def shape_text(t: DrawingTarget):
    """Text inside a shape or text box."""
    return Observation(t.text, "direct")


def _box_text_nodes(t: Target) -> list[etree._Element]:
    """The ``w:t`` elements of a shape's or text box's text (a WordArt's text path is an
    attribute, not an element: none)."""
    box = getattr(t, "container_el", None)
    if getattr(t, "has_textbox", False) and box is not None:
        return list(box.iter(_W + "t"))
    return []


@WRITERS.writer("shape.text")
def write_shape_text(session: Session, target: Target, value: Any) -> str:
    t = _drawing(target)
    if getattr(t, "textpath", None) is not None:
        tp = t.el.find(_V + "textpath")  # type: ignore[attr-defined]
        tp.set("string", str(value))
        session.touch(tp)
        return f"textpath {value!r}"
    if t.kind == "smartart":
        return write_smartart_nodes(session, t, str(value).split("\n"))
    nodes = _box_text_nodes(t)
    if not nodes:
        raise NotApplicable("no text in the shape")
    set_text(nodes, str(value))
    session.touch(nodes[0])
    return f"text {value!r}"


@prop("shape.wordart", T.BOOL, kinds=("shape", "textbox"))
@drawing_property
def shape_wordart(t: DrawingTarget):
    """Whether a shape is WordArt (艺术字): a VML text path or a text shape with a text
    warp."""
    return Observation(t.wordart, "direct")


@WRITERS.writer("shape.wordart")
def write_wordart(session: Session, target: Target, value: Any) -> str:
    """A DrawingML text shape made WordArt (a plain text warp, ``a:prstTxWarp``) or made
    a plain text shape (its warp removed)."""
    t = _drawing(target)
    body = t.el.find(_WPS + "bodyPr") if t.fmt == "dml" else None  # type: ignore[attr-defined]
    if body is None:
        raise NotApplicable("not a DrawingML text shape")
    warp = body.find(_A + "prstTxWarp")
    if value and warp is None:
        warp = etree.Element(_A + "prstTxWarp", prst="textPlain")
        etree.SubElement(warp, _A + "avLst")
        body.insert(0, warp)
    elif not value and warp is not None:
        body.remove(warp)
    else:
        raise NotApplicable(f"already {'WordArt' if value else 'plain'}")
    session.touch(body)
    return f"WordArt {'on' if value else 'off'}"


@binds("shape.geometry", kinds=("shape", "textbox"))
@drawing_property
def shape_geometry(t: DrawingTarget):
    return _opt(t, "geometry")


def _sp_pr(t: Target) -> etree._Element:
    sp = t.el.find(_WPS + "spPr") if getattr(t, "fmt", "") == "dml" else None  # type: ignore
    if sp is None:
        raise NotApplicable("not a DrawingML shape")
    return sp


@WRITERS.writer("shape.geometry")
def write_geometry(session: Session, target: Target, value: Any) -> str:
    sp = _sp_pr(target)
    note = drawing_edit.set_geometry(sp, value)
    session.touch(sp)
    return note


@binds("shape.fill.color", kinds=("shape", "textbox"))
@drawing_property
def shape_fill_color(t: DrawingTarget):
    return _opt(t, "fill_color")


@WRITERS.writer("shape.fill.color")
def write_fill_color(session: Session, target: Target, value: Any) -> str:
    t = _drawing(target)
    if t.fmt == "vml":  # type: ignore[attr-defined]
        if str(value) == "none":
            t.el.set("filled", "f")  # type: ignore[attr-defined]
        else:
            t.el.set("fillcolor", "#" + str(value))  # type: ignore[attr-defined]
            t.el.attrib.pop("filled", None)  # type: ignore[attr-defined]
        session.touch(t.el)  # type: ignore[attr-defined]
        return f"fillcolor={value}"
    sp = _sp_pr(target)
    note = drawing_edit.set_solid_fill(sp, value)
    session.touch(sp)
    return note


@binds("shape.name", kinds=DRAWING_KINDS)
@drawing_property
def shape_name(t: DrawingTarget):
    return _opt(t, "name")


@WRITERS.writer("shape.name")
def write_shape_name(session: Session, target: Target, value: Any) -> str:
    pr = _doc_pr(target)
    pr.set("name", str(value))
    session.touch(pr)
    return f"name={value!r}"


@binds("smartart.layout", kinds="smartart")
@drawing_property
def smartart_layout(t: DrawingTarget):
    uid = t.smartart_layout_id()
    if not uid:
        return None
    from officeeval.vocabulary.ppt import SMARTART_LAYOUT_IDS as ids
    token = ids.get(uid) or uid.rstrip("/").rsplit("/", 1)[-1]
    return Observation(token, "direct")


def _smartart_part(t: Target, role: str) -> str:
    part = t.smartart_parts().get(role) if t.kind == "smartart" else None  # type: ignore
    if not part:
        raise NotApplicable("not a SmartArt, or its part is missing")
    return part


@WRITERS.writer("smartart.layout")
def write_smartart_layout(session: Session, target: Target, value: Any) -> str:
    return drawing_edit.set_layout(session.part(_smartart_part(target, "lo")), value)


@binds("smartart.layout_id", kinds="smartart")
@drawing_property
def smartart_layout_id(t: DrawingTarget):
    uid = t.smartart_layout_id()
    return Observation(uid, "direct") if uid else None


@WRITERS.writer("smartart.layout_id")
def write_smartart_layout_id(session: Session, target: Target, value: Any) -> str:
    return drawing_edit.set_layout(session.part(_smartart_part(target, "lo")), value)


@binds("smartart.nodes", kinds="smartart")
@drawing_property
def smartart_nodes(t: DrawingTarget):
    return Observation(t.smartart_nodes(), "direct")


@WRITERS.writer("smartart.nodes")
def write_smartart_nodes(session: Session, target: Target, value: Any) -> str:
    return drawing_edit.set_nodes(session.part(_smartart_part(target, "dm")), value)
