"""Word mutants of fields and tables of contents: a typo in a merge field's name, another
field type, a mistyped instruction, a field deleted (its runs from ``begin`` to ``end``), the
TOC's outline levels or hyperlinks switched, a caption's SEQ identifier changed.

Field instructions live in ``w:fldSimple/@w:instr`` or in ``w:instrText`` runs between
``w:fldChar`` begin and separate; they are edited as one text per paragraph (``Slot`` list),
so an instruction split over several runs is handled like one."""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, refind,
)
from officeeval.audit.mutators.texts import typo
from officeeval.ooxml.ns import W
from officeeval.rubric.model import Check
from officeeval.targets import Target

_W = f"{{{W}}}"


class Slot:
    """One piece of instruction text: an ``instrText`` element's text or a
    ``fldSimple``'s ``instr`` attribute."""

    def __init__(self, el: etree._Element) -> None:
        self.el = el
        self.simple = el.tag == _W + "fldSimple"

    def get(self) -> str:
        return (self.el.get(_W + "instr") or "") if self.simple else (self.el.text or "")

    def set(self, value: str) -> None:
        if self.simple:
            self.el.set(_W + "instr", value)
        else:
            self.el.text = value


def slots(p_el: etree._Element) -> list[Slot]:
    return [Slot(el) for el in p_el.iter(_W + "fldSimple", _W + "instrText")]


def _paragraph(t: Target) -> etree._Element:
    info = getattr(t, "info", None)
    if info is not None and info.paragraph is not None:
        return info.paragraph
    el = getattr(t, "el", None)
    if el is not None and el.tag == _W + "p":
        return el
    raise NotApplicable(f"no paragraph holds {t.locator}")


def _edit_span(ss: list[Slot], start: int, end: int, fn: Callable[[str], str]) -> str:
    """Replace characters ``start:end`` of the joined slot text with ``fn(old)``."""
    pos = 0
    for s in ss:
        text = s.get()
        a, b = pos, pos + len(text)
        if a <= start < b:
            local = start - a
            old = text[local:min(len(text), end - a)]
            s.set(text[:local] + fn(old) + text[local + len(old):])
            return old
        pos = b
    raise NotApplicable("the instruction text was not found")


def _field_span(t: Target, ss: list[Slot]) -> tuple[int, int]:
    """Where this field's instruction starts in the joined text, and its type's end."""
    info = t.info  # type: ignore[attr-defined]
    joined = "".join(s.get() for s in ss)
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


def _field_mutation(check: Check, targets: list[Target], idx: list[int], what: str,
                    change: Callable[[Target, list[Slot]], str]) -> Mutation:
    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            p = _paragraph(t)
            ss = slots(p)
            if not ss:
                raise NotApplicable("no field instruction")
            note = change(t, ss)
            ws.touch(edit, p)
        return note

    return Mutation(key=f"field|{check.property}|{check.select}|{idx}",
                    operator=f"direct:{check.property}", apply=apply,
                    description=f"{locators(targets, idx)}: {what}")


def plan_field(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("field", "toc") for t in targets):
        return []
    prop = check.property

    def argument(t, ss) -> str:
        start, end = _field_span(t, ss)
        joined = "".join(s.get() for s in ss)
        arg = t.info.argument or ""
        i = joined.find(arg, end) if arg else -1
        if i < 0:
            raise NotApplicable("no argument")
        mid = i + len(arg) // 2
        return "argument " + _edit_span(ss, mid, mid + 1, typo)

    def ftype(t, ss) -> str:
        start, end = _field_span(t, ss)
        new = "REF" if t.info.type != "REF" else "SET"
        _edit_span(ss, start, end, lambda old: new)
        return f"type -> {new}"

    def instruction(t, ss) -> str:
        joined = "".join(s.get() for s in ss)
        span = None
        if check.op == "matches" and check.expected_value is not None:
            m = check.expected_value.search(joined)
            span = (m.start(), m.end()) if m else None
        elif check.expected:
            i = joined.find(check.expected)
            span = (i, i + len(check.expected)) if i >= 0 else None
        if span is None:
            span = _field_span(t, ss)
        mid = (span[0] + span[1]) // 2
        while mid < span[1] and joined[mid].isspace():
            mid += 1
        return "instruction " + _edit_span(ss, mid, mid + 1, typo)

    table = {"field.argument": (argument, "field name mistyped"),
             "field.type": (ftype, "another field type"),
             "field.instruction": (instruction, "field instruction mistyped"),
             "field.switches": (instruction, "field instruction mistyped")}
    if prop not in table:
        return []
    fn, what = table[prop]
    return [_field_mutation(check, targets, idx, what, fn)]


