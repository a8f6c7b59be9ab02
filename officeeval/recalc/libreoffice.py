"""The LibreOffice headless backend.

Two ways to drive it, chosen once per process:

* ``uno`` (preferred): one ``soffice`` started with a private profile
  (``-env:UserInstallation``), listening on a named pipe only (no network socket), plus a
  small worker (``uno_worker.py``) run by a Python that has the ``uno`` module; both are
  reused for every document of this process, and killed (whole process groups) when a
  document exceeds the timeout, to be restarted for the next one.
* ``convert``: when no Python with ``uno`` exists, ``soffice --convert-to xlsx`` per
  document, in the same private profile, with the same timeout.

The private profile is seeded so that LibreOffice always recalculates OOXML files on load
and never runs macros. Results are cached per file content (sha256) for the life of the
process, so a reference document graded against many candidates is recalculated once.

LibreOffice runs under an address-space limit (``OFFICEEVAL_RECALC_MEMORY``, default 4G).
A document it cannot finish — LibreOffice used more than the document's CPU time limit on
it twice, died on it (killed for memory, crashed) or refused it — raises
``DocumentRecalcError``, which the grader charges to the document (``unevaluable``); a
failure to start LibreOffice is a plain ``RecalcError`` (ours).

The limit is LibreOffice's own CPU time (``cpu_time``: the office and its worker), not wall
time, so what is charged is a property of the document, not of how busy the machine is:
``timeout`` CPU seconds (``OFFICEEVAL_RECALC_TIMEOUT``, default ``CPU_LIMIT``), then, for a
document over it, once more from a fresh LibreOffice at ``RETRY_FACTOR`` times that before it
is charged. A LibreOffice that dies on a document (its worker or office gone, ``--convert-to``
killed by a signal) is tried once more from a fresh one at the same limit before the document
is charged: a one-off crash is not the document's (``_Crashed``); an answer that it cannot do
the document, from a LibreOffice still alive, is charged at once. Wall time is only a safety net, ``WALL_FACTOR`` times the attempt's CPU limit:
a document still running then has had too little of the machine to be judged, and the
failure is ours (``RecalcError``, an evaluator error), never the candidate's. Where CPU time
cannot be read (no ``/proc``), the limit is wall time, as before. ``bench/issue35_bench.py``
measures the defaults on the largest corpus document. LibreOffice leaves two sockets in ``/tmp`` when it is killed (its ``--accept`` pipe
and its single-instance pipe, ``OSL_PIPE_<uid>_…``): they are removed when it is stopped,
and a killed process's are swept by the next batch (``officeeval.runner.sweep``).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import secrets
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from officeeval.errors import OfficeEvalError, UnevaluableDocument
from officeeval.recalc.cpu_time import group_seconds
from officeeval.recalc.store import cached_version

_WORKER = Path(__file__).with_name("uno_worker.py")
_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
"""


WORKDIR_PREFIX = "officeeval-recalc-"  # + pid + "-": a backend's profile and results
PIPE_DIR = "/tmp"  # where LibreOffice makes its pipes, whatever TMPDIR says
MEMORY = 4 << 30  # default address-space limit of LibreOffice (OFFICEEVAL_RECALC_MEMORY)
START_WAIT = 60.0  # seconds LibreOffice may take to start, whatever the document limit
# Default CPU seconds of LibreOffice (office and worker) per document
# (OFFICEEVAL_RECALC_TIMEOUT), and the retry's factor: an exam document takes one to a few
# seconds; the largest corpus document (poi__bug65649.docx, 14,209 paragraphs) took 406 s
# (bench/RESULTS.md, issue 35), so it is laid out on the retry rather than charged.
CPU_LIMIT = 120.0
RETRY_FACTOR = 4.0  # a document over its limit is tried once more at this many times it
WALL_FACTOR = 10.0  # the wall-time safety net, in times an attempt's CPU limit
_POLL = 0.5  # seconds between two readings of LibreOffice's CPU time


def worst_wall(limit: float) -> float:
    """The longest a document with CPU limit ``limit`` may keep LibreOffice busy (both
    attempts at their wall-time safety nets): what a caller waiting for an answer waits."""
    return WALL_FACTOR * limit * (1 + RETRY_FACTOR)


