"""Shapes of a slide, layout, master or notes page, read from its shape tree.

A ``Shape`` wraps one ``p:sp`` / ``p:pic`` / ``p:graphicFrame`` / ``p:grpSp`` / ``p:cxnSp`` /
``p:contentPart`` (``mc:AlternateContent`` resolved to the branch Office would use) and
answers: its kind (placeholder type, text box, auto shape and geometry, picture, table,
chart, SmartArt, group, media, connector), name and id, placeholder details, own transform,
and text body. Position inheritance and text formatting live in ``sheets`` and
``textstyle``; this module only reads what the element itself says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lxml import etree

from officeeval.cache import ProcessMemo, cached_property
from officeeval.ooxml.units import to_float, to_int
from officeeval.ppt.markup import (
    P14, URI_CHART, URI_CHARTEX, URI_DIAGRAM, URI_OLE, URI_TABLE, a, children, first_child, p,
)
from officeeval.vocabulary.ppt_objects import PLACEHOLDER_KINDS

if TYPE_CHECKING:
    from officeeval.ppt.sheets import Sheet

_SHAPE_TAGS = {p("sp"): "sp", p("pic"): "pic", p("graphicFrame"): "graphicFrame",
               p("grpSp"): "grpSp", p("cxnSp"): "cxnSp", p("contentPart"): "contentPart"}
_NV = {"sp": "nvSpPr", "pic": "nvPicPr", "graphicFrame": "nvGraphicFramePr",
       "grpSp": "nvGrpSpPr", "cxnSp": "nvCxnSpPr", "contentPart": "nvContentPartPr"}
_SPPR = {"sp": "spPr", "pic": "spPr", "cxnSp": "spPr", "grpSp": "grpSpPr"}
_NV_TAGS = {k: p(v) for k, v in _NV.items()}
_P_EMPTY = p("")
_C_NV_PR, _NV_PR, _PH = p("cNvPr"), p("nvPr"), p("ph")
# Raw p:ph attributes -> the Placeholder they read as (bounded: hostile decks vary them).
_PLACEHOLDERS: "ProcessMemo[Placeholder]" = ProcessMemo("ppt.placeholders", 4096)
# Placeholder types whose text takes the master's body style (everything but titles and the
# header/footer family).
HEADER_FOOTER_TYPES = frozenset({"dt", "ftr", "sldNum", "hdr"})
TITLE_TYPES = frozenset({"title", "ctrTitle"})
EMU_PER_PT = 12700.0


@dataclass(frozen=True)
class Placeholder:
    """A ``p:ph``: ``type`` defaults to ``obj`` as the schema says; ``idx`` is ``None``
    when the attribute is absent (PowerPoint then treats it as 0)."""

    type: str
    idx: int | None
    orient: str = ""
    size: str = ""
    has_custom_prompt: bool = False


@dataclass(frozen=True)
class Box:
    """A transform in EMU: offset, extent, and for groups the child offset/extent that
    map child coordinates into the group's box."""

    x: float
    y: float
    cx: float
    cy: float
    ch_x: float | None = None
    ch_y: float | None = None
    ch_cx: float | None = None
    ch_cy: float | None = None
    rot: float = 0.0


def read_box(xfrm: etree._Element | None) -> Box | None:
    """Read an ``a:xfrm`` / ``p:xfrm``; ``None`` when offset or extent is missing or odd."""
    if xfrm is None:
        return None
    off, ext = first_child(xfrm, a("off")), first_child(xfrm, a("ext"))
    if off is None or ext is None:
        return None
    vals = [to_float(off.get("x")), to_float(off.get("y")), to_float(ext.get("cx")),
            to_float(ext.get("cy"))]
    if any(v is None for v in vals):
        return None
    x, y, cx, cy = vals  # type: ignore[misc]
    ch_off, ch_ext = first_child(xfrm, a("chOff")), first_child(xfrm, a("chExt"))
    ch = [None, None, None, None]
    if ch_off is not None and ch_ext is not None:
        ch = [to_float(ch_off.get("x")), to_float(ch_off.get("y")),
              to_float(ch_ext.get("cx")), to_float(ch_ext.get("cy"))]
    rot = (to_float(xfrm.get("rot")) or 0.0) / 60000.0
    return Box(x, y, cx, cy, *ch, rot=rot)  # type: ignore[arg-type]


