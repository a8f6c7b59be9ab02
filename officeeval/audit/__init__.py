"""Rubric fidelity: every criterion must be able to fail, and pass for the right reason.

Quick use::

    from officeeval.audit import audit
    report = audit("rubrics/word-l1-notice.xml")
    print(report.clean, report.detection_rate)
    for r in report.rubrics:
        print(r.rubric, r.reference_score, [m.description for m in r.survivors])

``audit`` accepts one rubric (a path or a loaded ``Rubric``) or several, and returns an
``AuditReport``. It never raises for a bad rubric or a missing file: that rubric's audit
carries ``error``.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterable

from officeeval.audit.model import AuditReport, LintWarning, MutantResult, RubricAudit
from officeeval.rubric.model import Rubric

__all__ = ["audit", "AuditReport", "RubricAudit", "MutantResult", "LintWarning"]

RubricLike = Rubric | str | Path


def audit(rubrics: RubricLike | Iterable[RubricLike], *, reference: str | Path | None = None,
          input: str | Path | None = None, options: dict[str, Any] | None = None,
          min_detection: float = 0.98, jobs: int = 1, mutate: bool = True,
          keep_mutants: str | Path | None = None,
          solutions: str | Path | bool | None = None) -> AuditReport:
    """Audit one or several rubrics.

    ``reference`` / ``input`` override the rubric's own files (one rubric only).
    ``jobs`` > 1 audits rubrics in parallel processes. ``mutate=False`` skips mutation
    testing (reference, input and lint only). ``min_detection`` is the pooled detection
    rate below which the report is not clean. ``solutions``: a folder of independent
    solutions (``<rubric id>/*.py`` or ``<rubric id>/solutions/*.py`` in it, or ``*.py``
    for one rubric); ``None`` grades each task's own ``solutions/`` beside its input;
    ``False`` none.
    """
    from officeeval.audit.runner import audit_rubric
    started = time.perf_counter()
    items = [rubrics] if isinstance(rubrics, (Rubric, str, Path)) else list(rubrics)
    if (reference or input) and len(items) != 1:
        raise ValueError("reference=/input= overrides apply to a single rubric")
    kwargs = dict(reference=reference, input=input, options=options, mutate=mutate,
                  keep_mutants=keep_mutants, solutions=solutions)
    jobs = max(1, min(jobs, len(items)))
    if jobs == 1:
        # One recalculation backend for every rubric of the run.
        from officeeval import recalc
        backends = recalc.backends((options or {}).get("recalc"))
        try:
            results = [audit_rubric(r, **kwargs, backends=backends) for r in items]
        finally:
            backends.close()
    else:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker,
                                 initargs=((options or {}).get("recalc"),)) as pool:
            results = list(pool.map(_audit_one, [(r, kwargs) for r in items]))
    return AuditReport(results, min_detection, time.perf_counter() - started)


# A worker process's recalculation backend, one for every rubric the worker audits (made
# by the pool's initializer in the worker, stopped when the worker exits).
_WORKER_BACKENDS = None


def _start_worker(recalc_option: Any) -> None:
    global _WORKER_BACKENDS
    from multiprocessing.util import Finalize

    from officeeval import recalc
    _WORKER_BACKENDS = recalc.backends(recalc_option)
    Finalize(None, _WORKER_BACKENDS.close, exitpriority=10)


def _audit_one(arg: tuple[RubricLike, dict]) -> RubricAudit:
    from officeeval.audit.runner import audit_rubric
    rubric, kwargs = arg
    return audit_rubric(rubric, **kwargs, backends=_WORKER_BACKENDS)


def default_jobs() -> int:
    """Worker processes for auditing many rubrics: one per CPU."""
    return max(1, os.cpu_count() or 1)
