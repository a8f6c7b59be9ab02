"""A raw zip writer for hostile inputs: full control over what the local headers and the
central directory claim (sizes, CRCs, flags, compression methods, names), which ``zipfile``
will not let us lie about.

Only what the hostile cases need: no zip64, no data descriptors. Nothing here is used by the
engine; it builds test inputs in a temporary directory at test time.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from dataclasses import dataclass

STORED, DEFLATED, BZIP2, DEFLATE64, LZMA = 0, 8, 12, 9, 14
FLAG_ENCRYPTED = 0x1
FLAG_UTF8 = 0x800


@dataclass
class Member:
    """One zip member. ``data`` is the uncompressed content; ``raw`` overrides the stored
    payload (already compressed, or garbage); ``size``/``crc`` override what the headers
    declare (a lying directory)."""

    name: str | bytes
    data: bytes = b""
    method: int = DEFLATED
    raw: bytes | None = None
    size: int | None = None
    crc: int | None = None
    flags: int = 0


def deflate(data: bytes, level: int = 6) -> bytes:
    """Raw deflate (no zlib header), as zip members hold it."""
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def _payload(m: Member) -> bytes:
    if m.raw is not None:
        return m.raw
    if m.method == STORED:
        return m.data
    if m.method == DEFLATED:
        return deflate(m.data)
    if m.method == BZIP2:
        import bz2
        return bz2.compress(m.data)
    # Unsupported methods: the payload does not matter, the reader must refuse it.
    return m.data


def build_zip(members: list[Member], truncate_at: int | None = None) -> bytes:
    """Bytes of a zip holding ``members`` in order; cut at ``truncate_at`` bytes if given."""
    out = bytearray()
    central = bytearray()
    for m in members:
        name = m.name.encode("utf-8") if isinstance(m.name, str) else m.name
        flags = m.flags | (FLAG_UTF8 if isinstance(m.name, str) and not m.name.isascii() else 0)
        payload = _payload(m)
        crc = m.crc if m.crc is not None else zlib.crc32(m.data) & 0xFFFFFFFF
        size = m.size if m.size is not None else len(m.data)
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, m.method, 0, 0x21,
                           crc, len(payload), size, len(name), 0)
        out += name + payload
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, m.method, 0,
                               0x21, crc, len(payload), size, len(name), 0, 0, 0, 0, 0,
                               offset)
        central += name
    cd_offset = len(out)
    out += central
    n = len(members)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, n & 0xFFFF, n & 0xFFFF, len(central),
                       cd_offset, 0)
    data = bytes(out)
    return data[:truncate_at] if truncate_at is not None else data


def members_of(zip_bytes: bytes) -> list[Member]:
    """The members of a well-formed zip (e.g. one python-docx wrote), to mutate and rebuild."""
    import io
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as zf:
        return [Member(i.filename, zf.read(i)) for i in zf.infolist()]
