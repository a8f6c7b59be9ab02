"""PowerPoint resolvers for slide timing: a slide's transition (effect, direction, duration,
how it advances) and the animation effects of its timing tree, each with its writer below
it (``p:transition`` and the effect's ``p:cTn``, found with ``ppt.edit.timing_parts``)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.cache import memo_value
from officeeval.ooxml.ns import P, P14
from officeeval.ppt.edit.timing_parts import (
    drop_transition, edited_ctn, edited_transition, slide_root,
)
from officeeval.ppt.targets import AnimationTarget
from officeeval.ppt.transitions import read_transition
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

SLIDE, ANIM = "slide", "animation"
_P, _P14 = f"{{{P}}}", f"{{{P14}}}"
# The timing tree's spelling of a trigger and of an effect's class.
TRIGGER_NODES = {"on_click": "clickEffect", "with_previous": "withEffect",
                 "after_previous": "afterEffect"}
CLASS_RAW = {"entrance": "entr", "exit": "exit", "emphasis": "emph", "path": "path"}

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


# ------------------------------------------------------------------ transitions
def _transition(target):
    sheet = target.sheet
    if not sheet.shared:  # an edited view: read what the tree says now
        return read_transition(sheet.root)
    # Read-only while grading: every transition.* property of a slide reads it once.
    return memo_value(sheet, "_officeeval_transition", lambda: read_transition(sheet.root))


@prop("transition.type", T.EnumType("transition"), kinds=SLIDE,
      plan=Plan("transition", change="type"),
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


@WRITERS.writer("transition.type")
def put_transition_type(session: Session, target: Target, value: Any) -> str:
    """The transition replaced by a plain one of effect ``value`` (``none``: removed)."""
    root = slide_root(target)
    drop_transition(session, target)
    if str(value) == "none":
        return "transition removed"
    tr = etree.Element(_P + "transition")
    etree.SubElement(tr, _P + str(value))
    timing = root.find(_P + "timing")
    root.insert(root.index(timing) if timing is not None else len(root), tr)
    return f"transition {value}"


@prop("transition.direction", T.EnumType("transition_direction"), kinds=SLIDE,
      plan=Plan("transition", change="direction"),
      draft=Drafting(freed_by=("切换",), called=("切换",)))
def transition_direction(target, ctx) -> Observation | None:
    """The effect's direction option (dir/orient: l, r, u, d, horz, vert, in, out …)."""
    t = _transition(target)
    if t is None or t.direction is None:
        return None
    return Observation(t.direction, "direct")


@WRITERS.writer("transition.direction")
def put_transition_direction(session: Session, target: Target, value: Any) -> str:
    el = edited_transition(session, target)
    effect = next((c for c in el if isinstance(c.tag, str) and c.tag not in (
        _P + "sndAc", _P + "extLst")), None)
    if effect is None:
        raise NotApplicable("no transition effect")
    attr = "orient" if effect.get("orient") is not None else "dir"
    effect.set(attr, str(value))
    return f"{etree.QName(effect).localname} direction {value}"


@prop("transition.duration", T.DURATION, kinds=SLIDE,
      plan=Plan("transition", change="duration"),
      draft=Drafting(asked="words", words=("秒", "持续时间", "速度"), freed_by=("切换",), called=("切换",)))
def transition_duration(target, ctx) -> Observation | None:
    """Transition duration in seconds: p14:dur (ms), else the legacy speed (fast 0.5, med
    0.75, slow 1)."""
    t = _transition(target)
    if t is None or (ctx.direct and t.duration_source == "default"):
        return None
    return Observation(t.duration, "direct" if t.duration_source != "default" else "default",
                       note=t.duration_source)


@WRITERS.writer("transition.duration")
def put_transition_duration(session: Session, target: Target, value: Any) -> str:
    el = edited_transition(session, target)
    ms = int(round(float(value) * 1000))
    el.set(_P14 + "dur", str(ms))
    return f"p14:dur={ms}"


@prop("transition.advance_on_click", T.BOOL, kinds=SLIDE,
      plan=Plan("transition", change="advance_on_click"),
      draft=Drafting(called=("切换",), spoken_true=("单击鼠标时",)))
def transition_on_click(target, ctx) -> Observation | None:
    """Advance on mouse click (单击鼠标时); true by default."""
    t = _transition(target)
    if t is None:
        return None if ctx.direct else Observation(True, "default")
    return Observation(t.advance_on_click, "direct")


