"""The CPU time LibreOffice spent, which is what a document is charged for.

A document that LibreOffice cannot lay out or recalculate within its limit is charged to the
candidate (``unevaluable``). Wall time would make that a property of the machine: on two
cores shared with other work the same document takes three to six times longer. The
processes' own CPU time is not: LibreOffice (``soffice.bin`` and its launcher, one process
group) and its ``uno`` worker (a group of its own) are measured together from
``/proc/<pid>/stat`` (user and system time, and that of their finished children).

``group_seconds(pgids)`` returns ``None`` where there is no ``/proc`` (the caller then falls
back to wall time, as before).
"""

from __future__ import annotations

import os

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def available() -> bool:
    """Whether processes' CPU time can be read here (Linux ``/proc``)."""
    return os.path.isfile(f"/proc/{os.getpid()}/stat")


def group_seconds(pgids: set[int]) -> float | None:
    """CPU seconds used so far by every process in the process groups ``pgids`` (their
    finished children included); ``None`` when ``/proc`` cannot be read. Processes that end
    while they are read are skipped (their time is in their parent's children's time once
    it has waited for them)."""
    if not pgids or not available():
        return None
    ticks = 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                data = fh.read()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: the fields follow the last ")".
        fields = data.rsplit(b")", 1)[-1].split()
        try:
            if int(fields[2]) in pgids:
                ticks += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
        except (IndexError, ValueError):
            continue
    return ticks / _TICKS
