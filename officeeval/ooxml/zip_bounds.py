"""What a zip may make us do, checked before and while inflating: the ``Limits`` a package
is read under, the member count its end record declares, the refusal of OLE containers
(encrypted or legacy binary documents), the direct read of a plain member, and a stream
that stops at the part limit. ``tree_cost`` estimates what a parsed part will take.
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from dataclasses import dataclass
from typing import BinaryIO

from officeeval.errors import PackageError

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Stream names (UTF-16LE, as the compound-file directory stores them) that tell what an OLE
# container holds: Office's encrypted OOXML, or a legacy binary document.
_OLE_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")
_OLE_LEGACY = {"WordDocument": "a legacy binary Word document (.doc)",
               "Workbook": "a legacy binary Excel workbook (.xls)",
               "Book": "a legacy binary Excel workbook (.xls)",
               "PowerPoint Document": "a legacy binary PowerPoint presentation (.ppt)"}
OLE_SCAN = 8 << 20
# OPC allows only these (ISO/IEC 29500-2, annex C). Others are refused before inflating:
# Python's zipfile inflates bzip2 and LZMA members in one call without an output bound, so
# a few hundred bytes of bzip2 can allocate gigabytes.
ALLOWED_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
# General-purpose flag bits of a plain member: data descriptor (0x08), UTF-8 name (0x800)
# and the deflate speed hints (0x02, 0x04). Anything else is read by zipfile.
_PLAIN_FLAGS = 0x0002 | 0x0004 | 0x0008 | 0x0800
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
_LOCAL_MAGIC = b"PK\x03\x04"
_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"


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


def read_plain(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes | None:
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
    if info.flag_bits & ~_PLAIN_FLAGS or info.compress_type not in ALLOWED_METHODS \
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


class BoundedStream(io.RawIOBase):
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


def declared_members(fh: BinaryIO) -> int | None:
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


def refuse_ole(head: bytes) -> None:
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
