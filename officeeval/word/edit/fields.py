"""Writers of fields, tables of contents, captions and merge fields.

Field instructions live in ``w:fldSimple/@w:instr`` or in ``w:instrText`` runs between
``w:fldChar`` begin and separate; they are edited as one text per paragraph (``Slot``
list), so an instruction split over several runs is handled like one."""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.word.edit.xml import _W

WRITERS = WriterSet()


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


def _replace(ss: list[Slot], start: int, old: str, new: str) -> None:
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


def _field_slots(session: Session, t: Target) -> list[Slot]:
    if t.kind not in ("field", "toc"):
        raise NotApplicable(f"not a field: {t.kind}")
    p = field_paragraph(t)
    ss = slots(p)
    if not ss:
        raise NotApplicable("no field instruction")
    session.touch(p)
    return ss


@WRITERS.writer("field.type")
def field_type(session: Session, target: Target, value: Any) -> str:
    ss = _field_slots(session, target)
    start, end = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    _replace(ss, start, joined[start:end], str(value))
    return f"type -> {value}"


@WRITERS.writer("field.argument")
def field_argument(session: Session, target: Target, value: Any) -> str:
    ss = _field_slots(session, target)
    _, end = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    arg = target.info.argument or ""  # type: ignore[attr-defined]
    i = joined.find(arg, end) if arg else -1
    if i < 0:
        raise NotApplicable("no argument")
    _replace(ss, i, arg, str(value))
    return f"argument {arg!r} -> {value!r}"


def _rewrite(session: Session, target: Target, old: str, new: str, what: str) -> str:
    """``old`` (the instruction or switches as read) made ``new`` where it is written:
    the whole text when it is written as read, else the part that differs, found by the
    text just before it (a nested field or other spacing elsewhere in the instruction)."""
    ss = _field_slots(session, target)
    start, _ = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    i = joined.find(old, start) if old else -1
    if i >= 0:
        _replace(ss, i, old, new)
        return f"{what} {old!r} -> {new!r}"
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    q = 0
    while q < min(len(old), len(new)) - p and old[-1 - q] == new[-1 - q]:
        q += 1
    # The longest run of text before the change that is written as read locates it.
    for k in range(min(12, p), -1, -1):
        anchor = old[p - k:len(old) - q]
        i = joined.find(anchor, start) if anchor else -1
        if i >= 0:
            break
    else:
        raise NotApplicable(f"the field's {what} is not written as read")
    if i < 0:
        raise NotApplicable(f"the field's {what} is not written as read")
    _replace(ss, i + k, old[p:len(old) - q], new[p:len(new) - q])
    return f"{what} {old[p:len(old) - q]!r} -> {new[p:len(new) - q]!r}"


@WRITERS.writer("field.instruction")
def field_instruction(session: Session, target: Target, value: Any) -> str:
    return _rewrite(session, target, target.info.instruction, str(value),  # type: ignore
                    "instruction")


@WRITERS.writer("field.switches")
def field_switches(session: Session, target: Target, value: Any) -> str:
    """Everything from the instruction's first switch to its end replaced by ``value``."""
    ss = _field_slots(session, target)
    start, _ = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    raw = "".join(target.info.instruction_parts).strip()  # type: ignore[attr-defined]
    i = joined.find(raw, start) if raw else -1
    k = raw.find("\\")
    if i < 0 or k < 0:
        raise NotApplicable("the field's switches are not written as read")
    _replace(ss, i + k, raw[k:], str(value))
    return f"switches {raw[k:]!r} -> {value!r}"


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


@WRITERS.writer("field.result")
def field_result(session: Session, target: Target, value: Any) -> str:
    from officeeval.ooxml.editing import set_text
    nodes = result_nodes(target)
    if not nodes:
        raise NotApplicable("the field shows no result text")
    set_text(nodes, str(value))
    session.touch(nodes[0])
    return f"result {value!r}"


