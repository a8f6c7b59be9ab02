"""Tab stops (制表位): a paragraph's effective list of custom stops.

Word merges ``w:tabs`` through the paragraph's chain from the lowest level up (document
defaults, table style, paragraph style and its ``basedOn`` ancestors, list level, the
paragraph's own ``w:pPr``): a ``w:tab`` adds or replaces the stop at its position, and a
``w:tab w:val="clear"`` removes the inherited stop at that position (ISO 29500 17.3.1.37).
A list level's own tab (``w:val="num"``) belongs to its numbering and is not listed. Word's
default stops (every ``w:defaultTabStop``) are not custom stops and are not listed either.
Writing a list of stops puts them in the paragraph's own ``w:tabs`` and clears the
inherited ones it does not hold.
"""

from __future__ import annotations

import math
from typing import Any

from lxml import etree

from officeeval import vocabulary
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import twips_to_pt
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import tab_stop_values
from officeeval.properties.writing import Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Measure, Observation, TabStop
from officeeval.word.edit.levels import content
from officeeval.word.edit.xml import insert_ppr_child, points, twips, wchild
from officeeval.word.resolvers import PARA_KINDS, para_property
from officeeval.word.runs import Level

_W = f"{{{W}}}"
_MAX_PT = 31680 / 20.0  # ST_SignedTwipsMeasure's bound for a tab position (22 in)

PROPERTIES = PropertySet()
WRITERS = WriterSet()

# The OOXML token of each tab alignment (the transitional left/right are read too).
_TAB_VAL = {"left": "left", "center": "center", "right": "right", "decimal": "decimal",
            "bar": "bar"}


def merged(levels: list[Level]) -> tuple[list[TabStop], str | None]:
    """The effective stops of LEVELS (highest priority first, as the resolvers hold them),
    in position order, and the source of the highest level that sets any ``w:tabs``
    (``None`` when none does)."""
    stops: dict[int, tuple[str, str]] = {}
    source = None
    align_vocab, leader_vocab = vocabulary.get("tab_alignment"), vocabulary.get("tab_leader")
    for lv in reversed(levels):
        tabs = lv.find("tabs")
        if tabs is None:
            continue
        source = lv.source
        for tab in tabs.iterchildren(_W + "tab"):
            # w:pos is twips or a universal measure (ST_SignedTwipsMeasure); keyed in twips.
            pt = twips_to_pt(tab.get(_W + "pos"))
            val = tab.get(_W + "val") or ""
            if pt is None or not math.isfinite(pt) or abs(pt) > _MAX_PT:
                continue
            pos = round(pt * 20)
            if val == "clear":
                stops.pop(pos, None)
                continue
            alignment = align_vocab.canonical(val)
            if alignment is None:
                continue  # "num" (a list level's tab) and unknown values
            leader = leader_vocab.canonical(tab.get(_W + "leader") or "none") or "none"
            stops[pos] = (alignment, leader)
    return [TabStop(a, Measure(pt=pos / 20.0), leader)
            for pos, (a, leader) in sorted(stops.items())], source


@PROPERTIES.prop("paragraph.tab_stops", T.TAB_STOPS, kinds=PARA_KINDS, breaks=tab_stop_values,
                 draft=Drafting(asked="feature", words=("制表位",)))
@para_property
def tab_stops(t, levels: list[Level], direct: bool) -> Observation | None:
    """The paragraph's tab stops (制表位), each ALIGN POSITION [LEADER] (right 6in, left 2cm
    dot), through the style chain and the paragraph's own settings, w:val="clear" removing
    an inherited stop; no custom stop is the empty list. contains checks one stop, with
    positions at the examiner's precision.

    With ``direct`` only the paragraph's own ``w:tabs`` count (``None`` without one)."""
    stops, source = merged(levels)
    if source is None:
        return None if direct else Observation([], "default")
    return Observation(stops, source)


def _paragraph_levels(t: Target) -> list[tuple[etree._Element, list]]:
    """Each ``w:pPr`` the target's tab stops are written into, with the chain levels whose
    stops it inherits (all but its own)."""
    if t.kind == "style":
        own = wchild(t.style.el, "pPr")  # type: ignore[attr-defined]
        return [(own, [lv for lv in t.ppr_levels()  # type: ignore[attr-defined]
                       if lv.props is not own])]
    paragraphs = [t] if t.kind == "paragraph" else content(t)
    out = []
    for p in paragraphs:
        ppr = wchild(p.el, "pPr", first=True)
        out.append((ppr, [lv for lv in p.ppr_levels() if lv.kind != "direct"]))
    return out


@WRITERS.writer("paragraph.tab_stops")
def write_tab_stops(session: Session, target: Target, value: Any) -> str:
    """The stops become exactly VALUE: the paragraph's own ``w:tabs`` lists them, and clears
    every inherited stop not among them."""
    stops = [s for s in (value or []) if isinstance(s, TabStop)]
    note = ""
    for ppr, inherited_levels in _paragraph_levels(target):
        inherited, _ = merged(inherited_levels)
        wanted = {int(twips(points(s.position) or 0.0)): s for s in stops}
        tabs = etree.Element(_W + "tabs")
        entries: list[tuple[int, etree._Element]] = []
        for s in inherited:
            pos = int(twips(points(s.position) or 0.0))
            if pos not in wanted:
                clear = etree.Element(_W + "tab")
                clear.set(_W + "val", "clear")
                clear.set(_W + "pos", str(pos))
                entries.append((pos, clear))
        for pos, s in wanted.items():
            el = etree.Element(_W + "tab")
            el.set(_W + "val", _TAB_VAL.get(s.alignment, "left"))
            if s.leader not in (None, "none"):
                el.set(_W + "leader", s.leader)
            el.set(_W + "pos", str(pos))
            entries.append((pos, el))
        for _, el in sorted(entries, key=lambda e: e[0]):
            tabs.append(el)
        if len(tabs):
            insert_ppr_child(ppr, tabs)
        else:
            old = ppr.find(_W + "tabs")
            if old is not None:
                ppr.remove(old)
        session.touch(ppr)
        note = f"w:tabs ({len(stops)} stop(s), {len(tabs) - len(stops)} cleared)"
    return note
