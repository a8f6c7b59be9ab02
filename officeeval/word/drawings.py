"""Drawing objects in a story: pictures, shapes, text boxes, WordArt, charts and SmartArt, in
DrawingML (``w:drawing`` with ``wp:inline`` / ``wp:anchor``) and in VML (``w:pict``).

``kind`` is ``image``, ``shape``, ``textbox``, ``chart`` or ``smartart``. Groups and canvases
are opened: each member is an object with the group's placement (wrap). ``mc:AlternateContent``
is read from its DrawingML choice; the VML fallback that repeats it is ignored (the story index
skips it). A text box's content is a story: its paragraphs are targets under it.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.cache import cached_property
from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import A, DGM, R, V, W, WP, WPS
from officeeval.targets import Target
from officeeval.word.containers import BlockContainer
from officeeval.word.drawing_markup import objects_in, vml_style
from officeeval.word.text import all_text

_W = f"{{{W}}}"
_WP = f"{{{WP}}}"
_A = f"{{{A}}}"
_V = f"{{{V}}}"
_WPS = f"{{{WPS}}}"
_W10 = "{urn:schemas-microsoft-com:office:word}"
KINDS = ("image", "shape", "textbox", "chart", "smartart")

# VML color names (the HTML 4 set VML accepts).
VML_COLORS = {
    "black": "000000", "silver": "C0C0C0", "gray": "808080", "grey": "808080",
    "white": "FFFFFF", "maroon": "800000", "red": "FF0000", "purple": "800080",
    "fuchsia": "FF00FF", "green": "008000", "lime": "00FF00", "olive": "808000",
    "yellow": "FFFF00", "navy": "000080", "blue": "0000FF", "teal": "008080",
    "aqua": "00FFFF",
}
_WRAP_TAGS = {"wrapSquare": "square", "wrapTight": "tight", "wrapThrough": "through",
              "wrapTopAndBottom": "topAndBottom"}


def vml_color(text: str | None) -> str | None:
    """A VML color (``red``, ``#f00``, ``#C0504D [3205]``) as RRGGBB; ``None`` if unknown."""
    if not text:
        return None
    t = text.strip().split()[0].lower() if text.strip() else ""
    if t in VML_COLORS:
        return VML_COLORS[t]
    if re.fullmatch(r"#[0-9a-f]{3}", t):
        return "".join(c * 2 for c in t[1:]).upper()
    v = normalize_hex(t)
    return v if v and v != "auto" else None


class DrawingTarget(BlockContainer, Target):
    """One drawing object. ``el`` is the object (``pic:pic``, ``wps:wsp``, ``c:chart``'s
    graphic frame, a VML shape); ``frame`` the placement (``wp:inline`` / ``wp:anchor``, or the
    VML shape itself)."""

    def __init__(self, doc, kind: str, el: etree._Element, frame: etree._Element | None,
                 paragraph_el: etree._Element | None, part: str, locator: str,
                 fmt: str, size: tuple[float | None, float | None]) -> None:
        Target.__init__(self, doc, locator)
        self.kind = kind
        self.el = el
        self.frame = frame
        self.paragraph_el = paragraph_el
        self.part = part
        self.fmt = fmt  # dml | vml
        self.size = size
        self.section = None
        box = self._txbx()
        self.container_el = box if box is not None else etree.Element(_W + "txbxContent")

    def _txbx(self) -> etree._Element | None:
        if self.fmt == "dml":
            return self.el.find(f"{_WPS}txbx/{_W}txbxContent")
        return self.el.find(f"{_V}textbox/{_W}txbxContent")

    @cached_property
    def has_textbox(self) -> bool:
        return self._txbx() is not None

    @cached_property
    def textpath(self) -> str | None:
        tp = self.el.find(_V + "textpath") if self.fmt == "vml" else None
        return tp.get("string") if tp is not None else None

    @cached_property
    def text(self) -> str:
        if self.textpath is not None:
            return self.textpath
        if self.has_textbox:
            return all_text(self.container_el).strip()
        if self.kind == "smartart":
            return "\n".join(self.smartart_nodes())
        return ""

    @cached_property
    def wordart(self) -> bool:
        """WordArt: a VML text path, or a DrawingML text shape with a text warp
        (``a:prstTxWarp``) as Word 2010+ writes WordArt."""
        if self.fmt == "vml":
            return self.textpath is not None
        body = self.el.find(_WPS + "bodyPr")
        return body is not None and body.find(_A + "prstTxWarp") is not None

    @cached_property
    def wrap(self) -> str | None:
        """Wrap type token (``inline``, ``square``, ``tight``, ``through``, ``topAndBottom``,
        ``behind``, ``inFront``); ``None`` when unknown."""
        if self.fmt == "dml":
            if self.frame is None:
                return None
            if self.frame.tag == _WP + "inline":
                return "inline"
            for child in self.frame:
                local = etree.QName(child).localname if isinstance(child.tag, str) else ""
                if local in _WRAP_TAGS:
                    return _WRAP_TAGS[local]
                if local == "wrapNone":
                    break
            return "behind" if _on(self.frame.get("behindDoc")) else "inFront"
        shape = self.frame if self.frame is not None else self.el
        style = vml_style(shape)
        if style.get("position", "").lower() != "absolute":
            return "inline"
        wrap = shape.find(_W10 + "wrap")
        kind = (wrap.get("type") or "") if wrap is not None else ""
        if kind in ("square", "tight", "through"):
            return kind
        if kind in ("topAndBottom", "topandbottom"):
            return "topAndBottom"
        z = style.get("z-index", "0")
        return "behind" if z.startswith("-") else "inFront"

    @cached_property
    def name(self) -> str | None:
        if self.fmt == "dml":
            pr = self.frame.find(_WP + "docPr") if self.frame is not None else None
            nv = self.el.find(f".//{_WPS}cNvPr") if pr is None else None
            el = pr if pr is not None else nv
            return el.get("name") if el is not None else None
        return self.el.get("alt") or self.el.get("id")

    @cached_property
    def alt_text(self) -> str | None:
        if self.fmt == "dml":
            pr = self.frame.find(_WP + "docPr") if self.frame is not None else None
            if pr is None:
                return None
            return pr.get("descr") or pr.get("title") or None
        return self.el.get("alt") or None

    @cached_property
    def geometry(self) -> str | None:
        if self.fmt == "dml":
            g = self.el.find(f".//{_A}prstGeom")
            return g.get("prst") if g is not None else None
        local = etree.QName(self.el).localname
        if local != "shape":
            return local
        t = (self.el.get("type") or "").lstrip("#")
        return t or "shape"

    @cached_property
    def fill_color(self) -> str | None:
        """Solid fill as RRGGBB (theme colors resolved), ``none`` for no fill; ``None``
        when the shape does not say."""
        if self.fmt == "vml":
            if (self.el.get("filled") or "").lower() in ("f", "false"):
                return "none"
            return vml_color(self.el.get("fillcolor"))
        sp = self.el.find(_WPS + "spPr")
        if sp is None:
            return None
        if sp.find(_A + "noFill") is not None:
            return "none"
        fill = sp.find(_A + "solidFill")
        if fill is None:
            return None
        return dml_color(fill, self.doc.theme)

    def chart_part(self) -> str | None:
        if self.kind != "chart":
            return None
        chart = self.el.find(f".//{{http://schemas.openxmlformats.org/drawingml/2006/chart}}chart")
        rid = chart.get(f"{{{R}}}id") if chart is not None else None
        return self.doc.package.target(self.part, rid)

    def smartart_parts(self) -> dict[str, str]:
        """Parts of a SmartArt (``dm`` data, ``lo`` layout, ``qs``, ``cs``) by role."""
        ids = self.el.find(f".//{{{DGM}}}relIds")
        out: dict[str, str] = {}
        if ids is None:
            return out
        for role in ("dm", "lo", "qs", "cs"):
            part = self.doc.package.target(self.part, ids.get(f"{{{R}}}{role}"))
            if part:
                out[role] = part
        return out

    def smartart_nodes(self) -> list[str]:
        """Text of the SmartArt's content nodes, in data-model order."""
        part = self.smartart_parts().get("dm")
        root = self.doc.package.xml_or_none(part) if part else None
        if root is None:
            return []
        out = []
        for pt in root.iter(f"{{{DGM}}}pt"):
            if (pt.get("type") or "node") != "node":
                continue
            t = "".join(x.text or "" for x in pt.iter(_A + "t")).strip()
            if t:
                out.append(t)
        return out

    def smartart_layout_id(self) -> str | None:
        """The layout definition's ``uniqueId`` (``urn:…/layout/default``), or ``None``."""
        part = self.smartart_parts().get("lo")
        root = self.doc.package.xml_or_none(part) if part else None
        if root is None:
            return None
        return root.get("uniqueId") or None

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "name":
            return self.name
        if key == "type":
            return self.kind
        return None


def dml_color(fill: etree._Element, theme) -> str | None:
    """A DrawingML color choice (``a:srgbClr``, ``a:schemeClr`` with lumMod/lumOff …)."""
    from officeeval.ooxml.colors import apply_lum, apply_shade, apply_tint
    for c in fill:
        local = etree.QName(c).localname if isinstance(c.tag, str) else ""
        rgb = None
        if local == "srgbClr":
            rgb = normalize_hex(c.get("val"))
        elif local == "schemeClr" and theme is not None:
            slot = {"tx1": "dk1", "bg1": "lt1", "tx2": "dk2", "bg2": "lt2"}.get(
                c.get("val") or "", c.get("val") or "")
            rgb = theme.color(slot)
        elif local == "sysClr":
            rgb = normalize_hex(c.get("lastClr"))
        elif local == "prstClr":
            rgb = VML_COLORS.get((c.get("val") or "").lower())
        if not rgb or rgb == "auto":
            continue
        lum_mod, lum_off = 1.0, 0.0
        for t in c:
            tl = etree.QName(t).localname if isinstance(t.tag, str) else ""
            v = _pct(t.get("val"))
            if v is None:
                continue
            if tl == "lumMod":
                lum_mod = v
            elif tl == "lumOff":
                lum_off = v
            elif tl == "tint":
                rgb = apply_tint(rgb, v)
            elif tl == "shade":
                rgb = apply_shade(rgb, v)
        if lum_mod != 1.0 or lum_off:
            rgb = apply_lum(rgb, lum_mod, lum_off)
        return rgb
    return None


def _pct(v: str | None) -> float | None:
    try:
        return int(v) / 100000.0 if v is not None else None
    except ValueError:
        return None


def _on(v: str | None) -> bool:
    return (v or "").lower() in ("1", "true", "on", "t")


def drawings_of(doc, part: str, refs, prefix: str, step: str,
                paragraph_els: set[int] | None = None) -> list[DrawingTarget]:
    """Drawing targets selected by ``step`` (``image``, ``shape`` — shapes and text boxes,
    both shapes in Word's object model —, ``textbox``, ``chart``, ``smartart``) from a story's
    ``DrawingRef`` list, in document order and numbered under ``prefix``; only those in
    ``paragraph_els`` (ids) when given."""
    wanted = ("shape", "textbox") if step == "shape" else (step,)
    out: list[DrawingTarget] = []
    for ref in refs:
        if paragraph_els is not None and id(ref.paragraph) not in paragraph_els:
            continue
        for kind, obj, frame, fmt, size in objects_in(ref.el):
            if kind in wanted:
                out.append(DrawingTarget(doc, kind, obj, frame, ref.paragraph, part,
                                         f"{prefix}{step}[{len(out) + 1}]", fmt, size))
    return out
