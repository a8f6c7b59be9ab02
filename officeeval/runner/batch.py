"""Grade a whole manifest: plan (tasks, manifest lines, what the store already holds), run
the work on an executor (local process pool or Ray), store each result as it finishes.

Resuming: results are committed as they finish (a few that finish close together share a
transaction; see ``_Pending``), so after an interruption (Ctrl-C, ``kill -9``) the same
command grades only what is missing; ``rerun`` grades everything again (replacing rows).
A manifest line whose code changed since it was graded has a new key: its old row is
deleted and it is graded afresh, so the store holds exactly one row per (task, model,
sample) of the manifest.
"""

from __future__ import annotations

import difflib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from officeeval.errors import RubricError, TaskError
from officeeval.runner.grading import ItemResult, WorkItem, grade_item
from officeeval.runner.limits import Limits
from officeeval.runner.manifest import Manifest, ManifestLine, read_manifest
from officeeval.runner.sandbox import SandboxConfig
from officeeval.runner.store import GenerationMeta, Store
from officeeval.runner.tasks import Task, TaskRegistry, default_locations
from officeeval.runner.turns import turn_rows

if TYPE_CHECKING:
    from officeeval.recalc.server import ServiceProcess

GRADING_BUDGET = 300.0  # seconds a worker may take beyond the program's own time limit


@dataclass(frozen=True)
class BatchOptions:
    """How to run a batch. ``tasks``: rubric directories/files (default: ``rubrics/`` by the
    current directory and by the manifest). ``jobs``: parallel workers (default: CPUs)."""

    jobs: int = 0
    backend: str = "local"
    ray_address: str | None = None
    rerun: bool = False
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    tasks: tuple[str, ...] = ()
    recalc: bool = False
    keep_outputs: bool = True

    @property
    def workers(self) -> int:
        return self.jobs if self.jobs > 0 else (os.cpu_count() or 1)


@dataclass
class Plan:
    manifest: Manifest
    registry: TaskRegistry
    lines: list[ManifestLine]
    todo: list[ManifestLine]
    rubric_errors: dict[str, RubricError]
    stale: list[str]


@dataclass
class BatchResult:
    """What happened. ``errors``: items that could not be graded (ours; not stored)."""

    outdir: Path
    total: int
    skipped: int
    graded: int
    errors: list[tuple[ManifestLine, str]]
    manifest_issues: list[tuple[int, str]]
    rubric_errors: dict[str, RubricError]
    eval_errors: int
    worker_cpu: float = 0.0  # CPU seconds the workers spent grading (not the programs')
    recalc: dict[str, int] = field(default_factory=dict)  # the shared LibreOffice's stats


class Progress:
    """Callbacks a progress display implements (the default shows nothing)."""

    def start(self, total: int, done: int) -> None: ...

    def advance(self, outcome: str | None, eval_errors: int) -> None: ...

    def stop(self) -> None: ...


def plan(manifest_path: Path, store: Store, options: BatchOptions) -> Plan:
    """Read the manifest against the task registry and the store. Raises ``TaskError`` when
    the manifest cannot be read."""
    locations = list(options.tasks) or [str(p) for p in default_locations(manifest_path)]
    registry = TaskRegistry.scan(locations)
    rubric_errors: dict[str, RubricError] = {}
    manifest = read_manifest(manifest_path, _line_checker(registry, rubric_errors))
    stored = store.identities()
    stale = [stored[(ln.task, ln.model, ln.sample)] for ln in manifest.lines
             if stored.get((ln.task, ln.model, ln.sample), ln.key) != ln.key]
    done = set(stored.values()) - set(stale)
    todo = list(manifest.lines) if options.rerun else \
        [ln for ln in manifest.lines if ln.key not in done]
    return Plan(manifest, registry, manifest.lines, todo, rubric_errors, stale)


