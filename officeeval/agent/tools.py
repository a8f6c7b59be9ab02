"""The tools an agent may call, in the OpenAI tools format, and what each returns.

* ``python(code)``: runs in the batch's sandbox on the working folder (``workspace``);
  returns the exit status, the ends of stdout and stderr, the files it wrote, and whether
  its changes were kept (a program killed by a limit keeps none);
* ``outline(path)``: the engine's outline of a document in the folder (what ``officeeval
  outline`` prints), read from a copy by the engine's bounded readers;
* ``render(path, page)``: a page (Word, Excel print pages) or slide as a PNG, laid out by
  LibreOffice (the layout backend grading uses) from a copy;
* ``submit()``: hands in ``output.<ext>`` as it is in the folder; the conversation ends.

Paths are checked by ``paths``: nothing outside the folder, no link followed. Every file
is hostile input: it is read into a private copy first, so what is laid out or outlined
is exactly what was checked. A tool's failure (a refused path, a document that does not
open, LibreOffice giving up) is the tool's answer to the model, never an exception; only
the sandbox failing to start is ours (``SandboxError``).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from officeeval.agent.paths import PathRefused, read_bytes, relative
from officeeval.agent.workspace import PythonRun, Workspace
from officeeval.errors import OfficeEvalError
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox

NAMES = ("python", "outline", "render", "submit")
OUTLINE_TOKENS = 3000
RENDER_WIDTH = 1000  # pixels: legible text for a vision model, tens of kB a page
MAX_READ = 64 << 20  # bytes of a document outline or render reads
DOCUMENT_SUFFIXES = (".docx", ".xlsx", ".pptx", ".docm", ".xlsm", ".pptm")


def tool_schemas(output_name: str, render: bool = True) -> list[dict[str, Any]]:
    """The tools, as the ``tools`` of a chat-completions request (``render`` only for a
    model that is shown pictures)."""
    def fn(name: str, description: str, properties: dict[str, Any],
           required: list[str]) -> dict[str, Any]:
        return {"type": "function", "function": {
            "name": name, "description": description,
            "parameters": {"type": "object", "properties": properties,
                           "required": required, "additionalProperties": False}}}
    tools = [
        fn("python", "Run a Python program with the working folder as its current "
           "directory. Files it writes there persist between calls; variables do not (each "
           "call is a fresh process). No network. Returns the exit status, the end of "
           "stdout and stderr, and the files it wrote.",
           {"code": {"type": "string", "description": "The complete Python program."}},
           ["code"]),
        fn("outline", "Show an outline of a .docx, .xlsx or .pptx file in the working "
           "folder: paragraphs with their styles, tables, sections; sheets with their "
           "first rows; slides with their layouts and shapes.",
           {"path": {"type": "string", "description": "The file, relative to the working "
                     "folder, e.g. " + output_name}}, ["path"]),
        fn("render", "Lay out a .docx, .xlsx or .pptx file of the working folder as it "
           "would print, and return one page (a Word page, an Excel print page, a "
           "PowerPoint slide) as an image.",
           {"path": {"type": "string", "description": "The file, relative to the working "
                     "folder."},
            "page": {"type": "integer", "description": "The page or slide, from 1.",
                     "minimum": 1}}, ["path", "page"]),
        fn("submit", f"Hand in {output_name} as it is now in the working folder. This "
           f"ends the task: call it once, when {output_name} is complete.", {}, []),
    ]
    return [t for t in tools if render or t["function"]["name"] != "render"]


@dataclass
class ToolResult:
    """A tool's answer: the text the model reads, an image file (``render``), whether the
    call did what was asked (``ok``), whether the output was handed in, the working folder's
    state after the call, the seconds it took, and the details kept on the trajectory."""

    name: str
    text: str
    ok: bool = True
    image: str | None = None     # file name under the run's renders folder
    submitted: bool = False
    state: int = 0
    seconds: float = 0.0
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ToolResult":
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


class Toolbox:
    """The tools of one conversation: its working folder, the sandbox, where rendered
    pages and the handed-in output go, and a layout backend (``Backends``) shared by the
    run (``None``: ``render`` answers that no renderer is installed)."""

    def __init__(self, workspace: Workspace, sandbox: Sandbox, output_name: str,
                 limits: Limits, renders: Path, handin: Path, backends: Any = None,
                 outline_tokens: int = OUTLINE_TOKENS) -> None:
        self.workspace, self.sandbox = workspace, sandbox
        self.output_name, self.limits = output_name, limits
        self.renders, self.handin = Path(renders), Path(handin)
        self.backends = backends
        self.outline_tokens = outline_tokens

    def call(self, name: str, arguments: str | dict[str, Any] | None, tag: str,
             seconds_left: float | None = None) -> ToolResult:
        """Run one tool call (``tag`` names its files: ``step-3-1``). ``seconds_left``: the
        conversation's remaining wall time (a ``python`` call gets no more). Raises
        ``SandboxError`` only."""
        started = time.monotonic()
        try:
            args = _arguments(arguments)
            if name == "python":
                result = self._python(args, seconds_left)
            elif name == "outline":
                result = self._outline(args)
            elif name == "render":
                result = self._render(args, tag)
            elif name == "submit":
                result = self._submit()
            else:
                result = ToolResult(name, f"there is no tool {name!r}; the tools are "
                                          f"{', '.join(NAMES)}", ok=False)
        except (PathRefused, BadArguments) as exc:
            result = ToolResult(name, f"error: {exc}", ok=False)
        result.name = name
        result.state = self.workspace.state
        result.seconds = round(time.monotonic() - started, 3)
        return result

    # ------------------------------------------------------------------------- tools
    def _python(self, args: dict[str, Any], seconds_left: float | None) -> ToolResult:
        code = args.get("code")
        if not isinstance(code, str) or not code.strip():
            raise BadArguments("python needs 'code', the program to run")
        limits = self.limits
        if seconds_left is not None and seconds_left < limits.timeout:
            limits = Limits(**{**limits.to_dict(), "timeout": max(1.0, seconds_left),
                               "cpu": min(limits.cpu, max(1.0, seconds_left))})
        run = self.workspace.run_python(self.sandbox, code, self.output_name, limits)
        return ToolResult("python", python_text(run, limits),
                          ok=run.exit_code == 0 and run.kept, detail=run.to_dict())

    def _outline(self, args: dict[str, Any]) -> ToolResult:
        rel = relative(args.get("path"))
        return outline_document(_document(self.workspace, rel), rel, self.outline_tokens)

    def _render(self, args: dict[str, Any], tag: str) -> ToolResult:
        rel = relative(args.get("path"))
        page = page_number(args.get("page", 1))
        return render_page(_document(self.workspace, rel), rel, page,
                           getattr(self.backends, "layout", None), self.renders, tag)

    def _submit(self) -> ToolResult:
        name = self.output_name
        try:
            data = read_bytes(self.workspace.folder, name, self.limits.file_size)
        except PathRefused as exc:
            return ToolResult("submit", f"nothing handed in: {exc}. Write {name} in the "
                                        f"working folder first, then submit.", ok=False)
        self.handin.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.handin.with_name(self.handin.name + ".part")
        tmp.write_bytes(data)
        tmp.replace(self.handin)
        return ToolResult("submit", f"{name} handed in ({len(data)} bytes).", submitted=True,
                          detail={"bytes": len(data)})


_LAYOUT_LOCK = threading.Lock()  # one LibreOffice conversation at a time per process


class BadArguments(OfficeEvalError):
    """A tool call's arguments are not what the tool takes."""


