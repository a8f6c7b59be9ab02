"""The sandbox record: everything kept about how a program ran (stored as JSON in the
``generations.sandbox`` column), and the helpers that fill it."""

from __future__ import annotations

import json
import os
import signal
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

TAIL_BYTES = 4000
MAX_LISTED = 200


@dataclass
class SandboxRecord:
    """How one program ran. ``None`` means "not known" (e.g. no exit code when the program
    was killed by a signal)."""

    mode: str
    limits: dict[str, Any]
    python: str = ""
    warnings: list[str] = field(default_factory=list)
    started: bool = False
    refused: bool = False
    timed_out: bool = False
    returncode: int | None = None
    exit_code: int | None = None
    signal: str | None = None
    exception_type: str | None = None
    exception_line: str | None = None
    errno: int | None = None
    memory_error: bool = False
    stdout_tail: str = ""
    stderr_tail: str = ""
    wall_seconds: float | None = None
    cpu_seconds: float | None = None
    maxrss_kb: int | None = None
    uid: int | None = None
    process_limit: str = ""
    tree_kill: str = ""
    notes: list[str] = field(default_factory=list)
    files_written: list[str] = field(default_factory=list)
    output_found: bool = False
    extraction: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def signal_name(num: int) -> str:
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def parse_status(record: SandboxRecord, raw: bytes) -> None:
    """Fill ``record`` from the supervisor's status lines (see ``bootstrap``). Lines that
    do not parse are ignored, and so is an ``exit`` line of another pid than the one that
    started (a forked copy of the program)."""
    started_pid = None
    for line in raw.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if not isinstance(msg, dict):
            continue
        if msg.get("event") == "started" and not record.started:
            record.started = True
            started_pid = msg.get("pid")
            record.uid = msg.get("uid")
            record.notes = [str(n) for n in msg.get("notes") or []][:20]
            record.process_limit = "+".join(
                n for n, on in (("cgroup_pids", msg.get("cgroup")),
                                ("rlimit_nproc", msg.get("nproc"))) if on) or "none"
        elif msg.get("event") == "refused":
            record.refused = True
            record.notes = [str(n) for n in msg.get("notes") or []][:20]
        elif msg.get("event") == "exit" and record.started and msg.get("pid") == started_pid:
            code = msg.get("exit_code")
            record.exit_code = code if isinstance(code, int) else None
            record.cpu_seconds = msg.get("cpu")
            record.maxrss_kb = msg.get("maxrss_kb")
            exc = msg.get("exception")
            if isinstance(exc, dict):
                record.exception_type = str(exc.get("type") or "")[:200] or None
                record.exception_line = str(exc.get("line") or "")[:1500] or None
                errno = exc.get("errno")
                record.errno = errno if isinstance(errno, int) else None
                record.memory_error = bool(exc.get("memory"))


def settle_exit(record: SandboxRecord, via_bwrap: bool) -> None:
    """When the program wrote no ``exit`` line (killed by a signal, or ``os._exit``), take
    how it ended from the process's exit status: ``-N`` from Popen (the supervisor is our
    child), ``128+N`` from bubblewrap (which reports its child's signal that way)."""
    if record.exit_code is not None or record.timed_out or not record.started:
        return
    rc = record.returncode
    if rc is None:
        return
    if rc < 0:
        record.signal = signal_name(-rc)
    elif via_bwrap and rc > 128:
        record.signal = signal_name(rc - 128)
    else:
        record.exit_code = rc


def read_tail(path: Path, size: int = TAIL_BYTES) -> str:
    """The last ``size`` bytes of a file as text (invalid UTF-8 replaced); "" if absent."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            end = f.tell()
            f.seek(max(0, end - size))
            data = f.read(size)
    except OSError:
        return ""
    text = data.decode("utf-8", "replace")
    return ("…" + text) if end > size else text


def written_files(work: Path, initial: dict[str, tuple[int, int]]) -> list[str]:
    """Files the program created or changed in its work directory (relative paths, sorted,
    at most ``MAX_LISTED``); symlinks are listed, never followed."""
    out: list[str] = []
    for root, dirs, files in os.walk(work, followlinks=False):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            p = Path(root, name)
            rel = str(p.relative_to(work))
            try:
                st = p.lstat()
            except OSError:
                continue
            if initial.get(rel) != (st.st_size, st.st_mtime_ns):
                out.append(rel)
            if len(out) >= MAX_LISTED:
                return sorted(out)
    return sorted(out)