def _line_checker(registry: TaskRegistry, rubric_errors: dict[str, RubricError]
                  ) -> Callable[[ManifestLine], str | None]:
    def check(line: ManifestLine) -> str | None:
        if line.rubric:
            try:
                task = registry.add_rubric(Path(line.rubric))
            except TaskError as exc:
                return str(exc)
            if task.id != line.task:
                return f"rubric {line.rubric} defines task {task.id!r}, not {line.task!r}"
        task = registry.get(line.task)
        if task is None:
            hint = difflib.get_close_matches(line.task, list(registry.tasks), n=1)
            return f"unknown task {line.task!r}" + (f"; did you mean {hint[0]!r}?"
                                                     if hint else "")
        if task.error is not None:
            rubric_errors[task.id] = task.error
            return f"task {task.id!r}: its rubric {task.path} is invalid " \
                   f"({len(task.error.issues)} problem(s))"
        if line.source != "output":
            missing = [f"{role} {p}" for role, p, ok in task.files()
                       if not ok and role != "reference"]
            if missing:
                return f"task {task.id!r}: missing {', '.join(missing)}"
        return None
    return check


def work_item(line: ManifestLine, task: Task, options: BatchOptions, outdir: Path,
              recalc_service: tuple[str, float] | None = None) -> WorkItem:
    return WorkItem(
        key=line.key, task=line.task, source=line.source, payload=line.payload,
        rubric_path=str(task.path), output_name=task.output_name,
        files=tuple(str(p) for p in task.sandbox_files()),
        limits=options.limits.merged(line.limits), sandbox=options.sandbox,
        options={"recalc": True} if options.recalc else {},
        keep_dir=str(outdir / "documents") if options.keep_outputs else None,
        recalc_service=recalc_service, turns=line.turn_answers)


def _deadline(item: WorkItem) -> float:
    # A feedback-loop generation runs the program of each turn (turns.py): one time limit
    # per program.
    programs = max(1, len(item.turns)) if item.source != "output" else 0
    return GRADING_BUDGET + item.limits.timeout * programs


def _executor(options: BatchOptions, fn: Callable[[WorkItem], ItemResult]) -> Any:
    if options.backend == "ray":
        from officeeval.runner.ray_backend import RayExecutor
        return RayExecutor(fn, options.workers, options.ray_address)
    if options.backend != "local":
        raise TaskError(f"unknown backend {options.backend!r} (local or ray)")
    from officeeval.runner.pool import LocalPool
    return LocalPool(fn, options.workers)


def run_batch(manifest_path: str | Path, outdir: str | Path, options: BatchOptions,
              progress: Progress | None = None) -> BatchResult:
    """Grade every line of the manifest not yet in OUTDIR's store. Raises ``TaskError``
    for an unreadable manifest or an unknown backend; ``KeyboardInterrupt`` passes through
    after the workers are stopped (what finished is stored)."""
    outdir = Path(outdir)
    progress = progress or Progress()
    if options.backend == "local":
        from officeeval.runner.pool import prewarm
        prewarm()  # its preload runs while the batch plans
    with Store(outdir) as store:
        p = plan(Path(manifest_path), store, options)
        store.set_manifest_issues(p.manifest.issues)
        store.delete(p.stale)
        by_key = {ln.key: ln for ln in p.lines}
        service = _recalc_service(p, options, outdir)
        address = (service.address, _service_wait()) if service is not None else None
        # Grouped by task: a worker keeps the task's rubric, input and reference loaded.
        # Excel last while the recalculation service starts LibreOffice in the background.
        todo = sorted(p.todo, key=lambda ln: (service is not None and _is_excel(p, ln),
                                              ln.task, ln.line))
        items = [work_item(ln, p.registry.tasks[ln.task], options, outdir, address)
                 for ln in todo]
        result = BatchResult(outdir, len(p.lines), len(p.lines) - len(p.todo), 0, [],
                             p.manifest.issues, p.rubric_errors, 0)
        progress.start(len(p.lines), result.skipped)
        try:
            _run(items, options, store, p, by_key, result, progress)
        finally:
            if service is not None:
                service.close()
                result.recalc = dict(service.stats)
        progress.stop()
        keys = set(by_key)
        result.eval_errors = sum(1 for k in store.keys_with_eval_errors() if k in keys)
    return result


