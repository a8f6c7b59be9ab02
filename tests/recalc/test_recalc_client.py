"""The worker's side of the recalculation service, against a scripted Unix-socket server
(no LibreOffice): answers, errors, silence, a vanished service, and the fallback to a
LibreOffice of the worker's own."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path

import pytest

from officeeval import recalc
from officeeval.recalc.client import RemoteBackend
from officeeval.recalc.libreoffice import RecalcError


class Scripted:
    """A Unix-socket server answering each request line with the next scripted reply
    (bytes, or ``None`` to stay silent, or ``"close"`` to drop the connection)."""

    def __init__(self, path: Path, replies: list) -> None:
        self.path, self.replies, self.requests = path, list(replies), []
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(str(path))
        self.sock.listen()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            reader = conn.makefile("rb")
            while True:
                line = reader.readline()
                if not line:
                    break
                self.requests.append(json.loads(line))
                reply = self.replies.pop(0) if self.replies else None
                if reply == "close":
                    conn.shutdown(socket.SHUT_RDWR)
                    reader.close()
                    conn.close()
                    break
                if reply is not None:
                    conn.sendall(reply)


class LocalStandIn:
    def __init__(self, out: Path) -> None:
        self.out, self.calls = out, 0

    def recalculate(self, path: Path) -> Path:
        self.calls += 1
        return self.out


@pytest.fixture
def book(tmp_path):
    p = tmp_path / "book.xlsx"
    p.write_bytes(b"workbook bytes")
    return p


def test_answer_is_used_and_cached_by_content(tmp_path, book):
    done = tmp_path / "done.xlsx"
    done.write_bytes(b"recalculated")
    server = Scripted(tmp_path / "s", [json.dumps({"ok": True, "out": str(done)}).encode()
                                       + b"\n"])
    client = RemoteBackend(str(tmp_path / "s"), 5, lambda: None)
    assert client.recalculate(book) == done
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(book.read_bytes())
    assert client.recalculate(copy) == done           # same bytes: not asked again
    assert server.requests == [{"path": str(book.resolve())}]


@pytest.mark.parametrize("reply, message", [
    (b'{"ok": false, "error": "LibreOffice timed out after 60s"}\n', "timed out after 60s"),
    (b'{"ok": false}\n', "recalculation failed"),
    (b"not json\n", "unreadable answer"),
])
def test_service_errors_are_recalc_errors(tmp_path, book, reply, message):
    Scripted(tmp_path / "s", [reply])
    local = LocalStandIn(tmp_path / "local.xlsx")
    client = RemoteBackend(str(tmp_path / "s"), 5, lambda: local)
    with pytest.raises(RecalcError, match=message):
        client.recalculate(book)
    assert local.calls == 0 and not client.unreachable


def test_silence_beyond_the_wait_fails_this_document_only(tmp_path, book):
    done = tmp_path / "done.xlsx"
    done.write_bytes(b"x")
    Scripted(tmp_path / "s", [None, json.dumps({"ok": True, "out": str(done)}).encode()
                              + b"\n"])
    client = RemoteBackend(str(tmp_path / "s"), 0.3, lambda: None)
    with pytest.raises(RecalcError, match="no answer .* within 0.3s"):
        client.recalculate(book)
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"other")
    assert client.recalculate(other) == done          # a new connection, a fresh answer


@pytest.mark.parametrize("scripted", [False, True])
def test_unreachable_service_falls_back_to_the_own_backend(tmp_path, book, scripted):
    if scripted:                                        # it answers by hanging up
        Scripted(tmp_path / "s", ["close"])
    local = LocalStandIn(tmp_path / "local.xlsx")
    client = RemoteBackend(str(tmp_path / "s"), 5, lambda: local)
    assert client.recalculate(book) == tmp_path / "local.xlsx"
    assert client.unreachable and local.calls == 1
    client.recalculate(book)
    assert local.calls == 2


def test_unreachable_and_no_libreoffice_is_a_recalc_error(tmp_path, book):
    client = RemoteBackend(str(tmp_path / "nowhere"), 5, lambda: None)
    with pytest.raises(RecalcError, match="service is gone and LibreOffice is absent"):
        client.recalculate(book)


def test_a_recalculation_with_a_service_is_its_client(tmp_path, monkeypatch):
    owner = recalc.Recalculation(service=(str(tmp_path / "s"), 7.0))
    backend = owner.backend()
    assert isinstance(backend, RemoteBackend) and backend.wait == 7.0
    assert owner.backend() is backend                   # one client per owner
    other = recalc.Recalculation(service=(str(tmp_path / "s"), 7.0))
    assert other.backend() is not backend               # owners share nothing
    owner.close()
    owner.close()                                        # twice is fine
    monkeypatch.setenv("OFFICEEVAL_SOFFICE", "none")
    assert not isinstance(recalc.Recalculation().backend(), RemoteBackend)  # its own, or none
    assert recalc.backends(None).recalc is None         # no LibreOffice: no backend at all
    assert recalc.backends("off", service=(str(tmp_path / "s"), 7.0)).recalc is None
    assert isinstance(recalc.backends(None, service=(str(tmp_path / "s"), 7.0)).recalc,
                      recalc.Recalculation)
