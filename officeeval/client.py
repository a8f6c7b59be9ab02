"""A small client of ``officeeval serve`` (needs ``httpx``: ``pip install
'officeeval[serve]'``)::

    from officeeval.client import Client
    with Client("http://127.0.0.1:8000") as c:
        card = c.score("word-l1-notice", "out.docx")          # the ScoreCard as a dict
        got = c.run("word-l1-notice", code=program)           # {"scorecard": …, "run": …}
        reward = got["scorecard"]["score"] / got["scorecard"]["total"]

Every call carries a request id (generated when not given), so a call the client retries
after a lost connection replaces its stored result instead of adding a second one. It
retries, ``retries`` times at most, on 429 (waiting ``Retry-After``), on 500 / 503 (the
worker died or the server is restarting) and on connection errors; anything else raises
``ServiceError`` with the server's status, error code and detail. A client is safe to share
between threads.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any

from officeeval.errors import OfficeEvalError

RETRIED = (429, 500, 503)


class ServiceError(OfficeEvalError):
    """The service refused or failed a request. ``status``: HTTP status (0: no answer,
    the connection failed); ``code``: the error's name (``queue_full``, ``unknown_task``,
    ``grading_timeout``, …); ``detail``: the server's explanation."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(f"{status} {code}: {detail}" if status else f"{code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail


class Client:
    """A connection pool to the service at ``url``. ``token``: the bearer token (default:
    ``$OFFICEEVAL_TOKEN`` when set). ``timeout``: seconds to wait for one answer (a
    ``run`` includes the program's own time). ``model``: stored with every result unless a
    call names another."""

    def __init__(self, url: str = "http://127.0.0.1:8000", token: str | None = None,
                 timeout: float = 300.0, retries: int = 3, max_wait: float = 30.0,
                 model: str | None = None) -> None:
        import httpx
        token = token if token is not None else os.environ.get("OFFICEEVAL_TOKEN")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._httpx = httpx
        self._http = httpx.Client(base_url=url.rstrip("/"), headers=headers,
                                  timeout=httpx.Timeout(timeout, connect=10.0))
        self.retries = max(0, retries)
        self.max_wait = max_wait
        self.model = model

    # ------------------------------------------------------------------ grading
    def score(self, task: str | None, document: str | Path | bytes, *,
              rubric: str | None = None, detail: str | None = None, model: str | None = None,
              sample: int | None = None, request_id: str | None = None,
              filename: str | None = None) -> dict[str, Any]:
        """Grade ``document`` (a path or the file's bytes) against task ``task`` (or an
        inline ``rubric``'s XML, with ``task=None``); the ScoreCard as a dict, at
        ``detail`` (``summary``, ``criteria``, ``checks``; ``None``: the server's default,
        the fullest it shows). Raises ``ServiceError``; ``OSError`` for an unreadable
        path."""
        if isinstance(document, (str, Path)):
            data = Path(document).read_bytes()
            filename = filename or Path(document).name
        else:
            data = bytes(document)
        form = {k: v for k, v in (("task", task), ("rubric", rubric),
                                  ("model", model or self.model),
                                  ("sample", None if sample is None else str(sample)),
                                  ("id", request_id or uuid.uuid4().hex)) if v is not None}
        files = {"document": (filename or "document", data, "application/octet-stream")}
        return self._call("POST", "/v1/score", params=_detail(detail), data=form,
                          files=files)

    def run(self, task: str, code: str | None = None, *, answer: str | None = None,
            limits: dict[str, Any] | None = None, detail: str | None = None,
            model: str | None = None, sample: int | None = None,
            request_id: str | None = None) -> dict[str, Any]:
        """Run ``code`` (or the program in a raw model ``answer``) in the service's sandbox
        on a fresh copy of the task's input and grade what it writes:
        ``{"scorecard": …, "run": …}``. Raises ``ServiceError``."""
        if (code is None) == (answer is None):
            raise ValueError("give exactly one of code and answer")
        body: dict[str, Any] = {"task": task, "id": request_id or uuid.uuid4().hex}
        body["code" if code is not None else "answer"] = code if code is not None else answer
        for k, v in (("limits", limits), ("model", model or self.model), ("sample", sample)):
            if v is not None:
                body[k] = v
        return self._call("POST", "/v1/run", params=_detail(detail), json=body)

    # ------------------------------------------------------------------ the rest
    def tasks(self) -> list[dict[str, Any]]:
        return self._call("GET", "/v1/tasks")["tasks"]

    def task(self, task_id: str) -> dict[str, Any]:
        return self._call("GET", f"/v1/tasks/{task_id}")

    def download(self, task_id: str, name: str, dest: str | Path) -> Path:
        """Save one of the task's files (its input, an attachment) to ``dest``."""
        resp = self._send("GET", f"/v1/tasks/{task_id}/files/{name}")
        Path(dest).write_bytes(resp.content)
        return Path(dest)

    def health(self) -> dict[str, Any]:
        return self._call("GET", "/healthz")

    def metrics(self) -> str:
        return self._send("GET", "/metrics").text

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ internals
    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        return self._send(method, path, **kwargs).json()

    def _send(self, method: str, path: str, **kwargs: Any) -> Any:
        attempt = 0
        while True:
            try:
                resp = self._http.request(method, path, **kwargs)
            except self._httpx.TransportError as exc:
                if attempt >= self.retries:
                    raise ServiceError(0, "connection_failed",
                                       f"{type(exc).__name__}: {exc}") from exc
                attempt += 1
                time.sleep(min(self.max_wait, 0.5 * 2 ** attempt))
                continue
            if resp.status_code < 400:
                return resp
            if resp.status_code in RETRIED and attempt < self.retries:
                attempt += 1
                time.sleep(self._wait(resp, attempt))
                continue
            raise _error(resp)

    def _wait(self, resp: Any, attempt: int) -> float:
        try:
            wait = float(resp.headers.get("Retry-After", ""))
        except ValueError:
            wait = 0.5 * 2 ** attempt
        return max(0.0, min(self.max_wait, wait))


def _detail(detail: str | None) -> dict[str, str]:
    return {"detail": detail} if detail else {}


def _error(resp: Any) -> ServiceError:
    try:
        body = resp.json()
        code, detail = str(body.get("error", "error")), str(body.get("detail", ""))
        if body.get("issues"):
            detail += "\n" + "\n".join(f"  {i}" for i in body["issues"])
    except (ValueError, AttributeError):
        code, detail = "error", resp.text[:500]
    return ServiceError(resp.status_code, code, detail)
