"""Writers of slide design: a slide's layout, a slide's (layout's, master's) background,
hidden slides, header/footer placeholders shown and the slide size (the theme's are beside
its resolvers, ``ppt/resolvers_theme``)."""

from __future__ import annotations

import posixpath
from typing import Any

from lxml import etree

from officeeval.ooxml.editing import rels_part
from officeeval.ooxml.ns import A, P
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_A, _P = f"{{{A}}}", f"{{{P}}}"
SHEETS = ("slide", "layout", "master")


def _sheet(t: Target):
    if t.kind not in SHEETS:
        raise NotApplicable(f"not a slide, layout or master: {t.kind}")
    return t.sheet  # type: ignore[attr-defined]


@WRITERS.writer("slide.layout")
def slide_layout(session: Session, target: Target, value: Any) -> str:
    """The slide's layout relationship pointed at the layout named ``value`` (or whose
    part is ``value``)."""
    if target.kind != "slide":
        raise NotApplicable(f"not a slide: {target.kind}")
    from officeeval.vocabulary import get as vocab
    want = vocab("layout_type").canonical(str(value))
    layouts = session.doc.layouts  # type: ignore[attr-defined]
    layout = next((s for s in layouts if s.part == str(value)), None) or next(
        (s for s in layouts if s.name == str(value)), None) or next(
        (s for s in session.doc.layouts if want is not None  # type: ignore[attr-defined]
         and vocab("layout_type").canonical(s.name) == want), None)
    if layout is None:
        raise NotApplicable(f"no layout {value!r}")
    part = target.sheet.part  # type: ignore[attr-defined]
    folder = posixpath.dirname(part)
    rels = session.part(rels_part(part))
    for rel in rels:
        if (rel.get("Type") or "").endswith("/slideLayout"):
            rel.set("Target", posixpath.relpath(layout.part, folder))
    return f"layout {layout.name!r}"


@WRITERS.writer("slide.layout_type")
def layout_type(session: Session, target: Target, value: Any) -> str:
    """The slide given a layout of type ``value`` (a layout's own type is written on a
    layout target)."""
    if target.kind == "layout":
        target.sheet.root.set("type", str(value))  # type: ignore[attr-defined]
        session.touch(target.sheet.root)  # type: ignore[attr-defined]
        return f"type={value}"
    layout = next((s for s in session.doc.layouts  # type: ignore[attr-defined]
                   if s.layout_type == str(value)), None)
    if layout is None:
        raise NotApplicable(f"no layout of type {value!r}")
    return slide_layout(session, target, layout.name)


def solid_background(color: str) -> etree._Element:
    bg = etree.Element(_P + "bg")
    pr = etree.SubElement(bg, _P + "bgPr")
    fill = etree.SubElement(pr, _A + "solidFill")
    etree.SubElement(fill, _A + "srgbClr", val=color)
    etree.SubElement(pr, _A + "effectLst")
    return bg


def gradient_background() -> etree._Element:
    bg = etree.Element(_P + "bg")
    pr = etree.SubElement(bg, _P + "bgPr")
    grad = etree.SubElement(pr, _A + "gradFill")
    lst = etree.SubElement(grad, _A + "gsLst")
    for pos, color in (("0", "FFFFFF"), ("100000", "4472C4")):
        gs = etree.SubElement(lst, _A + "gs", pos=pos)
        etree.SubElement(gs, _A + "srgbClr", val=color)
    etree.SubElement(pr, _A + "effectLst")
    return bg


def _set_background(session: Session, target: Target, bg: etree._Element) -> None:
    c_sld = _sheet(target).root.find(_P + "cSld")
    session.touch(c_sld)
    for old in c_sld.findall(_P + "bg"):
        c_sld.remove(old)
    c_sld.insert(0, bg)


@WRITERS.writer("slide.background.color")
def background_color(session: Session, target: Target, value: Any) -> str:
    _set_background(session, target, solid_background(str(value)))
    return f"solid #{value}"


@WRITERS.writer("slide.background.kind")
def background_kind(session: Session, target: Target, value: Any) -> str:
    """``gradient`` (white to blue), ``solid`` (white) or ``none`` (the sheet's own
    background removed: it inherits)."""
    if str(value) == "gradient":
        _set_background(session, target, gradient_background())
        return "a gradient fill"
    if str(value) == "solid":
        _set_background(session, target, solid_background("FFFFFF"))
        return "solid #FFFFFF"
    if str(value) == "none":
        remove_background(session, target)
        return "own background removed"
    raise NotApplicable(f"a {value} background is not made up")


def remove_background(session: Session, target: Target) -> None:
    """The sheet's own background removed (it then inherits its layout's or master's)."""
    c_sld = _sheet(target).root.find(_P + "cSld")
    found = False
    for old in c_sld.findall(_P + "bg"):
        session.touch(c_sld)
        c_sld.remove(old)
        found = True
    if not found:
        raise NotApplicable("no background of its own")


