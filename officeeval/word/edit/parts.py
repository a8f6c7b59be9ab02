"""Writers of what lives in header and footer parts: their text, the PAGE field, whether
anything shows; and unlinking a section's header or footer."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import R
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.word.edit.xml import _W

WRITERS = WriterSet()
_R = f"{{{R}}}"


def sections_of(t: Target) -> list:
    """The sections a section-level target stands for (every one for the document)."""
    if t.kind == "section":
        return [t]
    if t.kind == "document":
        return list(t.doc.sections)  # type: ignore[attr-defined]
    raise NotApplicable(f"no header or footer on a {t.kind} target")


def hf_parts(t: Target, which: str) -> list[str]:
    """The parts holding the default ``which`` (header/footer) of a target: a header or
    footer target's own part, else those its sections show by default."""
    from officeeval.word.sections import header_footer_part
    if t.kind in ("header", "footer"):
        return [t.part] if getattr(t, "defined", False) else []  # type: ignore[attr-defined]
    out: list[str] = []
    for s in sections_of(t):
        part = header_footer_part(s, which)
        if part is not None and part not in out:
            out.append(part)
    return out


def hf_parts_all_kinds(t: Target, which: str) -> list[str]:
    """As ``hf_parts``, with the first-page and even-page parts a section shows too (what
    ``header.has_page_number`` reads)."""
    from officeeval.word.sections import header_footer_part
    if t.kind in ("header", "footer"):
        return hf_parts(t, which)
    out: list[str] = []
    for s in sections_of(t):
        for kind in ("default", "first", "even"):
            part = header_footer_part(s, which, kind)
            if part is not None and part not in out:
                out.append(part)
    return out


def hf_text_nodes(session: Session, t: Target, which: str) -> list[etree._Element]:
    """The ``w:t`` elements of the target's ``which`` parts, in order (the parts marked as
    changed)."""
    return [x for part in hf_parts(t, which) for x in session.part(part).iter(_W + "t")]


def _text_writer(prop: str, which: str) -> None:
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        nodes = hf_text_nodes(session, target, which)
        if not nodes:
            raise NotApplicable(f"no text in the {which}")
        set_text(nodes, str(value))
        return f"{which} text {value!r}"


_text_writer("header.text", "header")
_text_writer("footer.text", "footer")


def unlink(session: Session, target: Target, which: str) -> str:
    """The sections' references to their ``which`` parts dropped (the part stays)."""
    for s in sections_of(target):
        for ref in s.sect_pr.findall(f"{_W}{which}Reference"):
            session.touch(ref)
            s.sect_pr.remove(ref)
    return f"{which} references removed"


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


_page_number_writer("header.has_page_number", "header")
_page_number_writer("footer.has_page_number", "footer")


def _empty(session: Session, hf) -> None:
    root = session.part(hf.part)
    for child in list(root):
        root.remove(child)
    p = etree.SubElement(root, _W + "p")
    bdr = etree.SubElement(etree.SubElement(p, _W + "pPr"), _W + "pBdr")
    for side in ("top", "bottom", "left", "right"):
        etree.SubElement(bdr, _W + side, {_W + "val": "nil"})


def _visible_writer(prop: str, which: str) -> None:
    @WRITERS.writer(prop)
    def write(session: Session, target: Target, value: Any) -> str:
        """False: every part the target shows emptied (one empty paragraph left); true:
        the section linked to a part that shows something elsewhere in the document, or
        text typed into its own empty part."""
        from officeeval.word.headers import shown
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
    from officeeval.word.headers import shown
    from officeeval.word.hf_visibility import what_shows
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


_visible_writer("header.visible", "header")
_visible_writer("footer.visible", "footer")
