"""A grading process's side of the batch's recalculation service (``recalc.server``).

``RemoteBackend`` has the backend interface (``recalculate(path) -> Path``). When the
service cannot be reached (never started, gone), it says so once and the process falls back
to a LibreOffice of its own, so a batch never loses recalculation because the shared service
did; a service that answers with an error is a ``RecalcError`` like a local failure.
"""

from __future__ import annotations

import hashlib
import json
import socket
from pathlib import Path
from typing import BinaryIO, Callable

from officeeval.recalc.libreoffice import DocumentRecalcError, LibreOfficeBackend, RecalcError


class ServiceUnreachable(RecalcError):
    """The service's socket could not be used; the caller falls back to its own backend."""


class RemoteBackend:
    """Requests to the service at ``address`` (a Unix socket path), waiting at most
    ``wait`` seconds for one answer. ``fallback`` gives the process's own backend (or
    ``None``) once the service is unreachable."""

    def __init__(self, address: str, wait: float,
                 fallback: Callable[[], LibreOfficeBackend | None]) -> None:
        self.address = address
        self.wait = wait
        self._fallback = fallback
        self._sock: socket.socket | None = None
        self._reader: BinaryIO | None = None
        self._cache: dict[str, Path] = {}
        self.unreachable = False
        self.version: str | None = None  # of the LibreOffice that did the last recalculation

    def recalculate(self, path: Path) -> Path:
        """A recalculated copy of ``path``. Raises ``RecalcError``."""
        if self.unreachable:
            return self._local(path)
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        hit = self._cache.get(digest)
        if hit is not None and hit.is_file():
            return hit
        try:
            reply = self._ask(str(Path(path).resolve()))
        except ServiceUnreachable:
            self.unreachable = True
            self.close()
            return self._local(path)
        if not reply.get("ok"):
            error = DocumentRecalcError if reply.get("document") is True else RecalcError
            raise error(str(reply.get("error") or "recalculation failed"))
        out = Path(reply["out"])
        version = reply.get("version")
        self.version = version if isinstance(version, str) else None
        self._cache[digest] = out
        return out

    def layout(self, path: Path, mark_prefix: str = "") -> Path:
        """The layout folder of ``path`` (``LibreOfficeBackend.layout``). Raises
        ``RecalcError``."""
        if self.unreachable:
            return self._local_layout(path, mark_prefix)
        try:
            reply = self._ask(str(Path(path).resolve()), {"op": "layout", "marks": mark_prefix})
        except ServiceUnreachable:
            self.unreachable = True
            self.close()
            return self._local_layout(path, mark_prefix)
        if not reply.get("ok"):
            error = DocumentRecalcError if reply.get("document") is True else RecalcError
            raise error(str(reply.get("error") or "layout failed"))
        return Path(reply["out"])

    def _local_layout(self, path: Path, mark_prefix: str) -> Path:
        backend = self._fallback()
        if backend is None:
            raise RecalcError("the recalculation service is gone and LibreOffice is absent")
        return backend.layout(path, mark_prefix)

    def close(self) -> None:
        if self._sock is not None:
            try:
                self._sock.close()
            except OSError:
                pass
        self._sock = self._reader = None

    def _local(self, path: Path) -> Path:
        backend = self._fallback()
        if backend is None:
            raise RecalcError("the recalculation service is gone and LibreOffice is absent")
        out = backend.recalculate(path)
        self.version = getattr(backend, "version", None)
        return out

    def _ask(self, path: str, extra: dict | None = None) -> dict:
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self._sock.settimeout(self.wait)
                self._sock.connect(self.address)
                self._reader = self._sock.makefile("rb")
            self._sock.sendall(json.dumps({"path": path, **(extra or {})}).encode() + b"\n")
            assert self._reader is not None
            line = self._reader.readline()
        except socket.timeout as exc:
            # The service is alive but slow beyond any document's limit: this document
            # fails; the connection is dropped so a late answer is never read for the next.
            self.close()
            raise RecalcError(f"no answer from the recalculation service within "
                              f"{self.wait:g}s") from exc
        except OSError as exc:
            raise ServiceUnreachable(str(exc)) from exc
        if not line:
            raise ServiceUnreachable("the recalculation service closed the connection")
        try:
            return json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecalcError(f"unreadable answer from the recalculation service: "
                              f"{line[:80]!r}") from exc
