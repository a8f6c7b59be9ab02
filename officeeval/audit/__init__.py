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
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Iterable

from officeeval.audit.model import AuditReport, LintWarning, MutantResult, RubricAudit
from officeeval.audit.progress import TerminalProgress
from officeeval.cache import ProcessSlot
from officeeval.rubric.model import Rubric

__all__ = ["audit", "AuditReport", "RubricAudit", "MutantResult", "LintWarning"]

RubricLike = Rubric | str | Path


def audit(rubrics: RubricLike | Iterable[RubricLike], *, reference: str | Path | None = None,
          input: str | Path | None = None, options: dict[str, Any] | None = None,
          min_detection: float = 0.98, jobs: int = 1, mutate: bool = True,
          keep_mutants: str | Path | None = None,
          solutions: str | Path | bool | None = None,
          progress: TerminalProgress | None = None) -> AuditReport:
    """Audit one or several rubrics.

    ``reference`` / ``input`` override the rubric's files (one rubric only).
    ``jobs`` > 1 audits rubrics in parallel processes, the largest first; one rubric's
    mutants are then graded in that many processes. ``mutate=False`` skips mutation
    testing (reference, input and lint only). ``min_detection`` is the pooled detection
    rate below which the report is not clean. ``solutions``: a folder of independent
    solutions (``<rubric id>/*.py`` or ``<rubric id>/solutions/*.py`` in it, or ``*.py``
    for one rubric); ``None`` grades each task's own ``solutions/`` beside its input;
    ``False`` none. ``progress`` hears each rubric's stages.
    """
    from officeeval.audit.runner import audit_rubric
    started = time.perf_counter()
    items = [rubrics] if isinstance(rubrics, (Rubric, str, Path)) else list(rubrics)
    if (reference or input) and len(items) != 1:
        raise ValueError("reference=/input= overrides apply to a single rubric")
    kwargs = dict(reference=reference, input=input, options=options, mutate=mutate,
                  keep_mutants=keep_mutants, solutions=solutions)
    jobs = max(1, jobs)
    if jobs == 1 or len(items) == 1:
        # One recalculation backend for every rubric of the run.
        from officeeval import recalc
        backends = recalc.backends((options or {}).get("recalc"))
        try:
            results = [audit_rubric(r, **kwargs, backends=backends, jobs=jobs,
                                    progress=progress.rubric(_label(r)) if progress else None)
                       for r in items]
        finally:
            backends.close()
    else:
        # The largest first, so that no worker is left with a long rubric at the end.
        order = sorted(range(len(items)), key=lambda i: -_size(items[i]))
        results = [None] * len(items)
        with ProcessPoolExecutor(max_workers=min(jobs, len(items)),
                                 initializer=_start_worker,
                                 initargs=((options or {}).get("recalc"),)) as pool:
            futures = {pool.submit(_audit_one, (items[i], kwargs)): i for i in order}
            for n, fut in enumerate(as_completed(futures), start=1):
                i = futures[fut]
                results[i] = fut.result()
                if progress is not None:
                    progress.rubric(f"{results[i].rubric} ({n}/{len(items)} rubrics)")(
                        "done", len(results[i].mutants), len(results[i].mutants))
    return AuditReport(results, min_detection, time.perf_counter() - started)


def _label(rubric: RubricLike) -> str:
    return rubric.id if isinstance(rubric, Rubric) else Path(str(rubric)).stem


def _size(rubric: RubricLike) -> int:
    """How much auditing ``rubric`` costs, roughly: its text (its checks), four times over
    when it has layout checks (a LibreOffice layout for the mutants they read)."""
    try:
        text = Path(rubric.path if isinstance(rubric, Rubric) else str(rubric)).read_text(
            encoding="utf-8")
    except (OSError, TypeError):
        return 0
    return len(text) * (4 if any(w in text for w in _LAYOUT_WORDS) else 1)


_LAYOUT_WORDS = ('"layout.', '"document.page_count"', 'text_fits"', 'display_fits"',
                 'print_pages"', '"section.page_range"')


# A worker process's recalculation backend, one for every rubric the worker audits (made
# by the pool's initializer in the worker, stopped when the worker exits).
_WORKER_BACKENDS: "ProcessSlot[Any]" = ProcessSlot("audit.worker_backends")


def _start_worker(recalc_option: Any) -> None:
    from multiprocessing.util import Finalize

    from officeeval import recalc
    backends = _WORKER_BACKENDS.set(recalc.backends(recalc_option))
    Finalize(None, backends.close, exitpriority=10)


def _audit_one(arg: tuple[RubricLike, dict]) -> RubricAudit:
    from officeeval.audit.runner import audit_rubric
    rubric, kwargs = arg
    return audit_rubric(rubric, **kwargs, backends=_WORKER_BACKENDS.get())


def default_jobs() -> int:
    """Worker processes for auditing many rubrics: one per CPU."""
    return max(1, os.cpu_count() or 1)
