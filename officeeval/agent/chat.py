"""One chat-completions request with tools (the OpenAI tools format) to an
OpenAI-compatible endpoint, on the retry policy of ``generation.client``: the same
``ChatClient`` (its ``openai`` client, request parameters, backoff, the classification of
failures into retried, failed and fatal, the stop for an endpoint that never answers), so
an agent run and a ``generate`` run of the same model are asked alike. Only what a tool
conversation adds is here: ``tools`` in the request, ``tool_calls`` in the reply.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from officeeval.generation import client as chat_client
from officeeval.generation.client import (ChatClient, EndpointUnusable, Malformed,
                                          RequestFailed)


@dataclass
class ToolCall:
    """A call the model asked for: its id (made up when the server gave none), the tool's
    name and its arguments as the model wrote them (JSON text, checked by the tool)."""

    id: str
    name: str
    arguments: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "arguments": self.arguments}


@dataclass
class ToolReply:
    """A model's reply in a tool conversation: its text (``""`` when none), the calls it
    asked for, token usage as the server reported it (``None`` when it did not), the
    latency of the attempt that answered, the attempts and the seconds waited between
    them."""

    text: str
    calls: list[ToolCall]
    usage: dict[str, int | None]
    latency: float
    attempts: int = 1
    waited: float = 0.0
    finish_reason: str | None = None
    retried: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "calls": [c.to_dict() for c in self.calls],
                "usage": self.usage, "latency": self.latency, "attempts": self.attempts,
                "waited": self.waited, "finish_reason": self.finish_reason}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ToolReply":
        calls = [ToolCall(str(c.get("id") or ""), str(c.get("name") or ""),
                          str(c.get("arguments") or "")) for c in d.get("calls") or []
                 if isinstance(c, dict)]
        usage = d.get("usage") if isinstance(d.get("usage"), dict) else {}
        return cls(str(d.get("text") or ""), calls, dict(usage),
                   float(d.get("latency") or 0.0), int(d.get("attempts") or 1),
                   float(d.get("waited") or 0.0), d.get("finish_reason"))

    def message(self) -> dict[str, Any]:
        """The assistant message that goes back into the conversation."""
        msg: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.calls:
            msg["tool_calls"] = [{"id": c.id, "type": "function",
                                  "function": {"name": c.name, "arguments": c.arguments}}
                                 for c in self.calls]
        return msg


async def complete_with_tools(client: ChatClient, messages: list[dict[str, Any]],
                              tools: list[dict[str, Any]], sample: int, step: int
                              ) -> ToolReply:
    """Ask once with ``tools``, retrying per the client's policy. ``step`` numbers the
    made-up ids of calls that came without one. Raises ``RequestFailed`` or
    ``EndpointUnusable``."""
    params = client.params.for_sample(sample)
    waited = 0.0
    retried: list[str] = []
    for attempt in range(1, client.policy.retries + 2):
        started = time.monotonic()
        try:
            response = await client.client.chat.completions.create(
                messages=messages, tools=tools, **params)
            reply = _reply(response, time.monotonic() - started, step)
        except Exception as exc:  # noqa: BLE001 - sorted as generate sorts them
            kind = chat_client._classify(exc)
            if kind == "fatal":
                raise EndpointUnusable(chat_client._describe(exc)) from exc
            client._unreachable(exc)
            if kind == "fail" or attempt > client.policy.retries:
                raise RequestFailed(f"{chat_client._describe(exc)} (after {attempt} "
                                    f"attempt(s))") from exc
            retried.append(chat_client._describe(exc))
            pause = client._pause(attempt, chat_client._retry_after(exc))
            waited += pause
            await client.sleep(pause)
            continue
        client.answered = True
        reply.attempts, reply.waited, reply.retried = attempt, round(waited, 3), retried
        return reply
    raise AssertionError("unreachable")  # the loop returns or raises


def _reply(response: Any, latency: float, step: int) -> ToolReply:
    choices = getattr(response, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise Malformed("the reply has no choices")
    message = getattr(choices[0], "message", None)
    if message is None:
        raise Malformed("the reply's first choice has no message")
    content = getattr(message, "content", None)
    if content is not None and not isinstance(content, str):
        raise Malformed("the message content is not text")
    calls = []
    for n, call in enumerate(getattr(message, "tool_calls", None) or [], start=1):
        fn = getattr(call, "function", None)
        name = getattr(fn, "name", None)
        if not isinstance(name, str):
            raise Malformed("a tool call without a function name")
        args = getattr(fn, "arguments", None)
        if not isinstance(args, str):
            args = json.dumps(args) if args is not None else ""
        cid = getattr(call, "id", None)
        calls.append(ToolCall(cid if isinstance(cid, str) and cid else f"call-{step}-{n}",
                              name, args))
    usage = getattr(response, "usage", None)
    tokens = {k: _int(getattr(usage, k, None)) for k in ("prompt_tokens",
                                                         "completion_tokens")}
    return ToolReply(content or "", calls, tokens, round(latency, 4),
                     finish_reason=getattr(choices[0], "finish_reason", None))


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None
