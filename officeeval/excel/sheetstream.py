"""A large worksheet's part read as a stream, for ``CellStore``: the part opened with its
first bytes checked (DOCTYPE and ENTITY declarations refused, a Strict part recognized and
then parsed whole), its rows iterated and cleared behind the reader, its head (what precedes
``sheetData``) and its skeleton (the root with the rows emptied), and whether its rows come
in ascending order.
"""

from __future__ import annotations

import io

from lxml import etree

from officeeval.errors import PackageError
from officeeval.excel import fastrows
from officeeval.ooxml.ns import S, STRICT_TO_TRANSITIONAL
from officeeval.ooxml.package import Package
from officeeval.ooxml.xml import iterparse_xml, parse_xml

_S = f"{{{S}}}"
ROW = _S + "row"
_STRICT = tuple(u.encode() for u in STRICT_TO_TRANSITIONAL)


class _HeadStream(io.RawIOBase):
    """Replays the bytes already read for checks, then the rest of the stream."""

    def __init__(self, head: bytes, rest) -> None:
        self._head = head
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:  # type: ignore[override]
        if self._head:
            n = min(len(b), len(self._head))
            b[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(b))
        b[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self._rest.close()
        super().close()


class SheetStream:
    """The worksheet part ``part`` of ``package``, read from its bytes each time it is
    opened; what it learns on the way (Strict or not, the rows' order, a Strict part's
    tree, the skeleton) is kept."""

    def __init__(self, package: Package, part: str) -> None:
        self.package = package
        self.part = part
        # Known once the part was opened: a Strict part is parsed whole (``strict_tree``).
        self.strict: bool | None = None
        self._ascending: bool | None = None  # rows_in_order(), once known
        self._tree: etree._Element | None = None
        self._skeleton: etree._Element | None = None

    def open(self):
        """The part's stream, its first 64 KiB checked. Raises ``PackageError``
        (``malformed_xml`` for a DOCTYPE or ENTITY declaration, else like
        ``Package.open_stream``)."""
        raw = self.package.open_stream(self.part)
        head = raw.read(65536)
        if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
            raw.close()
            raise PackageError("malformed_xml", "DOCTYPE/ENTITY declarations are not allowed",
                               part=self.part)
        if self.strict is None:
            self.strict = any(s in head[:4096] for s in _STRICT)
        return io.BufferedReader(_HeadStream(head, raw), 1 << 16)

    def strict_tree(self) -> etree._Element:
        """A Strict part parsed whole (once): the streamed readers read the transitional
        namespace only. Raises ``PackageError`` like ``parse_xml``."""
        if self._tree is None:
            self._tree = parse_xml(self.package.read(self.part), part=self.part)
        return self._tree

    def iter_rows(self):
        """Yield row elements in order, streaming (large sheets); each is cleared after the
        caller's step."""
        stream = self.open()
        if self.strict:
            stream.close()
            yield from self.strict_tree().iter(ROW)
            return
        try:
            for _, el in iterparse_xml(stream, self.part, tag=ROW):
                yield el
                el.clear()
                parent = el.getparent()
                if parent is not None:
                    while el.getprevious() is not None:
                        del parent[0]
        finally:
            stream.close()

    def head(self) -> etree._Element:
        """The worksheet root holding at least what precedes ``sheetData``, read without
        touching the rows. Raises ``PackageError`` for malformed XML."""
        stream = self.open()
        if self.strict:
            stream.close()
            return self.strict_tree()
        root = None
        try:
            for _, el in iterparse_xml(stream, self.part, tag=_S + "sheetData",
                                       events=("start",)):
                root = el.getroottree().getroot()
                break
        finally:
            stream.close()
        if root is None:
            return parse_xml(self.package.read(self.part), part=self.part)
        return root

    def skeleton(self) -> etree._Element:
        """The whole worksheet root with its rows emptied (one full pass, kept). Raises
        ``PackageError`` for malformed XML."""
        if self._skeleton is not None:
            return self._skeleton
        if self.strict is None:
            self.open().close()
        if self.strict:
            return self.strict_tree()
        stream = self.open()
        root = None
        try:
            for _, el in iterparse_xml(stream, self.part, tag=ROW):
                el.clear()
                parent = el.getparent()
                if parent is not None:
                    while el.getprevious() is not None:
                        del parent[0]
                root = el.getroottree().getroot()
        finally:
            stream.close()
        if root is None:
            return parse_xml(self.package.read(self.part), part=self.part)
        sd = root.find(_S + "sheetData")
        if sd is not None:
            for child in list(sd):
                sd.remove(child)
        self._skeleton = root
        return root

    def rows_in_order(self) -> bool:
        """Whether the part's row elements come in strictly ascending order of ``r``, from
        one byte scan of the part (``fastrows.rows_ascending``), kept; ``False`` when that
        cannot be told (a Strict part, rows without ``r``, anything unusual), so passes
        read to the end there."""
        if self._ascending is None:
            self._ascending = False
            try:
                stream = self.open()
            except Exception:  # noqa: BLE001 - the pass itself raises it
                return False
            try:
                self._ascending = not self.strict and fastrows.rows_ascending(stream,
                                                                                self.part)
            except Exception:  # noqa: BLE001 - unknown: read to the end
                self._ascending = False
            finally:
                stream.close()
        return self._ascending
