"""Bounded, lazy reading of an OOXML package (a zip of XML parts).

Parts are found through ``[Content_Types].xml`` and relationships, never by file name. Each
part is decompressed at most once and parsed at most once per ``Package``. Decompression is
bounded by ``Limits`` (member count, part size, total size, compression ratio), checked on the
zip directory before anything is inflated and again while inflating, because a hostile zip can
lie in its directory.
"""

from __future__ import annotations

import io
import os
import posixpath
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from lxml import etree

from officeeval.errors import PackageError
from officeeval.ooxml.ns import CT, PKG_REL, R, rel_type_name
from officeeval.ooxml.shared_trees import MIN_SHARED_BYTES, SHARED_TREES, SHARED_VALUES
from officeeval.ooxml.xml import parse_xml

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Stream names (UTF-16LE, as the compound-file directory stores them) that tell what an OLE
# container holds: Office's encrypted OOXML, or a legacy binary document.
_OLE_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")
_OLE_LEGACY = {"WordDocument": "a legacy binary Word document (.doc)",
               "Workbook": "a legacy binary Excel workbook (.xls)",
               "Book": "a legacy binary Excel workbook (.xls)",
               "PowerPoint Document": "a legacy binary PowerPoint presentation (.ppt)"}
_OLE_SCAN = 8 << 20
# OPC allows only these (ISO/IEC 29500-2, annex C). Others are refused before inflating:
# Python's zipfile inflates bzip2 and LZMA members in one call without an output bound, so
# a few hundred bytes of bzip2 can allocate gigabytes.
_ALLOWED_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
# General-purpose flag bits of a plain member: data descriptor (0x08), UTF-8 name (0x800)
# and the deflate speed hints (0x02, 0x04). Anything else is read by zipfile.
_PLAIN_FLAGS = 0x0002 | 0x0004 | 0x0008 | 0x0800
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
_LOCAL_MAGIC = b"PK\x03\x04"


