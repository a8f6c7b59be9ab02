"""WordprocessingML editing helpers: a ``w:`` child's attributes set, toggles and valued
elements, lengths in twips, and children put where the schema orders them."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import W

_W = f"{{{W}}}"
# Child order of w:pPr (ISO 29500 CT_PPrBase), for inserting elements where Word puts them.
PPR_ORDER = ("pStyle", "keepNext", "keepLines", "pageBreakBefore", "framePr", "widowControl",
             "numPr", "suppressLineNumbers", "pBdr", "shd", "tabs", "suppressAutoHyphens",
             "kinsoku", "wordWrap", "overflowPunct", "topLinePunct", "autoSpaceDE",
             "autoSpaceDN", "bidi", "adjustRightInd", "snapToGrid", "spacing", "ind",
             "contextualSpacing", "mirrorIndents", "suppressOverlap", "jc", "textDirection",
             "textAlignment", "textboxTightWrap", "outlineLvl", "divId", "cnfStyle", "rPr",
             "sectPr", "pPrChange")


def w(local: str) -> str:
    """The Clark name of ``w:local``."""
    return _W + local


def wset(container: etree._Element, tag: str, first: bool = False, **attrs: str | None
         ) -> etree._Element:
    """Set attributes of ``container``'s ``w:tag`` child (created when absent); an attribute
    given as ``None`` is removed."""
    el = container.find(_W + tag)
    if el is None:
        el = etree.Element(_W + tag)
        if first:
            container.insert(0, el)
        else:
            container.append(el)
    for k, v in attrs.items():
        if v is None:
            el.attrib.pop(_W + k, None)
        else:
            el.set(_W + k, v)
    return el


def wchild(parent: etree._Element, tag: str, first: bool = False) -> etree._Element:
    """``parent``'s ``w:tag`` child, created (first or last) when absent."""
    el = parent.find(_W + tag)
    if el is None:
        el = etree.Element(_W + tag)
        if first:
            parent.insert(0, el)
        else:
            parent.append(el)
    return el


def toggle(el: etree._Element, tag: str, value: Any) -> str:
    """``w:tag`` with ``w:val`` 1 or 0 (a toggle set explicitly either way)."""
    wset(el, tag, val="1" if value else "0")
    return f"w:{tag}={'1' if value else '0'}"


def valued(el: etree._Element, tag: str, value: Any) -> str:
    """``w:tag`` with ``w:val`` set to ``value``."""
    wset(el, tag, val=str(value))
    return f"w:{tag}={value}"


def twips(pt: float) -> str:
    return str(int(round(pt * 20)))


def points(v: Any) -> float | None:
    """A length value (``Measure`` or a number) in points; ``None`` for anything else."""
    from officeeval.values import Measure
    if isinstance(v, Measure):
        return v.points()
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return None


def insert_ppr_child(ppr: etree._Element, el: etree._Element) -> None:
    """Put ``el`` into ``ppr`` where the schema orders it (replacing one of its tag)."""
    local = etree.QName(el).localname
    old = ppr.find(el.tag)
    if old is not None:
        ppr.replace(old, el)
        return
    rank = PPR_ORDER.index(local) if local in PPR_ORDER else len(PPR_ORDER)
    for i, child in enumerate(ppr):
        name = etree.QName(child).localname if isinstance(child.tag, str) else ""
        if name in PPR_ORDER and PPR_ORDER.index(name) > rank:
            ppr.insert(i, el)
            return
    ppr.append(el)


def ppr_toggle(ppr: etree._Element, tag: str, value: Any) -> str:
    """``w:tag`` of a paragraph's properties set on or off explicitly, where the schema
    orders it among the other ``w:pPr`` children."""
    el = ppr.find(_W + tag)
    if el is None:
        el = etree.Element(_W + tag)
        insert_ppr_child(ppr, el)
    el.set(_W + "val", "1" if value else "0")
    return f"w:{tag}={'1' if value else '0'}"
