"""Fields and tables of contents: a field's type, instruction, argument, switches and
result, where a cross-reference points, a TOC's levels, switches and entries; each with its
writer, which edits the instruction text (``word.edit.fields``) or the result's runs.

A field's type is its first word upper-cased (``MERGEFIELD``), its argument the first
non-switch word (the merge field name, the SEQ label, the URL).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from officeeval.ooxml.editing import set_text
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.edit.fields import Slot, field_slots, field_span, replace_text, result_nodes
from officeeval.word.fields import FieldTarget, TocEntryTarget, TocTarget

FIELD_KINDS = ("field", "toc")
TOC_KINDS = ("toc", "document")

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


# ------------------------------------------------------------------ fields
def field_property(read: Callable) -> Callable:
    """Decorator: lift a reader of a field's ``FieldInfo`` to field and TOC targets."""
    @functools.wraps(read)
    def resolve(t, ctx):
        if not isinstance(t, (FieldTarget, TocTarget)):
            return None
        v = read(t.info)
        return Observation(v, "direct") if v is not None else None
    return resolve


@prop("field.type", T.TEXT, kinds=FIELD_KINDS,
      draft=Drafting(never_asked=True),
      plan=Plan("field", mistake="other_type", what="another field type"), implied_by="type")
@field_property
def field_type(info):
    """Field type (MERGEFIELD, PAGE, TOC …)."""
    return info.type or None


@WRITERS.writer("field.type")
def write_field_type(session: Session, target: Target, value: Any) -> str:
    ss = field_slots(session, target)
    start, end = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    replace_text(ss, start, joined[start:end], str(value))
    return f"type -> {value}"


@prop("field.instruction", T.TEXT, kinds=FIELD_KINDS,
      draft=Drafting(volatile=True, never_asked=True),
      plan=Plan("field", mistake="typo_instruction", what="field instruction mistyped"))
@field_property
def field_instruction(info):
    """Full field instruction text."""
    return info.instruction


def _rewrite(session: Session, target: Target, old: str, new: str, what: str) -> str:
    """``old`` (the instruction or switches as read) made ``new`` where it is written:
    the whole text when it is written as read, else the part that differs, found by the
    text just before it (a nested field or other spacing elsewhere in the instruction)."""
    ss = field_slots(session, target)
    start, _ = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    i = joined.find(old, start) if old else -1
    if i >= 0:
        replace_text(ss, i, old, new)
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
    replace_text(ss, i + k, old[p:len(old) - q], new[p:len(new) - q])
    return f"{what} {old[p:len(old) - q]!r} -> {new[p:len(new) - q]!r}"


@WRITERS.writer("field.instruction")
def write_field_instruction(session: Session, target: Target, value: Any) -> str:
    return _rewrite(session, target, target.info.instruction, str(value),  # type: ignore
                    "instruction")


@prop("field.argument", T.TEXT, kinds=FIELD_KINDS,
      plan=Plan("field", mistake="typo_argument", what="field name mistyped"))
@field_property
def field_argument(info):
    """First argument of the field (e.g. the merge field name)."""
    return info.argument


@WRITERS.writer("field.argument")
def write_field_argument(session: Session, target: Target, value: Any) -> str:
    ss = field_slots(session, target)
    _, end = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    arg = target.info.argument or ""  # type: ignore[attr-defined]
    i = joined.find(arg, end) if arg else -1
    if i < 0:
        raise NotApplicable("no argument")
    replace_text(ss, i, arg, str(value))
    return f"argument {arg!r} -> {value!r}"


@prop("field.result", T.TEXT, kinds=FIELD_KINDS,
      draft=Drafting(volatile=True),
      plan=Plan("text"))
@field_property
def field_result(info):
    """The field's current result text (what it shows)."""
    return info.result


@WRITERS.writer("field.result")
def write_field_result(session: Session, target: Target, value: Any) -> str:
    nodes = result_nodes(target)
    if not nodes:
        raise NotApplicable("the field shows no result text")
    set_text(nodes, str(value))
    session.touch(nodes[0])
    return f"result {value!r}"


@prop("field.switches", T.TEXT, kinds=FIELD_KINDS,
      draft=Drafting(never_asked=True),
      plan=Plan("field", mistake="typo_switches", what="field instruction mistyped"))
@field_property
def field_switches(info):
    r"""The field's switches as written (\o "1-3" \h)."""
    return info.switches


@WRITERS.writer("field.switches")
def write_field_switches(session: Session, target: Target, value: Any) -> str:
    """Everything from the instruction's first switch to its end replaced by ``value``."""
    ss = field_slots(session, target)
    start, _ = field_span(target, ss)
    joined = "".join(s.text for s in ss)
    raw = "".join(target.info.instruction_parts).strip()  # type: ignore[attr-defined]
    i = joined.find(raw, start) if raw else -1
    k = raw.find("\\")
    if i < 0 or k < 0:
        raise NotApplicable("the field's switches are not written as read")
    replace_text(ss, i + k, raw[k:], str(value))
    return f"switches {raw[k:]!r} -> {value!r}"


@prop("field.target_text", T.TEXT, kinds="field",
      read_only="the text of the paragraph holding the bookmark: write field.argument to "
                "point the cross-reference elsewhere, or that paragraph's text")
def field_target_text(t, ctx):
    """Where a cross-reference points (交叉引用): the text of the paragraph holding the
    bookmark a REF, PAGEREF or NOTEREF field names — the caption or heading it refers to
    (图 1 各月销售额), not the field's shown result. Nothing for another field or a
    missing bookmark; ``field[1]/target`` selects that paragraph itself."""
    from officeeval.word.navigation import cross_reference_target
    found = cross_reference_target(t)
    return Observation(found[0].text, "computed") if found else None


