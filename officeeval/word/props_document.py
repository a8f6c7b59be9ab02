"""Document-level resolvers (watermark, page background, theme, core properties, mail
merge) and the facts of a style definition (based on, custom, type, next style)."""

from __future__ import annotations

import functools
from typing import Callable

from officeeval.cache import memo_value
from officeeval.ooxml.problems import problems_of
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.values import Observation
from officeeval.word.docinfo import background_color, core_property, mail_merge
from officeeval.word.targets import DocumentTarget, StyleTarget
from officeeval.word.watermark import find_watermark


PROPERTIES = PropertySet()
prop = PROPERTIES.prop
DOC = ("document",)
STYLE = ("style",)


def document_property(read: Callable) -> Callable:
    """Decorator: lift a reader ``(document view, ctx)`` to the document target."""
    @functools.wraps(read)
    def resolve(t, ctx):
        return read(t.doc, ctx) if isinstance(t, DocumentTarget) else None
    return resolve


def _watermark(doc):
    return memo_value(doc, "_officeeval_watermark", lambda: find_watermark(doc))


def _watermark_attr(doc, attr: str, none_kind: bool = False):
    wm = _watermark(doc)
    if wm is None:
        return Observation("none", "default") if none_kind else None
    v = getattr(wm, attr)
    return Observation(v, wm.part) if v is not None else None


@prop("package.problems", T.LIST, kinds=DOC,
      read_only="found in the package's structure: write the part, relationship or order")
@document_property
def package_problems(doc, ctx):
    """Structural faults that make Office repair or refuse the file (kind: part: detail):
    dangling or duplicate relationship ids, parts without a content type, SmartArt without
    its parts, a pivot table its cache disagrees with, elements out of schema order in the
    parts the applications read strictly. An empty list for a sound file."""
    return Observation([str(p) for p in problems_of(doc)], "computed")


@prop("package.problem_count", T.INTEGER, kinds=DOC,
      read_only="found in the package's structure: write the part, relationship or order")
@document_property
def package_problem_count(doc, ctx):
    """Number of package.problems: 0 for a file Office opens without repairing it."""
    return Observation(len(problems_of(doc)), "computed")


@prop("watermark.text", T.TEXT, kinds=DOC)
@document_property
def watermark_text(doc, ctx):
    """Text of a text watermark."""
    return _watermark_attr(doc, "text")


@prop("watermark.kind", T.EnumType("watermark_kind"), kinds=DOC)
@document_property
def watermark_kind(doc, ctx):
    """Watermark kind: text, picture or none."""
    return _watermark_attr(doc, "kind", none_kind=True)


@prop("watermark.font", T.TEXT, kinds=DOC)
@document_property
def watermark_font(doc, ctx):
    """Font of a text watermark."""
    return _watermark_attr(doc, "font")


@prop("watermark.color", T.COLOR, kinds=DOC)
@document_property
def watermark_color(doc, ctx):
    """Color of a text watermark."""
    return _watermark_attr(doc, "color")


@prop("watermark.layout", T.EnumType("watermark_layout"), kinds=DOC)
@document_property
def watermark_layout(doc, ctx):
    """Layout of a text watermark: diagonal (斜式) or horizontal (水平)."""
    return _watermark_attr(doc, "layout")


@prop("background.color", T.COLOR, kinds=DOC)
@document_property
def background(doc, ctx):
    """Page background color (页面颜色)."""
    got = background_color(doc)
    if got is None:
        return None if ctx.direct else Observation("none", "default")
    return Observation(got[0], got[1])


@prop("theme.name", T.TEXT, kinds=DOC)
@document_property
def theme_name(doc, ctx):
    """Name of the document theme."""
    name = doc.theme.name
    return Observation(name, "theme") if name else None


def _core(doc, name: str):
    v = core_property(doc, name)
    return Observation(v, "core") if v is not None else None


@prop("core.title", T.TEXT, kinds=DOC)
@document_property
def core_title(doc, ctx):
    """Document title (core properties)."""
    return _core(doc, "title")


@prop("core.author", T.TEXT, kinds=DOC)
@document_property
def core_author(doc, ctx):
    """Document author (dc:creator)."""
    return _core(doc, "author")


@prop("core.subject", T.TEXT, kinds=DOC)
@document_property
def core_subject(doc, ctx):
    """Document subject."""
    return _core(doc, "subject")


@prop("core.keywords", T.TEXT, kinds=DOC)
@document_property
def core_keywords(doc, ctx):
    """Document keywords."""
    return _core(doc, "keywords")