def plan_toc(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("toc", "field") for t in targets):
        return []
    prop = check.property

    def levels(t, ss) -> str:
        joined = "".join(s.get() for s in ss)
        m = re.search(r'\\o\s*"?(\d)\s*-\s*(\d)', joined)
        if m is None:
            raise NotApplicable("no outline-level switch")
        hi = int(m.group(2))
        new = str(hi - 1 if hi > 1 else hi + 1)
        _edit_span(ss, m.start(2), m.end(2), lambda old: new)
        return f"\\o levels to {new}"

    def hyperlinks(t, ss) -> str:
        joined = "".join(s.get() for s in ss)
        m = re.search(r"\\h\b", joined)
        if m is None:
            i = joined.upper().find("TOC")
            if i < 0:
                raise NotApplicable("no TOC instruction")
            _edit_span(ss, i, i + 3, lambda old: old + " \\h")
            return "\\h added"
        _edit_span(ss, m.start(), m.end(), lambda old: "")
        return "\\h removed"

    def page_numbers(t, ss) -> str:
        joined = "".join(s.get() for s in ss)
        m = re.search(r"\\n\b", joined)
        if m is None:
            i = joined.upper().find("TOC")
            _edit_span(ss, i, i + 3, lambda old: old + " \\n")
            return "\\n added"
        _edit_span(ss, m.start(), m.end(), lambda old: "")
        return "\\n removed"

    table = {"toc.levels": (levels, "outline levels changed"),
             "toc.hyperlinks": (hyperlinks, "hyperlink switch flipped"),
             "toc.page_numbers": (page_numbers, "page-number switch flipped")}
    if prop not in table:
        return []
    fn, what = table[prop]
    return [_field_mutation(check, targets, idx, what, fn)]


def plan_caption(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The caption's SEQ identifier changed (图 <-> 表), or the caption moved to the other
    side of its object."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "paragraph" for t in targets):
        return []
    if check.property == "caption.label":
        def apply(ws, edit) -> str:
            note = ""
            for t in refind(edit, check.select, idx):
                ss = slots(t.el)  # type: ignore[attr-defined]
                joined = "".join(s.get() for s in ss)
                m = re.search(r"SEQ\s+(\S+)", joined)
                if m is None:
                    raise NotApplicable("no SEQ field")
                new = "图" if m.group(1) != "图" else "表"
                _edit_span(ss, m.start(1), m.end(1), lambda old: new)
                ws.touch(edit, t.el)  # type: ignore[attr-defined]
                note = f"SEQ {m.group(1)} -> {new}"
            return note
        return [Mutation(key=f"caption-label|{check.select}|{idx}",
                         operator="direct:caption.label", apply=apply,
                         description=f"{locators(targets, idx)}: caption label changed")]
    if check.property == "caption.position":
        def move(ws, edit) -> str:
            for t in refind(edit, check.select, idx):
                el = t.el  # type: ignore[attr-defined]
                prev, nxt = el.getprevious(), el.getnext()
                ws.touch(edit, el)
                if nxt is not None and _is_object(nxt):
                    nxt.addnext(el)
                    return "caption moved below its object"
                if prev is not None and _is_object(prev):
                    prev.addprevious(el)
                    return "caption moved above its object"
                raise NotApplicable("no object next to the caption")
            return ""
        return [Mutation(key=f"caption-position|{check.select}|{idx}",
                         operator="direct:caption.position", apply=move,
                         description=f"{locators(targets, idx)}: caption moved to the other "
                                     f"side of its object")]
    return []


def _is_object(el: etree._Element) -> bool:
    if el.tag == _W + "tbl":
        return True
    return el.tag == _W + "p" and (el.find(f".//{_W}drawing") is not None
                                   or el.find(f".//{_W}pict") is not None)


# ------------------------------------------------------------------ deletion
def remove_field(ws, edit, t: Target) -> None:
    """Remove a field: a ``w:fldSimple`` element, or the runs from its ``begin`` to its
    ``end`` field character (when they are siblings)."""
    p = _paragraph(t)
    ss = slots(p)
    if not ss:
        raise NotApplicable("no field")
    start, _ = _field_span(t, ss)
    pos, slot = 0, None
    for s in ss:
        n = len(s.get())
        if pos <= start < pos + n:
            slot = s
            break
        pos += n
    if slot is None:
        raise NotApplicable("the field's instruction was not found")
    ws.touch(edit, p)
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
    if begin < 0 or end is None:
        raise NotApplicable("the field's runs are not siblings")
    parent = run.getparent()
    for el in siblings[begin:end + 1]:
        parent.remove(el)


def _has_char(el: etree._Element, kind: str) -> bool:
    return any(fc.get(_W + "fldCharType") == kind for fc in el.iter(_W + "fldChar"))


def plan_merge_fields(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    """The first merge field of the body given a mistyped name (``mail_merge.fields``)."""
    def apply(ws, edit) -> str:
        for p in edit.doc.root_el.iter(_W + "p"):
            ss = slots(p)
            joined = "".join(s.get() for s in ss)
            m = re.search(r"MERGEFIELD\s+\"?([^\s\"\\]+)", joined)
            if m:
                mid = (m.start(1) + m.end(1)) // 2
                old = _edit_span(ss, mid, mid + 1, typo)
                ws.touch(edit, p)
                return f"merge field {m.group(1)!r}: {old!r} changed"
        raise NotApplicable("no merge field")

    return [Mutation(key="merge-fields", operator="direct:mail_merge.fields", apply=apply,
                     description="the first merge field's name mistyped")]


PLANNERS: dict[str, Callable] = {
    "mail_merge.fields": plan_merge_fields,
    **{p: plan_field for p in ("field.argument", "field.type", "field.instruction",
                               "field.switches")},
    **{p: plan_toc for p in ("toc.levels", "toc.hyperlinks", "toc.page_numbers")},
    "caption.label": plan_caption, "caption.position": plan_caption,
}
