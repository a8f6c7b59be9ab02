"""ASGI middleware in front of every route: count and time each request (metrics), require
the bearer token, bound the request body (size: 413; time to send it: 408) and the bodies
held at once (503).

The body limits apply while the body streams in, whatever the route does with it: a
``Content-Length`` over the limit is refused before a byte is read, and a chunked body is
cut off as soon as it passes the limit. Every request's body counts against one budget for
as long as the request lasts (a JSON body stays in memory until it is answered): a request
whose body would pass it is answered ``503 busy`` at once (a chunked one as soon as it
would), so that many clients stalling large bodies cannot grow the server past it.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from typing import Any, Awaitable, Callable

from starlette.exceptions import HTTPException

from officeeval.service.metrics import Metrics

PUBLIC = frozenset({"/healthz", "/openapi.json"})
_TEMPLATES = ("/v1/score", "/v1/run", "/v1/tasks", "/healthz", "/metrics", "/openapi.json")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def endpoint_label(path: str) -> str:
    """The route template a path belongs to (a bounded set of metric labels)."""
    if path in _TEMPLATES:
        return path
    if path.startswith("/v1/tasks/"):
        return "/v1/tasks/{id}/files/{name}" if "/files/" in path else "/v1/tasks/{id}"
    return "other"


class Guard:
    """The middleware. ``token``: required as ``Authorization: Bearer <token>`` on every
    path but ``PUBLIC`` (``None``: no authentication)."""

    def __init__(self, app: Any, *, metrics: Metrics, token: str | None, max_body: int,
                 read_timeout: float, body_budget: int | None = None) -> None:
        self.app = app
        self.metrics = metrics
        self.expected = f"Bearer {token}".encode() if token else None
        self.max_body = max_body
        self.read_timeout = read_timeout
        self.budget = body_budget if body_budget is not None else 8 * max_body
        self.held = 0  # body bytes claimed by requests in progress (event loop only)
        metrics.gauge("officeeval_body_bytes_held", "Request body bytes held by requests "
                      "in progress (--body-budget bounds them).", lambda: self.held)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        label = endpoint_label(scope.get("path", ""))
        status = [500]
        started_answer = [False]

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                started_answer[0] = True
            await send(message)

        claim = _Claim(self)
        try:
            refusal = self._refusal(scope) or claim.declared(scope)
            if refusal is not None:
                await _answer(sending, *refusal)
            else:
                await self.app(scope, self._limited(receive, claim), sending)
        except asyncio.CancelledError:
            # Only the server cancels a request: past its graceful stop. The client gets the
            # JSON 503 it can retry on, and the task ends here (re-raised, uvicorn would log
            # a traceback and answer a plain-text 500 if nothing was sent).
            if status[0] == 500 and not started_answer[0]:
                await _answer(sending, 503, {"error": "shutting_down",
                                             "detail": "the service is shutting down"}, [])
        finally:
            claim.release()
            self.metrics.requests.inc(label, str(status[0]))
            self.metrics.latency.observe(time.perf_counter() - started, label)

    def _refusal(self, scope: Scope) -> tuple[int, dict[str, Any], list] | None:
        headers = dict(scope.get("headers") or [])
        if self.expected is not None and scope.get("path") not in PUBLIC:
            given = headers.get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                return 401, {"error": "unauthorized",
                             "detail": "send Authorization: Bearer <token>"}, \
                    [(b"www-authenticate", b'Bearer realm="officeeval"')]
        length = headers.get(b"content-length")
        if length is not None:
            try:
                n = int(length)
            except ValueError:
                return 400, {"error": "bad_request", "detail": "bad Content-Length"}, []
            if n > self.max_body:
                return 413, _too_large(self.max_body), []
        return None

    def _limited(self, receive: Receive, claim: "_Claim") -> Receive:
        seen = 0
        done = False
        deadline = time.monotonic() + self.read_timeout

        async def limited() -> dict[str, Any]:
            nonlocal seen, done
            if done:  # the body is in: later reads wait for a disconnect, unbounded
                return await receive()
            left = deadline - time.monotonic()
            try:
                message = await asyncio.wait_for(receive(), timeout=max(left, 0.001))
            except asyncio.TimeoutError:
                raise HTTPException(408, json.dumps({
                    "error": "request_timeout",
                    "detail": f"the body was not received within {self.read_timeout:g} s"})
                ) from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise HTTPException(413, json.dumps(_too_large(self.max_body)))
                if not claim.grow(seen):
                    raise HTTPException(503, json.dumps(_busy()), {"Retry-After": "2"})
                done = not message.get("more_body", False)
            return message
        return limited


class _Claim:
    """One request's share of the body budget: what its ``Content-Length`` declares, or,
    without one, what has arrived so far."""

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
        self.bytes = 0

    def declared(self, scope: Scope) -> tuple[int, dict[str, Any], list] | None:
        """Claim the declared length; the 503 answer when it does not fit."""
        length = dict(scope.get("headers") or []).get(b"content-length")
        return None if length is None or self.grow(int(length)) else \
            (503, _busy(), [(b"retry-after", b"2")])

    def grow(self, total: int) -> bool:
        """Hold ``total`` bytes in all (never less than already held); ``False`` (nothing
        more held) when that passes the budget."""
        more = total - self.bytes
        if more <= 0:
            return True
        if self.guard.held + more > self.guard.budget:
            return False
        self.guard.held += more
        self.bytes = total
        return True

    def release(self) -> None:
        self.guard.held -= self.bytes
        self.bytes = 0


def _busy() -> dict[str, Any]:
    return {"error": "busy", "detail": "the server holds as many request bodies as it may; "
                                       "retry shortly"}


def _too_large(limit: int) -> dict[str, Any]:
    return {"error": "too_large", "detail": f"the request body is larger than {limit} bytes"}


async def _answer(send: Send, status: int, body: dict[str, Any], headers: list) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode()), *headers]})
    await send({"type": "http.response.body", "body": data})