# ------------------------------------------------------------------ tables of contents
def _toc_slots(session: Session, target: Target) -> tuple[list[Slot], str]:
    if target.kind == "document":
        from officeeval.word.fields import tocs_of
        found = tocs_of(target)
        if not found:
            raise NotApplicable("no table of contents")
        target = found[0]
    ss = _field_slots(session, target)
    return ss, "".join(s.text for s in ss)


@WRITERS.writer("toc.levels")
def toc_levels(session: Session, target: Target, value: Any) -> str:
    ss, joined = _toc_slots(session, target)
    m = re.search(r'\\o\s*"?(\d)\s*-\s*(\d)', joined)
    if m is None:
        raise NotApplicable("no outline-level switch")
    _replace(ss, m.start(2), m.group(2), str(int(value)))
    return f"\\o levels to {int(value)}"


def _toc_switch(prop: str, name: str, on_means_present: bool) -> None:
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        ss, joined = _toc_slots(session, target)
        m = re.search(rf"\\{name}\b", joined)
        want = bool(value) == on_means_present
        if want and m is None:
            i = joined.upper().find("TOC")
            if i < 0:
                raise NotApplicable("no TOC instruction")
            _replace(ss, i, joined[i:i + 3], joined[i:i + 3] + f" \\{name}")
            return f"\\{name} added"
        if not want and m is not None:
            _replace(ss, m.start(), m.group(), "")
            return f"\\{name} removed"
        raise NotApplicable(f"\\{name} is already {'there' if want else 'absent'}")


_toc_switch("toc.hyperlinks", "h", on_means_present=True)
_toc_switch("toc.page_numbers", "n", on_means_present=False)


# ------------------------------------------------------------------ captions
@WRITERS.writer("caption.label")
def caption_label(session: Session, target: Target, value: Any) -> str:
    ss = slots(target.el)  # type: ignore[attr-defined]
    joined = "".join(s.text for s in ss)
    m = re.search(r"SEQ\s+(\S+)", joined)
    if m is None:
        raise NotApplicable("no SEQ field")
    _replace(ss, m.start(1), m.group(1), str(value))
    session.touch(target.el)  # type: ignore[attr-defined]
    return f"SEQ {m.group(1)} -> {value}"


def is_object(el: etree._Element) -> bool:
    """A table, or a paragraph holding a drawing or a VML picture."""
    if el.tag == _W + "tbl":
        return True
    return el.tag == _W + "p" and (el.find(f".//{_W}drawing") is not None
                                   or el.find(f".//{_W}pict") is not None)


@WRITERS.writer("caption.position")
def caption_position(session: Session, target: Target, value: Any) -> str:
    """The caption moved below (after) the object that follows it, or above (before) the
    one that precedes it."""
    el = target.el  # type: ignore[attr-defined]
    prev, nxt = el.getprevious(), el.getnext()
    session.touch(el)
    if value == "below" and nxt is not None and is_object(nxt):
        nxt.addnext(el)
        return "caption moved below its object"
    if value == "above" and prev is not None and is_object(prev):
        prev.addprevious(el)
        return "caption moved above its object"
    raise NotApplicable(f"no object to put the caption {value}")


@WRITERS.writer("mail_merge.fields")
def merge_fields(session: Session, target: Target, value: Any) -> str:
    """The merge fields of the body renamed, in order, where ``value`` names them
    differently."""
    wanted = list(value)
    i = 0
    note = ""
    for p in session.doc.root_el.iter(_W + "p"):  # type: ignore[attr-defined]
        ss = slots(p)
        joined = "".join(s.text for s in ss)
        for m in list(re.finditer(r"MERGEFIELD\s+\"?([^\s\"\\]+)", joined)):
            if i >= len(wanted):
                break
            if m.group(1) != wanted[i]:
                _replace(ss, m.start(1), m.group(1), str(wanted[i]))
                session.touch(p)
                note = f"merge field {m.group(1)!r} -> {wanted[i]!r}"
                joined = "".join(s.text for s in ss)
            i += 1
    if not note:
        raise NotApplicable("no merge field to rename")
    return note


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

