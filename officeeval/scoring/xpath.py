"""The raw XPath escape hatch (``part`` + ``xpath``): the expression evaluated on one part
of the graded document, its result compared as the loader typed the expected value."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.comparators.registry import Comparator
from officeeval.ooxml.ns import NSMAP
from officeeval.properties.types import BOOL, NUMBER, TEXT, CompareContext, ValueType
from officeeval.rubric.model import Check
from officeeval.scoring.outcomes import CriterionStatus as S
from officeeval.scoring.run import CheckRun
from officeeval.scoring.scorecard import CheckResult
from officeeval.scoring.verdicts import VERDICTS, value_verdict
from officeeval.values import Observation


def judge_xpath(check: Check, comparator: Comparator, doc: Any, base: dict) -> CheckResult:
    """The raw XPath escape hatch (``part`` + ``xpath``), typed as the loader typed the
    expected value (``rubric.reads.xpath_value_type``): a number is compared as a number
    (``count(//w:tbl) >= 1``), a boolean as a boolean, a node-set as its text."""
    pkg = doc.package
    if not pkg.has_part(check.part or ""):
        absent = comparator.name == "absent"
        return CheckResult(**base, expected=check.expected or "", actual="(no such part)",
                           source="", passed=absent,
                           status=S.PASS if absent else S.NOT_FOUND,
                           detail=f"part {check.part} is missing")
    result = etree.XPath(check.xpath or "", namespaces=NSMAP)(pkg.xml(check.part or ""))
    value: Any
    vtype: ValueType = TEXT
    if isinstance(result, list):
        value = "".join(r if isinstance(r, str) else "".join(r.itertext())
                        for r in result) if result else None
    elif isinstance(result, bool):
        value, vtype = result, BOOL
    elif isinstance(result, float):
        value, vtype = (result if result == result else None), NUMBER  # NaN: no value
    else:
        value = str(result)
    obs = Observation(value, "direct") if value is not None else None
    run = CheckRun(check, comparator, None, base, vtype, [],  # type: ignore[arg-type]
                   CompareContext(check.tolerance_value, check.normalize,
                                  getattr(doc, "theme_color", None), check.threshold))
    v = VERDICTS.get(comparator.kind, value_verdict)(run, obs, check.expected_value)
    status = S.PASS if v.passed else (S.NOT_FOUND if obs is None else S.FAIL)
    return CheckResult(**base, expected=v.expected, actual=v.actual, source="direct",
                       passed=v.passed, status=status, detail=v.explanation)
