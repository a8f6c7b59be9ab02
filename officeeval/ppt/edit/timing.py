"""Writers of slide transitions (``p:transition``: its effect, direction, duration and
advance) and animation effects (the effect's ``p:cTn`` in the timing tree: preset, class,
direction, trigger, duration, delay, build, target)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import MC, P, P14
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_P, _MC, _P14 = f"{{{P}}}", f"{{{MC}}}", f"{{{P14}}}"
TRIGGER_NODES = {"on_click": "clickEffect", "with_previous": "withEffect",
                 "after_previous": "afterEffect"}
CLASS_RAW = {"entrance": "entr", "exit": "exit", "emphasis": "emph", "path": "path"}


def _slide(t: Target):
    if t.kind != "slide":
        raise NotApplicable(f"not a slide: {t.kind}")
    return t.sheet.root  # type: ignore[attr-defined]


def drop_transition(session: Session, t: Target) -> None:
    """The slide's transition removed (and any alternate content holding one)."""
    root = _slide(t)
    session.touch(root)
    for child in list(root):
        if child.tag == _P + "transition":
            root.remove(child)
        elif child.tag == _MC + "AlternateContent" and any(
                d.tag == _P + "transition" for d in child.iter()):
            root.remove(child)


@WRITERS.writer("transition.type")
def transition_type(session: Session, target: Target, value: Any) -> str:
    """The transition replaced by a plain one of effect ``value`` (``none``: removed)."""
    root = _slide(target)
    drop_transition(session, target)
    if str(value) == "none":
        return "transition removed"
    tr = etree.Element(_P + "transition")
    etree.SubElement(tr, _P + str(value))
    timing = root.find(_P + "timing")
    root.insert(root.index(timing) if timing is not None else len(root), tr)
    return f"transition {value}"


def _transition(session: Session, t: Target) -> etree._Element:
    from officeeval.ppt.transitions import find_transition
    found = find_transition(_slide(t))
    if found is None:
        raise NotApplicable("no transition")
    session.touch(found[0])
    return found[0]


@WRITERS.writer("transition.direction")
def transition_direction(session: Session, target: Target, value: Any) -> str:
    el = _transition(session, target)
    effect = next((c for c in el if isinstance(c.tag, str) and c.tag not in (
        _P + "sndAc", _P + "extLst")), None)
    if effect is None:
        raise NotApplicable("no transition effect")
    attr = "orient" if effect.get("orient") is not None else "dir"
    effect.set(attr, str(value))
    return f"{etree.QName(effect).localname} direction {value}"


@WRITERS.writer("transition.duration")
def transition_duration(session: Session, target: Target, value: Any) -> str:
    el = _transition(session, target)
    ms = int(round(float(value) * 1000))
    el.set(_P14 + "dur", str(ms))
    return f"p14:dur={ms}"


@WRITERS.writer("transition.advance_after")
def transition_advance_after(session: Session, target: Target, value: Any) -> str:
    el = _transition(session, target)
    el.set("advTm", str(int(round(float(value) * 1000))))
    return f"advTm={el.get('advTm')}"


@WRITERS.writer("transition.advance_on_click")
def transition_on_click(session: Session, target: Target, value: Any) -> str:
    el = _transition(session, target)
    el.set("advClick", "1" if value else "0")
    return f"advClick={el.get('advClick')}"


# ------------------------------------------------------------------ animations
def effect_ctn(t: Target) -> etree._Element:
    """The ``p:cTn`` of an animation target's effect, found the way the view reads
    effects."""
    from officeeval.ppt.animations import effect_nodes, read_effects
    if t.kind != "animation":
        raise NotApplicable(f"not an animation: {t.kind}")
    root = t.slide.sheet.root  # type: ignore[attr-defined]
    ctns = effect_nodes(root)
    for i, e in enumerate(read_effects(root)):
        if e == t.effect and i < len(ctns):  # type: ignore[attr-defined]
            return ctns[i]
    raise NotApplicable("the effect is not found in the timing tree")


