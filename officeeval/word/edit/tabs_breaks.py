"""Writers of tab stops (``w:tabs``) and of whether a paragraph starts on a new page
(``w:pageBreakBefore``, explicit page breaks, a new-page section break)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import TabStop
from officeeval.word import page_breaks, tab_stops
from officeeval.word.edit.levels import content
from officeeval.word.edit.paragraph import ppr_toggle
from officeeval.word.edit.font import valued
from officeeval.word.edit.xml import _W, insert_ppr_child, points, twips, wchild
from officeeval.word.targets import ParagraphTarget
from officeeval.word.text import iter_runs

WRITERS = WriterSet()
# The OOXML token of each tab alignment (the transitional left/right are read too).
_TAB_VAL = {"left": "left", "center": "center", "right": "right", "decimal": "decimal",
            "bar": "bar"}


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
        inherited, _ = tab_stops.merged(inherited_levels)
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


@WRITERS.writer("paragraph.page_break_before")
def write_page_break_before(session: Session, target: Target, value: Any) -> str:
    """On: ``w:pageBreakBefore``. Off: ``w:pageBreakBefore`` off, and for a body paragraph
    the explicit page breaks before it removed and a new-page section break before it made
    continuous — whatever made it start a page."""
    if target.kind == "style":
        ppr = wchild(target.style.el, "pPr")  # type: ignore[attr-defined]
        note = ppr_toggle(ppr, "pageBreakBefore", value)
        session.touch(ppr)
        return note
    paragraphs = [target] if target.kind == "paragraph" else content(target)
    note = ""
    for p in paragraphs:
        ppr = wchild(p.el, "pPr", first=True)
        note = ppr_toggle(ppr, "pageBreakBefore", value)
        session.touch(ppr)
        if not value and isinstance(p, ParagraphTarget):
            removed = _remove_breaks_before(session, p)
            if removed:
                note += f"; {removed}"
    return note


def _remove_breaks_before(session: Session, p: ParagraphTarget) -> str:
    doc = p.doc
    order = doc.blocks.order  # type: ignore[attr-defined]
    at = next((i for i, b in enumerate(order) if getattr(b, "el", None) is p.el), None)
    if at is None:
        return ""
    done = []
    # Leading breaks of this paragraph, trailing breaks of the previous one.
    n = _drop_page_breaks(session, p, leading=True)
    if at > 0 and isinstance(order[at - 1], ParagraphTarget):
        n += _drop_page_breaks(session, order[at - 1], leading=False)
    if n:
        done.append(f"{n} page break(s) removed")
    if page_breaks.walk(doc).starts.get(id(p.el)) == "section":
        section = doc.section_of(p)  # type: ignore[attr-defined]
        if section.sect_pr.getparent() is None:
            raise NotApplicable("the section's properties are made up")
        valued(section.sect_pr, "type", "continuous")
        session.touch(section.sect_pr)
        done.append("section break made continuous")
    return "; ".join(done)


def _drop_page_breaks(session: Session, p: ParagraphTarget, leading: bool) -> int:
    """Remove the explicit page breaks before the paragraph's first shown content
    (``leading``) or after its last; the number removed."""
    found: list[etree._Element] = []
    runs = list(iter_runs(p.el))
    children = [c for r in (runs if leading else reversed(runs))
                for c in (list(r) if leading else reversed(list(r)))]
    for c in children:
        if c.tag == _W + "br" and c.get(_W + "type") == "page":
            found.append(c)
        elif c.tag in (_W + "t", _W + "tab", _W + "drawing", _W + "sym", _W + "pict"):
            if c.tag != _W + "t" or c.text:
                break
    for c in found:
        parent = c.getparent()
        if parent is not None:
            parent.remove(c)
            session.touch(parent)
    return len(found)
