"""Writers of document-wide facts: the page background, the theme's name, core properties,
mail-merge settings and the watermark."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.editing import rels_part, relationship, set_text
from officeeval.ooxml.ns import A, R, V
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.word.docinfo import CORE_FIELDS
from officeeval.word.edit.xml import _W, wchild

WRITERS = WriterSet()
_R, _V, _A = f"{{{R}}}", f"{{{V}}}", f"{{{A}}}"


@WRITERS.writer("background.color")
def background(session: Session, target: Target, value: Any) -> str:
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


@WRITERS.writer("theme.name")
def theme_name(session: Session, target: Target, value: Any) -> str:
    doc = session.doc
    part = doc.package.related_one(doc.main, "theme")  # type: ignore[attr-defined]
    if part is None:
        raise NotApplicable("no theme part")
    root = session.part(part)
    root.set("name", str(value))
    return f"theme name {value!r}"


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


_core_writer("core.title", "title")
_core_writer("core.author", "author")
_core_writer("core.subject", "subject")
_core_writer("core.keywords", "keywords")
_core_writer("core.description", "description")
_core_writer("core.category", "category")
_core_writer("core.last_modified_by", "last_modified_by")
_core_writer("core.created", "created")
_core_writer("core.modified", "modified")


def _mail_merge(session: Session) -> etree._Element:
    settings = session.doc.settings  # type: ignore[attr-defined]
    mm = settings.find(_W + "mailMerge") if settings is not None else None
    if mm is None:
        raise NotApplicable("no mail merge settings")
    session.touch(mm)
    return mm


def _merge_value(prop: str, tag: str) -> None:
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        mm = _mail_merge(session)
        el = wchild(mm, tag)
        el.set(_W + "val", str(value))
        return f"{tag}={value!r}"


_merge_value("mail_merge.main_type", "mainDocumentType")
_merge_value("mail_merge.query", "query")
_merge_value("mail_merge.destination", "destination")


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
def data_source(session: Session, target: Target, value: Any) -> str:
    rel = _data_source_rel(session)
    rel.set("Target", str(value))
    return f"data source {value}"


@WRITERS.writer("mail_merge.data_file")
def data_file(session: Session, target: Target, value: Any) -> str:
    """The data source's file name, its folder kept."""
    rel = _data_source_rel(session)
    old = rel.get("Target") or ""
    cut = max(old.rfind("/"), old.rfind("\\"))
    rel.set("Target", old[:cut + 1] + str(value))
    return f"data source {rel.get('Target')}"


# ------------------------------------------------------------------ watermark
def _watermark(session: Session):
    from officeeval.word.watermark import watermark_drawing
    found = watermark_drawing(session.doc)
    if found is None:
        raise NotApplicable("no watermark")
    return found[0]


@WRITERS.writer("watermark.text")
def watermark_text(session: Session, target: Target, value: Any) -> str:
    t = _watermark(session)
    tp = t.el.find(_V + "textpath") if t.fmt == "vml" else None
    if tp is not None:
        tp.set("string", str(value))
        session.touch(tp)
        return f"textpath {value!r}"
    nodes = list(t.container_el.iter(_W + "t"))
    if not nodes:
        raise NotApplicable("a picture watermark")
    set_text(nodes, str(value))
    session.touch(nodes[0])
    return f"watermark text {value!r}"


def _style_of(el: etree._Element) -> dict[str, str]:
    out = {}
    for item in (el.get("style") or "").split(";"):
        if ":" in item:
            k, v = item.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def _set_style(el: etree._Element, key: str, value: str) -> None:
    style = _style_of(el)
    style[key] = value
    el.set("style", ";".join(f"{k}:{v}" for k, v in style.items()))


@WRITERS.writer("watermark.font")
def watermark_font(session: Session, target: Target, value: Any) -> str:
    t = _watermark(session)
    tp = t.el.find(_V + "textpath") if t.fmt == "vml" else None
    if tp is not None:
        _set_style(tp, "font-family", f'"{value}"')
        session.touch(tp)
        return f"font-family {value}"
    from officeeval.word.edit.font import font_slot
    for p in t.paragraphs:
        for r in p.text_runs():
            rpr = wchild(r.el, "rPr", first=True)
            font_slot(rpr, "eastAsia", value, ("ascii", "hAnsi"))
            session.touch(rpr)
    return f"font {value}"


@WRITERS.writer("watermark.color")
def watermark_color(session: Session, target: Target, value: Any) -> str:
    t = _watermark(session)
    if t.fmt == "vml":
        t.el.set("fillcolor", "#" + str(value))
        session.touch(t.el)
        return f"fillcolor {value}"
    from officeeval.word.edit.font import color
    for p in t.paragraphs:
        for r in p.text_runs():
            rpr = wchild(r.el, "rPr", first=True)
            color(rpr, value)
            session.touch(rpr)
    return f"color {value}"


@WRITERS.writer("watermark.layout")
def watermark_layout(session: Session, target: Target, value: Any) -> str:
    """``diagonal`` rotates the watermark by 315 degrees, ``horizontal`` by none."""
    t = _watermark(session)
    deg = 315 if str(value) == "diagonal" else 0
    if t.fmt == "vml":
        _set_style(t.el, "rotation", str(deg))
        session.touch(t.el)
    else:
        xfrm = next(t.el.iter(_A + "xfrm"), None)
        if xfrm is None:
            raise NotApplicable("the watermark has no transform")
        xfrm.set("rot", str(deg * 60000))
        session.touch(xfrm)
    return f"rotation {deg}"


@WRITERS.writer("watermark.kind")
def watermark_kind(session: Session, target: Target, value: Any) -> str:
    """Only ``none`` can be written: the watermark removed."""
    if str(value) != "none":
        raise NotApplicable("a watermark of another kind cannot be made up")
    t = _watermark(session)
    el = t.frame if t.frame is not None else t.el
    while el.getparent() is not None and el.getparent().tag != _W + "r":
        el = el.getparent()
    run = el.getparent()
    if run is None or run.getparent() is None:
        raise NotApplicable("the watermark is not in a run")
    session.touch(run)
    run.getparent().remove(run)
    return "watermark removed"

