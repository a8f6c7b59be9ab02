"""Document-level properties (the package's problems, page background, theme, core
properties, mail merge) and the facts of a style definition (based on, custom, type, next
style), each resolver with its writer (settings.xml, the core properties part, the merge
fields' instructions, the style's own element)."""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.editing import rels_part, relationship
from officeeval.ooxml.ns import R
from officeeval.ooxml.problems import problems_of
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.docinfo import CORE_FIELDS, background_color, core_property, mail_merge
from officeeval.word.edit.fields import replace_text, slots
from officeeval.word.edit.xml import _W, wchild, wset
from officeeval.word.targets import DocumentTarget, StyleTarget

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()
_R = f"{{{R}}}"
DOC = ("document",)
STYLE = ("style",)


def document_property(read: Callable) -> Callable:
    """Decorator: lift a reader ``(document view, ctx)`` to the document target."""
    @functools.wraps(read)
    def resolve(t, ctx):
        return read(t.doc, ctx) if isinstance(t, DocumentTarget) else None
    return resolve


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


@prop("background.color", T.COLOR, kinds=DOC,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色")),
      plan=Plan("document", mistake="swap", what="page background recolored", to="FF0000",
                otherwise="0000FF", fold=True))
@document_property
def background(doc, ctx):
    """Page background color (页面颜色)."""
    got = background_color(doc)
    if got is None:
        return None if ctx.direct else Observation("none", "default")
    return Observation(got[0], got[1])


@WRITERS.writer("background.color")
def write_background(session: Session, target: Target, value: Any) -> str:
    root = session.doc.root_el  # type: ignore[attr-defined]
    session.touch(root)
    bg = root.find(_W + "background")
    if bg is None:
        bg = etree.Element(_W + "background")
        root.insert(0, bg)
    for a in ("themeColor", "themeTint", "themeShade"):
        bg.attrib.pop(_W + a, None)
    color = "auto" if str(value) == "none" else str(value)
    bg.set(_W + "color", color)
    return f"w:background/@w:color={color}"


@prop("theme.name", T.TEXT, kinds=DOC,
      draft=Drafting(volatile=True))
@document_property
def theme_name(doc, ctx):
    """Name of the document theme."""
    name = doc.theme.name
    return Observation(name, "theme") if name else None


@WRITERS.writer("theme.name")
def write_theme_name(session: Session, target: Target, value: Any) -> str:
    doc = session.doc
    part = doc.package.related_one(doc.main, "theme")  # type: ignore[attr-defined]
    if part is None:
        raise NotApplicable("no theme part")
    root = session.part(part)
    root.set("name", str(value))
    return f"theme name {value!r}"


def _core(doc, name: str):
    v = core_property(doc, name)
    return Observation(v, "core") if v is not None else None


def _core_writer(prop: str, field: str) -> None:
    """The writer of core property ``prop``: element ``CORE_FIELDS[field]`` of the core
    properties part."""
    tag = CORE_FIELDS[field]

    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        pkg = session.doc.package
        part = pkg.related_one("", "core-properties")
        if part is None:
            raise NotApplicable("no core properties")
        root = session.part(part)
        el = root.find(tag)
        if el is None:
            el = etree.SubElement(root, tag)
        for child in list(el):
            el.remove(child)
        el.text = str(value)
        return f"{etree.QName(tag).localname}={value!r}"


@prop("core.title", T.TEXT, kinds=DOC,
      draft=Drafting(called=("属性",), inserted_text=True),
      plan=Plan("document", mistake="typo", what="title mistyped"), typed_text=True)
@document_property
def core_title(doc, ctx):
    """Document title (core properties)."""
    return _core(doc, "title")


_core_writer("core.title", "title")


@prop("core.author", T.TEXT, kinds=DOC,
      draft=Drafting(called=("属性",), inserted_text=True),
      plan=Plan("document", mistake="typo", what="author mistyped"))
@document_property
def core_author(doc, ctx):
    """Document author (dc:creator)."""
    return _core(doc, "author")


_core_writer("core.author", "author")


@prop("core.subject", T.TEXT, kinds=DOC,
      draft=Drafting(called=("属性",), inserted_text=True),
      plan=Plan("document", mistake="typo", what="subject mistyped"))
@document_property
def core_subject(doc, ctx):
    """Document subject."""
    return _core(doc, "subject")


_core_writer("core.subject", "subject")


@prop("core.keywords", T.TEXT, kinds=DOC,
      draft=Drafting(called=("属性",), inserted_text=True),
      plan=Plan("document", mistake="typo", what="keywords mistyped"))
