"""Footnotes, endnotes and comments, in the order a reader meets their reference marks in the
main story (notes no reference points to come last; separator notes are not notes).

A note knows the text its reference mark follows in the referencing paragraph (``anchor``), so
a rubric can check that a footnote was put after the right words; a comment knows the text its
range covers.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.cache import cached_property
from officeeval.ooxml.ns import W
from officeeval.targets import Target
from officeeval.word.containers import BlockContainer
from officeeval.word.text import all_text

_W = f"{{{W}}}"
DEFAULT_FORMAT = {"footnote": "decimal", "endnote": "lowerRoman"}


class NoteTarget(BlockContainer, Target):
    """A footnote or endnote (``kind``)."""

    def __init__(self, doc, kind: str, el: etree._Element, index: int, part: str,
                 anchor: str | None, paragraph_el: etree._Element | None) -> None:
        Target.__init__(self, doc, f"{kind}[{index}]")
        self.kind = kind
        self.el = el
        self.container_el = el
        self.index = index
        self.part = part
        self.note_id = el.get(_W + "id") or ""
        self.anchor = anchor
        self.reference_paragraph = paragraph_el
        self.section = None

    @cached_property
    def text(self) -> str:
        return all_text(self.el).strip()

    def number_format(self) -> tuple[str, str]:
        """(format, source): the referencing section's ``w:footnotePr/w:numFmt``, else the
        document setting, else Word's default (decimal; lower Roman for endnotes)."""
        doc = self.doc
        tag = f"{self.kind}Pr"
        if self.reference_paragraph is not None:
            holder = _Holder(self.reference_paragraph)
            sect = doc.section_of(holder)  # type: ignore[attr-defined]
            pr = sect.child(tag) if sect is not None else None
            fmt = _fmt(pr)
            if fmt:
                return fmt, "direct"
        fmt = _fmt(doc.setting(tag))  # type: ignore[attr-defined]
        if fmt:
            return fmt, "settings"
        return DEFAULT_FORMAT[self.kind], "default"

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


class CommentTarget(BlockContainer, Target):
    kind = "comment"

    def __init__(self, doc, el: etree._Element, index: int, part: str,
                 anchor: str | None) -> None:
        Target.__init__(self, doc, f"comment[{index}]")
        self.el = el
        self.container_el = el
        self.index = index
        self.part = part
        self.comment_id = el.get(_W + "id") or ""
        self.author = el.get(_W + "author") or ""
        self.anchor = anchor
        self.section = None

    @cached_property
    def text(self) -> str:
        return all_text(self.el).strip()

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "name":
            return self.author
        return None


class _Holder:
    """A stand-in with an ``el`` so ``section_of`` can place a paragraph element."""

    section = None

    def __init__(self, el: etree._Element) -> None:
        self.el = el


def _fmt(pr: etree._Element | None) -> str | None:
    if pr is None:
        return None
    el = pr.find(_W + "numFmt")
    return el.get(_W + "val") if el is not None and el.get(_W + "val") else None


class Notes:
    """The document's notes and comments, built on first use."""

    def __init__(self, doc) -> None:
        self.doc = doc

    def _part(self, rel: str) -> tuple[str | None, etree._Element | None]:
        part = self.doc.package.related_one(self.doc.main, rel)
        return part, self.doc.package.xml_or_none(part)

    def _notes(self, kind: str) -> list[NoteTarget]:
        part, root = self._part(kind + "s")
        if root is None:
            return []
        by_id: dict[str, etree._Element] = {}
        for el in root.findall(_W + kind):
            if (el.get(_W + "type") or "normal") != "normal":
                continue  # separators and continuation notices
            by_id.setdefault(el.get(_W + "id") or "", el)
        refs = [r for r in self.doc.story_index(self.doc.main).note_refs if r.kind == kind]
        out: list[NoteTarget] = []
        used: set[str] = set()
        for r in refs:
            el = by_id.get(r.id)
            if el is None or r.id in used:
                continue
            used.add(r.id)
            out.append(NoteTarget(self.doc, kind, el, len(out) + 1, part or "", r.before,
                                  r.paragraph))
        for nid, el in by_id.items():
            if nid not in used:
                out.append(NoteTarget(self.doc, kind, el, len(out) + 1, part or "", None, None))
        return out

    @cached_property
    def footnotes(self) -> list[NoteTarget]:
        return self._notes("footnote")

    @cached_property
    def endnotes(self) -> list[NoteTarget]:
        return self._notes("endnote")

    @cached_property
    def comments(self) -> list[CommentTarget]:
        part, root = self._part("comments")
        if root is None:
            return []
        index = self.doc.story_index(self.doc.main)
        order = [r.id for r in index.note_refs if r.kind == "comment"]
        els = {el.get(_W + "id") or "": el for el in root.findall(_W + "comment")}
        ids = [i for i in dict.fromkeys(order) if i in els] + [i for i in els if i not in order]
        out: list[CommentTarget] = []
        for cid in ids:
            rng = index.comments.get(cid)
            out.append(CommentTarget(self.doc, els[cid], len(out) + 1, part or "",
                                     rng.text if rng is not None else None))
        return out
