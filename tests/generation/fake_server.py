"""A small OpenAI-compatible chat-completions server on 127.0.0.1 for the generation tests:
it answers from a script (a callable deciding each request's answer), keeps every request
it received (body and headers) so tests can check what a model was sent, and stops when
the test ends. Real HTTP, so the real ``openai`` client is exercised end to end.

What serving stacks really send can be scripted: a message's ``reasoning_content`` (vLLM,
SGLang) or ``reasoning`` (Ollama, newer vLLM) beside or instead of its content, inline
``<think>`` replies, a finish reason of ``length``, 5xx answers, an HTML page with status
200 (a proxy's), and replies that hang (``delay``)."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


@dataclass
class Answer:
    """What the server does with one request: ``status`` and a JSON ``body`` (or ``raw``
    bytes), after ``delay`` seconds, with extra ``headers``."""

    status: int = 200
    body: Any = None
    raw: bytes | None = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    content_type: str = "application/json"


def completion(text: str | None, prompt_tokens: int = 100, completion_tokens: int = 50,
               model: str = "scripted", finish_reason: str = "stop",
               **reasoning: str | None) -> Answer:
    """A chat completion whose message's content is ``text``; ``reasoning_content=…`` or
    ``reasoning=…`` add the field a reasoning parser fills."""
    message = {"role": "assistant", "content": text, **reasoning}
    return Answer(body={
        "id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "finish_reason": finish_reason, "message": message}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens}})


def html(status: int = 200) -> Answer:
    """A proxy's or load balancer's HTML page (sent as text/html)."""
    return Answer(status, raw=b"<html><head><title>502 Bad Gateway</title></head><body>"
                              b"<center><h1>502 Bad Gateway</h1></center></body></html>",
                  content_type="text/html")


def error(status: int, message: str = "error", retry_after: float | None = None) -> Answer:
    headers = {"retry-after": str(retry_after)} if retry_after is not None else {}
    return Answer(status, {"error": {"message": message, "type": "test", "code": status}},
                  headers=headers)


class ScriptedServer:
    """``with ScriptedServer(script) as server:`` — ``server.base_url`` is ``http://127.0.0.1:
    PORT/v1``; ``server.requests`` holds ``{"body": …, "headers": …, "raw": str}`` of every
    request, in arrival order."""

    def __init__(self, script: Callable[[dict[str, Any]], Answer]) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length).decode("utf-8")
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                with outer.lock:
                    outer.requests.append({"path": self.path, "body": body, "raw": raw,
                                           "headers": dict(self.headers)})
                if not self.path.endswith("/chat/completions") or body is None:
                    answer = error(404, f"no route {self.path}")
                else:
                    answer = outer.script(body)
                if answer.delay:
                    time.sleep(answer.delay)
                data = answer.raw if answer.raw is not None else \
                    json.dumps(answer.body).encode("utf-8")
                try:
                    self.send_response(answer.status)
                    self.send_header("content-type", answer.content_type)
                    self.send_header("content-length", str(len(data)))
                    for k, v in answer.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)