# ------------------------------------------------------------------ tables of contents
def _first_toc(t):
    if isinstance(t, TocTarget):
        return t
    if getattr(t, "kind", "") == "document":
        from officeeval.word.fields import tocs_of
        found = tocs_of(t)
        return found[0] if found else None
    return None


def _toc_slots(session: Session, target: Target) -> tuple[list[Slot], str]:
    if target.kind == "document":
        from officeeval.word.fields import tocs_of
        found = tocs_of(target)
        if not found:
            raise NotApplicable("no table of contents")
        target = found[0]
    ss = field_slots(session, target)
    return ss, "".join(s.text for s in ss)


@prop("toc.levels", T.INTEGER, kinds=TOC_KINDS,
      draft=Drafting(called=("目录",)),
      plan=Plan("toc", mistake="levels", what="outline levels changed"))
def toc_levels(t, ctx):
    """Deepest outline level the table of contents includes."""
    toc = _first_toc(t)
    if toc is None:
        return None
    got = toc.levels()
    return Observation(got[0], got[1]) if got else None


@WRITERS.writer("toc.levels")
def write_toc_levels(session: Session, target: Target, value: Any) -> str:
    ss, joined = _toc_slots(session, target)
    m = re.search(r'\\o\s*"?(\d)\s*-\s*(\d)', joined)
    if m is None:
        raise NotApplicable("no outline-level switch")
    replace_text(ss, m.start(2), m.group(2), str(int(value)))
    return f"\\o levels to {int(value)}"


@prop("toc.hyperlinks", T.BOOL, kinds=TOC_KINDS,
      draft=Drafting(called=("目录",)),
      plan=Plan("toc", mistake="flip", what="hyperlink switch flipped"))
def toc_hyperlinks(t, ctx):
    r"""Whether TOC entries are hyperlinks (\h)."""
    toc = _first_toc(t)
    return Observation(toc.info.switch("h") is not None, "direct") if toc else None


def _toc_switch(prop: str, name: str, on_means_present: bool) -> None:
    """Register the writer of ``prop``: the TOC's ``\\name`` switch added or removed (its
    presence is the value, or its negation when not ``on_means_present``)."""
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        ss, joined = _toc_slots(session, target)
        m = re.search(rf"\\{name}\b", joined)
        want = bool(value) == on_means_present
        if want and m is None:
            i = joined.upper().find("TOC")
            if i < 0:
                raise NotApplicable("no TOC instruction")
            replace_text(ss, i, joined[i:i + 3], joined[i:i + 3] + f" \\{name}")
            return f"\\{name} added"
        if not want and m is not None:
            replace_text(ss, m.start(), m.group(), "")
            return f"\\{name} removed"
        raise NotApplicable(f"\\{name} is already {'there' if want else 'absent'}")


_toc_switch("toc.hyperlinks", "h", on_means_present=True)


@prop("toc.page_numbers", T.BOOL, kinds=TOC_KINDS,
      draft=Drafting(called=("目录",)),
      plan=Plan("toc", mistake="flip", what="page-number switch flipped"))
def toc_page_numbers(t, ctx):
    r"""Whether TOC entries show page numbers (no \n)."""
    toc = _first_toc(t)
    if toc is None:
        return None
    n = toc.info.switch("n")
    return Observation(n is None, "direct")


_toc_switch("toc.page_numbers", "n", on_means_present=False)


@prop("toc.entries", T.INTEGER, kinds=TOC_KINDS,
      read_only="the entries Word generated when the field was last updated",
      draft=Drafting(volatile=True, called=("目录",)))
def toc_entries(t, ctx):
    """Number of entries (paragraphs with text) in the TOC's current result."""
    toc = _first_toc(t)
    return Observation(toc.entries(), "computed") if toc else None


@prop("toc.kind", T.TEXT, kinds=TOC_KINDS,
      read_only="how the table of contents is stored (a content control or a bare field)",
      draft=Drafting(never_asked=True, called=("目录",)))
def toc_kind(t, ctx):
    """How the TOC is held: content_control (Word's TOC gallery) or field."""
    toc = _first_toc(t)
    if toc is None:
        return None
    kind = "content_control" if "content" in toc.info.sdt_gallery.lower() else "field"
    return Observation(kind, "computed")


def _entry(read: Callable) -> Callable:
    @functools.wraps(read)
    def resolve(t, ctx):
        if not isinstance(t, TocEntryTarget):
            return None
        v = read(t)
        return Observation(v, "computed") if v is not None else None
    return resolve


_ENTRY_READ_ONLY = ("what Word wrote when the field was last updated: write the headings "
                    "and update the field")


@prop("toc_entry.text", T.TEXT, kinds="toc_entry", read_only=_ENTRY_READ_ONLY, typed_text=True)
@_entry
def toc_entry_text(t):
    """The heading text a table of contents entry shows (without its page number; a
    heading number and its text joined by a space)."""
    return t.text or None


@prop("toc_entry.level", T.INTEGER, kinds="toc_entry", read_only=_ENTRY_READ_ONLY)
@_entry
def toc_entry_level(t):
    """The level of a table of contents entry: n of its TOC n (目录 n) style."""
    return t.level


@prop("toc_entry.page", T.TEXT, kinds="toc_entry", read_only=_ENTRY_READ_ONLY)
@_entry
def toc_entry_page(t):
    """The page number a table of contents entry shows (as text: 3, iv); nothing when the
    TOC shows none (\\n)."""
    return t.page
