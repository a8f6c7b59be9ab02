"""Selector steps per app: an explicit table, duplicates rejected, every step documented.

A step maps one parent target to its children (``paragraph`` under a document, ``cell`` under
a table). ``parents`` lists the kinds it may follow (``None``: any), ``kind`` the kind it yields
(used to check that a property applies to what a selector selects).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from officeeval.selectors.grammar import Step
from officeeval.targets import Target

StepFn = Callable[[Target, Step], list[Target]]


@dataclass(frozen=True)
class StepSpec:
    name: str
    kind: str
    fn: StepFn
    doc: str
    parents: frozenset[str] | None = None
    min_args: int = 0
    max_args: int = 0
    # For steps whose yielded kind depends on the parent (e.g. Excel ranges), a map
    # parent-kind -> kind; falls back to ``kind``.
    kind_by_parent: tuple[tuple[str, str], ...] = ()

    def kind_after(self, parent_kind: str) -> str:
        return dict(self.kind_by_parent).get(parent_kind, self.kind)


_STEPS: dict[str, dict[str, StepSpec]] = {}
_loaded: set[str] = set()


def register(app: str, spec: StepSpec) -> None:
    """Add a step for ``app``; raises ``ValueError`` when the name is taken."""
    table = _STEPS.setdefault(app, {})
    if spec.name in table:
        raise ValueError(f"selector step {spec.name!r} registered twice for {app}")
    if not spec.doc.strip():
        raise ValueError(f"selector step {spec.name!r} has no documentation")
    table[spec.name] = spec


def steps(app: str) -> dict[str, StepSpec]:
    """The steps of ``app`` (loading its binding module on first use)."""
    if app not in _loaded:
        _loaded.add(app)
        name = f"officeeval.selectors.{app}"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return _STEPS.get(app, {})


ROOT_KIND = {"word": "document", "excel": "workbook", "ppt": "presentation"}
