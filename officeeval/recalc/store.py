"""Recalculated workbooks kept on disk between runs of a batch (``OUT/recalc-cache``).

Re-grading a batch (``--rerun`` after a rubric fix, a resumed batch, a manifest that grows)
meets the same workbooks again; recalculating each costs LibreOffice about 0.1 s of CPU
and its start-up 1.3 s. ``ResultStore`` keeps a copy of each result under the workbook's
``workbook_key`` (its parts but the document properties), in a directory named for the
LibreOffice build and this module's ``FORMAT`` (another build, or a change to how we
recalculate, starts afresh). A result is not kept when the workbook uses a function whose
value changes between runs (``TODAY``, ``NOW``, ``RAND`` …) or cannot be scanned within
``SCAN_LIMIT`` bytes.

Never raises: a store that cannot be read or written is a store that misses.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import subprocess
import threading
import zipfile
from pathlib import Path
from typing import Callable, Iterator

from officeeval.cache import ProcessMemo

FORMAT = "1"  # bump when the recalculation procedure (uno_worker.py) changes its results
SCAN_LIMIT = 64 << 20  # uncompressed bytes of worksheet XML scanned for volatile functions
KEY_LIMIT = 64 << 20  # uncompressed bytes hashed for a workbook's key
_VOLATILE = re.compile(rb"(?<![A-Za-z0-9_.])(?:_xlfn\.)?(?:TODAY|NOW|RAND|RANDBETWEEN|"
                       rb"RANDARRAY)\s*\(", re.IGNORECASE)
_CHUNK = 1 << 20


def soffice_version(soffice: str) -> str | None:
    """``soffice --version`` (e.g. ``LibreOffice 7.4.7.2 40(Build:2)``); ``None`` when it
    cannot be read within 30 s."""
    try:
        out = subprocess.run([soffice, "--version"], capture_output=True, text=True,
                             timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    text = out.stdout.strip()
    return text if out.returncode == 0 and text else None


_VERSIONS: "ProcessMemo[str]" = ProcessMemo("recalc.soffice_versions", 16)


def cached_version(soffice: str) -> str | None:
    """``soffice_version``, asked once per binary in this process (a failure is asked
    again next time)."""
    got = _VERSIONS.get(soffice)
    if got is None:
        got = soffice_version(soffice)
        if got is not None:
            _VERSIONS.put(soffice, got)
    return got


# What reading a hostile package may raise (an unsupported compression method is
# NotImplementedError, a bad CRC BadZipFile, a truncated member EOFError).
_ZIP_ERRORS = (OSError, zipfile.BadZipFile, RuntimeError, ValueError, EOFError,
               NotImplementedError)


class _TooLarge(ValueError):
    pass


def _chunks(z: zipfile.ZipFile, infos: list[zipfile.ZipInfo],
            limit: int) -> Iterator[tuple[zipfile.ZipInfo, bytes]]:
    """``(member, chunk)`` of the members' uncompressed bytes, in order; raises
    ``_TooLarge`` past ``limit`` bytes in all (a zip bomb stops there)."""
    budget = limit
    for info in infos:
        with z.open(info) as f:
            while True:
                chunk = f.read(_CHUNK)
                if not chunk:
                    break
                budget -= len(chunk)
                if budget < 0:
                    raise _TooLarge(f"more than {limit} bytes")
                yield info, chunk


def workbook_key(data: bytes) -> str:
    """The key results are kept under: the sha256 of every package part but the document
    properties (``docProps/…``: the save time openpyxl writes, the author), so a program run
    again that writes the same workbook finds the result of its first run. Parts are
    hashed with their names in name order (repeated names in stored order); a package that
    cannot be read, or holds more than ``KEY_LIMIT`` bytes, is keyed by its bytes as they
    are (``raw-`` + sha256). Never raises."""
    h = hashlib.sha256(b"parts\n")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            infos = sorted((i for i in z.infolist()
                            if not i.filename.startswith("docProps/") and not i.is_dir()),
                           key=lambda i: (i.filename, i.header_offset))
            # Every name and size first, then the contents in the same order: zipfile
            # reads exactly the declared size of each member, so nothing is ambiguous.
            for info in infos:
                name = info.filename.encode()
                h.update(b"%d:%d:" % (len(name), info.file_size) + name)
            for _, chunk in _chunks(z, infos, KEY_LIMIT):
                h.update(chunk)
    except _ZIP_ERRORS:
        return "raw-" + hashlib.sha256(data).hexdigest()
    return h.hexdigest()


def volatile(path: Path) -> bool:
    """Whether the workbook's formulas may give another value in another run: a volatile
    function in a worksheet (or a defined name), or a file that cannot be scanned fully
    within ``SCAN_LIMIT``. Reads members in chunks; never raises."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = [i for i in z.infolist() if i.filename.startswith("xl/worksheets/")
                     or i.filename == "xl/workbook.xml"]
            tail, current = b"", None
            for info, chunk in _chunks(z, infos, SCAN_LIMIT):
                if info is not current:
                    tail, current = b"", info
                # A name cut by a chunk boundary is seen whole with the bytes before.
                window = tail + chunk
                if _VOLATILE.search(window):
                    return True
                tail = window[-32:]
    except _ZIP_ERRORS:
        return True
    return False


class ResultStore:
    """Results of one LibreOffice build under ``root``. ``version`` is the build's version
    text, or a function giving it (asked once, when the store is first used: ``soffice
    --version`` costs 0.1 s); no version means no store (every lookup misses, nothing is
    kept). ``None``-returning lookups and silent failures: see the module docstring."""

    def __init__(self, root: Path, version: str | Callable[[], str | None] | None) -> None:
        self.root = Path(root)
        self._version = version
        self._directory: Path | None = None
        self._lock = threading.Lock()
        self.reused = 0
        self.kept = 0

    @property
    def directory(self) -> Path | None:
        """Where this build's results are; ``None`` when the version is unknown."""
        with self._lock:
            if self._directory is None and self._version is not None:
                version = self._version() if callable(self._version) else self._version
                self._version = None
                if version:
                    tag = hashlib.sha256(f"{version}\n{FORMAT}".encode()).hexdigest()[:16]
                    self._directory = self.root / tag
            return self._directory

    def get(self, digest: str) -> Path | None:
        """The kept result for the workbook with this sha256, or ``None``."""
        if self.directory is None:
            return None
        path = self.directory / f"{digest}.xlsx"
        if path.is_file():
            with self._lock:
                self.reused += 1
            return path
        return None

    def put(self, digest: str, result: Path) -> Path | None:
        """Keep a copy of ``result`` (LibreOffice's recalculation of the workbook with this
        sha256; LibreOffice wrote every formula it kept) unless it is volatile; returns the
        kept path or ``None``."""
        directory = self.directory
        if directory is None or volatile(result):
            return None
        target = directory / f"{digest}.xlsx"
        tmp = directory / f".{digest}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            directory.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(result.read_bytes())
            os.replace(tmp, target)  # whole or absent, even if we are killed here
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass
            return None
        with self._lock:
            self.kept += 1
        return target

    def holds_any(self) -> bool:
        """Whether results of an earlier run are here (a re-run: LibreOffice may not be
        needed at all, so it is not started ahead of the first miss)."""
        directory = self.directory
        try:
            return directory is not None and any(directory.glob("*.xlsx"))
        except OSError:
            return False

    def owns(self, path: Path) -> bool:
        """Whether ``path`` is one of this store's files (never deleted by the service)."""
        return self._directory is not None and Path(path).parent == self._directory