def _arguments(raw: str | dict[str, Any] | None) -> dict[str, Any]:
    if raw is None or raw == "":
        return {}
    if isinstance(raw, dict):
        return raw
    try:
        args = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadArguments("the arguments are not valid JSON") from None
    if not isinstance(args, dict):
        raise BadArguments("the arguments must be a JSON object")
    return args


def _document(workspace: Workspace, rel: str) -> bytes:
    """The bytes of the document ``rel`` of the working folder. Raises ``PathRefused``."""
    check_document_name(rel)
    return read_bytes(workspace.folder, rel, MAX_READ)


def check_document_name(rel: str) -> None:
    """Raises ``PathRefused`` unless ``rel`` names an Office document."""
    if not rel.lower().endswith(DOCUMENT_SUFFIXES):
        raise PathRefused(f"{rel} is not a .docx, .xlsx or .pptx file")


def page_number(page: Any) -> int:
    """A page argument as a number from 1. Raises ``BadArguments``."""
    if isinstance(page, str) and page.strip().isdigit():
        page = int(page)
    if isinstance(page, bool) or not isinstance(page, int) or page < 1:
        raise BadArguments("render needs 'page', a page or slide number from 1")
    return page


def outline_document(data: bytes, rel: str, tokens: int = OUTLINE_TOKENS) -> ToolResult:
    """The outline of a document given as bytes (named ``rel``), as a tool's answer."""
    from officeeval.errors import PackageError
    from officeeval.outline import outline
    with _private_copy(data, rel) as copy:
        try:
            text = outline(copy, tokens, name=rel)
        except PackageError as exc:
            return ToolResult("outline", f"{rel} does not open as a document: {exc}",
                              ok=False)
        except Exception as exc:  # noqa: BLE001 - our reader's bug: said, not raised
            return ToolResult("outline", f"{rel} could not be outlined "
                                         f"({type(exc).__name__}: {exc})"[:500], ok=False)
    return ToolResult("outline", text)


