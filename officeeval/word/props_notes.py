"""Hyperlinks, notes and comments: a link's target, a footnote's or endnote's text,
number format and anchor, a comment's text, author and anchor; each with its writer."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.editing import rels_part, relationship, set_text
from officeeval.ooxml.ns import R
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.edit.xml import _W, wset
from officeeval.word.fields import HyperlinkTarget
from officeeval.word.notes import CommentTarget, NoteTarget

NOTE_KINDS = ("footnote", "endnote")
_R = f"{{{R}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


@prop("hyperlink.target", T.TEXT, kinds="hyperlink",
      draft=Drafting(called=("超链接",)),
      plan=Plan("hyperlink"))
def hyperlink_target(t, ctx):
    """Hyperlink target URL or anchor."""
    if not isinstance(t, HyperlinkTarget):
        return None
    v = t.target()
    return Observation(v, "direct") if v else None


@WRITERS.writer("hyperlink.target")
def write_hyperlink_target(session: Session, target: Target, value: Any) -> str:
    """The target of the link's relationship (a ``w:hyperlink`` range; a field hyperlink
    or an anchor has none)."""
    rng = getattr(target, "rng", None)
    el = rng.el if rng is not None else None
    if el is None or not el.get(_R + "id"):
        raise NotApplicable("a field hyperlink or an anchor only")
    rels = session.part(rels_part(target.part))  # type: ignore[attr-defined]
    rel = relationship(rels, el.get(_R + "id"))
    if rel is None:
        raise NotApplicable("the relationship is missing")
    old = rel.get("Target") or ""
    rel.set("Target", str(value))
    return f"{old} -> {value}"


def _note_text(t, ctx):
    if isinstance(t, (NoteTarget, CommentTarget)):
        return Observation(t.text, "direct")
    return None


def _text_writer(name: str) -> None:
    """Register the writer of ``name``: the note's or comment's text."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        nodes = list(target.el.iter(_W + "t"))  # type: ignore[attr-defined]
        if not nodes:
            raise NotApplicable("an empty note")
        set_text(nodes, str(value))
        session.touch(nodes[0])
        return f"text {value!r}"


@prop("footnote.text", T.TEXT, kinds=NOTE_KINDS,
      draft=Drafting(inserted_text=True),
      plan=Plan("text"), typed_text=True)
def note_text(t, ctx):
    """Footnote or endnote text."""
    return _note_text(t, ctx)


_text_writer("footnote.text")


@prop("comment.text", T.TEXT, kinds="comment",
      draft=Drafting(inserted_text=True),
      plan=Plan("text"), typed_text=True)
def comment_text(t, ctx):
    """Text of a comment (批注)."""
    return _note_text(t, ctx)


_text_writer("comment.text")


@prop("footnote.number_format", T.EnumType("number_format"), kinds=NOTE_KINDS)
def note_format(t, ctx):
    """Footnote numbering format."""
    if not isinstance(t, NoteTarget):
        return None
    fmt, src = t.number_format()
    if ctx.direct and src == "default":
        return None
    return Observation(fmt, src)


@WRITERS.writer("footnote.number_format")
def write_note_format(session: Session, target: Target, value: Any) -> str:
    """The numbering format of the note's kind, as a document setting in settings.xml
    (``w:footnotePr/w:numFmt``) and on every section that sets its own."""
    kind = target.kind  # footnote | endnote
    settings = target.doc.settings  # type: ignore[attr-defined]
    if settings is None:
        raise NotApplicable("no settings part")
    pr = settings.find(f"{_W}{kind}Pr")
    if pr is None:
        pr = etree.Element(f"{_W}{kind}Pr")
        settings.append(pr)
    wset(pr, "numFmt", val=str(value))
    session.touch(pr)
    for s in target.doc.sections:  # type: ignore[attr-defined]
        own = s.sect_pr.find(f"{_W}{kind}Pr")
        if own is not None and own.find(_W + "numFmt") is not None:
            wset(own, "numFmt", val=str(value))
            session.touch(own)
    return f"{kind} numFmt={value}"


def _anchor(t, ctx):
    if isinstance(t, (NoteTarget, CommentTarget)) and t.anchor is not None:
        return Observation(t.anchor, "direct")
    return None


@prop("footnote.anchor", T.TEXT, kinds=NOTE_KINDS,
      read_only="the text before the note's reference mark: write that paragraph's text")
def note_anchor(t, ctx):
    """Text of the referencing paragraph before the note's reference mark (the note is
    attached after it)."""
    return _anchor(t, ctx)


@prop("comment.anchor", T.TEXT, kinds="comment",
      read_only="the text the comment's range covers: write that text")
def comment_anchor(t, ctx):
    """The text a comment's range covers."""
    return _anchor(t, ctx)


@prop("comment.author", T.TEXT, kinds="comment")
def comment_author(t, ctx):
    """Author of a comment."""
    if isinstance(t, CommentTarget):
        return Observation(t.author, "direct")
    return None


@WRITERS.writer("comment.author")
def write_comment_author(session: Session, target: Target, value: Any) -> str:
    target.el.set(_W + "author", str(value))  # type: ignore[attr-defined]
    session.touch(target.el)  # type: ignore[attr-defined]
    return f"w:author={value!r}"
