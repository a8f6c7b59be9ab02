"""Equivalent variants every format shares: the reference written by a writer that names its
parts and numbers its relationships differently. A careful examiner grades them the same, so
each must keep every criterion's points (a loss is a *false fail*).

Format-specific variants (formatting moved between direct and style levels, lengths rounded
as other writers round, colours as theme slots, runs split …) are in ``<app>_equiv``
modules; an app module exposes them as ``plan_equivalent(ctx)``.
"""

from __future__ import annotations


from officeeval.ooxml import repackage as RP
from officeeval.audit.mutators.base import Mutation, PlanContext


def equivalent(key: str, operator: str, description: str, apply) -> Mutation:
    """A ``Mutation`` of kind ``equivalent`` (graded on the whole rubric)."""
    return Mutation(key=f"equivalent|{key}", operator=f"equivalent:{operator}",
                    description=description, apply=apply, kind="equivalent")


def kept_names(ctx: PlanContext) -> set[str]:
    """Part names the rubric reads by name (the XPath escape hatch's ``part=``): renaming
    them would change what the rubric asks for, not how the document is written."""
    return {(k.part or "").lstrip("/").lower() for c in ctx.rubric.criteria for k in c.checks
            if k.part}


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    keep = kept_names(ctx)

    def renumber(ws, edit) -> None:
        edit.repackage = RP.renumber_relationships

    def rename(ws, edit) -> None:
        def run(members: dict[str, bytes]) -> dict[str, bytes]:
            return RP.rename_parts(members, RP.renamed_everything(members, keep))
        edit.repackage = run

    return [
        equivalent("renumbered", "relationship-ids", "every relationship id renumbered "
                   "(rId1 -> rId999 …) and each reference to it", renumber),
        equivalent("renamed", "part-names", "every part renamed (document.xml -> "
                   "document_r.xml …; relationships and content types follow)"
                   + (f"; kept for part= checks: {', '.join(sorted(keep))}" if keep else ""),
                   rename),
    ]
