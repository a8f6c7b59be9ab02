"""Editing Word fields: their instruction text, the runs showing their result, and removing
one (what the field, TOC, caption and merge-field writers, ``word.props_fields`` and the
others, and the audit's deletions are built on).

Field instructions live in ``w:fldSimple/@w:instr`` or in ``w:instrText`` runs between
``w:fldChar`` begin and separate; they are edited as one text per paragraph (``Slot``
list), so an instruction split over several runs is handled like one."""

from __future__ import annotations

import re

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target
from officeeval.word.edit.xml import _W


class Slot:
    """One piece of instruction text: an ``instrText`` element's text or a
    ``fldSimple``'s ``instr`` attribute (``text`` reads and writes either)."""

    def __init__(self, el: etree._Element) -> None:
        self.el = el
        self.simple = el.tag == _W + "fldSimple"

    @property
    def text(self) -> str:
        return (self.el.get(_W + "instr") or "") if self.simple else (self.el.text or "")

    @text.setter
    def text(self, value: str) -> None:
        if self.simple:
            self.el.set(_W + "instr", value)
        else:
            self.el.text = value


def slots(p_el: etree._Element) -> list[Slot]:
    """The instruction pieces of a paragraph, in order."""
    return [Slot(el) for el in p_el.iter(_W + "fldSimple", _W + "instrText")]


def field_paragraph(t: Target) -> etree._Element:
    """The ``w:p`` holding a field or TOC target's instruction (a paragraph target's own)."""
    info = getattr(t, "info", None)
    if info is not None and info.paragraph is not None:
        return info.paragraph
    el = getattr(t, "el", None)
    if el is not None and el.tag == _W + "p":
        return el
    raise NotApplicable(f"no paragraph holds {t.locator}")


def replace_text(ss: list[Slot], start: int, old: str, new: str) -> None:
    """Replace ``old`` at ``start`` of the joined slot text with ``new``: character by
    character when they are as long (each stays in its slot), else in the slot where
    ``old`` starts (the rest of ``old`` removed from the slots after it)."""
    pieces = []
    pos = 0
    for s in ss:
        pieces.append((s, pos, s.text))
        pos += len(s.text)
    end = start + len(old)
    if len(old) == len(new):
        for i, ch in enumerate(new):
            at = start + i
            for s, a, text in pieces:
                if a <= at < a + len(text):
                    local = at - a
                    if text[local] != ch:
                        s.text = s.text[:local] + ch + s.text[local + 1:]
                    break
        return
    first = True
    for s, a, text in pieces:
        b = a + len(text)
        if b <= start or a >= end:
            continue
        lo, hi = max(start, a) - a, min(end, b) - a
        s.text = text[:lo] + (new if first else "") + text[hi:]
        first = False
    if first:
        raise NotApplicable("the instruction text was not found")


def field_span(t: Target, ss: list[Slot]) -> tuple[int, int]:
    """Where this field's instruction starts in the joined text, and its type's end."""
    info = t.info  # type: ignore[attr-defined]
    joined = "".join(s.text for s in ss)
    want = info.type
    arg = info.argument
    hits = list(re.finditer(r"(?<![A-Za-z])" + re.escape(want) + r"(?![A-Za-z])", joined,
                            re.I))
    for m in hits:
        tail = joined[m.end():m.end() + 200]
        if not arg or arg in tail:
            return m.start(), m.end()
    if hits:  # an argument that is itself a field code ({ MERGEFIELD 性别 }) is not raw text
        return hits[0].start(), hits[0].end()
    raise NotApplicable(f"{want} not found in the paragraph's instructions")


def field_slots(session: Session, t: Target) -> list[Slot]:
    """The instruction slots of a field or TOC target's paragraph (marked as changed);
    ``NotApplicable`` for another target or a paragraph without an instruction."""
    if t.kind not in ("field", "toc"):
        raise NotApplicable(f"not a field: {t.kind}")
    p = field_paragraph(t)
    ss = slots(p)
    if not ss:
        raise NotApplicable("no field instruction")
    session.touch(p)
    return ss


