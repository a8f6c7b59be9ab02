"""Resolvers for conditional-format rules and data validation rules."""

from __future__ import annotations

from officeeval.excel import value_types as X
from officeeval.excel.conditional import dxf_fill_color
from officeeval.excel.resolve_objects import cell_text_at, ref_cells
from officeeval.excel.targets import CfTarget, ValidationTarget
from officeeval.excel.validation import literal_items
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.values import Observation

CF, VALIDATION = "conditional_format", "validation"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


# ------------------------------------------------------------------ conditional formats
@prop("cf.type", T.EnumType("cf_type"), kinds=CF)
def cf_type(t: CfTarget, ctx) -> Observation | None:
    """Rule type: cellIs, expression, colorScale, dataBar, iconSet, top10, aboveAverage,
    duplicateValues, containsText, timePeriod …"""
    return _obs(t.rule.type or None)


@prop("cf.range", X.REF, kinds=CF)
def cf_range(t: CfTarget, ctx) -> Observation | None:
    """The range the rule applies to (sqref; several areas space-separated)."""
    return _obs(t.rule.range or None)


@prop("cf.operator", T.EnumType("cf_operator"), kinds=CF)
def cf_operator(t: CfTarget, ctx) -> Observation | None:
    """The rule's operator (greaterThan 大于, between 介于 …), or top/bottom, above/below,
    duplicate/unique, the time period."""
    return _obs(t.rule.operator)


@prop("cf.formula", X.ORDERED, kinds=CF)
def cf_formula(t: CfTarget, ctx) -> Observation | None:
    """The rule's formulas or criteria values, in order (60 | 90)."""
    return _obs([f.strip().lstrip("=") for f in t.rule.formulas])


@prop("cf.text", T.TEXT, kinds=CF)
def cf_text(t: CfTarget, ctx) -> Observation | None:
    """The text of a containsText/beginsWith/endsWith rule."""
    return _obs(t.rule.text)


@prop("cf.rank", T.INTEGER, kinds=CF)
def cf_rank(t: CfTarget, ctx) -> Observation | None:
    """N of a top/bottom N rule."""
    return _obs(t.rule.rank)


@prop("cf.fill.color", T.COLOR, kinds=CF)
def cf_fill(t: CfTarget, ctx) -> Observation | None:
    """Fill color the rule paints (data bar color for data bars)."""
    rule = t.rule
    styles = t.doc.styles
    if rule.type == "dataBar" and rule.colors:
        return _obs(styles.resolve(rule.colors[0]))
    return _obs(dxf_fill_color(rule.dxf, styles.resolve))


@prop("cf.font.color", T.COLOR, kinds=CF)
def cf_font_color(t: CfTarget, ctx) -> Observation | None:
    """Font color the rule sets."""
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None or dxf.font.color is None:
        return None
    return _obs(t.doc.styles.resolve(dxf.font.color))


@prop("cf.font.bold", T.BOOL, kinds=CF)
def cf_font_bold(t: CfTarget, ctx) -> Observation | None:
    """Whether the rule makes the font bold."""
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None:
        return Observation(False, "default")
    return Observation(dxf.font.bold, "direct")


@prop("cf.colors", X.TEXT_LIST, kinds=CF)
def cf_colors(t: CfTarget, ctx) -> Observation | None:
    """Color scale or data bar colors as RGB hex, in order."""
    return _obs([t.doc.styles.resolve(c) or "" for c in t.rule.colors])


@prop("cf.icon_set", T.TEXT, kinds=CF)
def cf_icon_set(t: CfTarget, ctx) -> Observation | None:
    """The icon set (3TrafficLights1, 3Arrows …)."""
    return _obs(t.rule.icon_set)


# ------------------------------------------------------------------ validations
@prop("validation.type", T.EnumType("validation_type"), kinds=VALIDATION)
def validation_type(t: ValidationTarget, ctx) -> Observation | None:
    """Validation type: list 序列, whole 整数, decimal 小数, date, time, textLength,
    custom, any."""
    return _obs(t.rule.type)


@prop("validation.range", X.REF, kinds=VALIDATION)
def validation_range(t: ValidationTarget, ctx) -> Observation | None:
    """The cells the rule applies to."""
    return _obs(t.rule.range or None)


@prop("validation.list", X.TEXT_LIST, kinds=VALIDATION)
def validation_list(t: ValidationTarget, ctx) -> Observation | None:
    """Items a list rule offers (from its literal or the cells it references)."""
    rule = t.rule
    if rule.type != "list":
        return None
    items = literal_items(rule.formula1)
    if items is not None:
        return Observation(items, "direct")
    cells = ref_cells(t.doc, rule.formula1, t.sheet)
    if not cells:
        return None
    texts = [cell_text_at(sh, r, c) for sh, r, c in cells]
    return Observation([x for x in texts if x != ""], "cells")


@prop("validation.formula", X.FORMULA, kinds=VALIDATION)
def validation_formula(t: ValidationTarget, ctx) -> Observation | None:
    """The rule's first formula or limit (formula1)."""
    return _obs(t.rule.formula1)


@prop("validation.formula2", X.FORMULA, kinds=VALIDATION)
def validation_formula2(t: ValidationTarget, ctx) -> Observation | None:
    """The rule's second limit (formula2, for between)."""
    return _obs(t.rule.formula2)


@prop("validation.operator", T.TEXT, kinds=VALIDATION)
def validation_operator(t: ValidationTarget, ctx) -> Observation | None:
    """The comparison operator (between when not set)."""
    return _obs(t.rule.operator) if t.rule.operator else Observation("between", "default")
