"""Recalculated workbooks kept on disk between runs of a batch (``OUT/recalc-cache``).

Re-grading a batch (``--rerun`` after a rubric fix, a resumed batch, a manifest that grows)
meets the same workbooks again; recalculating each costs LibreOffice about 0.1 s of CPU
and its start-up 1.3 s. ``ResultStore`` keeps a copy of each result under the sha256 of
the workbook's bytes, in a directory named for the LibreOffice build and this module's
``FORMAT`` (another build, or a change to how we recalculate, starts afresh). A result is
not kept when the workbook uses a function whose value changes between runs (``TODAY``,
``NOW``, ``RAND`` …) or cannot be scanned within ``SCAN_LIMIT`` bytes.

Never raises: a store that cannot be read or written is a store that misses.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import zipfile
from pathlib import Path

FORMAT = "1"  # bump when the recalculation procedure (uno_worker.py) changes its results
SCAN_LIMIT = 64 << 20  # uncompressed bytes of worksheet XML scanned for volatile functions
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


def volatile(path: Path) -> bool:
    """Whether the workbook's formulas may give another value in another run: a volatile
    function in a worksheet (or a defined name), or a file that cannot be scanned fully
    within ``SCAN_LIMIT``. Reads members in chunks; never raises."""
    budget = SCAN_LIMIT
    try:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                name = info.filename
                if not (name.startswith("xl/worksheets/") or name == "xl/workbook.xml"):
                    continue
                with z.open(info) as f:
                    tail = b""
                    while True:
                        chunk = f.read(_CHUNK)
                        if not chunk:
                            break
                        budget -= len(chunk)
                        if budget < 0:
                            return True
                        # A name cut by a chunk boundary is seen whole with the bytes before.
                        window = tail + chunk
                        if _VOLATILE.search(window):
                            return True
                        tail = window[-32:]
    except (OSError, zipfile.BadZipFile, RuntimeError, ValueError, EOFError):
        return True
    return False


class ResultStore:
    """Results of one LibreOffice build under ``root``. ``None``-returning lookups and
    silent failures: see the module docstring."""

    def __init__(self, root: Path, version: str) -> None:
        tag = hashlib.sha256(f"{version}\n{FORMAT}".encode()).hexdigest()[:16]
        self.directory = Path(root) / tag
        self.reused = 0
        self.kept = 0

    def get(self, digest: str) -> Path | None:
        """The kept result for the workbook with this sha256, or ``None``."""
        path = self.directory / f"{digest}.xlsx"
        if path.is_file():
            self.reused += 1
            return path
        return None

    def put(self, digest: str, result: Path) -> Path | None:
        """Keep a copy of ``result`` (LibreOffice's recalculation of the workbook with this
        sha256; LibreOffice wrote every formula it kept) unless it is volatile; returns the
        kept path or ``None``."""
        if volatile(result):
            return None
        target = self.directory / f"{digest}.xlsx"
        tmp = self.directory / f".{digest}.{os.getpid()}.tmp"
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(result.read_bytes())
            os.replace(tmp, target)  # whole or absent, even if we are killed here
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass
            return None
        self.kept += 1
        return target

    def holds_any(self) -> bool:
        """Whether results of an earlier run are here (a re-run: LibreOffice may not be
        needed at all, so it is not started ahead of the first miss)."""
        try:
            return any(self.directory.glob("*.xlsx"))
        except OSError:
            return False

    def owns(self, path: Path) -> bool:
        """Whether ``path`` is one of this store's files (never deleted by the service)."""
        return Path(path).parent == self.directory