def result_nodes(t: Target) -> list[etree._Element]:
    """The ``w:t`` elements showing a field's result: inside a ``w:fldSimple``, or in the
    runs between its ``separate`` and ``end`` field characters."""
    p = field_paragraph(t)
    ss = slots(p)
    start, _ = field_span(t, ss)
    pos = 0
    for s in ss:
        if pos <= start < pos + len(s.text):
            if s.simple:
                return list(s.el.iter(_W + "t"))
            run = s.el.getparent()
            siblings = list(run.getparent())
            out, depth, seen_sep = [], 0, False
            for el in siblings[siblings.index(run):]:
                if _has_char(el, "begin"):
                    depth += 1
                if _has_char(el, "end"):
                    if depth == 0:
                        break
                    depth -= 1
                if _has_char(el, "separate") and depth == 0:
                    seen_sep = True
                    continue
                if seen_sep:
                    out += list(el.iter(_W + "t"))
            return out
        pos += len(s.text)
    return []


# ------------------------------------------------------------------ deletion
def _has_char(el: etree._Element, kind: str) -> bool:
    return any(fc.get(_W + "fldCharType") == kind for fc in el.iter(_W + "fldChar"))


def remove_field(session: Session, t: Target) -> None:
    """Remove a field: a ``w:fldSimple`` element, or the runs from its ``begin`` to its
    ``end`` field character — siblings in one paragraph, or, for a field whose result runs
    over paragraphs (a table of contents written with its entries), every run in document
    order from the begin to its end and the paragraphs left empty by that (a paragraph that
    closes a section is kept: removing it would merge two sections). Raises
    ``NotApplicable`` when the field's begin or end cannot be found."""
    p = field_paragraph(t)
    ss = slots(p)
    if not ss:
        raise NotApplicable("no field")
    start, _ = field_span(t, ss)
    pos, slot = 0, None
    for s in ss:
        n = len(s.text)
        if pos <= start < pos + n:
            slot = s
            break
        pos += n
    if slot is None:
        raise NotApplicable("the field's instruction was not found")
    session.touch(p)
    if slot.simple:
        slot.el.getparent().remove(slot.el)
        return
    run = slot.el.getparent()
    siblings = list(run.getparent())
    i = siblings.index(run)
    begin = i
    while begin >= 0 and not _has_char(siblings[begin], "begin"):
        begin -= 1
    depth, end = 0, None
    for j in range(max(begin, 0), len(siblings)):
        if _has_char(siblings[j], "begin"):
            depth += 1
        if _has_char(siblings[j], "end"):
            depth -= 1
            if depth == 0:
                end = j
                break
    if begin >= 0 and end is None:
        _remove_across_paragraphs(session, siblings[begin])
        return
    if begin < 0 or end is None:
        raise NotApplicable("the field's begin is not in the paragraph of its instruction")
    parent = run.getparent()
    for el in siblings[begin:end + 1]:
        parent.remove(el)


# A field spanning paragraphs is removed run by run; a hostile document may hold a field
# that never ends: at most this many runs are walked before giving up.
MAX_FIELD_RUNS = 100_000


def _remove_across_paragraphs(session: Session, begin: etree._Element) -> None:
    """Remove the runs from ``begin`` (a run holding a begin field character) to the run
    holding its matching end, in document order across paragraphs and hyperlinks; then the
    hyperlinks and paragraphs that held nothing else."""
    root = begin.getroottree().getroot()
    runs: list[etree._Element] = []
    depth, started, closed = 0, False, False
    for n, r in enumerate(root.iter(_W + "r")):
        if n > MAX_FIELD_RUNS:
            break
        if r is begin:
            started = True
        if not started:
            continue
        runs.append(r)
        for fc in r.iter(_W + "fldChar"):
            kind = fc.get(_W + "fldCharType")
            depth += kind == "begin"
            depth -= kind == "end"
        if depth == 0:
            closed = True
            break
    if not closed:
        raise NotApplicable("the field has no end")
    paragraphs: list[etree._Element] = []
    for r in runs:
        p = next((a for a in r.iterancestors(_W + "p")), None)
        if p is not None and not any(p is q for q in paragraphs):
            paragraphs.append(p)
        parent = r.getparent()
        session.touch(parent)
        parent.remove(r)
        if parent.tag == _W + "hyperlink" and parent.find(_W + "r") is None:
            parent.getparent().remove(parent)
    for p in paragraphs:
        ppr = p.find(_W + "pPr")
        empty = p.find(f".//{_W}r") is None
        if empty and (ppr is None or ppr.find(_W + "sectPr") is None) and p.getparent() is not None:
            session.touch(p.getparent())
            p.getparent().remove(p)

