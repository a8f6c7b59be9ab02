"""One chat-completions request to an OpenAI-compatible endpoint (hosted APIs, vLLM, SGLang,
Ollama, LiteLLM …) through the ``openai`` client, with our own retry policy.

Retried, with exponential backoff and jitter (or the server's ``Retry-After``): 429, 408,
409 and 5xx answers, timeouts, connection errors, and malformed replies (a body without
``choices``). Not retried: other 4xx answers (``RequestFailed``: this prompt cannot be
asked, e.g. it is longer than the context); 401, 403 and 404 end the whole run
(``EndpointUnusable``: a wrong key, model or URL fails every request alike). The client's
own retries are off, so every attempt is counted and every wait is ours.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Awaitable, Callable

from officeeval.errors import OfficeEvalError

RETRY_STATUS = {408, 409, 429}
FATAL_STATUS = {401, 403, 404}
UNREACHABLE_AFTER = 12  # connection failures in a row, before any success: a wrong URL


class RequestFailed(OfficeEvalError):
    """A request that did not get a reply (after retries, or not retryable). The prompt
    stays unanswered: running the same command again asks it again."""


class EndpointUnusable(OfficeEvalError):
    """The endpoint refuses every request (authentication, permission, unknown model or
    URL): the run stops."""


class Malformed(OfficeEvalError):
    """A 200 answer that is not a chat completion (no choices, no message)."""


@dataclass(frozen=True)
class RequestParams:
    """What every request of a run sends besides the messages. ``None`` values are not
    sent (the server's default applies). ``seed`` is the base seed: sample k is asked with
    ``seed + k - 1`` so that samples differ on servers that honour seeds."""

    model: str
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None

    def for_sample(self, sample: int) -> dict[str, Any]:
        """The request's parameters for sample ``sample`` (1-based), as recorded."""
        out = {k: v for k, v in asdict(self).items() if v is not None}
        if self.seed is not None:
            out["seed"] = self.seed + sample - 1
        return out


@dataclass(frozen=True)
class RetryPolicy:
    retries: int = 6            # attempts after the first
    delay: float = 1.0          # first backoff, seconds; doubled each time
    max_delay: float = 60.0     # cap of one wait (also of a Retry-After)
    timeout: float = 600.0      # one attempt, seconds


@dataclass
class Reply:
    """A model's reply: its text (``""`` when the message had no content), token usage as
    the server reported it (``None`` values when it did not), the latency of the attempt
    that answered, how many attempts it took and the seconds spent waiting between them."""

    text: str
    usage: dict[str, int | None]
    latency: float
    attempts: int = 1
    waited: float = 0.0
    finish_reason: str | None = None
    model: str | None = None
    retried: list[str] = field(default_factory=list)


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


def _classify(exc: Exception) -> str:
    """``retry``, ``fail`` (this request) or ``fatal`` (the whole run)."""
    import openai
    if isinstance(exc, Malformed):
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


def _describe(exc: Exception) -> str:
    code = getattr(exc, "status_code", None)
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    name = type(exc).__name__
    return f"{name} {code}: {text}"[:300] if code else f"{name}: {text}"[:300]


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
        self.answered = False
        self.unreachable = 0

    async def close(self) -> None:
        await self.client.close()

    async def complete(self, messages: list[dict[str, Any]], sample: int = 1) -> Reply:
        """Ask once, retrying per the policy. Raises ``RequestFailed`` or
        ``EndpointUnusable``."""
        params = self.params.for_sample(sample)
        waited = 0.0
        retried: list[str] = []
        for attempt in range(1, self.policy.retries + 2):
            started = time.monotonic()
            try:
                response = await self.client.chat.completions.create(messages=messages,
                                                                     **params)
                reply = _reply(response, time.monotonic() - started)
            except Exception as exc:  # noqa: BLE001 - sorted by _classify, re-raised typed
                kind = _classify(exc)
                if kind == "fatal":
                    raise EndpointUnusable(_describe(exc)) from exc
                self._unreachable(exc)
                if kind == "fail" or attempt > self.policy.retries:
                    raise RequestFailed(f"{_describe(exc)} (after {attempt} attempt(s))") \
                        from exc
                retried.append(_describe(exc))
                pause = self._pause(attempt, _retry_after(exc))
                waited += pause
                await self.sleep(pause)
                continue
            self.answered = True
            reply.attempts, reply.waited, reply.retried = attempt, round(waited, 3), retried
            return reply
        raise AssertionError("unreachable")  # the loop returns or raises

    def _unreachable(self, exc: Exception) -> None:
        """Stop the run when the endpoint has never answered and connections keep failing
        (a wrong URL or a server that is down), instead of retrying every prompt."""
        import openai
        if self.answered or not isinstance(exc, openai.APIConnectionError) or \
                isinstance(exc, openai.APITimeoutError):
            return
        self.unreachable += 1
        if self.unreachable >= UNREACHABLE_AFTER:
            raise EndpointUnusable(f"cannot connect to {self.base_url}: {_describe(exc)} "
                                   f"({self.unreachable} attempts in a row)") from exc

    def _pause(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self.policy.max_delay)
        base = min(self.policy.max_delay, self.policy.delay * 2 ** (attempt - 1))
        return base * (0.5 + random.random() / 2)  # jitter: retries of many prompts spread


def _reply(response: Any, latency: float) -> Reply:
    choices = getattr(response, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise Malformed("the reply has no choices")
    message = getattr(choices[0], "message", None)
    if message is None:
        raise Malformed("the reply's first choice has no message")
    content = getattr(message, "content", None)
    if content is not None and not isinstance(content, str):
        raise Malformed("the message content is not text")
    usage = getattr(response, "usage", None)
    tokens = {k: _int(getattr(usage, k, None)) for k in ("prompt_tokens",
                                                         "completion_tokens")}
    return Reply(content or "", tokens, round(latency, 4),
                 finish_reason=getattr(choices[0], "finish_reason", None),
                 model=getattr(response, "model", None))


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None
