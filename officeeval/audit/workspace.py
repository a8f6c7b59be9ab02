"""Building mutant documents from a reference package.

The reference's zip members are read once and kept in memory. A mutant opens a fresh engine
view of the reference (so mutators find what to edit with the engine's own selectors and
targets), edits the parsed parts in place, and writes a new zip in which only the parts it
touched are re-serialized; every other member is copied byte for byte, uncompressed (unless
the mutant chooses a compression: the zip-order neutral mutant does).
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from lxml import etree

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.formats import open_document
from officeeval.properties.writing import NotApplicable
from officeeval.targets import Document

__all__ = ["Edit", "NotApplicable", "Workspace", "reindent", "serialize"]


_XML_SUFFIXES = (".xml", ".rels", ".vml")


@dataclass
class Member:
    info: zipfile.ZipInfo
    data: bytes


@dataclass
class Edit:
    """One mutant in the making: the fresh document, and what changed in it. It is the
    ``Session`` the formats' writers edit through (``officeeval.properties.writing``)."""

    doc: Document
    ws: "Workspace | None" = None
    touched: dict[str, etree._Element] = field(default_factory=dict)
    replaced: dict[str, bytes] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)
    order: list[str] | None = None
    compression: int | None = None
    renamed: dict[str, str] = field(default_factory=dict)  # lower-case name -> new name
    # A last step over the finished members ``{name: bytes}`` (in zip order): renaming
    # parts and renumbering relationships, which touch names, not trees.
    repackage: Callable[[dict[str, bytes]], dict[str, bytes]] | None = None

    def touch(self, el: etree._Element) -> None:
        """Mark the part holding ``el`` as changed (``NotApplicable`` for an element in no
        part)."""
        if self.ws is None:
            raise NotApplicable("this edit has no workspace to find parts in")
        self.ws.touch(self, el)

    def part(self, name: str) -> etree._Element:
        """The parsed root of part ``name``, marked as changed."""
        root = self.doc.package.xml(name)
        self.touched[name] = root
        return root

    def put(self, name: str, data: bytes) -> None:
        """Write part ``name`` (a new one, or replacing one) as ``data``."""
        self.replaced[name] = data


class Workspace:
    """The reference of one rubric, ready to be mutated many times.

    Raises ``PackageError`` from ``open`` if the reference is unreadable.
    """

    def __init__(self, reference: str | Path, app: str, options: dict | None = None,
                 original: str | Path | None = None,
                 backends: Backends = NO_BACKENDS) -> None:
        self.reference = str(reference)
        self.backends = backends  # the audit's, for the views it opens (recalculation)
        # The rubric's own reference when ``reference`` is a prepared copy of it.
        self.original = str(original) if original else self.reference
        self.app = app
        self.options = options or {}
        with zipfile.ZipFile(self.reference) as zf:
            self.members = [Member(i, zf.read(i)) for i in zf.infolist()]
        self._hits: list[str] = []  # part names that held edited elements before

    # ------------------------------------------------------------------ one mutant
    def begin(self) -> Edit:
        """A fresh engine view of the reference to edit."""
        return Edit(open_document(self.reference, self.app, options=self.options,
                                  backends=self.backends), self)

    def part_of(self, edit: Edit, el: etree._Element) -> str:
        """The part whose parsed tree holds ``el``; raises ``NotApplicable`` for an element
        that is in no part (e.g. a default the view made up)."""
        root = el.getroottree().getroot()
        pkg = edit.doc.package
        names = [n for n in pkg.part_names() if n.lower().endswith(_XML_SUFFIXES)]
        # Parts that held edits before come first: mutants of one rubric touch few parts.
        names.sort(key=lambda n: (n not in self._hits, n != pkg.main_part))
        for name in names:
            if pkg.xml(name) is root:
                if name not in self._hits:
                    self._hits.append(name)
                return name
        raise NotApplicable("the element to edit belongs to no part of the package")

    def touch(self, edit: Edit, el: etree._Element) -> None:
        """Mark the part holding ``el`` as changed (it is re-serialized on write)."""
        name = self.part_of(edit, el)
        edit.touched[name] = el.getroottree().getroot()

    def touch_part(self, edit: Edit, name: str) -> etree._Element:
        """The parsed root of part ``name``, marked as changed."""
        return edit.part(name)

    def write(self, edit: Edit, path: str | Path, pretty: bool = False) -> Path:
        """Write the mutant zip to ``path`` and close the edit's document."""
        out = Path(path)
        try:
            blobs: dict[str, tuple[str, bytes]] = {}
            for name, root in edit.touched.items():
                blobs[name.lower()] = (name, serialize(root, pretty))
            for name, data in edit.replaced.items():
                blobs[name.lower()] = (name, data)
            members = list(self.members)
            if edit.order is not None:
                rank = {n.lower(): i for i, n in enumerate(edit.order)}
                members.sort(key=lambda m: rank.get(m.info.filename.lower(), len(rank)))
            entries: dict[str, bytes] = {}
            infos: dict[str, zipfile.ZipInfo] = {}
            for m in members:
                key = m.info.filename.lower()
                if key in edit.removed:
                    continue
                name = edit.renamed.get(key, m.info.filename)
                entries[name] = blobs[key][1] if key in blobs else m.data
                infos[name] = m.info
            for key, (name, data) in blobs.items():
                if key not in {n.lower() for n in entries} and key not in edit.removed:
                    entries[name] = data
            if edit.repackage is not None:
                entries = edit.repackage(entries)
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
                for name, data in entries.items():
                    old = infos.get(name)
                    info = zipfile.ZipInfo(name, date_time=old.date_time if old is not None
                                           else (1980, 1, 1, 0, 0, 0))
                    # Stored unless the mutant asks: compressing is no content (the
                    # reader and LibreOffice read both alike) and cost a tenth of an audit.
                    info.compress_type = (edit.compression if edit.compression is not None
                                          else zipfile.ZIP_STORED)
                    zf.writestr(info, data)
        finally:
            edit.doc.close()
        return out


def serialize(root: etree._Element, pretty: bool = False) -> bytes:
    """A part's bytes as Office writes them (UTF-8, standalone declaration)."""
    if pretty:
        reindent(root)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True,
                          pretty_print=pretty)


def reindent(root: etree._Element) -> None:
    """Drop whitespace-only text between elements so ``pretty_print`` re-indents every
    part. Leaf text (``w:t``, ``a:t``, ``v``) is never touched: only text of elements that
    have children and tails, which OOXML never makes significant."""
    for el in root.iter():
        if len(el) and el.text is not None and not el.text.strip():
            el.text = None
        if el.tail is not None and not el.tail.strip():
            el.tail = None
