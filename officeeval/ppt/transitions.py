"""Slide transitions: ``p:transition`` read from the richest branch understood.

PowerPoint 2010+ writes new transitions (and durations) inside ``mc:AlternateContent``: a
``p14`` (or ``p15``/``p159``) Choice holding the real transition and a Fallback holding a
PowerPoint 2007 approximation (often ``p:fade``). The Choice is read when its namespaces are
understood, as Office does.

Duration: ``p14:dur`` (milliseconds) when present, else the legacy ``spd`` (fast 0.5 s,
med 0.75 s, slow 1 s; the schema default is fast).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.units import to_float
from officeeval.ppt.markup import P14, P15, local_name, on, p, resolve_alternate
from officeeval.vocabulary.ppt import (
    TRANSITION_ELEMENTS, TRANSITION_PRESETS, TRANSITION_SPEED_SECONDS,
)

_DIRECTION_ATTRS = ("dir", "orient", "pattern")


@dataclass(frozen=True)
class Transition:
    """``type`` is a ``transition`` vocabulary token (``none`` for a transition element
    with no effect), ``element`` the effect element's local name, ``direction`` its
    ``dir``/``orient`` option, ``duration`` seconds with ``duration_source``
    (``p14:dur``, ``spd`` or ``default``), ``advance_after`` seconds or ``None``."""

    type: str
    element: str
    direction: str | None
    duration: float
    duration_source: str
    advance_on_click: bool
    advance_after: float | None
    branch: str  # "direct", "choice" or "fallback"
    options: tuple[tuple[str, str], ...] = ()


def find_transition(root: etree._Element) -> tuple[etree._Element, str] | None:
    """The ``p:transition`` in force on a slide root and the branch it came from
    (``direct``, ``choice`` or ``fallback``)."""
    for child in root:
        if not isinstance(child.tag, str):
            continue
        if child.tag == p("transition"):
            return child, "direct"
        if local_name(child) == "AlternateContent":
            for c in resolve_alternate(child):
                if c.tag == p("transition"):
                    parent = c.getparent()
                    branch = "fallback" if parent is not None and local_name(
                        parent) == "Fallback" else "choice"
                    return c, branch
    return None


def read_transition(root: etree._Element) -> Transition | None:
    """The slide's transition; ``None`` when it has no ``p:transition``."""
    found = find_transition(root)
    if found is None:
        return None
    el, branch = found
    effect = None
    for child in el:
        if not isinstance(child.tag, str) or child.tag in (p("sndAc"), p("extLst")):
            continue
        effect = child
        break
    token, name, direction, options = "none", "", None, ()
    if effect is not None:
        name = local_name(effect)
        if effect.tag == f"{{{P15}}}prstTrans":
            preset = effect.get("prst") or ""
            token = TRANSITION_PRESETS.get(preset, preset or "unknown")
        else:
            token = TRANSITION_ELEMENTS.get(name, name)
        for attr in _DIRECTION_ATTRS:
            if effect.get(attr):
                direction = effect.get(attr)
                break
        options = tuple(sorted((k, v) for k, v in effect.attrib.items() if "}" not in k))
    dur_ms = to_float(el.get(f"{{{P14}}}dur"))
    if dur_ms is not None and dur_ms >= 0:
        duration, dsource = dur_ms / 1000.0, "p14:dur"
    elif el.get("spd") in TRANSITION_SPEED_SECONDS:
        duration, dsource = TRANSITION_SPEED_SECONDS[el.get("spd")], "spd"
    else:
        duration, dsource = TRANSITION_SPEED_SECONDS["fast"], "default"
    adv_tm = to_float(el.get("advTm"))
    return Transition(token, name, direction, duration, dsource,
                      on(el.get("advClick"), True),
                      adv_tm / 1000.0 if adv_tm is not None and adv_tm >= 0 else None,
                      branch, options)

