"""Borders and shading written the same way on paragraphs (``w:pBdr``, ``w:shd`` in
``w:pPr``), tables (``w:tblBorders`` in ``w:tblPr``) and cells (``w:shd`` in ``w:tcPr``)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.properties.writing import NotApplicable
from officeeval.values import Border
from officeeval.word.edit.xml import _W, wchild, wset

SIDES = ("top", "left", "bottom", "right")


def border_side(el: etree._Element, side: str, v: Border) -> None:
    """Set one side of a paragraph's (``w:pBdr``) or table's (``w:tblBorders``) borders;
    ``NotApplicable`` on any other container."""
    if el.tag == _W + "pPr":
        box = wchild(el, "pBdr")
    elif el.tag == _W + "tblPr":
        box = wchild(el, "tblBorders")
    else:
        raise NotApplicable("no border container")
    old = box.find(_W + side)
    if old is not None:
        box.remove(old)
    attrs = {_W + "val": "nil"} if v.style == "none" else {
        _W + "val": v.style, _W + "sz": "4", _W + "space": "0", _W + "color": "auto"}
    etree.SubElement(box, _W + side, attrs)


def borders(sides: tuple[str, ...]) -> Callable[[etree._Element, Any], str]:
    """A ``put(container, border)`` setting each of ``sides`` to the border."""
    def write(el: etree._Element, v: Any) -> str:
        for s in sides:
            border_side(el, s, v)
        return f"{'/'.join(sides)} border {v.style}"
    return write


def shading_fill(el: etree._Element, v: Any) -> str:
    """A plain fill (``w:shd``, ``none``: no fill) on a ``w:pPr``, ``w:rPr`` or ``w:tcPr``."""
    fill = "auto" if v == "none" else str(v)
    wset(el, "shd", val="clear", fill=fill, color="auto", themeFill=None, themeFillTint=None,
         themeFillShade=None)
    return f"w:shd/@w:fill={fill}"
