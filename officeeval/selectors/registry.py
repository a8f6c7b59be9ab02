"""Selector steps: an explicit table per app (``StepTable``, listed by the app's
``AppSpec``), duplicates rejected, every step documented.

A step maps one parent target to its children (``paragraph`` under a document, ``cell`` under
a table). ``parents`` lists the kinds it may follow (``None``: any), ``kind`` the kind it yields
(used to check that a property applies to what a selector selects).
"""

from __future__ import annotations

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


class StepTable(dict):
    """The steps of one app by name (a ``dict[str, StepSpec]``); raises ``ValueError`` for
    a name given twice or a step without documentation."""

    def __init__(self, app: str, specs: list[StepSpec] | tuple[StepSpec, ...] = ()) -> None:
        super().__init__()
        self.app = app
        # Optional: ``planner(doc, selector_texts)`` told before grading which selectors a
        # rubric will evaluate, so the app's view can read what they need in one pass
        # (Excel: one stream per large sheet). It must read nothing a selection would not.
        self.planner: Callable[[Target, list[str]], None] | None = None
        for spec in specs:
            self.add(spec)

    def add(self, spec: StepSpec) -> StepSpec:
        if spec.name in self:
            raise ValueError(f"selector step {spec.name!r} registered twice for {self.app}")
        if not spec.doc.strip():
            raise ValueError(f"selector step {spec.name!r} has no documentation")
        self[spec.name] = spec
        return spec
