"""The watermark of a Word document (水印): its kind, text, font, color and layout, read from
the header drawing that holds it (``word.watermark``) and written there (a VML text path's
string and style, or a DrawingML text box's runs and rotation)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.cache import memo_value
from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import A, V
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.edit.xml import _W, wchild
from officeeval.word.props_document import DOC, document_property
from officeeval.word.props_font import font_slot, put_color
from officeeval.word.watermark import find_watermark, watermark_drawing

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
_V, _A = f"{{{V}}}", f"{{{A}}}"


def _watermark(doc):
    return memo_value(doc, "_officeeval_watermark", lambda: find_watermark(doc))


def _watermark_attr(doc, attr: str, none_kind: bool = False):
    wm = _watermark(doc)
    if wm is None:
        return Observation("none", "default") if none_kind else None
    v = getattr(wm, attr)
    return Observation(v, wm.part) if v is not None else None


def _drawing(session: Session):
    """The drawing that holds the watermark; ``NotApplicable`` without one."""
    found = watermark_drawing(session.doc)
    if found is None:
        raise NotApplicable("no watermark")
    return found[0]


def _style_of(el: etree._Element) -> dict[str, str]:
    out = {}
    for item in (el.get("style") or "").split(";"):
        if ":" in item:
            k, v = item.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def _set_style(el: etree._Element, key: str, value: str) -> None:
    style = _style_of(el)
    style[key] = value
    el.set("style", ";".join(f"{k}:{v}" for k, v in style.items()))


@prop("watermark.text", T.TEXT, kinds=DOC, typed_text=True)
@document_property
def watermark_text(doc, ctx):
    """Text of a text watermark."""
    return _watermark_attr(doc, "text")


@WRITERS.writer("watermark.text")
def write_watermark_text(session: Session, target: Target, value: Any) -> str:
    t = _drawing(session)
    tp = t.el.find(_V + "textpath") if t.fmt == "vml" else None
    if tp is not None:
        tp.set("string", str(value))
        session.touch(tp)
        return f"textpath {value!r}"
    nodes = list(t.container_el.iter(_W + "t"))
    if not nodes:
        raise NotApplicable("a picture watermark")
    set_text(nodes, str(value))
    session.touch(nodes[0])
    return f"watermark text {value!r}"


@prop("watermark.kind", T.EnumType("watermark_kind"), kinds=DOC)
@document_property
def watermark_kind(doc, ctx):
    """Watermark kind: text, picture or none."""
    return _watermark_attr(doc, "kind", none_kind=True)


@WRITERS.writer("watermark.kind")
def write_watermark_kind(session: Session, target: Target, value: Any) -> str:
    """Only ``none`` can be written: the watermark removed."""
    if str(value) != "none":
        raise NotApplicable("a watermark of another kind cannot be made up")
    t = _drawing(session)
    el = t.frame if t.frame is not None else t.el
    while el.getparent() is not None and el.getparent().tag != _W + "r":
        el = el.getparent()
    run = el.getparent()
    if run is None or run.getparent() is None:
        raise NotApplicable("the watermark is not in a run")
    session.touch(run)
    run.getparent().remove(run)
    return "watermark removed"


@prop("watermark.font", T.TEXT, kinds=DOC)
@document_property
def watermark_font(doc, ctx):
    """Font of a text watermark."""
    return _watermark_attr(doc, "font")


@WRITERS.writer("watermark.font")
def write_watermark_font(session: Session, target: Target, value: Any) -> str:
    t = _drawing(session)
    tp = t.el.find(_V + "textpath") if t.fmt == "vml" else None
    if tp is not None:
        _set_style(tp, "font-family", f'"{value}"')
        session.touch(tp)
        return f"font-family {value}"
    for p in t.paragraphs:
        for r in p.text_runs():
            rpr = wchild(r.el, "rPr", first=True)
            font_slot(rpr, "eastAsia", value, ("ascii", "hAnsi"))
            session.touch(rpr)
    return f"font {value}"


@prop("watermark.color", T.COLOR, kinds=DOC,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色")))
@document_property
def watermark_color(doc, ctx):
    """Color of a text watermark."""
    return _watermark_attr(doc, "color")


@WRITERS.writer("watermark.color")
def write_watermark_color(session: Session, target: Target, value: Any) -> str:
    t = _drawing(session)
    if t.fmt == "vml":
        t.el.set("fillcolor", "#" + str(value))
        session.touch(t.el)
        return f"fillcolor {value}"
    for p in t.paragraphs:
        for r in p.text_runs():
            rpr = wchild(r.el, "rPr", first=True)
            put_color(rpr, value)
            session.touch(rpr)
    return f"color {value}"


@prop("watermark.layout", T.EnumType("watermark_layout"), kinds=DOC)
@document_property
def watermark_layout(doc, ctx):
    """Layout of a text watermark: diagonal (斜式) or horizontal (水平)."""
    return _watermark_attr(doc, "layout")


@WRITERS.writer("watermark.layout")
def write_watermark_layout(session: Session, target: Target, value: Any) -> str:
    """``diagonal`` rotates the watermark by 315 degrees, ``horizontal`` by none."""
    t = _drawing(session)
    deg = 315 if str(value) == "diagonal" else 0
    if t.fmt == "vml":
        _set_style(t.el, "rotation", str(deg))
        session.touch(t.el)
    else:
        xfrm = next(t.el.iter(_A + "xfrm"), None)
        if xfrm is None:
            raise NotApplicable("the watermark has no transform")
        xfrm.set("rot", str(deg * 60000))
        session.touch(xfrm)
    return f"rotation {deg}"
