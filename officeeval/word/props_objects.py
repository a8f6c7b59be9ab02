"""Resolvers for drawing objects, fields, tables of contents, hyperlinks, notes and comments.

Sizes are points; wrap types the ``wrap_type`` vocabulary tokens (``inline`` = 嵌入型,
``square`` = 四周型 …). A field's type is its first word upper-cased (``MERGEFIELD``), its
argument the first non-switch word (the merge field name, the SEQ label, the URL).
"""

from __future__ import annotations

import functools
from typing import Callable

from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.values import Measure, Observation
from officeeval.word.drawings import DrawingTarget
from officeeval.word.fields import FieldTarget, HyperlinkTarget, TocEntryTarget, TocTarget
from officeeval.word.notes import CommentTarget, NoteTarget

DRAWING_KINDS = ("image", "shape", "textbox", "chart", "smartart")
FIELD_KINDS = ("field", "toc")
TOC_KINDS = ("toc", "document")
NOTE_KINDS = ("footnote", "endnote")

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


def drawing_property(read: Callable) -> Callable:
    """Decorator: lift a reader of a drawing to a resolver (``None`` on other targets)."""
    @functools.wraps(read)
    def resolve(t, ctx):
        if not isinstance(t, DrawingTarget):
            return None
        return read(t)
    return resolve


def _size(t: DrawingTarget, i: int):
    v = t.size[i]
    return Observation(Measure(v), "direct") if v is not None and v > 0 else None


def _opt(t: DrawingTarget, attr: str, source: str = "direct"):
    v = getattr(t, attr)
    return Observation(v, source) if v is not None else None


@prop("image.width", T.LENGTH_ABS, kinds=DRAWING_KINDS)
@drawing_property
def image_width(t: DrawingTarget):
    """Image width."""
    return _size(t, 0)


@prop("image.height", T.LENGTH_ABS, kinds=DRAWING_KINDS)
@drawing_property
def image_height(t: DrawingTarget):
    """Image height."""
    return _size(t, 1)


@binds("shape.width", kinds=DRAWING_KINDS)
@drawing_property
def shape_width(t: DrawingTarget):
    return _size(t, 0)


@binds("shape.height", kinds=DRAWING_KINDS)
@drawing_property
def shape_height(t: DrawingTarget):
    return _size(t, 1)


@prop("image.wrap", T.EnumType("wrap_type"), kinds=DRAWING_KINDS)
@drawing_property
def image_wrap(t: DrawingTarget):
    """Text wrapping (嵌入型, 四周型环绕 …)."""
    return _opt(t, "wrap")


@prop("image.alt_text", T.TEXT, kinds=DRAWING_KINDS)
@drawing_property
def image_alt_text(t: DrawingTarget):
    """Alternative text of a picture or shape (descr or title)."""
    return _opt(t, "alt_text")


@prop("shape.text", T.TEXT, kinds=("shape", "textbox", "smartart"))
@drawing_property
def shape_text(t: DrawingTarget):
    """Text inside a shape or text box."""
    return Observation(t.text, "direct")


@prop("shape.wordart", T.BOOL, kinds=("shape", "textbox"))
@drawing_property
def shape_wordart(t: DrawingTarget):
    """Whether a shape is WordArt (艺术字): a VML text path or a text shape with a text
    warp."""
    return Observation(t.wordart, "direct")


@binds("shape.geometry", kinds=("shape", "textbox"))
@drawing_property
def shape_geometry(t: DrawingTarget):
    return _opt(t, "geometry")


@binds("shape.fill.color", kinds=("shape", "textbox"))
@drawing_property
def shape_fill_color(t: DrawingTarget):
    return _opt(t, "fill_color")


@binds("shape.name", kinds=DRAWING_KINDS)
@drawing_property
def shape_name(t: DrawingTarget):
    return _opt(t, "name")


@binds("smartart.layout", kinds="smartart")
@drawing_property
def smartart_layout(t: DrawingTarget):
    uid = t.smartart_layout_id()
    if not uid:
        return None
    from officeeval.vocabulary.ppt import SMARTART_LAYOUT_IDS as ids
    token = ids.get(uid) or uid.rstrip("/").rsplit("/", 1)[-1]
    return Observation(token, "direct")


