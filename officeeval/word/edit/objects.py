"""Writers of Word objects: pictures and drawings (size, wrapping, alternative text, name,
geometry, fill, text), SmartArt and charts in the document, notes and comments, hyperlinks,
and the facts of a style definition."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.errors import PackageError
from officeeval.ooxml import drawing_edit, embedded_workbook
from officeeval.ooxml.chart_edit import chart_writers
from officeeval.ooxml.chart_values import CACHED_NAMES
from officeeval.ooxml.editing import rels_part, relationship, set_text
from officeeval.ooxml.ns import A, R, V, WP, WPS
from officeeval.ooxml.package import Package
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.word.edit.xml import _W, points, wset

WRITERS = WriterSet()
_WP, _A, _R, _V, _WPS = f"{{{WP}}}", f"{{{A}}}", f"{{{R}}}", f"{{{V}}}", f"{{{WPS}}}"
EMU_PER_PT = 12700


def _drawing(t: Target):
    if getattr(t, "frame", None) is None and getattr(t, "fmt", None) != "vml":
        raise NotApplicable(f"not a drawing: {t.kind}")
    return t


# ------------------------------------------------------------------ size and placement
def _size_writer(name: str, attr: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        t = _drawing(target)
        ext = t.frame.find(_WP + "extent") if t.frame is not None else None  # type: ignore
        if ext is None:
            raise NotApplicable("no extent (a VML picture)")
        new = str(int(round((points(value) or 0.0) * EMU_PER_PT)))
        ext.set(attr, new)
        for a_ext in t.frame.iter(_A + "ext"):  # type: ignore[attr-defined]
            if a_ext.get(attr) is not None:
                a_ext.set(attr, new)
        session.touch(ext)
        return f"{attr}={new}"


_size_writer("image.width", "cx")
_size_writer("image.height", "cy")
_size_writer("shape.width", "cx")
_size_writer("shape.height", "cy")


@WRITERS.writer("image.wrap")
def image_wrap(session: Session, target: Target, value: Any) -> str:
    """``inline`` puts a floating DrawingML object in line; any other wrapping floats an
    inline one with square wrapping."""
    frame = _drawing(target).frame  # type: ignore[attr-defined]
    if frame is None or not frame.tag.startswith(_WP):
        raise NotApplicable("not a DrawingML picture")
    session.touch(frame)
    if str(value) != "inline" and frame.tag == _WP + "inline":
        anchor = etree.Element(_WP + "anchor", {
            "distT": "0", "distB": "0", "distL": "114300", "distR": "114300",
            "simplePos": "0", "relativeHeight": "251659264", "behindDoc": "0",
            "locked": "0", "layoutInCell": "1", "allowOverlap": "1"})
        etree.SubElement(anchor, _WP + "simplePos", x="0", y="0")
        for axis, rel in (("positionH", "column"), ("positionV", "paragraph")):
            pos = etree.SubElement(anchor, _WP + axis, relativeFrom=rel)
            etree.SubElement(pos, _WP + "posOffset").text = "0"
        for child in list(frame):
            if child.tag == _WP + "docPr":
                etree.SubElement(anchor, _WP + "wrapSquare", wrapText="bothSides")
            anchor.append(child)
        frame.getparent().replace(frame, anchor)
        return "inline -> square wrapping"
    if str(value) == "inline" and frame.tag == _WP + "anchor":
        inline = etree.Element(_WP + "inline", distT="0", distB="0", distL="0", distR="0")
        for tag in ("extent", "effectExtent", "docPr", "cNvGraphicFramePr"):
            el = frame.find(_WP + tag)
            if el is not None:
                inline.append(el)
        graphic = frame.find(_A + "graphic")
        if graphic is not None:
            inline.append(graphic)
        frame.getparent().replace(frame, inline)
        return "floating -> in line"
    raise NotApplicable(f"the object is already {value}")


def _doc_pr(t: Target) -> etree._Element:
    t = _drawing(t)
    pr = t.frame.find(_WP + "docPr") if t.frame is not None else None  # type: ignore
    if pr is None:
        raise NotApplicable("no wp:docPr (a VML object)")
    return pr


@WRITERS.writer("image.alt_text")
def alt_text(session: Session, target: Target, value: Any) -> str:
    pr = _doc_pr(target)
    pr.set("descr", str(value))
    pr.attrib.pop("title", None)
    session.touch(pr)
    return f"descr={value!r}"


@WRITERS.writer("shape.name")
def shape_name(session: Session, target: Target, value: Any) -> str:
    pr = _doc_pr(target)
    pr.set("name", str(value))
    session.touch(pr)
    return f"name={value!r}"


def _sp_pr(t: Target) -> etree._Element:
    sp = t.el.find(_WPS + "spPr") if getattr(t, "fmt", "") == "dml" else None  # type: ignore
    if sp is None:
        raise NotApplicable("not a DrawingML shape")
    return sp


@WRITERS.writer("shape.geometry")
def geometry(session: Session, target: Target, value: Any) -> str:
    sp = _sp_pr(target)
    note = drawing_edit.set_geometry(sp, value)
    session.touch(sp)
    return note


@WRITERS.writer("shape.fill.color")
def fill_color(session: Session, target: Target, value: Any) -> str:
    t = _drawing(target)
    if t.fmt == "vml":  # type: ignore[attr-defined]
        if str(value) == "none":
            t.el.set("filled", "f")  # type: ignore[attr-defined]
        else:
            t.el.set("fillcolor", "#" + str(value))  # type: ignore[attr-defined]
            t.el.attrib.pop("filled", None)  # type: ignore[attr-defined]
        session.touch(t.el)  # type: ignore[attr-defined]
        return f"fillcolor={value}"
    sp = _sp_pr(target)
    note = drawing_edit.set_solid_fill(sp, value)
    session.touch(sp)
    return note


def text_nodes(t: Target) -> list[etree._Element]:
    """The ``w:t`` elements of a shape's or text box's text (a WordArt's text path is an
    attribute, not an element: none)."""
    box = getattr(t, "container_el", None)
    if getattr(t, "has_textbox", False) and box is not None:
        return list(box.iter(_W + "t"))
    return []


@WRITERS.writer("shape.text")
def shape_text(session: Session, target: Target, value: Any) -> str:
    t = _drawing(target)
    if getattr(t, "textpath", None) is not None:
        tp = t.el.find(_V + "textpath")  # type: ignore[attr-defined]
        tp.set("string", str(value))
        session.touch(tp)
        return f"textpath {value!r}"
    if t.kind == "smartart":
        return smartart_nodes(session, t, str(value).split("\n"))
    nodes = text_nodes(t)
    if not nodes:
        raise NotApplicable("no text in the shape")
    set_text(nodes, str(value))
    session.touch(nodes[0])
    return f"text {value!r}"


@WRITERS.writer("shape.wordart")
def wordart(session: Session, target: Target, value: Any) -> str:
    """A DrawingML text shape made WordArt (a plain text warp, ``a:prstTxWarp``) or made
    a plain text shape (its warp removed)."""
    t = _drawing(target)
    body = t.el.find(_WPS + "bodyPr") if t.fmt == "dml" else None  # type: ignore[attr-defined]
    if body is None:
        raise NotApplicable("not a DrawingML text shape")
    warp = body.find(_A + "prstTxWarp")
    if value and warp is None:
        warp = etree.Element(_A + "prstTxWarp", prst="textPlain")
        etree.SubElement(warp, _A + "avLst")
        body.insert(0, warp)
    elif not value and warp is not None:
        body.remove(warp)
    else:
        raise NotApplicable(f"already {'WordArt' if value else 'plain'}")
    session.touch(body)
    return f"WordArt {'on' if value else 'off'}"


# ------------------------------------------------------------------ SmartArt and charts
def _smartart_part(t: Target, role: str) -> str:
    part = t.smartart_parts().get(role) if t.kind == "smartart" else None  # type: ignore
    if not part:
        raise NotApplicable("not a SmartArt, or its part is missing")
    return part


@WRITERS.writer("smartart.layout")
def smartart_layout(session: Session, target: Target, value: Any) -> str:
    return drawing_edit.set_layout(session.part(_smartart_part(target, "lo")), value)


@WRITERS.writer("smartart.layout_id")
def smartart_layout_id(session: Session, target: Target, value: Any) -> str:
    return drawing_edit.set_layout(session.part(_smartart_part(target, "lo")), value)


@WRITERS.writer("smartart.nodes")
def smartart_nodes(session: Session, target: Target, value: Any) -> str:
    return drawing_edit.set_nodes(session.part(_smartart_part(target, "dm")), value)


def chart_part(session: Session, t: Target) -> str:
    part = t.chart_part() if hasattr(t, "chart_part") else None  # type: ignore[attr-defined]
    if not part:
        raise NotApplicable("not a chart, or its part is missing")
    return part


chart_writers(WRITERS, chart_part, names=CACHED_NAMES)


@WRITERS.writer("chart.cache_matches_workbook")
def cache_matches_workbook(session: Session, target: Target, value: Any) -> str:
    """``true``: the cache rewritten from the embedded workbook (as "Edit Data" does);
    ``false``: the first cached point changed so that it no longer matches."""
    part = chart_part(session, target)
    package = target.doc.package  # type: ignore[attr-defined]
    if not value:
        try:
            return embedded_workbook.break_cache(session.part(part))
        except ValueError as exc:
            raise NotApplicable(str(exc)) from exc
    book = embedded_workbook.embedded_workbook_part(package, part)
    if book is None:
        raise NotApplicable("the chart embeds no workbook")
    try:
        inner = Package.open(package.read(book), embedded_workbook.EMBEDDED_LIMITS)
    except PackageError as exc:
        raise NotApplicable(f"the embedded workbook cannot be read: {exc}") from exc
    try:
        n = embedded_workbook.sync_cache(session.part(part), embedded_workbook.SheetCells(inner))
    finally:
        inner.close()
    return f"{n} cached points rewritten from the workbook"


# ------------------------------------------------------------------ notes and comments
def _note_text(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        nodes = list(target.el.iter(_W + "t"))  # type: ignore[attr-defined]
        if not nodes:
            raise NotApplicable("an empty note")
        set_text(nodes, str(value))
        session.touch(nodes[0])
        return f"text {value!r}"


_note_text("footnote.text")
_note_text("comment.text")


@WRITERS.writer("comment.author")
def comment_author(session: Session, target: Target, value: Any) -> str:
    target.el.set(_W + "author", str(value))  # type: ignore[attr-defined]
    session.touch(target.el)  # type: ignore[attr-defined]
    return f"w:author={value!r}"


@WRITERS.writer("footnote.number_format")
def note_format(session: Session, target: Target, value: Any) -> str:
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


# ------------------------------------------------------------------ hyperlinks
@WRITERS.writer("hyperlink.target")
def hyperlink_target(session: Session, target: Target, value: Any) -> str:
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


# ------------------------------------------------------------------ style definitions
def _style_ref(name: str, tag: str) -> None:
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


_style_ref("style.based_on", "basedOn")
_style_ref("style.next", "next")


def _style_attr(name: str, attr: str, fmt: Callable[[Any], str]) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        if target.kind != "style":
            raise NotApplicable(f"not a style: {target.kind}")
        el = target.style.el  # type: ignore[attr-defined]
        el.set(_W + attr, fmt(value))
        session.touch(el)
        return f"{attr}={fmt(value)}"


_style_attr("style.custom", "customStyle", lambda v: "1" if v else "0")
_style_attr("style.type", "type", str)
