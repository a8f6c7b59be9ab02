"""The service's metrics, rendered in the Prometheus text exposition format (version
0.0.4) at ``/metrics``: counters and a histogram kept here, gauges read when scraped.

Names: ``officeeval_requests_total{endpoint,status}``,
``officeeval_request_seconds{endpoint}`` (histogram), ``officeeval_outcomes_total{app,
outcome}``, ``officeeval_eval_errors_total``, ``officeeval_stored_total``,
``officeeval_worker_restarts_total``, ``officeeval_grading_timeouts_total``,
``officeeval_queue_depth``, ``officeeval_jobs_running``, ``officeeval_queue_capacity``,
``officeeval_workers``, ``officeeval_recalculated_documents_total`` (documents with a
recalculated value), ``officeeval_connections_open``, ``officeeval_connections_waiting``
(for a request head), ``officeeval_connections_closed_total{reason}`` and, when the shared LibreOffice service runs,
``officeeval_recalculations_total`` / ``officeeval_recalculations_reused_total`` /
``officeeval_recalc_instances``.
"""

from __future__ import annotations

import bisect
from typing import Callable, Iterable

BUCKETS = (0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5,
           5.0, 10.0, 30.0, 60.0, 120.0)


def _labels(names: tuple[str, ...], values: tuple[str, ...]) -> str:
    if not names:
        return ""
    inner = ",".join(f'{n}="{_escape(v)}"' for n, v in zip(names, values))
    return "{" + inner + "}"


def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _num(value: float) -> str:
    if value == float("inf"):
        return "+Inf"
    return repr(float(value)) if not float(value).is_integer() else str(int(value))


class Counter:
    def __init__(self, name: str, doc: str, labels: tuple[str, ...] = ()) -> None:
        self.name, self.doc, self.label_names = name, doc, labels
        self.values: dict[tuple[str, ...], float] = {}

    def inc(self, *labels: str, by: float = 1.0) -> None:
        self.values[labels] = self.values.get(labels, 0.0) + by

    def get(self, *labels: str) -> float:
        return self.values.get(labels, 0.0)

    def render(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.doc}"
        yield f"# TYPE {self.name} counter"
        if not self.values and not self.label_names:
            yield f"{self.name} 0"
        for labels, value in sorted(self.values.items()):
            yield f"{self.name}{_labels(self.label_names, labels)} {_num(value)}"


class Histogram:
    def __init__(self, name: str, doc: str, labels: tuple[str, ...] = (),
                 buckets: tuple[float, ...] = BUCKETS) -> None:
        self.name, self.doc, self.label_names = name, doc, labels
        self.buckets = tuple(buckets)
        self.series: dict[tuple[str, ...], list[float]] = {}  # counts per bucket, sum, n

    def observe(self, value: float, *labels: str) -> None:
        s = self.series.get(labels)
        if s is None:
            s = self.series[labels] = [0.0] * (len(self.buckets) + 3)  # +Inf, sum, count
        s[bisect.bisect_left(self.buckets, value)] += 1  # the first bucket with le >= value
        s[-2] += value
        s[-1] += 1

    def render(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.doc}"
        yield f"# TYPE {self.name} histogram"
        for labels, s in sorted(self.series.items()):
            running = 0.0
            for le, count in zip(self.buckets + (float("inf"),), s[:len(self.buckets) + 1]):
                running += count
                yield (f"{self.name}_bucket"
                       f"{_labels(self.label_names + ('le',), labels + (_num(le),))} "
                       f"{_num(running)}")
            yield f"{self.name}_sum{_labels(self.label_names, labels)} {_num(s[-2])}"
            yield f"{self.name}_count{_labels(self.label_names, labels)} {_num(s[-1])}"


class Gauge:
    def __init__(self, name: str, doc: str, read: Callable[[], float | None]) -> None:
        self.name, self.doc, self.read = name, doc, read

    def render(self) -> Iterable[str]:
        value = self.read()
        if value is None:
            return
        yield f"# HELP {self.name} {self.doc}"
        yield f"# TYPE {self.name} gauge"
        yield f"{self.name} {_num(value)}"


class CounterFrom(Gauge):
    """A counter whose value is kept elsewhere (read when scraped)."""

    def render(self) -> Iterable[str]:
        value = self.read()
        if value is None:
            return
        yield f"# HELP {self.name} {self.doc}"
        yield f"# TYPE {self.name} counter"
        yield f"{self.name} {_num(value)}"


class Metrics:
    """The service's metrics. Updated from the event loop only (no locks needed)."""

    def __init__(self) -> None:
        self.requests = Counter("officeeval_requests_total",
                                "HTTP requests answered, by endpoint and status.",
                                ("endpoint", "status"))
        self.latency = Histogram("officeeval_request_seconds",
                                 "Time from a request's arrival to its answer, by endpoint.",
                                 ("endpoint",))
        self.outcomes = Counter("officeeval_outcomes_total",
                                "Graded documents by app and task outcome.",
                                ("app", "outcome"))
        self.eval_errors = Counter("officeeval_eval_errors_total",
                                   "Criteria the evaluator could not judge (eval_error).")
        self.stored = Counter("officeeval_stored_total",
                              "Results written to the results store.")
        self.recalculated = Counter("officeeval_recalculated_documents_total",
                                    "Graded documents with at least one formula value "
                                    "recalculated by LibreOffice.")
        self.connections_closed = Counter(
            "officeeval_connections_closed_total",
            "Connections the server closed before a request: no complete request head in "
            "time (header_timeout), evicted for a newer one (evicted), refused with 503 "
            "(refused).", ("reason",))
        self.extra: list[Gauge] = []

    def gauge(self, name: str, doc: str, read: Callable[[], float | None]) -> None:
        self.extra.append(Gauge(name, doc, read))

    def counter_from(self, name: str, doc: str, read: Callable[[], float | None]) -> None:
        self.extra.append(CounterFrom(name, doc, read))

    def render(self) -> str:
        lines: list[str] = []
        for m in (self.requests, self.latency, self.outcomes, self.eval_errors, self.stored,
                  self.recalculated, self.connections_closed, *self.extra):
            lines.extend(m.render())
        return "\n".join(lines) + "\n"