def _ctn(session: Session, t: Target) -> etree._Element:
    ctn = effect_ctn(t)
    session.touch(ctn)
    return ctn


@WRITERS.writer("animation.effect")
def animation_effect(session: Session, target: Target, value: Any) -> str:
    """The effect's preset (``presetID``) for effect ``value`` of the same class."""
    from officeeval.vocabulary.ppt import PRESET_EFFECTS
    ctn = _ctn(session, target)
    raw = ctn.get("presetClass")
    pid = next((k[1] for k, v in PRESET_EFFECTS.items() if k[0] == raw and v == str(value)),
               None)
    if pid is None:
        raise NotApplicable(f"no {value} effect among the {raw} presets")
    ctn.set("presetID", str(pid))
    return f"presetID={pid}"


@WRITERS.writer("animation.trigger")
def animation_trigger(session: Session, target: Target, value: Any) -> str:
    node = TRIGGER_NODES.get(str(value))
    if node is None:
        raise NotApplicable(f"a {value} trigger is not written")
    ctn = _ctn(session, target)
    ctn.set("nodeType", node)
    return f"nodeType={node}"


@WRITERS.writer("animation.class")
def animation_class(session: Session, target: Target, value: Any) -> str:
    raw = CLASS_RAW.get(str(value), str(value))
    _ctn(session, target).set("presetClass", raw)
    return f"presetClass={raw}"


@WRITERS.writer("animation.direction")
def animation_direction(session: Session, target: Target, value: Any) -> str:
    from officeeval.vocabulary.ppt import ANIMATION_SUBTYPES
    sub = next((k for k, v in ANIMATION_SUBTYPES.items() if v == str(value)), None)
    if sub is None:
        raise NotApplicable(f"no direction {value!r}")
    _ctn(session, target).set("presetSubtype", str(sub))
    return f"presetSubtype={sub}"


@WRITERS.writer("animation.duration")
def animation_duration(session: Session, target: Target, value: Any) -> str:
    """Every behaviour of the effect lasting ``value`` seconds."""
    ctn = _ctn(session, target)
    ms = str(int(round(float(value) * 1000)))
    changed = 0
    for el in ctn.iter(_P + "cTn"):
        if el is not ctn and (el.get("dur") or "").isdigit():
            el.set("dur", ms)
            changed += 1
    if not changed:
        raise NotApplicable("no behaviour with a duration")
    return f"durations {ms} ms"


@WRITERS.writer("animation.delay")
def animation_delay(session: Session, target: Target, value: Any) -> str:
    cond = _ctn(session, target).find(f"{_P}stCondLst/{_P}cond")
    if cond is None:
        raise NotApplicable("no start condition")
    cond.set("delay", str(int(round(float(value) * 1000))))
    return f"delay={cond.get('delay')}"


@WRITERS.writer("animation.by_paragraph")
def animation_by_paragraph(session: Session, target: Target, value: Any) -> str:
    """True: built by paragraph; false: as one object (its paragraph targets dropped)."""
    ctn = _ctn(session, target)
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


@WRITERS.writer("animation.target")
def animation_target(session: Session, target: Target, value: Any) -> str:
    """The effect animating the shape named ``value`` (on the same slide)."""
    shape = next((s for s in target.slide.sheet.all_shapes()  # type: ignore[attr-defined]
                  if s.id and s.name == str(value)), None)
    if shape is None:
        raise NotApplicable(f"no shape {value!r} to animate")
    ctn = _ctn(session, target)
    for tgt in ctn.iter(_P + "spTgt"):
        tgt.set("spid", shape.id)
    return f"target shape id {shape.id}"


@WRITERS.writer("animation.paragraph")
def animation_paragraph(session: Session, target: Target, value: Any) -> str:
    """The 1-based paragraph of its shape the effect animates."""
    ctn = _ctn(session, target)
    n = str(int(value) - 1)
    found = False
    for rng in ctn.iter(_P + "pRg"):
        rng.set("st", n)
        rng.set("end", n)
        found = True
    if not found:
        raise NotApplicable("the effect animates its whole shape")
    return f"paragraph {int(value)}"