class RecalcError(OfficeEvalError):
    """LibreOffice could not recalculate a document (it could not start, it is gone)."""


class DocumentRecalcError(RecalcError, UnevaluableDocument):
    """LibreOffice failed on this document: it used more CPU time than the limit (twice),
    died while recalculating it (killed for memory, crashed) or refused it. Charged to the
    document (``UnevaluableDocument``)."""


class _OverLimit(DocumentRecalcError):
    """One attempt used more than its CPU limit (``used`` seconds); tried again once."""

    def __init__(self, message: str, used: float) -> None:
        super().__init__(message)
        self.used = used


class _Crashed(DocumentRecalcError):
    """LibreOffice (the office or its worker) died while it worked on the document: tried
    once more from a fresh LibreOffice before it is charged, since a one-off crash (a
    signal, memory another process took) is not the document's."""


def pipe_path(name: str) -> str:
    """Where LibreOffice puts the pipe called ``name``."""
    return f"{PIPE_DIR}/OSL_PIPE_{os.getuid()}_{name}"


def single_instance_pipe(profile: Path) -> str:
    """The file name (in ``PIPE_DIR``) of the single-instance pipe LibreOffice makes for the
    user installation ``profile``: ``SingleOfficeIPC_`` and the MD5 of its URL in UTF-16,
    each byte in hex without padding (as LibreOffice writes it)."""
    digest = hashlib.md5(profile.as_uri().encode("utf-16-le")).digest()  # noqa: S324
    return f"OSL_PIPE_{os.getuid()}_SingleOfficeIPC_" + "".join(f"{b:x}" for b in digest)


def remove_pipe(path: str) -> None:
    """Remove a pipe LibreOffice left (only a socket, only ours); never raises."""
    try:
        st = os.lstat(path)
        if stat.S_ISSOCK(st.st_mode) and st.st_uid == os.getuid():
            os.unlink(path)
    except OSError:
        pass


def memory_limit() -> int:
    """LibreOffice's address-space limit in bytes (``OFFICEEVAL_RECALC_MEMORY``: bytes or
    ``512M``/``4G``; default 4 GiB)."""
    raw = (os.environ.get("OFFICEEVAL_RECALC_MEMORY") or "").strip().upper()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    try:
        if raw and raw[-1] in mult:
            return int(float(raw[:-1]) * mult[raw[-1]])
        return int(raw) if raw else MEMORY
    except ValueError:
        return MEMORY


def find_soffice() -> str | None:
    """The soffice binary: ``$OFFICEEVAL_SOFFICE`` (``none`` disables), else on PATH, else
    the usual install locations; ``None`` when there is none."""
    env = os.environ.get("OFFICEEVAL_SOFFICE")
    if env:
        if env.strip().lower() in ("none", "off", "0", "false"):
            return None
        return env if Path(env).is_file() else shutil.which(env)
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    for p in ("/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice",
              "/Applications/LibreOffice.app/Contents/MacOS/soffice"):
        if Path(p).is_file():
            return p
    return None


