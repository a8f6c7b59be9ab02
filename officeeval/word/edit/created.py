"""Edits of drawings a task created in a Word document, as another candidate would have made
them: another name (Word's localized default, ``图片 3``), another stacking order (the
floating ones' ``relativeHeight``), another size and, for a floating one placed by offsets,
another position. A drawing is found by its part and its index among the part's
``wp:docPr`` elements.

Raises ``NotApplicable`` for a drawing that is not there or cannot take the edit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import A, WP
from officeeval.properties.writing import NotApplicable, Session

_WP, _A = f"{{{WP}}}", f"{{{A}}}"
_URI_KINDS = (("chart", "图表"), ("diagram", "图示"), ("picture", "图片"),
              ("wordprocessingShape", "文本框"), ("wordprocessingGroup", "组合"),
              ("wordprocessingCanvas", "绘图画布"))


@dataclass(frozen=True)
class Drawing:
    """A DrawingML object of a part: ``index`` among the part's ``wp:docPr``, ``name``,
    ``kind`` (``picture``, ``chart``, ``shape`` …, from its graphic), ``floating``
    (``wp:anchor``), its extent and, floating, its offsets (EMU; ``None`` when aligned
    rather than offset)."""

    part: str
    index: int
    name: str
    kind: str
    floating: bool
    extent: tuple[int, int] | None
    offset: tuple[int | None, int | None]
    default_name: str


def _frames(root: etree._Element) -> list[etree._Element]:
    return [pr for pr in root.iter(_WP + "docPr")]


def _kind(frame: etree._Element) -> tuple[str, str]:
    gd = frame.find(f"{_A}graphic/{_A}graphicData")
    uri = (gd.get("uri") or "") if gd is not None else ""
    for key, word in _URI_KINDS:
        if key in uri:
            if key == "wordprocessingShape":
                is_box = gd is not None and any(etree.QName(e).localname == "txbx"
                                                for e in gd.iter() if isinstance(e.tag, str))
                return ("textbox", "文本框") if is_box else ("shape", "矩形")
            return key if key != "diagram" else "smartart", word
    return "object", "对象"


def _int(v: str | None) -> int | None:
    return int(v) if v is not None and re.fullmatch(r"-?\d+", v) else None


def drawings(doc, part: str) -> list[Drawing]:
    """The DrawingML objects of ``part`` (the main document, a header …) in order."""
    root = doc.body if part == doc.main else doc.package.xml(part)
    out = []
    for i, pr in enumerate(_frames(root)):
        frame = pr.getparent()
        kind, word = _kind(frame)
        ext = frame.find(_WP + "extent")
        extent = None
        if ext is not None and _int(ext.get("cx")) and _int(ext.get("cy")):
            extent = (_int(ext.get("cx")), _int(ext.get("cy")))
        floating = frame.tag == _WP + "anchor"
        offs: list[int | None] = [None, None]
        if floating:
            for k, tag in enumerate(("positionH", "positionV")):
                el = frame.find(f"{_WP}{tag}/{_WP}posOffset")
                offs[k] = _int(el.text) if el is not None else None
        n = _int(pr.get("id")) or 1
        out.append(Drawing(part, i, pr.get("name") or "", kind, floating, extent,
                           (offs[0], offs[1]), f"{word} {max(1, n - 1)}"))
    return out


def _frame(session: Session, part: str, index: int) -> tuple[etree._Element, etree._Element]:
    doc = session.doc
    root = doc.body if part == doc.main else doc.package.xml(part)  # type: ignore
    frames = _frames(root)
    if index >= len(frames):
        raise NotApplicable(f"{part} has no drawing #{index + 1}")
    return frames[index], frames[index].getparent()


def rename(session: Session, part: str, index: int, name: str) -> str:
    pr, _ = _frame(session, part, index)
    old = pr.get("name") or ""
    pr.set("name", name)
    session.touch(pr)
    return f"{old!r} -> {name!r}"


def restack(session: Session, part: str, indexes: list[int]) -> str:
    """The floating drawings ``indexes`` stacked in the reverse order (their
    ``relativeHeight`` values handed round backwards)."""
    frames = [_frame(session, part, i)[1] for i in indexes]
    frames = [f for f in frames if f.tag == _WP + "anchor" and _int(f.get("relativeHeight"))
              is not None]
    if len(frames) < 2:
        raise NotApplicable("fewer than two floating drawings to restack")
    heights = [f.get("relativeHeight") for f in frames]
    for f, h in zip(frames, reversed(heights)):
        f.set("relativeHeight", h)
        session.touch(f)
    return f"{len(frames)} restacked"


def set_extent(session: Session, part: str, index: int, cx: int, cy: int) -> str:
    """The drawing's size (``wp:extent``) and the size its graphic states (``a:ext`` of its
    transform, scaled alike)."""
    pr, frame = _frame(session, part, index)
    ext = frame.find(_WP + "extent")
    old = (_int(ext.get("cx")), _int(ext.get("cy"))) if ext is not None else (None, None)
    if ext is None or not old[0] or not old[1]:
        raise NotApplicable("the drawing has no extent")
    sx, sy = cx / old[0], cy / old[1]
    ext.set("cx", str(cx))
    ext.set("cy", str(cy))
    graphic = frame.find(_A + "graphic")
    for inner in (graphic.iter(_A + "ext") if graphic is not None else ()):
        icx, icy = _int(inner.get("cx")), _int(inner.get("cy"))
        if icx is not None and icy is not None and inner.getparent().tag == _A + "xfrm":
            inner.set("cx", str(int(round(icx * sx))))
            inner.set("cy", str(int(round(icy * sy))))
    session.touch(frame)
    return f"{pr.get('name')!r} {cx}x{cy} EMU"


def set_offset(session: Session, part: str, index: int, x: int | None, y: int | None) -> str:
    """A floating drawing's offsets (``wp:posOffset``), those given."""
    pr, frame = _frame(session, part, index)
    if frame.tag != _WP + "anchor":
        raise NotApplicable("an inline drawing has no position")
    for tag, v in (("positionH", x), ("positionV", y)):
        if v is None:
            continue
        el = frame.find(f"{_WP}{tag}/{_WP}posOffset")
        if el is None:
            raise NotApplicable("the drawing is aligned, not offset")
        el.text = str(int(v))
    session.touch(frame)
    return f"{pr.get('name')!r} offset {x},{y} EMU"
