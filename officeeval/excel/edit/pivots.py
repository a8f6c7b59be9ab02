"""The XML of a pivot table, for the writers of its properties and the audit's deletion: its
part reached from a target, the relationship that shows it on its sheet."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.editing import rels_part
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target


def pivot_root(session: Session, t: Target) -> etree._Element:
    """The root of the pivot table's part, marked as changed; ``NotApplicable`` when the
    target is not a pivot table or its part is not known."""
    part = getattr(t.pivot, "part", None) if t.kind == "pivot" else None  # type: ignore
    if not part:
        raise NotApplicable("the pivot's part is not known")
    return session.part(part)


def delete_pivot(session: Session, t: Target) -> str:
    """The pivot table's relationship from its sheet dropped (the pivot is gone)."""
    if t.kind != "pivot":
        raise NotApplicable(f"not a pivot: {t.kind}")
    part = getattr(t.pivot, "part", None)  # type: ignore[attr-defined]
    if not part:
        raise NotApplicable("the pivot's part is not known")
    rels = session.part(rels_part(t.sheet.part))  # type: ignore[attr-defined]
    for rel in list(rels):
        if (rel.get("Type") or "").endswith("/pivotTable") and \
                part.rsplit("/", 1)[-1] == (rel.get("Target") or "").rsplit("/", 1)[-1]:
            rels.remove(rel)
            return "pivot relationship removed"
    raise NotApplicable("no pivot relationship")
