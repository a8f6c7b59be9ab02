"""What ``officeeval serve`` is told on its command line, checked before anything starts."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field

from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import SandboxConfig

MIB = 1024 * 1024
DETAILS = ("summary", "criteria", "checks")


class OptionsError(ValueError):
    """The options cannot work together (the CLI maps this to a usage error)."""


@dataclass(frozen=True)
class ServeOptions:
    """How the service runs.

    ``tasks``: rubric directories or files (default ``rubrics/``). ``jobs``: grading worker
    processes. ``queue``: requests that may wait for a worker beyond those being graded
    (more: ``429`` with ``Retry-After``). ``max_body``: largest request body in bytes
    (``413``); ``read_timeout``: seconds a client may take to send its body (``408``);
    ``grade_timeout``: seconds a worker may spend on one document, plus the program's own
    time limit for ``/v1/run`` (``504``, and the worker is replaced). ``token``: the bearer
    token every request but ``/healthz`` and ``/openapi.json`` must carry (``None``: no
    authentication, allowed on loopback only). ``store``: a results directory
    (``results.sqlite``, the batch's schema) every graded request is written to.
    ``limits``: the default and the maximum limits of a program (a request may lower them,
    never raise them). ``recalc``: ``None`` lets the engine decide (LibreOffice when
    installed). ``graceful_timeout``: seconds requests in flight may take to finish after
    SIGTERM. ``header_timeout``: seconds a connection may take to send a request head
    (after opening, or after its previous answer); ``max_connections``: connections kept
    open at once (one more evicts the one waiting longest for its head).
    ``body_budget``: request body bytes held at once by requests in progress (``None``: 8
    times ``max_body``; past it ``503 busy``). ``inline_timeout``: seconds a worker may grade against an inline rubric (all workers
    but one may do so at once). ``worker_memory``: the resident memory a grading worker may hold (the
    pool ends a worker past it; the document is ``unevaluable``); a worker is replaced after a job that took its resident size past
    ``recycle_rss``, and after ``recycle_jobs`` jobs."""

    tasks: tuple[str, ...] = ()
    host: str = "127.0.0.1"
    port: int = 8000
    jobs: int = 2
    queue: int = 32
    max_body: int = 32 * MIB
    read_timeout: float = 30.0
    grade_timeout: float = 120.0
    token: str | None = None
    expose_rubrics: bool = False
    store: str | None = None
    keep_documents: bool = False
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    recalc: bool | None = None
    graceful_timeout: float = 30.0
    header_timeout: float = 10.0
    max_connections: int = 1000
    body_budget: int | None = None
    inline_timeout: float = 15.0
    worker_memory: int = 2048 * MIB
    recycle_rss: int = 1024 * MIB
    recycle_jobs: int = 500

    def check(self) -> None:
        """Raise ``OptionsError`` for options that cannot work, the first one found."""
        if self.jobs < 1:
            raise OptionsError("--jobs must be at least 1")
        if self.queue < 0:
            raise OptionsError("--queue must not be negative")
        if not 0 <= self.port < 65536:
            raise OptionsError(f"--port must be 0-65535, not {self.port}")
        for name, value in (("--read-timeout", self.read_timeout),
                            ("--grade-timeout", self.grade_timeout),
                            ("--header-timeout", self.header_timeout),
                            ("--inline-timeout", self.inline_timeout),
                            ("--graceful-timeout", self.graceful_timeout)):
            if not value > 0:
                raise OptionsError(f"{name} must be positive")
        if self.worker_memory < 256 * MIB:
            raise OptionsError("--worker-memory must be at least 256M")
        if not 0 < self.recycle_rss <= self.worker_memory:
            raise OptionsError("--recycle-rss must be positive and at most --worker-memory")
        if self.recycle_jobs < 1:
            raise OptionsError("--recycle-jobs must be at least 1")
        if self.body_budget is not None and self.body_budget < self.max_body:
            raise OptionsError("--body-budget must be at least --max-body")
        if self.max_connections < 8:
            raise OptionsError("--max-connections must be at least 8")
        if self.max_body < 1024:
            raise OptionsError("--max-body must be at least 1K")
        if self.token is None and not is_loopback(self.host):
            raise OptionsError(
                f"listening on {self.host} (not loopback) needs a bearer token: set one "
                "in an environment variable and pass --token-env VAR")
        if self.token is not None and len(self.token) < 16:
            raise OptionsError("the bearer token must be at least 16 characters")

    @property
    def grading_options(self) -> dict:
        return {} if self.recalc is None else {"recalc": self.recalc}


def is_loopback(host: str) -> bool:
    """Whether ``host`` names only this machine (``localhost``, 127.0.0.0/8, ``::1``).
    ``0.0.0.0`` and ``::`` listen everywhere: not loopback."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def token_from_env(var: str | None) -> str | None:
    """The token held by environment variable ``var`` (``None`` when no variable is
    named). Raises ``OptionsError`` when it is named but unset or empty."""
    if not var:
        return None
    value = os.environ.get(var, "").strip()
    if not value:
        raise OptionsError(f"--token-env {var}: the environment variable is unset or empty")
    return value
