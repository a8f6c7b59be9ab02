"""PowerPoint resolvers for the presentation, slides, layouts, masters, themes, transitions,
animations and notes."""

from __future__ import annotations

from typing import Callable

from officeeval.ppt import backgrounds, content
from officeeval.ppt.markup import body_text, on
from officeeval.ppt.sheets import Sheet
from officeeval.ppt.targets import (
    AnimationTarget, NotesTarget, PresentationTarget, SheetTarget, SlideTarget,
)
from officeeval.ppt.transitions import read_transition
from officeeval.values import Observation
from officeeval.vocabulary import get as vocab

SHEET_KINDS = ("slide", "layout", "master")
THEME_KINDS = ("presentation", "slide", "layout", "master")


def _sheet(target) -> Sheet | None:
    if isinstance(target, (SlideTarget, SheetTarget)):
        return target.sheet
    if isinstance(target, PresentationTarget):
        masters = target.doc.masters
        return masters[0] if masters else None
    return None


# ------------------------------------------------------------------ presentation
def slide_count(target, ctx) -> Observation | None:
    return Observation(len(target.doc.slides), "computed")


def slide_size(target, ctx) -> Observation | None:
    size = target.doc.slide_size
    return Observation(size, "direct") if size is not None else None


def loop(target, ctx) -> Observation | None:
    v = target.doc.loop
    if v is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(v, "presProps")


def show_type(target, ctx) -> Observation | None:
    v = target.doc.show_type
    if v is None:
        return None if ctx.direct else Observation("speaker", "default")
    return Observation(v, "presProps")


def section_names(target, ctx) -> Observation | None:
    sections = target.doc.sections
    if not sections:
        return None
    return Observation([name for name, _ in sections], "direct")


def slide_section(target, ctx) -> Observation | None:
    name = target.doc.section_of(target.slide_id)
    return Observation(name, "direct") if name is not None else None


def picture_count(target, ctx) -> Observation | None:
    if isinstance(target, PresentationTarget):
        return Observation(sum(len(content.pictures(s.sheet)) for s in target.doc.slides),
                           "computed")
    return Observation(len(content.pictures(target.sheet)), "computed")


def text(target, ctx) -> Observation | None:
    if isinstance(target, PresentationTarget):
        return Observation("\n".join(_sheet_text(s.sheet) for s in target.doc.slides),
                           "direct")
    if isinstance(target, (SlideTarget, SheetTarget)):
        return Observation(_sheet_text(target.sheet), "direct")
    if isinstance(target, NotesTarget):
        return Observation(target.text, "direct")
    if hasattr(target, "text"):
        return Observation(target.text, "direct")
    return None


def _sheet_text(sheet: Sheet) -> str:
    return "\n".join(t for t in (content.shape_text(s) for s in sheet.shapes) if t)


# ------------------------------------------------------------------ slides and layouts
def slide_layout(target, ctx) -> Observation | None:
    if isinstance(target, SheetTarget):
        return Observation(target.sheet.name, "direct") if target.kind == "layout" else None
    layout = target.sheet.layout
    return Observation(layout.name, "layout") if layout is not None else None


def layout_type(target, ctx) -> Observation | None:
    sheet = target.sheet if isinstance(target, SheetTarget) else target.sheet.layout
    if sheet is None or sheet.kind != "layout":
        return None
    if sheet.layout_type:
        return Observation(sheet.layout_type, "layout")
    token = vocab("layout_type").canonical(sheet.name)
    return Observation(token or "cust", "layout" if token else "default")


def slide_title(target, ctx) -> Observation | None:
    t = target.title_text
    return Observation(t, "direct") if t is not None else None


def slide_hidden(target, ctx) -> Observation | None:
    raw = target.sheet.root.get("show")
    if raw is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(target.sheet.hidden, "direct")


def slide_index(target, ctx) -> Observation | None:
    return Observation(target.index, "computed")


def background_kind(target, ctx) -> Observation | None:
    obs = backgrounds.background_kind(target.sheet)
    return _direct_only(obs, ctx)


def background_color(target, ctx) -> Observation | None:
    obs = backgrounds.background_color(target.sheet)
    return _direct_only(obs, ctx)


def _direct_only(obs: Observation | None, ctx) -> Observation | None:
    if obs is not None and ctx.direct and obs.source != "direct":
        return None
    return obs


