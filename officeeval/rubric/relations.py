"""A check's relation: ``against=`` selects targets of the graded document itself, whose
property (the check's own, or ``against-property=``) is the expected value ("larger than
the other cover lines", "below the table")."""

from __future__ import annotations

from lxml import etree

from officeeval import apps
from officeeval.catalog import catalog
from officeeval.comparators.registry import Comparator
from officeeval.properties.types import ValueType
from officeeval.rubric.issues import Place
from officeeval.rubric.reads import selector_kind

# Comparators a relation (``against=``) can use: one value against another.
RELATIONS = frozenset({"equals", "not_equals", "approx", "greater", "greater_equal", "less",
                       "less_equal"})


def relation(el: etree._Element, app: str, prop_name: str | None,
             comparator: Comparator | None, vtype: ValueType | None,
             place: Place) -> tuple[str | None, str | None]:
    """``(against, against_property)`` of the ``<check>`` ``el`` (``None`` when not
    given), checked: a selector of this app, a comparator that relates two values, no
    expected value beside it, and an other property of the same type that applies to what
    the selector selects."""
    against, other = el.get("against"), el.get("against-property")
    if against is None:
        if other is not None:
            place.report("against-property= needs against=")
        return None, None
    _relation_alone(el, prop_name, comparator, place)
    kind = selector_kind(against, app, "against", place)
    if other is not None and app in apps.APPS:
        _other_property(other, app, prop_name, kind, vtype, place)
    elif prop_name and app in apps.APPS and kind is not None:
        pdef = catalog(app).get(prop_name)
        binding = pdef.bindings.get(app) if pdef is not None else None
        if binding is not None and kind not in binding.kinds:
            place.report(f"property {prop_name} does not apply to {kind} targets "
                         f"(against={against!r})")
    return against, other


def _relation_alone(el: etree._Element, prop_name: str | None,
                    comparator: Comparator | None, place: Place) -> None:
    """A relation compares one property of two selections, and is the only expected
    value."""
    if comparator is not None and comparator.name not in RELATIONS:
        place.report(f"against= relates two values: op must be one of "
                     f"{', '.join(sorted(RELATIONS))}")
    if el.get("expected") is not None or el.get("expected-from") is not None:
        place.report("against= is the expected value; give no expected= or expected-from= "
                     "beside it")
    if not prop_name or prop_name == "count":
        place.report("against= compares a property of two selections; give property=")


def _other_property(other: str, app: str, prop_name: str | None, kind: str | None,
                    vtype: ValueType | None, place: Place) -> None:
    """``against-property=``: a property of ``app``, applying to the ``kind`` of target
    ``against=`` selects, of the same type as the check's own."""
    pdef = catalog(app).get(other)
    if pdef is None or app not in pdef.bindings:
        place.report(f"against-property={other!r} is not a {app} property")
        return
    if kind is not None and kind not in pdef.bindings[app].kinds:
        place.report(f"against-property {other} does not apply to {kind} targets")
    if vtype is not None and pdef.type_for(app).name != vtype.name:
        place.report(f"against-property {other} is {pdef.type_for(app).name}, {prop_name} is "
                     f"{vtype.name}: they cannot be compared")
