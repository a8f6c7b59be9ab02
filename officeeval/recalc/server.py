"""The recalculation service as a process of its own, for the workers of one batch.

The batch starts it with ``ServiceProcess.start`` when it has Excel work; it listens on a
Unix socket in a private directory (mode 0700) and answers one JSON line per request line:
``{"path": "/abs/book.xlsx"}`` -> ``{"ok": true, "out": "/abs/recalculated.xlsx",
"version": "LibreOffice 25.2.3.2 …"}`` (the LibreOffice that computed it) or
``{"ok": false, "error": "...", "document": true|false}`` (``document``: LibreOffice failed on
this workbook, a ``DocumentRecalcError``; else the service's own failure);
``{"op": "stats"}`` -> ``{"ok": true, "stats": {...}}`` (what it did so far, as below);
``{"op": "layout", "path": "/abs/doc.docx", "marks": PREFIX}`` -> ``{"ok": true, "out":
"/abs/layout-folder"}`` (``RecalcService.layout``). The owner of the server may add
operations of its own (``serve(ops=...)``: the user's ``officeeval recalc-server`` answers
``{"op": "score", ...}`` with ``officeeval.scoring.warm``).
Workers reach it through ``officeeval.recalc.client``.

It ends, stopping every LibreOffice it started, when its stdin closes: the batch closes it
when it is done, and the kernel does when the batch dies however it died (``kill -9``
included). Ctrl-C is left to the batch. Its last line on stdout is what it did:
``{"instances": N, "recalculations": M, "reused": K, "version": V}`` (K taken from the
store; V the LibreOffice version, ``null`` when it did nothing).

Run as ``python -m officeeval.recalc.server SOCKET [--instances N] [--timeout S]
[--prestart] [--store DIR]``; it prints ``ready`` once the socket listens.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import signal
import socketserver
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable

from officeeval.recalc.libreoffice import DocumentRecalcError, RecalcError, find_soffice
from officeeval.recalc.service import RecalcService
from officeeval.recalc.store import ResultStore, cached_version

MAX_REQUEST = 1 << 16  # one request line; a path is far shorter
SERVICE_PREFIX = "officeeval-recalcd-"  # + the batch's pid + "-": the socket's folder


Op = Callable[[dict], dict]


def _handler(service: RecalcService, ops: dict[str, Op] | None = None
             ) -> type[socketserver.StreamRequestHandler]:
    extra = dict(ops or {})

    class Handler(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            while True:
                line = self.rfile.readline(MAX_REQUEST)
                if not line:
                    return
                try:
                    req = json.loads(line)
                    if not isinstance(req, dict):
                        raise ValueError("a request is a JSON object")
                    if req.get("op") in extra:
                        reply = extra[req["op"]](req)
                    elif req.get("op") == "stats":
                        reply = {"ok": True, "stats": _stats(service)}
                    elif req.get("op") == "layout":
                        out = service.layout(Path(req["path"]), str(req.get("marks") or ""))
                        reply = {"ok": True, "out": str(out)}
                    else:
                        out = service.recalculate(Path(req["path"]))
                        reply = {"ok": True, "out": str(out), "version": service.version}
                except RecalcError as exc:
                    reply = {"ok": False, "error": str(exc),
                             "document": isinstance(exc, DocumentRecalcError)}
                except Exception as exc:  # noqa: BLE001 - one bad request must not end the service
                    reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
                self.wfile.write(json.dumps(reply).encode() + b"\n")
                self.wfile.flush()
    return Handler


def _stats(service: RecalcService) -> dict[str, int | str | None]:
    return {"instances": service.started, "recalculations": service.recalculations,
            "reused": service.store.reused if service.store is not None else 0,
            "version": service.version if service.started or service.recalculations
            or (service.store is not None and service.store.reused) else None}


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True


def _until_stdin_closes() -> None:
    while sys.stdin.buffer.read(4096):
        pass


def serve(socket_path: str, service: RecalcService,
          until: Callable[[], None] = _until_stdin_closes,
          ops: dict[str, Op] | None = None) -> None:
    """Answer requests on ``socket_path`` until ``until()`` returns (by default: until
    stdin closes); then stop ``service``. ``ops``: more operations, by the name of their
    ``op`` (each answers a request's object with the reply's, and never raises)."""
    server = _Server(socket_path, _handler(service, ops))
    thread = threading.Thread(target=server.serve_forever, name="recalc-server", daemon=True)
    thread.start()
    print("ready", flush=True)
    try:
        until()
    finally:
        server.shutdown()
        server.server_close()
        stats = _stats(service)
        service.close()
        # The directory is the batch's to remove, but a batch that was killed cannot.
        where = Path(socket_path).parent
        if where.name.startswith(SERVICE_PREFIX):
            shutil.rmtree(where, ignore_errors=True)
        print(json.dumps(stats), flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="officeeval.recalc.server")
    ap.add_argument("socket")
    ap.add_argument("--instances", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--prestart", action="store_true")
    ap.add_argument("--store", help="keep results here between runs (recalc.store)")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    soffice = find_soffice()
    if soffice is None:
        print("no LibreOffice", file=sys.stderr)
        return 2
    store = ResultStore(Path(args.store), lambda: cached_version(soffice)) \
        if args.store else None
    service = RecalcService(soffice, timeout=args.timeout, instances=args.instances,
                            store=store)
    if args.prestart:
        service.prestart()
    serve(args.socket, service)
    return 0


class ServiceProcess:
    """The batch's handle on a running service. ``address`` is what workers connect to."""

    def __init__(self, proc: subprocess.Popen, directory: Path, address: str) -> None:
        self.proc = proc
        self.directory = directory
        self.address = address
        self.stats: dict[str, int] = {}  # filled by ``close``

    @classmethod
    def start(cls, instances: int, timeout: float, prestart: bool = True,
              ready_within: float = 30.0, store: Path | None = None
              ) -> "ServiceProcess | None":
        """Start the service (keeping results in ``store`` between runs when given);
        ``None`` when LibreOffice is absent or the service did not come up (each worker
        then recalculates on its own, as without a service)."""
        if find_soffice() is None:
            return None
        directory = Path(tempfile.mkdtemp(prefix=f"{SERVICE_PREFIX}{os.getpid()}-"))
        os.chmod(directory, 0o700)
        address = str(directory / "socket")
        cmd = [sys.executable, "-m", "officeeval.recalc.server", address,
               "--instances", str(instances), "--timeout", str(timeout)]
        if prestart:
            cmd.append("--prestart")
        if store is not None:
            cmd += ["--store", str(store)]
        try:
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL)
        except OSError:
            shutil.rmtree(directory, ignore_errors=True)
            return None
        handle = cls(proc, directory, address)
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], ready_within)
        if not ready or proc.stdout.readline().strip() != b"ready":
            handle.close()
            return None
        return handle

    def query_stats(self, wait: float = 2.0) -> dict[str, int] | None:
        """What the running service has done so far (instances started, recalculations,
        results reused from the store); ``None`` when it does not answer within ``wait``
        seconds."""
        import socket
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(wait)
                sock.connect(self.address)
                sock.sendall(b'{"op": "stats"}\n')
                line = sock.makefile("rb").readline(MAX_REQUEST)
            reply = json.loads(line)
        except (OSError, ValueError):
            return None
        stats = reply.get("stats") if isinstance(reply, dict) else None
        return stats if isinstance(stats, dict) else None

    def close(self) -> None:
        """Stop the service (it stops its LibreOffice instances), read what it did into
        ``stats`` and remove its socket."""
        out = b""
        try:
            out, _ = self.proc.communicate(timeout=15)  # closes its stdin: the signal to end
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        except ValueError:  # closed before
            self.proc.wait()
        for line in reversed((out or b"").splitlines()):
            try:
                self.stats = json.loads(line)
                break
            except ValueError:
                continue
        shutil.rmtree(self.directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
