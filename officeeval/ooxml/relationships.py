"""Relationships of an OPC package: the ``Relationship`` record and the reading of a parsed
``.rels`` part, internal targets resolved to absolute part names inside the package.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import PKG_REL, rel_type_name


@dataclass(frozen=True)
class Relationship:
    """One relationship: ``target`` is a part name (absolute, no leading slash) unless
    ``external`` is true, in which case it is the raw target URI."""

    id: str
    type: str
    target: str
    external: bool

    @property
    def type_name(self) -> str:
        return rel_type_name(self.type)


def read_relationships(root: etree._Element, folder: str) -> dict[str, Relationship]:
    """The ``Relationship`` elements of a parsed ``.rels`` part, keyed by id, internal
    targets resolved against ``folder``."""
    out: dict[str, Relationship] = {}
    for el in root:
        if el.tag != f"{{{PKG_REL}}}Relationship":
            continue
        rid = el.get("Id") or ""
        target = el.get("Target") or ""
        external = (el.get("TargetMode") or "").lower() == "external"
        if not external:
            target = _resolve(folder, target)
        out[rid] = Relationship(rid, el.get("Type") or "", target, external)
    return out


def _resolve(folder: str, target: str) -> str:
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    joined = posixpath.normpath(posixpath.join(folder, target))
    # A target climbing above the package root is dangling, not a path on our filesystem.
    return joined if not joined.startswith("..") else "\x00" + joined