@prop("core.description", T.TEXT, kinds=DOC)
@document_property
def core_description(doc, ctx):
    """Document comments (dc:description, 备注)."""
    return _core(doc, "description")


@prop("core.category", T.TEXT, kinds=DOC)
@document_property
def core_category(doc, ctx):
    """Document category (cp:category, 类别)."""
    return _core(doc, "category")


@prop("core.last_modified_by", T.TEXT, kinds=DOC)
@document_property
def core_last_modified_by(doc, ctx):
    """Last modified by (cp:lastModifiedBy)."""
    return _core(doc, "last_modified_by")


@prop("core.created", T.TEXT, kinds=DOC)
@document_property
def core_created(doc, ctx):
    """Creation time as stored (dcterms:created, W3CDTF)."""
    return _core(doc, "created")


@prop("core.modified", T.TEXT, kinds=DOC)
@document_property
def core_modified(doc, ctx):
    """Modification time as stored (dcterms:modified)."""
    return _core(doc, "modified")


def _merge(doc, attr: str):
    mm = mail_merge(doc)
    if mm is None:
        return None
    v = getattr(mm, attr)
    return Observation(v, "settings") if v else None


@prop("mail_merge.main_type", T.EnumType("mail_merge_type"), kinds=DOC)
@document_property
def mail_merge_main_type(doc, ctx):
    """Mail-merge main document type (formLetters, …)."""
    return _merge(doc, "main_type")


@prop("mail_merge.data_source", T.TEXT, kinds=DOC)
@document_property
def mail_merge_data_source(doc, ctx):
    """Mail-merge data source path or connection."""
    return _merge(doc, "data_source")


@prop("mail_merge.data_file", T.TEXT, kinds=DOC)
@document_property
def mail_merge_data_file(doc, ctx):
    """File name of the mail-merge data source, without folders (通讯录.xlsx)."""
    return _merge(doc, "data_file")


@prop("mail_merge.query", T.TEXT, kinds=DOC)
@document_property
def mail_merge_query(doc, ctx):
    """Mail-merge query (w:query, e.g. SELECT * FROM `Sheet1$`)."""
    return _merge(doc, "query")


@prop("mail_merge.destination", T.TEXT, kinds=DOC)
@document_property
def mail_merge_destination(doc, ctx):
    """Mail-merge destination (newDocument, printer, email, fax)."""
    return _merge(doc, "destination")


@prop("mail_merge.fields", T.ORDERED_LIST, kinds=DOC)
@document_property
def merge_fields(doc, ctx):
    """Names of the MERGEFIELD fields in the document body, in order (contains checks one
    name)."""
    names = [f.argument for f in doc.story_index(doc.main).fields
             if f.type == "MERGEFIELD" and f.argument]
    return Observation(names, "computed")


# ------------------------------------------------------------------ style definitions
def style_property(read: Callable) -> Callable:
    """Decorator: lift a reader ``(style, document view)`` to style targets."""
    @functools.wraps(read)
    def resolve(t, ctx):
        return read(t.style, t.doc) if isinstance(t, StyleTarget) else None
    return resolve


@prop("style.based_on", T.STYLE_NAME, kinds=STYLE)
@style_property
def based_on(st, doc):
    """Name of the style a style is based on."""
    base = doc.styles.get(st.based_on)
    if base is None:
        return None
    return Observation(base.display_name, "direct")


@prop("style.custom", T.BOOL, kinds=STYLE)
@style_property
def custom(st, doc):
    """Whether a style is a custom (user-defined) one."""
    return Observation(st.custom, "direct")


@prop("style.type", T.TEXT, kinds=STYLE)
@style_property
def style_type(st, doc):
    """Style type: paragraph, character, table or numbering."""
    return Observation(st.type, "direct")


@prop("style.next", T.STYLE_NAME, kinds=STYLE)
@style_property
def next_style(st, doc):
    """Style of the paragraph that follows (后续段落样式); a paragraph style that names none
    is followed by itself (source default), as Word shows it.

    Word and python-docx omit ``w:next`` when the next style is the style itself (ISO 29500
    17.7.4.10: "if this element is omitted, the next paragraph shall use the same style").
    For character, table and numbering styles it means nothing: ``None``. A ``w:next``
    naming a style the document lacks is ``None`` too (Word then falls back to the style
    itself, but the file says something else: the rubric writer should see it).
    """
    el = st.child("next")
    if el is None:
        return Observation(st.display_name, "default") if st.type == "paragraph" else None
    nxt = doc.styles.get(el.get(f"{{{_W_NS}}}val"))
    return Observation(nxt.display_name, "direct") if nxt is not None else None


_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
