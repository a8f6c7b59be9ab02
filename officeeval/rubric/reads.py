"""What a check reads: the targets its selector selects (``select=``) and the value it reads
on each (``property=``, or the escape hatch ``part=`` + ``xpath=``), down to the type of that
value, the type its expected value is parsed as."""

from __future__ import annotations

from lxml import etree

from officeeval import apps
from officeeval.catalog import catalog
from officeeval.comparators.registry import Comparator, ComparatorKind
from officeeval.ooxml.ns import NSMAP
from officeeval.properties.types import BOOL, INTEGER, NUMBER, TEXT, ValueType
from officeeval.rubric.issues import Place, did_you_mean
from officeeval.selectors import validate_selector

_PROBE = etree.Element("probe")


def selector_kind(text: str, app: str, attribute: str, place: Place) -> str | None:
    """Validate the selector ``text`` of the check's ``attribute`` (``select``,
    ``against``) for ``app``, reporting each problem with its column. Returns the kind of
    target it selects; ``None`` when that is unknown or ``app`` is no application (the
    schema reports that)."""
    if app not in apps.APPS:
        return None
    problems, kind = validate_selector(text, app)
    for col, msg in problems:
        place.report(f"{attribute}={text!r}: {msg}", col)
    return kind


def value_type(el: etree._Element, app: str, comparator: Comparator | None,
               place: Place) -> ValueType | None:
    """The type of the value the ``<check>`` ``el`` reads, its problems reported. ``None``
    when it reads no value (a check that judges the selection itself) or reads a property
    that is unknown or not available for ``app``."""
    select, prop_name = el.get("select"), el.get("property")
    part, xpath = el.get("part"), el.get("xpath")
    kind = selector_kind(select, app, "select", place) if select is not None else None
    if xpath is not None or part is not None:
        return _escape_hatch(part, xpath, prop_name, place)
    if prop_name == "count":
        return INTEGER  # the number of selected targets, for any selector
    if prop_name:
        return _property_type(prop_name, app, select, kind, place)
    if comparator is None or comparator.kind not in (ComparatorKind.COUNT,
                                                     ComparatorKind.PRESENCE):
        place.report("a check needs a property (or part+xpath); only op=\"count\", "
                     "\"exists\" and \"absent\" (which judge the selection itself) may omit it")
    return None


def _escape_hatch(part: str | None, xpath: str | None, prop_name: str | None,
                  place: Place) -> ValueType:
    """``part=`` + ``xpath=`` instead of a property: both given, the XPath compiles."""
    if prop_name:
        place.report("give either property or part+xpath")
    if not (xpath and part):
        place.report("the XPath escape hatch needs both part and xpath")
    else:
        try:
            etree.XPath(xpath, namespaces=NSMAP)
        except etree.XPathSyntaxError as exc:
            place.report(f"bad xpath {xpath!r}: {exc}")
    return xpath_value_type(xpath)


def _property_type(prop_name: str, app: str, select: str | None, kind: str | None,
                   place: Place) -> ValueType | None:
    """The type of property ``prop_name`` in ``app``; ``None`` when the catalog has no
    such property or ``app`` does not have it (reported, with the closest name). A
    property that does not apply to the kind of target selected is reported too."""
    reg = catalog(app)
    pdef = reg.get(prop_name)
    if pdef is None:
        place.report(f"unknown property {prop_name!r}"
                     + did_you_mean(reg.suggest(prop_name, app)))
        return None
    if app in apps.APPS and app not in pdef.bindings:
        place.report(f"property {prop_name!r} is not available for {app}"
                     + did_you_mean(reg.suggest(prop_name, app)))
        return None
    vtype = pdef.type_for(app)
    binding = pdef.bindings.get(app)
    if kind is None and select is None and binding is not None:
        kind = apps.app(app).root_kind  # no select=: the check reads the document itself
    if binding is not None and kind is not None and kind not in binding.kinds:
        place.report(f"property {prop_name} does not apply to {kind} targets (it applies "
                     f"to: {', '.join(sorted(binding.kinds))})")
    return vtype


def xpath_value_type(xpath: str | None) -> ValueType:
    """The value type of an XPath escape hatch's result. XPath 1.0 types are static: a
    number (``count(//w:tbl)``, ``sum(…)``, arithmetic) is a number, a boolean
    (``boolean(…)``, ``not(…)``, a comparison) a boolean, a node-set or string text. Found by
    evaluating the expression once on an empty element; text when that cannot be done."""
    if not xpath:
        return TEXT
    try:
        result = etree.XPath(xpath, namespaces=NSMAP)(_PROBE)
    except (etree.XPathError, TypeError, ValueError):
        return TEXT
    if isinstance(result, bool):
        return BOOL
    if isinstance(result, float):
        return NUMBER
    return TEXT
