"""One ``<check>``: what it reads (``reads``), what it compares with (``expected``), the
targets it relates to (``relations``), and its own options: ``normalize=``, ``match=``,
``origin=`` with ``reason=``, ``points=``, ``source=``."""

from __future__ import annotations

import re

from lxml import etree

from officeeval.errors import RubricIssue
from officeeval.rubric.expected import comparison, find_comparator
from officeeval.rubric.issues import Place
from officeeval.rubric.model import Check
from officeeval.rubric.points import optional_points
from officeeval.rubric.reads import value_type
from officeeval.rubric.relations import relation

_NORMALIZE = frozenset({"space", "case", "width", "punct", "line_order", "blank_lines"})


def read_check(el: etree._Element, app: str, cid: str, issues: list[RubricIssue]) -> Check:
    """The ``<check>`` ``el`` of criterion ``cid`` in a rubric of ``app``, every problem
    added to ``issues`` (a field found invalid is ``None`` or as written)."""
    place = Place(el.sourceline, f"criterion {cid}", issues)
    normalize = _normalize(el.get("normalize"), place)
    op_name = el.get("op") or "equals"
    comparator = find_comparator(op_name, place)
    vtype = value_type(el, app, comparator, place)
    compared = comparison(el, comparator, vtype, place)
    match = _match(el.get("match"), place)
    prop_name = el.get("property")
    against, against_property = relation(el, app, prop_name, comparator, compared.vtype, place)
    origin, reason = el.get("origin"), el.get("reason")
    if origin == "reference" and not (reason or "").strip():
        place.report("origin=\"reference\" needs reason= (why a candidate must match the "
                     "model answer's own choice)")
    return Check(select=el.get("select"), property=prop_name,
                 op=comparator.name if comparator else op_name,
                 expected=el.get("expected"), expected_value=compared.expected_value,
                 expected_from=el.get("expected-from"), tolerance=el.get("tolerance"),
                 tolerance_value=compared.tolerance_value, match=match,
                 source=el.get("source") or "effective", normalize=normalize,
                 points=optional_points(el.get("points")), part=el.get("part"),
                 xpath=el.get("xpath"), line=place.line, threshold=compared.threshold,
                 against=against, against_property=against_property, origin=origin,
                 reason=reason)


def _normalize(text: str | None, place: Place) -> frozenset[str]:
    """``normalize=``'s options (comma-separated); unknown ones are reported and kept."""
    options = frozenset(x.strip() for x in (text or "").split(",") if x.strip())
    unknown = options - _NORMALIZE
    if unknown:
        place.report(f"unknown normalize option(s) {', '.join(sorted(unknown))}")
    return options


def _match(text: str | None, place: Place) -> str:
    """``match=`` without its spaces: all, any, none or count>=N (else reported)."""
    match = re.sub(r"\s+", "", text or "all")
    if match.startswith("count") and not re.fullmatch(r"count(>=|<=|>|<|=|==)\d+", match):
        place.report(f"match={match!r} must be all, any, none or count>=N")
    return match
