"""The sandbox record: everything kept about how a program ran (stored as JSON in the
``generations.sandbox`` column), and the helpers that fill it."""

from __future__ import annotations

import json
import os
import signal
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from officeeval.runner.escaping import safe_text, safe_tree

TAIL_BYTES = 4000
MAX_LISTED = 50  # names of written files kept


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
    files_changed: int = 0
    files_total: int | None = None
    output_found: bool = False
    output_kind: str = "missing"
    output_target: str | None = None
    output_copied: bool = False
    quota: dict[str, Any] = field(default_factory=dict)
    ended: bool = False
    extraction: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data, every string safe to store (``escaping``)."""
        return safe_tree(asdict(self))


def signal_name(num: int) -> str:
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def parse_status(record: SandboxRecord, raw: bytes) -> None:
    """Fill ``record`` from the supervisor's status channel (see ``bootstrap``): its first
    line is ``refused`` or ``started``, written before any line of the program could run;
    then the supervisor's ``end``. The program never holds this channel; should anything
    else ever appear on it (only conceivable without bubblewrap, where a program shares
    the evaluator's user), the first line still decides whether the program started, a
    later ``refused`` is ignored and the last ``end`` (written after every process of the
    program was killed) is the one kept."""
    lines = raw.splitlines()
    first = _message(lines[0]) if lines else None
    if first is None:
        return
    if first.get("event") == "refused":
        record.refused = True
        record.notes = [safe_text(str(n)) for n in first.get("notes") or []][:20]
        return
    if first.get("event") != "started":
        return
    record.started = True
    uid = first.get("uid")
    record.uid = uid if isinstance(uid, int) else None
    record.notes = [safe_text(str(n)) for n in first.get("notes") or []][:20]
    record.process_limit = "+".join(
        n for n, on in (("cgroup_pids", first.get("cgroup")),
                        ("rlimit_nproc", first.get("nproc"))) if on) or "none"
    ends = [m for m in map(_message, lines[1:]) if m and m.get("event") == "end"]
    if ends:
        _fill_end(record, ends[-1])
    extra = len(lines) - 1 - len(ends[-1:])
    if extra > 0:
        record.warnings.append(f"{extra} unexpected line(s) on the status channel ignored")


def _message(line: bytes) -> dict[str, Any] | None:
    try:
        msg = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return msg if isinstance(msg, dict) else None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _fill_end(record: SandboxRecord, end: dict[str, Any]) -> None:
    record.ended = True
    record.exit_code = _int(end.get("exit_code"))
    sig = _int(end.get("signal"))
    record.signal = signal_name(sig) if sig is not None else None
    cpu = end.get("cpu")
    record.cpu_seconds = float(cpu) if isinstance(cpu, (int, float)) else None
    record.maxrss_kb = _int(end.get("maxrss_kb"))
    quota = end.get("quota")
    if isinstance(quota, dict):
        record.quota.update({k: quota.get(k) for k in ("used_files", "used_bytes",
                                                        "exceeded")})
    files = end.get("files")
    if isinstance(files, list):
        record.files_written = [safe_text(str(f)) for f in files][:MAX_LISTED]
    record.files_changed = _int(end.get("files_changed")) or len(record.files_written)
    record.files_total = _int(end.get("files_total"))
    out = end.get("output")
    if isinstance(out, dict):
        record.output_kind = safe_text(str(out.get("kind") or "missing"))[:40]
        target = out.get("target")
        record.output_target = safe_text(str(target))[:300] if target else None
        record.output_copied = out.get("copied") is True
    report = end.get("report")
    exc = report.get("exception") if isinstance(report, dict) else None
    # The program's own account (a label it could have forged): kept only for a program
    # that did fail, to name how.
    if isinstance(exc, dict) and record.exit_code not in (None, 0):
        record.exception_type = safe_text(str(exc.get("type") or ""))[:200] or None
        record.exception_line = safe_text(str(exc.get("line") or ""))[:1500] or None
        record.errno = _int(exc.get("errno"))
        record.memory_error = exc.get("memory") is True


def settle_exit(record: SandboxRecord, via_bwrap: bool) -> None:
    """When the supervisor wrote no ``end`` (it was killed: by the wall-clock limit, or by
    the program itself without bubblewrap's fresh uid), take how it ended from its exit
    status: ``-N`` from Popen, ``128+N`` from bubblewrap (which reports its child's signal
    that way)."""
    if record.ended or record.timed_out or not record.started:
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
    record.notes.append("the supervisor ended before reporting (killed)")


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
