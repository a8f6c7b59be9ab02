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
from officeeval.ooxml.ns import CT, PKG_REL, R, rel_type_name
from officeeval.ooxml.xml import parse_xml

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_CHUNK = 1 << 16

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
    _rels: dict[str, dict[str, Relationship]] = field(default_factory=dict)
    _inflated: int = 0
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
            with p.open("rb") as fh:
                magic = fh.read(8)
            fileobj: BinaryIO | str = str(p)
        elif isinstance(source, bytes):
            magic = source[:8]
            fileobj = io.BytesIO(source)
        else:
            pos = source.tell()
            magic = source.read(8)
            source.seek(pos)
            fileobj = source
        if magic == _OLE_MAGIC:
            raise PackageError("encrypted", "an OLE compound file, not a zip: a password-"
                               "protected OOXML document or a legacy binary (.doc/.xls/.ppt)")
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
        root = self.xml("[Content_Types].xml")
        for el in root:
            if el.tag == f"{{{CT}}}Default":
                ext = (el.get("Extension") or "").lower()
                self._defaults[ext] = el.get("ContentType") or ""
            elif el.tag == f"{{{CT}}}Override":
                part = (el.get("PartName") or "").lstrip("/")
                self._content_types[part.lower()] = el.get("ContentType") or ""

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
        info = self._names.get(name.lstrip("/").lower())
        if info is None:
            raise PackageError("missing_part", f"no part {name}")
        if info.flag_bits & 0x1:
            raise PackageError("encrypted", f"part {name} is encrypted")
        budget = min(self.limits.max_part_size,
                     self.limits.max_total_size - self._inflated)
        out = io.BytesIO()
        try:
            with self._zip.open(info) as fh:
                while True:
                    chunk = fh.read(_CHUNK)
                    if not chunk:
                        break
                    out.write(chunk)
                    if out.tell() > budget:
                        raise PackageError("limit_exceeded",
                                           f"part {name} inflates past the size limits")
        except PackageError:
            raise
        except NotImplementedError as exc:
            raise PackageError("not_a_zip", f"part {name}: {exc}") from exc
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError,
                RuntimeError) as exc:
            raise PackageError("not_a_zip", f"part {name} is corrupt: {exc}") from exc
        self._inflated += out.tell()
        return out.getvalue()

    def open_stream(self, name: str) -> BinaryIO:
        """A streaming reader over a part, for parts too large to hold parsed in memory.

        The stream stops with ``PackageError(limit_exceeded)`` if it inflates past the part
        limit. Raises like ``read`` when the part is missing or encrypted.
        """
        info = self._names.get(name.lstrip("/").lower())
        if info is None:
            raise PackageError("missing_part", f"no part {name}")
        if info.flag_bits & 0x1:
            raise PackageError("encrypted", f"part {name} is encrypted")
        return _BoundedStream(self._zip.open(info), self.limits.max_part_size, name)

    def part_size(self, name: str) -> int:
        """Declared uncompressed size of a part; 0 when it does not exist."""
        info = self._names.get(name.lstrip("/").lower())
        return info.file_size if info else 0

    def xml(self, name: str) -> etree._Element:
        """The part parsed (once per package). Raises ``PackageError`` like ``read`` and
        ``parse_xml``."""
        key = name.lstrip("/").lower()
        root = self._xml.get(key)
        if root is None:
            root = parse_xml(self.read(name), part=name.lstrip("/"))
            self._xml[key] = root
        return root

    def xml_or_none(self, name: str | None) -> etree._Element | None:
        """Like ``xml`` but ``None`` when ``name`` is ``None`` or the part does not exist.
        Malformed XML still raises."""
        if not name or not self.has_part(name):
            return None
        return self.xml(name)

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
        out: dict[str, Relationship] = {}
        if self.has_part(rels_name):
            for el in self.xml(rels_name):
                if el.tag != f"{{{PKG_REL}}}Relationship":
                    continue
                rid = el.get("Id") or ""
                target = el.get("Target") or ""
                external = (el.get("TargetMode") or "").lower() == "external"
                if not external:
                    target = _resolve(folder, target)
                out[rid] = Relationship(rid, el.get("Type") or "", target, external)
        self._rels[key] = out
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
        data = self._inner.read(len(b))
        self._left -= len(data)
        if self._left < 0:
            raise PackageError("limit_exceeded", f"part {self._name} inflates past the limit")
        b[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()

# Re-exported for resolvers that need the relationship namespace for r:id attributes.
R_ID = f"{{{R}}}id"
R_EMBED = f"{{{R}}}embed"
