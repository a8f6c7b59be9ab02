"""A grading worker's memory: ``--worker-memory`` is the resident memory a worker may hold
while grading, enforced from outside by the pool (``service.pool``: a worker past it is
ended and the document answered ``unevaluable``, the document's loss, never a dead
server). Inside the worker an address-space limit (``RLIMIT_AS``, set once per process) is
the backstop, set higher (``address_space``): a process that meets its own limit inside
libxml2 or CPython may crash rather than raise ``MemoryError`` (measured: a 1,000,000-
paragraph document under a 600 MiB limit segfaults in lxml or aborts in CPython's error
handling, depending on where the allocation fails). Where ``MemoryError`` is raised,
grading still turns it into ``unevaluable`` checks (``scoring.criteria``).

Only the soft limit is set: a program ``/v1/run`` starts from the worker sets limits of
its own (``runner.launch``), which may be higher than the worker's. The peak resident size
decides whether the worker is replaced after a job.
"""

from __future__ import annotations

import resource

from officeeval.cache import ProcessSlot

_BOUND: "ProcessSlot[int]" = ProcessSlot("service.address_space")  # the last limit set here


def address_space(resident: int | None) -> int | None:
    """The address-space backstop for a worker allowed ``resident`` bytes resident: twice
    that plus 1 GiB (the mapped libraries, thread stacks and allocator arenas a process
    reserves without touching), so that the pool's watchdog ends a growing worker first.
    ``None`` for ``None``."""
    return None if resident is None else 2 * resident + 1024 * 1024 * 1024


def bound(limit: int | None) -> None:
    """Limit this process's address space to ``limit`` bytes (``None``: leave it), once
    per process and limit. Never above the hard limit; raises nothing (a limit that cannot
    be set leaves the process as it was)."""
    if limit is None or _BOUND.get() == limit:
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (OSError, ValueError):
        return
    _BOUND.set(limit)


def peak_rss() -> int:
    """The most memory this process has held resident since it started, in bytes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
