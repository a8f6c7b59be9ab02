"""How a wrong value of each Word property is written into WordprocessingML.

A ``Setter`` says which container the property lives in (a run's ``w:rPr``, a paragraph's
``w:pPr``, a section's ``w:sectPr``), which element and attributes hold it (to find the
style level a value is inherited from), the realistic mistakes to try given the reference's
value (most realistic first), and how to write one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.audit.mutators.mistakes import (
    CM, choices as _choices, flip as _flip, fonts as _fonts, lengths as _lengths, pt as _pt,
    shift as _shift, sizes as _sizes,
)
from officeeval.values import Border, LineSpacing, Measure, PageSize, PAPER_SIZES

_W = f"{{{W}}}"

@dataclass(frozen=True)
class Setter:
    level: str                                   # run | para | section
    tag: str                                     # the w: element holding the property
    attrs: tuple[str, ...]                       # attributes that define it ("" = presence)
    values: Callable[[list[Any]], list[Any]]     # reference values -> mistakes to try
    write: Callable[[etree._Element, Any], str]  # container, value -> what was written
    variants: int = 1                            # how many different mistakes to make


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


def twips(pt: float) -> str:
    return str(int(round(pt * 20)))


# ------------------------------------------------------------------ run properties (w:rPr)
def _font_slot(slot: str, also: tuple[str, ...] = ()) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        attrs: dict[str, str | None] = {s: str(v) for s in (slot, *also)}
        attrs.update({f"{s}Theme": None for s in (slot, *also)})
        wset(rpr, "rFonts", **attrs)
        return f"w:rFonts/@w:{slot}={v}"
    return write


def _write_size(rpr: etree._Element, v: Any) -> str:
    half = str(int(round((_pt(v) or 12.0) * 2)))
    wset(rpr, "sz", val=half)
    wset(rpr, "szCs", val=half)
    return f"w:sz={half} (half-points)"


def _toggle(tag: str) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        wset(rpr, tag, val="1" if v else "0")
        return f"w:{tag}={'1' if v else '0'}"
    return write


def _valued(tag: str) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        wset(rpr, tag, val=str(v))
        return f"w:{tag}={v}"
    return write


def _write_color(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "color", val=str(v), themeColor=None, themeTint=None, themeShade=None)
    return f"w:color={v}"


def _vert(which: str) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        val = which if v else "baseline"
        wset(rpr, "vertAlign", val=val)
        return f"w:vertAlign={val}"
    return write


def _write_char_spacing(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "spacing", val=twips(_pt(v) or 0.0))
    return f"w:spacing={twips(_pt(v) or 0.0)}"


def _write_scale(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "w", val=str(int(v)))
    return f"w:w={int(v)}"


def _write_shading(rpr: etree._Element, v: Any) -> str:
    if v == "none":
        wset(rpr, "shd", val="clear", fill="auto", color="auto", themeFill=None)
    else:
        wset(rpr, "shd", val="clear", fill=str(v), color="auto", themeFill=None)
    return f"w:shd/@w:fill={v}"


def _run(tag: str, attrs: tuple[str, ...], values, write, variants: int = 1) -> Setter:
    return Setter("run", tag, attrs, values, write, variants)


RUN_SETTERS: dict[str, Setter] = {
    "font.east_asia": _run("rFonts", ("eastAsia", "eastAsiaTheme"),
                           _fonts("宋体", "黑体", "楷体", "仿宋", "微软雅黑"),
                           _font_slot("eastAsia")),
    "font.name": _run("rFonts", ("ascii", "asciiTheme"),
                      _fonts("Arial", "Times New Roman", "Courier New"),
                      _font_slot("ascii", ("hAnsi",))),
    "font.size": _run("sz", (), _sizes, _write_size),
    "font.bold": _run("b", (), _flip, _toggle("b")),
    "font.italic": _run("i", (), _flip, _toggle("i")),
    "font.strike": _run("strike", (), _flip, _toggle("strike")),
    "font.double_strike": _run("dstrike", (), _flip, _toggle("dstrike")),
    "font.small_caps": _run("smallCaps", (), _flip, _toggle("smallCaps")),
    "font.all_caps": _run("caps", (), _flip, _toggle("caps")),
    "font.underline": _run("u", (), _choices("none", "single", "double"), _valued("u")),
    "font.color": _run("color", (), _choices("000000", "FF0000", "0000FF", "00B050"),
                       _write_color),
    "font.highlight": _run("highlight", (), _choices("yellow", "green", "none"),
                           _valued("highlight")),
    "font.superscript": _run("vertAlign", (), _flip, _vert("superscript")),
    "font.subscript": _run("vertAlign", (), _flip, _vert("subscript")),
    "font.spacing": _run("spacing", (), _choices(2.0, 0.0, -1.0), _write_char_spacing),
    "font.scale": _run("w", (), _choices(150.0, 100.0), _write_scale),
    "font.emphasis_mark": _run("em", (), _choices("dot", "none", "comma"), _valued("em")),
    "font.shading": _run("shd", (), _choices("FFFF00", "none"), _write_shading),
}


# ------------------------------------------------------------------ paragraph properties
def _write_jc(ppr: etree._Element, v: Any) -> str:
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
            attrs[main] = twips(_pt(v) or 0.0)
            what = f"w:ind/@w:{main}={attrs[main]}"
        wset(ppr, "ind", **attrs)
        return what
    return write


def _space(which: str) -> Callable[[etree._Element, Any], str]:
    def write(ppr: etree._Element, v: Any) -> str:
        if isinstance(v, Measure) and v.lines is not None:
            wset(ppr, "spacing", **{which + "Lines": str(int(round(v.lines * 100))),
                                    which: twips(v.lines * 12.0),
                                    which + "Autospacing": None})
            return f"w:spacing/@w:{which}Lines={int(round(v.lines * 100))}"
        wset(ppr, "spacing", **{which: twips(_pt(v) or 0.0), which + "Lines": None,
                                which + "Autospacing": None})
        return f"w:spacing/@w:{which}={twips(_pt(v) or 0.0)}"
    return write


def _write_line(ppr: etree._Element, v: Any) -> str:
    if v.rule == "multiple":
        line, rule = str(int(round(v.value * 240))), "auto"
    else:
        line, rule = twips(v.value), ("exact" if v.rule == "exact" else "atLeast")
    wset(ppr, "spacing", line=line, lineRule=rule)
    return f"w:spacing/@w:line={line} lineRule={rule}"


def _write_outline(ppr: etree._Element, v: Any) -> str:
    val = "9" if v == "body_text" else str(int(v) - 1)
    wset(ppr, "outlineLvl", val=val)
    return f"w:outlineLvl={val}"


def _para(tag: str, attrs: tuple[str, ...], values, write, variants: int = 1) -> Setter:
    return Setter("para", tag, attrs, values, write, variants)


_IND_ZERO_ALT = Measure(pt=None, chars=2.0)
PARA_SETTERS: dict[str, Setter] = {
    "paragraph.alignment": _para("jc", (), _choices("left", "center", "right", "justify"),
                                 _write_jc),
    "paragraph.indent.left": _para("ind", ("left", "start", "leftChars", "startChars"),
                                   _lengths(_IND_ZERO_ALT), _indent("left"), 2),
    "paragraph.indent.right": _para("ind", ("right", "end", "rightChars", "endChars"),
                                    _lengths(_IND_ZERO_ALT), _indent("right"), 2),
    "paragraph.indent.first_line": _para("ind", ("firstLine", "firstLineChars", "hanging",
                                                 "hangingChars"),
                                         _lengths(_IND_ZERO_ALT), _indent("first_line"), 2),
    "paragraph.indent.hanging": _para("ind", ("firstLine", "firstLineChars", "hanging",
                                              "hangingChars"),
                                      _lengths(_IND_ZERO_ALT), _indent("hanging"), 2),
    "paragraph.space_before": _para("spacing", ("before", "beforeLines", "beforeAutospacing"),
                                    _lengths(Measure(12.0)), _space("before"), 2),
    "paragraph.space_after": _para("spacing", ("after", "afterLines", "afterAutospacing"),
                                   _lengths(Measure(12.0)), _space("after"), 2),
    "paragraph.line_spacing": _para("spacing", ("line",),
                                    _choices(LineSpacing("multiple", 1.0),
                                             LineSpacing("multiple", 1.5),
                                             LineSpacing("multiple", 2.0),
                                             LineSpacing("exact", 20.0)), _write_line),
    "paragraph.outline_level": _para("outlineLvl", (), _choices("body_text", "1", "2"),
                                     _write_outline),
    "paragraph.keep_with_next": _para("keepNext", (), _flip, _toggle("keepNext")),
    "paragraph.page_break_before": _para("pageBreakBefore", (), _flip,
                                         _toggle("pageBreakBefore")),
}


# ------------------------------------------------------------------ section properties
def _pg(sect: etree._Element) -> tuple[float, float]:
    el = sect.find(_W + "pgSz")
    try:
        w = float(el.get(_W + "w")) / 20 if el is not None else 612.0
        h = float(el.get(_W + "h")) / 20 if el is not None else 792.0
    except (TypeError, ValueError):
        w, h = 612.0, 792.0
    return w, h


def _page_sizes(ref: list[Any]) -> list[Any]:
    landscape = any(isinstance(v, PageSize) and v.width > v.height for v in ref)
    out = []
    for name in ("A4", "B5", "Letter", "A3"):
        w, h = PAPER_SIZES[name]
        out.append(PageSize(h, w) if landscape else PageSize(w, h))
    return out


def _write_page_size(sect: etree._Element, v: Any) -> str:
    wset(sect, "pgSz", w=twips(v.width), h=twips(v.height))
    return f"w:pgSz {twips(v.width)}x{twips(v.height)}"


def _page_dim(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        wset(sect, "pgSz", **{attr: twips(_pt(v) or 0.0)})
        return f"w:pgSz/@w:{attr}={twips(_pt(v) or 0.0)}"
    return write


def _write_orientation(sect: etree._Element, v: Any) -> str:
    w, h = _pg(sect)
    lo, hi = sorted((w, h))
    if v == "landscape":
        wset(sect, "pgSz", w=twips(hi), h=twips(lo), orient="landscape")
    else:
        wset(sect, "pgSz", w=twips(lo), h=twips(hi), orient="portrait")
    return f"w:pgSz orient={v}"


def _margin(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        wset(sect, "pgMar", **{attr: twips(_pt(v) or 0.0)})
        return f"w:pgMar/@w:{attr}={twips(_pt(v) or 0.0)}"
    return write


def _write_cols(sect: etree._Element, v: Any) -> str:
    cols = wset(sect, "cols", num=str(int(v)), equalWidth=None)
    for c in cols.findall(_W + "col"):
        cols.remove(c)
    return f"w:cols/@w:num={int(v)}"


def _write_cols_space(sect: etree._Element, v: Any) -> str:
    wset(sect, "cols", space=twips(_pt(v) or 0.0))
    return f"w:cols/@w:space={twips(_pt(v) or 0.0)}"


def _write_cols_sep(sect: etree._Element, v: Any) -> str:
    wset(sect, "cols", sep="1" if v else "0")
    return f"w:cols/@w:sep={'1' if v else '0'}"


def _write_pgnum(attr: str) -> Callable[[etree._Element, Any], str]:
    def write(sect: etree._Element, v: Any) -> str:
        val = str(int(v)) if attr == "start" else str(v)
        wset(sect, "pgNumType", **{attr: val})
        return f"w:pgNumType/@w:{attr}={val}"
    return write


def _next_int(ref: list[Any]) -> list[Any]:
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 0)
    return [n + 1, 1]


def _write_border(sect: etree._Element, v: Any) -> str:
    old = sect.find(_W + "pgBorders")
    if old is not None:
        sect.remove(old)
    if isinstance(v, Border) and v.style != "none":
        box = etree.SubElement(sect, _W + "pgBorders")
        for side in ("top", "left", "bottom", "right"):
            etree.SubElement(box, _W + side, {_W + "val": v.style, _W + "sz": "4",
                                               _W + "space": "24", _W + "color": "auto"})
        return f"w:pgBorders {v.style}"
    return "w:pgBorders removed"


def _borders(ref: list[Any]) -> list[Any]:
    return [Border("single", 0.5), Border("none")]


def _sect(tag: str, values, write, variants: int = 1) -> Setter:
    return Setter("section", tag, (), values, write, variants)


SECTION_SETTERS: dict[str, Setter] = {
    "page.size": _sect("pgSz", _page_sizes, _write_page_size),
    "page.width": _sect("pgSz", _shift(2 * CM), _page_dim("w")),
    "page.height": _sect("pgSz", _shift(2 * CM), _page_dim("h")),
    "page.orientation": _sect("pgSz", _choices("landscape", "portrait"), _write_orientation),
    "page.margin.top": _sect("pgMar", _shift(CM), _margin("top")),
    "page.margin.bottom": _sect("pgMar", _shift(CM), _margin("bottom")),
    "page.margin.left": _sect("pgMar", _shift(CM), _margin("left")),
    "page.margin.right": _sect("pgMar", _shift(CM), _margin("right")),
    "page.margin.gutter": _sect("pgMar", _shift(CM), _margin("gutter")),
    "page.header_distance": _sect("pgMar", _shift(CM / 2), _margin("header")),
    "page.footer_distance": _sect("pgMar", _shift(CM / 2), _margin("footer")),
    "page.border": _sect("pgBorders", _borders, _write_border),
    "columns.count": _sect("cols", lambda ref: [2, 1, 3], _write_cols),
    "columns.spacing": _sect("cols", _shift(CM), _write_cols_space),
    "columns.separator": _sect("cols", _flip, _write_cols_sep),
    "section.start": _sect("type", _choices("nextPage", "continuous"), _valued("type")),
    "section.title_page": _sect("titlePg", _flip, _toggle("titlePg")),
    "page_numbers.format": _sect("pgNumType", _choices("decimal", "upperRoman",
                                                       "lowerRoman"), _write_pgnum("fmt")),
    "page_numbers.start": _sect("pgNumType", _next_int, _write_pgnum("start")),
}

SETTERS: dict[str, Setter] = {**RUN_SETTERS, **PARA_SETTERS, **SECTION_SETTERS}
