"""Resolvers for drawing objects, fields, tables of contents, hyperlinks, notes and comments.

Sizes are points; wrap types the ``wrap_type`` vocabulary tokens (``inline`` = 嵌入型,
``square`` = 四周型 …). A field's type is its first word upper-cased (``MERGEFIELD``), its
argument the first non-switch word (the merge field name, the SEQ label, the URL).
"""

from __future__ import annotations

from typing import Callable

from officeeval.values import Measure, Observation
from officeeval.word.drawings import DrawingTarget
from officeeval.word.fields import FieldTarget, HyperlinkTarget, TocTarget
from officeeval.word.notes import CommentTarget, NoteTarget

DRAWING_KINDS = ("image", "shape", "textbox", "chart", "smartart")


def _drawing(read: Callable) -> Callable:
    def resolve(t, ctx):
        if not isinstance(t, DrawingTarget):
            return None
        return read(t)
    return resolve


def _size(i: int):
    def read(t: DrawingTarget):
        v = t.size[i]
        return Observation(Measure(v), "direct") if v is not None and v > 0 else None
    return read


def _opt(attr: str, source: str = "direct"):
    def read(t: DrawingTarget):
        v = getattr(t, attr)
        return Observation(v, source) if v is not None else None
    return read


DRAWING_RESOLVERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "image.width": (DRAWING_KINDS, _drawing(_size(0))),
    "image.height": (DRAWING_KINDS, _drawing(_size(1))),
    "image.wrap": (DRAWING_KINDS, _drawing(_opt("wrap"))),
    "image.alt_text": (DRAWING_KINDS, _drawing(_opt("alt_text"))),
    "shape.text": (("shape", "textbox", "smartart"), _drawing(
        lambda t: Observation(t.text, "direct"))),
    "shape.wordart": (("shape", "textbox"), _drawing(
        lambda t: Observation(t.wordart, "direct"))),
}


def _smartart_layout(t: DrawingTarget):
    uid = t.smartart_layout_id()
    if not uid:
        return None
    try:
        from officeeval.vocabulary.ppt import SMARTART_LAYOUT_IDS as ids
    except ImportError:
        ids = {}
    token = ids.get(uid) or uid.rstrip("/").rsplit("/", 1)[-1]
    return Observation(token, "direct")


def _smartart_layout_id(t: DrawingTarget):
    uid = t.smartart_layout_id()
    return Observation(uid, "direct") if uid else None


# Names PowerPoint defines; bound for Word when defined (see properties/word.py).
DRAWING_EXTRA: dict[str, Callable] = {
    "shape.geometry": _drawing(_opt("geometry")),
    "shape.fill.color": _drawing(_opt("fill_color")),
    "shape.name": _drawing(_opt("name")),
    "smartart.layout": _drawing(_smartart_layout),
    "smartart.layout_id": _drawing(_smartart_layout_id),
    "smartart.nodes": _drawing(lambda t: Observation(t.smartart_nodes(), "direct")),
}


# ------------------------------------------------------------------ fields
def _field(read: Callable) -> Callable:
    def resolve(t, ctx):
        if not isinstance(t, (FieldTarget, TocTarget)):
            return None
        v = read(t.info)
        return Observation(v, "direct") if v is not None else None
    return resolve


FIELD_RESOLVERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "field.type": (("field", "toc"), _field(lambda i: i.type or None)),
    "field.instruction": (("field", "toc"), _field(lambda i: i.instruction)),
    "field.argument": (("field", "toc"), _field(lambda i: i.argument)),
    "field.result": (("field", "toc"), _field(lambda i: i.result)),
    "field.switches": (("field", "toc"), _field(lambda i: i.switches)),
}


# ------------------------------------------------------------------ tables of contents
def _first_toc(t):
    if isinstance(t, TocTarget):
        return t
    if getattr(t, "kind", "") == "document":
        from officeeval.word.fields import tocs_of
        found = tocs_of(t)
        return found[0] if found else None
    return None


def toc_levels(t, ctx):
    toc = _first_toc(t)
    if toc is None:
        return None
    got = toc.levels()
    return Observation(got[0], got[1]) if got else None


def toc_hyperlinks(t, ctx):
    toc = _first_toc(t)
    return Observation(toc.info.switch("h") is not None, "direct") if toc else None


def toc_page_numbers(t, ctx):
    toc = _first_toc(t)
    if toc is None:
        return None
    n = toc.info.switch("n")
    return Observation(n is None, "direct")


def toc_entries(t, ctx):
    toc = _first_toc(t)
    return Observation(toc.entries(), "computed") if toc else None


def toc_kind(t, ctx):
    toc = _first_toc(t)
    if toc is None:
        return None
    kind = "content_control" if "content" in toc.info.sdt_gallery.lower() else "field"
    return Observation(kind, "computed")


TOC_RESOLVERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "toc.levels": (("toc", "document"), toc_levels),
    "toc.hyperlinks": (("toc", "document"), toc_hyperlinks),
    "toc.page_numbers": (("toc", "document"), toc_page_numbers),
    "toc.entries": (("toc", "document"), toc_entries),
    "toc.kind": (("toc", "document"), toc_kind),
}


# ------------------------------------------------------------------ links and notes
def hyperlink_target(t, ctx):
    if not isinstance(t, HyperlinkTarget):
        return None
    v = t.target()
    return Observation(v, "direct") if v else None


def note_text(t, ctx):
    if isinstance(t, (NoteTarget, CommentTarget)):
        return Observation(t.text, "direct")
    return None


def note_format(t, ctx):
    if not isinstance(t, NoteTarget):
        return None
    fmt, src = t.number_format()
    if ctx.direct and src == "default":
        return None
    return Observation(fmt, src)


def note_anchor(t, ctx):
    if isinstance(t, (NoteTarget, CommentTarget)) and t.anchor is not None:
        return Observation(t.anchor, "direct")
    return None


def comment_author(t, ctx):
    if isinstance(t, CommentTarget):
        return Observation(t.author, "direct")
    return None


NOTE_RESOLVERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "hyperlink.target": (("hyperlink",), hyperlink_target),
    "footnote.text": (("footnote", "endnote"), note_text),
    "footnote.number_format": (("footnote", "endnote"), note_format),
    "footnote.anchor": (("footnote", "endnote"), note_anchor),
    "comment.text": (("comment",), note_text),
    "comment.author": (("comment",), comment_author),
    "comment.anchor": (("comment",), note_anchor),
}