@WRITERS.writer("transition.advance_on_click")
def put_transition_on_click(session: Session, target: Target, value: Any) -> str:
    el = edited_transition(session, target)
    el.set("advClick", "1" if value else "0")
    return f"advClick={el.get('advClick')}"


@prop("transition.advance_after", T.DURATION, kinds=SLIDE,
      plan=Plan("transition", change="advance_after"),
      draft=Drafting(called=("切换",)))
def transition_after(target, ctx) -> Observation | None:
    """Advance automatically after this many seconds (设置自动换片时间; p:transition/@advTm)."""
    t = _transition(target)
    if t is None or t.advance_after is None:
        return None
    return Observation(t.advance_after, "direct")


@WRITERS.writer("transition.advance_after")
def put_transition_advance_after(session: Session, target: Target, value: Any) -> str:
    el = edited_transition(session, target)
    el.set("advTm", str(int(round(float(value) * 1000))))
    return f"advTm={el.get('advTm')}"


# ------------------------------------------------------------------ animations
def _effect_value(target: AnimationTarget, attr: str) -> Observation | None:
    v = getattr(target.effect, attr)
    return Observation(v, "direct") if v is not None else None


@prop("animation.class", T.EnumType("animation_class"), kinds=ANIM,
      plan=(Plan("animation_detail", change="tokens", tokens=("exit", "entrance")),
            Plan("animation")),
      draft=Drafting(called=("动画",)))
def animation_class(target: AnimationTarget, ctx) -> Observation | None:
    """entrance (进入), emphasis (强调), exit (退出) or path (动作路径)."""
    return _effect_value(target, "preset_class")


@WRITERS.writer("animation.class")
def put_animation_class(session: Session, target: Target, value: Any) -> str:
    raw = CLASS_RAW.get(str(value), str(value))
    edited_ctn(session, target).set("presetClass", raw)
    return f"presetClass={raw}"


@prop("animation.paragraph", T.INTEGER, kinds=ANIM, plan=Plan("animation"),
      draft=Drafting(volatile=True, called=("动画",)))
def animation_paragraph(target: AnimationTarget, ctx) -> Observation | None:
    """The 1-based paragraph an effect animates, when it animates one paragraph of its
    shape."""
    return _effect_value(target, "paragraph")


@WRITERS.writer("animation.paragraph")
def put_animation_paragraph(session: Session, target: Target, value: Any) -> str:
    """The 1-based paragraph of its shape the effect animates."""
    ctn = edited_ctn(session, target)
    n = str(int(value) - 1)
    found = False
    for rng in ctn.iter(_P + "pRg"):
        rng.set("st", n)
        rng.set("end", n)
        found = True
    if not found:
        raise NotApplicable("the effect animates its whole shape")
    return f"paragraph {int(value)}"


@prop("animation.trigger", T.EnumType("animation_trigger"), kinds=ANIM,
      plan=Plan("animation", change="trigger"),
      draft=Drafting(called=("动画",)))
def animation_trigger(target: AnimationTarget, ctx) -> Observation | None:
    """How the effect starts: on_click (单击时), with_previous (与上一动画同时),
    after_previous (上一动画之后), on_shape_click (a trigger)."""
    return _effect_value(target, "trigger")


@WRITERS.writer("animation.trigger")
def put_animation_trigger(session: Session, target: Target, value: Any) -> str:
    node = TRIGGER_NODES.get(str(value))
    if node is None:
        raise NotApplicable(f"a {value} trigger is not written")
    ctn = edited_ctn(session, target)
    ctn.set("nodeType", node)
    return f"nodeType={node}"


@prop("animation.duration", T.DURATION, kinds=ANIM,
      plan=(Plan("animation_detail", change="longer"), Plan("animation")),
      draft=Drafting(asked="words", words=("秒", "持续时间", "速度"), freed_by=("动画",), called=("动画",)))
def animation_duration(target: AnimationTarget, ctx) -> Observation | None:
    """Effect duration in seconds, as the duration box shows it for every class of effect,
    emphasis included: the longest behaviour (its delay plus its duration, doubled when it
    plays back in reverse, times its repeat count)."""
    return _effect_value(target, "duration")


