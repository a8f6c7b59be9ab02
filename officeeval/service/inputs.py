"""Reading ``/v1/score`` and ``/v1/run`` requests: the fields, the document (a multipart
file, or base64 in JSON) spooled to a private directory for a worker to read, and the
errors a client gets for a malformed request (``BadRequest``: 400, 404 or 422).

Nothing here parses the document or a rubric sent with the request: workers do.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
import shutil
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.runner.limits import Limits, parse_limits

DOCUMENT_SUFFIXES = (".docx", ".xlsx", ".pptx", ".docm", ".xlsm", ".pptm")
_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
MIB = 1024 * 1024
MAX_TEXT = 4 * MIB  # a rubric, a multipart text field (a program)
SPOOL_PREFIX = "officeeval-serve-"


class BadRequest(Exception):
    """The request cannot be served as sent; ``status`` is the HTTP status, ``code`` the
    error's name in the JSON answer."""

    def __init__(self, message: str, status: int = 400, code: str = "bad_request") -> None:
        super().__init__(message)
        self.status = status
        self.code = code


@dataclass(frozen=True)
class Fields:
    """A request's fields, checked. ``document``: the spooled upload (score); ``rubric``:
    the inline rubric's spooled file; ``code`` / ``answer``: the program (run)."""

    task: str | None = None
    rubric: Path | None = None
    document: Path | None = None
    filename: str = ""
    code: str | None = None
    answer: str | None = None
    model: str = "serve"
    sample: int | None = None
    request_id: str | None = None
    limits: dict[str, Any] | None = None


