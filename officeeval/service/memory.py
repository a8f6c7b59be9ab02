"""A grading worker's memory: the address-space limit it grades under (``RLIMIT_AS``, set
once in each worker process) and its peak resident size, which decides whether the worker
is replaced after a job.

Only the soft limit is set: a program ``/v1/run`` starts from the worker sets limits of
its own (``runner.launch``), which may be higher than the worker's. A document that needs
more than the limit makes the engine raise ``MemoryError``, which grading turns into
``unevaluable`` checks (``scoring.criteria``): the document's loss, never a dead server.
"""

from __future__ import annotations

import os
import resource

_BOUND: tuple[int, int] | None = None  # (pid, limit) of the last limit set here


def bound(limit: int | None) -> None:
    """Limit this process's address space to ``limit`` bytes (``None``: leave it), once
    per process and limit. Never above the hard limit; raises nothing (a limit that cannot
    be set leaves the process as it was)."""
    global _BOUND
    pid = os.getpid()
    if limit is None or _BOUND == (pid, limit):
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (OSError, ValueError):
        return
    _BOUND = (pid, limit)


def peak_rss() -> int:
    """The most memory this process has held resident since it started, in bytes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
