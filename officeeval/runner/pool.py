"""The local executor: a small process pool that survives its workers.

``concurrent.futures.ProcessPoolExecutor`` breaks as a whole when one worker dies, and
``multiprocessing.Pool`` loses the task; grading hostile documents needs better: here a
worker that dies (a crash in a native library, the OOM killer) or exceeds its deadline
is replaced, and only its item is reported as failed. Workers are forked from a fork
server that has already imported the grading code, so starting one is cheap; they die
with the batch (PR_SET_PDEATHSIG) and ignore Ctrl-C (the batch process handles it).
"""

from __future__ import annotations

import multiprocessing as mp
import signal
import time
import traceback
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Iterable, Iterator

PRELOAD = ["officeeval.runner.warm"]  # grading imported, rubric XSD and catalog built


class WorkerLost(Exception):
    """The worker running an item died or was killed at its deadline."""


@dataclass
class _Worker:
    process: Any
    conn: Connection
    item: Any = None
    group: Any = None  # the task of its last item (see _Queue)
    started: float = 0.0
    deadline: float | None = None


def _die_with_parent() -> None:
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: BLE001 - best effort; the pipe EOF also ends the worker
        pass


def _worker_main(conn: Connection, fn: Callable[[Any], Any]) -> None:
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):
            return
        if item is None:
            return
        try:
            conn.send((True, fn(item)))
        except Exception as exc:  # noqa: BLE001 - reported to the batch with the traceback
            conn.send((False, f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"))


def _context():
    try:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    except ValueError:
        return mp.get_context("spawn")


def prewarm() -> None:
    """Start the fork server now, so that its preload (≈ 0.5 s: the grading code imported,
    the rubric schema compiled) overlaps whatever the caller does before the pool's first
    worker is needed. Returns at once; a no-op when it runs already or without one."""
    ctx = _context()
    if ctx.get_start_method() == "forkserver":
        from multiprocessing import forkserver
        forkserver.ensure_running()


def start_worker(fn: Callable[[Any], Any], ctx: Any = None) -> tuple[Any, Connection]:
    """Start one worker process running ``fn`` (a module-level function) and return it with
    the connection that feeds it: send an item, receive ``(True, value)`` or ``(False,
    traceback text)``; send ``None`` to end it. It is forked from the fork server (warm),
    dies with its parent and ignores Ctrl-C. The pools of ``batch`` and ``serve`` use it."""
    ctx = ctx or _context()
    here, there = ctx.Pipe(duplex=True)
    p = ctx.Process(target=_worker_main, args=(there, fn), daemon=True)
    p.start()
    there.close()
    return p, here


def stop_worker(process: Any) -> None:
    """Kill a worker started by ``start_worker`` (its sandboxed program dies with it) and
    reap it; never raises."""
    _kill(process)


class LocalPool:
    """``jobs`` worker processes running ``fn``. Use ``imap_unordered``; always ``close``."""

    def __init__(self, fn: Callable[[Any], Any], jobs: int) -> None:
        self.fn = fn
        self.jobs = max(1, jobs)
        self.ctx = _context()
        self.workers: list[_Worker] = []

    def _start(self) -> _Worker:
        return _Worker(*start_worker(self.fn, self.ctx))

    def imap_unordered(self, items: Iterable[Any],
                       deadline: Callable[[Any], float | None] = lambda _: None
                       ) -> Iterator[tuple[Any, Any]]:
        """Yield ``(item, result)`` as items finish; ``result`` is the function's value,
        or an exception: ``WorkerLost`` (died / deadline) or ``RuntimeError`` (the
        function raised; the message holds the traceback)."""
        queue = _Queue(items)
        while len(self.workers) < self.jobs:
            self.workers.append(self._start())
        for w in self.workers:
            self._feed(w, queue, deadline)
        while any(w.item is not None for w in self.workers):
            busy = [w for w in self.workers if w.item is not None]
            timeout = None
            deadlines = [w.deadline for w in busy if w.deadline is not None]
            if deadlines:
                timeout = max(0.0, min(deadlines) - time.monotonic())
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy],
                         timeout=timeout)
            for w in busy:
                item = w.item
                if w.conn in ready:
                    try:
                        ok, value = w.conn.recv()
                    except (EOFError, OSError):
                        w.process.join(1)
                        lost = WorkerLost(f"worker died (exit {w.process.exitcode})")
                        self._replace(w)
                        yield item, lost
                        self._feed(w, queue, deadline)
                        continue
                    w.item = None
                    yield item, (value if ok else RuntimeError(value))
                    self._feed(w, queue, deadline)
                elif w.process.sentinel in ready:
                    code = w.process.exitcode
                    self._replace(w)
                    yield item, WorkerLost(f"worker died (exit {code})")
                    self._feed(w, queue, deadline)
                elif w.deadline is not None and time.monotonic() >= w.deadline:
                    lost = WorkerLost(f"no result within {w.deadline - w.started:.0f} s")
                    self._replace(w)
                    yield item, lost
                    self._feed(w, queue, deadline)

    def _feed(self, w: _Worker, queue: "_Queue",
              deadline: Callable[[Any], float | None]) -> bool:
        others = {o.group for o in self.workers if o is not w and o.item is not None}
        got = queue.take(w.group, others)
        if got is None:
            w.item = None
            return False
        w.group, item = got
        w.item, w.started = item, time.monotonic()
        limit = deadline(item)
        w.deadline = w.started + limit if limit else None
        w.conn.send(item)
        return True

    def _replace(self, w: _Worker) -> None:
        """Kill ``w``'s process (its sandbox dies with it) and start a fresh one in place."""
        _kill(w.process)
        w.conn.close()
        fresh = self._start()
        w.process, w.conn, w.item, w.deadline = fresh.process, fresh.conn, None, None

    def close(self) -> None:
        for w in self.workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                pass
        end = time.monotonic() + 2
        for w in self.workers:
            w.process.join(max(0.0, end - time.monotonic()))
            if w.process.is_alive():
                _kill(w.process)
            w.conn.close()
        self.workers = []

    def terminate(self) -> None:
        for w in self.workers:
            _kill(w.process)
            w.conn.close()
        self.workers = []


class _Queue:
    """The items still to run, grouped by their ``task`` attribute (``None`` for items
    without one) in first-seen order. A worker keeps taking items of the task it ran last
    (its rubric, input and reference documents and shared trees are warm there), else
    starts a task no other busy worker is on, else helps with the first task that has items
    left. Each group keeps its items' order."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.groups: dict[Any, deque] = {}
        for item in items:
            self.groups.setdefault(getattr(item, "task", None), deque()).append(item)

    def take(self, last: Any, busy: set[Any]) -> tuple[Any, Any] | None:
        """``(group, item)`` for a worker whose last item was of group ``last``, while the
        other workers are on ``busy``; ``None`` when nothing is left."""
        if last in self.groups:
            return last, self._pop(last)
        for key in self.groups:
            if key not in busy:
                return key, self._pop(key)
        for key in self.groups:
            return key, self._pop(key)
        return None

    def _pop(self, key: Any) -> Any:
        group = self.groups[key]
        item = group.popleft()
        if not group:
            del self.groups[key]
        return item


def _kill(process: Any) -> None:
    try:
        process.kill()
    except (OSError, ValueError, AttributeError):
        pass
    process.join(5)
