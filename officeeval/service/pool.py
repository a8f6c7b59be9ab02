"""The service's side of the grading workers: the batch's worker processes
(``runner.pool.start_worker``), fed from an asyncio event loop.

* A bounded queue: a request is accepted while a worker is idle or fewer than ``queue``
  requests wait; otherwise ``submit`` raises ``QueueFull`` at once (the server answers 429
  with ``Retry-After``), so load beyond capacity costs the server almost nothing.
* Deadlines: a job still running after its time limit has its worker killed (its sandboxed
  program dies with it) and replaced; the job fails with ``JobLost``.
* A worker that dies (a crash in a native library, the OOM killer) is replaced and only its
  job fails.
* Fairness: a job may belong to a ``lane`` with a cap on the workers it holds at once (the
  service caps inline-rubric jobs, so that slow ones of a client's own rubric leave a
  worker to the tasks), and has an ``owner`` (the client's address): a free worker takes
  the waiting job whose owner has the fewest jobs running, among equals the one whose owner
  was served longest ago, then the oldest (one worker alternates between owners).
* Recycling: a worker is replaced after a job whose result asks for it (``retire``: the
  service's workers do when their peak memory passed a threshold) and after ``max_jobs``
  jobs, so that what a worker accumulates does not stay. Results are read when the worker's
  pipe is readable (``loop.add_reader``), so there is no thread.
* Memory: a job may carry a resident-memory limit (``rss_limit``). While such jobs run, the
  pool reads their workers' resident size from ``/proc`` every 50 ms and kills a worker
  past its job's limit, from outside: a process that runs out of address space inside
  libxml2 or CPython may crash instead of raising ``MemoryError``, so the limit is enforced
  before the process's own one is reached. The job is then given to a fresh worker as
  ``on_memory(item)`` (the service grades it as a document that exhausted the grader's
  memory) and counted as a recycle, not a restart.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Callable

from officeeval.runner.pool import start_worker, stop_worker


class QueueFull(Exception):
    """Every worker is busy and the queue is full; ``retry_after`` is a fair wait in
    whole seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"queue full; retry after {retry_after} s")
        self.retry_after = retry_after


class JobLost(Exception):
    """The job's worker died, or was killed at the job's deadline (``timed_out``)."""

    def __init__(self, message: str, timed_out: bool = False) -> None:
        super().__init__(message)
        self.timed_out = timed_out


class JobFailed(Exception):
    """The job's function raised in the worker (a fault of ours); the message holds the
    worker's traceback."""


class PoolClosed(Exception):
    """The pool is shutting down."""


@dataclass(eq=False)
class _Job:
    item: Any
    future: asyncio.Future
    limit: float
    on_finish: Callable[[], None] | None = None
    lane: str | None = None
    owner: str = ""
    queued: float = field(default_factory=time.monotonic)

    def finish(self) -> None:
        """The worker is done with the item (or it never reached one): call ``on_finish``
        once. Cancelling the future does not: a worker may still be reading the item."""
        done, self.on_finish = self.on_finish, None
        if done is not None:
            done()


@dataclass(eq=False)
class _Slot:
    process: Any
    conn: Any
    job: _Job | None = None
    timer: asyncio.TimerHandle | None = None
    started: float = 0.0
    done: int = 0  # jobs its current worker finished


