"""Results committed to the store from a thread of their own, within a bounded window.

The batch process receives results while the next programs run; a result waiting for the
next one to arrive before it is committed could wait as long as a program runs (and a
``kill -9`` then loses it). Here a thread owns its own connection to the store and commits
what it was given once ``MAX_RESULTS`` have gathered or the oldest has waited ``MAX_WAIT``
seconds, whatever the batch is doing: a result is on disk within ``MAX_WAIT`` plus one
commit of its arrival (the README states the window measured by
``tests/runner/test_committer.py``). Results finishing close together still share a
transaction (a commit costs about as much as a generation's rows).
"""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

from officeeval.runner.store import Store

_STOP = object()


class Committer:
    """``add`` results (``Store.record_many`` entries); ``close`` commits the rest and
    stops. A store error in the thread is raised by the next ``add`` or by ``close``.
    ``latencies``: seconds from each ``add`` to its commit (for the README's window)."""

    MAX_RESULTS = 16
    MAX_WAIT = 0.5

    def __init__(self, outdir: str | Path) -> None:
        self.outdir = Path(outdir)
        self.queue: queue.Queue = queue.Queue()
        self.error: BaseException | None = None
        self.latencies: list[float] = []
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._main, name="officeeval-committer",
                                       daemon=True)
        self.thread.start()
        self._ready.wait()
        if self.error is not None:
            raise self.error

    def add(self, entry: tuple) -> None:
        """Queue one result for commit; raises the thread's store error, if any."""
        if self.error is not None:
            raise self.error
        self.queue.put((time.monotonic(), entry))

    def close(self) -> None:
        """Commit what is queued and stop the thread; raises its store error, if any."""
        if self.thread.is_alive():
            self.queue.put(_STOP)
            self.thread.join()
        if self.error is not None:
            raise self.error

    def close_quietly(self) -> None:
        """``close`` on the way out of an interruption: a store that cannot write (the
        error being raised may be its own) leaves these to the next run."""
        try:
            self.close()
        except Exception:  # noqa: BLE001 - the original exception is what propagates
            pass

    def _main(self) -> None:
        try:
            store = Store(self.outdir)
        except BaseException as exc:  # noqa: BLE001 - reported to the batch by __init__
            self.error = exc
            self._ready.set()
            return
        self._ready.set()
        pending: list[tuple[float, Any]] = []
        stopping = False
        try:
            while not stopping:
                timeout = None if not pending else \
                    max(0.0, pending[0][0] + self.MAX_WAIT - time.monotonic())
                try:
                    got = self.queue.get(timeout=timeout)
                except queue.Empty:
                    got = None
                if got is _STOP:
                    stopping = True
                elif got is not None:
                    pending.append(got)
                    if len(pending) < self.MAX_RESULTS and \
                            time.monotonic() - pending[0][0] < self.MAX_WAIT:
                        continue
                if pending:
                    store.record_many([entry for _, entry in pending])
                    now = time.monotonic()
                    self.latencies += [now - t for t, _ in pending]
                    pending = []
        except BaseException as exc:  # noqa: BLE001 - raised in the batch's thread
            self.error = exc
        finally:
            store.close()
