"""Helpers of the service tests: start a real ``officeeval serve`` (a uvicorn process on
127.0.0.1, port chosen by the server), wait until it is ready, stop it; small documents and
programs."""

from __future__ import annotations

import io
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RUBRICS = REPO / "rubrics"
SAMPLES = REPO / "samples"
HOSTILE = SAMPLES / "hostile" / "programs"
TOKEN = "test-token-0123456789abcdef"

pytest.importorskip("starlette", reason="the serve extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")
pytest.importorskip("httpx", reason="the serve extra (httpx) is not installed")


class Server:
    """A running ``officeeval serve``. ``url`` is known once it said it is ready."""

    def __init__(self, *args: str, env: dict[str, str] | None = None,
                 ready_within: float = 120.0) -> None:
        cmd = [sys.executable, "-m", "officeeval", "serve", "--port", "0", *args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, cwd=str(REPO),
                                     env={**os.environ, **(env or {})})
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._pump_err, daemon=True).start()
        self.url = self._wait_ready(ready_within)

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _pump_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line)

    def _wait_ready(self, within: float) -> str:
        end = time.monotonic() + within
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            if "listening on http://" in line:
                return line.split("listening on ", 1)[1].split(";", 1)[0].strip()
        self.kill()
        raise AssertionError(f"the server did not start: {''.join(self.stderr)[-3000:]}")

    def client(self, **kwargs):
        import httpx
        return httpx.Client(base_url=self.url, timeout=kwargs.pop("timeout", 120), **kwargs)

    def stop(self, sig: int = signal.SIGTERM, wait: float = 60.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(wait)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.stop()
        except Exception:  # noqa: BLE001 - a failed stop must not hide the test's error
            self.kill()


def sample(task: str, name: str) -> Path:
    return SAMPLES / task / name


def solution(task: str) -> str:
    return (SAMPLES / task / "solution.py").read_text(encoding="utf-8")


def hostile(name: str) -> str:
    return (HOSTILE / f"{name}.py").read_text(encoding="utf-8")


def zip_bytes(parts: dict[str, bytes], level: int = 6) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return buf.getvalue()


CONTENT_TYPES = (b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.'
                 b'openxmlformats.org/package/2006/content-types"><Default Extension="rels" '
                 b'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                 b'<Default Extension="xml" ContentType="application/xml"/><Override '
                 b'PartName="/word/document.xml" ContentType="application/vnd.openxmlformats'
                 b'-officedocument.wordprocessingml.document.main+xml"/></Types>')
ROOT_RELS = (b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
             b'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
             b'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
             b'officeDocument" Target="word/document.xml"/></Relationships>')
W = b"http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def word_doc(body: bytes) -> bytes:
    """A minimal .docx whose document.xml is ``body`` (already a whole XML document)."""
    return zip_bytes({"[Content_Types].xml": CONTENT_TYPES, "_rels/.rels": ROOT_RELS,
                      "word/document.xml": body})


def word_text(text: str) -> bytes:
    return word_doc(b'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="' + W +
                    b'"><w:body><w:p><w:r><w:t>' + text.encode() +
                    b'</w:t></w:r></w:p></w:body></w:document>')


INLINE_RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="inline-hello" app="word" total="100" pass="60">
  <criterion id="c1" skill="text" points="100">
    <check select="paragraph[1]" property="text" op="equals" expected="Hello"/>
  </criterion>
</rubric>
"""


def spool_files(server: Server) -> list[Path]:
    """What the server's upload spool holds now (its private directory under the temporary
    directory, named by the server's pid)."""
    import tempfile
    dirs = list(Path(tempfile.gettempdir()).glob(f"officeeval-serve-{server.proc.pid}-*"))
    assert len(dirs) == 1, dirs
    return sorted(dirs[0].iterdir())


def descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (the fork server, the grading workers, their children)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parents.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def resident(pid: int) -> int:
    """The resident size of process ``pid`` in bytes (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def paragraphs_doc(n: int) -> bytes:
    """A .docx of ``n`` short paragraphs: small packed (2.4 MB for a million), big parsed."""
    paras = b"".join(b"<w:p><w:r><w:t>p%d</w:t></w:r></w:p>" % i for i in range(n))
    return word_doc(b'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="' + W +
                    b'"><w:body>' + paras + b"</w:body></w:document>")
