"""Conditional-format rules: their type, range, operator, criteria and the format they
apply, and the cells they format; each resolver followed by its writer (the ``cfRule``
edited, its format a new ``dxf``). Data validations are ``resolve_validation``'s."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.errors import UnverifiableValue
from officeeval.excel import value_types as X
from officeeval.excel.cf_effect import formatted_cells
from officeeval.excel.cf_values import Unsupported
from officeeval.excel.conditional import dxf_fill_color
from officeeval.excel.edit.formats import styles_root
from officeeval.excel.edit.rules import rule_attr, rule_el, write_range
from officeeval.excel.targets import CfTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, first_cell_dropped
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

_S = f"{{{S}}}"
CF = "conditional_format"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


def _new_dxf(session: Session, rule: etree._Element, fill: str | None = None,
             font_color: str | None = None, bold: bool | None = None) -> str:
    styles = styles_root(session)
    dxfs = styles.find(_S + "dxfs")
    if dxfs is None:
        dxfs = etree.SubElement(styles, _S + "dxfs")
    dxf = etree.SubElement(dxfs, _S + "dxf")
    if font_color is not None or bold is not None:
        font = etree.SubElement(dxf, _S + "font")
        if bold is not None:
            etree.SubElement(font, _S + "b", val="1" if bold else "0")
        if font_color is not None:
            etree.SubElement(font, _S + "color", rgb="FF" + font_color[-6:])
    if fill is not None:
        f = etree.SubElement(dxf, _S + "fill")
        pf = etree.SubElement(f, _S + "patternFill", patternType="solid")
        etree.SubElement(pf, _S + "bgColor", rgb="FF" + fill[-6:])
    dxfs.set("count", str(len(dxfs)))
    rule.set("dxfId", str(len(dxfs) - 1))
    return "dxf replaced"


@prop("cf.type", T.EnumType("cf_type"), kinds=CF,
      draft=Drafting(called=("条件格式",)),
      implied_by="type",
      plan=Plan("rule"))
def cf_type(t: CfTarget, ctx) -> Observation | None:
    """Rule type: cellIs, expression, colorScale, dataBar, iconSet, top10, aboveAverage,
    duplicateValues, containsText, timePeriod …"""
    return _obs(t.rule.type or None)


WRITERS.writer("cf.type")(rule_attr("type"))


@prop("cf.range", X.REF, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="range"))
def cf_range(t: CfTarget, ctx) -> Observation | None:
    """The range the rule applies to (sqref; several areas space-separated)."""
    return _obs(t.rule.range or None)


WRITERS.writer("cf.range")(write_range)


@prop("cf.operator", T.EnumType("cf_operator"), kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="operator"))
def cf_operator(t: CfTarget, ctx) -> Observation | None:
    """The rule's operator (greaterThan 大于, between 介于 …), or top/bottom, above/below,
    duplicate/unique, the time period."""
    return _obs(t.rule.operator)


WRITERS.writer("cf.operator")(rule_attr("operator"))


@prop("cf.formula", X.ORDERED, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="cf_formula", formula="cf.formula"))
def cf_formula(t: CfTarget, ctx) -> Observation | None:
    """The rule's formulas or criteria values, in order (60 | 90)."""
    return _obs([f.strip().lstrip("=") for f in t.rule.formulas])


@WRITERS.writer("cf.formula")
def write_cf_formula(session: Session, target: Target, value: Any) -> str:
    el = rule_el(session, target)
    found = el.findall(_S + "formula")
    if not found:
        raise NotApplicable("no formula")
    for f, text in zip(found, list(value)):
        f.text = str(text).lstrip("=")
    return f"formula={found[0].text}"


@prop("cf.text", T.TEXT, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      typed_text=True,
      plan=Plan("rule", mistake="text"))
def cf_text(t: CfTarget, ctx) -> Observation | None:
    """The text of a containsText/beginsWith/endsWith rule."""
    return _obs(t.rule.text)


WRITERS.writer("cf.text")(rule_attr("text"))


@prop("cf.rank", T.INTEGER, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="rank"))
def cf_rank(t: CfTarget, ctx) -> Observation | None:
    """N of a top/bottom N rule."""
    return _obs(t.rule.rank)


WRITERS.writer("cf.rank")(rule_attr("rank", lambda v: str(int(v))))


@prop("cf.fill.color", T.COLOR, kinds=CF,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("条件格式",)),
      plan=Plan("rule", mistake="color"))
def cf_fill(t: CfTarget, ctx) -> Observation | None:
    """Fill color the rule paints (data bar color for data bars)."""
    rule = t.rule
    styles = t.doc.styles
    if rule.type == "dataBar" and rule.colors:
        return _obs(styles.resolve(rule.colors[0]))
    return _obs(dxf_fill_color(rule.dxf, styles.resolve))


