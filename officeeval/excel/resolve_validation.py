"""Data validation rules: their type, range, operator, limits and list items, and the input
message and error alert of the data validation dialog; each resolver followed by its writer
(the ``dataValidation`` edited)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.rules import rule_attr, rule_el, write_range
from officeeval.excel.resolve_objects import cell_text_at, ref_cells
from officeeval.excel.targets import ValidationTarget
from officeeval.excel.validation import literal_items
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, cycled, flipped, mistyped, reordered
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import Session, Write, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

_S = f"{{{S}}}"
VALIDATION = "validation"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


def _obs(v, source: str = "direct") -> Observation | None:
    return Observation(v, source) if v is not None else None


def _formula(tag: str) -> Write:
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        f = el.find(_S + tag)
        if f is None:
            f = etree.SubElement(el, _S + tag)
        f.text = str(value).lstrip("=")
        return f"{tag}={f.text}"
    return write


def _flag(attr: str) -> Write:
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        if value:
            el.set(attr, "1")
        else:
            el.attrib.pop(attr, None)
        return f"{attr} {'on' if value else 'off'}"
    return write


@prop("validation.type", T.EnumType("validation_type"), kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      implied_by="type",
      plan=Plan("rule"))
def validation_type(t: ValidationTarget, ctx) -> Observation | None:
    """Validation type: list 序列, whole 整数, decimal 小数, date, time, textLength,
    custom, any."""
    return _obs(t.rule.type)


WRITERS.writer("validation.type")(rule_attr("type"))


@prop("validation.range", X.REF, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="range"))
def validation_range(t: ValidationTarget, ctx) -> Observation | None:
    """The cells the rule applies to."""
    return _obs(t.rule.range or None)


WRITERS.writer("validation.range")(write_range)


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


@WRITERS.writer("validation.list")
def write_validation_list(session: Session, target: Target, value: Any) -> str:
    """The items of a list rule, as a literal list (``"a,b,c"``)."""
    el = rule_el(session, target)
    el.set("type", "list")
    f = el.find(_S + "formula1")
    if f is None:
        f = etree.SubElement(el, _S + "formula1")
    f.text = '"' + ",".join(str(x) for x in value) + '"'
    return f"formula1={f.text}"


@prop("validation.formula", X.FORMULA, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="validation_formula", formula="validation.formula"))
def validation_formula(t: ValidationTarget, ctx) -> Observation | None:
    """The rule's first formula or limit (formula1)."""
    return _obs(t.rule.formula1)


WRITERS.writer("validation.formula")(_formula("formula1"))


@prop("validation.formula2", X.FORMULA, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="validation_formula", formula="validation.formula"))
def validation_formula2(t: ValidationTarget, ctx) -> Observation | None:
    """The rule's second limit (formula2, for between)."""
    return _obs(t.rule.formula2)


WRITERS.writer("validation.formula2")(_formula("formula2"))


@prop("validation.operator", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("rule", mistake="operator"))
def validation_operator(t: ValidationTarget, ctx) -> Observation | None:
    """The comparison operator (between when not set)."""
    return _obs(t.rule.operator) if t.rule.operator else Observation("between", "default")


WRITERS.writer("validation.operator")(rule_attr("operator"))


@prop("validation.list.ordered", X.ORDERED, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=reordered))
def validation_list_ordered(t: ValidationTarget, ctx) -> Observation | None:
    """Items a list rule offers, in the order the drop-down shows them (equal only in that
    order; validation.list compares them as a set)."""
    return validation_list(t, ctx)


@WRITERS.writer("validation.list.ordered")
def write_validation_list_ordered(session: Session, target: Target, value: Any) -> str:
    """The items in the order given, as a literal list."""
    return write_validation_list(session, target, value)


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


WRITERS.writer("validation.input.show")(_flag("showInputMessage"))


@prop("validation.input.title", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      typed_text=True,
      plan=Plan("setting", mistake=mistyped))
def validation_input_title(t: ValidationTarget, ctx) -> Observation | None:
    """Title of the input message (输入信息 / 标题; promptTitle); no value when none is
    written."""
    return _obs(t.rule.prompt_title or None)


WRITERS.writer("validation.input.title")(rule_attr("promptTitle"))


@prop("validation.input.message", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=mistyped))
def validation_input_message(t: ValidationTarget, ctx) -> Observation | None:
    """Text of the input message (输入信息; prompt); no value when none is written."""
    return _obs(t.rule.prompt or None)


WRITERS.writer("validation.input.message")(rule_attr("prompt"))


@prop("validation.error.show", T.BOOL, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=flipped))
def validation_error_show(t: ValidationTarget, ctx) -> Observation | None:
    """Whether an error alert is shown after invalid data is entered (输入无效数据时显示出错
    警告; showErrorMessage, off when absent: without it Excel accepts any entry)."""
    return _shown(t.rule.show_error)


WRITERS.writer("validation.error.show")(_flag("showErrorMessage"))


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


WRITERS.writer("validation.error.style")(rule_attr("errorStyle"))


@prop("validation.error.title", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      typed_text=True,
      plan=Plan("setting", mistake=mistyped))
def validation_error_title(t: ValidationTarget, ctx) -> Observation | None:
    """Title of the error alert (出错警告 / 标题; errorTitle); no value when none is
    written."""
    return _obs(t.rule.error_title or None)


WRITERS.writer("validation.error.title")(rule_attr("errorTitle"))


@prop("validation.error.message", T.TEXT, kinds=VALIDATION,
      draft=Drafting(called=("数据验证", "有效性")),
      plan=Plan("setting", mistake=mistyped))
def validation_error_message(t: ValidationTarget, ctx) -> Observation | None:
    """Text of the error alert (错误信息; error); no value when none is written."""
    return _obs(t.rule.error or None)


WRITERS.writer("validation.error.message")(rule_attr("error"))
