"""Slide animations: ``p:timing`` walked into the ordered list of effects PowerPoint plays.

The main sequence (``p:seq`` with ``nodeType="mainSeq"``) holds click groups, each holding
time groups, each holding effects: the ``p:cTn`` elements carrying ``presetClass``. Effects
are listed in that document order, which is the playback order (the Animation Pane's order);
interactive sequences (effects triggered by clicking a shape) follow the main sequence.

For each effect: class (entrance/emphasis/exit/path), effect name from presetClass +
presetID (``vocabulary.ppt.PRESET_EFFECTS``), direction from presetSubtype for directional
effects, trigger from ``nodeType`` (clickEffect / withEffect / afterEffect), delay from the
effect's start condition, duration as the longest of its behaviours (delay + dur, doubled
for ``autoRev`` and times a finite ``repeatCount``), the trigger shape of an interactive
sequence (the shape whose click starts it), target
shape id (and paragraph for text built by paragraph), and the build type from
``p:bldLst`` (``p`` = by paragraph). ``mc:AlternateContent`` inside timing is resolved to
the understood branch so nothing is counted twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from lxml import etree

from officeeval.ooxml.ns import MC
from officeeval.ooxml.units import to_float, to_int
from officeeval.ppt.markup import children, first_child, p
from officeeval.vocabulary.ppt import (
    ANIMATION_CLASS_TOKENS, ANIMATION_SUBTYPES, DIRECTIONAL_EFFECTS, PRESET_EFFECTS,
)

_TRIGGERS = {"clickEffect": "on_click", "withEffect": "with_previous",
             "afterEffect": "after_previous"}
_ALTERNATE = f"{{{MC}}}AlternateContent"
_BEHAVIOURS = ("set", "anim", "animEffect", "animMotion", "animRot", "animScale",
               "animClr", "cmd", "audio", "video")


@dataclass(frozen=True)
class Effect:
    preset_class: str           # entrance | emphasis | exit | path | verb | media
    preset_id: int | None
    preset_subtype: int | None
    effect: str | None          # vocabulary token, None when the preset is unknown
    direction: str | None
    trigger: str | None         # on_click | with_previous | after_previous | on_shape_click
    delay: float                # seconds
    duration: float | None      # seconds; None when no behaviour has a finite duration
    shape_id: str | None
    paragraph: int | None       # 1-based paragraph when the effect animates one paragraph
    build: str | None           # p:bldP/@build of the target (p, whole, allAtOnce, cust)
    sequence: str               # main | interactive
    group_id: str | None
    trigger_shape_id: str | None = None  # interactive: the shape whose click starts it


def walk(el: etree._Element | None) -> Iterator[etree._Element]:
    """Depth-first over ``el`` and its descendants, AlternateContent resolved."""
    if el is None:
        return
    if next(el.iter(_ALTERNATE), None) is None:
        # Nothing to resolve: lxml's own depth-first walk, same order, no Python per level.
        yield from el.iter(etree.Element)
        return
    # An explicit stack, not nested generators: a timing tree is deep and a recursive
    # generator costs its depth on every element it yields.
    stack = [el]
    while stack:
        node = stack.pop()
        yield node
        kids = list(children(node))
        kids.reverse()
        stack.extend(kids)


def walk_tag(el: etree._Element | None, tag: str) -> Iterator[etree._Element]:
    """The elements of ``walk(el)`` named ``tag`` (Clark), in the same order: lxml's own
    tag filter when there is no AlternateContent to resolve (no Python per element)."""
    if el is None:
        return
    if next(el.iter(_ALTERNATE), None) is None:
        yield from el.iter(tag)
        return
    for node in walk(el):
        if node.tag == tag:
            yield node


_CTN, _SPTGT, _SEQ, _STCONDLST, _COND = p("cTn"), p("spTgt"), p("seq"), p("stCondLst"), \
    p("cond")
_CHILD_TN_LST, _TXEL, _PRG, _TNLST = p("childTnLst"), p("txEl"), p("pRg"), p("tnLst")


def _ms(value: str | None) -> float | None:
    v = to_float(value)
    return v / 1000.0 if v is not None and v >= 0 else None


def _start_delay(ctn: etree._Element) -> float:
    conds = ctn.find(_STCONDLST)
    if conds is None:
        return 0.0
    for cond in conds.iterchildren(_COND):
        d = _ms(cond.get("delay"))
        if d is not None:
            return d
    return 0.0


def behaviour_span(ctn: etree._Element) -> float | None:
    """Seconds a behaviour's time node runs: ``dur``, twice that when it plays back in
    reverse (``autoRev``, as emphasis effects such as pulse do), times a finite
    ``repeatCount`` (thousandths); ``None`` without a finite ``dur``."""
    dur = _ms(ctn.get("dur"))
    if dur is None:
        return None
    if (ctn.get("autoRev") or "") in ("1", "true"):
        dur *= 2
    repeat = to_float(ctn.get("repeatCount"))
    if repeat is not None and 0 < repeat <= 1_000_000:
        dur *= repeat / 1000.0
    return dur


def _duration(effect_ctn: etree._Element) -> float | None:
    best: float | None = None
    kids = effect_ctn.find(_CHILD_TN_LST)
    for el in walk_tag(kids, _CTN):
        if el is effect_ctn:
            continue
        dur = behaviour_span(el)
        if dur is None:
            continue
        total = _start_delay(el) + dur
        best = total if best is None else max(best, total)
    own = _ms(effect_ctn.get("dur"))
    if own is not None:
        best = own if best is None else max(best, own)
    return round(best, 3) if best is not None else None


def _target(effect_ctn: etree._Element) -> tuple[str | None, int | None]:
    for el in walk_tag(effect_ctn, _SPTGT):
        par = None
        tx = el.find(_TXEL)
        rg = tx.find(_PRG) if tx is not None else None
        if rg is not None:
            st = to_int(rg.get("st"))
            par = st + 1 if st is not None and st >= 0 else None
        return el.get("spid"), par
    return None, None


def _builds(timing: etree._Element) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    bld = first_child(timing, p("bldLst"))
    if bld is None:
        return out
    for b in children(bld):
        if b.tag == p("bldP"):
            out[(b.get("spid") or "", b.get("grpId") or "0")] = b.get("build") or "whole"
        elif b.tag == p("bldGraphic"):
            kind = "whole" if first_child(b, p("bldAsOne")) is not None else "sub"
            out[(b.get("spid") or "", b.get("grpId") or "0")] = kind
    return out


def trigger_shape_id(seq: etree._Element) -> str | None:
    """The id of the shape whose click starts an interactive sequence (its ``onClick``
    start condition's target)."""
    ctn = first_child(seq, p("cTn"))
    conds = first_child(ctn, p("stCondLst")) if ctn is not None else None
    for cond in conds.findall(p("cond")) if conds is not None else []:
        tgt = cond.find(f"{p('tgtEl')}/{p('spTgt')}")
        if tgt is not None and tgt.get("spid"):
            return tgt.get("spid")
    return None


def _sequences(timing: etree._Element) -> list[tuple[str, etree._Element]]:
    seqs = []
    for el in walk_tag(timing.find(_TNLST), _SEQ):
        ctn = el.find(_CTN)
        node = ctn.get("nodeType") if ctn is not None else None
        if node == "mainSeq":
            seqs.insert(0, ("main", el))
        elif node == "interactiveSeq":
            seqs.append(("interactive", el))
    return seqs


def _inside_effect(ctn: etree._Element, seq: etree._Element) -> bool:
    """Whether ``ctn`` sits inside another effect's time node (its own behaviours)."""
    anc = ctn.getparent()
    while anc is not None and anc is not seq:
        if anc.tag == _CTN and anc.get("presetClass") is not None:
            return True
        anc = anc.getparent()
    return False


def read_effects(slide_root: etree._Element) -> list[Effect]:
    """Every animation effect of a slide in playback order; ``[]`` without timing."""
    timing = first_child(slide_root, p("timing"))
    if timing is None:
        return []
    builds = _builds(timing)
    out: list[Effect] = []
    for seq_kind, seq in _sequences(timing):
        for el in walk_tag(seq, _CTN):
            if el.get("presetClass") is None or _inside_effect(el, seq):
                continue
            raw_class = el.get("presetClass") or ""
            cls = ANIMATION_CLASS_TOKENS.get(raw_class, raw_class)
            pid, sub = to_int(el.get("presetID")), to_int(el.get("presetSubtype"))
            effect = PRESET_EFFECTS.get((raw_class, pid)) if pid is not None else None
            if effect is None and cls == "path":
                effect = "motion_path"  # a preset path the table does not name
            direction = ANIMATION_SUBTYPES.get(sub) if (
                effect in DIRECTIONAL_EFFECTS and sub is not None) else None
            trigger = _TRIGGERS.get(el.get("nodeType") or "")
            if seq_kind == "interactive" and trigger == "on_click":
                trigger = "on_shape_click"
            shape_id, paragraph = _target(el)
            grp = el.get("grpId")
            build = builds.get((shape_id or "", grp or "0")) if shape_id else None
            out.append(Effect(cls, pid, sub, effect, direction, trigger, _start_delay(el),
                              _duration(el), shape_id, paragraph, build, seq_kind, grp,
                              trigger_shape_id(seq) if seq_kind == "interactive" else None))
    return out


def effect_nodes(slide_root: etree._Element) -> list[etree._Element]:
    """The ``p:cTn`` of every effect of a slide, in the order ``read_effects`` lists the
    effects (an effect nested in another's node is part of it)."""
    timing = first_child(slide_root, p("timing"))
    if timing is None:
        return []
    ctns: list[etree._Element] = []
    for _, seq in _sequences(timing):
        taken: set[int] = set()
        for el in walk(seq):
            if el.tag != p("cTn") or el.get("presetClass") is None:
                continue
            anc, nested = el.getparent(), False
            while anc is not None and anc is not seq:
                if id(anc) in taken:
                    nested = True
                    break
                anc = anc.getparent()
            if not nested:
                taken.add(id(el))
                ctns.append(el)
    return ctns