@WRITERS.writer("animation.duration")
def put_animation_duration(session: Session, target: Target, value: Any) -> str:
    """The effect made to last ``value`` seconds as PowerPoint's duration box does it: every
    behaviour's duration and start delay scaled by one factor (a pulse's reversing half
    stays half, a 1 ms visibility switch stays 1 ms and at the end)."""
    from officeeval.ppt.animations import behaviour_span
    ctn = edited_ctn(session, target)
    old = target.effect.duration  # type: ignore[attr-defined]
    if not old:
        raise NotApplicable("no behaviour with a duration")
    factor = float(value) / old
    changed = 0
    for el in ctn.iter(_P + "cTn"):
        if el is ctn:
            continue
        for cond in el.findall(f"{_P}stCondLst/{_P}cond"):
            if (cond.get("delay") or "").isdigit():
                cond.set("delay", str(int(round(int(cond.get("delay")) * factor))))
        # A 1 ms behaviour is a switch (visibility set at the start or end): it stays one.
        if (el.get("dur") or "").isdigit() and int(el.get("dur")) > 1 and \
                behaviour_span(el) is not None:
            el.set("dur", str(max(2, int(round(int(el.get("dur")) * factor)))))
            changed += 1
    if not changed:
        raise NotApplicable("no behaviour with a duration")
    return f"durations scaled by {factor:g} to {float(value):g} s"


@prop("animation.delay", T.DURATION, kinds=ANIM,
      plan=(Plan("animation_detail", change="later"), Plan("animation")),
      draft=Drafting(called=("动画",)))
def animation_delay(target: AnimationTarget, ctx) -> Observation | None:
    """Effect delay in seconds."""
    return _effect_value(target, "delay")


@WRITERS.writer("animation.delay")
def put_animation_delay(session: Session, target: Target, value: Any) -> str:
    cond = edited_ctn(session, target).find(f"{_P}stCondLst/{_P}cond")
    if cond is None:
        raise NotApplicable("no start condition")
    cond.set("delay", str(int(round(float(value) * 1000))))
    return f"delay={cond.get('delay')}"


@prop("animation.direction", T.EnumType("animation_direction"), kinds=ANIM,
      plan=(Plan("animation_detail", change="tokens", tokens=("from_left", "from_bottom")),
            Plan("animation")),
      draft=Drafting(freed_by=("动画",), called=("动画",)))
def animation_direction(target: AnimationTarget, ctx) -> Observation | None:
    """Direction option of directional effects (fly in from_bottom/自底部 …)."""
    return _effect_value(target, "direction")


@WRITERS.writer("animation.direction")
def put_animation_direction(session: Session, target: Target, value: Any) -> str:
    from officeeval.vocabulary.ppt import ANIMATION_SUBTYPES
    sub = next((k for k, v in ANIMATION_SUBTYPES.items() if v == str(value)), None)
    if sub is None:
        raise NotApplicable(f"no direction {value!r}")
    edited_ctn(session, target).set("presetSubtype", str(sub))
    return f"presetSubtype={sub}"