@binds("smartart.layout_id", kinds="smartart")
@drawing_property
def smartart_layout_id(t: DrawingTarget):
    uid = t.smartart_layout_id()
    return Observation(uid, "direct") if uid else None


@binds("smartart.nodes", kinds="smartart")
@drawing_property
def smartart_nodes(t: DrawingTarget):
    return Observation(t.smartart_nodes(), "direct")


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


@prop("field.type", T.TEXT, kinds=FIELD_KINDS)
@field_property
def field_type(info):
    """Field type (MERGEFIELD, PAGE, TOC …)."""
    return info.type or None


@prop("field.instruction", T.TEXT, kinds=FIELD_KINDS)
@field_property
def field_instruction(info):
    """Full field instruction text."""
    return info.instruction


@prop("field.argument", T.TEXT, kinds=FIELD_KINDS)
@field_property
def field_argument(info):
    """First argument of the field (e.g. the merge field name)."""
    return info.argument


@prop("field.result", T.TEXT, kinds=FIELD_KINDS)
@field_property
def field_result(info):
    """The field's current result text (what it shows)."""
    return info.result


@prop("field.switches", T.TEXT, kinds=FIELD_KINDS)
@field_property
def field_switches(info):
    r"""The field's switches as written (\o "1-3" \h)."""
    return info.switches


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


@prop("toc.levels", T.INTEGER, kinds=TOC_KINDS)
def toc_levels(t, ctx):
    """Deepest outline level the table of contents includes."""
    toc = _first_toc(t)
    if toc is None:
        return None
    got = toc.levels()
    return Observation(got[0], got[1]) if got else None


@prop("toc.hyperlinks", T.BOOL, kinds=TOC_KINDS)
def toc_hyperlinks(t, ctx):
    r"""Whether TOC entries are hyperlinks (\h)."""
    toc = _first_toc(t)
    return Observation(toc.info.switch("h") is not None, "direct") if toc else None


@prop("toc.page_numbers", T.BOOL, kinds=TOC_KINDS)
def toc_page_numbers(t, ctx):
    r"""Whether TOC entries show page numbers (no \n)."""
    toc = _first_toc(t)
    if toc is None:
        return None
    n = toc.info.switch("n")
    return Observation(n is None, "direct")


@prop("toc.entries", T.INTEGER, kinds=TOC_KINDS,
      read_only="the entries Word generated when the field was last updated")
def toc_entries(t, ctx):
    """Number of entries (paragraphs with text) in the TOC's current result."""
    toc = _first_toc(t)
    return Observation(toc.entries(), "computed") if toc else None


@prop("toc.kind", T.TEXT, kinds=TOC_KINDS,
      read_only="how the table of contents is stored (a content control or a bare field)")
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


@prop("toc_entry.text", T.TEXT, kinds="toc_entry", read_only=_ENTRY_READ_ONLY)
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


# ------------------------------------------------------------------ links and notes
@prop("hyperlink.target", T.TEXT, kinds="hyperlink")
def hyperlink_target(t, ctx):
    """Hyperlink target URL or anchor."""
    if not isinstance(t, HyperlinkTarget):
        return None
    v = t.target()
    return Observation(v, "direct") if v else None


def _note_text(t, ctx):
    if isinstance(t, (NoteTarget, CommentTarget)):
        return Observation(t.text, "direct")
    return None


@prop("footnote.text", T.TEXT, kinds=NOTE_KINDS)
def note_text(t, ctx):
    """Footnote or endnote text."""
    return _note_text(t, ctx)


@prop("comment.text", T.TEXT, kinds="comment")
def comment_text(t, ctx):
    """Text of a comment (批注)."""
    return _note_text(t, ctx)


@prop("footnote.number_format", T.EnumType("number_format"), kinds=NOTE_KINDS)
def note_format(t, ctx):
    """Footnote numbering format."""
    if not isinstance(t, NoteTarget):
        return None
    fmt, src = t.number_format()
    if ctx.direct and src == "default":
        return None
    return Observation(fmt, src)


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
