"""A chart deleted from its sheet (the audit's deletion mutant): its drawing's anchor
removed. The chart's properties are written where they are declared
(``officeeval.excel.resolve_objects``)."""

from __future__ import annotations

from officeeval.excel.resolve_objects import anchor_of
from officeeval.properties.writing import Session
from officeeval.targets import Target


def delete_chart(session: Session, t: Target) -> str:
    """Remove chart target ``t``'s drawing anchor; ``NotApplicable`` when it is not
    found."""
    anchor = anchor_of(session, t)
    anchor.getparent().remove(anchor)
    return "anchor removed"
