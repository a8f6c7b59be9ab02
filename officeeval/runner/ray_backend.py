"""The Ray executor (optional extra ``officeeval[ray]``): the same work items and the same
grading function as the local pool, sent to a Ray cluster.

``address=None`` starts a local Ray with ``jobs`` CPUs (stopped at the end); an address
(``auto``, ``ray://host:10001``, ``host:6379``) connects to an existing cluster, whose
nodes need officeeval installed, the task files at the same paths, and bubblewrap for the
same isolation. Results stream back to the batch process, which alone writes the store.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Iterator

from officeeval.errors import TaskError


class RayLost(Exception):
    """A Ray task failed (its worker died, or the cluster lost it)."""


def available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


class RayExecutor:
    """Run ``fn`` over items on Ray, at most ``jobs`` in flight (one CPU each)."""

    def __init__(self, fn: Callable[[Any], Any], jobs: int, address: str | None = None
                 ) -> None:
        try:
            import ray
        except ImportError as exc:
            raise TaskError("--backend ray needs Ray: pip install 'officeeval[ray]'") from exc
        self.ray = ray
        self.jobs = max(1, jobs)
        self.started_here = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "configure_logging": False}
            if address:
                ray.init(address=address, **kwargs)
            else:
                ray.init(num_cpus=self.jobs, **kwargs)
                self.started_here = True
        self.remote = ray.remote(num_cpus=1, max_retries=0)(fn)

    def imap_unordered(self, items: Iterable[Any],
                       deadline: Callable[[Any], float | None] = lambda _: None
                       ) -> Iterator[tuple[Any, Any]]:
        """Yield ``(item, result or exception)`` as items finish (see ``LocalPool``)."""
        ray = self.ray
        queue = iter(items)
        pending: dict[Any, tuple[Any, float, float | None]] = {}

        def submit() -> None:
            while len(pending) < self.jobs:
                try:
                    item = next(queue)
                except StopIteration:
                    return
                limit = deadline(item)
                now = time.monotonic()
                pending[self.remote.remote(item)] = (item, now, now + limit if limit else None)

        submit()
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            now = time.monotonic()
            for ref in done:
                item, _, _ = pending.pop(ref)
                try:
                    yield item, ray.get(ref)
                except Exception as exc:  # noqa: BLE001 - Ray wraps every remote failure
                    yield item, RayLost(f"{type(exc).__name__}: {exc}")
            for ref, (item, _, end) in list(pending.items()):
                if end is not None and now > end:
                    ray.cancel(ref, force=True)
                    pending.pop(ref)
                    yield item, RayLost("no result within the deadline")
            submit()

    def close(self) -> None:
        if self.started_here:
            self.ray.shutdown()

    terminate = close
