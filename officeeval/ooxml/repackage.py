"""Package-level rewrites another writer might make without changing the document: parts
under other names (``word/document.xml`` as ``word/document_r.xml``, slides whose part names
are out of show order) and relationships with other ids (``rId3`` as ``rId997``).

They work on the finished members ``{name: bytes}`` (``Edit.repackage``): content types,
relationship parts and every reference to a relationship id (``r:id``, ``r:embed`` …,
VML's ``o:relid``, SmartArt's ``relId``) are rewritten together, so the package stays
consistent; a reader that finds parts by relationship, never by name, sees the same
document.
"""

from __future__ import annotations

import posixpath
from typing import Callable

from lxml import etree

CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
# Attributes naming a relationship of their own part: any attribute in these namespaces.
REL_NAMESPACES = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships",
                  "http://purl.oclc.org/ooxml/officeDocument/relationships")
_O_RELID = "{urn:schemas-microsoft-com:office:office}relid"
_XML = (".xml", ".rels", ".vml")
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                          remove_blank_text=False)


def rels_name(part: str) -> str:
    """The relationship part of ``part`` (``""`` for the package)."""
    if not part:
        return "_rels/.rels"
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def source_of(rels: str) -> str | None:
    """The part a relationship part belongs to (``""`` for the package's); ``None`` when
    ``rels`` is not a relationship part."""
    folder, base = posixpath.split(rels)
    if posixpath.basename(folder) != "_rels" or not base.endswith(".rels"):
        return None
    return posixpath.join(posixpath.dirname(folder), base[: -len(".rels")])


def _find(members: dict[str, bytes], name: str) -> str | None:
    low = name.lower()
    return next((n for n in members if n.lower() == low), None)


def _parse(data: bytes) -> etree._Element:
    return etree.fromstring(data, _PARSER)


def _dump(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _resolve(folder: str, target: str) -> str:
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(folder, target)).lstrip("/")


def renumber_relationships(members: dict[str, bytes]) -> dict[str, bytes]:
    """Every relationship of every part gets a new id (the order reversed, ``rId9xx``);
    each reference to it in its source part (and SmartArt's ``relId`` in the parts that
    source points at) follows."""
    out = dict(members)
    for rels in [n for n in members if source_of(n) is not None]:
        source = _find(members, source_of(rels) or "") if source_of(rels) else ""
        root = _parse(members[rels])
        ids = [el.get("Id") for el in root if el.get("Id")]
        mapping = {old: f"rId{999 - i}" for i, old in enumerate(ids)}
        targets = []
        for el in root:
            old = el.get("Id")
            if old in mapping:
                el.set("Id", mapping[old])
            if (el.get("TargetMode") or "").lower() != "external" and source is not None:
                folder = posixpath.dirname(source) if source else ""
                targets.append(_resolve(folder, el.get("Target") or ""))
        out[rels] = _dump(root)
        if source and source.lower().endswith(_XML):
            out[source] = _rewrite_ids(out[source], mapping, own=True)
        for t in targets:
            name = _find(members, t)
            if name is not None and name.lower().endswith(_XML) and name != source:
                out[name] = _rewrite_ids(out[name], mapping, own=False)
    return out


def _rewrite_ids(data: bytes, mapping: dict[str, str], own: bool) -> bytes:
    """Relationship ids in a part: its own (``own``: ``r:*`` attributes, ``o:relid``) or
    those of the part pointing at it (SmartArt's unqualified ``relId``)."""
    try:
        root = _parse(data)
    except etree.XMLSyntaxError:
        return data
    changed = False
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for name, value in el.attrib.items():
            ns = etree.QName(name).namespace if name.startswith("{") else None
            hit = (own and (ns in REL_NAMESPACES or name == _O_RELID)) or (
                not own and name == "relId")
            if hit and value in mapping:
                el.set(name, mapping[value])
                changed = True
    return _dump(root) if changed else data


def rename_parts(members: dict[str, bytes], new_names: dict[str, str]) -> dict[str, bytes]:
    """Parts moved to new names (``{old: new}``, case-insensitive): their members, their
    relationship parts, the content-type overrides and every relationship target pointing
    at them."""
    low = {k.lower(): v for k, v in new_names.items()}

    def moved(name: str) -> str:
        return low.get(name.lower(), name)

    out: dict[str, bytes] = {}
    for name, data in members.items():
        src = source_of(name)
        if src is not None and src.lower() in low:
            out[rels_name(moved(src))] = data
        else:
            out[moved(name)] = data
    for rels in [n for n in out if source_of(n) is not None]:
        src = source_of(rels) or ""
        old_src = next((k for k, v in new_names.items() if v.lower() == src.lower()), src)
        old_folder = posixpath.dirname(old_src)
        new_folder = posixpath.dirname(src)
        root = _parse(out[rels])
        changed = False
        for el in root:
            if (el.get("TargetMode") or "").lower() == "external":
                continue
            raw = el.get("Target") or ""
            target = _resolve(old_folder, raw)
            new_target = moved(target)
            if new_target == target and old_folder == new_folder:
                continue
            if raw.startswith("/"):
                el.set("Target", "/" + new_target)
            else:
                el.set("Target", posixpath.relpath(new_target, new_folder or "."))
            changed = True
        if changed:
            out[rels] = _dump(root)
    ct_name = _find(out, "[Content_Types].xml")
    if ct_name is not None:
        root = _parse(out[ct_name])
        for el in root:
            if el.tag == f"{{{CT_NS}}}Override":
                part = (el.get("PartName") or "").lstrip("/")
                if part.lower() in low:
                    el.set("PartName", "/" + low[part.lower()])
        out[ct_name] = _dump(root)
    return out


def renamed_everything(members: dict[str, bytes], keep: set[str]) -> dict[str, str]:
    """A new name for every part except the content types, relationship parts and
    ``keep`` (lower-case names a rubric reads by name): ``styles.xml`` ->
    ``styles_r.xml``."""
    out = {}
    for name in members:
        if name.lower() == "[content_types].xml" or source_of(name) is not None:
            continue
        if name.lower() in keep:
            continue
        stem, ext = posixpath.splitext(name)
        out[name] = f"{stem}_r{ext}"
    return out


def chain(*steps: Callable[[dict[str, bytes]], dict[str, bytes]]
          ) -> Callable[[dict[str, bytes]], dict[str, bytes]]:
    def run(members: dict[str, bytes]) -> dict[str, bytes]:
        for step in steps:
            members = step(members)
        return members
    return run
