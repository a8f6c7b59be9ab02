"""Running the service under uvicorn: options from the command line, the listening socket
(bound before the workers start, so ``--port 0`` can be told), graceful stop on SIGTERM or
Ctrl-C (no new connections; requests in flight finish within ``graceful_timeout``, then
the workers are stopped).
"""

from __future__ import annotations

import socket
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import uvicorn

from officeeval.runner.limits import Limits, parse_size
from officeeval.runner.sandbox import SandboxConfig
from officeeval.service.options import OptionsError, ServeOptions, token_from_env


def serve_options(*, tasks: list[Path] | None, host: str, port: int, jobs: int, queue: int,
                  max_body: str, read_timeout: float, grade_timeout: float,
                  token_env: str | None, expose_rubrics: bool, store: Path | None,
                  keep_documents: bool, limits: dict[str, Any], isolation: str,
                  python: str | None, recalc: bool | None,
                  graceful_timeout: float = 30.0, header_timeout: float = 10.0,
                  max_connections: int = 1000, worker_memory: str = "2G",
                  recycle_rss: str = "1G", recycle_jobs: int = 500,
                  inline_timeout: float = 15.0,
                  body_budget: str | None = None) -> ServeOptions:
    """Options from the command line, checked. Raises ``OptionsError`` (a usage error)
    or ``TaskError`` (a bad limit)."""
    sizes: dict[str, int | None] = {"--body-budget": None}
    for name, text in (("--worker-memory", worker_memory), ("--recycle-rss", recycle_rss),
                       ("--body-budget", body_budget)):
        if text is None:
            continue
        sizes[name] = parse_size(text)
        if sizes[name] is None:
            raise OptionsError(f"{name}: bad size {text!r}")
    if isolation not in ("auto", "bwrap", "rlimits"):
        raise OptionsError(f"--isolation must be auto, bwrap or rlimits, not {isolation!r}")
    body = parse_size(max_body)
    if body is None:
        raise OptionsError(f"--max-body: bad size {max_body!r}")
    sandbox = SandboxConfig(isolation=isolation)
    if python:
        sandbox = replace(sandbox, python=python)
    options = ServeOptions(
        tasks=tuple(str(t) for t in tasks or ()), host=host, port=port, jobs=jobs,
        queue=queue, max_body=body, read_timeout=read_timeout, grade_timeout=grade_timeout,
        token=token_from_env(token_env), expose_rubrics=expose_rubrics,
        store=str(store) if store else None, keep_documents=keep_documents,
        limits=Limits().merged({k: v for k, v in limits.items() if v is not None}),
        sandbox=sandbox, recalc=recalc, graceful_timeout=graceful_timeout,
        header_timeout=header_timeout, max_connections=max_connections,
        worker_memory=sizes["--worker-memory"], recycle_rss=sizes["--recycle-rss"],
        recycle_jobs=recycle_jobs, inline_timeout=inline_timeout,
        body_budget=sizes["--body-budget"])
    if keep_documents and not store:
        raise OptionsError("--keep-documents needs --store")
    missing = [str(t) for t in tasks or () if not Path(t).exists()]
    if missing:
        raise OptionsError(f"--tasks {missing[0]}: no such rubric file or directory")
    options.check()
    return options


def bind(host: str, port: int) -> socket.socket:
    """The listening socket. Raises ``OptionsError`` when the address cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named explicitly: asyncio sets TCP_NODELAY only on sockets that say so,
    # and without it a keep-alive client waits for its delayed ACK (40 ms) on every answer.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise OptionsError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class _Server(uvicorn.Server):
    """uvicorn's server, telling the service when its graceful stop begins."""

    def __init__(self, config: uvicorn.Config, service: Any) -> None:
        super().__init__(config)
        self.service = service

    async def shutdown(self, sockets: Any = None) -> None:
        self.service.drain(self.config.timeout_graceful_shutdown)
        await super().shutdown(sockets)


def _descriptors_for(connections: int, say: Callable[[str], None]) -> int:
    """The connections the process can hold: its open-file limit raised (soft, up to the
    hard limit) to ``connections`` plus what the workers, spool and stores need; fewer
    when the hard limit does not allow it (said)."""
    import resource
    reserve = 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + reserve
    if soft != resource.RLIM_INFINITY and soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (OSError, ValueError):
            pass
    if soft != resource.RLIM_INFINITY and soft < want:
        fit = max(8, soft - reserve)
        say(f"warning: the open-file limit ({soft}) allows {fit} connections, not "
            f"{connections}")
        return fit
    return connections


def run_server(options: ServeOptions, announce: Callable[[str], None] | None = None) -> int:
    """Serve until stopped (SIGTERM, Ctrl-C). Returns the exit status: 0 after a clean
    stop, 1 when the service could not start. Raises ``OptionsError`` when the address
    cannot be bound."""
    from officeeval.runner.pool import prewarm
    from officeeval.service.app import create_app
    prewarm()  # the workers' fork server preloads while the tasks are read
    sock = bind(options.host, options.port)
    port = sock.getsockname()[1]
    options = replace(options, port=port)
    say = announce or (lambda line: print(line, flush=True))
    options = replace(options, max_connections=_descriptors_for(options.max_connections, say))
    app = create_app(options, say)
    from officeeval.service.connections import protocol_class
    # No limit_concurrency: it counts idle connections and answers everyone else with a
    # plain-text 503 before the application runs; the watch bounds connections instead.
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", http=protocol_class(
            app.state.service.connections),
        timeout_graceful_shutdown=int(max(1, options.graceful_timeout)),
        timeout_keep_alive=int(max(1, min(5, options.header_timeout))),
        h11_max_incomplete_event_size=64 * 1024, server_header=False)
    server = _Server(config, app.state.service)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        print("officeeval serve: the service did not start", file=sys.stderr, flush=True)
        return 1
    return 0
