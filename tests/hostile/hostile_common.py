"""Shared pieces of the hostile inputs: the ``Case`` and ``Ctx`` records, relationship and
zip helpers, and payloads (compressible-but-under-the-ratio data, bzip2 zeros, a prolog pad).
"""

from __future__ import annotations

import bz2
import random
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_zip import DEFLATED, Member, build_zip, deflate  # noqa: E402


MB = 1 << 20
HERE = Path(__file__).resolve().parent
RUBRICS = HERE / "rubrics"

REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
R_NS = REL
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"


@dataclass(frozen=True)
class Ctx:
    """What a case may point at: a FIFO that blocks whoever opens it (``fifo``), a regular
    file whose content must never show up in any output (``secret``), and a local TCP
    listener that must never see a connection (``url``)."""

    fifo: str
    secret: str
    secret_text: str
    url: str


@dataclass
class Case:
    name: str
    app: str
    build: Callable[[Ctx], bytes]
    outcome: str = "ok"
    stage: str | None = None
    failing: frozenset[str] = frozenset()
    max_inflated: int | None = None
    note: str = ""
    suffix: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def filename(self) -> str:
        return f"{self.name}{self.suffix or {'word': '.docx', 'excel': '.xlsx', 'ppt': '.pptx'}[self.app]}"


_EXTERNAL = ' TargetMode="External"'


def _rels(rels: list[tuple[str, str, str, bool]]) -> str:
    items = "".join(
        f'<Relationship Id="{rid}" Type="{REL}/{typ}" Target="{target}"'
        f'{_EXTERNAL if external else ""}/>'
        for rid, typ, target, external in rels)
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{PKG_REL}">{items}</Relationships>')



def zip_parts(parts: dict[str, bytes], extra: list[Member] | None = None,
              methods: dict[str, int] | None = None, flags: dict[str, int] | None = None
              ) -> bytes:
    members = [Member(name, data, (methods or {}).get(name, DEFLATED),
                      flags=(flags or {}).get(name, 0)) for name, data in parts.items()]
    return build_zip(members + (extra or []))



def _ratio_payload(size: int, period: int = 2048, seed: int = 7) -> bytes:
    """``size`` bytes of XML-safe text that deflates about 120:1 (under the ratio limit):
    a random period repeated within deflate's window."""
    rnd = random.Random(seed)
    unit = bytes(rnd.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(period))
    return (unit * (size // period + 1))[:size]





_BZ_CACHE: dict[int, bytes] = {}


def _bz2_zeros(size: int) -> bytes:
    if size not in _BZ_CACHE:
        _BZ_CACHE[size] = bz2.compress(b"\x00" * size, 9)
    return _BZ_CACHE[size]



_PAD = "<!--" + "x" * 70_000 + "-->\n"  # pushes a DOCTYPE past any prefix sniffing


def _random_cjk(n: int) -> str:
    """``n`` CJK characters that do not compress (a random 64K block, repeated at a
    distance deflate's 32 KB window cannot see)."""
    rnd = random.Random(5)
    block = "".join(chr(0x4E00 + rnd.randrange(3000)) for _ in range(1 << 16))
    return (block * (n // len(block) + 1))[:n]




class _Kernel:
    """One 100 MB payload compressed once per process (shared by the total-size bombs)."""

    def __init__(self) -> None:
        self._raw: bytes | None = None
        self._crc = 0

    def get(self) -> bytes:
        if self._raw is None:
            data = _ratio_payload(100 * MB)
            self._crc = zlib.crc32(data) & 0xFFFFFFFF
            self._raw = deflate(data, 1)
        return self._raw

    def crc(self) -> int:
        self.get()
        return self._crc


_KERNEL = _Kernel()
