"""One chat-completions request to an OpenAI-compatible endpoint (hosted APIs, vLLM, SGLang,
Ollama, LiteLLM …) through the ``openai`` client, with our own retry policy and time
budget.

Retried, with exponential backoff and jitter (or the server's ``Retry-After``): 429, 408,
409 and 5xx answers, timeouts, connection errors, and malformed replies (not JSON, no
choices, an empty message: ``replies``). Not retried: other 4xx answers
(``RequestFailed``: this prompt cannot be asked, e.g. it is longer than the context) and a
reply that ran out of tokens while reasoning; 401, 403 and 404 end the whole run
(``EndpointUnusable``: a wrong key, model or URL fails every request alike), and so do an
endpoint that never answered a connection ``UNREACHABLE_AFTER`` times in a row, and one
that accepts connections but has let ``HUNG_AFTER`` requests in a row time out without
ever answering one. A 400 that names ``max_tokens`` as unsupported switches the run to
``max_completion_tokens`` (``--max-tokens-field auto``) and asks again at once.

Every attempt is counted in the client's ``Tally`` (sent, answered, retried, given up,
what the failed ones got), whether or not a reply ever comes. A request has a total time
budget over all its attempts and waits (``RetryPolicy.budget``): past it, it fails with
that reason. The client's own retries are off, so every attempt is ours.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from officeeval.errors import OfficeEvalError
from officeeval.generation.replies import Malformed, OutOfTokens, Reply, parse_reply
from officeeval.generation.request import RequestParams

RETRY_STATUS = {408, 409, 429}
FATAL_STATUS = {401, 403, 404}
UNREACHABLE_AFTER = 12  # connection failures in a row, before any success: a wrong URL
HUNG_AFTER = 3  # timeouts in a row, before any success: an endpoint that never answers
GRACE = 5.0  # seconds past the HTTP timeout before an attempt is abandoned outright


class RequestFailed(OfficeEvalError):
    """A request that did not get a reply (after retries, or not retryable). The prompt
    stays unanswered: running the same command again asks it again."""


class EndpointUnusable(OfficeEvalError):
    """The endpoint refuses every request (authentication, permission, unknown model or
    URL), cannot be reached, or never answers: the run stops."""


@dataclass(frozen=True)
class RetryPolicy:
    retries: int = 6            # attempts after the first
    delay: float = 1.0          # first backoff, seconds; doubled each time
    max_delay: float = 60.0     # cap of one wait (also of a Retry-After)
    timeout: float = 600.0      # one attempt, seconds
    budget: float | None = 1800.0  # one request, all attempts and waits; None: no cap


@dataclass
class Tally:
    """Every HTTP attempt of a run: ``sent``, ``answered`` (brought a reply), ``retried``
    (failed and asked again), ``given_up`` (requests that failed for good), ``errors``
    (what failed attempts got, by kind: ``HTTP 500``, ``timeout``, ``not JSON (text/html)``
    …), ``from_reasoning`` (replies whose answer is their reasoning: no content), the token
    field the run switched to (``None``), and the start times of attempts in flight."""

    sent: int = 0
    answered: int = 0
    retried: int = 0
    given_up: int = 0
    errors: Counter = field(default_factory=Counter)
    from_reasoning: int = 0
    switched_to: str | None = None
    in_flight: dict[int, float] = field(default_factory=dict)

    def oldest(self, now: float | None = None) -> float:
        """Seconds the oldest attempt in flight has waited (0 when none)."""
        if not self.in_flight:
            return 0.0
        return (now if now is not None else time.monotonic()) - min(self.in_flight.values())


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if not headers:
        return None
    try:
        value = float(headers.get("retry-after", ""))
    except (TypeError, ValueError):
        return None
    return value if value >= 0 else None


def _classify(exc: BaseException) -> str:
    """``retry``, ``fail`` (this request) or ``fatal`` (the whole run)."""
    import openai
    if isinstance(exc, OutOfTokens):
        return "fail"
    if isinstance(exc, (Malformed, asyncio.TimeoutError)):
        return "retry"
    if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError)):
        return "retry"
    if isinstance(exc, openai.APIResponseValidationError):
        return "retry"
    if isinstance(exc, openai.APIStatusError):
        code = exc.status_code
        if code in RETRY_STATUS or code >= 500:
            return "retry"
        return "fatal" if code in FATAL_STATUS else "fail"
    if isinstance(exc, (ValueError, TypeError, KeyError, AttributeError)):
        return "retry"  # a body the client could not decode: a malformed reply
    return "fail"


def _timed_out(exc: BaseException) -> bool:
    import openai
    return isinstance(exc, (asyncio.TimeoutError, openai.APITimeoutError))


def _kind(exc: BaseException) -> str:
    """A failed attempt's kind, for the run's counts."""
    import openai
    if _timed_out(exc):
        return "timeout"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}"
    if isinstance(exc, openai.APIConnectionError):
        return "connection error"
    if isinstance(exc, OutOfTokens):
        return "out of tokens while reasoning" if "reasoning" in str(exc) else \
            "out of tokens"
    if isinstance(exc, Malformed):
        return exc.kind
    if isinstance(exc, (ValueError, TypeError, KeyError, AttributeError)):
        return "malformed reply"
    return type(exc).__name__


def _describe(exc: BaseException) -> str:
    if _timed_out(exc):
        return "timeout: no reply within the request timeout"
    code = getattr(exc, "status_code", None)
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if isinstance(exc, (Malformed, OutOfTokens)):
        return text[:300]
    name = type(exc).__name__
    return f"{name} {code}: {text}"[:300] if code else f"{name}: {text}"[:300]


def _names_token_field(exc: BaseException) -> bool:
    """A 400 saying ``max_tokens`` is not supported and naming the other field."""
    import openai
    if not isinstance(exc, openai.APIStatusError) or exc.status_code != 400:
        return False
    text = str(exc) + str(getattr(exc, "body", "") or "")
    return "max_tokens" in text and "max_completion_tokens" in text


class ChatClient:
    """Chat completions against ``base_url`` with ``params``. ``sleep`` is injectable for
    tests of the policy; the requests themselves are always real HTTP."""

    def __init__(self, base_url: str, api_key: str, params: RequestParams,
                 policy: RetryPolicy | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        from openai import AsyncOpenAI
        self.params = params
        self.policy = policy or RetryPolicy()
        self.sleep = sleep
        self.base_url = base_url
        self.client = AsyncOpenAI(base_url=base_url, api_key=api_key or "EMPTY",
                                  max_retries=0, timeout=self.policy.timeout)
        self.token_field = params.first_token_field
        self.answered = False
        self.unreachable = 0
        self.hung = 0
        self.tally = Tally()
        self._ids = itertools.count()

    async def close(self) -> None:
        await self.client.close()

    def request_record(self, sample: int) -> dict[str, Any]:
        """What a line records as its request (the token field as now sent)."""
        return self.params.for_sample(sample, self.token_field)

    async def complete(self, messages: list[dict[str, Any]], sample: int = 1) -> Reply:
        """Ask once, retrying per the policy. Raises ``RequestFailed`` or
        ``EndpointUnusable``."""
        waited = 0.0
        retried: list[str] = []
        started = time.monotonic()
        budget = self.policy.budget
        attempt = 0
        while True:
            attempt += 1
            left = None if budget is None else budget - (time.monotonic() - started)
            if left is not None and left <= 0:
                self.tally.given_up += 1
                raise RequestFailed(f"no reply within the request budget of {budget:g} s "
                                    f"({attempt - 1} attempt(s): "
                                    f"{'; '.join(retried[-3:]) or 'none'})")
            try:
                reply = await self._attempt(messages, sample, left)
            except Exception as exc:  # noqa: BLE001 - sorted by _classify, re-raised typed
                kind = _classify(exc)
                self.tally.errors[_kind(exc)] += 1
                if kind == "fatal":
                    self.tally.given_up += 1
                    raise EndpointUnusable(_describe(exc)) from exc
                if kind == "fail" and self._switch_token_field(exc):
                    self.tally.retried += 1
                    retried.append(_describe(exc))
                    continue  # the same request with the field the endpoint wants
                self._stalled(exc)
                if kind == "fail" or attempt > self.policy.retries:
                    self.tally.given_up += 1
                    raise RequestFailed(f"{_describe(exc)} (after {attempt} attempt(s))") \
                        from exc
                self.tally.retried += 1
                retried.append(_describe(exc))
                pause = self._pause(attempt, _retry_after(exc))
                if left is not None:
                    pause = max(0.0, min(pause, budget - (time.monotonic() - started)))
                waited += pause
                await self.sleep(pause)
                continue
            self.answered = True
            self.hung = self.unreachable = 0
            self.tally.answered += 1
            self.tally.from_reasoning += reply.answer_source == "reasoning"
            reply.attempts, reply.waited, reply.retried = attempt, round(waited, 3), retried
            return reply

    async def _attempt(self, messages: list[dict[str, Any]], sample: int,
                       left: float | None) -> Reply:
        """One HTTP request, its reply parsed. Raises what the client or ``parse_reply``
        raise, or ``asyncio.TimeoutError`` when the attempt outlives its time."""
        timeout = self.policy.timeout if left is None else min(self.policy.timeout, left)
        body = self.params.body(sample, self.token_field)
        extra = {k: body.pop(k) for k in list(self.params.extra_body)}
        ident = next(self._ids)
        begun = time.monotonic()
        self.tally.sent += 1
        self.tally.in_flight[ident] = begun
        try:
            # A server that trickles bytes never trips an HTTP read timeout: the whole
            # attempt is bounded too.
            raw = await asyncio.wait_for(
                self.client.chat.completions.with_raw_response.create(
                    messages=messages, **body, extra_body=extra or None,
                    extra_headers=dict(self.params.headers) or None, timeout=timeout),
                timeout + GRACE)
            data = raw.content
            return parse_reply(data, raw.headers.get("content-type", ""),
                               time.monotonic() - begun)
        finally:
            self.tally.in_flight.pop(ident, None)

    def _switch_token_field(self, exc: BaseException) -> bool:
        if self.params.max_tokens_field != "auto" or self.params.max_tokens is None or \
                self.token_field != "max_tokens" or not _names_token_field(exc):
            return False
        self.token_field = self.tally.switched_to = "max_completion_tokens"
        return True

    def _stalled(self, exc: BaseException) -> None:
        """Stop the run when the endpoint has never answered and connections keep failing
        (a wrong URL or a server that is down), or requests keep timing out (a server
        that accepts connections and never answers), instead of retrying every prompt."""
        import openai
        if self.answered:
            return
        if _timed_out(exc):
            self.hung += 1
            if self.hung >= HUNG_AFTER:
                raise EndpointUnusable(
                    f"{self.base_url} accepts requests but answered none: {self.hung} "
                    f"timed out in a row after {self.policy.timeout:g} s each "
                    f"(--request-timeout); a model that needs longer needs a larger "
                    f"--request-timeout") from exc
            return
        if isinstance(exc, openai.APIConnectionError):
            self.unreachable += 1
            if self.unreachable >= UNREACHABLE_AFTER:
                raise EndpointUnusable(f"cannot connect to {self.base_url}: "
                                       f"{_describe(exc)} ({self.unreachable} attempts in a "
                                       f"row)") from exc

    def _pause(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self.policy.max_delay)
        base = min(self.policy.max_delay, self.policy.delay * 2 ** (attempt - 1))
        return base * (0.5 + random.random() / 2)  # jitter: retries of many prompts spread


__all__ = ["ChatClient", "EndpointUnusable", "Malformed", "OutOfTokens", "Reply",
           "RequestFailed", "RequestParams", "RetryPolicy", "Tally"]