@WRITERS.writer("cf.fill.color")
def write_cf_fill(session: Session, target: Target, value: Any) -> str:
    return _new_dxf(session, rule_el(session, target), fill=str(value))


@prop("cf.font.color", T.COLOR, kinds=CF,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("条件格式",)),
      plan=Plan("rule", mistake="color"))
def cf_font_color(t: CfTarget, ctx) -> Observation | None:
    """Font color the rule sets."""
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None or dxf.font.color is None:
        return None
    return _obs(t.doc.styles.resolve(dxf.font.color))


@WRITERS.writer("cf.font.color")
def write_cf_font_color(session: Session, target: Target, value: Any) -> str:
    return _new_dxf(session, rule_el(session, target), font_color=str(value))


@prop("cf.font.bold", T.BOOL, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="bold"))
def cf_font_bold(t: CfTarget, ctx) -> Observation | None:
    """Whether the rule makes the font bold."""
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None:
        return Observation(False, "default")
    return Observation(dxf.font.bold, "direct")


@WRITERS.writer("cf.font.bold")
def write_cf_font_bold(session: Session, target: Target, value: Any) -> str:
    return _new_dxf(session, rule_el(session, target), bold=bool(value))


@prop("cf.colors", X.TEXT_LIST, kinds=CF,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("条件格式",)),
      plan=Plan("rule", mistake="cf_formula", formula="cf.formula"))
def cf_colors(t: CfTarget, ctx) -> Observation | None:
    """Color scale or data bar colors as RGB hex, in order."""
    return _obs([t.doc.styles.resolve(c) or "" for c in t.rule.colors])


@WRITERS.writer("cf.colors")
def write_cf_colors(session: Session, target: Target, value: Any) -> str:
    """The colours of a colour scale or data bar, in order."""
    el = rule_el(session, target)
    colors = [c for tag in ("colorScale", "dataBar") for holder in el.findall(_S + tag)
              for c in holder.findall(_S + "color")]
    if not colors:
        raise NotApplicable("no colour scale or data bar")
    for c, rgb in zip(colors, list(value)):
        c.attrib.clear()
        c.set("rgb", "FF" + str(rgb)[-6:])
    return f"colors {','.join(str(v) for v in value)}"


@prop("cf.icon_set", T.TEXT, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="cf_formula", formula="cf.formula"))
def cf_icon_set(t: CfTarget, ctx) -> Observation | None:
    """The icon set (3TrafficLights1, 3Arrows …)."""
    return _obs(t.rule.icon_set)


@WRITERS.writer("cf.icon_set")
def write_cf_icon_set(session: Session, target: Target, value: Any) -> str:
    el = rule_el(session, target)
    icons = el.find(_S + "iconSet")
    if icons is None:
        raise NotApplicable("no icon set")
    icons.set("iconSet", str(value))
    return f"iconSet={value}"


@prop("cf.cells", X.CELL_SET, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("setting", mistake=first_cell_dropped))
def cf_cells(t: CfTarget, ctx) -> Observation | None:
    """The cells of the rule's range it formats, judged per cell as Excel judges them (a
    blank is 0 beside a number, texts without case), so a correct rule written another way
    (cellIs, an expression such as $B2>90, top 10, above average) gives the same cells;
    compared as a set, ranges in the expected value expanded (B2:B4|D7). Rules not followed
    exactly here (time periods, functions that read the clock or look things up) make the
    check an evaluator error, never the candidate's failure.

    Evaluated: cellIs and expressions (comparisons, arithmetic, &, and pure functions such
    as AND, OR, IF, MOD, ROW, LEN, AVERAGE over ranges); top10; aboveAverage (without
    stdDev); duplicate/unique values; contains / not contains / begins / ends with text;
    blanks; errors; colour scales, data bars and icon sets (every number of the range) —
    officeeval.excel.cf_effect lists them. Other rules (timePeriod, functions that read the
    clock or look things up) raise UnverifiableValue: the check is an evaluator error, not
    the candidate's."""
    try:
        cells = formatted_cells(t.rule)
    except Unsupported as e:
        raise UnverifiableValue(f"which cells the rule formats is not evaluated for {e}")
    return Observation(cells, "computed")


@WRITERS.writer("cf.cells")
def write_cf_cells(session: Session, target: Target, value: Any) -> str:
    """The rule made to format exactly the given cells: its range set to them and the rule
    an expression that is always true (its format kept)."""
    el = rule_el(session, target)
    cells = " ".join(str(v).replace("$", "") for v in value)
    if not cells:
        raise NotApplicable("a rule formats at least one cell")
    el.getparent().set("sqref", cells)
    for attr in ("operator", "text", "rank", "percent", "bottom", "aboveAverage",
                 "equalAverage", "stdDev", "timePeriod"):
        el.attrib.pop(attr, None)
    for child in list(el):
        el.remove(child)
    el.set("type", "expression")
    etree.SubElement(el, _S + "formula").text = "TRUE"
    return f"expression TRUE over {cells}"
