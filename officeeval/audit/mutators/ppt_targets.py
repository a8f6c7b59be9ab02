"""Where a PowerPoint target lives for the mutators (its slide, the slide's number) and what
the reference shows for a check on some of its targets."""

from __future__ import annotations

from typing import Any

from officeeval.audit.mutators.base import PlanContext
from officeeval.ppt.edit import slides as PS
from officeeval.rubric.model import Check
from officeeval.targets import Target


SHAPE_KINDS = PS.SHAPE_KINDS


def slide_sheet(t: Target):
    """The slide a target lives on (``None`` for the presentation, layouts, masters)."""
    if t.kind == "slide":
        return t.sheet  # type: ignore[attr-defined]
    s = getattr(t, "slide", None)
    if s is not None:
        return s.sheet
    shape = getattr(t, "shape", None)
    if shape is not None and shape.sheet.kind == "slide":
        return shape.sheet
    return None


def slide_number(t: Target) -> int | None:
    sheet = slide_sheet(t)
    if sheet is None:
        return None
    for i, s in enumerate(t.doc.slide_sheets, start=1):  # type: ignore[attr-defined]
        if s is sheet:
            return i
    return None


def reference_values(ctx: PlanContext, check: Check, targets: list[Target], idx: list[int],
            prop: str | None = None) -> list[list[Any]]:
    return [ctx.values(check, targets, [i], prop) for i in idx]
