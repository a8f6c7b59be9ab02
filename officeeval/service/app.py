"""The Starlette application of ``officeeval serve``: routes, the service's state (tasks,
worker pool, spool, shared LibreOffice service, metrics) and its start and stop.

Errors are JSON ``{"error": CODE, "detail": TEXT}`` with the status: 400 bad request, 401
no or wrong token, 403 ``detail=checks`` of a hidden rubric, 404 unknown task, 408 body
(or request head) too slow, 413 body, rubric or text field too large, 415 wrong content
type, 422 invalid rubric or task, 429 queue full (``Retry-After``), 500 the worker died
(ours), 503 shutting down, no sandbox, too many bodies held (``busy``) or connections
(``too_many_connections``), 504 grading past its time limit (the worker was killed and
replaced).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import sqlite3
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from officeeval.version import __version__
from officeeval.runner.grading import WorkItem
from officeeval.runner.store import GenerationMeta, Store
from officeeval.runner.tasks import Task, TaskRegistry, default_locations
from officeeval.service.catalog import task_detail, task_file, task_summary
from officeeval.service.connections import REASONS, Watch
from officeeval.service.guards import Guard
from officeeval.service.inputs import BadRequest, Fields, Spool, capped_limits, run_fields, \
    score_fields
from officeeval.service.metrics import Metrics
from officeeval.service.openapi import spec
from officeeval.service.options import DETAILS, ServeOptions
from officeeval.service.pool import AsyncPool, JobFailed, JobLost, PoolClosed, QueueFull
from officeeval.service.work import Job, Reply, serve_job

JSON = "application/json"
INLINE = "inline"  # the pool's lane of jobs graded against a rubric sent with the request


class Service:
    """Everything the routes share. ``start`` / ``stop`` run in the application's
    lifespan; ``announce`` is told one line when the service is ready."""

    def __init__(self, options: ServeOptions,
                 announce: Callable[[str], None] | None = None) -> None:
        self.options = options
        self.announce = announce
        locations = list(options.tasks) or [str(p) for p in default_locations()]
        self.registry = TaskRegistry.scan(locations)
        self.registry.all()  # load and check every rubric now, not on a request
        self.metrics = Metrics()
        self.connections = Watch(options.header_timeout, options.max_connections,
                                 self.metrics.connections_closed)
        self.pool = AsyncPool(serve_job, options.jobs, options.queue,
                              retire=lambda reply: bool(getattr(reply, "retire", False)),
                              max_jobs=options.recycle_jobs,
                              lanes={INLINE: max(1, options.jobs - 1)},
                              rss_limit=lambda job: job.memory,
                              on_memory=lambda job: replace(job, exhausted=True))
        self.spool: Spool | None = None
        self.recalc: Any = None
        self.recalc_stats: dict[str, int] | None = None
        self.sandbox_mode = ""
        self.sandbox_warning = ""
        self.sandbox_error = ""
        self.stopping = False
        self._cut: asyncio.TimerHandle | None = None  # the drain's end (``drain``)
        self.next_sample = 1
        self.address = f"http://{options.host}:{options.port}"
        self._gauges()

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.spool = Spool()
        await loop.run_in_executor(None, self._check_sandbox)
        if self.options.recalc is not False:
            self.recalc = await loop.run_in_executor(None, self._start_recalc)
        if self.options.store:
            self.next_sample = await loop.run_in_executor(None, _next_sample,
                                                          self.options.store)
        await self.pool.start()
        if self.announce is not None:
            self.announce(self._ready_line())
            if self.sandbox_warning:
                self.announce(f"warning: sandbox {self.sandbox_mode}: {self.sandbox_warning}")

    def drain(self, seconds: float) -> None:
        """SIGTERM: stop taking work and let what is in flight finish within ``seconds``;
        a second before that, end what is left, so that each of those requests gets its
        JSON ``503 shutting_down`` before the server gives up on it (uvicorn would cancel
        it and answer a plain-text 500)."""
        if self.stopping:
            return
        self.stopping = True
        loop = asyncio.get_running_loop()
        cut = seconds - 1.0 if seconds >= 2.0 else seconds / 2
        self._cut = loop.call_later(cut, lambda: loop.create_task(self.pool.close()))

    async def stop(self) -> None:
        self.stopping = True
        if self._cut is not None:
            self._cut.cancel()
        await self.pool.close()
        loop = asyncio.get_running_loop()
        if self.recalc is not None:
            await loop.run_in_executor(None, self.recalc.close)
        if self.spool is not None:
            self.spool.close()

    def _check_sandbox(self) -> None:
        from officeeval.runner.sandbox import Sandbox, SandboxError
        try:
            sandbox = Sandbox(self.options.sandbox)
        except SandboxError as exc:
            self.sandbox_error = str(exc)
            return
        self.sandbox_mode, self.sandbox_warning = sandbox.mode, sandbox.warning

    def _start_recalc(self) -> Any:
        """The shared LibreOffice service (as ``batch`` runs it), or ``None`` without
        LibreOffice; its results are kept with the store when there is one."""
        from officeeval import recalc
        from officeeval.recalc.server import ServiceProcess
        if not recalc.available():
            return None
        cache = Path(self.options.store) / "recalc-cache" if self.options.store else None
        return ServiceProcess.start(instances=self.options.jobs, timeout=recalc.timeout(),
                                    store=cache)

    def _ready_line(self) -> str:
        sandbox = self.sandbox_mode or f"unavailable ({self.sandbox_error})"
        parts = [f"officeeval serve: listening on {self.address}",
                 f"{len(self.registry.tasks)} task(s)", f"{self.options.jobs} worker(s)",
                 f"sandbox {sandbox}",
                 "LibreOffice service" if self.recalc is not None else "no LibreOffice",
                 f"store {self.options.store}" if self.options.store else "no store",
                 "token required" if self.options.token else "no token (loopback)"]
        return "; ".join(parts)

    # ------------------------------------------------------------------ metrics
    def _gauges(self) -> None:
        m, pool = self.metrics, self.pool
        m.gauge("officeeval_queue_depth", "Requests waiting for a worker.",
                lambda: pool.depth)
        m.gauge("officeeval_jobs_running", "Requests being graded by a worker.",
                lambda: pool.running)
        m.gauge("officeeval_queue_capacity", "Requests that may wait before 429.",
                lambda: pool.queue)
        m.gauge("officeeval_workers", "Grading worker processes.", lambda: pool.jobs)
        conns = self.connections
        m.gauge("officeeval_connections_open", "Client connections open.",
                lambda: len(conns.open))
        m.gauge("officeeval_connections_waiting", "Open connections waiting for a request "
                "head (idle keep-alive included).", lambda: conns.waiting_count)
        for reason in REASONS:
            m.connections_closed.inc(reason, by=0)
        m.counter_from("officeeval_worker_restarts_total",
                       "Workers replaced after dying or missing a deadline.",
                       lambda: pool.restarts)
        m.counter_from("officeeval_worker_recycles_total",
                       "Workers replaced after a job that took their memory past "
                       "--recycle-rss or --worker-memory, or after --recycle-jobs jobs.",
                       lambda: pool.recycles)
        m.counter_from("officeeval_worker_memory_kills_total",
                       "Workers ended while grading because they held more than "
                       "--worker-memory (the document graded unevaluable).",
                       lambda: pool.memory_kills)
        m.counter_from("officeeval_grading_timeouts_total",
                       "Requests whose grading passed its time limit.",
                       lambda: pool.timeouts)
        for key, name, doc in (
                ("recalculations", "officeeval_recalculations_total",
                 "Workbooks the shared LibreOffice service recalculated."),
                ("reused", "officeeval_recalculations_reused_total",
                 "Recalculated workbooks taken from the store's recalc-cache.")):
            m.counter_from(name, doc, lambda k=key: (self.recalc_stats or {}).get(k))
        m.gauge("officeeval_recalc_instances", "LibreOffice instances started.",
                lambda: (self.recalc_stats or {}).get("instances"))

    # ------------------------------------------------------------------ grading
    def task(self, task_id: str) -> Task:
        task = self.registry.get(task_id)
        if task is None:
            raise BadRequest(f"unknown task {task_id!r}", 404, "unknown_task")
        if task.error is not None or task.rubric is None:
            raise BadRequest(f"task {task_id!r}: its rubric is invalid", 422, "invalid_task")
        return task

    def identity(self, fields: Fields, task: Task | None, source: str
                 ) -> tuple[str, GenerationMeta | None]:
        """The store key (from the client's ``id``: a retry replaces its row) and the
        row's identity when results are stored."""
        key = hashlib.sha256(f"serve\0{fields.request_id}".encode()).hexdigest()[:32] \
            if fields.request_id else uuid.uuid4().hex
        if not self.options.store:
            return key, None
        sample = fields.sample
        if sample is None:
            sample, self.next_sample = self.next_sample, self.next_sample + 1
        meta = GenerationMeta(key, task.id if task else "", fields.model, sample,
                              task.app if task else "", task.level if task else "", source)
        return key, meta

    def recalc_address(self) -> tuple[str, float] | None:
        if self.recalc is None:
            return None
        from officeeval import recalc
        from officeeval.recalc.libreoffice import worst_wall
        return self.recalc.address, min(worst_wall(recalc.timeout()) + 30.0,
                                         self.options.grade_timeout)

    async def grade(self, job: Job, limit: float, cleanup: Callable[[], None],
                    owner: str) -> Response:
        """Run ``job`` for the client at address ``owner`` in the pool and answer with its
        reply. A job of an inline rubric runs in its lane (``INLINE``: all workers but one)
        within ``--inline-timeout``."""
        if self.stopping:
            cleanup()
            return _error(503, "shutting_down", "the service is shutting down")
        if job.inline:
            limit = min(limit, self.options.inline_timeout)
        try:
            future = self.pool.submit(job, limit, on_finish=cleanup,
                                      lane=INLINE if job.inline else None, owner=owner)
        except QueueFull as exc:
            cleanup()
            return _error(429, "queue_full", f"all {self.pool.jobs} workers are busy and "
                          f"{self.pool.queue} requests wait; retry later",
                          {"Retry-After": str(exc.retry_after)})
        except PoolClosed:
            cleanup()
            return _error(503, "shutting_down", "the service is shutting down")
        try:
            reply: Reply = await future
        except asyncio.CancelledError:
            future.cancel()  # nobody waits for it: a queued job is not run
            raise
        except JobLost as exc:
            if exc.timed_out:
                return _error(504, "grading_timeout", str(exc))
            return _error(500, "worker_lost", f"{exc} (an evaluator failure, not the "
                          "candidate's: the request may be retried)")
        except JobFailed as exc:
            last = str(exc).strip().splitlines()
            return _error(500, "evaluator_failed", last[-1] if last else "")
        except PoolClosed:
            return _error(503, "shutting_down", "the service is shutting down")
        return self._answer(reply, job)

    def _answer(self, reply: Reply, job: Job) -> Response:
        if reply.status == "invalid_rubric":
            return Response(reply.body, 422, media_type=JSON)
        if reply.status == "sandbox_error":
            return Response(reply.body, 503, media_type=JSON)
        m = self.metrics
        m.outcomes.inc(reply.app, reply.outcome)
        if reply.eval_errors:
            m.eval_errors.inc(by=reply.eval_errors)
        if reply.recalculated:
            m.recalculated.inc()
        headers = {}
        if reply.stored:
            m.stored.inc()
            assert job.meta is not None
            headers = {"X-OfficeEval-Key": job.meta.key,
                       "X-OfficeEval-Sample": str(job.meta.sample)}
        return Response(reply.body, 200, media_type=JSON, headers=headers)


# ---------------------------------------------------------------------- routes
def _service(request: Request) -> Service:
    return request.app.state.service


def _owner(request: Request) -> str:
    """Whom a job is for, as far as the server can tell: the client's address."""
    return request.client.host if request.client else ""


def _detail(request: Request, inline: bool) -> str:
    """The detail level asked for. The default is the fullest the client may see: the
    whole card (``checks``) with ``--expose-rubrics`` or for the client's own inline
    rubric, else ``criteria`` (ids, points, passed, failure class). Raises ``BadRequest``:
    400 for an unknown level, 403 for ``checks`` of a hidden rubric."""
    full = _service(request).options.expose_rubrics or inline
    detail = request.query_params.get("detail") or ("checks" if full else "criteria")
    if detail not in DETAILS:
        raise BadRequest(f"detail must be one of {', '.join(DETAILS)}")
    if detail == "checks" and not full:
        raise BadRequest("detail=checks would show the rubric's expected values, which this "
                         "server keeps hidden (--expose-rubrics shows them); ask for "
                         "detail=criteria or summary", 403, "rubric_hidden")
    return detail


async def score(request: Request) -> Response:
    svc = _service(request)
    assert svc.spool is not None
    upload = svc.spool.upload()
    try:
        fields = await score_fields(request, upload)
        assert fields.document is not None
        doc = fields.document
        task = svc.task(fields.task) if fields.task else None
        detail = _detail(request, inline=task is None)
        key, meta = svc.identity(fields, task, "output")
        item = WorkItem(
            key=key, task=task.id if task else "", source="output", payload=str(doc),
            rubric_path=str(task.path if task else fields.rubric),
            output_name=task.output_name if task else doc.name,
            options=svc.options.grading_options, recalc_service=svc.recalc_address(),
            serialize=detail == "checks" or bool(svc.options.store))
        job = Job(item, "score", detail, fields.filename, inline=task is None,
                  store=svc.options.store, meta=meta, keep=svc.options.keep_documents,
                  expose=svc.options.expose_rubrics or task is None,
                  memory=svc.options.worker_memory, recycle_rss=svc.options.recycle_rss)
    except BaseException:
        # Whatever cut the request short (a bad field, a body too large or too slow, the
        # client gone), nothing it wrote may stay in the spool.
        upload.release()
        raise
    return await svc.grade(job, svc.options.grade_timeout, upload.release, _owner(request))


async def run(request: Request) -> Response:
    svc = _service(request)
    fields = await run_fields(request)
    assert fields.task is not None
    task = svc.task(fields.task)
    detail = _detail(request, inline=False)
    if svc.sandbox_error:
        return _error(503, "sandbox_unavailable", svc.sandbox_error)
    missing = [f"{role} {p.name}" for role, p, ok in task.files()
               if not ok and role != "reference"]
    if missing:
        return _error(422, "invalid_task", f"task {task.id!r}: missing {', '.join(missing)}")
    limits = capped_limits(svc.options.limits, fields.limits)
    source = "code" if fields.code is not None else "answer"
    key, meta = svc.identity(fields, task, source)
    keep = str(Path(svc.options.store) / "documents") \
        if svc.options.store and svc.options.keep_documents else None
    item = WorkItem(key=key, task=task.id, source=source,
                    payload=fields.code if fields.code is not None else fields.answer or "",
                    rubric_path=str(task.path), output_name=task.output_name,
                    files=tuple(str(p) for p in task.sandbox_files()), limits=limits,
                    sandbox=svc.options.sandbox, options=svc.options.grading_options,
                    keep_dir=keep, recalc_service=svc.recalc_address(),
                    serialize=detail == "checks" or bool(svc.options.store))
    job = Job(item, "run", detail, task.output_name, store=svc.options.store, meta=meta,
              keep=svc.options.keep_documents, expose=svc.options.expose_rubrics,
              memory=svc.options.worker_memory, recycle_rss=svc.options.recycle_rss)
    return await svc.grade(job, svc.options.grade_timeout + limits.timeout, lambda: None,
                           _owner(request))


async def tasks(request: Request) -> Response:
    svc = _service(request)
    return JSONResponse({"tasks": [task_summary(t) for t in svc.registry.all()],
                         "issues": svc.registry.issues})


async def task(request: Request) -> Response:
    svc = _service(request)
    found = svc.registry.get(request.path_params["task_id"])
    if found is None:
        return _error(404, "unknown_task", f"unknown task {request.path_params['task_id']!r}")
    return JSONResponse(task_detail(found, svc.options.expose_rubrics))


async def task_download(request: Request) -> Response:
    svc = _service(request)
    path = task_file(svc.registry, request.path_params["task_id"],
                     request.path_params["name"], svc.options.expose_rubrics)
    if path is None:
        return _error(404, "not_found", "no such file of this task")
    return FileResponse(path, filename=path.name)


async def healthz(request: Request) -> Response:
    svc = _service(request)
    pool = svc.pool
    body = {"status": "stopping" if svc.stopping else "ok", "version": __version__,
            "workers": pool.jobs, "running": pool.running, "queued": pool.depth,
            "queue_capacity": pool.queue, "tasks": len(svc.registry.tasks),
            "sandbox": svc.sandbox_mode or None, "sandbox_warning": svc.sandbox_warning,
            "sandbox_error": svc.sandbox_error or None,
            "recalc_service": svc.recalc is not None, "store": bool(svc.options.store)}
    return JSONResponse(body, 503 if svc.stopping else 200)


async def metrics(request: Request) -> Response:
    svc = _service(request)
    if svc.recalc is not None:
        loop = asyncio.get_running_loop()
        stats = await loop.run_in_executor(None, svc.recalc.query_stats, 1.0)
        if stats is not None:
            svc.recalc_stats = stats
    return PlainTextResponse(svc.metrics.render(),
                             media_type="text/plain; version=0.0.4; charset=utf-8")


async def openapi(request: Request) -> Response:
    return JSONResponse(spec(__version__))


def _error(status: int, code: str, detail: str, headers: dict[str, str] | None = None
           ) -> Response:
    return JSONResponse({"error": code, "detail": detail}, status, headers=headers)


async def _bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return _error(exc.status, exc.code, str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    try:
        body = json.loads(exc.detail)
        if not isinstance(body, dict):
            raise ValueError
    except (TypeError, ValueError):
        body = {"error": {404: "not_found", 405: "method_not_allowed"}.get(
            exc.status_code, "http_error"), "detail": str(exc.detail)}
    return JSONResponse(body, exc.status_code, headers=exc.headers)


ROUTES = [
    Route("/v1/score", score, methods=["POST"]),
    Route("/v1/run", run, methods=["POST"]),
    Route("/v1/tasks", tasks, methods=["GET"]),
    Route("/v1/tasks/{task_id}", task, methods=["GET"]),
    Route("/v1/tasks/{task_id}/files/{name}", task_download, methods=["GET"]),
    Route("/healthz", healthz, methods=["GET"]),
    Route("/metrics", metrics, methods=["GET"]),
    Route("/openapi.json", openapi, methods=["GET"]),
]


def create_app(options: ServeOptions,
               announce: Callable[[str], None] | None = None) -> Starlette:
    """The application for ``options`` (checked by the caller). Its lifespan starts the
    workers, the spool and the LibreOffice service, and stops them."""
    service = Service(options, announce)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = Starlette(
        routes=ROUTES, lifespan=lifespan,
        middleware=[Middleware(Guard, metrics=service.metrics, token=options.token,
                               max_body=options.max_body,
                               read_timeout=options.read_timeout,
                               body_budget=options.body_budget)],
        exception_handlers={BadRequest: _bad_request, HTTPException: _http_error})
    app.state.service = service
    return app


def _next_sample(store: str) -> int:
    """One more than the largest sample number in the store (1 for a new store): samples
    the server numbers never collide with stored ones."""
    with Store(store) as s:
        try:
            row = s.conn.execute("SELECT MAX(sample) FROM generations").fetchone()
        except sqlite3.Error:
            return 1
    return int(row[0] or 0) + 1
