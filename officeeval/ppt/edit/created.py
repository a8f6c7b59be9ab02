"""Edits of shapes a task created, as another candidate would have made them: another name
(PowerPoint's localized default, ``矩形 5``), another order in the shape tree (creation
order), another box. A shape is found by its sheet's part and its index in the sheet's
``all_shapes`` (ids may repeat in a hostile or hand-made deck; positions do not).

Raises ``NotApplicable`` for a shape that is not there, or cannot take the edit.
"""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.ppt.edit.shape_parts import own_xfrm
from officeeval.ppt.shapes import Shape
from officeeval.properties.writing import NotApplicable, Session

_A, _P = f"{{{A}}}", f"{{{P}}}"

# PowerPoint's (zh-CN) default names, by kind and preset geometry.
_KIND_NAMES = {"textbox": "文本框", "picture": "图片", "chart": "图表", "table": "表格",
               "smartart": "图示", "group": "组合", "connector": "直接连接符",
               "media": "媒体", "ole": "对象", "title": "标题", "subtitle": "副标题",
               "date": "日期占位符", "footer": "页脚占位符", "slide_number": "灯片编号占位符",
               "body": "文本占位符", "content": "内容占位符"}
_GEOMETRY_NAMES = {"rect": "矩形", "roundRect": "矩形: 圆角", "ellipse": "椭圆",
                   "triangle": "等腰三角形", "rightArrow": "箭头: 右", "leftArrow": "箭头: 左",
                   "custom": "任意多边形", "line": "直接连接符"}


def shape_at(session: Session, part: str, index: int) -> Shape:
    """The ``index``-th shape (``all_shapes`` order) of sheet ``part``."""
    try:
        return session.doc.sheet(part).all_shapes()[index]  # type: ignore[attr-defined]
    except (IndexError, KeyError) as exc:
        raise NotApplicable(f"{part} has no shape #{index + 1}") from exc


def default_name(shape: Shape) -> str:
    """The name PowerPoint (zh-CN) gives a new shape of this kind: its kind's word and its
    id less one (``矩形 4`` for id 5)."""
    kind = shape.kind
    if kind == "autoshape":
        geom = shape.geometry or ""
        word = ("动作按钮" if geom.startswith("actionButton")
                else _GEOMETRY_NAMES.get(geom, "形状"))
    else:
        word = _KIND_NAMES.get(kind, "占位符" if shape.placeholder is not None else "形状")
    n = int(shape.id) - 1 if shape.id.isdigit() and int(shape.id) > 1 else 1
    return f"{word} {n}"


def rename(session: Session, part: str, index: int, name: str) -> str:
    """Shape ``index`` of ``part`` named ``name`` (its id kept)."""
    shape = shape_at(session, part, index)
    pr = shape.c_nv_pr
    if pr is None:
        raise NotApplicable("a shape without cNvPr")
    old = pr.get("name") or ""
    pr.set("name", name)
    session.touch(pr)
    return f"{old!r} -> {name!r}"


def reorder(session: Session, part: str, indexes: list[int]) -> str:
    """The top-level shapes ``indexes`` of ``part`` in the reverse of their order, each
    taking another's place in the shape tree (every other shape keeps its place)."""
    shapes = [shape_at(session, part, i) for i in indexes]
    if any(s.parent is not None for s in shapes) or len(shapes) < 2:
        raise NotApplicable("fewer than two top-level shapes to reorder")
    els = [s.el for s in shapes]
    tree = els[0].getparent()
    slots = []
    for el in els:
        marker = etree.Comment("slot")
        el.addprevious(marker)
        slots.append(marker)
        tree.remove(el)
    for marker, el in zip(slots, reversed(els)):
        marker.addprevious(el)
        tree.remove(marker)
    session.touch(tree)
    return " / ".join(s.name for s in reversed(shapes))


def set_box(session: Session, part: str, index: int, box: tuple[float, float, float, float]
            ) -> str:
    """Shape ``index`` of ``part`` placed at ``box`` (x, y, cx, cy in EMU, sheet
    coordinates) on its own transform; not for a group's member."""
    shape = shape_at(session, part, index)
    if shape.parent is not None:
        raise NotApplicable("a group's member moves with its group")
    if shape.tag == "grpSp":
        xfrm = shape.sp_pr.find(_A + "xfrm") if shape.sp_pr is not None else None
        if xfrm is None:
            raise NotApplicable("a group without its own transform")
    else:
        xfrm = own_xfrm(shape)
    for child in list(xfrm):
        if child.tag in (_A + "off", _A + "ext"):
            xfrm.remove(child)
    x, y, cx, cy = (str(int(round(v))) for v in box)
    off = etree.Element(_A + "off", x=x, y=y)
    ext = etree.Element(_A + "ext", cx=cx, cy=cy)
    xfrm.insert(0, ext)
    xfrm.insert(0, off)
    session.touch(xfrm)
    return f"{shape.name!r} at {x},{y} {cx}x{cy} EMU"
