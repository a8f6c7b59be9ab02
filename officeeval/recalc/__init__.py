"""Formula recalculation with a real spreadsheet engine (LibreOffice headless).

Files written by openpyxl, pandas or xlsxwriter carry formulas without trustworthy cached
results; the Excel view asks the recalculation backend it was handed (``backends.py``) for a
recalculated copy when a check needs such a value. This package is a service: it imports
nothing of officeeval but the base modules (``errors``, ``backends``), and no document view
imports it (a read-only view never starts LibreOffice).

The caller owns the backend: ``backends(recalc, service)`` builds the ``Backends`` of one
owner — a CLI command, a batch worker, a server worker — holding a ``Recalculation`` that
starts LibreOffice on first use, reuses it for every document of that owner, and stops it on
``close()`` (or at exit). Set ``OFFICEEVAL_SOFFICE`` to a soffice binary to choose one, or
to ``none`` to disable recalculation; ``OFFICEEVAL_RECALC_TIMEOUT`` (LibreOffice's CPU
seconds, default 120, retried once at four times that before the document is charged; see
``recalc.libreoffice``) bounds one document.

A batch runs one shared service for its workers (``recalc.server``); a worker's
``Recalculation(service=(address, wait))`` is a client of it (``recalc.client.RemoteBackend``)
that falls back to a LibreOffice of its own when the service cannot be reached. A user may
keep one running between commands (``officeeval recalc-server``): every owner that names no
service of its own then uses it (``recalc.warm_socket``).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from officeeval.backends import Backends
from officeeval.recalc.client import RemoteBackend
from officeeval.recalc.libreoffice import LibreOfficeBackend, RecalcError, find_soffice

__all__ = ["LibreOfficeBackend", "RecalcError", "Recalculation", "RemoteBackend",
           "available", "backends", "find_soffice", "timeout"]

_OFF = (False, "off", "false", "no", "0")


def timeout() -> float:
    """LibreOffice's CPU seconds one document may take before it is tried again at a larger
    limit (``OFFICEEVAL_RECALC_TIMEOUT``, default ``libreoffice.CPU_LIMIT``)."""
    from officeeval.recalc.libreoffice import CPU_LIMIT
    return float(os.environ.get("OFFICEEVAL_RECALC_TIMEOUT") or CPU_LIMIT)


def available() -> bool:
    """Whether a LibreOffice binary can be found (nothing is started)."""
    return find_soffice() is not None


def backends(recalc: bool | str | None = None,
             service: tuple[str, float] | None = None) -> Backends:
    """The ``Backends`` of one owner for the ``--recalc/--no-recalc`` choice ``recalc``
    (``None``: when LibreOffice is installed): none at all when it is off, or when no
    LibreOffice is installed and no ``service`` (address, wait) is named nor the user's
    warm service (``recalc.warm_socket``) runs; else a
    ``Recalculation`` and a layout backend (``Layouter``) on the same LibreOffice, which
    starts nothing until a document needs it. The owner calls ``close()`` on the result
    when it is done."""
    mode = recalc.strip().lower() if isinstance(recalc, str) else recalc
    if service is None and mode not in _OFF:
        # The user's warm service (``officeeval recalc-server``), when one is running.
        from officeeval.recalc.warm_socket import WAIT, running
        found = running()
        if found is not None:
            service = (found, WAIT)
    if mode in _OFF or (service is None and not available()):
        # ``--no-recalc`` promises that LibreOffice is never started: no layout either
        # (layout checks are then eval_errors).
        return Backends()
    engine = Recalculation(service)
    from officeeval.recalc.layouter import Layouter
    return Backends(recalc=engine, layout=Layouter(engine.backend, engine.close))


class Recalculation:
    """The recalculation backend of one owner (implements ``backends.Recalculator``): the
    client of a batch's shared service when ``service`` names one, else a LibreOffice of
    its own, started on first use and reused for every document. A process forked from the
    owner gets a LibreOffice (and a service client) of its own on first use there.
    ``close()`` stops what was started; it is safe to call twice."""

    def __init__(self, service: tuple[str, float] | None = None) -> None:
        self.service = service
        self._lock = threading.Lock()
        self._own: LibreOfficeBackend | None = None
        self._remote: RemoteBackend | None = None
        self._pid = os.getpid()

    def recalculate(self, path: Path) -> Path:
        """A recalculated copy of ``path``. Raises ``RecalcError`` (``DocumentRecalcError``
        when the workbook itself defeated LibreOffice), or when LibreOffice is missing."""
        backend = self.backend()
        if backend is None:
            raise RecalcError("no recalculation backend (install LibreOffice: "
                              "libreoffice-calc, python3-uno)")
        return backend.recalculate(path)

    @property
    def version(self) -> str | None:
        """The version of the LibreOffice that did this owner's last recalculation
        (``LibreOffice 25.2.3.2 520(Build:2)``); ``None`` before one, or when it cannot be
        read."""
        with self._lock:
            backend = self._remote if self._remote is not None else self._own
        return getattr(backend, "version", None)

    def backend(self) -> LibreOfficeBackend | RemoteBackend | None:
        """The backend in use (the service's client, or this owner's LibreOffice), or
        ``None`` when there is no service and LibreOffice is not installed."""
        with self._lock:
            self._forget_if_forked()
            if self.service is not None:
                if self._remote is None:
                    self._remote = RemoteBackend(self.service[0], self.service[1],
                                                 self.own_backend)
                return self._remote
        return self.own_backend()

    def own_backend(self) -> LibreOfficeBackend | None:
        """This owner's LibreOffice (created on first call, started on its first
        document); ``None`` when LibreOffice is not installed."""
        with self._lock:
            self._forget_if_forked()
            if self._own is None:
                soffice = find_soffice()
                if soffice is None:
                    return None
                self._own = LibreOfficeBackend(soffice, timeout=timeout())
            return self._own

    def close(self) -> None:
        with self._lock:
            if self._pid == os.getpid():
                if self._remote is not None:
                    self._remote.close()
                if self._own is not None:
                    self._own.close()
            self._remote = self._own = None

    def _forget_if_forked(self) -> None:
        # The parent's LibreOffice and socket belong to the parent: a forked child starts
        # its own on first use, and never closes the parent's.
        if self._pid != os.getpid():
            self._own = self._remote = None
            self._pid = os.getpid()
