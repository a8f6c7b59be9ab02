"""PowerPoint resolvers for slide timing: a slide's transition (effect, direction, duration,
how it advances) and the animation effects of its timing tree."""

from __future__ import annotations

from officeeval.cache import memo_value
from officeeval.ppt.targets import AnimationTarget
from officeeval.ppt.transitions import read_transition
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.values import Observation

SLIDE, ANIM = "slide", "animation"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


# ------------------------------------------------------------------ transitions
def _transition(target):
    sheet = target.sheet
    if not sheet.shared:  # an edited view: read what the tree says now
        return read_transition(sheet.root)
    # Read-only while grading: every transition.* property of a slide reads it once.
    return memo_value(sheet, "_officeeval_transition", lambda: read_transition(sheet.root))


@prop("transition.type", T.EnumType("transition"), kinds=SLIDE,
      draft=Drafting(freed_by=("切换",),
                     when_freed=("not_equals", "无"),
                     distinct=("切换", "slide"),
                     called=("切换",)))
def transition_type(target, ctx) -> Observation | None:
    """Slide transition effect (fade/淡出, push/推进, wipe/擦除, split/分割, vortex/涡流 …);
    PowerPoint 2010+ transitions are read from the p14/p15 mc:AlternateContent Choice
    before the Fallback. none for a transition element without effect; no value when the
    slide has no transition."""
    t = _transition(target)
    if t is None:
        return None
    note = f"read from the {t.branch} branch" if t.branch != "direct" else ""
    return Observation(t.type, "direct", note=note)


@prop("transition.direction", T.EnumType("transition_direction"), kinds=SLIDE,
      draft=Drafting(freed_by=("切换",), called=("切换",)))
def transition_direction(target, ctx) -> Observation | None:
    """The effect's direction option (dir/orient: l, r, u, d, horz, vert, in, out …)."""
    t = _transition(target)
    if t is None or t.direction is None:
        return None
    return Observation(t.direction, "direct")


@prop("transition.duration", T.DURATION, kinds=SLIDE,
      draft=Drafting(asked="words", words=("秒", "持续时间", "速度"), freed_by=("切换",), called=("切换",)))
def transition_duration(target, ctx) -> Observation | None:
    """Transition duration in seconds: p14:dur (ms), else the legacy speed (fast 0.5, med
    0.75, slow 1)."""
    t = _transition(target)
    if t is None or (ctx.direct and t.duration_source == "default"):
        return None
    return Observation(t.duration, "direct" if t.duration_source != "default" else "default",
                       note=t.duration_source)


@prop("transition.advance_on_click", T.BOOL, kinds=SLIDE,
      draft=Drafting(called=("切换",), spoken_true=("单击鼠标时",)))
def transition_on_click(target, ctx) -> Observation | None:
    """Advance on mouse click (单击鼠标时); true by default."""
    t = _transition(target)
    if t is None:
        return None if ctx.direct else Observation(True, "default")
    return Observation(t.advance_on_click, "direct")


@prop("transition.advance_after", T.DURATION, kinds=SLIDE,
      draft=Drafting(called=("切换",)))
def transition_after(target, ctx) -> Observation | None:
    """Advance automatically after this many seconds (设置自动换片时间; p:transition/@advTm)."""
    t = _transition(target)
    if t is None or t.advance_after is None:
        return None
    return Observation(t.advance_after, "direct")


# ------------------------------------------------------------------ animations
def _effect_value(target: AnimationTarget, attr: str) -> Observation | None:
    v = getattr(target.effect, attr)
    return Observation(v, "direct") if v is not None else None


@prop("animation.class", T.EnumType("animation_class"), kinds=ANIM,
      draft=Drafting(called=("动画",)))
def animation_class(target: AnimationTarget, ctx) -> Observation | None:
    """entrance (进入), emphasis (强调), exit (退出) or path (动作路径)."""
    return _effect_value(target, "preset_class")


@prop("animation.paragraph", T.INTEGER, kinds=ANIM,
      draft=Drafting(volatile=True, called=("动画",)))
def animation_paragraph(target: AnimationTarget, ctx) -> Observation | None:
    """The 1-based paragraph an effect animates, when it animates one paragraph of its
    shape."""
    return _effect_value(target, "paragraph")


