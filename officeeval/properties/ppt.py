"""PowerPoint bindings: which resolver answers each catalog property for which PowerPoint
targets."""

from __future__ import annotations

from officeeval.properties.definitions_ppt import PPT_TABLE_STYLE
from officeeval.properties.registry import Registry
from officeeval.ppt import resolvers_chart as CH
from officeeval.ppt import resolvers_shape as S
from officeeval.ppt import resolvers_slide as L
from officeeval.ppt import resolvers_text as X

PRES = ("presentation",)
SLIDE = ("slide",)
SHEETS = ("slide", "layout", "master")
THEMED = ("presentation", "slide", "layout", "master")
SHAPES = S.SHAPE_KINDS
TEXT_KINDS = ("shape", "table", "paragraph", "run", "cell")
PARA_KINDS = ("shape", "table", "paragraph", "cell")
ANIM = ("animation",)
ALL = ("presentation", "slide", "layout", "master", *SHAPES, "paragraph", "run", "cell",
       "notes")


def bind_all(reg: Registry) -> None:
    b = reg.bind
    for name, fn in X.RUN_RESOLVERS.items():
        b(name, "ppt", TEXT_KINDS, fn)
    for name, fn in X.PARA_RESOLVERS.items():
        b(name, "ppt", PARA_KINDS, fn)
    b("text", "ppt", ALL, L.text)

    # presentation
    b("slide.count", "ppt", PRES, L.slide_count)
    b("presentation.slide_size", "ppt", PRES, L.slide_size)
    b("presentation.loop", "ppt", PRES, L.loop)
    b("presentation.show_type", "ppt", PRES, L.show_type)
    b("section.names", "ppt", PRES, L.section_names)
    b("picture.count", "ppt", ("presentation", "slide"), L.picture_count)

    # slides, layouts, masters
    b("slide.layout", "ppt", ("slide", "layout"), L.slide_layout)
    b("slide.layout_type", "ppt", ("slide", "layout"), L.layout_type)
    b("slide.title", "ppt", SLIDE, L.slide_title)
    b("slide.hidden", "ppt", SLIDE, L.slide_hidden)
    b("slide.index", "ppt", SLIDE, L.slide_index)
    b("slide.section", "ppt", SLIDE, L.slide_section)
    b("slide.background.kind", "ppt", SHEETS, L.background_kind)
    b("slide.background.color", "ppt", SHEETS, L.background_color)
    b("slide.number.visible", "ppt", SHEETS, L.placeholder_visible("sldNum", "sldNum"))
    b("slide.footer.visible", "ppt", SHEETS, L.placeholder_visible("ftr", "ftr"))
    b("slide.date.visible", "ppt", SHEETS, L.placeholder_visible("dt", "dt"))
    b("footer.text", "ppt", SHEETS, L.footer_text)
    b("notes.text", "ppt", ("slide", "notes"), L.notes_text)

    # themes
    b("theme.name", "ppt", THEMED, L.theme_name)
    b("theme.font.major", "ppt", THEMED, L.theme_font("major", "latin"))
    b("theme.font.minor", "ppt", THEMED, L.theme_font("minor", "latin"))
    b("theme.font.major.east_asia", "ppt", THEMED, L.theme_font("major", "ea"))
    b("theme.font.minor.east_asia", "ppt", THEMED, L.theme_font("minor", "ea"))
    for slot in ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4",
                 "accent5", "accent6", "hlink", "folHlink"):
        b(f"theme.color.{slot}", "ppt", THEMED, L.theme_color(slot))

    # transitions
    b("transition.type", "ppt", SLIDE, L.transition_type)
    b("transition.direction", "ppt", SLIDE, L.transition_direction)
    b("transition.duration", "ppt", SLIDE, L.transition_duration)
    b("transition.advance_on_click", "ppt", SLIDE, L.transition_on_click)
    b("transition.advance_after", "ppt", SLIDE, L.transition_after)

    # animations
    b("animation.effect", "ppt", ANIM, L.animation_effect)
    b("animation.class", "ppt", ANIM, L._effect_value("preset_class"))
    b("animation.target", "ppt", ANIM, L.animation_target)
    b("animation.paragraph", "ppt", ANIM, L._effect_value("paragraph"))
    b("animation.trigger", "ppt", ANIM, L._effect_value("trigger"))
    b("animation.duration", "ppt", ANIM, L._effect_value("duration"))
    b("animation.delay", "ppt", ANIM, L._effect_value("delay"))
    b("animation.by_paragraph", "ppt", ANIM, L.animation_by_paragraph)
    b("animation.direction", "ppt", ANIM, L._effect_value("direction"))
    b("animation.order", "ppt", ANIM, L.animation_order)

    # shapes
    b("shape.kind", "ppt", SHAPES, S.shape_kind)
    b("shape.name", "ppt", SHAPES, S.shape_name)
    b("shape.text", "ppt", (*SHAPES, "cell"), S.shape_text)
    for i, name in enumerate(("shape.left", "shape.top", "shape.width", "shape.height")):
        b(name, "ppt", SHAPES, S.box_part(i))
    b("shape.rotation", "ppt", SHAPES, S.rotation)
    b("shape.geometry", "ppt", SHAPES, S.geometry)
    b("shape.placeholder_type", "ppt", SHAPES, S.placeholder_type)
    b("shape.fill.kind", "ppt", SHAPES, S.fill_kind)
    b("shape.fill.color", "ppt", SHAPES, S.fill_color)

    # tables
    b("table.rows", "ppt", ("table", "shape"), S.table_rows)
    b("table.columns", "ppt", ("table", "shape"), S.table_columns)
    b("table.style", "ppt", ("table", "shape"), S.table_style, vtype=PPT_TABLE_STYLE)
    b("table.first_row", "ppt", ("table", "shape"), S.table_flag("firstRow"))
    b("table.banded_rows", "ppt", ("table", "shape"), S.table_flag("bandRow"))
    b("cell.text", "ppt", ("cell",), S.cell_text)
    b("cell.span", "ppt", ("cell",), S.cell_span)
    b("cell.shading", "ppt", ("cell",), S.cell_shading)

    # SmartArt
    b("smartart.layout", "ppt", ("smartart", "shape"), S.smartart_layout)
    b("smartart.layout_id", "ppt", ("smartart", "shape"), S.smartart_layout_id)
    b("smartart.nodes", "ppt", ("smartart", "shape"), S.smartart_nodes)
    b("smartart.categories", "ppt", ("smartart", "shape"), S.smartart_categories)

    # click actions
    b("hyperlink.target", "ppt", (*SHAPES, "paragraph", "run"), S.hyperlink_target)
    b("hyperlink.action", "ppt", (*SHAPES, "paragraph", "run"), S.hyperlink_action)

    # charts (names shared with Excel; bound when defined, whoever defined them)
    for name, fn in CH.CHART_RESOLVERS.items():
        pdef = reg.get(name)
        if pdef is not None and "ppt" not in pdef.bindings:
            b(name, "ppt", CH.CHART_KINDS, fn)
