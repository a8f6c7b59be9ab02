"""Edits of a Word document that are not one property's value (the audit's): targets
deleted, a table turned into a text box, a section break removed, and the edits no property
reads (language marks, an unused style)."""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import V
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target
from officeeval.word.edit.fields import remove_field
from officeeval.word.edit.levels import run_props
from officeeval.word.edit.xml import _W, wset

_V = f"{{{V}}}"
# Kinds a deletion removes outright (the element goes); runs and spans lose their runs.
DELETABLE = {"paragraph", "run", "span", "table", "row", "image", "shape", "textbox", "chart",
             "smartart", "field", "hyperlink", "footnote", "endnote", "comment", "toc"}


# ------------------------------------------------------------------ deletion
def holds_section(t: Target) -> bool:
    """Whether a paragraph carries a section break (deleting it merges two sections)."""
    ppr = t.el.find(_W + "pPr")  # type: ignore[attr-defined]
    return ppr is not None and ppr.find(_W + "sectPr") is not None


def delete(session: Session, t: Target) -> None:
    """Remove ``t``: a field's runs, a span's runs, or the target's element."""
    if t.kind in ("field", "toc"):
        remove_field(session, t)
        return
    if t.kind == "span":
        els = [r.el for r in t.pieces]  # type: ignore[attr-defined]
    elif hasattr(t, "el"):
        els = [t.el]  # type: ignore[attr-defined]
    else:
        raise NotApplicable(f"a {t.kind} target has no element to remove")
    for el in els:
        parent = el.getparent()
        if parent is None:
            raise NotApplicable("nothing to remove")
        session.touch(parent)
        parent.remove(el)


def remove_section_break(session: Session) -> str:
    """The first section break removed (two sections merged)."""
    for p in session.doc.paragraphs:  # type: ignore[attr-defined]
        ppr = p.el.find(_W + "pPr")
        sp = ppr.find(_W + "sectPr") if ppr is not None else None
        if sp is not None:
            session.touch(ppr)
            ppr.remove(sp)
            return "first section break removed"
    raise NotApplicable("a single section")


def table_to_textbox(session: Session, t: Target) -> None:
    """A table replaced by a VML text box holding its text (a row per line, cells joined
    by tabs): the shortcut a program takes when it cannot build a table."""
    tbl = t.el  # type: ignore[attr-defined]
    lines = ["\t".join("".join(x.text or "" for x in tc.iter(_W + "t"))
                       for tc in tr.findall(_W + "tc")) for tr in tbl.findall(_W + "tr")]
    session.touch(tbl)
    p = etree.Element(_W + "p")
    r = etree.SubElement(p, _W + "r")
    pict = etree.SubElement(r, _W + "pict")
    shape = etree.SubElement(pict, _V + "shape", id="AuditTextBox", type="#_x0000_t202",
                             style="width:400pt;height:120pt")
    box = etree.SubElement(shape, _V + "textbox")
    content = etree.SubElement(box, _W + "txbxContent")
    for line in lines or [""]:
        tp = etree.SubElement(content, _W + "p")
        tr = etree.SubElement(tp, _W + "r")
        etree.SubElement(tr, _W + "t").text = line
    tbl.getparent().replace(tbl, p)


# ------------------------------------------------------------------ read by no property
def mark_language(session: Session, t: Target) -> None:
    """Language and proofing marks on every run of ``t`` (read by no catalog property)."""
    for rpr in run_props(t):
        wset(rpr, "lang", val="en-US", eastAsia="zh-CN")
        wset(rpr, "noProof")
        session.touch(rpr)


def add_unused_style(session: Session) -> None:
    """A bold 36 pt custom paragraph style no paragraph uses, added to styles.xml."""
    doc = session.doc
    name = doc.package.related_one(doc.main, "styles")  # type: ignore[attr-defined]
    if name is None:
        raise NotApplicable("no styles part")
    root = session.part(name)
    st = etree.SubElement(root, _W + "style", {_W + "type": "paragraph",
                                               _W + "customStyle": "1",
                                               _W + "styleId": "AuditUnused"})
    etree.SubElement(st, _W + "name", {_W + "val": "Audit Unused"})
    etree.SubElement(st, _W + "basedOn", {_W + "val": "Normal"})
    rpr = etree.SubElement(st, _W + "rPr")
    etree.SubElement(rpr, _W + "b")
    etree.SubElement(rpr, _W + "sz", {_W + "val": "72"})
