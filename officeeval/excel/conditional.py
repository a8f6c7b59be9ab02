"""Conditional formatting rules of a sheet: ``conditionalFormatting/cfRule`` and the Excel
2010 ``x14:conditionalFormatting`` rules in the sheet's ``extLst`` (rules that only extend a
base rule, matched by ``x14:id``, are merged into it instead of counted twice).

Every rule type is kept as its OOXML token (``cellIs``, ``expression``, ``colorScale``,
``dataBar``, ``iconSet``, ``top10``, ``aboveAverage``, ``duplicateValues``, ``uniqueValues``,
``containsText``, ``notContainsText``, ``beginsWith``, ``endsWith``, ``containsBlanks``,
``notContainsBlanks``, ``containsErrors``, ``notContainsErrors``, ``timePeriod``). The
operator reads as the rule's ``operator``, or for rule types without one: ``top``/``bottom``
(top10), ``above``/``below``/``equalOrAbove``/``equalOrBelow`` (aboveAverage), the
``timePeriod`` token, ``duplicate``/``unique``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lxml import etree

from officeeval.excel.styles import ColorSpec, Dxf, read_border, read_color, read_fill, \
    read_font
from officeeval.ooxml.ns import S, X14, XM
from officeeval.ooxml.units import to_int

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet

_S = f"{{{S}}}"
_X14 = f"{{{X14}}}"
_XM = f"{{{XM}}}"


@dataclass
class CfRule:
    sheet: "Sheet"
    range: str
    type: str
    operator: str | None = None
    formulas: list[str] = field(default_factory=list)
    dxf: Dxf | None = None
    text: str | None = None
    rank: int | None = None
    priority: int | None = None
    stop_if_true: bool = False
    colors: list[ColorSpec] = field(default_factory=list)
    icon_set: str | None = None
    extended: bool = False  # read from the x14 extension list
    percent: bool = False   # top10: rank is a percentage
    std_dev: int | None = None  # aboveAverage: standard deviations from the average


def _operator(rule: etree._Element, rtype: str) -> str | None:
    op = rule.get("operator")
    if op and rtype not in ("containsText", "notContainsText", "beginsWith", "endsWith"):
        return op
    if rtype == "top10":
        return "bottom" if (rule.get("bottom") or "") in ("1", "true") else "top"
    if rtype == "aboveAverage":
        above = (rule.get("aboveAverage") or "1") not in ("0", "false")
        equal = (rule.get("equalAverage") or "") in ("1", "true")
        return ("equalOrAbove" if equal else "above") if above else (
            "equalOrBelow" if equal else "below")
    if rtype == "timePeriod":
        return rule.get("timePeriod")
    if rtype == "duplicateValues":
        return "duplicate"
    if rtype == "uniqueValues":
        return "unique"
    if rtype in ("containsText", "notContainsText", "beginsWith", "endsWith"):
        return {"containsText": "containsText", "notContainsText": "notContains",
                "beginsWith": "beginsWith", "endsWith": "endsWith"}[rtype]
    return op


def _scale_colors(rule: etree._Element, ns: str) -> tuple[list[ColorSpec], str | None]:
    colors: list[ColorSpec] = []
    icon = None
    for tag in ("colorScale", "dataBar"):
        el = rule.find(ns + tag)
        if el is None:
            continue
        for c in el:
            if isinstance(c.tag, str) and etree.QName(c).localname in ("color", "fillColor"):
                spec = read_color(c)
                if spec is not None:
                    colors.append(spec)
    iset = rule.find(ns + "iconSet")
    if iset is not None:
        icon = iset.get("iconSet") or "3TrafficLights1"
    return colors, icon


def _dxf_inline(el: etree._Element | None) -> Dxf | None:
    if el is None:
        return None
    return Dxf(font=read_font(el.find(_S + "font")), fill=read_fill(el.find(_S + "fill")),
               borders=read_border(el.find(_S + "border")),
               num_fmt=(el.find(_S + "numFmt").get("formatCode")
                        if el.find(_S + "numFmt") is not None else None))


def sheet_rules(sheet: "Sheet") -> list[CfRule]:
    """Every rule of the sheet, in document order (base rules, then extension rules)."""
    styles = sheet.book.styles
    out: list[CfRule] = []
    ext_ids: dict[str, CfRule] = {}
    for cf in sheet.tail_children("conditionalFormatting"):
        sqref = (cf.get("sqref") or "").strip()
        for rule in cf.findall(_S + "cfRule"):
            rtype = rule.get("type") or ""
            colors, icon = _scale_colors(rule, _S)
            r = CfRule(sheet, sqref, rtype, _operator(rule, rtype),
                       [f.text or "" for f in rule.findall(_S + "formula")],
                       styles.dxf(to_int(rule.get("dxfId"))), rule.get("text"),
                       to_int(rule.get("rank")), to_int(rule.get("priority")),
                       (rule.get("stopIfTrue") or "") in ("1", "true"), colors, icon,
                       percent=(rule.get("percent") or "") in ("1", "true"),
                       std_dev=to_int(rule.get("stdDev")))
            for xid in rule.iter(_X14 + "id"):
                if xid.text:
                    ext_ids[xid.text.strip()] = r
            out.append(r)
    ext = sheet.tail_child("extLst")
    if ext is None:
        return out
    for cf in ext.iter(_X14 + "conditionalFormatting"):
        sqref = (cf.findtext(_XM + "sqref") or "").strip()
        for rule in cf.findall(_X14 + "cfRule"):
            rtype = rule.get("type") or ""
            colors, icon = _scale_colors(rule, _X14)
            base = ext_ids.get((rule.get("id") or "").strip())
            if base is not None:
                # An extension of a base rule (data bar details, icon sets): merge.
                base.colors = base.colors or colors
                base.icon_set = base.icon_set or icon
                continue
            out.append(CfRule(sheet, sqref, rtype, _operator(rule, rtype),
                              [f.text or "" for f in rule.findall(_XM + "f")],
                              _dxf_inline(rule.find(_X14 + "dxf")), rule.get("text"),
                              to_int(rule.get("rank")), to_int(rule.get("priority")),
                              (rule.get("stopIfTrue") or "") in ("1", "true"), colors, icon,
                              extended=True,
                              percent=(rule.get("percent") or "") in ("1", "true"),
                              std_dev=to_int(rule.get("stdDev"))))
    return out


def dxf_fill_color(dxf: Dxf | None, resolve) -> str | None:
    """The fill color a differential format paints: ``bgColor`` for a solid or unspecified
    pattern (Excel's convention in dxfs), ``fgColor`` when only that is given."""
    if dxf is None or dxf.fill is None:
        return None
    fill = dxf.fill
    if fill.pattern == "gradient":
        return resolve(fill.gradient[0]) if fill.gradient else None
    if fill.pattern == "none":
        return "none"
    for spec in (fill.bg, fill.fg) if fill.pattern in (None, "solid") else (fill.fg, fill.bg):
        rgb = resolve(spec)
        if rgb is not None and rgb != "auto":
            return rgb
    return None