class AsyncPool:
    """``jobs`` workers running ``fn``; at most ``queue`` jobs wait. Call ``start`` inside
    the event loop, ``submit`` to grade, ``close`` at the end. ``retire(value)``: whether
    the worker that returned ``value`` is to be replaced; ``max_jobs``: replace a worker
    after that many jobs (``None``: never). ``lanes``: the most workers the jobs of each
    lane may hold at once."""

    def __init__(self, fn: Callable[[Any], Any], jobs: int, queue: int,
                 retire: Callable[[Any], bool] | None = None,
                 max_jobs: int | None = None,
                 lanes: dict[str, int] | None = None,
                 rss_limit: Callable[[Any], int | None] | None = None,
                 on_memory: Callable[[Any], Any] | None = None) -> None:
        self.fn = fn
        self.rss_limit = rss_limit
        self.on_memory = on_memory
        self.memory_kills = 0
        self._poller: asyncio.TimerHandle | None = None
        self.jobs = max(1, jobs)
        self.queue = max(0, queue)
        self.lanes = dict(lanes or {})
        self._served: OrderedDict[str, float] = OrderedDict()  # owner -> last dispatch
        self.retire = retire
        self.max_jobs = max_jobs
        self.recycles = 0
        self.waiting: deque[_Job] = deque()
        self.slots: list[_Slot] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        self.restarts = 0
        self.timeouts = 0
        self._mean_seconds = 0.0  # moving mean of a job's time in a worker

    async def start(self) -> None:
        """Start the workers (forked from the warm fork server; the first start waits for
        its preload, ≈ 0.5-1 s)."""
        self.loop = asyncio.get_running_loop()
        started = await self.loop.run_in_executor(
            None, lambda: [start_worker(self.fn) for _ in range(self.jobs)])
        for process, conn in started:
            slot = _Slot(process, conn)
            self.slots.append(slot)
            self._watch(slot)

    # ------------------------------------------------------------------ public
    @property
    def running(self) -> int:
        return sum(1 for s in self.slots if s.job is not None)

    @property
    def depth(self) -> int:
        """Jobs waiting for a worker."""
        return len(self.waiting)

    def submit(self, item: Any, limit: float,
               on_finish: Callable[[], None] | None = None, lane: str | None = None,
               owner: str = "") -> asyncio.Future:
        """Queue ``item``; the future gets the function's value, or ``JobLost`` /
        ``JobFailed`` / ``PoolClosed``. ``on_finish`` is called once no worker will touch
        the item any more (e.g. to remove its files), even when the future was cancelled.
        ``lane`` and ``owner``: see the class. Raises ``QueueFull`` (nothing queued) or
        ``PoolClosed`` at once."""
        if self.closed or self.loop is None:
            raise PoolClosed("the service is shutting down")
        job = _Job(item, self.loop.create_future(), limit, on_finish, lane, owner)
        # Every waiting job is held back by its lane whenever a worker is idle (a job that
        # could start, started), so a new job may start now only by its own lane's room.
        idle = next((s for s in self.slots if s.job is None), None)
        if idle is not None and self._room(lane):
            self._dispatch(idle, job)
        elif len(self.waiting) >= self.queue:
            raise QueueFull(self.retry_after())
        else:
            self.waiting.append(job)
        return job.future

    def retry_after(self) -> int:
        """Seconds until a worker is likely to take the next waiting job (which frees a
        place in the queue), at least 1: for each running job, what it is likely to have
        left — the rest of the mean time per job, or as long again as it has run already
        when it has run longer (a worker stuck on a slow job is not about to be free) —
        but never past its deadline; the soonest of these."""
        now = time.monotonic()
        ends = []
        for slot in self.slots:
            if slot.job is None:
                return 1
            ran = now - slot.started
            likely = max(self._mean_seconds - ran, ran)
            ends.append(min(likely, slot.job.limit - ran))
        return max(1, math.ceil(min(ends, default=1.0)))

    async def close(self) -> None:
        """Fail the waiting jobs, end the workers (idle ones politely, busy ones killed)."""
        self.closed = True
        while self.waiting:
            job = self.waiting.popleft()
            if not job.future.done():
                job.future.set_exception(PoolClosed("the service is shutting down"))
            job.finish()
        slots, self.slots = self.slots, []
        for slot in slots:
            self._unwatch(slot)
            if slot.job is not None and not slot.job.future.done():
                slot.job.future.set_exception(PoolClosed("the service is shutting down"))
            try:
                if slot.job is None:
                    slot.conn.send(None)
            except (OSError, ValueError):
                pass
        assert self.loop is not None
        await self.loop.run_in_executor(None, _end, slots)
        for slot in slots:
            if slot.job is not None:
                slot.job.finish()

    # ------------------------------------------------------------------ internals
    def _watch(self, slot: _Slot) -> None:
        assert self.loop is not None
        self.loop.add_reader(slot.conn.fileno(), self._readable, slot)
        self.loop.add_reader(slot.process.sentinel, self._exited, slot)

    def _unwatch(self, slot: _Slot) -> None:
        assert self.loop is not None
        for fd in (slot.conn.fileno(), slot.process.sentinel):
            try:
                self.loop.remove_reader(fd)
            except (OSError, ValueError):
                pass
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None

    def _dispatch(self, slot: _Slot, job: _Job) -> None:
        assert self.loop is not None
        slot.job, slot.started = job, time.monotonic()
        self._served[job.owner] = slot.started
        self._served.move_to_end(job.owner)
        while len(self._served) > 4096:  # owners are client addresses: bounded
            self._served.popitem(last=False)
        slot.timer = self.loop.call_later(job.limit, self._expired, slot, job)
        if self._poller is None and self._limit_of(job) is not None:
            self._poller = self.loop.call_later(_POLL, self._poll)
        try:
            slot.conn.send(job.item)
        except (OSError, ValueError):
            self._lose(slot, "the worker could not take the job (it died)")

    def _limit_of(self, job: _Job) -> int | None:
        return self.rss_limit(job.item) if self.rss_limit is not None else None

    def _poll(self) -> None:
        """Kill each worker whose resident size passed its job's limit; poll again while a
        job with a limit runs."""
        self._poller = None
        if self.closed:
            return
        watched = False
        for slot in list(self.slots):
            job = slot.job
            limit = self._limit_of(job) if job is not None else None
            if job is None or limit is None:
                continue
            watched = True
            if resident_bytes(slot.process.pid) > limit:
                self._over_memory(slot, job)
        if watched and self._poller is None and self.loop is not None:
            self._poller = self.loop.call_later(_POLL, self._poll)

    def _over_memory(self, slot: _Slot, job: _Job) -> None:
        """``slot``'s worker held more than its job allows: end it, start a fresh one and
        give it the job's substitute (``on_memory``); without one the job is lost."""
        slot.job = None
        self.memory_kills += 1
        self.recycles += 1
        self._replace(slot)
        substitute = self.on_memory(job.item) if self.on_memory is not None else None
        if substitute is None or job.future.done():
            job.finish()
            if not job.future.done():
                job.future.set_exception(JobLost("the worker passed its memory limit"))
            self._next(slot)
            return
        job.item = substitute
        self._dispatch(slot, job)

    def _next(self, slot: _Slot) -> None:
        """Give ``slot``'s idle worker the waiting job its lane allows whose owner has the
        fewest jobs running, then was served longest ago, then the oldest; cancelled jobs
        are dropped."""
        if self.closed:
            return
        for job in [j for j in self.waiting if j.future.done()]:
            self.waiting.remove(job)  # a cancelled request is not graded
            job.finish()
        running: dict[str, int] = {}
        for s in self.slots:
            if s.job is not None:
                running[s.job.owner] = running.get(s.job.owner, 0) + 1
        best = None
        for i, job in enumerate(self.waiting):
            if not self._room(job.lane):
                continue
            key = (running.get(job.owner, 0), self._served.get(job.owner, -1.0), i)
            if best is None or key < best[0]:
                best = (key, job)
        if best is not None:
            self.waiting.remove(best[1])
            self._dispatch(slot, best[1])

    def _room(self, lane: str | None) -> bool:
        cap = self.lanes.get(lane) if lane is not None else None
        return cap is None or sum(1 for s in self.slots
                                  if s.job is not None and s.job.lane == lane) < cap

    def _readable(self, slot: _Slot) -> None:
        try:
            ok, value = slot.conn.recv()
        except (EOFError, OSError):
            self._lose(slot, f"worker died (exit {slot.process.exitcode})")
            return
        except Exception as exc:  # noqa: BLE001 - an unpicklable answer: still one job lost
            self._lose(slot, f"unreadable answer from the worker: {exc}")
            return
        job, slot.job = slot.job, None
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None
        slot.done += 1
        if job is not None:
            job.finish()
            spent = time.monotonic() - slot.started
            self._mean_seconds = spent if not self._mean_seconds else \
                0.9 * self._mean_seconds + 0.1 * spent
            if not job.future.done():
                if ok:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(JobFailed(str(value)))
        if not self.closed and ((ok and self.retire is not None and self.retire(value))
                                or (self.max_jobs is not None
                                    and slot.done >= self.max_jobs)):
            self._replace(slot)
            self.recycles += 1
        self._next(slot)

    def _exited(self, slot: _Slot) -> None:
        self._lose(slot, f"worker died (exit {slot.process.exitcode})")

    def _expired(self, slot: _Slot, job: _Job) -> None:
        if slot.job is job:
            self.timeouts += 1
            self._lose(slot, f"no result within {job.limit:g} s: the worker was killed",
                       timed_out=True)

    def _lose(self, slot: _Slot, why: str, timed_out: bool = False) -> None:
        """Kill ``slot``'s worker, fail its job, start a fresh worker in its place."""
        self._end_worker(slot)
        job, slot.job = slot.job, None
        if job is not None:
            job.finish()
            if not job.future.done():
                job.future.set_exception(JobLost(why, timed_out))
        if self.closed:
            return
        self._start_in(slot)
        self.restarts += 1
        self._next(slot)

    def _replace(self, slot: _Slot) -> None:
        """End ``slot``'s worker (idle, or one whose job was taken off it) and start a
        fresh one in its place."""
        self._end_worker(slot)
        self._start_in(slot)

    def _end_worker(self, slot: _Slot) -> None:
        """Stop watching ``slot``'s worker, kill and reap it, close its pipe."""
        self._unwatch(slot)
        stop_worker(slot.process)
        try:
            slot.conn.close()
        except OSError:
            pass

    def _start_in(self, slot: _Slot) -> None:
        slot.process, slot.conn = start_worker(self.fn)
        slot.done = 0
        self._watch(slot)


_POLL = 0.05  # seconds between two reads of the busy workers' resident sizes
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes(pid: int) -> int:
    """The resident size of process ``pid`` in bytes (``/proc/<pid>/statm``); 0 when it
    cannot be read (the process is gone, or no ``/proc``)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def _end(slots: list[_Slot]) -> None:
    deadline = time.monotonic() + 2.0
    for slot in slots:
        if slot.job is None:
            slot.process.join(max(0.0, deadline - time.monotonic()))
        stop_worker(slot.process)
        try:
            slot.conn.close()
        except OSError:
            pass
