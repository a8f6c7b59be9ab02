"""Headers and footers (``header.*``, ``footer.*``): the text of a section's default
header or footer, whether it holds a page number, whether anything shows; on a section (and
the document: every section) or on a header or footer target itself; written in the header
and footer parts (``word.edit.parts`` finds them).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import R
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.edit.parts import hf_parts, hf_parts_all_kinds, hf_text_nodes, sections_of
from officeeval.word.edit.xml import _W
from officeeval.word.headers import HeaderFooterTarget, header_footer, shown
from officeeval.word.hf_visibility import what_shows
from officeeval.word.props_section import SECTION_OR_HF, section_property

_R = f"{{{R}}}"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop
WRITERS = WriterSet()


def section_or_hf(on_hf: Callable) -> Callable[[Callable], Callable]:
    """Decorator: a section reader answering for sections and the document, with
    ``on_hf(target, ctx)`` answering for a header or footer target itself."""
    def lift(fn: Callable) -> Callable:
        sect = section_property(fn)

        @functools.wraps(fn)
        def resolve(target, ctx):
            if isinstance(target, HeaderFooterTarget):
                return on_hf(target, ctx)
            return sect(target, ctx)
        return resolve
    return lift


def hf_visible(target, ctx) -> Observation | None:
    """``header.visible`` / ``footer.visible`` on a header or footer target: whether it
    shows anything."""
    what = what_shows(target)
    return Observation(what is not None, target.part if target.defined else "computed",
                       note=f"shows {what}" if what else "nothing shows")


def hf_text(target, ctx) -> Observation | None:
    """``header.text`` / ``footer.text`` on a header or footer target: its own text."""
    return Observation(target.text, target.part if target.defined else "default")


def hf_page_number(target, ctx) -> Observation | None:
    return Observation(target.has_page_number, target.part if target.defined else "default")


def _hf_text(s, which: str):
    hf = header_footer(s, which, "default")
    if hf is None or not hf.defined:
        return None
    return Observation(hf.text, hf.part)


def _text_writer(prop: str, which: str) -> None:
    """Register the writer of ``prop``: the text of the target's ``which`` parts."""
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        nodes = hf_text_nodes(session, target, which)
        if not nodes:
            raise NotApplicable(f"no text in the {which}")
        set_text(nodes, str(value))
        return f"{which} text {value!r}"


@prop("header.text", T.TEXT, kinds=SECTION_OR_HF,
      draft=Drafting(header_kinds=("header",), called=("页眉",), inserted_text=True,
                     page_field=True),
      plan=Plan("hf_text", which="header"),
      typed_text=True)
@section_or_hf(hf_text)
def header_text(s, direct):
    """Text of the section's default header (inherited from the previous section when not
    set)."""
    return _hf_text(s, "header")


_text_writer("header.text", "header")


@prop("footer.text", T.TEXT, kinds=SECTION_OR_HF,
      draft=Drafting(header_kinds=("footer",), called=("页脚",), inserted_text=True,
                     page_field=True),
      plan=Plan("hf_text", which="footer"),
      typed_text=True)
@section_or_hf(hf_text)
def footer_text(s, direct):
    """Text of the section's default footer, or a slide's footer placeholder text."""
    return _hf_text(s, "footer")


_text_writer("footer.text", "footer")


def _hf_page(s, which: str):
    found = [t for t in (header_footer(s, which, k) for k in ("default", "first", "even"))
             if t is not None and t.defined]
    if not found:
        return Observation(False, "default")
    hit = next((t for t in found if t.has_page_number), None)
    return Observation(hit is not None, (hit or found[0]).part)


def _page_to_date(root: etree._Element) -> bool:
    changed = False
    for fs in root.iter(_W + "fldSimple"):
        instr = (fs.get(_W + "instr") or "").strip()
        if instr.split()[:1] == ["PAGE"]:
            fs.set(_W + "instr", " DATE ")
            changed = True
    for it in root.iter(_W + "instrText"):
        if (it.text or "").strip().split()[:1] == ["PAGE"]:
            it.text = " DATE "
            changed = True
    return changed


def _page_number_writer(prop: str, which: str) -> None:
    """Register the writer of ``prop``: a PAGE field in (or out of) the ``which`` parts."""
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        """False: every PAGE field in the parts the section shows (default, first page,
        even pages: the reader looks at all three) made a DATE field; true: a PAGE field
        added to the first paragraph of each default part."""
        parts = hf_parts(target, which) if value else hf_parts_all_kinds(target, which)
        if value:
            if not parts:
                raise NotApplicable(f"no {which} to put a page number in")
            for part in parts:
                root = session.part(part)
                p = root.find(_W + "p")
                if p is None:
                    p = etree.SubElement(root, _W + "p")
                fld = etree.SubElement(p, _W + "fldSimple", {_W + "instr": " PAGE "})
                r = etree.SubElement(fld, _W + "r")
                etree.SubElement(r, _W + "t").text = "1"
            return f"a PAGE field added to the {which}"
        changed = False
        for part in parts:
            changed |= _page_to_date(session.part(part))
        if not changed:
            raise NotApplicable("no PAGE field found")
        return f"the PAGE field in the {which} replaced by a DATE field"


