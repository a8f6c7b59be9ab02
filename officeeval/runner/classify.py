"""Turn a sandbox record into a task outcome (architecture.md, "Outcomes").

``exec_timeout``: the wall-clock limit (the host killed the tree) or the CPU-time limit
(SIGXCPU). ``exec_killed``: the disk quota (the supervisor saw more bytes or entries than
allowed and killed the program, or a write failed with ENOSPC/EDQUOT), the memory limit
(MemoryError under RLIMIT_AS), the file-size limit (EFBIG / SIGXFSZ), the process limit
(fork refused with EAGAIN), the open-files limit (EMFILE), or any signal. ``exec_error``:
an exception or a non-zero exit status. ``no_output``: ran cleanly but did not write the
expected file as a regular file (what is there instead — a link, a FIFO, a folder — or
the files it did write are named).

The exit status, the signal and the files come from the supervisor's observation; the
exception type and line are the program's own account, used only to name how a program
that did fail failed.
Otherwise the document is graded (``ok`` or ``invalid_package``, decided by the engine).
"""

from __future__ import annotations

import errno as errnos

from officeeval.runner.sandbox_record import SandboxRecord
from officeeval.scoring.outcomes import TaskOutcome

_PROCESS_EXC = {"BlockingIOError"}


def classify(record: SandboxRecord, output_name: str) -> tuple[TaskOutcome | None, str]:
    """The execution outcome and a one-line detail; ``(None, "")`` when the program ran
    cleanly and wrote ``output_name`` (the document is then graded)."""
    lim = record.limits
    if record.timed_out:
        return TaskOutcome.EXEC_TIMEOUT, (f"wall-clock limit of {lim.get('timeout'):g} s "
                                          f"exceeded; the process tree was killed")
    if (record.quota or {}).get("exceeded"):
        return TaskOutcome.EXEC_KILLED, _quota_detail(record)
    if record.signal == "SIGXCPU":
        return TaskOutcome.EXEC_TIMEOUT, f"CPU-time limit of {lim.get('cpu'):g} s exceeded"
    if record.signal == "SIGXFSZ":
        return TaskOutcome.EXEC_KILLED, _size_detail(lim)
    if record.signal:
        return TaskOutcome.EXEC_KILLED, f"killed by {record.signal}"
    if record.exit_code is None:
        # No exit status at all (nothing to read it from): the process was killed.
        how = _returncode_text(record.returncode)
        return TaskOutcome.EXEC_KILLED, f"killed ({how})"
    if record.exit_code != 0 or record.exception_type:
        limit = _limit_hit(record)
        if limit is not None:
            return TaskOutcome.EXEC_KILLED, limit
        if record.exception_line:
            return TaskOutcome.EXEC_ERROR, record.exception_line
        return TaskOutcome.EXEC_ERROR, f"exited with status {record.exit_code}"
    if not record.output_found:
        kind = record.output_kind
        if kind not in ("missing", "file", "not_read", ""):
            return TaskOutcome.NO_OUTPUT, _odd_output(record, output_name)
        others = [f for f in record.files_written if f != output_name]
        if others:
            shown = ", ".join(others[:5]) + (" …" if len(others) > 5 else "")
            return TaskOutcome.NO_OUTPUT, f"no {output_name}; the program wrote: {shown}"
        return TaskOutcome.NO_OUTPUT, f"no {output_name}; the program wrote no file"
    return None, ""


_KIND_TEXT = {"symlink": "a symbolic link", "fifo": "a FIFO (named pipe)",
              "directory": "a folder", "socket": "a socket", "device": "a device file",
              "too_large": "a file over the file-size limit", "other": "not a regular file"}


def _odd_output(record: SandboxRecord, output_name: str) -> str:
    what = _KIND_TEXT.get(record.output_kind, f"a {record.output_kind}")
    if record.output_kind == "symlink" and record.output_target:
        what += f" (to {record.output_target})"
    return f"{output_name} is {what}, not a regular file: nothing was graded"


def _quota_detail(record: SandboxRecord) -> str:
    q = record.quota or {}
    if q.get("exceeded") == "files":
        return (f"disk quota of {q.get('files')} files exceeded "
                f"(at least {q.get('used_files')} written); the program was stopped")
    return (f"disk quota of {_mib(q.get('bytes'))} exceeded "
            f"(at least {_mib(q.get('used_bytes'))} written); the program was stopped")


def _limit_hit(record: SandboxRecord) -> str | None:
    lim = record.limits
    if record.errno in (errnos.ENOSPC, errnos.EDQUOT):
        return f"disk quota of {_mib(lim.get('disk'))} reached (no space left)"
    if record.memory_error:
        return f"memory limit of {_mib(lim.get('memory'))} reached ({record.exception_type})"
    if record.errno == errnos.EFBIG:
        return _size_detail(lim)
    if record.errno == errnos.EAGAIN and (record.exception_type in _PROCESS_EXC or
                                          "fork" in (record.exception_line or "").lower()):
        return f"process limit of {lim.get('processes')} reached (fork refused)"
    if record.errno == errnos.EMFILE:
        return f"open-files limit of {lim.get('open_files')} reached"
    return None


def _size_detail(lim: dict) -> str:
    return f"file-size limit of {_mib(lim.get('file_size'))} reached"


def _mib(n: object) -> str:
    return f"{n / 1024 ** 2:g} MiB" if isinstance(n, (int, float)) else "?"


def _returncode_text(rc: int | None) -> str:
    from officeeval.runner.sandbox_record import signal_name
    if rc is None:
        return "no status"
    if rc < 0:
        return signal_name(-rc)
    if rc > 128:
        return f"status {rc}, i.e. {signal_name(rc - 128)}"
    return f"status {rc}"
