"""PowerPoint resolvers for slides, layouts, masters and notes: the text they show (a
slide's title, its notes, a sheet's footer), hidden slides and their position, the header
and footer placeholders and the date's, the master's graphics hidden; each writer below its
resolver. The presentation's own settings are in ``resolvers_presentation``, layouts and
backgrounds in ``resolvers_design``, transitions and animations in ``resolvers_timing``,
the theme in ``resolvers_theme``."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.ppt import content
from officeeval.ppt.edit.sheet_parts import sheet_of
from officeeval.ppt.edit.slide_list import swap_slides
from officeeval.ppt.edit.text_nodes import (
    footer_nodes, notes_nodes, replace_text, shown_nodes, title_nodes,
)
from officeeval.ppt.markup import a, body_text, on
from officeeval.ppt.sheets import Sheet
from officeeval.ppt.targets import NotesTarget, PresentationTarget, SheetTarget, SlideTarget
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan, cycled, flipped, mistyped
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

SHEET_KINDS = ("slide", "layout", "master")
PRES, SLIDE = "presentation", "slide"
SHAPE_KINDS = ("shape", "picture", "table", "chart", "smartart", "media")
TEXT_ANYWHERE = ("presentation", "slide", "layout", "master", *SHAPE_KINDS, "paragraph",
                 "run", "cell", "notes")
_A, _P = f"{{{A}}}", f"{{{P}}}"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()


def _text_writer(name: str, nodes: Callable[[Target], list[etree._Element]]) -> None:
    """Register the writer of text property ``name``: ``nodes`` of the target (the ``a:t``
    it reads) given the value's text."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return replace_text(session, target, name, nodes(target), value)


# ------------------------------------------------------------------ text
@binds("text", kinds=TEXT_ANYWHERE, plan=Plan("text"))
def text(target, ctx) -> Observation | None:
    if isinstance(target, PresentationTarget):
        return Observation("\n".join(_sheet_text(s.sheet) for s in target.doc.slides),
                           "direct")
    if isinstance(target, (SlideTarget, SheetTarget)):
        return Observation(_sheet_text(target.sheet), "direct")
    if isinstance(target, NotesTarget):
        return Observation(target.text, "direct")
    if hasattr(target, "text"):
        return Observation(target.text, "direct")
    return None


def _sheet_text(sheet: Sheet) -> str:
    return "\n".join(t for t in (content.shape_text(s) for s in sheet.shapes) if t)


_text_writer("text", shown_nodes)


@prop("slide.title", T.TEXT, kinds=SLIDE, plan=Plan("text", nodes="title"),
      draft=Drafting(made=True, inserted_text=True),
      typed_text=True)
def slide_title(target, ctx) -> Observation | None:
    """Text of the slide's title (or centered title) placeholder."""
    t = target.title_text
    return Observation(t, "direct") if t is not None else None


_text_writer("slide.title", title_nodes)


@prop("notes.text", T.TEXT, kinds=(SLIDE, "notes"), plan=Plan("text", nodes="notes"),
      draft=Drafting(called=("备注",), inserted_text=True),
      typed_text=True)
def notes_text(target, ctx) -> Observation | None:
    """Text of the slide's speaker notes (备注)."""
    if isinstance(target, NotesTarget):
        return Observation(target.text, "direct")
    notes = target.notes
    if notes is None:
        return None
    return Observation(NotesTarget(target, notes).text, "direct")


_text_writer("notes.text", notes_nodes)


# ------------------------------------------------------------------ slides
@prop("slide.hidden", T.BOOL, kinds=SLIDE, plan=Plan("hidden"),
      draft=Drafting(called=("隐藏",)))
def slide_hidden(target, ctx) -> Observation | None:
    """Hidden slide (隐藏幻灯片; p:sld/@show=0)."""
    raw = target.sheet.root.get("show")
    if raw is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(target.sheet.hidden, "direct")


@WRITERS.writer("slide.hidden")
def put_hidden(session: Session, target: Target, value: Any) -> str:
    root = sheet_of(target).root
    session.touch(root)
    root.set("show", "0" if value else "1")
    return f"@show={root.get('show')}"


@prop("slide.index", T.INTEGER, kinds=SLIDE,
      draft=Drafting(volatile=True))
def slide_index(target, ctx) -> Observation | None:
    """1-based position of the slide in the show."""
    return Observation(target.index, "computed")


@WRITERS.writer("slide.index")
def put_slide_index(session: Session, target: Target, value: Any) -> str:
    """The slide moved to position ``value`` (swapped with the slide there)."""
    sheets = session.doc.slide_sheets  # type: ignore[attr-defined]
    n = next((i for i, s in enumerate(sheets, start=1)
              if s is target.sheet), None)  # type: ignore[attr-defined]
    other = int(value)
    if n is None or other == n or not 1 <= other <= len(sheets):
        raise NotApplicable(f"no position {other} to move to")
    return swap_slides(session, n, other)


@prop("slide.hide_background_graphics", T.BOOL, kinds=("slide", "layout"),
      draft=Drafting(called=("隐藏背景",)),
      plan=Plan("setting", mistake=flipped))
def hide_background_graphics(target, ctx) -> Observation | None:
    """Hide background graphics (隐藏背景图形): the master's (or layout's) shapes are not
    drawn on this slide or layout (showMasterSp="0"); false by default."""
    v = target.sheet.root.get("showMasterSp")
    if v is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(not on(v, True), "direct")