def render_page(data: bytes, rel: str, page: int, layouter: Any, renders: Path,
                tag: str) -> ToolResult:
    """Page ``page`` of a document given as bytes (named ``rel``), laid out by
    ``layouter`` (``None``: no LibreOffice) and drawn as ``renders/<tag>-<page>.png``, as a
    tool's answer (``image``: that file's name)."""
    if layouter is None:
        return ToolResult("render", "no renderer: LibreOffice is not installed here",
                          ok=False)
    from officeeval.recalc.pages import render_pages
    with _private_copy(data, rel) as copy:
        try:
            with _LAYOUT_LOCK:
                layout = layouter.layout(copy)
        except OfficeEvalError as exc:
            return ToolResult("render", f"{rel} could not be laid out: {exc}"[:500],
                              ok=False)
        pdf = layout.pdf
        total = int(layout.facts.get("pdf_pages") or 0)
        if pdf is None or total < 1:
            return ToolResult("render", f"{rel} has no page to show", ok=False)
        if page > total:
            return ToolResult("render", f"{rel} has {total} page(s); there is no page "
                                        f"{page}", ok=False, detail={"pages": total})
        made = render_pages(pdf, Path(renders), [page], RENDER_WIDTH, prefix=tag)
    if page not in made:
        return ToolResult("render", f"page {page} of {rel} could not be drawn", ok=False)
    what = "slide" if rel.lower().endswith((".pptx", ".pptm")) else "page"
    return ToolResult("render", f"{what} {page} of {total} of {rel}:",
                      image=made[page].name, detail={"pages": total, "page": page})


class _private_copy:
    """``with _private_copy(data, rel) as path``: a private file holding ``data`` with
    ``rel``'s suffix (what LibreOffice and the views read: exactly the bytes that were
    checked), removed afterwards."""

    def __init__(self, data: bytes, rel: str) -> None:
        self.data = data
        self.suffix = Path(rel).suffix.lower()

    def __enter__(self) -> Path:
        self.dir = tempfile.mkdtemp(prefix="officeeval-agent-read-")
        path = Path(self.dir) / f"document{self.suffix}"
        path.write_bytes(self.data)
        return path

    def __exit__(self, *exc: object) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def python_text(run: PythonRun, limits: Limits) -> str:
    """What the model reads after a ``python`` call."""
    if run.timed_out:
        status = f"killed: wall-clock limit of {limits.timeout:g} s exceeded"
    elif run.quota:
        status = f"killed: the working folder's {'files' if run.quota == 'files' else 'disk'}" \
                 f" quota exceeded"
    elif run.signal:
        status = f"killed by {run.signal}"
    else:
        status = f"exit status {run.exit_code}"
    lines = [f"{status} ({run.seconds or 0:.1f} s)"]
    if run.stdout.strip():
        lines += ["--- stdout ---", run.stdout.rstrip()]
    if run.stderr.strip():
        lines += ["--- stderr ---", run.stderr.rstrip()]
    if run.kept:
        if run.changed:
            lines.append("files written: " + ", ".join(run.changed[:30]))
        if run.not_kept:
            lines.append("not kept (links and special files are not): "
                         + ", ".join(str(x[0]) for x in run.not_kept[:10]))
    else:
        lines.append("the working folder was left as it was before this call")
    return "\n".join(lines)
