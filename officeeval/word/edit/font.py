"""Writers of run formatting (``font.*``): attributes and children of ``w:rPr``, on the
target's runs and on the style or defaults level a value is inherited from."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.properties.writing import WriterSet
from officeeval.word.edit.levels import RUN, on_level
from officeeval.word.edit.xml import points, twips, wset

WRITERS = WriterSet()
writes = on_level(WRITERS)


def font_slot(rpr: etree._Element, slot: str, value: Any, also: tuple[str, ...] = ()) -> str:
    """Name the font of ``slot`` (``ascii``, ``eastAsia`` …) in ``w:rFonts``, dropping the
    theme font that would override it."""
    attrs: dict[str, str | None] = {s: str(value) for s in (slot, *also)}
    attrs.update({f"{s}Theme": None for s in (slot, *also)})
    wset(rpr, "rFonts", **attrs)
    return f"w:rFonts/@w:{slot}={value}"


def toggle(el: etree._Element, tag: str, value: Any) -> str:
    """``w:tag`` with ``w:val`` 1 or 0 (a toggle set explicitly either way)."""
    wset(el, tag, val="1" if value else "0")
    return f"w:{tag}={'1' if value else '0'}"


def valued(el: etree._Element, tag: str, value: Any) -> str:
    wset(el, tag, val=str(value))
    return f"w:{tag}={value}"


@writes("font.east_asia", RUN, "rFonts", ("eastAsia", "eastAsiaTheme"))
def east_asia(rpr: etree._Element, v: Any) -> str:
    return font_slot(rpr, "eastAsia", v)


@writes("font.name", RUN, "rFonts", ("ascii", "asciiTheme"))
def name(rpr: etree._Element, v: Any) -> str:
    return font_slot(rpr, "ascii", v, ("hAnsi",))


@writes("font.size", RUN, "sz")
def size(rpr: etree._Element, v: Any) -> str:
    half = str(int(round((points(v) or 12.0) * 2)))
    wset(rpr, "sz", val=half)
    wset(rpr, "szCs", val=half)
    return f"w:sz={half} (half-points)"


def _toggle_writer(prop: str, tag: str) -> None:
    writes(prop, RUN, tag)(lambda rpr, v: toggle(rpr, tag, v))


for _prop, _tag in (("font.bold", "b"), ("font.italic", "i"), ("font.strike", "strike"),
                    ("font.double_strike", "dstrike"), ("font.small_caps", "smallCaps"),
                    ("font.all_caps", "caps")):
    _toggle_writer(_prop, _tag)


@writes("font.underline", RUN, "u")
def underline(rpr: etree._Element, v: Any) -> str:
    return valued(rpr, "u", v)


@writes("font.color", RUN, "color")
def color(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "color", val=str(v), themeColor=None, themeTint=None, themeShade=None)
    return f"w:color={v}"


@writes("font.highlight", RUN, "highlight")
def highlight(rpr: etree._Element, v: Any) -> str:
    return valued(rpr, "highlight", v)


def _vert(which: str) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        val = which if v else "baseline"
        wset(rpr, "vertAlign", val=val)
        return f"w:vertAlign={val}"
    return write


writes("font.superscript", RUN, "vertAlign")(_vert("superscript"))
writes("font.subscript", RUN, "vertAlign")(_vert("subscript"))


@writes("font.spacing", RUN, "spacing")
def spacing(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "spacing", val=twips(points(v) or 0.0))
    return f"w:spacing={twips(points(v) or 0.0)}"


@writes("font.scale", RUN, "w")
def scale(rpr: etree._Element, v: Any) -> str:
    wset(rpr, "w", val=str(int(v)))
    return f"w:w={int(v)}"


@writes("font.emphasis_mark", RUN, "em")
def emphasis_mark(rpr: etree._Element, v: Any) -> str:
    return valued(rpr, "em", v)


@writes("font.shading", RUN, "shd")
def shading(rpr: etree._Element, v: Any) -> str:
    if v == "none":
        wset(rpr, "shd", val="clear", fill="auto", color="auto", themeFill=None)
    else:
        wset(rpr, "shd", val="clear", fill=str(v), color="auto", themeFill=None)
    return f"w:shd/@w:fill={v}"


def mark_language(rpr: etree._Element) -> None:
    """Language and proofing marks on a run (read by no catalog property)."""
    wset(rpr, "lang", val="en-US", eastAsia="zh-CN")
    wset(rpr, "noProof")