def _uno_python() -> str | None:
    """A Python interpreter that can ``import uno``: ours, or the system one. Probed in
    isolated mode (``-I``): a folder named ``uno`` in the working directory, or a
    ``PYTHONPATH``, must not decide it."""
    for exe in dict.fromkeys([sys.executable, "/usr/bin/python3", shutil.which("python3") or ""]):
        if not exe or not Path(exe).is_file():
            continue
        try:
            r = subprocess.run([exe, "-I", "-c", "import uno"], capture_output=True,
                               timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if r.returncode == 0:
            return exe
    return None


def _kill(proc: subprocess.Popen | None) -> None:
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


class LibreOfficeBackend:
    """Recalculates workbooks with LibreOffice; see the module docstring."""

    def __init__(self, soffice: str, timeout: float = 60.0) -> None:
        self.soffice = soffice
        self.timeout = timeout
        self.workdir = Path(tempfile.mkdtemp(prefix=f"{WORKDIR_PREFIX}{os.getpid()}-"))
        self.profile = self.workdir / "profile"
        (self.profile / "user").mkdir(parents=True)
        (self.profile / "user" / "registrymodifications.xcu").write_text(_XCU, "utf-8")
        self._python = _uno_python()
        self.mode = "uno" if self._python else "convert"
        self._office: subprocess.Popen | None = None
        self._worker: subprocess.Popen | None = None
        self._cache: dict[str, Path] = {}
        self._pipe: str | None = None
        self._lock = threading.Lock()
        self.recalculations = 0
        self.layouts = 0
        atexit.register(self.close)

    # ------------------------------------------------------------------ public
    @property
    def version(self) -> str | None:
        """This LibreOffice's ``soffice --version`` (``LibreOffice 25.2.3.2 520(Build:2)``),
        asked once per process; ``None`` when it cannot be read."""
        return cached_version(self.soffice)

    def recalculate(self, path: Path) -> Path:
        """A recalculated copy of ``path`` (an xlsx written by LibreOffice with every formula
        result cached). Raises ``RecalcError`` on failure or timeout."""
        data = Path(path).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        with self._lock:
            hit = self._cache.get(digest)
            if hit is not None and hit.is_file():
                return hit
            src = self.workdir / f"{digest}-in.xlsx"
            src.write_bytes(data)
            out = self.workdir / f"{digest}.xlsx"
            try:
                if self.mode == "uno":
                    self._via_uno(src, out)
                else:
                    self._via_convert(src, out)
            finally:
                src.unlink(missing_ok=True)
            if not out.is_file():
                raise DocumentRecalcError("LibreOffice wrote no output")
            self.recalculations += 1
            self._cache[digest] = out
            return out

    def layout(self, path: Path, mark_prefix: str = "") -> Path:
        """A folder holding LibreOffice's layout of the document at ``path`` (.docx, .xlsx
        or .pptx): ``layout.json`` (see ``recalc.pages``) and ``document.pdf``. Bookmarks
        named ``mark_prefix…`` are placed on their pages (Word). Raises ``RecalcError``
        (``DocumentRecalcError`` when the document defeats LibreOffice), also when no
        Python with ``uno`` exists (the layout needs the ``uno`` mode)."""
        from officeeval.recalc.pages import finish_layout
        data = Path(path).read_bytes()
        suffix = Path(path).suffix.lower()
        if suffix not in (".docx", ".xlsx", ".pptx", ".docm", ".xlsm", ".pptm"):
            raise RecalcError(f"no layout for {suffix or 'this kind of'} file")
        digest = hashlib.sha256(data + b"\0layout\0" + mark_prefix.encode()).hexdigest()
        key = "layout-" + digest
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None and (hit / "layout.json").is_file():
                return hit
            if self.mode != "uno":
                raise RecalcError("the layout needs LibreOffice's Python bridge "
                                  "(python3-uno)")
            folder = self.workdir / key
            folder.mkdir(exist_ok=True)
            src = self.workdir / f"{digest}-in{suffix}"
            src.write_bytes(data)
            try:
                reply = self._ask_uno({"op": "layout", "in": str(src),
                                       "pdf": str(folder / "document.pdf"),
                                       "mark_prefix": mark_prefix})
            finally:
                src.unlink(missing_ok=True)
            facts = reply.get("layout")
            if not isinstance(facts, dict):
                raise DocumentRecalcError("LibreOffice gave no layout")
            finish_layout(folder, facts)
            self.layouts += 1
            self._cache[key] = folder
            return folder

    def start(self) -> None:
        """Start LibreOffice now rather than on the first document (``uno`` mode; a no-op in
        ``convert`` mode or when it runs already). Raises ``RecalcError`` when it cannot."""
        with self._lock:
            if self.mode == "uno" and not self._alive():
                self._stop()
                self._start()

    def close(self) -> None:
        """Stop LibreOffice and the worker and remove the private profile and pipes."""
        self._stop()
        shutil.rmtree(self.workdir, ignore_errors=True)

    # ------------------------------------------------------------------ uno mode
    def _office_args(self) -> list[str]:
        # Under an address-space limit (a workbook that asks for more ends LibreOffice,
        # charged to the workbook); the shell execs soffice, so the pid stays the group's.
        return ["/bin/sh", "-c", 'ulimit -v "$0" 2>/dev/null; exec "$@"',
                str(memory_limit() // 1024),
                self.soffice, "--headless", "--invisible", "--norestore", "--nologo",
                "--nodefault", "--nolockcheck", "--nofirststartwizard",
                f"-env:UserInstallation={self.profile.as_uri()}"]

    def _start(self) -> None:
        pipe = self._pipe = f"officeeval_{os.getpid()}_{secrets.token_hex(4)}"
        self._office = subprocess.Popen(
            self._office_args() + [f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        self._worker = subprocess.Popen(
            [self._python or "python3", "-I", str(_WORKER), pipe, str(self._start_wait()),
             str(self._office.pid), str(self.workdir)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=True, text=True, bufsize=1)
        reply = self._read_reply(self._start_wait(), document=False)
        if not reply.get("ready"):
            self._stop()
            raise RecalcError(f"LibreOffice did not start: {reply.get('error') or reply}")

    def _start_wait(self) -> float:
        # Starting is not the document's business: a short per-document limit must not
        # fail the start of LibreOffice on a loaded machine.
        return max(self.timeout, START_WAIT)

    def _stop(self) -> None:
        _kill(self._worker)
        _kill(self._office)
        self._worker = self._office = None
        # Killed, LibreOffice leaves its pipes behind.
        if self._pipe is not None:
            remove_pipe(pipe_path(self._pipe))
            self._pipe = None
        remove_pipe(f"{PIPE_DIR}/{single_instance_pipe(self.profile)}")

    def _alive(self) -> bool:
        return (self._office is not None and self._office.poll() is None
                and self._worker is not None and self._worker.poll() is None)

    def _read_reply(self, timeout: float, document: bool = True) -> dict:
        """The worker's next reply. While LibreOffice starts, ``timeout`` is wall seconds
        and running out is ours (``RecalcError``). For a document it is CPU seconds of
        LibreOffice (see the module docstring): using more is the document's
        (``_OverLimit``), the wall-time safety net running out is ours; a worker that died
        is the document's failure (``DocumentRecalcError``)."""
        assert self._worker is not None and self._worker.stdout is not None
        groups = {p.pid for p in (self._office, self._worker) if p is not None}
        cpu0 = group_seconds(groups) if document else None
        wall = timeout if cpu0 is None else timeout * WALL_FACTOR
        error = DocumentRecalcError if document else RecalcError
        began = time.monotonic()
        deadline = began + wall
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._stop()
                if cpu0 is not None:
                    raise RecalcError(f"LibreOffice had too little of the machine: no answer "
                                      f"after {wall:g}s of wall time, its CPU time under the "
                                      f"{timeout:g}s limit")
                raise error(f"LibreOffice timed out after {timeout:g}s")
            if cpu0 is not None:
                used = (group_seconds(groups) or cpu0) - cpu0
                if used > timeout:
                    self._stop()
                    raise _OverLimit(f"LibreOffice used more than {timeout:g}s of CPU time "
                                     f"on this document", used)
                left = min(left, _POLL)
            ready, _, _ = select.select([self._worker.stdout], [], [], left)
            if ready:
                line = self._worker.stdout.readline()
                if not line:
                    self._stop()
                    raise (_Crashed if document else error)(
                        "LibreOffice stopped unexpectedly (killed for memory or crashed)")
                try:
                    return json.loads(line)
                except json.JSONDecodeError:
                    continue

    def _via_uno(self, src: Path, out: Path) -> None:
        self._ask_uno({"in": str(src), "out": str(out)})

    def _ask_uno(self, request: dict) -> dict:
        """The worker's answer to ``request``; raises ``DocumentRecalcError`` when it
        failed on the document: over its CPU limit twice (see the module docstring), died
        on it twice, or answered that it cannot do it; ``RecalcError`` when LibreOffice
        cannot be reached or had too little of the machine."""
        try:
            return self._ask_uno_once(request, self.timeout)
        except _OverLimit as first:
            try:
                return self._ask_uno_once(request, self.timeout * RETRY_FACTOR)
            except _OverLimit as again:
                raise DocumentRecalcError(
                    f"LibreOffice used more than {self.timeout * RETRY_FACTOR:g}s of CPU time "
                    f"on this document (tried twice: {first.used:.1f}s, then "
                    f"{again.used:.1f}s)") from None
            except _Crashed as again:
                raise DocumentRecalcError(
                    f"{first}; then, at the larger limit, {again}") from None
        except _Crashed as first:
            try:
                return self._ask_uno_once(request, self.timeout)  # a fresh LibreOffice
            except _Crashed as again:
                raise DocumentRecalcError(f"{again} on this document, twice (a fresh "
                                          f"LibreOffice the second time)") from None
            except _OverLimit as again:
                raise DocumentRecalcError(f"{first}; then, from a fresh LibreOffice, "
                                          f"{again}") from None

    def _ask_uno_once(self, request: dict, limit: float) -> dict:
        if not self._alive():
            self._stop()
            self._start()
        assert self._worker is not None and self._worker.stdin is not None
        try:
            self._worker.stdin.write(json.dumps(request) + "\n")
            self._worker.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self._stop()
            raise RecalcError(f"LibreOffice worker is gone: {exc}") from exc
        reply = self._read_reply(limit)
        if not reply.get("ok"):
            message = str(reply.get("error") or "LibreOffice failed")
            if not self._alive():  # it answered as it died: a crash, not an answer
                self._stop()
                raise _Crashed(message)
            raise DocumentRecalcError(message)
        return reply

    # ------------------------------------------------------------------ convert mode
    def _via_convert(self, src: Path, out: Path) -> None:
        try:
            try:
                self._convert_once(src, self.timeout)
            except _Crashed:
                self._convert_once(src, self.timeout)  # once more before it is charged
        except _OverLimit as first:
            try:
                self._convert_once(src, self.timeout * RETRY_FACTOR)
            except _OverLimit as again:
                raise DocumentRecalcError(
                    f"LibreOffice used more than {self.timeout * RETRY_FACTOR:g}s of CPU time "
                    f"on this document (tried twice: {first.used:.1f}s, then "
                    f"{again.used:.1f}s)") from None
        made = self.workdir / "convert" / src.name
        made.replace(out)

    def _convert_once(self, src: Path, limit: float) -> None:
        outdir = self.workdir / "convert"
        outdir.mkdir(exist_ok=True)
        proc = subprocess.Popen(
            self._office_args() + ["--convert-to", "xlsx:Calc Office Open XML", "--outdir",
                                   str(outdir), str(src)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        try:
            cpu0 = group_seconds({proc.pid})
            wall = limit if cpu0 is None else limit * WALL_FACTOR
            deadline = time.monotonic() + wall
            while True:
                try:
                    proc.wait(timeout=max(0.0, min(_POLL, deadline - time.monotonic())))
                    break
                except subprocess.TimeoutExpired:
                    pass
                if cpu0 is not None:
                    used = (group_seconds({proc.pid}) or cpu0) - cpu0
                    if used > limit:
                        _kill(proc)
                        raise _OverLimit(f"LibreOffice used more than {limit:g}s of CPU time "
                                         f"on this document", used)
                if time.monotonic() >= deadline:
                    _kill(proc)
                    if cpu0 is not None:
                        raise RecalcError(f"LibreOffice had too little of the machine: no "
                                          f"answer after {wall:g}s of wall time")
                    raise DocumentRecalcError(f"LibreOffice timed out after {limit:g}s")
        finally:
            remove_pipe(f"{PIPE_DIR}/{single_instance_pipe(self.profile)}")
        made = outdir / src.name
        if proc.returncode is not None and proc.returncode < 0:
            raise _Crashed(f"soffice --convert-to was killed (signal {-proc.returncode})")
        if proc.returncode != 0 or not made.is_file():
            raise DocumentRecalcError(f"soffice --convert-to failed (exit {proc.returncode})")
