"""Grade a whole manifest: plan (tasks, manifest lines, what the store already holds), run
the work on an executor (local process pool or Ray), store each result as it finishes.

Resuming: results are committed as they finish, from a thread of their own within half a
second (a few that finish close together share a transaction; see ``committer``), so after
an interruption (Ctrl-C, ``kill -9``) the same command grades only what is missing;
``rerun`` grades everything again (replacing rows). A manifest line whose code changed since
it was graded has a new key: its old row is deleted and it is graded afresh, so the store
holds exactly one row per (task, model, sample) of the manifest.

Every generation of the plan ends as one stored row: a generation the evaluator could not
grade (the sandbox did not start, its worker died or passed its deadline, its result could
not be written) is stored as ``not_graded`` with the reason, counted as an evaluator error
(exit 5), and graded again by the next run; nothing one generation does stops the others.
A manifest line's ``limits`` may tighten the batch's, never loosen them. A line that
records the limits its prompt told the model (``stated_limits``, written by ``generate``)
is graded under those: a limit given on the command line that differs from them stops
the batch before anything is graded (``read_plan``), so a program is never killed sooner
than its model was promised.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from officeeval.errors import RubricError, TaskError
from officeeval.runner import sweep
from officeeval.runner.committer import Committer
from officeeval.runner.escaping import safe_text
from officeeval.runner.grading import ItemResult, WorkItem, grade_item, not_graded_card
from officeeval.runner.limits import Limits, LimitMismatch, describe, enforce_stated
from officeeval.runner.manifest import Manifest, ManifestLine, read_manifest
from officeeval.runner.sandbox import SandboxConfig
from officeeval.runner.store import GenerationMeta, Store
from officeeval.runner.tasks import Task, TaskRegistry, default_locations, describe_locations
from officeeval.runner.trajectories import agent_rows
from officeeval.runner.turns import turn_rows

if TYPE_CHECKING:
    from officeeval.recalc.server import ServiceProcess

GRADING_BUDGET = 300.0  # seconds a worker may take beyond the program's own time limit


@dataclass(frozen=True)
class BatchOptions:
    """How to run a batch. ``tasks``: rubric directories/files (default:
    ``tasks.default_locations``). ``jobs``: parallel workers (default: CPUs). ``recalc``:
    recalculate uncached formulas with LibreOffice (``None``: when it is installed).
    ``limits``: every program's limits, also the most a manifest line may ask for.
    ``outputs_root``: where manifest ``output`` paths must resolve (default: the
    manifest's folder). ``pages``: page images kept beside the kept documents for the
    grade sheets (``runner.pages``): ``layout`` for the documents a layout check laid out
    (no extra LibreOffice work), ``all`` for every graded document, ``off``."""

    jobs: int = 0
    backend: str = "local"
    ray_address: str | None = None
    rerun: bool = False
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    tasks: tuple[str, ...] = ()
    recalc: bool | None = None
    keep_outputs: bool = True
    outputs_root: str | None = None
    pages: str = "layout"  # page images kept for the grade sheets: layout | all | off
    given_limits: frozenset[str] = frozenset()  # the limits set on the command line

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
    locations: list[str] = field(default_factory=list)  # where the tasks were looked up


@dataclass
class BatchResult:
    """What happened. ``errors``: items that could not be graded (ours; stored as
    ``not_graded`` and graded again by the next run). ``commit_latency``: the longest
    wait, in seconds, from a result's arrival to its commit."""

    outdir: Path
    total: int
    skipped: int
    graded: int
    errors: list[tuple[ManifestLine, str]]
    manifest_issues: list[tuple[int, str]]
    rubric_errors: dict[str, RubricError]
    eval_errors: int
    worker_cpu: float = 0.0  # CPU seconds the workers spent grading (not the programs')
    recalc: dict[str, Any] = field(default_factory=dict)  # the shared LibreOffice's stats
    commit_latency: float = 0.0


class Progress:
    """Callbacks a progress display implements (the default shows nothing). ``tasks`` is
    told where the tasks came from before grading starts."""

    def tasks(self, text: str) -> None: ...

    def start(self, total: int, done: int) -> None: ...

    def advance(self, outcome: str | None, eval_errors: int) -> None: ...

    def stop(self) -> None: ...


def read_plan(manifest_path: Path, options: BatchOptions) -> Plan:
    """Read the manifest against the task registry (``options.tasks``, else
    ``default_locations``), before any store is touched. Raises ``TaskError`` when the
    manifest cannot be read, when no task directory exists, or when no line can be graded
    (an empty manifest, or every line rejected for a reason other than an invalid rubric),
    saying why."""
    locations = list(options.tasks) or [str(p) for p in default_locations(manifest_path)]
    if not locations:
        raise TaskError(f"no tasks: there is no rubrics/ directory next to {manifest_path}, "
                        f"above it or in the current directory; give --tasks DIR")
    registry = TaskRegistry.scan(locations)
    rubric_errors: dict[str, RubricError] = {}
    manifest = read_manifest(manifest_path, _line_checker(registry, rubric_errors),
                             options.outputs_root)
    if not manifest.lines and not rubric_errors:
        raise TaskError(_nothing_to_grade(manifest_path, manifest, locations, registry))
    _check_stated(manifest_path, manifest.lines, options)
    return Plan(manifest, registry, manifest.lines, list(manifest.lines), rubric_errors, [],
                locations)


def _check_stated(path: Path, lines: list[ManifestLine], options: BatchOptions) -> None:
    """Raise ``TaskError`` when a limit given on the command line differs from what the
    prompts of some lines told the model (counted, with the first line)."""
    clash: dict[tuple[str, float], list[int]] = {}
    for line in lines:
        try:
            enforce_stated(options.limits, options.given_limits, line.stated_limits)
        except LimitMismatch as exc:
            clash.setdefault((exc.name, exc.stated), []).append(line.line)
    if not clash:
        return
    (name, stated), at = next(iter(clash.items()))
    given = getattr(options.limits, name)
    n = sum(len(v) for v in clash.values())
    raise TaskError(f"--{name} {describe(name, given)} differs from the "
                    f"{describe(name, stated)} the prompt told the model on {n} line(s) of "
                    f"{path} (line {at[0]}, stated_limits): programs would run under other "
                    f"limits than their model was promised. Leave --{name} out (each line "
                    f"is graded under what its prompt stated), or make the prompts again "
                    f"with that limit and generate again")


def _nothing_to_grade(path: Path, manifest: Manifest, locations: list[str],
                      registry: TaskRegistry) -> str:
    if not manifest.issues:
        return f"{path} holds no generations (one JSON object per line)"
    # The same problem on many lines is said once, with how many lines have it.
    reasons: dict[str, list[int]] = {}
    for line, msg in manifest.issues:
        reasons.setdefault(msg, []).append(line)
    shown = [f"{msg} (line{'s' * (len(lines) > 1)} {', '.join(map(str, lines[:3]))}"
             f"{' …' if len(lines) > 3 else ''})"
             for msg, lines in sorted(reasons.items(), key=lambda kv: kv[1][0])[:3]]
    more = len(reasons) - len(shown)
    return (f"nothing to grade: every line of {path} was rejected ({len(manifest.issues)} "
            f"line{'s' * (len(manifest.issues) != 1)}): " + "; ".join(shown)
            + (f"; and {more} other problem{'s' * (more != 1)}" if more > 0 else "")
            + f". Tasks: {describe_locations(locations, registry)}"
            + "".join(f"; {i}" for i in registry.issues[:3]))


def plan(manifest_path: Path, store: Store, options: BatchOptions,
         read: Plan | None = None) -> Plan:
    """Read the manifest against the task registry (unless READ, from ``read_plan``, is
    given) and the store. Raises like ``read_plan``."""
    p = read or read_plan(manifest_path, options)
    manifest, registry, rubric_errors = p.manifest, p.registry, p.rubric_errors
    stored = store.identities()
    stale = [stored[(ln.task, ln.model, ln.sample)] for ln in manifest.lines
             if stored.get((ln.task, ln.model, ln.sample), ln.key) != ln.key]
    # What the evaluator could not grade last time is graded again.
    done = set(stored.values()) - set(stale) - store.keys_not_graded()
    todo = list(manifest.lines) if options.rerun else \
        [ln for ln in manifest.lines if ln.key not in done]
    return Plan(manifest, registry, manifest.lines, todo, rubric_errors, stale, p.locations)


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
        else:
            own = [role for role, p, ok in task.files() if ok and _same(line.payload, p)]
            if _same(line.payload, task.path):
                own.append("rubric")
            if own:
                return f"'output' is the task's own {own[0]} file, not a candidate's " \
                       f"document: refused"
        return None
    return check


def _same(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def line_limits(line: ManifestLine, options: BatchOptions) -> tuple[Limits, list[str]]:
    """The limits a line runs under: the batch's with what its prompt stated to the model
    (``stated_limits``), tightened by the line's own ``limits``, never loosened (each limit
    the line asked to raise is noted). Raises ``LimitMismatch`` when a limit given on the
    command line differs from a stated one (``read_plan`` refuses such a batch first)."""
    base = enforce_stated(options.limits, options.given_limits, line.stated_limits)
    return base.merged(line.limits).capped(base)


def work_item(line: ManifestLine, task: Task, options: BatchOptions, outdir: Path,
              recalc_service: tuple[str, float] | None = None,
              outputs_root: str | None = None) -> WorkItem:
    """The work item of a manifest line. ``outputs_root``: where an ``output`` must still
    resolve when it is read (default: ``options.outputs_root``)."""
    limits, _ = line_limits(line, options)
    return WorkItem(
        key=line.key, task=line.task, source=line.source, payload=line.payload,
        rubric_path=str(task.path), output_name=task.output_name,
        files=tuple(str(p) for p in task.sandbox_files()),
        limits=limits, sandbox=options.sandbox,
        options={} if options.recalc is None else {"recalc": options.recalc},
        keep_dir=str(outdir / "documents") if options.keep_outputs else None,
        pages=options.pages if options.keep_outputs else "off",
        recalc_service=recalc_service, turns=line.turn_answers,
        outputs_root=outputs_root or options.outputs_root)


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
    for an unreadable manifest, a manifest with nothing to grade (see ``read_plan``) or an
    unknown backend; ``KeyboardInterrupt`` passes through after the workers are stopped
    (what finished is stored)."""
    outdir = Path(outdir)
    progress = progress or Progress()
    if options.backend == "local":
        from officeeval.runner.pool import prewarm
        prewarm()  # its preload runs while the batch plans
    sweep.sweep(options.sandbox.tmp_root)  # what killed batches left behind
    root = options.outputs_root or str(Path(manifest_path).resolve().parent)
    read = read_plan(Path(manifest_path), options)  # nothing to grade: no store is created
    progress.tasks(describe_locations(read.locations, read.registry))
    with Store(outdir) as store:
        p = plan(Path(manifest_path), store, options, read)
        store.set_manifest_issues(p.manifest.issues)
        store.set_marks({ln.key: ln.hostile for ln in p.manifest.lines})
        store.delete(p.stale)
        by_key = {ln.key: ln for ln in p.lines}
        service = _recalc_service(p, options, outdir)
        address = (service.address, _service_wait()) if service is not None else None
        # Grouped by task: a worker keeps the task's rubric, input and reference loaded.
        # Workbooks (the apps that recalculate) last while the recalculation service starts
        # LibreOffice in the background.
        todo = sorted(p.todo, key=lambda ln: (service is not None and _recalculates(p, ln),
                                              ln.task, ln.line))
        items = [work_item(ln, p.registry.tasks[ln.task], options, outdir, address, root)
                 for ln in todo]
        result = BatchResult(outdir, len(p.lines), len(p.lines) - len(p.todo), 0, [],
                             p.manifest.issues, p.rubric_errors, 0)
        progress.start(len(p.lines), result.skipped)
        try:
            _run(items, options, outdir, p, by_key, result, progress)
        finally:
            if service is not None:
                service.close()
                result.recalc = dict(service.stats)
        progress.stop()
        keys = set(by_key)
        result.eval_errors = sum(1 for k in store.keys_with_eval_errors() if k in keys)
    return result


def _run(items: list[WorkItem], options: BatchOptions, outdir: Path, p: Plan,
         by_key: dict[str, ManifestLine], result: BatchResult, progress: Progress) -> None:
    if not items:
        return
    executor = _executor(options, grade_item)
    committer = Committer(outdir)
    try:
        for item, res in executor.imap_unordered(items, _deadline):
            line = by_key[item.key]
            task = p.registry.tasks[line.task]
            meta = GenerationMeta(line.key, line.task, line.model, line.sample, task.app,
                                  task.level, line.source, line.line)
            try:
                entry, outcome = _entry(line, meta, task, res, result)
            except Exception as exc:  # noqa: BLE001 - one result never stops the batch
                why = f"its result could not be read: {type(exc).__name__}: {exc}"
                result.errors.append((line, safe_text(why)))
                entry, outcome = _not_graded(meta, task, why), None
            committer.add(entry)
            progress.advance(outcome, entry[1].eval_errors if outcome else 0)
        committer.close()
    except BaseException:
        executor.terminate()
        progress.stop()
        committer.close_quietly()
        raise
    finally:
        if committer.latencies:
            result.commit_latency = max(committer.latencies)
    executor.close()


def _entry(line: ManifestLine, meta: GenerationMeta, task: Task, res: Any,
           result: BatchResult) -> tuple[tuple, str | None]:
    """The store entry of one finished item and its outcome for the progress display
    (``None`` when it could not be graded: then it is a ``not_graded`` entry)."""
    if isinstance(res, Exception) or res.error or res.card is None:
        why = res.error if isinstance(res, ItemResult) else f"{type(res).__name__}: {res}"
        why = safe_text(why or "no result")
        result.errors.append((line, why))
        return _not_graded(meta, task, why), None
    result.graded += 1
    result.worker_cpu += res.cpu
    return (meta, res.card, res.sandbox, res.scorecard_json, turn_rows(line, res.turns),
            agent_rows(line)), res.card.outcome


def _not_graded(meta: GenerationMeta, task: Task, why: str) -> tuple:
    assert task.rubric is not None  # a planned line's task has a valid rubric
    card = not_graded_card(task.rubric, f"not graded: {why}", meta.task)
    return meta, card, None, None


def _recalculates(p: Plan, line: ManifestLine) -> bool:
    """Whether the line's application has formulas the recalculation service computes."""
    from officeeval.apps import app
    return app(p.registry.tasks[line.task].app).recalculates


def _lays_out(p: Plan, line: ManifestLine) -> bool:
    """Whether the line's rubric has a check the layout backend answers."""
    from officeeval.apps import layout_properties
    rubric = p.registry.tasks[line.task].rubric
    names = layout_properties()
    return rubric is not None and any(
        k.property in names or (k.select or "").startswith("page")
        for c in rubric.criteria for k in c.checks)


def _recalc_service(p: Plan, options: BatchOptions, outdir: Path
                    ) -> "ServiceProcess | None":
    """One LibreOffice service for the workers on this machine when Excel work or layout
    checks are planned
    (each worker starting its own costs ≈ 1.3 s of CPU and recalculates what another
    already did): the local pool's, or a local Ray cluster's; ``None`` for a Ray cluster
    given by address (its workers may be elsewhere), without LibreOffice, or without Excel
    work. A worker that cannot reach it uses a LibreOffice of its own. Results are kept in
    ``OUTDIR/recalc-cache`` for the next run of the batch (``recalc.store``)."""
    if options.backend == "ray" and options.ray_address:
        return None
    if options.recalc is False or not any(_recalculates(p, ln) or _lays_out(p, ln)
                                          for ln in p.todo):
        return None
    from officeeval import recalc
    from officeeval.recalc.server import ServiceProcess
    return ServiceProcess.start(instances=options.workers, timeout=recalc.timeout(),
                                store=outdir / "recalc-cache")


def _service_wait() -> float:
    # An answer may wait for an instance to start and then for the document itself.
    from officeeval import recalc
    from officeeval.recalc.libreoffice import START_WAIT, worst_wall
    return min(worst_wall(recalc.timeout()) + START_WAIT + 30.0, GRADING_BUDGET - 30.0)