class Shape:
    """One shape of a sheet's shape tree (groups hold their children)."""

    def __init__(self, sheet: "Sheet", el: etree._Element, parent: "Shape | None",
                 position: int) -> None:
        self.sheet = sheet
        self.el = el
        self.parent = parent
        self.position = position  # 1-based among its siblings
        self.tag = _SHAPE_TAGS.get(el.tag, "")

    # ------------------------------------------------------------------ identity
    # Every shape of every sheet a check reaches is asked its name (locators compare every
    # sibling's), id (animations look shapes up by it) and placeholder: the non-visual
    # elements are found once (``first_child``: the same element as ``find``, without
    # lxml's path machinery) and all five kept as this shape's own attributes.
    def _read_nv(self) -> None:
        nv = first_child(self.el, _NV_TAGS.get(self.tag) or _P_EMPTY)
        c_nv_pr = nv_pr = None
        if nv is not None:
            c_nv_pr = first_child(nv, _C_NV_PR)
            nv_pr = first_child(nv, _NV_PR)
        kept = self.__dict__
        kept["nv"], kept["c_nv_pr"], kept["nv_pr"] = nv, c_nv_pr, nv_pr
        kept["name"] = (c_nv_pr.get("name") or "") if c_nv_pr is not None else ""
        kept["id"] = (c_nv_pr.get("id") or "") if c_nv_pr is not None else ""

    @cached_property
    def nv(self) -> etree._Element | None:
        self._read_nv()
        return self.__dict__["nv"]

    @cached_property
    def c_nv_pr(self) -> etree._Element | None:
        self._read_nv()
        return self.__dict__["c_nv_pr"]

    @cached_property
    def nv_pr(self) -> etree._Element | None:
        self._read_nv()
        return self.__dict__["nv_pr"]

    @cached_property
    def name(self) -> str:
        self._read_nv()
        return self.__dict__["name"]

    @cached_property
    def id(self) -> str:
        self._read_nv()
        return self.__dict__["id"]

    @property
    def description(self) -> str:
        return (self.c_nv_pr.get("descr") or "") if self.c_nv_pr is not None else ""

    @cached_property
    def placeholder(self) -> Placeholder | None:
        nv_pr = self.nv_pr
        return _placeholder(first_child(nv_pr, _PH) if nv_pr is not None else None)

    # ------------------------------------------------------------------ kind
    @cached_property
    def graphic_data(self) -> etree._Element | None:
        if self.tag != "graphicFrame":
            return None
        g = first_child(self.el, a("graphic"))
        return first_child(g, a("graphicData")) if g is not None else None

    @property
    def graphic_uri(self) -> str:
        gd = self.graphic_data
        return (gd.get("uri") or "") if gd is not None else ""

    @cached_property
    def is_media(self) -> bool:
        if self.nv_pr is None:
            return False
        for tag in ("videoFile", "audioFile", "quickTimeFile", "audioCd", "wavAudioFile"):
            if first_child(self.nv_pr, a(tag)) is not None:
                return True
        return any(el.tag == f"{{{P14}}}media" for el in self.nv_pr.iter())

    @cached_property
    def kind(self) -> str:
        """The shape kind token (vocabulary ``shape_kind``)."""
        tag = self.tag
        if tag == "sp":
            if self.placeholder is not None:
                return PLACEHOLDER_KINDS.get(self.placeholder.type, "content")
            c_nv_sp = first_child(self.nv, p("cNvSpPr")) if self.nv is not None else None
            if c_nv_sp is not None and (c_nv_sp.get("txBox") or "") in ("1", "true"):
                return "textbox"
            return "autoshape"
        if tag == "pic":
            return "media" if self.is_media else "picture"
        if tag == "graphicFrame":
            uri = self.graphic_uri
            if uri == URI_TABLE:
                return "table"
            if uri in (URI_CHART, URI_CHARTEX):
                return "chart"
            if uri == URI_DIAGRAM:
                return "smartart"
            if uri == URI_OLE:
                return "ole"
            return "graphic_frame"
        return {"grpSp": "group", "cxnSp": "connector", "contentPart": "ink"}.get(tag,
                                                                                 "unknown")

    @property
    def is_title(self) -> bool:
        return self.placeholder is not None and self.placeholder.type in TITLE_TYPES

    @cached_property
    def geometry(self) -> str | None:
        """The preset geometry (``rect``, ``roundRect`` …), ``custom`` for a freeform, or
        ``None`` when the shape has no geometry of its own."""
        sp_pr = self.sp_pr
        if sp_pr is None:
            return None
        prst = first_child(sp_pr, a("prstGeom"))
        if prst is not None:
            return prst.get("prst") or None
        if first_child(sp_pr, a("custGeom")) is not None:
            return "custom"
        return None

    # ------------------------------------------------------------------ geometry
    @cached_property
    def sp_pr(self) -> etree._Element | None:
        name = _SPPR.get(self.tag)
        return first_child(self.el, p(name)) if name else None

    @cached_property
    def own_box(self) -> Box | None:
        """The transform written on this element (``None`` when it inherits one)."""
        if self.tag == "graphicFrame":
            return read_box(first_child(self.el, p("xfrm")))
        if self.sp_pr is None:
            return None
        return read_box(first_child(self.sp_pr, a("xfrm")))

    @cached_property
    def partial_box(self) -> tuple[float | None, float | None, float | None, float | None]:
        """x, y, cx, cy as written on this element, each ``None`` when absent or odd."""
        if self.tag == "graphicFrame":
            xfrm = first_child(self.el, p("xfrm"))
        else:
            xfrm = first_child(self.sp_pr, a("xfrm")) if self.sp_pr is not None else None
        if xfrm is None:
            return (None, None, None, None)
        off, ext = first_child(xfrm, a("off")), first_child(xfrm, a("ext"))
        return (to_float(off.get("x")) if off is not None else None,
                to_float(off.get("y")) if off is not None else None,
                to_float(ext.get("cx")) if ext is not None else None,
                to_float(ext.get("cy")) if ext is not None else None)

    # ------------------------------------------------------------------ content
    @cached_property
    def tx_body(self) -> etree._Element | None:
        return first_child(self.el, p("txBody")) if self.tag == "sp" else None

    @cached_property
    def style(self) -> etree._Element | None:
        """The shape's ``p:style`` (theme style references: fontRef, fillRef …)."""
        return first_child(self.el, p("style"))

    @cached_property
    def children(self) -> list["Shape"]:
        if self.tag != "grpSp":
            return []
        return build_shapes(self.sheet, self.el, self)

    def walk(self):
        """This shape and every shape inside it (depth first, document order)."""
        yield self
        for c in self.children:
            yield from c.walk()

    @cached_property
    def hyperlink(self) -> etree._Element | None:
        """The shape-level click action (``p:cNvPr/a:hlinkClick``)."""
        return first_child(self.c_nv_pr, a("hlinkClick")) if self.c_nv_pr is not None else None

    def __repr__(self) -> str:
        return f"<Shape {self.kind} {self.name!r}>"


