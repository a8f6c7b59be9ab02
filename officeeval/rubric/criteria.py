"""One ``<criterion>``: its points, how its checks score (``scoring=``) and the points
they share, its description and the instruction steps it grades."""

from __future__ import annotations

from lxml import etree

from officeeval.errors import RubricIssue
from officeeval.rubric.checks import read_check
from officeeval.rubric.elements import local_name
from officeeval.rubric.issues import Place
from officeeval.rubric.model import Check, Criterion
from officeeval.rubric.points import parse_points


def read_criterion(el: etree._Element, app: str, issues: list[RubricIssue]) -> Criterion:
    """The ``<criterion>`` ``el`` of a rubric of ``app``, every problem (its own and its
    checks') added to ``issues``."""
    cid = el.get("id") or ""
    points = parse_points(el.get("points"), 0.0, el.sourceline, f"criterion {cid} points",
                          issues)
    scoring = el.get("scoring") or "all"
    description = ""
    checks: list[Check] = []
    for child in el:
        tag = local_name(child)
        if tag == "description":
            description = (child.text or "").strip()
        elif tag == "check":
            checks.append(read_check(child, app, cid, issues))
    _check_points_agree(scoring, points, checks, Place(el.sourceline, f"criterion {cid}",
                                                       issues))
    step = ",".join(x.strip() for x in (el.get("step") or "").split(",") if x.strip())
    return Criterion(cid, el.get("skill") or "", points, tuple(checks), scoring, description,
                     el.sourceline, step)


def _check_points_agree(scoring: str, points: float, checks: list[Check],
                        place: Place) -> None:
    """Checks have points of their own only when the criterion scores them one by one
    (``scoring="partial"``): then on every check, summing to the criterion's."""
    if scoring == "partial":
        given = [c.points for c in checks if c.points is not None]
        if given and len(given) != len(checks):
            place.report("give points on every check or on none")
        elif given and abs(sum(given) - points) > 1e-9:
            place.report(f"check points sum to {sum(given):g}, criterion has {points:g}")
    elif any(c.points is not None for c in checks):
        place.report("check points only apply with scoring=\"partial\"")
