"""A check being judged on one graded document (``CheckRun``), and what judging a check
needs on every graded document, worked out once per check (``CheckPlan``).

The plan is kept on the check itself (``cache.memo_value``): it lives and dies with the
rubric, and no table of this module grows at run time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from officeeval.cache import memo_value
from officeeval.catalog import catalog
from officeeval.comparators import get_comparator
from officeeval.comparators.registry import Comparator, Verdict, render_expected
from officeeval.properties.types import INTEGER, TEXT, CompareContext, ValueType
from officeeval.rubric.model import Check
from officeeval.scoring.display import display_type, expected_display
from officeeval.scoring.grading import Grading
from officeeval.scoring.outcomes import EvalError
from officeeval.scoring.scorecard import CheckResult
from officeeval.targets import Target
from officeeval.values import Observation

_PLAN = "_officeeval_check_plan"


class CheckPlan:
    """A check's comparator (``None`` when unknown), the fields every result of it starts
    with (shared: callers copy them, ``CheckResult(**base, …)``), and per application its
    ``Typed``. Pure functions of the check, the comparators and the catalog."""

    def __init__(self, check: Check) -> None:
        self.check = check
        self.comparator: Comparator | None = get_comparator(check.op)
        self.base = dict(select=check.select, property=check.property or
                         (f"xpath:{check.xpath}" if check.xpath else None), op=check.op,
                         line=check.line)
        self._typed: dict[str, Typed] = {}

    def typed(self, app: str) -> "Typed":
        """The check's ``Typed`` for ``app``; raises ``EvalError`` for an unknown property
        (nothing kept then)."""
        got = self._typed.get(app)
        if got is None:
            got = self._typed[app] = Typed(self.check,
                                           display_type(self.check, value_type(self.check,
                                                                               app)))
        return got


def plan_of(check: Check) -> CheckPlan:
    """The check's plan, kept on it. An unknown comparator is looked up again each time
    (one may be registered meanwhile)."""
    plan = memo_value(check, _PLAN, lambda: CheckPlan(check))
    if plan.comparator is None:
        plan.comparator = get_comparator(check.op)
    return plan


@dataclass
class Typed:
    """A check's display type for one application, its own expected literal rendered, and
    how rendered values are said (``expected_display``)."""

    check: Check
    vtype: ValueType
    rendered: str | None = None
    shown: dict[str, str] = field(default_factory=dict)

    def display(self, rendered: str) -> str:
        """``expected_display(check, rendered)``, remembered (a few values per check)."""
        got = self.shown.get(rendered)
        if got is None:
            got = expected_display(self.check, rendered)
            if len(self.shown) < 64:
                self.shown[rendered] = got
        return got


def value_type(check: Check, app: str) -> ValueType:
    """The type of the check's values in ``app``; raises ``EvalError`` for an unknown
    property."""
    if check.property == "count":
        return INTEGER
    if not check.property:
        return TEXT
    pdef = catalog(app).get(check.property)
    if pdef is None:
        raise EvalError(f"unknown property {check.property!r}")
    return pdef.type_for(app)


@dataclass
class CheckRun:
    """One check being judged on one graded document (``grading`` is ``None`` for a raw
    XPath check, which resolves nothing)."""

    check: Check
    comparator: Comparator
    grading: Grading
    base: dict
    vtype: ValueType            # rendering as the rubric wrote its literal
    targets: list[Target]
    ctx: CompareContext
    typed: Typed | None = field(default=None, repr=False)
    _rendered: tuple[Any, str] | None = field(default=None, repr=False)

    def judge(self, actual: Any, expected: Any) -> Verdict:
        """The comparator's verdict, the expected value rendered once per value (a check
        judges every target against the same one; its own literal once per check)."""
        r = self._rendered
        if r is None or r[0] is not expected:
            t = self.typed
            if t is not None and expected is self.check.expected_value:
                if t.rendered is None:
                    t.rendered = render_expected(expected, self.vtype)
                r = self._rendered = (expected, t.rendered)
            else:
                r = self._rendered = (expected, render_expected(expected, self.vtype))
        return self.comparator.judge(actual, expected, self.vtype, self.ctx, r[1])

    def said(self, expected: Any, rendered: str) -> None:
        """Judge against ``expected`` rendered as ``rendered`` (said once elsewhere: a kept
        document's value, ``KeptMemo.said``) until another expected value comes."""
        self._rendered = (expected, rendered)

    def forget_said(self) -> None:
        """Render the next expected value afresh (one made again for each pair)."""
        self._rendered = None

    def observed(self) -> list[Observation | None] | None:
        """Every target's observation, resolved together (``Grading.resolve_all``);
        ``None`` when one of them raises: the caller then resolves target by target,
        interleaved with its other steps as before, so the check fails with the same error
        it always did."""
        try:
            return self.grading.resolve_all(self.check, self.targets)
        except Exception:  # noqa: BLE001 - raised again, in its place, by the one-by-one loop
            return None

    def result(self, **fields: Any) -> CheckResult:
        return CheckResult(**self.base, **fields)

    def display(self, rendered: str) -> str:
        """The expected value as a card says it (``expected_display``)."""
        t = self.typed
        return t.display(rendered) if t is not None else expected_display(self.check, rendered)