@prop("animation.trigger", T.EnumType("animation_trigger"), kinds=ANIM,
      draft=Drafting(called=("动画",)))
def animation_trigger(target: AnimationTarget, ctx) -> Observation | None:
    """How the effect starts: on_click (单击时), with_previous (与上一动画同时),
    after_previous (上一动画之后), on_shape_click (a trigger)."""
    return _effect_value(target, "trigger")


@prop("animation.duration", T.DURATION, kinds=ANIM,
      draft=Drafting(asked="words", words=("秒", "持续时间", "速度"), freed_by=("动画",), called=("动画",)))
def animation_duration(target: AnimationTarget, ctx) -> Observation | None:
    """Effect duration in seconds, as the duration box shows it for every class of effect,
    emphasis included: the longest behaviour (its delay plus its duration, doubled when it
    plays back in reverse, times its repeat count)."""
    return _effect_value(target, "duration")


@prop("animation.delay", T.DURATION, kinds=ANIM,
      draft=Drafting(called=("动画",)))
def animation_delay(target: AnimationTarget, ctx) -> Observation | None:
    """Effect delay in seconds."""
    return _effect_value(target, "delay")


@prop("animation.direction", T.EnumType("animation_direction"), kinds=ANIM,
      draft=Drafting(freed_by=("动画",), called=("动画",)))
def animation_direction(target: AnimationTarget, ctx) -> Observation | None:
    """Direction option of directional effects (fly in from_bottom/自底部 …)."""
    return _effect_value(target, "direction")


@prop("animation.effect", T.EnumType("animation_effect"), kinds=ANIM,
      draft=Drafting(freed_by=("动画",),
                     when_freed=("exists",),
                     distinct=("动画", "slide/animation"),
                     called=("动画",)))
def animation_effect(target: AnimationTarget, ctx) -> Observation | None:
    """The effect (presetClass + presetID): appear/出现, fade/淡出, fly_in/飞入, wipe/擦除,
    zoom/缩放, grow_shrink/放大/缩小, spin/陀螺旋, fly_out/飞出 …"""
    e = target.effect
    if e.effect:
        return Observation(e.effect, "direct")
    if e.preset_id is not None:
        return Observation(f"{e.preset_class}:{e.preset_id}", "direct",
                           note="preset not in the effect table")
    return None


@prop("animation.target", T.TEXT, kinds=ANIM,
      draft=Drafting(names_shape=True, called=("动画",)))
def animation_target(target: AnimationTarget, ctx) -> Observation | None:
    """Name of the animated shape (the paragraph is in the note when the effect animates one
    paragraph)."""
    shape = target.target_shape
    if shape is None:
        return None
    note = f"paragraph {target.effect.paragraph}" if target.effect.paragraph else ""
    return Observation(shape.name, "direct", note=note)


@prop("animation.by_paragraph", T.BOOL, kinds=ANIM,
      draft=Drafting(called=("动画",)))
def animation_by_paragraph(target: AnimationTarget, ctx) -> Observation | None:
    """Text animated by paragraph (按段落)."""
    e = target.effect
    if e.paragraph is not None or e.build == "p":
        return Observation(True, "direct")
    return Observation(False, "direct" if e.build else "default")


@prop("animation.trigger_shape", T.TEXT, kinds=ANIM,
      draft=Drafting(names_shape=True, called=("动画",)))
def animation_trigger_shape(target: AnimationTarget, ctx) -> Observation | None:
    """Name of the shape whose click starts the effect (触发器: 单击下列对象时启动动画效果);
    no value for effects of the main sequence."""
    sid = target.effect.trigger_shape_id
    shape = target.slide.sheet.shape_by_id(sid) if sid else None
    return Observation(shape.name, "direct") if shape is not None else None


@prop("animation.order", T.INTEGER, kinds=ANIM,
      read_only="the effect's position in the timing tree: computed from where it is",
      draft=Drafting(called=("动画",)))
def animation_order(target: AnimationTarget, ctx) -> Observation | None:
    """1-based position of the effect in playback order."""
    return Observation(target.index, "computed")
