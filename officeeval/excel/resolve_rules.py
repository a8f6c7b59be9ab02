"""Resolvers for conditional-format rules and data validation rules."""

from __future__ import annotations

from officeeval.errors import UnverifiableValue
from officeeval.excel import value_types as X
from officeeval.excel.cf_effect import formatted_cells
from officeeval.excel.cf_values import Unsupported
from officeeval.excel.conditional import dxf_fill_color
from officeeval.excel.resolve_objects import cell_text_at, ref_cells
from officeeval.excel.targets import CfTarget, ValidationTarget
from officeeval.excel.validation import literal_items
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import (
    Plan, cycled, first_cell_dropped, flipped, mistyped, reordered,
)
from officeeval.values import Observation

CF, VALIDATION = "conditional_format", "validation"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


# ------------------------------------------------------------------ conditional formats
@prop("cf.type", T.EnumType("cf_type"), kinds=CF,
      draft=Drafting(called=("条件格式",)),
      implied_by="type",
      plan=Plan("rule"))
def cf_type(t: CfTarget, ctx) -> Observation | None:
    """Rule type: cellIs, expression, colorScale, dataBar, iconSet, top10, aboveAverage,
    duplicateValues, containsText, timePeriod …"""
    return _obs(t.rule.type or None)


@prop("cf.range", X.REF, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="range"))
def cf_range(t: CfTarget, ctx) -> Observation | None:
    """The range the rule applies to (sqref; several areas space-separated)."""
    return _obs(t.rule.range or None)


@prop("cf.operator", T.EnumType("cf_operator"), kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="operator"))
def cf_operator(t: CfTarget, ctx) -> Observation | None:
    """The rule's operator (greaterThan 大于, between 介于 …), or top/bottom, above/below,
    duplicate/unique, the time period."""
    return _obs(t.rule.operator)


@prop("cf.formula", X.ORDERED, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="cf_formula", formula="cf.formula"))
def cf_formula(t: CfTarget, ctx) -> Observation | None:
    """The rule's formulas or criteria values, in order (60 | 90)."""
    return _obs([f.strip().lstrip("=") for f in t.rule.formulas])


@prop("cf.text", T.TEXT, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      typed_text=True,
      plan=Plan("rule", mistake="text"))
def cf_text(t: CfTarget, ctx) -> Observation | None:
    """The text of a containsText/beginsWith/endsWith rule."""
    return _obs(t.rule.text)


@prop("cf.rank", T.INTEGER, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="rank"))
def cf_rank(t: CfTarget, ctx) -> Observation | None:
    """N of a top/bottom N rule."""
    return _obs(t.rule.rank)


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


@prop("cf.font.color", T.COLOR, kinds=CF,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("条件格式",)),
      plan=Plan("rule", mistake="color"))
def cf_font_color(t: CfTarget, ctx) -> Observation | None:
    """Font color the rule sets."""
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None or dxf.font.color is None:
        return None
    return _obs(t.doc.styles.resolve(dxf.font.color))


@prop("cf.font.bold", T.BOOL, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="bold"))
def cf_font_bold(t: CfTarget, ctx) -> Observation | None:
    """Whether the rule makes the font bold."""
    dxf = t.rule.dxf
    if dxf is None or dxf.font is None:
        return Observation(False, "default")
    return Observation(dxf.font.bold, "direct")


@prop("cf.colors", X.TEXT_LIST, kinds=CF,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("条件格式",)),
      plan=Plan("rule", mistake="cf_formula", formula="cf.formula"))
def cf_colors(t: CfTarget, ctx) -> Observation | None:
    """Color scale or data bar colors as RGB hex, in order."""
    return _obs([t.doc.styles.resolve(c) or "" for c in t.rule.colors])


@prop("cf.icon_set", T.TEXT, kinds=CF,
      draft=Drafting(called=("条件格式",)),
      plan=Plan("rule", mistake="cf_formula", formula="cf.formula"))
def cf_icon_set(t: CfTarget, ctx) -> Observation | None:
    """The icon set (3TrafficLights1, 3Arrows …)."""
    return _obs(t.rule.icon_set)


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


