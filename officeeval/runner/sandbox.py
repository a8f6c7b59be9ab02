"""Run one generated program in a sandbox and record how it ran.

Each program runs as a separate process (never in the evaluator's process) in a fresh
temporary work directory holding only copies of the task's input file and attachments:

* ``bwrap`` mode (bubblewrap installed and usable): namespaces for network, pids, IPC and
  UTS, a read-only system, the work directory a private tmpfs of the disk quota and the
  only writable path (see ``isolation``); as root, the program also runs as a fresh
  unprivileged uid.
* ``rlimits-only`` mode (no usable bubblewrap, or asked for): the same limits, a scrubbed
  environment and cwd = the work directory, but the program can see the host's files and
  network. The record says so (``mode`` and a warning).

In both modes the supervisor (``bootstrap``) runs the program in a process of its own,
applies the limits of ``Limits`` (the disk quota included), reports on a status channel
the program never holds, lists what the program wrote and copies its output out; on
timeout (or when the program ends) the whole process tree is killed. ``Sandbox.run`` never
raises for anything the program does; it raises ``SandboxError`` only when the sandbox
itself cannot be started (a refusal is believed only from the supervisor, before the
program ran).
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from officeeval.errors import OfficeEvalError
from officeeval.runner import folders, isolation, processes, supervisor_files, sweep
from officeeval.runner.sweep import RUN_PREFIX, STALE_AFTER
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox_record import (MAX_LISTED, SandboxRecord, parse_status,
                                              read_tail, settle_exit)

PROGRAM_NAME = "program.py"
WORK_SLACK = 1 << 20  # bytes of the work tmpfs beyond the quota and the task's files


class SandboxError(OfficeEvalError):
    """The sandbox could not be started (not the program's fault: the item is not graded
    and is retried on the next run)."""


@dataclass(frozen=True)
class SandboxConfig:
    """How programs are sandboxed. ``isolation``: ``auto`` (bubblewrap when usable, else
    rlimits-only with a warning), ``bwrap`` (required: a ``SandboxError`` if unusable) or
    ``rlimits`` (never bubblewrap). ``python``: the interpreter that runs the programs (it
    must import python-docx, openpyxl, python-pptx, lxml, pandas); default: the one running
    officeeval. ``cgroups``: in rlimits-only mode, also put each program in a pids cgroup
    when the host allows it (kills even processes that left the process group)."""

    python: str = sys.executable
    isolation: str = "auto"
    tmp_root: str | None = None
    keep: bool = False
    cgroups: bool = True


@dataclass
class SandboxRun:
    """The result of ``Sandbox.run``: the record, and the output file while the run's
    directory still exists (inside the ``with`` block): a copy the supervisor made of the
    program's output when it was a regular file. ``workdir`` is the host folder holding
    what may be read of the run: the work folder itself without bubblewrap, the folder of
    that copy under bubblewrap (where the work folder was a tmpfs of the sandbox's own).
    ``written``: the files the program created or changed (at most ``MAX_LISTED``)."""

    record: SandboxRecord
    workdir: Path
    output: Path | None = None
    written: list[str] = field(default_factory=list)
    # With ``collect``: the work folder as the program left it (``tree``; ``None`` when it
    # was not copied: killed, over a quota) and what the copy left out (``tree_record``).
    tree: Path | None = None
    tree_record: dict[str, Any] = field(default_factory=dict)
    logs: Path | None = None  # the folder of the program's whole ``stdout`` and ``stderr``


def sweep_stale_runs(root: str | None = None, older_than: float = STALE_AFTER) -> int:
    """Remove what killed batches left in ``root`` (default: the temp directory) and
    LibreOffice's abandoned pipes (see ``sweep``). Returns how many entries were removed;
    never raises."""
    return sweep.sweep(root, older_than)


class Sandbox:
    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        sweep.sweep(self.config.tmp_root)
        self.interp = isolation.interpreter(self.config.python)
        self.code = supervisor_files.compiled(self.interp)
        self.mode, self.warning = self._choose_mode()
        # As root without bubblewrap, the program runs under a fresh uid that keeps only
        # CAP_DAC_READ_SEARCH when the interpreter is unreadable to other users.
        self.read_search = (self.mode == isolation.MODE_RLIMITS and isolation.as_root() and
                            not all(isolation.world_accessible(r) for r in self.interp.roots))
        if self.mode == isolation.MODE_RLIMITS and isolation.as_root():
            self._self_test()

    def _self_test(self) -> None:
        """Run a trivial program once: privileges must drop and the interpreter must still
        load, or no program is run at all (never one with no process limit)."""
        with self.run("import json, os\nprint(os.getuid())\n", [], "output",
                      Limits(timeout=60)) as run:
            rec = run.record
        if rec.exit_code != 0 or rec.uid in (None, 0):
            why = "; ".join(rec.notes) or rec.stderr_tail.strip()[-300:] or "no status"
            raise SandboxError("cannot run programs under an unprivileged uid without "
                               f"bubblewrap: {why}; install bubblewrap")

    def _choose_mode(self) -> tuple[str, str]:
        how = self.config.isolation
        if how == "rlimits":
            return isolation.MODE_RLIMITS, "bubblewrap not used (rlimits-only was asked " \
                "for): the program can read the host's files and use the network"
        ok, why = isolation.bwrap_usable(self.config.python)
        if ok:
            return isolation.MODE_BWRAP, ""
        if how == "bwrap":
            raise SandboxError(why)
        return isolation.MODE_RLIMITS, f"{why}; running with resource limits only: the " \
            "program can read the host's files and use the network"

    @contextlib.contextmanager
    def run(self, code: str, files: list[Path] | list[tuple[str, Path]], output_name: str,
            limits: Limits | None = None, *, dirs: list[str] | None = None,
            collect: bool = False) -> Iterator[SandboxRun]:
        """Run ``code`` with copies of ``files`` in a fresh work directory; yield the
        ``SandboxRun`` (the directory is removed when the block ends). A file is a path
        (copied under its name) or ``(relative name, path)``, the name possibly in
        folders (``dirs`` names empty folders to make too). ``collect``: copy the work
        folder back out when the program ended within its limits (``SandboxRun.tree``), for
        a folder that persists between runs. Raises ``SandboxError`` (also for a name that
        is absolute or climbs out with ``..``)."""
        limits = limits or Limits()
        named = [_named(f) for f in files]
        for d in dirs or []:
            _check_name(d)
        base = Path(tempfile.mkdtemp(prefix=f"{RUN_PREFIX}{os.getpid()}-",
                                     dir=self.config.tmp_root))
        lock = sweep.hold(base)  # released by the kernel if this process is killed
        try:
            yield self._run_in(base, code, named, output_name, limits, list(dirs or []),
                               collect)
        finally:
            if not self.config.keep:
                folders.remove(str(base))
            if lock is not None:
                os.close(lock)

    # ------------------------------------------------------------------ internals
    def _run_in(self, base: Path, code: str, files: list[tuple[str, Path]],
                output_name: str, limits: Limits, dirs: list[str], collect: bool
                ) -> SandboxRun:
        bwrap = self.mode == isolation.MODE_BWRAP
        r = _Layout(base, uid=None, gid=None, dirs=dirs, collect=collect)
        for d in (r.prog, r.logs, r.out):
            d.mkdir()
        (r.prog / PROGRAM_NAME).write_text(code, encoding="utf-8", errors="surrogatepass")
        (r.prog / "bootstrap.py").write_text(supervisor_files.STUB, encoding="utf-8")
        for name, data in self.code.items():
            (r.prog / name).write_bytes(data)
        r.uid, r.gid, r.warnings = self._identity()
        uid = r.uid if r.uid is not None else os.getuid()
        gid = r.gid if r.gid is not None else os.getgid()
        (r.prog / "passwd").write_text(
            f"root:x:0:0:root:/root:/usr/sbin/nologin\n"
            f"candidate:x:{uid}:{gid}::{isolation.WORK_MOUNT}:/bin/sh\n")
        (r.prog / "group").write_text(f"root:x:0:\ncandidate:x:{gid}:\n")
        os.chmod(base, 0o755)
        for p in (r.prog, r.logs, *r.prog.iterdir()):
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
        os.chmod(r.out, 0o700)  # written by the supervisor only, through a descriptor
        if not bwrap:
            r.work, r.tmp = base / "work", base / "tmp"
            r.work.mkdir()
            r.tmp.mkdir()
        try:
            for name, f in files:
                try:
                    fd = os.open(f, os.O_RDONLY | os.O_CLOEXEC)
                except OSError as exc:
                    raise SandboxError(f"cannot read task file {f}: {exc}") from exc
                r.fds.append(fd)
                r.base_bytes += os.fstat(fd).st_size
                r.inputs.append((name, fd))
            r.out_fd = os.open(r.out, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            r.fds.append(r.out_fd)
            r.status_r, r.status_w = os.pipe()
            r.fds.append(r.status_w)
            return self._start(r, output_name, limits)
        finally:
            for fd in r.fds:
                os.close(fd)

    def _start(self, r: "_Layout", output_name: str, limits: Limits) -> SandboxRun:
        bwrap = self.mode == isolation.MODE_BWRAP
        uid, out_fd, inputs = r.uid, r.out_fd, r.inputs
        cgroup = None
        nproc: int | None = limits.processes
        if not bwrap:
            # A pids cgroup (when we may create one) also lets us kill processes that left
            # the process group; RLIMIT_NPROC stays as the limit that always exists.
            if self.config.cgroups:
                cgroup = processes.PidsCgroup.create(limits.processes + 1)
            if uid is None:
                # RLIMIT_NPROC counts all of this user's processes, not just the program's.
                nproc = processes.count_user_processes(os.getuid()) + limits.processes
        prog_dir = isolation.PROG_MOUNT if bwrap else str(r.prog)
        work_dir = isolation.WORK_MOUNT if bwrap else str(r.work)
        quota = {"bytes": limits.disk, "files": limits.files, "base_bytes": r.base_bytes,
                 "base_files": len(inputs) + len(_folders([n for n, _ in inputs], r.dirs))}
        cfg = {"status_fd": r.status_w, "out_fd": out_fd, "inputs": inputs,
               "work": work_dir, "tmp": "/tmp" if bwrap else str(r.tmp),
               "own_tmp": not bwrap, "output": output_name,
               "program": f"{prog_dir}/{PROGRAM_NAME}", "as_file": f"{work_dir}/{PROGRAM_NAME}",
               "limits": limits.to_dict(),
               "quota": quota, "list_max": MAX_LISTED, "pidns": bwrap,
               "uid": uid, "gid": r.gid, "nproc": nproc,
               # bubblewrap already sets no_new_privs; only the bare mode needs it (ctypes).
               "no_new_privs": not bwrap, "read_search": self.read_search,
               "cgroup": str(cgroup.path) if cgroup else None}
        if r.dirs or r.collect:
            cfg.update(dirs=r.dirs, collect=r.collect)
        argv = [self.interp.executable, "-I", "-B", f"{prog_dir}/bootstrap.py", _json(cfg)]
        env = _environment(work_dir, "/tmp" if bwrap else str(r.tmp))
        if bwrap:
            # The work folder is a tmpfs of the quota (plus the task's files): a program
            # writes no byte more, whatever it does; the supervisor counts its entries.
            size = limits.disk + r.base_bytes + WORK_SLACK
            cmd = isolation.bwrap_command(self.interp, None, r.prog, limits.tmp_size, env,
                                          argv, work_size=size)
            popen_env, cwd = {"PATH": "/usr/bin:/bin"}, "/"
        else:
            cmd, popen_env, cwd = argv, env, str(r.work)
        record = SandboxRecord(mode=self.mode, limits=limits.to_dict(),
                               python=self.interp.executable, warnings=list(r.warnings),
                               tree_kill=_tree_kill(self.mode, cgroup, uid))
        record.quota = {"bytes": limits.disk, "files": limits.files,
                        "bytes_enforced_by": "tmpfs" if bwrap else "watch",
                        "files_enforced_by": "watch"}
        if self.warning:
            record.warnings.insert(0, self.warning)
        started = time.monotonic()
        try:
            with open(r.logs / "stdout", "wb") as so, open(r.logs / "stderr", "wb") as se:
                try:
                    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=so,
                                            stderr=se, cwd=cwd, env=popen_env,
                                            pass_fds=(r.status_w, out_fd,
                                                      *(fd for _, fd in inputs)),
                                            start_new_session=True,
                                            preexec_fn=processes.dies_with_this_process())
                except OSError as exc:
                    raise SandboxError(f"cannot start the sandbox: {exc}") from exc
                finally:
                    # Only the supervisor holds these now.
                    while r.fds:
                        os.close(r.fds.pop())
                if not _wait(proc, limits.timeout):
                    record.timed_out = True
                    _stop(proc)
                # The supervisor has exited (it killed the program's processes first):
                # anything that still escaped goes too. Under bubblewrap the pid namespace
                # died with its init; without it, hunt them down (the cgroup finds even
                # those that left the process group).
                if not bwrap:
                    processes.kill_tree(proc.pid)
                    if cgroup is not None:
                        cgroup.kill_all()
                    if uid is not None:
                        processes.kill_user(uid)
                proc.wait()
        finally:
            if cgroup is not None:
                cgroup.remove()
            status = _drain(r.status_r)
        record.wall_seconds = round(time.monotonic() - started, 4)
        record.returncode = proc.returncode
        parse_status(record, status)
        settle_exit(record, bwrap)
        record.stdout_tail = read_tail(r.logs / "stdout")
        record.stderr_tail = read_tail(r.logs / "stderr")
        if record.refused:
            raise SandboxError("the supervisor could not start the program: "
                               + "; ".join(record.notes))
        if not record.started and not record.timed_out:
            # bubblewrap or the interpreter failed (the program never ran): ours, not the
            # candidate's.
            raise SandboxError("the sandbox did not start: " + (record.stderr_tail.strip()
                                                               .splitlines() or ["?"])[-1])
        run = SandboxRun(record, r.work if r.work is not None else r.out,
                         written=list(record.files_written), logs=r.logs)
        if r.collect:
            _collected(run, r.out, record)
        target = r.out / output_name
        if record.output_copied and target.is_file() and not target.is_symlink():
            run.output = target
        record.output_found = run.output is not None
        return run

    def _identity(self) -> tuple[int | None, int | None, list[str]]:
        """The uid/gid the program runs as: a fresh unprivileged one when we are root (so
        RLIMIT_NPROC applies and the program owns nothing of the host), else our own."""
        warnings: list[str] = []
        if not isolation.as_root():
            return None, None, warnings
        if self.read_search:
            warnings.append("the interpreter is not readable by other users: the program "
                            "keeps the capability to read any file (CAP_DAC_READ_SEARCH)")
        uid = random.SystemRandom().randrange(1 << 24, 1 << 30)
        return uid, uid, warnings


@dataclass
class _Layout:
    """One run's host side: its folders, who the program runs as, and the descriptors
    passed to the supervisor (``fds``: those still ours to close)."""

    base: Path
    uid: int | None
    gid: int | None
    warnings: list[str] = field(default_factory=list)
    work: Path | None = None  # without bubblewrap only (under it, a tmpfs inside)
    tmp: Path | None = None
    inputs: list[tuple[str, int]] = field(default_factory=list)
    base_bytes: int = 0
    dirs: list[str] = field(default_factory=list)
    collect: bool = False
    out_fd: int = -1
    status_r: int = -1
    status_w: int = -1
    fds: list[int] = field(default_factory=list)

    @property
    def prog(self) -> Path:
        return self.base / "prog"

    @property
    def logs(self) -> Path:
        return self.base / "logs"

    @property
    def out(self) -> Path:
        return self.base / "out"


def _check_name(name: str) -> str:
    """``name`` when it is a relative path of plain parts (no ``..``, ``.`` or empty part,
    no NUL); raises ``SandboxError``."""
    parts = name.split("/")
    if not name or "\0" in name or any(p in ("", ".", "..") for p in parts):
        raise SandboxError(f"not a relative path inside the work folder: {name[:200]!r}")
    return name


def _folders(names: list[str], dirs: list[str]) -> set[str]:
    """Every folder the supervisor makes for these file names and empty folders (they
    count as the task's own entries, not the program's, in the files quota)."""
    out: set[str] = set()
    for path in [*(n.rpartition("/")[0] for n in names), *dirs]:
        parts = path.split("/") if path else []
        out.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def _named(f: Path | str | tuple[str, Path]) -> tuple[str, Path]:
    if isinstance(f, tuple):
        return _check_name(f[0]), Path(f[1])
    return Path(f).name, Path(f)


def _collected(run: SandboxRun, out: Path, record: SandboxRecord) -> None:
    """Point ``run.tree`` at the work folder the supervisor copied out, when the program
    ended within its limits and the copy is complete (a killed program's folder is never
    taken: it may be half written)."""
    import json
    try:
        said = json.loads((out / "tree.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if not isinstance(said, dict):
        return
    run.tree_record = said
    tree = out / "tree"
    if said.get("collected") is True and not record.timed_out and record.ended and \
            tree.is_dir() and not tree.is_symlink():
        run.tree = tree


def _tree_kill(mode: str, cgroup: object, uid: int | None) -> str:
    """How every process of a program is found at the end: the pid namespace, its pids
    cgroup, its own uid, or only its process group and the visible descendants (then a
    daemon that called setsid() and double-forked can outlive it)."""
    if mode == isolation.MODE_BWRAP:
        return "pid_namespace"
    if cgroup is not None:
        return "cgroup"
    return "uid" if uid is not None else "process_group"


def _environment(home: str, tmp: str) -> dict[str, str]:
    """The program's whole environment: nothing of the evaluator's leaks in."""
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "TMPDIR": tmp,
            "USER": "candidate", "LOGNAME": "candidate", "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8", "MPLBACKEND": "Agg",
            # One thread per BLAS pool: threads reserve address space under RLIMIT_AS.
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "NUMEXPR_MAX_THREADS": "1"}


def _wait(proc: subprocess.Popen, timeout: float) -> bool:
    """Wait for ``proc`` to end within ``timeout`` seconds; ``False`` if it did not.
    ``Popen.wait(timeout)`` polls with sleeps of up to 50 ms, a latency every program would
    pay; a pidfd wakes us the moment it exits (Linux >= 5.3), else fall back to polling."""
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):
        try:
            proc.wait(timeout=timeout)
            return True
        except subprocess.TimeoutExpired:
            return False
    try:
        ready, _, _ = select.select([fd], [], [], timeout)
    finally:
        os.close(fd)
    if not ready:
        return False
    proc.wait()
    return True


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    processes.kill_tree(proc.pid)


def _drain(fd: int) -> bytes:
    os.set_blocking(fd, False)
    chunks = []
    try:
        while True:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def _json(obj: Any) -> str:
    import json
    return json.dumps(obj, separators=(",", ":"))
