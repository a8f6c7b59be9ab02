"""A minimal PNG reader (8-bit RGB/RGBA, not interlaced: what Chromium writes), so the
screenshot test can look at pixels without an imaging library."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def read_png(path: str | Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes). Raises ValueError for anything else."""
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR")
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, color type {color}")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 0xFF
            elif ftype == 2:
                line[x] = (line[x] + b) & 0xFF
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        prev = line
        rows.append(bytes(line) if bpp == 3 else
                    bytes(v for k in range(width) for v in line[k * 4:k * 4 + 3]))
    return width, height, rows


def count_color(rows: list[bytes], rgb: str, tolerance: int = 6) -> int:
    """How many pixels are within TOLERANCE (per channel) of the #RRGGBB color."""
    r, g, b = int(rgb[1:3], 16), int(rgb[3:5], 16), int(rgb[5:7], 16)
    n = 0
    for row in rows:
        for k in range(0, len(row), 3):
            if abs(row[k] - r) <= tolerance and abs(row[k + 1] - g) <= tolerance \
                    and abs(row[k + 2] - b) <= tolerance:
                n += 1
    return n
