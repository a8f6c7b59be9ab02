"""The agent's tools as Inspect tools, with the names, descriptions and answers of
``officeeval agent`` (``agent.tools``): ``python``, ``outline``, ``render`` and ``submit``,
working on the sample's sandbox. In the ``officeeval`` sandbox ``python`` runs on the
persistent working folder and says what it kept; in any other sandbox (Docker …) it runs
``python3`` there. ``outline`` and ``render`` read the document through the sandbox's
``read_file`` into a private copy (a refused path, a missing file, a document that does
not open are the tool's answer, never an exception). ``submit`` records the hand-in in the
sample's store (``SUBMITTED``); the agent solver stops there and the scorer grades the
output as the sandbox then holds it.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import Any

import anyio
from inspect_ai.tool import ContentImage, ContentText, Tool, ToolDef
from inspect_ai.util import sandbox, store

from officeeval.agent.loop import SUBMITTED_BEFORE
from officeeval.agent.paths import PathRefused, relative
from officeeval.agent.tools import (OUTLINE_TOKENS, BadArguments, check_document_name,
                                    outline_document, page_number, python_text,
                                    render_page, tool_schemas)
from officeeval.cache import ProcessSlot

SUBMITTED = "officeeval_submitted"   # store key: the sha256 of what was handed in
_BACKENDS: "ProcessSlot[Any]" = ProcessSlot("inspect.backends")  # made on first render


def _describe(output_name: str) -> dict[str, dict[str, Any]]:
    return {t["function"]["name"]: t["function"] for t in tool_schemas(output_name)}


def _params(fn: dict[str, Any]) -> dict[str, str]:
    return {k: v.get("description", k) for k, v in fn["parameters"]["properties"].items()}


async def _read(path: str) -> tuple[str, bytes]:
    """``(relative path, bytes)`` of a document in the sample's sandbox. Raises
    ``PathRefused`` with the tool's answer."""
    rel = relative(path)
    check_document_name(rel)
    try:
        return rel, await sandbox().read_file(rel, text=False)
    except FileNotFoundError:
        raise PathRefused(f"no such file: {rel}") from None
    except (PermissionError, IsADirectoryError, UnicodeDecodeError) as exc:
        raise PathRefused(f"{rel} cannot be read: {exc}") from None


def python_tool(output_name: str = "output.docx") -> Tool:
    fn = _describe(output_name)["python"]

    async def execute(code: str) -> str:
        from officeeval.inspect.sandbox import OfficeSandbox
        if store().get(SUBMITTED) is not None:
            return SUBMITTED_BEFORE  # the hand-in is graded as it was submitted
        box = sandbox()
        try:
            ours = box.as_type(OfficeSandbox)  # the environment behind Inspect's proxy
        except TypeError:
            ours = None
        if ours is not None:
            run = await anyio.to_thread.run_sync(ours.run_python, code, output_name)
            return python_text(run, ours.limits)
        try:
            done = await box.exec(["python3", "-"], input=code, timeout=60)
        except TimeoutError:
            return "killed: wall-clock limit of 60 s exceeded"
        parts = [f"exit status {done.returncode}"]
        for name, text in (("stdout", done.stdout), ("stderr", done.stderr)):
            if text.strip():
                parts += [f"--- {name} ---", text.rstrip()[-6000:]]
        return "\n".join(parts)

    return ToolDef(execute, name="python", description=fn["description"],
                   parameters=_params(fn)).as_tool()


def outline_tool(output_name: str = "output.docx", tokens: int = OUTLINE_TOKENS) -> Tool:
    fn = _describe(output_name)["outline"]

    async def execute(path: str) -> str:
        try:
            rel, data = await _read(path)
        except PathRefused as exc:
            return f"error: {exc}"
        result = await anyio.to_thread.run_sync(outline_document, data, rel, tokens)
        return result.text

    return ToolDef(execute, name="outline", description=fn["description"],
                   parameters=_params(fn)).as_tool()


def _layouter() -> Any:
    from officeeval import recalc
    return getattr(_BACKENDS.get_or_make(recalc.backends), "layout", None)


def render_tool(output_name: str = "output.docx") -> Tool:
    fn = _describe(output_name)["render"]

    async def execute(path: str, page: int) -> str | list[ContentText | ContentImage]:
        try:
            rel, data = await _read(path)
            n = page_number(page)
        except (PathRefused, BadArguments) as exc:
            return f"error: {exc}"
        folder = Path(tempfile.mkdtemp(prefix="officeeval-inspect-render-"))
        try:
            result = await anyio.to_thread.run_sync(render_page, data, rel, n, _layouter(),
                                                    folder, "page")
            if result.image is None:
                return result.text
            png = (folder / result.image).read_bytes()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return [ContentText(text=result.text),
                ContentImage(image="data:image/png;base64," +
                             base64.b64encode(png).decode("ascii"))]

    return ToolDef(execute, name="render", description=fn["description"],
                   parameters=_params(fn)).as_tool()


def submit_tool(output_name: str = "output.docx") -> Tool:
    fn = _describe(output_name)["submit"]

    async def execute() -> str:
        try:
            data = await sandbox().read_file(output_name, text=False)
        except (FileNotFoundError, PermissionError, IsADirectoryError) as exc:
            return (f"nothing handed in: {exc}. Write {output_name} in the working folder "
                    f"first, then submit.")
        store().set(SUBMITTED, hashlib.sha256(data).hexdigest())
        return f"{output_name} handed in ({len(data)} bytes)."

    return ToolDef(execute, name="submit", description=fn["description"],
                   parameters={}).as_tool()


def office_tools(output_name: str, render: bool) -> list[Tool]:
    """The tools an agent is given (``render`` for a model shown pictures)."""
    tools = [python_tool(output_name), outline_tool(output_name)]
    if render:
        tools.append(render_tool(output_name))
    return tools + [submit_tool(output_name)]
