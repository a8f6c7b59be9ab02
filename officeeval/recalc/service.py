"""Recalculation shared by several grading processes: one pool of LibreOffice instances,
one cache by content.

Each grading process used to start its own LibreOffice (≈ 1.3 s of CPU on this kind of
machine) and recalculate every workbook it met, even one another process had just done. A
``RecalcService`` (run by ``officeeval.recalc.server`` for a batch) does it once:

* results are kept by the workbook's content (``store.workbook_key``: its parts but the
  document properties; the last ``cache_size``; an evicted result's file is deleted), and a workbook being recalculated for one caller is
  waited for by the others, never recalculated twice — failures included, so a hostile
  file that makes LibreOffice time out costs the timeout once;
* the first request starts one instance; another starts, up to ``instances``, only when
  requests have waited for busy instances ``GROW_WAIT`` seconds in all over the last
  ``GROW_WINDOW`` seconds, every instance being up: a few recalculations queue behind each
  other instead of paying a second start-up (≈ 1.3 s of CPU), a steady stream of them (a
  batch of workbooks written by openpyxl) gets an instance per worker, one slow workbook
  gets company after ``GROW_WAIT`` seconds, and nothing grows while an instance is still
  starting.

With a ``store`` (``recalc.store.ResultStore``), results also outlive the service: a
workbook recalculated by an earlier run of the batch is taken from disk (counted in
``reused``) without starting LibreOffice.

The same service lays documents out (``layout``: page facts and a PDF, see
``recalc.pages``), once per content, in the same instances and under the same rules; layouts
are kept for the service's life only.

Thread-safe; every method may be called from the server's connection threads.
"""

from __future__ import annotations

import hashlib
import shutil
import threading
import time
from collections import OrderedDict, deque
from pathlib import Path
from typing import Callable

from officeeval.recalc.libreoffice import LibreOfficeBackend, RecalcError
from officeeval.recalc.store import ResultStore, cached_version, workbook_key