@document_property
def core_keywords(doc, ctx):
    """Document keywords."""
    return _core(doc, "keywords")


_core_writer("core.keywords", "keywords")


@prop("core.description", T.TEXT, kinds=DOC,
      draft=Drafting(called=("属性",), inserted_text=True))
@document_property
def core_description(doc, ctx):
    """Document comments (dc:description, 备注)."""
    return _core(doc, "description")


_core_writer("core.description", "description")


@prop("core.category", T.TEXT, kinds=DOC,
      draft=Drafting(called=("属性",)))
@document_property
def core_category(doc, ctx):
    """Document category (cp:category, 类别)."""
    return _core(doc, "category")


_core_writer("core.category", "category")


@prop("core.last_modified_by", T.TEXT, kinds=DOC,
      draft=Drafting(volatile=True, called=("属性",)))
@document_property
def core_last_modified_by(doc, ctx):
    """Last modified by (cp:lastModifiedBy)."""
    return _core(doc, "last_modified_by")


_core_writer("core.last_modified_by", "last_modified_by")


@prop("core.created", T.TEXT, kinds=DOC,
      draft=Drafting(volatile=True, called=("属性",)))
@document_property
def core_created(doc, ctx):
    """Creation time as stored (dcterms:created, W3CDTF)."""
    return _core(doc, "created")


_core_writer("core.created", "created")


@prop("core.modified", T.TEXT, kinds=DOC,
      draft=Drafting(volatile=True, called=("属性",)))
@document_property
def core_modified(doc, ctx):
    """Modification time as stored (dcterms:modified)."""
    return _core(doc, "modified")


_core_writer("core.modified", "modified")


def _merge(doc, attr: str):
    mm = mail_merge(doc)
    if mm is None:
        return None
    v = getattr(mm, attr)
    return Observation(v, "settings") if v else None


def _mail_merge(session: Session) -> etree._Element:
    settings = session.doc.settings  # type: ignore[attr-defined]
    mm = settings.find(_W + "mailMerge") if settings is not None else None
    if mm is None:
        raise NotApplicable("no mail merge settings")
    session.touch(mm)
    return mm


def _merge_value(prop: str, tag: str) -> None:
    """Register the writer of ``prop``: ``w:tag/@w:val`` of the mail-merge settings
    (``NotApplicable`` without them)."""
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        mm = _mail_merge(session)
        el = wchild(mm, tag)
        el.set(_W + "val", str(value))
        return f"{tag}={value!r}"


@prop("mail_merge.main_type", T.EnumType("mail_merge_type"), kinds=DOC,
      plan=Plan("document", mistake="swap", what="main document type changed", to="catalog",
                otherwise="formLetters"))
@document_property
def mail_merge_main_type(doc, ctx):
    """Mail-merge main document type (formLetters, …)."""
    return _merge(doc, "main_type")


_merge_value("mail_merge.main_type", "mainDocumentType")


@prop("mail_merge.data_source", T.TEXT, kinds=DOC,
      plan=Plan("document", mistake="typo_stem", what="data source mistyped"))
@document_property
def mail_merge_data_source(doc, ctx):
    """Mail-merge data source path or connection."""
    return _merge(doc, "data_source")


def _data_source_rel(session: Session) -> etree._Element:
    mm = _mail_merge(session)
    ds = mm.find(_W + "dataSource")
    rid = ds.get(_R + "id") if ds is not None else None
    doc = session.doc
    name = doc.package.related_one(doc.main, "settings")  # type: ignore[attr-defined]
    if rid is None or name is None:
        raise NotApplicable("no data source relationship")
    rel = relationship(session.part(rels_part(name)), rid)
    if rel is None:
        raise NotApplicable("the data source relationship is missing")
    return rel


@WRITERS.writer("mail_merge.data_source")
def write_data_source(session: Session, target: Target, value: Any) -> str:
    rel = _data_source_rel(session)
    rel.set("Target", str(value))
    return f"data source {value}"


@prop("mail_merge.data_file", T.TEXT, kinds=DOC,
      plan=Plan("document", mistake="typo_stem", what="data source mistyped"))
@document_property
def mail_merge_data_file(doc, ctx):
    """File name of the mail-merge data source, without folders (通讯录.xlsx)."""
    return _merge(doc, "data_file")