@prop("animation.effect", T.EnumType("animation_effect"), kinds=ANIM,
      plan=Plan("animation", change="effect"),
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


@WRITERS.writer("animation.effect")
def put_animation_effect(session: Session, target: Target, value: Any) -> str:
    """The effect's preset (``presetID``) for effect ``value`` of the same class."""
    from officeeval.vocabulary.ppt import PRESET_EFFECTS
    ctn = edited_ctn(session, target)
    raw = ctn.get("presetClass")
    pid = next((k[1] for k, v in PRESET_EFFECTS.items() if k[0] == raw and v == str(value)),
               None)
    if pid is None:
        raise NotApplicable(f"no {value} effect among the {raw} presets")
    ctn.set("presetID", str(pid))
    return f"presetID={pid}"


@prop("animation.target", T.TEXT, kinds=ANIM,
      plan=(Plan("animation_detail", change="shape"), Plan("animation")),
      draft=Drafting(names_shape=True, called=("动画",)))
def animation_target(target: AnimationTarget, ctx) -> Observation | None:
    """Name of the animated shape (the paragraph is in the note when the effect animates one
    paragraph)."""
    shape = target.target_shape
    if shape is None:
        return None
    note = f"paragraph {target.effect.paragraph}" if target.effect.paragraph else ""
    return Observation(shape.name, "direct", note=note)


@WRITERS.writer("animation.target")
def put_animation_target(session: Session, target: Target, value: Any) -> str:
    """The effect animating the shape named ``value`` (on the same slide)."""
    shape = next((s for s in target.slide.sheet.all_shapes()  # type: ignore[attr-defined]
                  if s.id and s.name == str(value)), None)
    if shape is None:
        raise NotApplicable(f"no shape {value!r} to animate")
    ctn = edited_ctn(session, target)
    for tgt in ctn.iter(_P + "spTgt"):
        tgt.set("spid", shape.id)
    return f"target shape id {shape.id}"


@prop("animation.by_paragraph", T.BOOL, kinds=ANIM,
      plan=(Plan("animation_detail", change="flip"), Plan("animation")),
      draft=Drafting(called=("动画",)))
def animation_by_paragraph(target: AnimationTarget, ctx) -> Observation | None:
    """Text animated by paragraph (按段落)."""
    e = target.effect
    if e.paragraph is not None or e.build == "p":
        return Observation(True, "direct")
    return Observation(False, "direct" if e.build else "default")


@WRITERS.writer("animation.by_paragraph")
def put_animation_by_paragraph(session: Session, target: Target, value: Any) -> str:
    """True: built by paragraph; false: as one object (its paragraph targets dropped)."""
    ctn = edited_ctn(session, target)
    timing = target.slide.sheet.root.find(_P + "timing")  # type: ignore[attr-defined]
    spid = target.effect.shape_id  # type: ignore[attr-defined]
    changed = False
    for b in timing.iter(_P + "bldP") if timing is not None else []:
        if b.get("spid") == spid:
            b.set("build", "p" if value else "whole")
            session.touch(b)
            changed = True
    if value and not changed and timing is not None and spid:
        lst = timing.find(_P + "bldLst")
        if lst is None:
            lst = etree.SubElement(timing, _P + "bldLst")
        grp = next(ctn.iter(_P + "cTn"), ctn).get("grpId") or ctn.get("grpId") or "0"
        etree.SubElement(lst, _P + "bldP", spid=spid, grpId=grp, build="p")
        session.touch(lst)
        changed = True
    if not value:
        for tx in list(ctn.iter(_P + "txEl")):
            tx.getparent().remove(tx)
            changed = True
    if not changed:
        raise NotApplicable("no build to change")
    return f"build by paragraph {'on' if value else 'off'}"


@prop("animation.trigger_shape", T.TEXT, kinds=ANIM,
      plan=Plan("animation_detail", change="shape", skip_current=True),
      draft=Drafting(names_shape=True, called=("动画",)))
def animation_trigger_shape(target: AnimationTarget, ctx) -> Observation | None:
    """Name of the shape whose click starts the effect (触发器: 单击下列对象时启动动画效果);
    no value for effects of the main sequence."""
    sid = target.effect.trigger_shape_id
    shape = target.slide.sheet.shape_by_id(sid) if sid else None
    return Observation(shape.name, "direct") if shape is not None else None


@WRITERS.writer("animation.trigger_shape")
def put_animation_trigger_shape(session: Session, target: Target, value: Any) -> str:
    """An interactive effect started by a click on the shape named ``value`` (the
    sequence's start condition); effects of the main sequence are not moved."""
    ctn = edited_ctn(session, target)
    seq = ctn
    while seq is not None and seq.tag != _P + "seq":
        seq = seq.getparent()
    tgt = None
    if seq is not None:
        tgt = seq.find(f"{_P}cTn/{_P}stCondLst/{_P}cond/{_P}tgtEl/{_P}spTgt")
    if tgt is None:
        raise NotApplicable("not an effect of a trigger (interactive) sequence")
    shape = next((s for s in target.slide.sheet.all_shapes()  # type: ignore[attr-defined]
                  if s.id and s.name == str(value)), None)
    if shape is None:
        raise NotApplicable(f"no shape {value!r} to click")
    tgt.set("spid", shape.id)
    return f"triggered by shape id {shape.id}"


@prop("animation.order", T.INTEGER, kinds=ANIM,
      read_only="the effect's position in the timing tree: computed from where it is",
      plan=Plan("animation"),
      draft=Drafting(called=("动画",)))
def animation_order(target: AnimationTarget, ctx) -> Observation | None:
    """1-based position of the effect in playback order."""
    return Observation(target.index, "computed")
