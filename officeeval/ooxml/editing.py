"""Editing parsed parts, format-neutral: a child found or created, text written over the
elements that hold it, relationships and content types added. The formats' writers
(``word/edit``, ``excel/edit``, ``ppt/edit``) are built on these; every function edits the
tree in place and leaves marking the part as changed to the caller's session."""

from __future__ import annotations

import posixpath

from lxml import etree

from officeeval.ooxml.ns import CT, PKG_REL

XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def ensure_child(parent: etree._Element, tag: str, first: bool = False) -> etree._Element:
    """``parent``'s child ``tag`` (a Clark name), created (first or last) when absent."""
    el = parent.find(tag)
    if el is None:
        el = etree.Element(tag)
        if first:
            parent.insert(0, el)
        else:
            parent.append(el)
    return el


def set_text(nodes: list[etree._Element], text: str) -> None:
    """Write ``text`` over the text elements ``nodes`` (``w:t``, ``a:t``, ``t``) of one
    piece of text: node by node with the lengths they had when ``text`` is as long as
    their joined text (one character changed stays in its run), else all of it in the
    first node and the others emptied. Raises ``ValueError`` without nodes."""
    if not nodes:
        raise ValueError("no text element to write into")
    old = [n.text or "" for n in nodes]
    if len(text) == sum(len(o) for o in old):
        pos = 0
        for n, o in zip(nodes, old):
            n.text = text[pos:pos + len(o)]
            pos += len(o)
        return
    nodes[0].text = text
    for n in nodes[1:]:
        n.text = ""


def joined_text(nodes: list[etree._Element]) -> str:
    """The text of ``nodes`` joined, as ``set_text`` writes it."""
    return "".join(n.text or "" for n in nodes)


def rels_part(part: str) -> str:
    """The relationship part of ``part`` (``_rels/.rels`` for the package, ``""``)."""
    if not part:
        return "_rels/.rels"
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def relationship(rels_root: etree._Element, rid: str) -> etree._Element | None:
    """The ``Relationship`` element with id ``rid`` in a parsed relationship part."""
    return next((r for r in rels_root if r.get("Id") == rid), None)


def add_relationship(rels_root: etree._Element, rid: str, rel_type: str, target: str
                     ) -> etree._Element:
    """Append a relationship to a parsed relationship part."""
    return etree.SubElement(rels_root, f"{{{PKG_REL}}}Relationship",
                            {"Id": rid, "Type": rel_type, "Target": target})


def add_override(types_root: etree._Element, part: str, content_type: str) -> etree._Element:
    """Append a content-type override for ``part`` to ``[Content_Types].xml``."""
    return etree.SubElement(types_root, f"{{{CT}}}Override",
                            {"PartName": "/" + part.lstrip("/"), "ContentType": content_type})
