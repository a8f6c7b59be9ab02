"""One rubric's mutants graded by several processes.

The mutants of a rubric are planned once, in the audit's process, as closures over the
reference's views (``Mutation.apply``): they cannot be pickled, and planning them again in
each worker would cost what the workers save. ``map_forked`` therefore forks its workers
after planning (the ``fork`` start method): each inherits the planned mutants, the
workspace and the shared LibreOffice results made so far (``shared_results``), grades the
items it is handed, and sends back only the results (which must pickle). Results come back
in item order, so the audit reads the same whatever the number of workers.

A worker grades with a ``Grader`` of its own (the parent's keeps documents open, and an
open zip shared by two processes would have its offset moved under it) and a LibreOffice
of its own, started only if one of its mutants needs one (``recalc.Recalculation`` forgets
its parent's after a fork) and stopped when the worker ends.

Where ``fork`` does not exist (Windows, macOS defaults aside), or for one worker, the items
are graded in this process, one by one.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Callable

from officeeval.cache import ProcessSlot

# The work of a worker of ``map_forked``: handed to it when it is forked (the pool's
# initializer; a fork passes it without pickling) and set in the worker only.
_WORK: "ProcessSlot[Callable[[int], Any]]" = ProcessSlot("audit.forked_work")


def can_fork() -> bool:
    """Whether workers can be forked here."""
    return "fork" in multiprocessing.get_all_start_methods()


def map_forked(work: Callable[[int], Any], count: int, jobs: int,
               setup: Callable[[], None] | None = None,
               on_done: Callable[[int], None] | None = None) -> list[Any]:
    """``[work(0), …, work(count - 1)]``, computed by up to ``jobs`` forked processes.
    ``setup()`` runs once in each worker before its first item; ``on_done(n)`` is told how
    many are done as results arrive (in this process). An exception raised by ``work``
    propagates (the audit's ``work`` catches what a mutant may raise)."""
    jobs = max(1, min(jobs, count))
    if jobs == 1 or not can_fork():
        out = []
        for i in range(count):
            out.append(work(i))
            if on_done is not None:
                on_done(i + 1)
        return out
    # Small chunks, interleaved: mutants of one kind (a slide's, a sheet's) cost alike and
    # come together, and a worker that drew slow ones takes fewer.
    size = max(1, count // (jobs * 8))
    chunks = [list(range(start, min(start + size, count))) for start in range(0, count, size)]
    results: list[Any] = [None] * count
    done = 0
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                             initializer=_start, initargs=(work, setup)) as pool:
        pending = {pool.submit(_run_chunk, chunk) for chunk in chunks}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                for i, value in fut.result():
                    results[i] = value
                    done += 1
            if on_done is not None:
                on_done(done)
    return results


def _start(work: Callable[[int], Any], setup: Callable[[], None] | None) -> None:
    """A worker's start: its work set, then ``setup()`` once, before its first item."""
    _WORK.set(work)
    if setup is not None:
        setup()


def _run_chunk(chunk: list[int]) -> list[tuple[int, Any]]:
    work = _WORK.get()
    assert work is not None, "map_forked's work is set when its workers start"
    return [(i, work(i)) for i in chunk]
