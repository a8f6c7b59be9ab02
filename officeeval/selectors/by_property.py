"""Selecting by a property's effective value: ``run[font.italic=true]``,
``paragraph[paragraph.alignment='center']``, ``cell('B2:D9')[font.bold=true]``,
``paragraph[font.size>=14]``.

A property predicate (a dotted key) resolves the property on each candidate through the
same resolvers a check uses (effective values: styles, defaults, theme, layout, master) and
keeps the candidates whose value compares so with the literal, parsed for the property's
type: ``=`` is the ``equals`` comparator (lengths at the examiner's precision, colours as
RGB, enumerations in either language), ``!=`` its negation (a target without a value is
kept), ``^=`` / ``$=`` / ``*=`` / ``~=`` are ``starts_with`` / ``ends_with`` / ``contains``
/ ``matches`` and ``>`` ``>=`` ``<`` ``<=`` order. A value made of parts (a paragraph whose
runs differ) matches only when every part does. A candidate the property does not apply to
(or without a value) is left out.

Part of selection (it needs the catalog, as ``selectors/evaluate.py`` does).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from officeeval.cache import memo_value
from officeeval.comparators.registry import Comparator, get_comparator
from officeeval.errors import ValueParseError
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import CompareContext, ValueType
from officeeval.selectors.grammar import ORDERING_OPS, Predicate
from officeeval.targets import Target

# The comparator each predicate operator stands for.
COMPARATORS = {"=": "equals", "!=": "equals", "^=": "starts_with", "$=": "ends_with",
               "*=": "contains", "~=": "matches", ">": "greater", ">=": "greater_equal",
               "<": "less", "<=": "less_equal"}


def _catalog(app: str):
    from officeeval.catalog import catalog  # selection's own layer: built on first use
    return catalog(app)


def check_predicate(pred: Predicate, app: str, kind: str | None) -> str | None:
    """What is wrong with a property predicate for ``app`` on targets of ``kind`` (``None``:
    not known), for people; ``None`` when it is valid. Used by ``validate_selector``."""
    reg = _catalog(app)
    name = pred.key or ""
    pdef = reg.get(name)
    if pdef is None:
        hint = reg.suggest(name, app)
        return f"unknown property {name!r} in a predicate" + (
            f"; did you mean {hint!r}?" if hint else "")
    binding = pdef.bindings.get(app)
    if binding is None:
        return f"property {name!r} is not available for {app}"
    if kind is not None and kind not in binding.kinds:
        return (f"property {name} does not apply to {kind} targets (it applies to: "
                f"{', '.join(sorted(binding.kinds))})")
    vtype = pdef.type_for(app)
    if pred.op in ORDERING_OPS and not vtype.orderable:
        return f"{pred.op!r} orders values, and {name} is {vtype.name}, which has no order"
    try:
        _expected(name, app, pred.op, str(pred.value))
    except ValueParseError as exc:
        return f"[{name}{pred.op}…]: {pred.value!r} does not parse for {name}: {exc}"
    return None


@lru_cache(maxsize=1024)
def _expected(name: str, app: str, op: str, literal: str) -> tuple[Comparator, ValueType, Any]:
    """The comparator, value type and parsed literal of a predicate; raises
    ``ValueParseError`` (a rubric error) for a literal the type cannot read."""
    pdef = _catalog(app).get(name)
    assert pdef is not None
    vtype = pdef.type_for(app)
    comparator = get_comparator(COMPARATORS[op])
    assert comparator is not None
    return comparator, vtype, comparator.parse(literal, vtype)


def keeps(target: Target, pred: Predicate) -> bool:
    """Whether the property predicate keeps ``target``. Raises what the property's resolver
    raises (``UnverifiableValue``, ``UnevaluableDocument``): the check is then an
    ``eval_error`` or ``unevaluable``, never a wrong selection."""
    doc = target.doc
    pdef = _catalog(doc.app).get(pred.key or "")
    binding = pdef.bindings.get(doc.app) if pdef is not None else None
    if binding is None or target.kind not in binding.kinds:
        return pred.op == "!="
    try:
        comparator, vtype, expected = _expected(pred.key or "", doc.app, pred.op,
                                                str(pred.value))
    except ValueParseError:
        return False  # validate_selector reports it; a selection never raises for it
    obs = binding.fn(target, _resolve_context(doc))
    ctx = CompareContext(theme_color=getattr(doc, "theme_color", None))
    if obs is None:
        holds = False
    elif obs.parts and obs.value is None:
        holds = all(comparator.judge(p.value, expected, vtype, ctx).passed
                    for _, p in obs.parts)
    else:
        holds = comparator.judge(obs.value, expected, vtype, ctx).passed
    return not holds if pred.op == "!=" else holds


def _resolve_context(doc: Any) -> ResolveContext:
    # Effective values, with the options and backends the document was opened with (a
    # formula's value may need the recalculation backend).
    return memo_value(doc, "_officeeval_predicate_context", lambda: ResolveContext(
        options=getattr(doc, "options", None) or {},
        backends=getattr(doc, "backends", None) or ResolveContext().backends))
