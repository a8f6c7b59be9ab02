"""The ``officeeval`` sandbox environment as any Inspect task would use it: commands run in
officeeval's sandbox on a folder that persists between them, files go in and out through
``read_file`` / ``write_file`` and nowhere else, and a sample of an officeeval task starts
with its input only."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

pytest.importorskip("inspect_ai")

from inspect_ai.util._sandbox.environment import SandboxUserUnsupportedError  # noqa: E402
from inspect_ai.util._sandbox.registry import registry_find_sandboxenv  # noqa: E402

from officeeval.inspect.sandbox import OfficeSandbox, OfficeSandboxConfig  # noqa: E402
from tests.agent.agent_fixtures import build_tasks  # noqa: E402


def test_registered_under_its_name():
    import officeeval.inspect._registry  # noqa: F401 - what the entry point loads
    assert registry_find_sandboxenv("officeeval") is OfficeSandbox


def test_commands_files_and_isolation(tmp_path: Path):
    rubrics = build_tasks(tmp_path)
    config = OfficeSandboxConfig(tasks=(str(rubrics),), timeout=20)

    async def scenario() -> None:
        envs = await OfficeSandbox.sample_init("t", config, {"officeeval_task": "agent-fix"})
        env = envs["default"]
        try:
            got = await env.exec(["ls"])
            assert got.success and got.stdout.split() == ["input.docx"]
            await env.write_file("notes/a.txt", "hello")
            got = await env.exec(["bash", "-c", "cat notes/a.txt; echo ' world' >> "
                                  "notes/a.txt; echo done >&2"])
            assert (got.stdout, got.stderr.strip()) == ("hello", "done")
            assert await env.read_file("notes/a.txt") == "hello world\n"
            assert await env.read_file("/sandbox/notes/a.txt") == "hello world\n"
            got = await env.exec(["python3", "-"], input="import docx, openpyxl, pptx\n"
                                 "print(docx.Document('input.docx').paragraphs[0].text)")
            assert got.success and got.stdout.strip() == "Notice"
            got = await env.exec(["cat", str(rubrics / "agent-fix.xml")])
            assert not got.success and "No such file" in got.stderr
            got = await env.exec(["sh", "-c", "exit 3"])
            assert (got.success, got.returncode) == (False, 3)
            got = await env.exec(["no-such-command"])
            assert got.returncode == 127
            got = await env.exec(["pwd"], cwd="notes")
            assert got.stdout.strip().endswith("/notes")
            for bad in ("../x.txt", "/etc/passwd", str(rubrics / "agent-fix.xml")):
                with pytest.raises(PermissionError):
                    await env.read_file(bad)
                with pytest.raises(PermissionError):
                    await env.write_file(bad, "x")
            with pytest.raises(FileNotFoundError):
                await env.read_file("missing.txt")
            with pytest.raises(IsADirectoryError):
                await env.read_file("notes")
            with pytest.raises(SandboxUserUnsupportedError):
                await env.exec(["id"], user="root")
            with pytest.raises(TimeoutError):
                await env.exec(["sleep", "30"], timeout=2)
            await env.exec(["ln", "-s", "/etc/passwd", "link.txt"])
            with pytest.raises(FileNotFoundError):  # links are never kept
                await env.read_file("link.txt")
        finally:
            await OfficeSandbox.sample_cleanup("t", config, envs, False)
        assert not env.root.exists()

    anyio.run(scenario)
