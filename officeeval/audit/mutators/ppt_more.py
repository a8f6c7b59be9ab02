"""More PowerPoint mutants, planned from what the reference shows and written by
PowerPoint's writers: text typos (and forbidden text), shapes moved or resized or renamed,
another layout, background, slide size or theme value, hidden slides, table rows or columns
removed or another table style, a native table turned into a text box, presentation
settings (loop, show type, sections, slide count), header/footer placeholders removed,
transitions and animations, SmartArt and charts on slides.

This module holds the tables (property -> planner); the planners live in ``ppt_shapes``,
``ppt_slides`` and ``ppt_motion``."""

from __future__ import annotations

from officeeval.audit.mutators.base import Planner
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


PLANNERS: dict[str, Planner] = {
    "shape.name": plan_shape_name,
    "table.style": plan_table_style,
    "presentation.loop": plan_presentation, "presentation.show_type": plan_presentation,
    "section.names": plan_presentation, "slide.count": plan_presentation,
    "presentation.show.custom_show": plan_presentation,
    "slide.section": plan_slide_section,
    "slide.footer.visible": plan_placeholder_visible("ftr"),
    "slide.number.visible": plan_placeholder_visible("sldNum"),
    "slide.date.visible": plan_placeholder_visible("dt"),
    **{p: plan_animation_detail for p in ("animation.class", "animation.direction",
                                           "animation.duration", "animation.delay",
                                           "animation.by_paragraph", "animation.target",
                                           "animation.trigger_shape")},
    "smartart.nodes": plan_smartart, "smartart.layout": plan_smartart,
    "smartart.layout_id": plan_smartart, "smartart.style": plan_smartart,
    "smartart.colors": plan_smartart,
}


DESIGN_PLANNERS: dict[str, Planner] = {
    **{p_: plan_text for p_ in ("text", "shape.text", "cell.text", "slide.title",
                                 "notes.text", "footer.text")},
    **{p_: plan_transition for p_ in ("transition.type", "transition.duration",
                                       "transition.direction", "transition.advance_on_click",
                                       "transition.advance_after")},
    **{p_: plan_animation for p_ in ("animation.effect", "animation.class",
                                      "animation.target", "animation.trigger",
                                      "animation.duration", "animation.delay",
                                      "animation.by_paragraph", "animation.direction",
                                      "animation.order", "animation.paragraph")},
    **{p_: plan_box for p_ in ("shape.left", "shape.top", "shape.width", "shape.height")},
    "shape.region": plan_region,
    "slide.layout": plan_layout, "slide.layout_type": plan_layout,
    "slide.background.color": plan_background, "slide.background.kind": plan_background,
    "presentation.slide_size": plan_slide_size,
    "slide.hidden": plan_hidden,
    "table.rows": plan_table, "table.columns": plan_table,
    **{p_: plan_theme for p_ in ("theme.name", "theme.font.major", "theme.font.minor",
                                  "theme.font.major.east_asia", "theme.font.minor.east_asia",
                                  *(f"theme.color.{s}" for s in (
                                      "dk1", "lt1", "dk2", "lt2", "accent1", "accent2",
                                      "accent3", "accent4", "accent5", "accent6", "hlink",
                                      "folHlink")))},
}