class RecalcService:
    """See the module docstring. ``recalculate`` raises ``RecalcError`` like
    ``LibreOfficeBackend.recalculate``."""

    GROW_WAIT = 1.5
    GROW_WINDOW = 5.0

    def __init__(self, soffice: str, timeout: float = 60.0, instances: int = 1,
                 cache_size: int = 1024,
                 factory: Callable[..., LibreOfficeBackend] = LibreOfficeBackend,
                 store: ResultStore | None = None) -> None:
        self.soffice = soffice
        self.store = store
        self.factory = factory  # how an instance is made (tests give a stand-in)
        self.timeout = timeout
        self.instances = max(1, instances)
        self.cache_size = max(1, cache_size)
        self.recalculations = 0
        self._cond = threading.Condition()
        self._all: list[LibreOfficeBackend] = []
        self._idle: list[LibreOfficeBackend] = []
        self._starting = 0
        self._warm: set[int] = set()  # ids of instances that have done a job (so are up)
        self._waits: deque[tuple[float, float]] = deque()  # (when, how long) a request waited
        self._done: OrderedDict[str, Path | RecalcError] = OrderedDict()
        self._running: dict[str, threading.Event] = {}
        self._closed = False

    @property
    def version(self) -> str | None:
        """The LibreOffice version this service recalculates with (``soffice --version``,
        asked once); ``None`` when it cannot be read."""
        return cached_version(self.soffice)

    @property
    def started(self) -> int:
        """How many LibreOffice instances this service has made (for tests and benches)."""
        with self._cond:
            return len(self._all)

    def prestart(self) -> threading.Thread:
        """Start the first instance in the background (a batch that will need it overlaps
        LibreOffice's start-up with other work), unless the store holds results of an
        earlier run (a re-run may need none). Returns the thread; failures are left for the
        first request to meet again."""
        def run() -> None:
            if self.store is not None and self.store.holds_any():
                return
            try:
                inst = self._acquire()
            except RecalcError:
                return
            try:
                inst.start()
            except RecalcError:
                pass
            finally:
                self._release(inst)
        thread = threading.Thread(target=run, name="recalc-prestart", daemon=True)
        thread.start()
        return thread

    def recalculate(self, path: Path) -> Path:
        """A recalculated copy of ``path`` (see ``LibreOfficeBackend.recalculate``)."""
        digest = workbook_key(Path(path).read_bytes())
        return self._once(digest, lambda: self._run(path), stored=True)

    def layout(self, path: Path, mark_prefix: str = "") -> Path:
        """The layout folder of the document at ``path`` (see
        ``LibreOfficeBackend.layout``), made once per content and marks."""
        digest = hashlib.sha256(Path(path).read_bytes() + b"\0layout\0"
                                + mark_prefix.encode()).hexdigest()
        return self._once("layout-" + digest,
                          lambda: self._with_instance(lambda i: i.layout(path, mark_prefix)),
                          stored=False)

    def _once(self, digest: str, compute: Callable[[], Path], stored: bool) -> Path:
        """``compute()`` for this key once, whoever asks and however many ask at once;
        a failure is remembered like a result."""
        while True:
            with self._cond:
                known = self._done.get(digest)
                if isinstance(known, RecalcError):
                    raise type(known)(str(known))  # the same kind: the document's or ours
                if known is not None and known.exists():
                    self._done.move_to_end(digest)
                    return known
                event = self._running.get(digest)
                if event is None:
                    event = self._running[digest] = threading.Event()
                    break
            event.wait()
        result: Path | RecalcError | None = None
        store = self.store if stored else None
        try:
            result = store.get(digest) if store is not None else None
            if result is None:
                result = compute()
                if store is not None:
                    store.put(digest, result)
        except RecalcError as exc:
            result = exc
        finally:
            # Remembered and no longer running in one step: a request arriving in between
            # would otherwise start the same work again. Anything else raised (an
            # unreadable input) is not remembered: waiters then try it themselves.
            with self._cond:
                self._running.pop(digest, None)
                if result is not None:
                    self._remember(digest, result)
            event.set()
        if isinstance(result, RecalcError):
            raise result
        return result

    def close(self) -> None:
        """Stop every instance and remove their files; later requests raise."""
        with self._cond:
            self._closed = True
            instances, self._all, self._idle = list(self._all), [], []
            self._warm.clear()
            self._cond.notify_all()
        for inst in instances:
            inst.close()

    # ------------------------------------------------------------------ internals
    def _run(self, path: Path) -> Path:
        out = self._with_instance(lambda inst: inst.recalculate(path))
        with self._cond:
            self.recalculations += 1
        return out

    def _with_instance(self, job: Callable[[LibreOfficeBackend], Path]) -> Path:
        inst = self._acquire()
        try:
            out = job(inst)
        finally:
            self._release(inst)
        return out

    def _remember(self, digest: str, result: Path | RecalcError) -> None:
        self._done[digest] = result
        while len(self._done) > self.cache_size:
            _, old = self._done.popitem(last=False)
            if isinstance(old, Path) and not (self.store is not None and self.store.owns(old)):
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
                else:
                    old.unlink(missing_ok=True)

    def _acquire(self) -> LibreOfficeBackend:
        began = time.monotonic()
        waited = False
        with self._cond:
            while True:
                if self._closed:
                    raise RecalcError("the recalculation service is closed")
                if self._idle:
                    if waited:
                        self._waits.append((time.monotonic(), time.monotonic() - began))
                    return self._idle.pop()
                count = len(self._all) + self._starting
                all_up = self._starting == 0 and len(self._warm) == len(self._all)
                now = time.monotonic()
                pressure = self._recent_wait(now) + (now - began)
                if count == 0 or (count < self.instances and all_up
                                  and pressure >= self.GROW_WAIT):
                    self._starting += 1
                    self._waits.clear()  # the next one needs fresh evidence
                    break
                left = self.GROW_WAIT - pressure
                # Without room to grow, or while one starts, only a release can help.
                self._cond.wait(None if count >= self.instances or not all_up
                                else max(left, 0.01))
                waited = True
        try:
            inst = self.factory(self.soffice, timeout=self.timeout)
        except OSError as exc:
            with self._cond:
                self._starting -= 1
                self._cond.notify()
            raise RecalcError(f"cannot prepare LibreOffice: {exc}") from exc
        with self._cond:
            self._starting -= 1
            self._all.append(inst)
        return inst

    def _recent_wait(self, now: float) -> float:
        while self._waits and self._waits[0][0] < now - self.GROW_WINDOW:
            self._waits.popleft()
        return sum(d for _, d in self._waits)

    def _release(self, inst: LibreOfficeBackend) -> None:
        with self._cond:
            if self._closed:
                closed = True
            else:
                closed = False
                self._warm.add(id(inst))
                self._idle.append(inst)
                self._cond.notify_all()
        if closed:
            inst.close()
