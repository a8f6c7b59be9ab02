"""The XML of a sheet's rules, for the writers of conditional formats and data validations
(and the audit's deletions): a rule target's element (``cfRule`` / ``dataValidation``), an
attribute of it, the range it applies to."""

from __future__ import annotations

import re
from typing import Any, Callable

from lxml import etree

from officeeval.excel.edit.cells import sheet_root
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session, Write
from officeeval.targets import Target

_S = f"{{{S}}}"
_CONTAINERS = {"conditional_format": ("conditionalFormatting", "cfRule", "formula"),
               "validation": ("dataValidations", "dataValidation", "formula1")}


def rule_el(session: Session, t: Target) -> etree._Element:
    """The base rule element (``cfRule`` / ``dataValidation``) of a rule target, in the
    view's order; extension (x14) rules are not edited (``NotApplicable``, as for a target
    that is not a rule)."""
    if t.kind not in _CONTAINERS:
        raise NotApplicable(f"not a rule: {t.kind}")
    container, item, _ = _CONTAINERS[t.kind]
    root = sheet_root(session, t.sheet)  # type: ignore[attr-defined]
    rules = [r for c in root.findall(_S + container) for r in c.findall(_S + item)]
    n = int(re.search(r"\[(\d+)\]$", t.locator).group(1))  # type: ignore[union-attr]
    if n - 1 >= len(rules):
        raise NotApplicable("an extension rule")
    return rules[n - 1]


def delete_rule(session: Session, t: Target) -> str:
    """The rule removed (its container too when it held no other)."""
    el = rule_el(session, t)
    parent = el.getparent()
    parent.remove(el)
    if not len(parent):
        parent.getparent().remove(parent)
    return f"{etree.QName(el).localname} removed"


def rule_attr(attr: str, fmt: Callable[[Any], str] = str) -> Write:
    """The writer setting the rule's ``attr`` to ``fmt(value)``."""
    def write(session: Session, target: Target, value: Any) -> str:
        el = rule_el(session, target)
        el.set(attr, fmt(value))
        return f"{attr}={el.get(attr)}"
    return write


def write_range(session: Session, target: Target, value: Any) -> str:
    """The range a rule applies to (``sqref``: a conditional format's on its
    ``conditionalFormatting``, a validation's on itself)."""
    el = rule_el(session, target)
    holder = el.getparent() if target.kind == "conditional_format" else el
    holder.set("sqref", str(value).replace("$", ""))
    return f"sqref={holder.get('sqref')}"
