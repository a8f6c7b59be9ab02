"""Formula recalculation with a real spreadsheet engine (LibreOffice headless).

Files written by openpyxl, pandas or xlsxwriter carry formulas without trustworthy cached
results; the Excel view asks this package for a recalculated copy when a check needs such a
value. This package is a leaf service: it imports nothing of officeeval but ``errors``, so
the Excel view may call it without a layering cycle.

``get_backend()`` returns the process's backend (started on first use, reused for every
document, stopped at exit) or ``None`` when LibreOffice is not installed. Set
``OFFICEEVAL_SOFFICE`` to a soffice binary to choose one, or to ``none`` to disable
recalculation; ``OFFICEEVAL_RECALC_TIMEOUT`` (seconds, default 60) bounds one document.

A batch runs one shared service for its workers (``recalc.server``); a worker calls
``use_service(address, wait)`` and ``get_backend()`` then returns a client of it
(``recalc.client.RemoteBackend``), which falls back to the process's own LibreOffice when
the service cannot be reached.
"""

from __future__ import annotations

import os
import threading

from officeeval.recalc.client import RemoteBackend
from officeeval.recalc.libreoffice import LibreOfficeBackend, RecalcError, find_soffice

__all__ = ["LibreOfficeBackend", "RecalcError", "RemoteBackend", "get_backend",
           "find_soffice", "available", "use_service", "timeout"]

_lock = threading.Lock()
_backend: LibreOfficeBackend | None = None
_backend_pid: int | None = None
_service: tuple[str, float] | None = None
_remote: RemoteBackend | None = None
_remote_pid: int | None = None


def timeout() -> float:
    """Seconds one document may take (``OFFICEEVAL_RECALC_TIMEOUT``, default 60)."""
    return float(os.environ.get("OFFICEEVAL_RECALC_TIMEOUT") or 60)


def use_service(address: str | None, wait: float = 180.0) -> None:
    """Send this process's recalculations to the service at ``address`` (``None``: use a
    LibreOffice of its own). Cheap to call again with the same values."""
    global _service, _remote
    wanted = (address, wait) if address else None
    with _lock:
        if wanted == _service:
            return
        _service = wanted
        if _remote is not None:
            _remote.close()
        _remote = None


def available() -> bool:
    """Whether a LibreOffice binary can be found (nothing is started)."""
    return find_soffice() is not None


def get_backend() -> LibreOfficeBackend | RemoteBackend | None:
    """The backend of this process (a forked worker gets its own), or ``None``: the batch's
    shared service when ``use_service`` named one, else a LibreOffice of its own."""
    global _remote, _remote_pid
    with _lock:
        if _service is not None:
            if _remote is None or _remote_pid != os.getpid():
                _remote = RemoteBackend(_service[0], _service[1], _own_backend)
                _remote_pid = os.getpid()
            return _remote
    return _own_backend()


def _own_backend() -> LibreOfficeBackend | None:
    global _backend, _backend_pid
    with _lock:
        if _backend is not None and _backend_pid == os.getpid():
            return _backend
        soffice = find_soffice()
        if soffice is None:
            return None
        _backend = LibreOfficeBackend(soffice, timeout=timeout())
        _backend_pid = os.getpid()
        return _backend
