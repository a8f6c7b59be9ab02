"""Writers of PowerPoint text (a target's, a slide's title, notes, footer), and the edits of
slides that are not a property's value: targets deleted, slides reordered, formatting no
property reads."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.ppt.edit.text_nodes import SHAPE_KINDS, notes_nodes, replace_text, shown_nodes
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target

WRITERS = WriterSet()
_A, _P = f"{{{A}}}", f"{{{P}}}"


def text_nodes(t: Target, prop: str = "text") -> list[etree._Element]:
    """The ``a:t`` elements holding the text ``prop`` reads on ``t``, in order."""
    if prop == "slide.title":
        shape = t.title_shape  # type: ignore[attr-defined]
        return list(shape.el.iter(_A + "t")) if shape is not None else []
    if prop == "notes.text" or t.kind == "notes":
        return notes_nodes(t)
    if prop == "footer.text":
        sheet = t.sheet  # type: ignore[attr-defined]
        for s in sheet.all_shapes():
            if s.placeholder is not None and s.placeholder.type == "ftr":
                return list(s.el.iter(_A + "t"))
        return []
    return shown_nodes(t)


def _text_writer(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        return replace_text(session, target, name, text_nodes(target, name), value)


_text_writer("text")
_text_writer("slide.title")
_text_writer("notes.text")
_text_writer("footer.text")


# ------------------------------------------------------------------ deletion and order
DELETABLE = SHAPE_KINDS | {"slide", "paragraph", "run", "animation"}


def delete(session: Session, t: Target) -> None:
    """Remove ``t``: a slide from the show, an animation's effect, a shape, a paragraph
    (a text body keeps one, emptied) or a run."""
    if t.kind == "slide":
        lst = session.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
        for item in list(lst) if lst is not None else []:
            if item.get("id") == t.slide_id:  # type: ignore[attr-defined]
                session.touch(lst)
                lst.remove(item)
                return
        raise NotApplicable("slide id not found")
    if t.kind == "animation":
        from officeeval.ppt.edit.timing import effect_ctn
        ctn = effect_ctn(t)
        par = ctn.getparent()
        session.touch(par)
        par.getparent().remove(par)
        return
    el = t.shape.el if t.kind in SHAPE_KINDS else t.el  # type: ignore[attr-defined]
    parent = el.getparent()
    session.touch(el)
    if t.kind == "paragraph" and len(parent.findall(_A + "p")) == 1:
        for r in el.findall(_A + "r"):  # a text body keeps one paragraph
            el.remove(r)
        return
    parent.remove(el)


def swap_slides(session: Session, n: int, other: int) -> str:
    """Slides ``n`` and ``other`` (1-based) swapped in the show."""
    lst = session.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
    items = list(lst.findall(_P + "sldId"))
    a_, b_ = items[n - 1], items[other - 1]
    # Swapping the entries' attributes (id, r:id) swaps the slides' positions.
    attrs_a, attrs_b = dict(a_.attrib), dict(b_.attrib)
    a_.attrib.clear()
    b_.attrib.clear()
    a_.attrib.update(attrs_b)
    b_.attrib.update(attrs_a)
    session.touch(lst)
    return f"slides {n} and {other} swapped"


@WRITERS.writer("slide.count")
def slide_count(session: Session, target: Target, value: Any) -> str:
    """Fewer slides: the last ones dropped from the show."""
    lst = session.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
    items = lst.findall(_P + "sldId") if lst is not None else []
    n = int(value)
    if not 1 <= n < len(items):
        raise NotApplicable(f"{len(items)} slides cannot become {n}")
    session.touch(lst)
    for item in items[n:]:
        lst.remove(item)
    return "last slide removed" if len(items) - n == 1 else f"{len(items) - n} slides removed"


# ------------------------------------------------------------------ read by no property
def italicize(session: Session, sheet) -> None:
    """Every run of a slide made italic (a slide no check selects)."""
    for r in sheet.root.iter(_A + "r"):
        rpr = r.find(_A + "rPr")
        if rpr is None:
            rpr = etree.Element(_A + "rPr")
            r.insert(0, rpr)
        rpr.set("i", "1")
        session.touch(rpr)


def spell_flags(session: Session, t: Target) -> None:
    """Spell-check flags (read by no property) set on the runs of ``t``'s text."""
    for el in text_nodes(t, "text"):
        r = el.getparent()
        rpr = r.find(_A + "rPr")
        if rpr is None:
            rpr = etree.Element(_A + "rPr")
            r.insert(0, rpr)
        rpr.set("dirty", "0")
        rpr.set("err", "1")
        session.touch(rpr)


@WRITERS.writer("slide.index")
def slide_index(session: Session, target: Target, value: Any) -> str:
    """The slide moved to position ``value`` (swapped with the slide there)."""
    sheets = session.doc.slide_sheets  # type: ignore[attr-defined]
    n = next((i for i, s in enumerate(sheets, start=1)
              if s is target.sheet), None)  # type: ignore[attr-defined]
    other = int(value)
    if n is None or other == n or not 1 <= other <= len(sheets):
        raise NotApplicable(f"no position {other} to move to")
    return swap_slides(session, n, other)