def _read_plain(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes | None:
    """A plain member's bytes read directly: one seek, the local header, the compressed
    bytes and one ``zlib`` call — zipfile's per-member machinery costs several times that
    on the small parts an Office document is made of (a deck has 40-60).

    Returns the bytes only when they are exactly what ``zipfile`` would return: the
    member is stored or deflated without encryption or other flags, the local header has
    the right signature and the directory's name, the deflate stream ends and gives
    exactly the declared size, and the CRC matches. Anything else gives ``None``, and the
    caller reads the member through ``zipfile``, which fails (or not) as it always did.
    Never raises. The caller has checked the declared size against the limits; the
    compressed bytes read are bounded by it too (deflate never needs more than an
    eighth over the plain size)."""
    size, csize = info.file_size, info.compress_size
    if info.flag_bits & ~_PLAIN_FLAGS or info.compress_type not in _ALLOWED_METHODS \
            or csize > size + (size >> 3) + 1024:
        return None
    fp = zf.fp
    if fp is None:
        return None
    try:
        fp.seek(info.header_offset)
        head = fp.read(_LOCAL_HEADER.size)
        if len(head) != _LOCAL_HEADER.size:
            return None
        fields = _LOCAL_HEADER.unpack(head)
        if fields[0] != _LOCAL_MAGIC:
            return None
        name = fp.read(fields[10])
        if name.decode("utf-8" if fields[3] & 0x800 else "cp437") != info.orig_filename:
            return None
        if fields[11]:
            fp.seek(fields[11], 1)
        raw = fp.read(csize)
        if len(raw) != csize:
            return None
        if info.compress_type == zipfile.ZIP_STORED:
            data = raw
        else:
            inflater = zlib.decompressobj(-15)
            data = inflater.decompress(raw, size + 1)
            if not inflater.eof:
                return None
        if len(data) != size or zlib.crc32(data) != info.CRC:
            return None
        return data
    except (OSError, ValueError, zlib.error, UnicodeDecodeError, struct.error):
        return None
_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"

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


@dataclass(frozen=True)
class Limits:
    """Bounds on what a package may make us decompress.

    Defaults are generous for real exam files (tens of MB of XML, a 200,000-row sheet) and
    small enough that a bomb fails fast and in bounded memory.
    """

    max_members: int = 10_000
    max_part_size: int = 512 * 1024 * 1024
    max_total_size: int = 1024 * 1024 * 1024
    max_ratio: float = 200.0
    # Ratios are only checked on members this large: tiny XML parts legitimately compress
    # 100x and more (a run of repeated empty cells), and cannot hurt.
    ratio_floor: int = 1024 * 1024
    # The largest part ``xml()`` builds a tree for; bigger parts must be streamed
    # (``open_stream`` + ``xml.iterparse_xml``). A tree costs 8-25x its XML in memory.
    max_xml_size: int = 128 * 1024 * 1024
    # Estimated memory of all trees one package may build (see ``tree_cost``): what keeps a
    # document under every zip limit from still taking gigabytes as trees.
    max_tree_bytes: int = 1024 * 1024 * 1024


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
            if magic == _OLE_MAGIC:
                probe.seek(pos)
                _refuse_ole(probe.read(_OLE_SCAN))
            declared = _declared_members(probe)
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
        data = _read_plain(self._zip, info)
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
        if info.compress_type not in _ALLOWED_METHODS:
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
        return _BoundedStream(inner, self.limits.max_part_size, name)

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
            return _relationships(self.xml(rels_name), folder)
        try:
            self._check_xml_size(rels_name)
            data = self.read(rels_name)
            hit = SHARED_VALUES.get("rels", folder, data)
            if hit is not None:
                return dict(hit)
            out = _relationships(self._build(rels_name, key, data), folder)
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


def _relationships(root: etree._Element, folder: str) -> dict[str, Relationship]:
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


class _BoundedStream(io.RawIOBase):
    """Wraps a zip member stream and raises once more than ``limit`` bytes come out."""

    def __init__(self, inner: BinaryIO, limit: int, name: str) -> None:
        self._inner = inner
        self._left = limit
        self._name = name

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:  # type: ignore[override]
        try:
            data = self._inner.read(len(b))
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError,
                RuntimeError) as exc:
            # The same corrupt-member errors ``read`` classifies: a stream met them later.
            raise PackageError("not_a_zip", f"part {self._name} is corrupt: {exc}") from exc
        self._left -= len(data)
        if self._left < 0:
            raise PackageError("limit_exceeded", f"part {self._name} inflates past the limit")
        b[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()

def tree_cost(data: bytes) -> int:
    """Estimated bytes an lxml tree of ``data`` takes: libxml2 spends about 130 bytes per
    element, as much again for a text node, and about 220 per attribute with its value,
    whatever the XML spells. Counting ``<``, ``</`` and ``=`` is cheap (a few ms for 40 MB)
    and errs high (by 1.3-2x on real parts), which is the safe side."""
    elements = data.count(b"<") - data.count(b"</")
    return len(data) + 260 * elements + 220 * data.count(b"=")


def _declared_members(fh: BinaryIO) -> int | None:
    """The member count the end-of-central-directory record declares (zip64 aware);
    ``None`` when there is no end record (zipfile then says why it is not a zip)."""
    fh.seek(0, os.SEEK_END)
    size = fh.tell()
    tail_len = min(size, 22 + 65535)
    fh.seek(size - tail_len)
    tail = fh.read(tail_len)
    i = tail.rfind(_EOCD)
    if i < 0 or len(tail) - i < 22:
        return None
    count = struct.unpack("<H", tail[i + 10:i + 12])[0]
    if count == 0xFFFF and i >= 20 and tail[i - 20:i - 16] == _EOCD64_LOCATOR:
        (offset,) = struct.unpack("<Q", tail[i - 12:i - 4])
        if offset + 56 <= size:
            fh.seek(offset)
            rec = fh.read(56)
            if rec[:4] == b"PK\x06\x06":
                count = struct.unpack("<Q", rec[32:40])[0]
    return count


def _refuse_ole(head: bytes) -> None:
    """Raise the right ``PackageError`` for an OLE compound file: ``encrypted`` for Office's
    password-protected OOXML, ``wrong_format`` for a legacy binary document we can name,
    ``encrypted`` (the conservative reading) for anything else."""
    if _OLE_ENCRYPTED in head:
        raise PackageError("encrypted", "a password-protected Office document (an OLE "
                           "container holding an EncryptedPackage stream)")
    for stream, what in _OLE_LEGACY.items():
        if (stream.encode("utf-16-le") + b"\x00\x00") in head:
            raise PackageError("wrong_format", f"{what}, not an OOXML package")
    raise PackageError("encrypted", "an OLE compound file, not a zip: a password-protected "
                       "OOXML document or a legacy binary (.doc/.xls/.ppt)")


# Re-exported for resolvers that need the relationship namespace for r:id attributes.
R_ID = f"{{{R}}}id"
R_EMBED = f"{{{R}}}embed"
