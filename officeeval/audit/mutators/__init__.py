"""Mutators: per app, how to derive mutants of a reference for each check of a rubric.

An app module (``officeeval.audit.mutators.<app>``) provides
``plan_check(ctx, check) -> (mutations, note)`` (breaking mutants for one check, and why
there are none when there are none), ``plan_neutral(ctx) -> mutations`` (edits no check
should notice) and optionally ``plan_equivalent(ctx) -> mutations`` (the reference written
another way a careful examiner grades the same: every criterion must keep its points).
Format-neutral ones come from ``neutral.py`` and ``equivalent.py``. Adding a format is one
module with those functions.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from officeeval.audit.mutators.base import Mutation, PlanContext

__all__ = ["Mutation", "PlanContext", "for_app"]

_MODULES = {"word": "officeeval.audit.mutators.word",
            "excel": "officeeval.audit.mutators.excel",
            "ppt": "officeeval.audit.mutators.ppt"}


def for_app(app: str) -> ModuleType | None:
    """The mutator module of ``app``; ``None`` when that app has none (yet)."""
    name = _MODULES.get(app)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
