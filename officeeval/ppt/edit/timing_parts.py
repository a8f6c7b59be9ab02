"""The parts of a slide's timing its writers edit: the slide's ``p:transition`` (removed, or
found to edit) and an animation target's effect, its ``p:cTn`` in the timing tree."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import MC, P
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target

_P, _MC = f"{{{P}}}", f"{{{MC}}}"


def slide_root(t: Target) -> etree._Element:
    """The root of a slide target's part; ``NotApplicable`` for any other target."""
    if t.kind != "slide":
        raise NotApplicable(f"not a slide: {t.kind}")
    return t.sheet.root  # type: ignore[attr-defined]


def drop_transition(session: Session, t: Target) -> None:
    """The slide's transition removed (and any alternate content holding one)."""
    root = slide_root(t)
    session.touch(root)
    for child in list(root):
        if child.tag == _P + "transition":
            root.remove(child)
        elif child.tag == _MC + "AlternateContent" and any(
                d.tag == _P + "transition" for d in child.iter()):
            root.remove(child)


def edited_transition(session: Session, t: Target) -> etree._Element:
    """The slide's ``p:transition`` (the branch the view reads), marked as changed;
    ``NotApplicable`` when the slide has none."""
    from officeeval.ppt.transitions import find_transition
    found = find_transition(slide_root(t))
    if found is None:
        raise NotApplicable("no transition")
    session.touch(found[0])
    return found[0]


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


def edited_ctn(session: Session, t: Target) -> etree._Element:
    """The effect's ``p:cTn`` (``effect_ctn``), marked as changed."""
    ctn = effect_ctn(t)
    session.touch(ctn)
    return ctn
