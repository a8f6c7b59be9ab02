"""How a wrong value of each PowerPoint text property is written into DrawingML: run
properties are attributes and children of ``a:rPr`` (``sz``, ``b``, ``a:latin``,
``a:solidFill`` …), paragraph properties of ``a:pPr`` (``algn``, ``marL``, ``a:lnSpc`` …).

A ``Setter`` also says which attribute or child defines the property, so the level a value is
inherited from (a shape's list style, the layout or master placeholder, the master's text
styles) can be found and changed instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from lxml import etree

from officeeval.audit.mutators.mistakes import (
    choices, flip, fonts, lengths, pt, sizes,
)
from officeeval.ooxml.ns import A
from officeeval.values import LineSpacing, Measure

_A = f"{{{A}}}"
EMU_PER_PT = 12700
_FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
_UNDERLINE = {"none": "none", "single": "sng", "double": "dbl", "thick": "heavy",
              "dotted": "dotted", "dash": "dash", "wave": "wavy", "words": "words"}
_ALIGN = {"left": "l", "center": "ctr", "right": "r", "justify": "just", "distribute": "dist"}
_BULLETS = ("buNone", "buChar", "buAutoNum", "buBlip", "buFont", "buSzPct", "buSzPts",
            "buSzTx", "buClr", "buClrTx", "buFontTx")


@dataclass(frozen=True)
class Setter:
    level: str                                   # run (a:rPr) | para (a:pPr)
    defines: Callable[[etree._Element], bool]    # does this level's element set it?
    values: Callable[[list[Any]], list[Any]]
    write: Callable[[etree._Element, Any], str]
    variants: int = 1


def _attr(name: str) -> Callable[[etree._Element], bool]:
    return lambda el: el.get(name) is not None


def _child(*tags: str) -> Callable[[etree._Element], bool]:
    return lambda el: any(el.find(_A + t) is not None for t in tags)


def _set(name: str, fmt: Callable[[Any], str]) -> Callable[[etree._Element, Any], str]:
    def write(el: etree._Element, v: Any) -> str:
        el.set(name, fmt(v))
        return f"@{name}={fmt(v)}"
    return write


def _onoff(v: Any) -> str:
    return "1" if v else "0"


def _face(tag: str) -> Callable[[etree._Element, Any], str]:
    def write(rpr: etree._Element, v: Any) -> str:
        el = rpr.find(_A + tag)
        if el is None:
            el = etree.SubElement(rpr, _A + tag)
        el.attrib.clear()
        el.set("typeface", str(v))
        return f"a:{tag}/@typeface={v}"
    return write


def _write_color(rpr: etree._Element, v: Any) -> str:
    for t in _FILLS:
        for el in rpr.findall(_A + t):
            rpr.remove(el)
    fill = etree.Element(_A + "solidFill")
    etree.SubElement(fill, _A + "srgbClr", val=str(v))
    # A fill comes after a:ln and before the effects and fonts.
    ln = rpr.find(_A + "ln")
    rpr.insert(rpr.index(ln) + 1 if ln is not None else 0, fill)
    return f"a:solidFill/a:srgbClr={v}"


def _write_highlight(rpr: etree._Element, v: Any) -> str:
    for el in rpr.findall(_A + "highlight"):
        rpr.remove(el)
    hl = etree.SubElement(rpr, _A + "highlight")
    etree.SubElement(hl, _A + "srgbClr", val=str(v))
    return f"a:highlight={v}"


def _run(defines, values, write, variants: int = 1) -> Setter:
    return Setter("run", defines, values, write, variants)


RUN_SETTERS: dict[str, Setter] = {
    "font.name": _run(_child("latin"), fonts("Arial", "Times New Roman", "Courier New"),
                      _face("latin")),
    "font.east_asia": _run(_child("ea"), fonts("宋体", "黑体", "楷体", "微软雅黑"), _face("ea")),
    "font.size": _run(_attr("sz"), sizes, _set("sz", lambda v: str(int(round(pt(v) * 100))))),
    "font.bold": _run(_attr("b"), flip, _set("b", _onoff)),
    "font.italic": _run(_attr("i"), flip, _set("i", _onoff)),
    "font.underline": _run(_attr("u"), choices("none", "single", "double"),
                           _set("u", lambda v: _UNDERLINE.get(str(v), "sng"))),
    "font.color": _run(_child(*_FILLS), choices("000000", "FF0000", "0000FF"), _write_color),
    "font.highlight": _run(_child("highlight"), choices("FFFF00", "00FF00"),
                           _write_highlight),
    "font.strike": _run(_attr("strike"), flip,
                        _set("strike", lambda v: "sngStrike" if v else "noStrike")),
    "font.double_strike": _run(_attr("strike"), flip,
                               _set("strike", lambda v: "dblStrike" if v else "noStrike")),
    "font.superscript": _run(_attr("baseline"), flip,
                             _set("baseline", lambda v: "30000" if v else "0")),
    "font.subscript": _run(_attr("baseline"), flip,
                           _set("baseline", lambda v: "-25000" if v else "0")),
    "font.all_caps": _run(_attr("cap"), flip, _set("cap", lambda v: "all" if v else "none")),
    "font.small_caps": _run(_attr("cap"), flip,
                            _set("cap", lambda v: "small" if v else "none")),
    "font.spacing": _run(_attr("spc"), choices(Measure(2.0), Measure(0.0)),
                         _set("spc", lambda v: str(int(round((pt(v) or 0.0) * 100))))),
}


# ------------------------------------------------------------------ paragraph properties
def _spacing(tag: str) -> Callable[[etree._Element, Any], str]:
    def write(ppr: etree._Element, v: Any) -> str:
        for el in ppr.findall(_A + tag):
            ppr.remove(el)
        box = etree.SubElement(ppr, _A + tag)
        if isinstance(v, LineSpacing) and v.rule == "multiple":
            etree.SubElement(box, _A + "spcPct", val=str(int(round(v.value * 100000))))
            return f"a:{tag}/a:spcPct={int(round(v.value * 100000))}"
        if isinstance(v, Measure) and v.lines is not None and v.pt is None:
            etree.SubElement(box, _A + "spcPct", val=str(int(round(v.lines * 100000))))
            return f"a:{tag}/a:spcPct={int(round(v.lines * 100000))}"
        points = v.value if isinstance(v, LineSpacing) else (pt(v) or 0.0)
        etree.SubElement(box, _A + "spcPts", val=str(int(round(points * 100))))
        return f"a:{tag}/a:spcPts={int(round(points * 100))}"
    return write


def _write_bullet(ppr: etree._Element, v: Any) -> str:
    for t in _BULLETS:
        for el in ppr.findall(_A + t):
            ppr.remove(el)
    s = str(v)
    if s == "none":
        etree.SubElement(ppr, _A + "buNone")
    elif s.startswith("autonumber:"):
        etree.SubElement(ppr, _A + "buAutoNum", type=s.split(":", 1)[1])
    else:
        etree.SubElement(ppr, _A + "buChar", char=s)
    return f"bullet {s}"


def _emu(v: Any, sign: int = 1) -> str:
    return str(int(round(sign * (pt(v) or 0.0) * EMU_PER_PT)))


def _bullets(ref: list[Any]) -> list[Any]:
    return ["none", "•", "autonumber:arabicPeriod"]


def _levels(ref: list[Any]) -> list[Any]:
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 1)
    return [n + 1 if n < 9 else n - 1]


def _para(defines, values, write, variants: int = 1) -> Setter:
    return Setter("para", defines, values, write, variants)


PARA_SETTERS: dict[str, Setter] = {
    "paragraph.alignment": _para(_attr("algn"), choices("left", "center", "right", "justify"),
                                 _set("algn", lambda v: _ALIGN.get(str(v), "l"))),
    "paragraph.level": _para(_attr("lvl"), _levels, _set("lvl", lambda v: str(int(v) - 1))),
    "paragraph.bullet": _para(_child(*_BULLETS[:4]), _bullets, _write_bullet),
    "paragraph.line_spacing": _para(_child("lnSpc"),
                                    choices(LineSpacing("multiple", 1.0),
                                            LineSpacing("multiple", 1.5),
                                            LineSpacing("exact", 20.0)), _spacing("lnSpc")),
    "paragraph.space_before": _para(_child("spcBef"), lengths(Measure(12.0), True),
                                    _spacing("spcBef"), 2),
    "paragraph.space_after": _para(_child("spcAft"), lengths(Measure(12.0), True),
                                   _spacing("spcAft"), 2),
    "paragraph.indent.left": _para(_attr("marL"), lengths(Measure(18.0), True),
                                   _set("marL", _emu), 2),
    "paragraph.indent.first_line": _para(_attr("indent"), lengths(Measure(18.0), True),
                                         _set("indent", _emu), 2),
    "paragraph.indent.hanging": _para(_attr("indent"), lengths(Measure(18.0), True),
                                      _set("indent", lambda v: _emu(v, -1)), 2),
}

SETTERS: dict[str, Setter] = {**RUN_SETTERS, **PARA_SETTERS}
