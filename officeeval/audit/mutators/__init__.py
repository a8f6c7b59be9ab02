"""Mutators: per app, the policy that derives mutants of a reference for each check of a
rubric. The edits themselves are the formats' writers (``officeeval.<app>.edit``, called by
property name through the catalog) and their named edits (deleting a target, a table as a
text box, the equivalent rewrites); nothing here names a schema element.

An app module (``word``, ``excel``, ``ppt``) provides ``plan_check(ctx, check) ->
(mutations, note)`` (breaking mutants for one check, and why there are none when there are
none; the shared preamble is ``plan.plan_check``), ``plan_neutral(ctx) -> mutations`` (edits
no check should notice) and ``plan_equivalent(ctx) -> mutations`` (the reference written
another way a careful examiner grades the same: every criterion must keep its points).
Format-neutral ones come from ``neutral.py`` and ``equivalent.py``. Adding a format is one
module with those functions, listed in ``POLICIES``.
"""

from __future__ import annotations

from types import ModuleType

from officeeval import apps
from officeeval.audit.mutators import excel, ppt, word
from officeeval.audit.mutators.base import Mutation, PlanContext

__all__ = ["Mutation", "POLICIES", "PlanContext", "for_app"]

POLICIES: dict[str, ModuleType] = {"word": word, "excel": excel, "ppt": ppt}


def for_app(app: str) -> ModuleType:
    """The mutator policy of ``app``; raises ``KeyError`` (naming the known apps) for an
    app without one."""
    return apps.by_app(POLICIES, app)
