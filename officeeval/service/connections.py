"""The server's connections, watched below the application: a deadline for every request
head and a bound on how many connections are open, so that idle or slow clients cannot
hold the service.

uvicorn arms no timer until a connection has had its first answer, a byte received
disarms its keep-alive timer, and ``limit_concurrency`` counts idle connections, answering
everyone else with a plain-text 503 that the application never sees. Here instead:

* a connection must send a complete request head within ``header_timeout`` seconds of
  opening, or of its previous answer (keep-alive); past it, it is closed (with a JSON
  ``408`` when part of a head had come);
* at most ``limit`` connections are open. One more evicts the connection that has waited
  longest for its head, taken from the peer address holding the most such connections (an
  address opening hundreds is evicted before a client that sent one request); when every
  other connection is inside a request the newcomer gets a JSON ``503``;
* every close of ours is counted by reason (``officeeval_connections_closed_total``).

The protocol is uvicorn's own h11 protocol with four hooks (``protocol_class``); the
requests themselves go through it unchanged.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from typing import Any

from officeeval.service.metrics import Counter

REASONS = ("header_timeout", "evicted", "refused")


class Watch:
    """The open connections and the ones waiting for their request head (per peer
    address, oldest first). Used from the event loop only."""

    def __init__(self, header_timeout: float, limit: int, closed: Counter) -> None:
        self.header_timeout = header_timeout
        self.limit = max(1, limit)
        self.closed = closed
        self.open: set[Any] = set()
        self.waiting: dict[str, OrderedDict[Any, float]] = {}

    @property
    def waiting_count(self) -> int:
        return sum(len(w) for w in self.waiting.values())

    # ------------------------------------------------------------------ events
    def opened(self, conn: Any) -> None:
        self.open.add(conn)
        self.await_head(conn)
        if len(self.open) <= self.limit:
            return
        victim = self._victim(conn)
        if victim is None:
            self.closed.inc("refused")
            self._drop(conn, 503, "too_many_connections", "every connection the server "
                       "keeps is inside a request; retry later", retry_after=1)
        else:
            self.closed.inc("evicted")
            self._drop(victim)

    def lost(self, conn: Any) -> None:
        self.open.discard(conn)
        self._forget(conn)

    def await_head(self, conn: Any) -> None:
        """``conn`` is between requests: its next head must come within the deadline."""
        self._forget(conn)
        conn.oe_partial = False
        conn.oe_timer = asyncio.get_running_loop().call_later(
            self.header_timeout, self._late, conn)
        self.waiting.setdefault(_peer(conn), OrderedDict())[conn] = time.monotonic()

    def head_done(self, conn: Any) -> None:
        self._forget(conn)

    def is_waiting(self, conn: Any) -> bool:
        return conn in self.waiting.get(_peer(conn), ())

    # ------------------------------------------------------------------ internals
    def _forget(self, conn: Any) -> None:
        timer = getattr(conn, "oe_timer", None)
        if timer is not None:
            timer.cancel()
            conn.oe_timer = None
        peer = _peer(conn)
        held = self.waiting.get(peer)
        if held is not None and held.pop(conn, None) is not None and not held:
            del self.waiting[peer]

    def _late(self, conn: Any) -> None:
        conn.oe_timer = None
        if not self.is_waiting(conn):
            return
        self.closed.inc("header_timeout")
        if conn.oe_partial:
            self._drop(conn, 408, "request_timeout", f"the request head was not received "
                       f"within {self.header_timeout:g} s")
        else:
            self._drop(conn)

    def _drop(self, conn: Any, *answer: Any, **more: Any) -> None:
        """Close ``conn`` and stop counting it at once: its ``connection_lost`` comes a loop
        turn later, after more connections of the same accept may have arrived."""
        self._forget(conn)
        self.open.discard(conn)
        _close(conn, *answer, **more)

    def _victim(self, newcomer: Any) -> Any | None:
        """The connection to evict for ``newcomer``: the oldest waiting one of the peer
        holding the most waiting connections; ``None`` when only the newcomer waits."""
        best = None
        for peer, held in self.waiting.items():
            count = len(held) - (newcomer in held)
            if count > 0 and (best is None or count > best[0]):
                best = (count, peer)
        if best is None:
            return None
        return next(c for c in self.waiting[best[1]] if c is not newcomer)


def _peer(conn: Any) -> str:
    client = getattr(conn, "client", None)
    return client[0] if client else ""


def _close(conn: Any, status: int | None = None, code: str = "", detail: str = "",
           retry_after: int | None = None) -> None:
    """Close ``conn``'s transport, first writing a JSON answer when ``status`` is given
    (written raw: no request was read, so h11 has no exchange to answer)."""
    transport = conn.transport
    if transport is None or transport.is_closing():
        return
    if status is not None:
        body = json.dumps({"error": code, "detail": detail}).encode()
        reason = {408: b"Request Timeout", 503: b"Service Unavailable"}[status]
        head = [b"HTTP/1.1 %d %s" % (status, reason), b"content-type: application/json",
                b"content-length: %d" % len(body), b"connection: close"]
        if retry_after is not None:
            head.append(b"retry-after: %d" % retry_after)
        transport.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
    transport.close()


def protocol_class(watch: Watch) -> type:
    """uvicorn's h11 protocol, reporting to ``watch`` when a connection opens, closes,
    completes a request head and finishes an answer."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class WatchedH11Protocol(H11Protocol):
        oe_timer: asyncio.TimerHandle | None = None
        oe_partial = False

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            watch.opened(self)

        def connection_lost(self, exc: Exception | None) -> None:
            watch.lost(self)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if data and watch.is_waiting(self):
                self.oe_partial = True
            super().data_received(data)

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            if self.cycle is not before:  # a request head was complete: its app runs
                watch.head_done(self)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and (self.cycle is None
                                                    or self.cycle.response_complete):
                watch.await_head(self)

    return WatchedH11Protocol
