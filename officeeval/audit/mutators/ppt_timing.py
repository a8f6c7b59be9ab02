"""PowerPoint transition and animation mutants: a transition dropped or replaced, its
direction, duration or advance changed; an animation effect dropped or given another preset
or trigger (more details in ``ppt_more``)."""

from __future__ import annotations

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, refind,
)
from officeeval.audit.mutators.ppt_slides import plan_delete
from officeeval.ooxml.ns import MC, P, P14
from officeeval.rubric.model import Check
from officeeval.targets import Target

_P, _MC = f"{{{P}}}", f"{{{MC}}}"


# ------------------------------------------------------------------ transitions
def _drop_transition(root: etree._Element) -> None:
    for child in list(root):
        if child.tag == _P + "transition":
            root.remove(child)
        elif child.tag == _MC + "AlternateContent" and any(
                d.tag == _P + "transition" for d in child.iter()):
            root.remove(child)


def _plan_transition(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    from officeeval.ppt.transitions import find_transition, read_transition
    ref = [read_transition(targets[i].sheet.root) for i in idx]  # type: ignore[attr-defined]
    where = locators(targets, idx)
    out: list[Mutation] = []
    if any(r is not None for r in ref):
        def drop(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                ws.touch(edit, t.sheet.root)  # type: ignore[attr-defined]
                _drop_transition(t.sheet.root)  # type: ignore[attr-defined]
        out.append(Mutation(key=f"transition-drop|{where}", operator="drop:transition",
                            apply=drop, description=f"{where}: transition removed"))
    prop = check.property
    if prop == "transition.type":
        other = "wipe" if all(r is not None and r.type == "fade" for r in ref) else "fade"
        if all(r is not None and r.type == other for r in ref):
            other = "push"

        def retype(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                root = t.sheet.root  # type: ignore[attr-defined]
                ws.touch(edit, root)
                _drop_transition(root)
                tr = etree.Element(_P + "transition")
                etree.SubElement(tr, _P + other)
                timing = root.find(_P + "timing")
                root.insert(root.index(timing) if timing is not None else len(root), tr)
        out.append(Mutation(key=f"transition-type|{where}|{other}",
                            operator="direct:transition.type", apply=retype,
                            description=f"{where}: transition replaced by {other}"))
    elif prop == "transition.direction":
        def redirect(ws, edit) -> str:
            note = ""
            for t in refind(edit, check.select, idx):
                found = find_transition(t.sheet.root)  # type: ignore[attr-defined]
                effect = next((c for c in found[0] if isinstance(c.tag, str) and c.tag not in (
                    _P + "sndAc", _P + "extLst")), None) if found else None
                if effect is None:
                    raise NotApplicable("no transition effect")
                ws.touch(edit, effect)
                if effect.get("orient") is not None:
                    new = "vert" if effect.get("orient") != "vert" else "horz"
                    effect.set("orient", new)
                else:
                    cur = effect.get("dir") or ""
                    new = next(d for d in ("d", "u", "l", "r") if d != cur)
                    effect.set("dir", new)
                note = f"{etree.QName(effect).localname} direction {new}"
            return note
        out.append(Mutation(key=f"transition-dir|{where}", operator="direct:transition.direction",
                            apply=redirect, description=f"{where}: transition direction "
                                                        f"changed"))
    elif prop in ("transition.duration", "transition.advance_after",
                  "transition.advance_on_click"):
        def modify(ws, edit) -> str:
            note = ""
            for t in refind(edit, check.select, idx):
                found = find_transition(t.sheet.root)  # type: ignore[attr-defined]
                if found is None:
                    raise NotApplicable("no transition")
                el = found[0]
                ws.touch(edit, el)
                cur = read_transition(t.sheet.root)  # type: ignore[attr-defined]
                if prop == "transition.duration":
                    ms = int(round(((cur.duration if cur else 0.5) + 1.0) * 1000))
                    el.set(f"{{{P14}}}dur", str(ms))
                    note = f"p14:dur={ms}"
                elif prop == "transition.advance_after":
                    after = cur.advance_after if cur and cur.advance_after is not None else 0
                    el.set("advTm", str(int(round((after + 3) * 1000))))
                    note = f"advTm={el.get('advTm')}"
                else:
                    on = cur.advance_on_click if cur else True
                    el.set("advClick", "0" if on else "1")
                    note = f"advClick={el.get('advClick')}"
            return note
        out.append(Mutation(key=f"transition-value|{prop}|{where}", operator=f"direct:{prop}",
                            apply=modify, description=f"{where}: {prop} changed"))
    return out


# ------------------------------------------------------------------ animations
def _effect_ctn(t: Target) -> etree._Element:
    """The ``p:cTn`` of an animation target's effect, found the way the view reads effects."""
    from officeeval.ppt.animations import _sequences, read_effects, walk
    root = t.slide.sheet.root  # type: ignore[attr-defined]
    timing = root.find(_P + "timing")
    if timing is None:
        raise NotApplicable("no timing")
    ctns: list[etree._Element] = []
    for _, seq in _sequences(timing):
        taken: set[int] = set()
        for el in walk(seq):
            if el.tag != _P + "cTn" or el.get("presetClass") is None:
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
    effects = read_effects(root)
    for i, e in enumerate(effects):
        if e == t.effect and i < len(ctns):  # type: ignore[attr-defined]
            return ctns[i]
    raise NotApplicable("the effect is not found in the timing tree")


def _plan_animation(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    where = locators(targets, idx)
    out: list[Mutation] = []
    prop = check.property
    if prop == "animation.effect":
        from officeeval.vocabulary.ppt import PRESET_EFFECTS
        ref = targets[idx[0]].effect  # type: ignore[attr-defined]
        raw = {"entrance": "entr", "exit": "exit", "emphasis": "emph", "path": "path"}.get(
            ref.preset_class, ref.preset_class)
        options = [(k[1], v) for k, v in PRESET_EFFECTS.items() if k[0] == raw and v != ref.effect]
        preferred = [o for o in options if o[1] in ("fade", "appear", "fly_in", "wipe",
                                                    "disappear", "fly_out")] or options
        if preferred:
            pid, name = preferred[0]

            def reeffect(ws, edit) -> None:
                for t in refind(edit, check.select, idx):
                    ctn = _effect_ctn(t)
                    ws.touch(edit, ctn)
                    ctn.set("presetID", str(pid))
            out.append(Mutation(key=f"anim-effect|{where}|{pid}",
                                operator="direct:animation.effect", apply=reeffect,
                                description=f"{where}: effect changed to {name}"))
    elif prop == "animation.trigger":
        def retrigger(ws, edit) -> str:
            for t in refind(edit, check.select, idx):
                ctn = _effect_ctn(t)
                ws.touch(edit, ctn)
                node = ctn.get("nodeType")
                ctn.set("nodeType", "afterEffect" if node == "clickEffect" else "clickEffect")
            return f"nodeType={ctn.get('nodeType')}"
        out.append(Mutation(key=f"anim-trigger|{where}", operator="direct:animation.trigger",
                            apply=retrigger, description=f"{where}: trigger changed"))
    out += plan_delete(ctx, check, targets)
    return out
