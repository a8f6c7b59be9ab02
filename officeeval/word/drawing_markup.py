"""Where the drawing objects of a ``w:drawing`` or ``w:pict`` are, and what each is: a
picture, a shape, a text box, a chart or a SmartArt, with its placement frame and size.

DrawingML groups and canvases are opened (each member keeps the group's frame); VML shapes
inside ``v:shapetype`` are templates, not objects; a VML horizontal rule is not an object.
"""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import A, O, PIC, V, W, WP, WPS
from officeeval.ooxml.units import emu_to_pt, measure_to_pt

_W = f"{{{W}}}"
_WP = f"{{{WP}}}"
_A = f"{{{A}}}"
_V = f"{{{V}}}"
_WPS = f"{{{WPS}}}"
_VML_SHAPES = {_V + n for n in ("shape", "rect", "roundrect", "oval", "line", "polyline",
                                "arc", "curve", "image")}


def vml_style(el: etree._Element) -> dict[str, str]:
    """The CSS-like ``style`` attribute of a VML element as a dict (lower-case keys)."""
    out: dict[str, str] = {}
    for item in (el.get("style") or "").split(";"):
        if ":" in item:
            k, v = item.split(":", 1)
            out[k.strip().lower()] = v.strip().strip('"').strip("'")
    return out


def vml_length(text: str | None) -> float | None:
    """A VML length in points; a number without a unit is pixels (0.75 pt)."""
    return measure_to_pt(text, 0.75) if text else None


def _classify_dml(obj: etree._Element) -> str | None:
    local = etree.QName(obj).localname
    ns = etree.QName(obj).namespace
    if ns == PIC and local == "pic":
        return "image"
    if ns == WPS and local == "wsp":
        return "textbox" if obj.find(_WPS + "txbx") is not None else "shape"
    return None


def _members(group: etree._Element) -> list[etree._Element]:
    """Members of a DrawingML group or canvas, groups opened recursively (bounded)."""
    out: list[etree._Element] = []
    stack = [(group, 0)]
    while stack:
        g, depth = stack.pop(0)
        for child in g:
            if not isinstance(child.tag, str):
                continue
            local = etree.QName(child).localname
            if local in ("grpSp", "wgp") and depth < 16:
                stack.append((child, depth + 1))
            elif local in ("wsp", "pic", "graphicFrame"):
                out.append(child)
    return out


def objects_in(drawing: etree._Element) -> list[tuple[str, etree._Element, etree._Element | None,
                                                        str, tuple[float | None, float | None]]]:
    """``(kind, object, frame, fmt, (width, height))`` for each object in a ``w:drawing`` or
    ``w:pict`` element."""
    out = []
    if drawing.tag == _W + "drawing":
        for frame in drawing:
            if frame.tag not in (_WP + "inline", _WP + "anchor"):
                continue
            ext = frame.find(_WP + "extent")
            size = (emu_to_pt(ext.get("cx")), emu_to_pt(ext.get("cy"))) if ext is not None \
                else (None, None)
            data = frame.find(f"{_A}graphic/{_A}graphicData")
            if data is None:
                continue
            uri = (data.get("uri") or "").rstrip("/").rsplit("/", 1)[-1]
            if uri == "chart":
                out.append(("chart", data, frame, "dml", size))
            elif uri == "diagram":
                out.append(("smartart", data, frame, "dml", size))
            elif uri in ("picture", "wordprocessingShape"):
                for obj in data:
                    kind = _classify_dml(obj) if isinstance(obj.tag, str) else None
                    if kind:
                        out.append((kind, obj, frame, "dml", size))
            elif uri in ("wordprocessingGroup", "wordprocessingCanvas"):
                for grp in data:
                    for obj in _members(grp) if isinstance(grp.tag, str) else []:
                        kind = _classify_dml(obj)
                        if kind is None and etree.QName(obj).localname == "graphicFrame":
                            continue
                        if kind:
                            out.append((kind, obj, frame, "dml", _member_size(obj, size)))
        return out
    if drawing.tag == _W + "pict":
        for shape in drawing.iter(*_VML_SHAPES):
            if shape.getparent() is not None and shape.getparent().tag == _V + "shapetype":
                continue
            kind = _classify_vml(shape)
            if kind is None:
                continue
            style = vml_style(shape)
            size = (vml_length(style.get("width")), vml_length(style.get("height")))
            frame = _vml_top(shape, drawing)
            out.append((kind, shape, frame, "vml", size))
    return out


def _member_size(obj: etree._Element, fallback):
    ext = obj.find(f".//{_A}xfrm/{_A}ext")
    if ext is None:
        return fallback
    return emu_to_pt(ext.get("cx")), emu_to_pt(ext.get("cy"))


def _vml_top(shape: etree._Element, pict: etree._Element) -> etree._Element:
    """The outermost VML element placing ``shape`` (its group, or the shape itself)."""
    top = shape
    el = shape.getparent()
    while el is not None and el is not pict:
        if el.tag == _V + "group":
            top = el
        el = el.getparent()
    return top


def _classify_vml(shape: etree._Element) -> str | None:
    if shape.find(_V + "textbox") is not None:
        return "textbox"
    if shape.find(_V + "textpath") is not None:
        return "shape"  # WordArt
    if shape.find(_V + "imagedata") is not None or shape.tag == _V + "image":
        return "image"
    if (shape.get(f"{{{O}}}hr") or "").lower() in ("t", "true"):
        return None  # a horizontal rule drawn as a shape, not an object a reader inserts
    return "shape"