def _placeholder(ph: etree._Element | None) -> Placeholder | None:
    """The ``Placeholder`` a ``p:ph`` reads as (``None`` for ``None``)."""
    if ph is None:
        return None
    key = (ph.get("type"), ph.get("idx"), ph.get("orient"), ph.get("sz"),
           ph.get("hasCustomPrompt"))
    # Placeholders are immutable values: equal attributes share one (a deck repeats a
    # handful of them on every slide, layout and master).
    return _PLACEHOLDERS.get_or_make(key, lambda: Placeholder(
        key[0] or "obj", to_int(key[1]), key[2] or "", key[3] or "",
        (key[4] or "") in ("1", "true")))


def placeholder_index(container: etree._Element | None
                      ) -> list[tuple[tuple[int, ...], Placeholder]]:
    """Every placeholder shape under ``container`` (a ``p:spTree``) as (path, placeholder),
    in ``Sheet.all_shapes`` order: the path holds the shape's position among its siblings
    (0-based), then inside each enclosing group. Read from the elements the way ``Shape``
    reads them (``children`` resolving AlternateContent, ``placeholder``), without
    building shapes: a function of the tree alone, so a shared tree's is shared."""
    out: list[tuple[tuple[int, ...], Placeholder]] = []

    def visit(el: etree._Element | None, path: tuple[int, ...]) -> None:
        i = 0
        for child in children(el):
            tag = _SHAPE_TAGS.get(child.tag)
            if tag is None:
                continue
            here = path + (i,)
            i += 1
            nv = first_child(child, _NV_TAGS[tag])
            nv_pr = first_child(nv, _NV_PR) if nv is not None else None
            ph = _placeholder(first_child(nv_pr, _PH) if nv_pr is not None else None)
            if ph is not None:
                out.append((here, ph))
            if tag == "grpSp":
                visit(child, here)

    visit(container, ())
    return out


def build_shapes(sheet: "Sheet", container: etree._Element | None,
                 parent: Shape | None = None) -> list[Shape]:
    """The shapes directly inside a ``p:spTree`` or ``p:grpSp`` in z-order (document
    order), with ``mc:AlternateContent`` resolved."""
    out: list[Shape] = []
    for child in children(container):
        if child.tag in _SHAPE_TAGS:
            out.append(Shape(sheet, child, parent, len(out) + 1))
    return out


def absolute_box(shape: Shape, box: Box) -> Box:
    """``box`` (in the coordinates of ``shape``'s parent group) mapped to sheet coordinates
    through every enclosing group's child offset/extent."""
    x, y, cx, cy = box.x, box.y, box.cx, box.cy
    group = shape.parent
    while group is not None:
        g = group.own_box
        if g is None:
            break
        if (g.ch_x is not None and g.ch_y is not None and g.ch_cx and g.ch_cy):
            sx, sy = g.cx / g.ch_cx, g.cy / g.ch_cy
            x = g.x + (x - g.ch_x) * sx
            y = g.y + (y - g.ch_y) * sy
            cx, cy = cx * sx, cy * sy
        group = group.parent
    return Box(x, y, cx, cy, rot=box.rot)