# ------------------------------------------------------------------ validations
@prop("validation.type", T.EnumType("validation_type"), kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      implied_by="type",
      plan=Plan("rule"))
def validation_type(t: ValidationTarget, ctx) -> Observation | None:
    """Validation type: list 序列, whole 整数, decimal 小数, date, time, textLength,
    custom, any."""
    return _obs(t.rule.type)


@prop("validation.range", X.REF, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="range"))
def validation_range(t: ValidationTarget, ctx) -> Observation | None:
    """The cells the rule applies to."""
    return _obs(t.rule.range or None)


@prop("validation.list", X.TEXT_LIST, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="validation_formula", formula="validation.formula"))
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


@prop("validation.formula", X.FORMULA, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="validation_formula", formula="validation.formula"))
def validation_formula(t: ValidationTarget, ctx) -> Observation | None:
    """The rule's first formula or limit (formula1)."""
    return _obs(t.rule.formula1)


@prop("validation.formula2", X.FORMULA, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="validation_formula", formula="validation.formula"))
def validation_formula2(t: ValidationTarget, ctx) -> Observation | None:
    """The rule's second limit (formula2, for between)."""
    return _obs(t.rule.formula2)


@prop("validation.operator", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="operator"))
def validation_operator(t: ValidationTarget, ctx) -> Observation | None:
    """The comparison operator (between when not set)."""
    return _obs(t.rule.operator) if t.rule.operator else Observation("between", "default")


@prop("validation.list.ordered", X.ORDERED, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=reordered))
def validation_list_ordered(t: ValidationTarget, ctx) -> Observation | None:
    """Items a list rule offers, in the order the drop-down shows them (equal only in that
    order; validation.list compares them as a set)."""
    return validation_list(t, ctx)


# The input message (输入信息) and error alert (出错警告) tabs of the data validation dialog.
def _shown(v: bool) -> Observation:
    return Observation(True, "direct") if v else Observation(False, "default")


@prop("validation.input.show", T.BOOL, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=flipped))
def validation_input_show(t: ValidationTarget, ctx) -> Observation | None:
    """Whether the input message is shown when a cell is selected (选定单元格时显示输入信息;
    showInputMessage, off when absent)."""
    return _shown(t.rule.show_input)


@prop("validation.input.title", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      typed_text=True,
      plan=Plan("setting", mistake=mistyped))
def validation_input_title(t: ValidationTarget, ctx) -> Observation | None:
    """Title of the input message (输入信息 / 标题; promptTitle); no value when none is
    written."""
    return _obs(t.rule.prompt_title or None)


@prop("validation.input.message", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=mistyped))
def validation_input_message(t: ValidationTarget, ctx) -> Observation | None:
    """Text of the input message (输入信息; prompt); no value when none is written."""
    return _obs(t.rule.prompt or None)


@prop("validation.error.show", T.BOOL, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=flipped))
def validation_error_show(t: ValidationTarget, ctx) -> Observation | None:
    """Whether an error alert is shown after invalid data is entered (输入无效数据时显示出错
    警告; showErrorMessage, off when absent: without it Excel accepts any entry)."""
    return _shown(t.rule.show_error)


@prop("validation.error.style", T.EnumType("validation_error_style"), kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=cycled("stop", "warning", "information")))
def validation_error_style(t: ValidationTarget, ctx) -> Observation | None:
    """Style of the error alert: stop 停止 (the default), warning 警告, information 信息
    (errorStyle)."""
    style = t.rule.error_style
    if style in ("stop", "warning", "information"):
        return Observation(style, "direct")
    return Observation("stop", "default")


@prop("validation.error.title", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      typed_text=True,
      plan=Plan("setting", mistake=mistyped))
def validation_error_title(t: ValidationTarget, ctx) -> Observation | None:
    """Title of the error alert (出错警告 / 标题; errorTitle); no value when none is
    written."""
    return _obs(t.rule.error_title or None)


@prop("validation.error.message", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=mistyped))
def validation_error_message(t: ValidationTarget, ctx) -> Observation | None:
    """Text of the error alert (错误信息; error); no value when none is written."""
    return _obs(t.rule.error or None)
