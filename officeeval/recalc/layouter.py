"""The layout backend the graders are handed (``backends.layout``): documents laid out by
the same LibreOffice as recalculation (the process's own, or the batch's shared service),
read back as ``rendered.Rendered`` with the build's version for the observations' source
(``rendered (LibreOffice 25.2.3.2)``)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from officeeval.cache import ProcessMemo
from officeeval.recalc.libreoffice import RecalcError, find_soffice
from officeeval.recalc.store import soffice_version
from officeeval.rendered import Rendered

_VERSIONS: "ProcessMemo[str]" = ProcessMemo("recalc.layout_versions", 16)
_LOCK = threading.Lock()


def libreoffice_version() -> str:
    """``LibreOffice 25.2.3.2`` for the installed build (asked once per process), or
    ``LibreOffice`` when it cannot be told."""
    soffice = find_soffice() or ""
    with _LOCK:
        return _VERSIONS.get_or_make(soffice, lambda: " ".join(
            ((soffice_version(soffice) if soffice else None) or "LibreOffice").split()[:2]))


class Layouter:
    """Lays documents out with the backend ``backend()`` gives (a ``LibreOfficeBackend``,
    a service client, or ``None`` when LibreOffice is absent); ``close`` (when given) stops
    what that backend started, for the owner of a ``Backends``."""

    def __init__(self, backend: Callable[[], Any],
                 close: Callable[[], None] | None = None) -> None:
        self._backend = backend
        self._close = close

    def close(self) -> None:
        if self._close is not None:
            self._close()

    def layout(self, path: Path, mark_prefix: str = "") -> Rendered:
        """The layout of the document at ``path``. Raises ``RecalcError`` (the document's
        ``DocumentRecalcError`` when it defeats LibreOffice)."""
        backend = self._backend()
        if backend is None:
            raise RecalcError("LibreOffice is not installed (libreoffice-writer, "
                              "libreoffice-calc, libreoffice-impress, python3-uno)")
        return Rendered.load(backend.layout(Path(path), mark_prefix), libreoffice_version())
