"""Formula recalculation with a real spreadsheet engine (LibreOffice headless).

Files written by openpyxl, pandas or xlsxwriter carry formulas without trustworthy cached
results; the Excel view asks this package for a recalculated copy when a check needs such a
value. This package is a leaf service: it imports nothing of officeeval but ``errors``, so
the Excel view may call it without a layering cycle.

``get_backend()`` returns the process's backend (started on first use, reused for every
document, stopped at exit) or ``None`` when LibreOffice is not installed. Set
``OFFICEEVAL_SOFFICE`` to a soffice binary to choose one, or to ``none`` to disable
recalculation; ``OFFICEEVAL_RECALC_TIMEOUT`` (seconds, default 60) bounds one document.
"""

from __future__ import annotations

import os
import threading

from officeeval.recalc.libreoffice import LibreOfficeBackend, RecalcError, find_soffice

__all__ = ["LibreOfficeBackend", "RecalcError", "get_backend", "find_soffice", "available"]

_lock = threading.Lock()
_backend: LibreOfficeBackend | None = None
_backend_pid: int | None = None


def available() -> bool:
    """Whether a LibreOffice binary can be found (nothing is started)."""
    return find_soffice() is not None


def get_backend() -> LibreOfficeBackend | None:
    """The backend of this process (a forked worker gets its own), or ``None``."""
    global _backend, _backend_pid
    with _lock:
        if _backend is not None and _backend_pid == os.getpid():
            return _backend
        soffice = find_soffice()
        if soffice is None:
            return None
        timeout = float(os.environ.get("OFFICEEVAL_RECALC_TIMEOUT") or 60)
        _backend = LibreOfficeBackend(soffice, timeout=timeout)
        _backend_pid = os.getpid()
        return _backend
