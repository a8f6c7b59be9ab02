"""How a check's expected and actual values are said in a ScoreCard: in the rubric's own
terms (``22pt (二号)``, ``center (居中)``), lengths in the unit the literal used (``2.50cm``),
a mixed value as its tally (``mixed: 12pt ×3, 10.5pt (五号) ×1``)."""

from __future__ import annotations

from typing import Any

from officeeval.comparators.registry import Comparator, ComparatorKind
from officeeval.ooxml.units import literal_unit
from officeeval.properties.types import CompareContext, LengthType, TabStopsType, ValueType
from officeeval.rubric.model import Check
from officeeval.values import Observation


def display_type(check: Check, vtype: ValueType) -> ValueType:
    """VTYPE rendering values as the rubric wrote its expected literal: a length in the
    literal's unit (``2.5cm`` -> expected and actual shown in cm)."""
    if isinstance(vtype, (LengthType, TabStopsType)):
        return vtype.in_unit(literal_unit(check.expected))
    return vtype


def expected_display(check: Check, rendered: str) -> str:
    """The expected value, said once: the rendered value when it shows the author's literal
    (``22pt (二号)`` for 二号, ``center (居中)`` for 居中, ``#FF0000`` for FF0000) or is in
    its unit (``2.50cm`` for 2.5cm), else the literal with the normalized value when it reads
    differently (``红色 (#FF0000)``, ``是 (true)``)."""
    if check.expected is None:
        return rendered
    lit = check.expected.strip()
    if not lit or rendered in (lit, repr(lit)):
        return lit or rendered  # text is shown quoted only when the quotes tell something
    shown = rendered.casefold()
    if all(piece.strip().casefold() in shown for piece in lit.split("|")) or \
            literal_unit(lit) is not None:
        return rendered
    return f"{lit} ({rendered})"


def expected_text(check: Check, comparator: Comparator) -> str:
    """The expected value as the rubric gave it, when no value was rendered."""
    if check.expected is not None:
        return check.expected
    if check.expected_from:
        return f"(from {check.expected_from})"
    if check.against:
        return f"({comparator.name} {check.against})"
    if comparator.kind is ComparatorKind.INPUT:
        return "(as in input)"
    return comparator.name


def render_expected(comparator: Comparator, expected: Any, vtype: ValueType) -> str:
    return comparator.judge(None, expected, vtype, CompareContext()).expected


def render_observation(obs: Observation, vtype: ValueType) -> str:
    if obs.value is not None or not obs.parts:
        return vtype.render(obs.value)
    counts: dict[str, int] = {}
    for _, p in obs.parts:
        r = vtype.render(p.value)
        counts[r] = counts.get(r, 0) + 1
    return "mixed: " + ", ".join(f"{k} ×{n}" for k, n in counts.items())
