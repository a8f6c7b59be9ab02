"""A chat-completions reply read from the bytes the endpoint sent, the way serving stacks
really answer: the message's ``content``, and the reasoning a reasoning parser split off
(``reasoning_content`` from vLLM, SGLang and DeepSeek's API; ``reasoning`` from newer vLLM,
Ollama and OpenRouter), token usage and the finish reason.

What a reply that holds no final answer is:

* content null or empty, reasoning present, ``finish_reason`` ``length``: the model ran
  out of tokens while thinking — ``OutOfTokens`` (the generation fails with that reason;
  not retried, since the same limit would cut it again);
* content null or empty, reasoning present, the model stopped: the reasoning is all the
  model returned (a parser can put a whole reply there, e.g. a Qwen3 reply with thinking
  off under a parser that expects it on), so it is the answer, marked
  ``answer_source="reasoning"`` and counted apart; the extractor still searches only
  its text outside ``<think>`` blocks;
* content holding a ``<think>`` block never closed, ``finish_reason`` ``length``:
  ``OutOfTokens`` as above;
* nothing at all (no content, no reasoning): ``Malformed`` (retried), or ``OutOfTokens``
  when the limit cut it.

Never an empty answer stored as if the model had replied.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from officeeval.errors import OfficeEvalError
from officeeval.runner.answers import split_reasoning

REASONING_FIELDS = ("reasoning_content", "reasoning")


class Malformed(OfficeEvalError):
    """A 2xx answer that is not a chat completion with a reply (not JSON, no choices, no
    message, an empty message): retried. ``kind`` names it in the run's counts."""

    def __init__(self, message: str, kind: str = "malformed reply") -> None:
        super().__init__(message)
        self.kind = kind


class OutOfTokens(OfficeEvalError):
    """The reply ran out of tokens before its final answer (while reasoning): this
    generation fails with the reason; not retried."""


@dataclass
class Reply:
    """A model's reply: its text (the answer: the message's content, or its reasoning
    when there was no content, ``answer_source`` says which), the reasoning a parser split
    off (``None`` when none), token usage as the server reported it (``None`` values when
    it did not), the latency of the attempt that answered, how many attempts it took and
    the seconds spent waiting between them."""

    text: str
    usage: dict[str, int | None]
    latency: float
    attempts: int = 1
    waited: float = 0.0
    finish_reason: str | None = None
    model: str | None = None
    retried: list[str] = field(default_factory=list)
    reasoning: str | None = None
    answer_source: str = "content"


def _snippet(data: bytes, n: int = 80) -> str:
    text = data.decode("utf-8", "replace").strip()
    return " ".join(text.split())[:n] + ("…" if len(text) > n else "")


def _text(content: Any) -> str | None:
    """A message's content as text: a string, or a list of text parts joined."""
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, dict) for p in content):
        return "".join(p.get("text", "") for p in content
                       if p.get("type") == "text" and isinstance(p.get("text"), str))
    raise Malformed(f"the message content is not text ({type(content).__name__})")


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def parse_reply(data: bytes, content_type: str, latency: float) -> Reply:
    """The reply in a 2xx body. Raises ``Malformed`` or ``OutOfTokens`` (see the module
    docstring)."""
    kind = (content_type or "no content type").split(";")[0].strip()
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        raise Malformed(f"the reply is not JSON ({kind}, {len(data)} bytes: "
                        f"{_snippet(data)!r})", f"not JSON ({kind})") from None
    if not isinstance(obj, dict):
        raise Malformed(f"the reply is not a JSON object ({_snippet(data)!r})")
    choices = obj.get("choices")
    if not isinstance(choices, list) or not choices:
        err = obj.get("error")
        if err:
            message = err.get("message") if isinstance(err, dict) else err
            raise Malformed(f"the reply is an error with status 200: {str(message)[:200]}",
                            "error with status 200")
        raise Malformed(f"the reply has no choices ({_snippet(data)!r})", "no choices")
    choice = choices[0] if isinstance(choices[0], dict) else {}
    message = choice.get("message")
    if not isinstance(message, dict):
        raise Malformed("the reply's first choice has no message")
    content = _text(message.get("content"))
    reasoning = next((message[k] for k in REASONING_FIELDS
                      if isinstance(message.get(k), str) and message[k].strip()), None)
    finish = choice.get("finish_reason") if isinstance(choice.get("finish_reason"),
                                                       str) else None
    usage = obj.get("usage") if isinstance(obj.get("usage"), dict) else {}
    tokens = {k: _int(usage.get(k)) for k in ("prompt_tokens", "completion_tokens")}
    reply = Reply(content or "", tokens, round(latency, 4), finish_reason=finish,
                  model=obj.get("model") if isinstance(obj.get("model"), str) else None,
                  reasoning=reasoning)
    cut = finish == "length"
    spent = f"{tokens['completion_tokens']} completion tokens" \
        if tokens["completion_tokens"] is not None else "the token limit"
    if content and content.strip():
        if cut and split_reasoning(content).unfinished:
            raise OutOfTokens(f"the reply ran out of tokens while reasoning ({spent}, "
                              f"<think> never closed): no final answer; raise --max-tokens "
                              f"or lower the reasoning effort")
        return reply
    if reasoning is not None:
        if cut:
            raise OutOfTokens(f"the reply ran out of tokens while reasoning ({spent}, "
                              f"{len(reasoning)} characters of reasoning, no content): no "
                              f"final answer; raise --max-tokens or lower the reasoning "
                              f"effort")
        reply.text, reply.answer_source = reasoning, "reasoning"
        return reply
    if cut:
        raise OutOfTokens(f"the reply ran out of tokens before any text ({spent})")
    raise Malformed("the reply is empty (no content, no reasoning)", "empty reply")