def _run(items: list[WorkItem], options: BatchOptions, store: Store, p: Plan,
         by_key: dict[str, ManifestLine], result: BatchResult, progress: Progress) -> None:
    if not items:
        return
    executor = _executor(options, grade_item)
    pending = _Pending(store)
    try:
        for item, res in executor.imap_unordered(items, _deadline):
            line = by_key[item.key]
            if isinstance(res, Exception) or res.error or res.card is None:
                why = res.error if isinstance(res, ItemResult) else str(res)
                result.errors.append((line, why or "no result"))
                progress.advance(None, 0)
                continue
            task = p.registry.tasks[line.task]
            pending.add((GenerationMeta(line.key, line.task, line.model, line.sample,
                                        task.app, task.level, line.source,
                                        line.line), res.card, res.sandbox,
                         res.scorecard_json, turn_rows(line, res.turns)))
            result.graded += 1
            result.worker_cpu += res.cpu
            progress.advance(res.card.outcome, res.card.eval_errors)
        pending.flush()
    except BaseException:
        executor.terminate()
        progress.stop()
        pending.flush_quietly()
        raise
    executor.close()


def _is_excel(p: Plan, line: ManifestLine) -> bool:
    return p.registry.tasks[line.task].app == "excel"


def _recalc_service(p: Plan, options: BatchOptions, outdir: Path
                    ) -> "ServiceProcess | None":
    """One LibreOffice service for the workers on this machine when Excel work is planned
    (each worker starting its own costs ≈ 1.3 s of CPU and recalculates what another
    already did): the local pool's, or a local Ray cluster's; ``None`` for a Ray cluster
    given by address (its workers may be elsewhere), without LibreOffice, or without Excel
    work. A worker that cannot reach it uses a LibreOffice of its own. Results are kept in
    ``OUTDIR/recalc-cache`` for the next run of the batch (``recalc.store``)."""
    if options.backend == "ray" and options.ray_address:
        return None
    if not any(_is_excel(p, ln) for ln in p.todo):
        return None
    from officeeval import recalc
    from officeeval.recalc.server import ServiceProcess
    return ServiceProcess.start(instances=options.workers, timeout=recalc.timeout(),
                                store=outdir / "recalc-cache")


def _service_wait() -> float:
    # An answer may wait for an instance to start and then for the document itself.
    from officeeval import recalc
    return min(2 * recalc.timeout() + 30.0, GRADING_BUDGET - 30.0)


class _Pending:
    """Results received but not yet committed: written together when ``MAX_RESULTS`` have
    gathered or the oldest has waited ``MAX_WAIT`` seconds (a commit costs about as much
    as a generation's rows). A ``kill -9`` loses at most these few, which a resumed batch
    grades again; Ctrl-C and errors commit them first."""

    MAX_RESULTS = 16
    MAX_WAIT = 0.5

    def __init__(self, store: Store) -> None:
        self.store = store
        self.entries: list[tuple] = []
        self.since = 0.0

    def add(self, entry: tuple) -> None:
        if not self.entries:
            self.since = time.monotonic()
        self.entries.append(entry)
        if len(self.entries) >= self.MAX_RESULTS or \
                time.monotonic() - self.since >= self.MAX_WAIT:
            self.flush()

    def flush(self) -> None:
        entries, self.entries = self.entries, []
        self.store.record_many(entries)

    def flush_quietly(self) -> None:
        """``flush`` on the way out of an interruption: a store that cannot write (the
        error being raised may be its own) leaves these to the next run."""
        try:
            self.flush()
        except Exception:  # noqa: BLE001 - the original exception is what propagates
            self.entries = []