class Spool:
    """A private directory (mode 0700) for uploads while they wait for and go through a
    worker. A directory left by a server that was killed is removed by the next one.

    Every request writes through an ``Upload`` of its own (``upload()``), which removes
    what it wrote when it is released, whatever became of the request. An inline rubric is
    named by its content and shared by the requests that hold it at the same time (workers
    keep it loaded while it lives); it is removed with the last of them."""

    def __init__(self) -> None:
        sweep_spools()
        self.path = Path(tempfile.mkdtemp(prefix=f"{SPOOL_PREFIX}{os.getpid()}-"))
        os.chmod(self.path, 0o700)
        self._rubrics: dict[Path, int] = {}  # inline rubric file -> requests holding it

    def upload(self) -> "Upload":
        """A request's files; ``release`` it once no worker will read them."""
        return Upload(self)

    def _hold_rubric(self, text: bytes) -> Path:
        path = self.path / f"rubric-{hashlib.sha256(text).hexdigest()[:32]}.xml"
        if not self._rubrics.get(path):
            tmp = path.with_suffix(f".{uuid.uuid4().hex}.tmp")
            tmp.write_bytes(text)
            os.replace(tmp, path)
        self._rubrics[path] = self._rubrics.get(path, 0) + 1
        return path

    def _drop_rubric(self, path: Path) -> None:
        left = self._rubrics.get(path, 0) - 1
        if left > 0:
            self._rubrics[path] = left
            return
        self._rubrics.pop(path, None)
        path.unlink(missing_ok=True)

    def files(self) -> list[Path]:
        """What the spool holds now (for tests and health checks)."""
        try:
            return sorted(self.path.iterdir())
        except OSError:
            return []

    def close(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


class Upload:
    """The files one request wrote to its spool. Used from the event loop only (the
    rubric counts are not locked)."""

    def __init__(self, spool: Spool) -> None:
        self.spool = spool
        self.documents: list[Path] = []
        self.rubric_path: Path | None = None

    def document(self, data: bytes | Any, suffix: str) -> Path:
        """Write an upload (bytes or a file object) to a fresh file; return its path.
        Raises ``OSError`` when the spool cannot be written."""
        path = self.spool.path / f"{uuid.uuid4().hex}{suffix}"
        self.documents.append(path)
        with open(path, "wb") as out:
            if isinstance(data, (bytes, bytearray, memoryview)):
                out.write(data)
            else:
                shutil.copyfileobj(data, out, 1 << 20)
        return path

    def rubric(self, text: bytes) -> Path:
        """The inline rubric's file (one per request: a second call is a fault of ours)."""
        assert self.rubric_path is None
        self.rubric_path = self.spool._hold_rubric(text)
        return self.rubric_path

    def release(self) -> None:
        """Remove this request's files; a second call does nothing. Never raises."""
        docs, self.documents = self.documents, []
        for path in docs:
            try:
                path.unlink(missing_ok=True)
            except OSError:
                pass
        rubric, self.rubric_path = self.rubric_path, None
        if rubric is not None:
            try:
                self.spool._drop_rubric(rubric)
            except OSError:
                pass


def sweep_spools(root: str | None = None) -> int:
    """Remove spool directories of servers that are gone (their pid is not running);
    never raises. Returns how many were removed."""
    removed = 0
    base = Path(root or tempfile.gettempdir())
    try:
        entries = list(base.glob(f"{SPOOL_PREFIX}*-*"))
    except OSError:
        return 0
    for d in entries:
        try:
            pid = int(d.name[len(SPOOL_PREFIX):].split("-", 1)[0])
            if d.is_symlink() or not d.is_dir() or d.lstat().st_uid != os.getuid():
                continue
        except (OSError, ValueError):
            continue
        if pid == os.getpid() or _alive(pid):
            continue
        shutil.rmtree(d, ignore_errors=True)
        removed += not d.exists()
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


async def score_fields(request: Any, upload: Upload) -> Fields:
    """The fields of a ``/v1/score`` request: multipart (``document`` file, ``task`` or
    ``rubric``) or JSON (``document`` in base64). Every field is checked before the
    document and the rubric are written to ``upload``. Raises ``BadRequest``."""
    ctype = request.headers.get("content-type", "")
    if ctype.startswith("multipart/form-data"):
        return await _score_multipart(request, upload)
    if ctype.startswith("application/json"):
        return _score_json(await _json_body(request), upload)
    raise BadRequest("send multipart/form-data (a 'document' file) or application/json "
                     "(a base64 'document')", 415, "unsupported_media_type")


async def run_fields(request: Any) -> Fields:
    """The fields of a ``/v1/run`` request (JSON: ``task`` and ``code`` or ``answer``).
    Raises ``BadRequest``."""
    ctype = request.headers.get("content-type", "")
    if ctype.startswith("multipart/form-data"):
        form = await _form(request, max_files=1)
        try:
            obj = {k: v for k, v in form.items() if isinstance(v, str)}
        finally:
            await form.close()
        if "limits" in obj:
            obj["limits"] = _parse_json(obj["limits"], "limits")
    elif ctype.startswith("application/json"):
        obj = await _json_body(request)
    else:
        raise BadRequest("send application/json with 'task' and 'code' or 'answer'", 415,
                         "unsupported_media_type")
    if not isinstance(obj, dict):
        raise BadRequest("the body must be a JSON object")
    present = [k for k in ("code", "answer") if obj.get(k) is not None]
    if len(present) != 1:
        raise BadRequest("give exactly one of 'code' (a program) and 'answer' (a model's raw "
                         "answer)")
    program = obj[present[0]]
    if not isinstance(program, str):
        raise BadRequest(f"'{present[0]}' must be a string")
    task = _task_field(obj.get("task"))
    if task is None:
        raise BadRequest("'task' (a task id) is required")
    limits = obj.get("limits")
    if limits is not None and not isinstance(limits, dict):
        raise BadRequest("'limits' must be an object")
    return Fields(task=task, code=program if present[0] == "code" else None,
                  answer=program if present[0] == "answer" else None,
                  **_common(obj), limits=limits)


def capped_limits(server: Limits, asked: dict[str, Any] | None) -> Limits:
    """The server's limits, lowered where the request asks for less (never raised).
    Raises ``BadRequest`` for a bad limit."""
    if not asked:
        return server
    try:
        parsed = parse_limits(asked)
    except TaskError as exc:
        raise BadRequest(str(exc)) from None
    values = server.to_dict()
    return Limits(**{k: min(values[k], parsed.get(k, values[k])) for k in values})


async def _form(request: Any, max_files: int) -> Any:
    """The multipart form, its text fields at most ``MAX_TEXT`` bytes each. Raises
    ``BadRequest``: 413 for a field over that size, 400 for a malformed form."""
    from starlette.formparsers import MultiPartException, MultiPartParser
    try:
        return await MultiPartParser(request.headers, request.stream(), max_files=max_files,
                                     max_fields=16, max_part_size=MAX_TEXT).parse()
    except MultiPartException as exc:
        # Starlette names no class for a field over its size: its message is the sign
        # (tests/service pin it: a starlette that words it otherwise fails them).
        if "exceeded maximum size" in exc.message:
            raise BadRequest(f"a text field (the rubric, a program) is larger than "
                             f"{MAX_TEXT // MIB} MiB", 413, "too_large") from None
        raise BadRequest(f"malformed multipart form: {exc.message}") from None


async def _score_multipart(request: Any, upload: Upload) -> Fields:
    form = await _form(request, max_files=2)
    try:
        document = form.get("document")
        if document is None or isinstance(document, str):
            raise BadRequest("a multipart score request needs a 'document' file part")
        rubric = form.get("rubric")
        rubric_text = None
        if rubric is not None:
            rubric_text = rubric.encode("utf-8") if isinstance(rubric, str) \
                else await rubric.read(MAX_TEXT + 1)
            _cap_rubric(rubric_text)
        obj = {k: v for k, v in form.items() if isinstance(v, str) and k != "rubric"}
        name = _filename(obj.get("filename") or document.filename or "")
        task = _task_field(obj.get("task"))
        _one_of_task_rubric(task, rubric_text)
        common = _common(obj)
        doc = upload.document(document.file, _suffix(name))
    finally:
        await form.close()
    return Fields(task=task, rubric=upload.rubric(rubric_text) if rubric_text else None,
                  document=doc, filename=name or doc.name, **common)


def _score_json(obj: Any, upload: Upload) -> Fields:
    if not isinstance(obj, dict):
        raise BadRequest("the body must be a JSON object")
    encoded = obj.get("document")
    if not isinstance(encoded, str) or not encoded:
        raise BadRequest("'document' (the file in base64) is required")
    rubric = obj.get("rubric")
    if rubric is not None and not isinstance(rubric, str):
        raise BadRequest("'rubric' must be the rubric's XML text")
    task = _task_field(obj.get("task"))
    rubric_text = rubric.encode("utf-8") if rubric else None
    if rubric_text is not None:
        _cap_rubric(rubric_text)
    _one_of_task_rubric(task, rubric_text)
    name = _filename(obj.get("filename") or "")
    common = _common(obj)
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise BadRequest("'document' is not valid base64") from None
    doc = upload.document(data, _suffix(name))
    return Fields(task=task, rubric=upload.rubric(rubric_text) if rubric_text else None,
                  document=doc, filename=name or doc.name, **common)


def _cap_rubric(text: bytes) -> None:
    if len(text) > MAX_TEXT:
        raise BadRequest(f"the rubric is larger than {MAX_TEXT // MIB} MiB", 413, "too_large")


async def _json_body(request: Any) -> Any:
    return _parse_json(await request.body(), "the body")


def _parse_json(raw: bytes | str, what: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise BadRequest(f"{what} is not valid JSON") from None


def _common(obj: dict[str, Any]) -> dict[str, Any]:
    model = obj.get("model", "serve")
    if not isinstance(model, str) or not model.strip() or len(model) > 200:
        raise BadRequest("'model' must be a non-empty string of at most 200 characters")
    sample = obj.get("sample")
    if isinstance(sample, str) and sample.strip().isdigit():
        sample = int(sample)
    if sample is not None and (isinstance(sample, bool) or not isinstance(sample, int)
                               or not 0 <= sample < 2 ** 62):
        raise BadRequest("'sample' must be a non-negative integer")
    rid = obj.get("id")
    if rid is not None and (not isinstance(rid, str) or not _ID.match(rid)):
        raise BadRequest("'id' must be 1-128 characters of letters, digits and _ . : -")
    return {"model": model.strip(), "sample": sample, "request_id": rid}


def _task_field(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 200:
        raise BadRequest("'task' must be a task id")
    return value


def _one_of_task_rubric(task: str | None, rubric: bytes | None) -> None:
    if (task is None) == (rubric is None):
        raise BadRequest("give exactly one of 'task' (a task id) and 'rubric' (the "
                         "rubric's XML)")


def _filename(name: Any) -> str:
    """The client's file name, reduced to a harmless base name (shown in the card)."""
    if not isinstance(name, str):
        return ""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return "".join(ch for ch in base if ch.isprintable())[:200]


def _suffix(name: str) -> str:
    suffix = Path(name).suffix.lower()
    return suffix if suffix in DOCUMENT_SUFFIXES else ".bin"