# ------------------------------------------------------------------ header / footer
def _placeholder_on(sheet: Sheet, ph_type: str):
    for s in sheet.all_shapes():
        if s.placeholder is not None and s.placeholder.type == ph_type:
            return s
    return None


def placeholder_visible(ph_type: str, hf_attr: str) -> Callable:
    """Slides: the placeholder is on the slide (what PowerPoint draws). Layouts and
    masters: their ``p:hf`` flag (on by default)."""

    def resolve(target, ctx) -> Observation | None:
        if isinstance(target, SlideTarget):
            return Observation(_placeholder_on(target.sheet, ph_type) is not None, "direct")
        hf = target.sheet.header_footer
        if hf is None:
            return None if ctx.direct else Observation(True, "default")
        return Observation(on(hf.get(hf_attr), True), "direct")

    return resolve


def footer_text(target, ctx) -> Observation | None:
    shape = _placeholder_on(target.sheet, "ftr")
    if shape is None:
        return None
    return Observation(body_text(shape.tx_body).strip(), "direct")


def notes_text(target, ctx) -> Observation | None:
    if isinstance(target, NotesTarget):
        return Observation(target.text, "direct")
    notes = target.notes
    if notes is None:
        return None
    return Observation(NotesTarget(target, notes).text, "direct")


# ------------------------------------------------------------------ themes
def theme_name(target, ctx) -> Observation | None:
    sheet = _sheet(target)
    if sheet is None or not sheet.theme.name:
        return None
    return Observation(sheet.theme.name, "theme")


def theme_font(which: str, script: str) -> Callable:
    def resolve(target, ctx) -> Observation | None:
        sheet = _sheet(target)
        if sheet is None:
            return None
        fonts = getattr(sheet.theme, which)
        face = fonts.latin if script == "latin" else fonts.east_asian("zh-CN")
        return Observation(face, "theme") if face else None
    return resolve


def theme_color(slot: str) -> Callable:
    def resolve(target, ctx) -> Observation | None:
        sheet = _sheet(target)
        rgb = sheet.theme.color(slot) if sheet is not None else None
        return Observation(rgb, "theme") if rgb else None
    return resolve


# ------------------------------------------------------------------ transitions
def _transition(target):
    return read_transition(target.sheet.root)


def transition_type(target, ctx) -> Observation | None:
    t = _transition(target)
    if t is None:
        return None
    note = f"read from the {t.branch} branch" if t.branch != "direct" else ""
    return Observation(t.type, "direct", note=note)


def transition_direction(target, ctx) -> Observation | None:
    t = _transition(target)
    if t is None or t.direction is None:
        return None
    return Observation(t.direction, "direct")


def transition_duration(target, ctx) -> Observation | None:
    t = _transition(target)
    if t is None or (ctx.direct and t.duration_source == "default"):
        return None
    return Observation(t.duration, "direct" if t.duration_source != "default" else "default",
                       note=t.duration_source)


def transition_on_click(target, ctx) -> Observation | None:
    t = _transition(target)
    if t is None:
        return None if ctx.direct else Observation(True, "default")
    return Observation(t.advance_on_click, "direct")


def transition_after(target, ctx) -> Observation | None:
    t = _transition(target)
    if t is None or t.advance_after is None:
        return None
    return Observation(t.advance_after, "direct")


# ------------------------------------------------------------------ animations
def _effect_value(attr: str) -> Callable:
    def resolve(target: AnimationTarget, ctx) -> Observation | None:
        v = getattr(target.effect, attr)
        return Observation(v, "direct") if v is not None else None
    return resolve


def animation_effect(target: AnimationTarget, ctx) -> Observation | None:
    e = target.effect
    if e.effect:
        return Observation(e.effect, "direct")
    if e.preset_id is not None:
        return Observation(f"{e.preset_class}:{e.preset_id}", "direct",
                           note="preset not in the effect table")
    return None


def animation_target(target: AnimationTarget, ctx) -> Observation | None:
    shape = target.target_shape
    if shape is None:
        return None
    note = f"paragraph {target.effect.paragraph}" if target.effect.paragraph else ""
    return Observation(shape.name, "direct", note=note)


def animation_by_paragraph(target: AnimationTarget, ctx) -> Observation | None:
    e = target.effect
    if e.paragraph is not None or e.build == "p":
        return Observation(True, "direct")
    return Observation(False, "direct" if e.build else "default")


def animation_order(target: AnimationTarget, ctx) -> Observation | None:
    return Observation(target.index, "computed")