@WRITERS.writer("slide.hidden")
def hidden(session: Session, target: Target, value: Any) -> str:
    root = _sheet(target).root
    session.touch(root)
    root.set("show", "0" if value else "1")
    return f"@show={root.get('show')}"


@WRITERS.writer("slide.hide_background_graphics")
def hide_background_graphics(session: Session, target: Target, value: Any) -> str:
    if target.kind not in ("slide", "layout"):
        raise NotApplicable(f"not a slide or layout: {target.kind}")
    root = _sheet(target).root
    session.touch(root)
    if value:
        root.set("showMasterSp", "0")
    else:
        root.attrib.pop("showMasterSp", None)
    return f"showMasterSp {'0' if value else 'removed'}"


def _date_body(session: Session, target: Target) -> etree._Element:
    sheet = _sheet(target)
    for s in sheet.all_shapes():
        if s.placeholder is not None and s.placeholder.type == "dt" and s.tx_body is not None:
            session.touch(s.tx_body)
            return s.tx_body
    raise NotApplicable("no date placeholder")


def _date_para(body: etree._Element, text: str, field: bool) -> str:
    """The placeholder's text replaced by one paragraph holding a datetime field (showing
    ``text``) or the fixed ``text``."""
    paras = body.findall(_A + "p")
    for extra in paras[1:]:
        body.remove(extra)
    para = paras[0] if paras else etree.SubElement(body, _A + "p")
    end = para.find(_A + "endParaRPr")
    ppr = para.find(_A + "pPr")
    for child in list(para):
        if child is not end and child is not ppr:
            para.remove(child)
    if field:
        run = etree.Element(_A + "fld", id="{B3D7BD04-3C67-4D0E-9F0D-ACB8A3E0C2A1}",
                            type="datetime1")
    else:
        run = etree.Element(_A + "r")
    etree.SubElement(run, _A + "rPr", lang="zh-CN")
    etree.SubElement(run, _A + "t").text = text
    if end is not None:
        end.addprevious(run)
    else:
        para.append(run)
    return ("datetime field" if field else "fixed date") + f" {text!r}"


@WRITERS.writer("slide.date.kind")
def date_kind(session: Session, target: Target, value: Any) -> str:
    """``field``: a date field that updates; ``fixed``: the text it shows, fixed."""
    from officeeval.ppt.markup import body_text
    body = _date_body(session, target)
    shown = body_text(body).strip() or "2026/1/1"
    return _date_para(body, shown, str(value) == "field")


@WRITERS.writer("slide.date.text")
def date_text(session: Session, target: Target, value: Any) -> str:
    """The date placeholder showing ``value`` as fixed text."""
    return _date_para(_date_body(session, target), str(value), False)


def _placeholder_visible(name: str, ph_type: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """On a slide: the placeholder removed (false); on a layout or master, its
        ``p:hf`` flag."""
        sheet = _sheet(target)
        if target.kind == "slide":
            if value:
                raise NotApplicable(f"a {ph_type} placeholder is not made up")
            removed = 0
            for s in sheet.all_shapes():
                if s.placeholder is not None and s.placeholder.type == ph_type:
                    session.touch(s.el)
                    s.el.getparent().remove(s.el)
                    removed += 1
            if not removed:
                raise NotApplicable(f"no {ph_type} placeholder")
            return f"the {ph_type} placeholder removed from the slide"
        hf = sheet.root.find(_P + "hf")
        if hf is None:
            hf = etree.SubElement(sheet.root, _P + "hf")
        hf.set(ph_type, "1" if value else "0")
        session.touch(hf)
        return f"p:hf/@{ph_type}={int(bool(value))}"


_placeholder_visible("slide.number.visible", "sldNum")
_placeholder_visible("slide.footer.visible", "ftr")
_placeholder_visible("slide.date.visible", "dt")


@WRITERS.writer("presentation.slide_size")
def slide_size(session: Session, target: Target, value: Any) -> str:
    """A slide size as ``16:9`` or ``4:3`` (PowerPoint's 33.867 x 19.05 cm and
    25.4 x 19.05 cm), or a ``SizeSpec`` of exact dimensions."""
    sz = session.doc.root_el.find(_P + "sldSz")  # type: ignore[attr-defined]
    if sz is None:
        raise NotApplicable("no p:sldSz")
    text = str(value)
    sizes = {"16:9": ("12192000", "6858000"), "4:3": ("9144000", "6858000")}
    if text not in sizes:
        raise NotApplicable(f"a {text} slide size is not made up")
    cx, cy = sizes[text]
    sz.set("cx", cx)
    sz.set("cy", cy)
    sz.attrib.pop("type", None)
    session.touch(sz)
    return f"cx={cx}"
