"""Writers of paragraph formatting: ``w:pPr`` children (alignment, indents, spacing, line
spacing, outline level, pagination flags, borders, shading, the paragraph style), the drop
cap's ``w:framePr``, and the paragraph style reference."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Border, Measure
from officeeval.word.edit.levels import FRAME, PARA, on_level
from officeeval.word.edit.xml import _W, insert_ppr_child, points, twips, wchild, wset

WRITERS = WriterSet()
writes = on_level(WRITERS)
SIDES = ("top", "left", "bottom", "right")


@writes("paragraph.alignment", PARA, "jc")
def alignment(ppr: etree._Element, v: Any) -> str:
    val = "both" if v == "justify" else str(v)
    wset(ppr, "jc", val=val)
    return f"w:jc={val}"


def _indent(side: str) -> Callable[[etree._Element, Any], str]:
    names = {"left": ("left", "start"), "right": ("right", "end"),
             "first_line": ("firstLine",), "hanging": ("hanging",)}[side]
    opposite = {"first_line": ("hanging", "hangingChars"),
                "hanging": ("firstLine", "firstLineChars")}.get(side, ())

    def write(ppr: etree._Element, v: Any) -> str:
        attrs: dict[str, str | None] = {a: None for a in opposite}
        for n in names:
            attrs[n + "Chars"] = None
            attrs[n] = None
        main = names[0]
        if isinstance(v, Measure) and v.chars is not None:
            attrs[main + "Chars"] = str(int(round(v.chars * 100)))
            attrs[main] = twips(v.chars * 12.0)
            what = f"w:ind/@w:{main}Chars={attrs[main + 'Chars']}"
        else:
            attrs[main] = twips(points(v) or 0.0)
            what = f"w:ind/@w:{main}={attrs[main]}"
        wset(ppr, "ind", **attrs)
        return what
    return write


_FIRST_OR_HANGING = ("firstLine", "firstLineChars", "hanging", "hangingChars")
writes("paragraph.indent.left", PARA, "ind",
       ("left", "start", "leftChars", "startChars"))(_indent("left"))
writes("paragraph.indent.right", PARA, "ind",
       ("right", "end", "rightChars", "endChars"))(_indent("right"))
writes("paragraph.indent.first_line", PARA, "ind", _FIRST_OR_HANGING)(_indent("first_line"))
writes("paragraph.indent.hanging", PARA, "ind", _FIRST_OR_HANGING)(_indent("hanging"))


@writes("paragraph.indent.special", PARA, "ind", _FIRST_OR_HANGING)
def special_indent(ppr: etree._Element, v: Any) -> str:
    """first_line / hanging: two characters of that kind; none: neither."""
    if v == "none":
        wset(ppr, "ind", firstLine=None, firstLineChars=None, hanging=None,
             hangingChars=None)
        return "w:ind without first-line or hanging indent"
    side = "first_line" if v == "first_line" else "hanging"
    return _indent(side)(ppr, Measure(pt=None, chars=2.0))


def _space(which: str) -> Callable[[etree._Element, Any], str]:
    def write(ppr: etree._Element, v: Any) -> str:
        if isinstance(v, Measure) and v.lines is not None:
            wset(ppr, "spacing", **{which + "Lines": str(int(round(v.lines * 100))),
                                    which: twips(v.lines * 12.0),
                                    which + "Autospacing": None})
            return f"w:spacing/@w:{which}Lines={int(round(v.lines * 100))}"
        wset(ppr, "spacing", **{which: twips(points(v) or 0.0), which + "Lines": None,
                                which + "Autospacing": None})
        return f"w:spacing/@w:{which}={twips(points(v) or 0.0)}"
    return write


writes("paragraph.space_before", PARA, "spacing",
       ("before", "beforeLines", "beforeAutospacing"))(_space("before"))
writes("paragraph.space_after", PARA, "spacing",
       ("after", "afterLines", "afterAutospacing"))(_space("after"))


@writes("paragraph.line_spacing", PARA, "spacing", ("line",))
def line_spacing(ppr: etree._Element, v: Any) -> str:
    if v.rule == "multiple":
        line, rule = str(int(round(v.value * 240))), "auto"
    else:
        line, rule = twips(v.value), ("exact" if v.rule == "exact" else "atLeast")
    wset(ppr, "spacing", line=line, lineRule=rule)
    return f"w:spacing/@w:line={line} lineRule={rule}"


@writes("paragraph.outline_level", PARA, "outlineLvl")
def outline_level(ppr: etree._Element, v: Any) -> str:
    val = "9" if v == "body_text" else str(int(v) - 1)
    wset(ppr, "outlineLvl", val=val)
    return f"w:outlineLvl={val}"


def ppr_toggle(ppr: etree._Element, tag: str, value: Any) -> str:
    """``w:tag`` of a paragraph's properties set on or off explicitly, where the schema
    orders it among the other ``w:pPr`` children."""
    el = ppr.find(_W + tag)
    if el is None:
        el = etree.Element(_W + tag)
        insert_ppr_child(ppr, el)
    el.set(_W + "val", "1" if value else "0")
    return f"w:{tag}={'1' if value else '0'}"


writes("paragraph.keep_with_next", PARA, "keepNext")(
    lambda ppr, v: ppr_toggle(ppr, "keepNext", v))


@writes("paragraph.widow_control", PARA, "widowControl")
def widow_control(ppr: etree._Element, v: Any) -> str:
    return ppr_toggle(ppr, "widowControl", v)


# ------------------------------------------------------------------ borders and shading
def border_side(el: etree._Element, side: str, v: Border) -> None:
    """Set one side of a paragraph's (``w:pBdr``) or table's (``w:tblBorders``) borders."""
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
    def write(el: etree._Element, v: Any) -> str:
        for s in sides:
            border_side(el, s, v)
        return f"{'/'.join(sides)} border {v.style}"
    return write


def shading_fill(el: etree._Element, v: Any) -> str:
    fill = "auto" if v == "none" else str(v)
    wset(el, "shd", val="clear", fill=fill, color="auto", themeFill=None, themeFillTint=None,
         themeFillShade=None)
    return f"w:shd/@w:fill={fill}"


writes("paragraph.border", PARA, "pBdr")(borders(SIDES))
writes("paragraph.border.top", PARA, "pBdr")(borders(("top",)))
writes("paragraph.border.left", PARA, "pBdr")(borders(("left",)))
writes("paragraph.border.bottom", PARA, "pBdr")(borders(("bottom",)))
writes("paragraph.border.right", PARA, "pBdr")(borders(("right",)))
writes("paragraph.shading", PARA, "shd")(shading_fill)


# ------------------------------------------------------------------ drop caps
def _frame_attr(attr: str, fmt: Callable[[Any], str]) -> Callable[[etree._Element, Any], str]:
    def write(ppr: etree._Element, v: Any) -> str:
        fp = ppr.find(_W + "framePr")
        fp.set(_W + attr, fmt(v))
        return f"w:framePr/@w:{attr}={fmt(v)}"
    return write


writes("paragraph.drop_cap", FRAME, "framePr")(_frame_attr("dropCap", str))
writes("paragraph.drop_cap.lines", FRAME, "framePr")(
    _frame_attr("lines", lambda v: str(int(v))))
writes("paragraph.drop_cap.distance", FRAME, "framePr")(
    _frame_attr("hSpace", lambda v: twips(points(v) or 0.0)))


# ------------------------------------------------------------------ the paragraph style
@WRITERS.writer("paragraph.style")
def style(session: Session, target: Target, value: Any) -> str:
    """The paragraph style referenced by name (or id): ``w:pStyle`` on the paragraph."""
    if target.kind != "paragraph":
        raise NotApplicable(f"no paragraph style on a {target.kind} target")
    st = target.doc.styles.find(str(value))  # type: ignore[attr-defined]
    if st is None:
        raise NotApplicable(f"no style {value!r}")
    ppr = wchild(target.el, "pPr", first=True)  # type: ignore[attr-defined]
    wset(ppr, "pStyle", first=True, val=st.id)
    session.touch(ppr)
    return f"w:pStyle={st.id}"
