"""A minimal OLE compound file (CFB v3) writer, to build legacy binary documents (.doc, .xls,
.ppt) and password-protected OOXML files (an ``EncryptedPackage`` stream in an OLE container)
at test time without checking binary blobs in.

The files are structurally valid CFB (header, one FAT sector, one directory sector, regular
sectors for streams of at least 4096 bytes); their stream contents are filler, which is all a
grader needs to recognise and refuse them.
"""

from __future__ import annotations

import struct

MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
SECTOR = 512
FREESECT, ENDOFCHAIN, FATSECT, NOSTREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF


def _entry(name: str, kind: int, child: int, right: int, start: int, size: int) -> bytes:
    enc = name.encode("utf-16-le") + b"\x00\x00"
    return (enc.ljust(64, b"\x00") + struct.pack("<HBB", len(enc), kind, 1)
            + struct.pack("<III", NOSTREAM, right, child) + b"\x00" * 16
            + struct.pack("<I", 0) + b"\x00" * 16 + struct.pack("<IQ", start, size))


def build_ole(streams: dict[str, bytes]) -> bytes:
    """A compound file with the given root-level streams (at most 3; each padded to 4096
    bytes so no mini stream is needed)."""
    if len(streams) > 3:
        raise ValueError("one directory sector holds the root and 3 streams")
    # Siblings must be ordered (length, then upper case) for readers that walk the tree.
    names = sorted(streams, key=lambda n: (len(n), n.upper()))
    datas = [streams[n].ljust(4096, b"\x00") for n in names]
    fat: list[int] = [FATSECT, ENDOFCHAIN]
    starts: list[int] = []
    for d in datas:
        n = -(-len(d) // SECTOR)
        first = len(fat)
        starts.append(first)
        fat.extend(range(first + 1, first + n))
        fat.append(ENDOFCHAIN)
    if len(fat) > SECTOR // 4:
        raise ValueError("streams too large for one FAT sector")
    fat_sector = struct.pack(f"<{SECTOR // 4}I", *(fat + [FREESECT] * (SECTOR // 4 - len(fat))))
    entries = [_entry("Root Entry", 5, 1 if names else NOSTREAM, NOSTREAM, ENDOFCHAIN, 0)]
    for i, (name, d) in enumerate(zip(names, datas)):
        right = i + 2 if i + 1 < len(names) else NOSTREAM
        entries.append(_entry(name, 2, NOSTREAM, right, starts[i], len(streams[name])))
    directory = b"".join(entries).ljust(SECTOR, b"\x00")
    difat = [0] + [FREESECT] * 108
    header = (MAGIC + b"\x00" * 16 + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
              + b"\x00" * 6 + struct.pack("<IIIIIIIII", 0, 1, 1, 0, 4096, ENDOFCHAIN, 0,
                                          ENDOFCHAIN, 0)
              + struct.pack("<109I", *difat))
    assert len(header) == SECTOR
    return header + fat_sector + directory + b"".join(d.ljust(-(-len(d) // SECTOR) * SECTOR,
                                                               b"\x00") for d in datas)


def legacy_binary(app: str) -> bytes:
    """A legacy binary document of ``app`` (word -> .doc, excel -> .xls, ppt -> .ppt)."""
    stream = {"word": "WordDocument", "excel": "Workbook", "ppt": "PowerPoint Document"}[app]
    return build_ole({stream: b"\xec\xa5" + b"legacy" * 10})


def encrypted_ooxml() -> bytes:
    """What Office writes for a password-protected .docx/.xlsx/.pptx: an OLE container with
    ``EncryptionInfo`` and ``EncryptedPackage`` streams."""
    return build_ole({"EncryptionInfo": b"\x04\x00\x04\x00\x40\x00\x00\x00",
                      "EncryptedPackage": b"\x00" * 64})