@WRITERS.writer("slide.hide_background_graphics")
def put_hide_background_graphics(session: Session, target: Target, value: Any) -> str:
    if target.kind not in ("slide", "layout"):
        raise NotApplicable(f"not a slide or layout: {target.kind}")
    root = sheet_of(target).root
    session.touch(root)
    if value:
        root.set("showMasterSp", "0")
    else:
        root.attrib.pop("showMasterSp", None)
    return f"showMasterSp {'0' if value else 'removed'}"


# ------------------------------------------------------------------ header / footer
def _placeholder_on(sheet: Sheet, ph_type: str):
    for s in sheet.all_shapes():
        if s.placeholder is not None and s.placeholder.type == ph_type:
            return s
    return None


def _placeholder_visible(target, ctx, ph_type: str) -> Observation | None:
    """Slides: the placeholder is on the slide (what PowerPoint draws). Layouts and
    masters: their ``p:hf`` flag (on by default)."""
    if isinstance(target, SlideTarget):
        return Observation(_placeholder_on(target.sheet, ph_type) is not None, "direct")
    hf = target.sheet.header_footer
    if hf is None:
        return None if ctx.direct else Observation(True, "default")
    return Observation(on(hf.get(ph_type), True), "direct")


def _visible_writer(name: str, ph_type: str) -> None:
    """Register the writer of ``name``, whether the ``ph_type`` placeholder shows."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """On a slide: the placeholder removed (false); on a layout or master, its
        ``p:hf`` flag."""
        sheet = sheet_of(target)
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


@prop("slide.number.visible", T.BOOL, kinds=SHEET_KINDS,
      plan=Plan("placeholder_visible", ph="sldNum"),
      draft=Drafting(asked="named", words=("编号", "页码"), called=("编号",)))
def number_visible(target, ctx) -> Observation | None:
    """Slide number shown (幻灯片编号): a slide-number placeholder is on the slide; on a
    layout or master, its p:hf/@sldNum."""
    return _placeholder_visible(target, ctx, "sldNum")


_visible_writer("slide.number.visible", "sldNum")


@prop("slide.footer.visible", T.BOOL, kinds=SHEET_KINDS,
      plan=Plan("placeholder_visible", ph="ftr"),
      draft=Drafting(asked="named", words=("页脚",), called=("页脚",)))
def footer_visible(target, ctx) -> Observation | None:
    """Footer shown (页脚): a footer placeholder is on the slide; on a layout or master, its
    p:hf/@ftr."""
    return _placeholder_visible(target, ctx, "ftr")


_visible_writer("slide.footer.visible", "ftr")


@binds("footer.text", kinds=SHEET_KINDS, plan=Plan("text", nodes="footer"))
def footer_text(target, ctx) -> Observation | None:
    shape = _placeholder_on(target.sheet, "ftr")
    if shape is None:
        return None
    return Observation(body_text(shape.tx_body).strip(), "direct")


_text_writer("footer.text", footer_nodes)


@prop("slide.date.visible", T.BOOL, kinds=SHEET_KINDS,
      plan=Plan("placeholder_visible", ph="dt"),
      draft=Drafting(asked="named", words=("日期",), called=("日期",)))
def date_visible(target, ctx) -> Observation | None:
    """Date and time shown (日期和时间): a date placeholder is on the slide; on a layout or
    master, its p:hf/@dt."""
    return _placeholder_visible(target, ctx, "dt")


_visible_writer("slide.date.visible", "dt")


# ------------------------------------------------------------------ the date placeholder
def _date_field(target):
    """(is a field, shown text) of the date placeholder on the slide, layout or master;
    ``None`` without one."""
    shape = _placeholder_on(target.sheet, "dt")
    if shape is None or shape.tx_body is None:
        return None
    fields = [f for f in shape.tx_body.iter(a("fld"))
              if (f.get("type") or "").startswith("datetime")]
    return bool(fields), body_text(shape.tx_body).strip()


def _date_body(session: Session, target: Target) -> etree._Element:
    sheet = sheet_of(target)
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


@prop("slide.date.kind", T.EnumType("date_kind"), kinds=SHEET_KINDS,
      draft=Drafting(asked="named", words=("日期",), called=("日期",)),
      plan=Plan("setting", mistake=cycled("field", "fixed")))
def date_kind(target, ctx) -> Observation | None:
    """Whether the date and time placeholder holds a date field that updates (自动更新: a
    datetime field) or fixed text (固定); no value without a date placeholder."""
    got = _date_field(target)
    if got is None:
        return None
    return Observation("field" if got[0] else "fixed", "direct")


@WRITERS.writer("slide.date.kind")
def put_date_kind(session: Session, target: Target, value: Any) -> str:
    """``field``: a date field that updates; ``fixed``: the text it shows, fixed."""
    body = _date_body(session, target)
    shown = body_text(body).strip() or "2026/1/1"
    return _date_para(body, shown, str(value) == "field")


@prop("slide.date.text", T.TEXT, kinds=SHEET_KINDS,
      draft=Drafting(asked="named", words=("日期",), called=("日期",)),
      typed_text=True,
      plan=Plan("setting", mistake=mistyped))
def date_text(target, ctx) -> Observation | None:
    """The text the date and time placeholder shows (a field's last shown value, or the
    fixed text)."""
    got = _date_field(target)
    return Observation(got[1], "direct") if got is not None else None


@WRITERS.writer("slide.date.text")
def put_date_text(session: Session, target: Target, value: Any) -> str:
    """The date placeholder showing ``value`` as fixed text."""
    return _date_para(_date_body(session, target), str(value), False)
