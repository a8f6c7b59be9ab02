"""More PowerPoint mutants, planned from what the reference shows and written by
PowerPoint's writers: text typos (and forbidden text), shapes moved or resized or renamed,
another layout, background, slide size or theme value, hidden slides, table rows or columns
removed or another table style, a native table turned into a text box, presentation
settings (loop, show type, sections, slide count), header/footer placeholders removed,
transitions and animations, SmartArt and charts on slides.

This module holds the table of planners by kind: a PowerPoint definition names the kinds
that plan its mistakes, with their options (``plan=Plan("placeholder_visible", ph="ftr")``
in ``officeeval/ppt/resolvers_*.py``), and ``ppt._value`` calls them in the order declared.
The planners live in ``ppt_shapes``, ``ppt_slides`` and ``ppt_motion``."""

from __future__ import annotations

from typing import Callable

from officeeval.audit.mutators.base import Mutation
from officeeval.audit.mutators.ppt_motion import (
    plan_animation, plan_animation_detail, plan_transition,
)
from officeeval.audit.mutators.ppt_shapes import (
    plan_box, plan_region, plan_shape_name, plan_smartart, plan_table, plan_table_style,
    plan_text,
)
from officeeval.audit.mutators.ppt_slides import (
    plan_background, plan_hidden, plan_layout, plan_placeholder_visible, plan_presentation,
    plan_slide_section, plan_slide_size, plan_theme,
)

# A planner of a kind: ``(ctx, check, targets, **options)``, the options its Plan gives.
KindPlanner = Callable[..., "list[Mutation]"]

PLANNERS: dict[str, KindPlanner] = {
    "shape_name": plan_shape_name,
    "table_style": plan_table_style,
    "presentation": plan_presentation,
    "slide_section": plan_slide_section,
    "placeholder_visible": plan_placeholder_visible,
    "animation_detail": plan_animation_detail,
    "smartart": plan_smartart,
    "text": plan_text,
    "transition": plan_transition,
    "animation": plan_animation,
    "box": plan_box,
    "region": plan_region,
    "layout": plan_layout,
    "background": plan_background,
    "slide_size": plan_slide_size,
    "hidden": plan_hidden,
    "table": plan_table,
    "theme": plan_theme,
}