@prop("header.has_page_number", T.BOOL, kinds=SECTION_OR_HF,
      draft=Drafting(called=("页眉",)),
      plan=Plan("page_field", which="header"))
@section_or_hf(hf_page_number)
def header_has_page_number(s, direct):
    """Whether the header holds a PAGE field."""
    return _hf_page(s, "header")


_page_number_writer("header.has_page_number", "header")


@prop("footer.has_page_number", T.BOOL, kinds=SECTION_OR_HF,
      draft=Drafting(called=("页脚",)),
      plan=Plan("page_field", which="footer"))
@section_or_hf(hf_page_number)
def footer_has_page_number(s, direct):
    """Whether the footer holds a PAGE field."""
    return _hf_page(s, "footer")


_page_number_writer("footer.has_page_number", "footer")


def _hf_visible(s, which: str):
    shown_here = [t for t in (header_footer(s, which, k) for k in ("default", "first",
                                                                   "even"))
                  if t is not None and t.defined]
    if not shown_here:
        # No part shows: seen, not an application default (an absence, like count 0).
        return Observation(False, "computed", note=f"no {which} is defined")
    for t in shown_here:
        what = what_shows(t)
        if what is not None:
            return Observation(True, t.part, note=f"{t.locator} shows {what}")
    return Observation(False, shown_here[0].part, note="nothing shows")


def _empty(session: Session, hf) -> None:
    root = session.part(hf.part)
    for child in list(root):
        root.remove(child)
    p = etree.SubElement(root, _W + "p")
    bdr = etree.SubElement(etree.SubElement(p, _W + "pPr"), _W + "pBdr")
    for side in ("top", "bottom", "left", "right"):
        etree.SubElement(bdr, _W + side, {_W + "val": "nil"})


def _visible_writer(prop: str, which: str) -> None:
    """Register the writer of ``prop``: the ``which`` parts emptied, or made to show."""
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        """False: every part the target shows emptied (one empty paragraph left); true:
        the section linked to a part that shows something elsewhere in the document, or
        text typed into its own empty part."""
        if not value:
            done = False
            hfs = [target] if target.kind == which else [
                h for s in sections_of(target) for h in shown(s, which)]
            for h in hfs:
                if h.defined:
                    _empty(session, h)
                    done = True
            if not done:
                raise NotApplicable(f"no {which} part to empty")
            return f"the {which} emptied"
        return _show(session, target, which)


def _show(session: Session, target: Target, which: str) -> str:
    doc = target.doc
    donor = None
    for s in doc.sections:  # type: ignore[attr-defined]
        for r in s.sect_pr.findall(f"{_W}{which}Reference"):
            h = doc.part_for_rel(r.get(_R + "id"))  # type: ignore[attr-defined]
            hf = next((x for x in shown(s, which) if x.defined and x.part == h), None)
            if hf is not None and what_shows(hf) is not None:
                donor = r.get(_R + "id")
                break
        if donor:
            break
    note = ""
    for sec in sections_of(target):
        hfs = [h for h in shown(sec, which) if h.defined]
        if donor is None and hfs:
            root = session.part(hfs[0].part)
            p = root.find(_W + "p")
            if p is None:
                p = etree.SubElement(root, _W + "p")
            etree.SubElement(etree.SubElement(p, _W + "r"), _W + "t").text = "页眉"
            note = f"text typed into {hfs[0].part}"
            continue
        if donor is None:
            raise NotApplicable(f"no {which} in the document to show here")
        sp = sec.sect_pr
        if sp.getparent() is None:
            doc.body.append(sp)  # type: ignore[attr-defined]
        for old in sp.findall(f"{_W}{which}Reference"):
            if (old.get(_W + "type") or "default") == "default":
                sp.remove(old)
        sp.insert(0, etree.Element(f"{_W}{which}Reference",
                                   {_W + "type": "default", _R + "id": donor}))
        session.touch(sp)
        note = f"{which}Reference r:id={donor} added"
    return note


@prop("header.visible", T.BOOL, kinds=SECTION_OR_HF,
      draft=Drafting(made=True, called=("页眉",)),
      plan=Plan("hf_visible", which="header"))
@section_or_hf(hf_visible)
def header_visible(s, direct):
    """Whether a header shows on the page, as a reader sees it: some text, a field, a
    drawing (not a watermark) or a border (the 页眉 style's line). On a section: any header
    its pages show (default, first page, even pages; inherited from the previous section).
    An empty header part is not visible (false)."""
    return _hf_visible(s, "header")


_visible_writer("header.visible", "header")


@prop("footer.visible", T.BOOL, kinds=SECTION_OR_HF,
      draft=Drafting(made=True, called=("页脚",)),
      plan=Plan("hf_visible", which="footer"))
@section_or_hf(hf_visible)
def footer_visible(s, direct):
    """Whether a footer shows on the page: some text, a field, a drawing or a border (as
    header.visible)."""
    return _hf_visible(s, "footer")


_visible_writer("footer.visible", "footer")