@WRITERS.writer("mail_merge.data_file")
def write_data_file(session: Session, target: Target, value: Any) -> str:
    """The data source's file name, its folder kept."""
    rel = _data_source_rel(session)
    old = rel.get("Target") or ""
    cut = max(old.rfind("/"), old.rfind("\\"))
    rel.set("Target", old[:cut + 1] + str(value))
    return f"data source {rel.get('Target')}"


@prop("mail_merge.query", T.TEXT, kinds=DOC,
      plan=Plan("document", mistake="typo_at", what="query mistyped"))
@document_property
def mail_merge_query(doc, ctx):
    """Mail-merge query (w:query, e.g. SELECT * FROM `Sheet1$`)."""
    return _merge(doc, "query")


_merge_value("mail_merge.query", "query")


@prop("mail_merge.destination", T.TEXT, kinds=DOC,
      plan=Plan("document", mistake="typo_at", what="destination changed"))
@document_property
def mail_merge_destination(doc, ctx):
    """Mail-merge destination (newDocument, printer, email, fax)."""
    return _merge(doc, "destination")


_merge_value("mail_merge.destination", "destination")


@prop("mail_merge.fields", T.ORDERED_LIST, kinds=DOC, plan=Plan("merge_fields"))
@document_property
def merge_fields(doc, ctx):
    """Names of the MERGEFIELD fields in the document body, in order (contains checks one
    name)."""
    names = [f.argument for f in doc.story_index(doc.main).fields
             if f.type == "MERGEFIELD" and f.argument]
    return Observation(names, "computed")


@WRITERS.writer("mail_merge.fields")
def write_merge_fields(session: Session, target: Target, value: Any) -> str:
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
                replace_text(ss, m.start(1), m.group(1), str(wanted[i]))
                session.touch(p)
                note = f"merge field {m.group(1)!r} -> {wanted[i]!r}"
                joined = "".join(s.text for s in ss)
            i += 1
    if not note:
        raise NotApplicable("no merge field to rename")
    return note


# ------------------------------------------------------------------ style definitions
def style_property(read: Callable) -> Callable:
    """Decorator: lift a reader ``(style, document view)`` to style targets."""
    @functools.wraps(read)
    def resolve(t, ctx):
        return read(t.style, t.doc) if isinstance(t, StyleTarget) else None
    return resolve


def _style_ref(name: str, tag: str) -> None:
    """Register the writer of ``name``: the style named by ``w:tag`` (by name or id)."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        if target.kind != "style":
            raise NotApplicable(f"not a style: {target.kind}")
        st = target.doc.styles.find(str(value))  # type: ignore[attr-defined]
        sid = st.id if st is not None else str(value)
        el = target.style.el  # type: ignore[attr-defined]
        wset(el, tag, val=sid)
        session.touch(el)
        return f"{tag}={sid}"


def _style_attr(name: str, attr: str, fmt: Callable[[Any], str]) -> None:
    """Register the writer of ``name``: the style element's attribute ``w:attr``."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        if target.kind != "style":
            raise NotApplicable(f"not a style: {target.kind}")
        el = target.style.el  # type: ignore[attr-defined]
        el.set(_W + attr, fmt(value))
        session.touch(el)
        return f"{attr}={fmt(value)}"


@prop("style.based_on", T.STYLE_NAME, kinds=STYLE,
      draft=Drafting(asked="feature", words=("基于",), by_name=False),
      plan=Plan("style_fact", mistake="other_base"))
@style_property
def based_on(st, doc):
    """Name of the style a style is based on."""
    base = doc.styles.get(st.based_on)
    if base is None:
        return None
    return Observation(base.display_name, "direct")


_style_ref("style.based_on", "basedOn")


@prop("style.custom", T.BOOL, kinds=STYLE,
      draft=Drafting(asked="feature", words=("新建",)),
      plan=Plan("style_fact", mistake="flip"))
@style_property
def custom(st, doc):
    """Whether a style is a custom (user-defined) one."""
    return Observation(st.custom, "direct")


_style_attr("style.custom", "customStyle", lambda v: "1" if v else "0")


@prop("style.type", T.TEXT, kinds=STYLE,
      draft=Drafting(asked="feature", words=("新建", "样式")),
      plan=Plan("style_fact", mistake="other_type"))
@style_property
def style_type(st, doc):
    """Style type: paragraph, character, table or numbering."""
    return Observation(st.type, "direct")


_style_attr("style.type", "type", str)


@prop("style.next", T.STYLE_NAME, kinds=STYLE,
      draft=Drafting(volatile=True, asked="feature", words=("后续",)),
      plan=Plan("style_fact", mistake="other_style"))
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


_style_ref("style.next", "next")


_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
