"""What every request of a ``generate`` run sends besides the messages, and how a line
records it: the sampling parameters of the flags, the provider's own fields
(``--extra-body``: ``chat_template_kwargs``, ``reasoning_effort``, ``top_k``, ``min_p``,
``repetition_penalty`` …), extra headers (``--header``), and the field that carries the
token limit (``max_tokens``, or ``max_completion_tokens`` for the endpoints that refuse
the older name).

A line's ``request`` is the body as sent, without the messages, plus the headers sent by
us (``headers``) with the value of any header whose name says it holds a secret
(``Authorization``, ``api-key``, ``…-token`` …) replaced by ``"(redacted)"``. The API key
itself is never recorded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError

MAX_TOKENS_FIELDS = ("auto", "max_tokens", "max_completion_tokens")
# Body fields the flags own: set them with the flag, so a line records one value.
OWNED = {"model": "--model", "messages": "the prompts", "temperature": "--temperature",
         "top_p": "--top-p", "max_tokens": "--max-tokens",
         "max_completion_tokens": "--max-tokens (with --max-tokens-field)", "seed": "--seed"}
# Fields that change what a reply is: one whole reply (not a stream) with one choice.
REFUSED = {"stream": "generate reads one whole reply, not a stream",
           "n": "generate asks each sample separately (-n gives the number of samples)"}
_SECRET = re.compile(r"auth|key|token|secret|cookie|password|credential", re.IGNORECASE)
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
REDACTED = "(redacted)"


@dataclass(frozen=True)
class RequestParams:
    """What every request of a run sends besides the messages. ``None`` values are not
    sent (the server's default applies). ``seed`` is the base seed: sample k is asked with
    ``seed + k - 1`` so that samples differ on servers that honour seeds.
    ``max_tokens_field``: ``max_tokens``, ``max_completion_tokens``, or ``auto``
    (``max_tokens``, switched to the other for the rest of the run when the endpoint
    refuses it by name; see ``ChatClient``). ``extra_body``: provider fields merged into
    the body; ``headers``: extra HTTP headers."""

    model: str
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    max_tokens_field: str = "auto"
    extra_body: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)

    def body(self, sample: int, token_field: str | None = None) -> dict[str, Any]:
        """The body's fields for sample ``sample`` (1-based) without the messages, the
        token limit under ``token_field`` (default: the one this run starts with)."""
        out: dict[str, Any] = {"model": self.model}
        for name in ("temperature", "top_p"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.max_tokens is not None:
            out[token_field or self.first_token_field] = self.max_tokens
        if self.seed is not None:
            out["seed"] = self.seed + sample - 1
        out.update(self.extra_body)
        return out

    @property
    def first_token_field(self) -> str:
        return "max_tokens" if self.max_tokens_field == "auto" else self.max_tokens_field

    def for_sample(self, sample: int, token_field: str | None = None) -> dict[str, Any]:
        """What a line records as its ``request`` (see the module docstring)."""
        out = self.body(sample, token_field)
        if self.headers:
            out["headers"] = redacted(self.headers)
        return out


def redacted(headers: dict[str, str]) -> dict[str, str]:
    """The headers with the values of those whose names suggest a secret redacted."""
    return {k: REDACTED if _SECRET.search(k) else v for k, v in headers.items()}


def same_request(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two recorded requests asked the same thing, seeds aside (they move with the
    sample) and whichever field carried the token limit."""
    def norm(r: dict[str, Any]) -> dict[str, Any]:
        r = {k: v for k, v in r.items() if k != "seed"}
        if "max_completion_tokens" in r and "max_tokens" not in r:
            r["max_tokens"] = r.pop("max_completion_tokens")
        return r
    return norm(a) == norm(b)


def parse_extra_body(text: str | None) -> dict[str, Any]:
    """``--extra-body``: a JSON object, or ``@FILE`` holding one. Raises ``TaskError`` for
    text that is not an object, an unreadable file, or a field a flag owns or that
    changes what a reply is."""
    if text is None or not text.strip():
        return {}
    source = "--extra-body"
    if text.startswith("@"):
        path = Path(text[1:])
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise TaskError(f"--extra-body {path}: cannot read it ({exc.strerror or exc})") \
                from None
        source = f"--extra-body @{path}"
    try:
        obj = json.loads(text)
    except ValueError as exc:
        raise TaskError(f"{source}: not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise TaskError(f"{source}: must be a JSON object, e.g. "
                        "'{\"chat_template_kwargs\": {\"enable_thinking\": false}}'")
    for key in obj:
        if key in OWNED:
            raise TaskError(f"{source}: {key!r} is set by {OWNED[key]}, not in the extra "
                            f"body")
        if key in REFUSED:
            raise TaskError(f"{source}: {key!r} is not supported: {REFUSED[key]}")
    return obj


def parse_headers(values: list[str] | None) -> dict[str, str]:
    """``--header 'Name: value'`` (repeatable). Raises ``TaskError`` for a malformed one."""
    out: dict[str, str] = {}
    for raw in values or []:
        name, sep, value = raw.partition(":")
        name, value = name.strip(), value.strip()
        if not sep or not name or not _HEADER_NAME.match(name):
            raise TaskError(f"--header {raw!r}: write it as 'Name: value'")
        if "\n" in value or "\r" in value:
            raise TaskError(f"--header {name}: the value holds a line break")
        if name.lower() in ("content-type", "content-length", "host"):
            raise TaskError(f"--header {name}: set by the HTTP client itself")
        out[name] = value
    return out


def check_token_field(name: str) -> str:
    """``--max-tokens-field``; raises ``TaskError`` for another value."""
    if name not in MAX_TOKENS_FIELDS:
        raise TaskError(f"--max-tokens-field must be {', '.join(MAX_TOKENS_FIELDS)}, not "
                        f"{name!r}")
    return name
