"""Bounded, lazy reading of an OOXML package (a zip of XML parts).

Parts are found through ``[Content_Types].xml`` and relationships, never by file name. Each
part is decompressed at most once and parsed at most once per ``Package``. Decompression is
bounded by ``Limits`` (member count, part size, total size, compression ratio), checked on the
zip directory before anything is inflated and again while inflating, because a hostile zip can
lie in its directory.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from lxml import etree

from officeeval.errors import PackageError
from officeeval.ooxml.ns import CT
from officeeval.ooxml.relationships import Relationship, read_relationships
from officeeval.ooxml.shared_trees import MIN_SHARED_BYTES, SHARED_TREES, SHARED_VALUES
from officeeval.ooxml.xml import parse_xml
from officeeval.ooxml.zip_bounds import (ALLOWED_METHODS, OLE_MAGIC, OLE_SCAN, BoundedStream,
                                         Limits, declared_members, read_plain, refuse_ole,
                                         tree_cost)

MAIN_CONTENT_TYPES = {
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml": "word",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml": "word",
    "application/vnd.ms-word.document.macroEnabled.main+xml": "word",
    "application/vnd.ms-word.template.macroEnabledTemplate.main+xml": "word",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": "excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml": "excel",
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml": "excel",
    "application/vnd.ms-excel.template.macroEnabled.main+xml": "excel",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml": "ppt",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml": "ppt",
    "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml": "ppt",
    "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml": "ppt",
    "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml": "ppt",
}


@dataclass
class Package:
    """An opened OOXML package. Construct with ``Package.open``."""

    path: str
    limits: Limits
    _zip: zipfile.ZipFile
    _names: dict[str, zipfile.ZipInfo]
    _content_types: dict[str, str] = field(default_factory=dict)
    _defaults: dict[str, str] = field(default_factory=dict)
    _xml: dict[str, etree._Element] = field(default_factory=dict)
    # A part that failed to read or parse fails again the same way, without being re-read.
    _xml_errors: dict[str, PackageError] = field(default_factory=dict)
    _rels: dict[str, dict[str, Relationship]] = field(default_factory=dict)
    _inflated: int = 0
    _tree_bytes: int = 0
    _reads: dict[str, int] = field(default_factory=dict)
    _parses: dict[str, int] = field(default_factory=dict)
    main_part: str = ""
    app: str = ""

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, source: str | Path | bytes | BinaryIO, limits: Limits | None = None,
             ) -> "Package":
        """Open ``source`` (a path, bytes or a binary file object).

        Raises ``PackageError`` with stage ``missing_file``, ``encrypted`` (an OLE container:
        a password-protected OOXML file or a legacy binary document), ``not_a_zip``,
        ``limit_exceeded``, ``no_content_types``, ``no_main_part`` or ``malformed_xml``.
        """
        limits = limits or Limits()
        name = str(source) if isinstance(source, (str, Path)) else "<bytes>"
        if isinstance(source, (str, Path)):
            p = Path(source)
            if not p.is_file():
                raise PackageError("missing_file", f"no such file: {p}")
            fileobj: BinaryIO | str = str(p)
            probe: BinaryIO = p.open("rb")
        elif isinstance(source, bytes):
            fileobj = io.BytesIO(source)
            probe = io.BytesIO(source)
        else:
            fileobj = source
            probe = source
        try:
            pos = probe.tell()
            magic = probe.read(8)
            if magic == OLE_MAGIC:
                probe.seek(pos)
                refuse_ole(probe.read(OLE_SCAN))
            declared = declared_members(probe)
            probe.seek(pos)
        except OSError as exc:
            raise PackageError("not_a_zip", f"cannot read: {exc}") from exc
        finally:
            if isinstance(source, (str, Path)):
                probe.close()
        if declared is not None and declared > limits.max_members:
            # Refused from the end record, before zipfile builds one object per entry.
            raise PackageError("limit_exceeded", f"{declared} zip members declared (limit "
                               f"{limits.max_members})")
        try:
            zf = zipfile.ZipFile(fileobj)
            infos = zf.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError,
                EOFError) as exc:
            raise PackageError("not_a_zip", str(exc) or "not a zip archive") from exc
        pkg = cls(path=name, limits=limits, _zip=zf, _names={})
        pkg._index(infos)
        pkg._load_content_types()
        pkg._find_main_part()
        return pkg

    def _index(self, infos: list[zipfile.ZipInfo]) -> None:
        lim = self.limits
        if len(infos) > lim.max_members:
            raise PackageError("limit_exceeded",
                               f"{len(infos)} zip members (limit {lim.max_members})")
        total = 0
        for info in infos:
            name = info.filename
            if name.endswith("/"):
                continue
            key = name.lstrip("/")
            if key.lower() in self._names:
                raise PackageError("not_a_zip", f"duplicate zip member {name!r}")
            if info.file_size > lim.max_part_size:
                raise PackageError("limit_exceeded", f"part {name} declares {info.file_size} "
                                   f"bytes (limit {lim.max_part_size})")
            if (info.file_size >= lim.ratio_floor
                    and info.file_size > lim.max_ratio * max(info.compress_size, 1)):
                raise PackageError("limit_exceeded", f"part {name} compression ratio "
                                   f"{info.file_size / max(info.compress_size, 1):.0f} "
                                   f"(limit {lim.max_ratio:.0f})")
            total += info.file_size
            self._names[key.lower()] = info
        if total > lim.max_total_size:
            raise PackageError("limit_exceeded", f"{total} bytes uncompressed in all "
                               f"(limit {lim.max_total_size})")

    def _load_content_types(self) -> None:
        if "[content_types].xml" not in self._names:
            raise PackageError("no_content_types", "[Content_Types].xml is missing")
        # Equal bytes, equal tables (SHARED_VALUES): built from a tree the first time only.
        name, key = "[Content_Types].xml", "[content_types].xml"
        try:
            self._check_xml_size(name)
            data = self.read(name)
            hit = SHARED_VALUES.get("content_types", "", data)
            if hit is None:
                hit = _content_types(self._build(name, key, data))
                SHARED_VALUES.put("content_types", "", data, hit)
        except PackageError as exc:
            self._xml_errors[key] = exc
            raise
        self._defaults, self._content_types = dict(hit[0]), dict(hit[1])

    def _find_main_part(self) -> None:
        for rel in self.rels("").values():
            if rel.type_name == "officeDocument" and not rel.external:
                if not self.has_part(rel.target):
                    raise PackageError("no_main_part",
                                       f"main part {rel.target} named in _rels/.rels is missing")
                self.main_part = rel.target
                self.app = MAIN_CONTENT_TYPES.get(self.content_type(rel.target), "")
                if not self.app:
                    raise PackageError("no_main_part", f"main part {rel.target} has content "
                                       f"type {self.content_type(rel.target)!r}, not a Word, "
                                       f"Excel or PowerPoint document")
                return
        raise PackageError("no_main_part", "_rels/.rels names no officeDocument part")

    def main_root(self, tag: str, what: str) -> etree._Element:
        """The main part's root element, which must be ``tag`` (Clark notation). Raises
        ``PackageError(no_main_part)`` saying it is not ``what`` when the root is another
        element, and like ``xml`` when the part is missing or malformed."""
        root = self.xml(self.main_part)
        if root.tag != tag:
            raise PackageError("no_main_part", f"{self.main_part} is not {what} "
                               f"(root is {root.tag})")
        return root

    # ------------------------------------------------------------------ parts
    def has_part(self, name: str) -> bool:
        """True when the zip holds part ``name`` (case-insensitive, as OPC requires)."""
        return name.lstrip("/").lower() in self._names

    def part_names(self) -> list[str]:
        """All member names, as stored."""
        return [i.filename for i in self._names.values()]

    def content_type(self, name: str) -> str:
        """The part's content type from an Override or its extension's Default; ``""`` if
        neither names it."""
        key = name.lstrip("/").lower()
        if key in self._content_types:
            return self._content_types[key]
        base = posixpath.basename(key)
        ext = base.rsplit(".", 1)[1] if "." in base else ""  # ".rels" has extension "rels"
        return self._defaults.get(ext, "")

    def parts_of_type(self, content_type: str) -> list[str]:
        """Part names whose Override content type is ``content_type`` (zip order)."""
        return [i.filename for k, i in self._names.items()
                if self._content_types.get(k) == content_type]

    def read(self, name: str) -> bytes:
        """The part's bytes, decompressed under the limits.

        Raises ``PackageError`` (``missing_part``, ``limit_exceeded``, ``encrypted``,
        ``not_a_zip`` for a corrupt or unsupported member).
        """
        info = self._member(name)
        budget = min(self.limits.max_part_size,
                     self.limits.max_total_size - self._inflated)
        if info.file_size > budget:
            raise PackageError("limit_exceeded", f"part {name} ({info.file_size} bytes) "
                               f"inflates past the size limits")
        key = name.lstrip("/").lower()
        self._reads[key] = self._reads.get(key, 0) + 1
        data = read_plain(self._zip, info)
        if data is not None:
            self._inflated += len(data)
            return data
        try:
            # zipfile stops inflating at the declared size (checked against the budget
            # above) and then verifies the CRC, so a directory that lies about the size
            # costs at most the declared bytes and ends in BadZipFile.
            with self._zip.open(info) as fh:
                data = fh.read(info.file_size + 1)
        except NotImplementedError as exc:
            raise PackageError("not_a_zip", f"part {name}: {exc}") from exc
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError,
                RuntimeError) as exc:
            raise PackageError("not_a_zip", f"part {name} is corrupt: {exc}") from exc
        self._inflated += len(data)
        if len(data) != info.file_size:
            raise PackageError("not_a_zip", f"part {name} is corrupt: {len(data)} bytes, "
                               f"{info.file_size} declared")
        return data

    def _member(self, name: str) -> zipfile.ZipInfo:
        """The zip entry of a part that may be inflated. Raises ``PackageError``
        (``missing_part``, ``encrypted``, ``not_a_zip`` for a compression method OPC does not
        allow)."""
        info = self._names.get(name.lstrip("/").lower())
        if info is None:
            raise PackageError("missing_part", f"no part {name}")
        if info.flag_bits & 0x1:
            raise PackageError("encrypted", f"part {name} is encrypted")
        if info.compress_type not in ALLOWED_METHODS:
            raise PackageError("not_a_zip", f"part {name} uses compression method "
                               f"{info.compress_type}; OOXML allows only stored and deflate")
        return info

    def open_stream(self, name: str) -> BinaryIO:
        """A streaming reader over a part, for parts too large to hold parsed in memory.

        The stream stops with ``PackageError(limit_exceeded)`` if it inflates past the part
        limit. Raises like ``read`` when the part is missing or encrypted.
        """
        info = self._member(name)
        key = name.lstrip("/").lower()
        self._reads[key] = self._reads.get(key, 0) + 1
        try:
            inner = self._zip.open(info)
        except (NotImplementedError, zipfile.BadZipFile, OSError, ValueError) as exc:
            raise PackageError("not_a_zip", f"part {name} is corrupt: {exc}") from exc
        return BoundedStream(inner, self.limits.max_part_size, name)

    def part_size(self, name: str) -> int:
        """Declared uncompressed size of a part; 0 when it does not exist."""
        info = self._names.get(name.lstrip("/").lower())
        return info.file_size if info else 0

    def xml(self, name: str, shared: bool = False, any_size: bool = False
            ) -> etree._Element:
        """The part parsed (once per package). Raises ``PackageError`` like ``read`` and
        ``parse_xml``. ``shared``: the tree may be one parsed before, in this process, from
        identical bytes (``shared_trees``), so the caller must never modify it; it applies
        when this package first parses the part. ``any_size``: share it however small
        (template parts, whose derived values are shared too)."""
        key = name.lstrip("/").lower()
        root = self._xml.get(key)
        if root is None:
            failed = self._xml_errors.get(key)
            if failed is not None:
                raise failed
            try:
                root = self._parse(name, key, shared, any_size)
            except PackageError as exc:
                self._xml_errors[key] = exc
                raise
        return root

    def _parse(self, name: str, key: str, shared: bool = False, any_size: bool = False
               ) -> etree._Element:
        """Read and parse a part once, within the size and tree-memory limits."""
        self._check_xml_size(name)
        return self._build(name, key, self.read(name), shared, any_size)

    def _check_xml_size(self, name: str) -> None:
        size = self.part_size(name)
        if size > self.limits.max_xml_size:
            raise PackageError("limit_exceeded", f"part {name} is {size} bytes of XML; "
                               f"parts over {self.limits.max_xml_size} bytes are streamed, "
                               f"not parsed whole")

    def _build(self, name: str, key: str, data: bytes, shared: bool = False,
               any_size: bool = False) -> etree._Element:
        """The tree of part ``name`` read as ``data``, counted against the tree-memory limit
        and kept."""
        lim = self.limits
        min_bytes = 1 if any_size else MIN_SHARED_BYTES
        # Equal bytes have an equal cost: a shared tree's was counted when it was parsed.
        hit = SHARED_TREES.get(data, min_bytes) if shared else None
        cost = hit[1] if hit is not None else tree_cost(data)
        if self._tree_bytes + cost > lim.max_tree_bytes:
            raise PackageError("limit_exceeded", f"part {name} would take about "
                               f"{cost >> 20} MB as a tree ({self._tree_bytes >> 20} MB "
                               f"already parsed; limit {lim.max_tree_bytes >> 20} MB)")
        self._tree_bytes += cost
        self._parses[key] = self._parses.get(key, 0) + 1
        if hit is not None:
            root = hit[0]
        elif shared:
            root = SHARED_TREES.parse(data, name.lstrip("/"), cost, min_bytes)
        else:
            root = parse_xml(data, part=name.lstrip("/"))
        self._xml[key] = root
        return root

    def xml_or_none(self, name: str | None, shared: bool = False, any_size: bool = False
                    ) -> etree._Element | None:
        """Like ``xml`` but ``None`` when ``name`` is ``None`` or the part does not exist.
        Malformed XML still raises."""
        if not name or not self.has_part(name):
            return None
        return self.xml(name, shared, any_size)

    def stats(self) -> dict[str, int | dict[str, int]]:
        """What this package has cost so far: ``members``, ``bytes_inflated``,
        ``tree_bytes`` (estimated memory of parsed trees), ``parts_parsed``, and per part how
        often it was read (``reads``) and parsed (``parses``; never more than once)."""
        return {"members": len(self._names), "bytes_inflated": self._inflated,
                "tree_bytes": self._tree_bytes, "parts_parsed": len(self._parses),
                "reads": dict(self._reads), "parses": dict(self._parses)}

    # ------------------------------------------------------------------ relationships
    def rels(self, source: str) -> dict[str, Relationship]:
        """Relationships of part ``source`` (``""`` for the package), keyed by id.

        A missing rels part gives ``{}``. Targets are resolved to absolute part names; they
        are not checked for existence (dangling targets are the caller's ``None``).
        """
        key = source.lstrip("/").lower()
        if key in self._rels:
            return self._rels[key]
        src = source.lstrip("/")
        folder, base = posixpath.split(src)
        rels_name = posixpath.join(folder, "_rels", base + ".rels") if src else "_rels/.rels"
        out = self._read_rels(rels_name, folder) if self.has_part(rels_name) else {}
        self._rels[key] = out
        return out

    def _read_rels(self, rels_name: str, folder: str) -> dict[str, Relationship]:
        """The relationships of a ``.rels`` part whose source is in ``folder``. Equal bytes
        in the same folder give equal relationships, so they are shared between packages
        (``SHARED_VALUES``; each package gets its own dict): the part is still read (and
        fails like any part), its tree is built only the first time. Raises like ``xml``."""
        key = rels_name.lower()
        if key in self._xml or key in self._xml_errors:
            return read_relationships(self.xml(rels_name), folder)
        try:
            self._check_xml_size(rels_name)
            data = self.read(rels_name)
            hit = SHARED_VALUES.get("rels", folder, data)
            if hit is not None:
                return dict(hit)
            out = read_relationships(self._build(rels_name, key, data), folder)
        except PackageError as exc:
            self._xml_errors[key] = exc
            raise
        SHARED_VALUES.put("rels", folder, data, dict(out))
        return out

    def related(self, source: str, type_name: str) -> list[str]:
        """Existing internal parts related from ``source`` with a relationship whose type
        ends in ``type_name`` (e.g. ``styles``), in rels order."""
        return [r.target for r in self.rels(source).values()
                if r.type_name == type_name and not r.external and self.has_part(r.target)]

    def related_one(self, source: str, type_name: str) -> str | None:
        """The first existing part related by ``type_name``; ``None`` when there is none."""
        found = self.related(source, type_name)
        return found[0] if found else None

    def target(self, source: str, rid: str | None) -> str | None:
        """The existing internal part that relationship ``rid`` of ``source`` points at;
        ``None`` for an unknown id, an external target or a dangling one."""
        if not rid:
            return None
        rel = self.rels(source).get(rid)
        if rel is None or rel.external or not self.has_part(rel.target):
            return None
        return rel.target

    def rel_target_raw(self, source: str, rid: str | None) -> str | None:
        """The raw target of relationship ``rid`` (external URIs included); ``None`` when
        unknown."""
        rel = self.rels(source).get(rid or "")
        return rel.target if rel else None

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> "Package":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _content_types(root: etree._Element) -> tuple[dict[str, str], dict[str, str]]:
    """``[Content_Types].xml``'s Default (by lower-case extension) and Override (by
    lower-case part name) tables."""
    defaults: dict[str, str] = {}
    overrides: dict[str, str] = {}
    for el in root:
        if el.tag == f"{{{CT}}}Default":
            defaults[(el.get("Extension") or "").lower()] = el.get("ContentType") or ""
        elif el.tag == f"{{{CT}}}Override":
            part = (el.get("PartName") or "").lstrip("/")
            overrides[part.lower()] = el.get("ContentType") or ""
    return defaults, overrides

