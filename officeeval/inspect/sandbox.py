"""``officeeval``: an Inspect sandbox environment backed by officeeval's own sandbox
(bubblewrap: no network, no other processes, a read-only system, nothing of the host
writable or visible but the interpreter), so an Inspect user gets the batch's isolation
without Docker: ``sandbox="officeeval"`` or ``("officeeval", OfficeSandboxConfig(...))``.

Each sample gets a working folder (``agent.workspace``) that persists across ``exec``
calls: every command runs on a copy of it in a fresh sandbox, and what it leaves is kept
when it ends within its limits (the batch's: wall and CPU time, memory, processes, and the
folder's disk and entries quotas over the sample's life). A sample whose metadata names an
officeeval task (``officeeval_task``) starts with that task's input and attachments, never
its rubric or reference; ``read_file`` and ``write_file`` reach only that folder (paths
relative to it, or under ``/sandbox``; no link followed).

``exec(cmd)`` runs ``cmd`` from a small Python launcher in the sandbox (the sandbox runs
Python programs): the interpreter's own ``bin`` first on ``PATH``, so ``python3`` has the
libraries a task program may use; ``input`` is its standard input. Commands run as the
sandbox's unprivileged user: ``user="root"`` is refused. Without bubblewrap the sandbox
does not start (``isolation="auto"`` does not fall back to rlimits-only, where a command
could read the host's files): ``isolation="rlimits"`` asks for that by name.
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Literal, Union, overload

import anyio
from inspect_ai.util import ExecResult, SandboxEnvironment, sandboxenv
from inspect_ai.util._sandbox.environment import (SandboxEnvironmentConfigType,
                                                  SandboxUserUnsupportedError)
from pydantic import BaseModel

from officeeval.agent.paths import PathRefused, read_bytes, relative
from officeeval.agent.workspace import Workspace, WorkspaceError
from officeeval.cache import ProcessMemo
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox, SandboxConfig

TASK_KEY = "officeeval_task"  # sample metadata naming the officeeval task
MAX_OUTPUT = 10 << 20  # characters of a command's stdout / stderr returned
MAX_READ = 100 << 20   # bytes read_file returns

LAUNCHER = """import base64, json, os, subprocess, sys
spec = json.loads(base64.b64decode({spec!r}))
env = dict(os.environ)
env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
env.update(spec["env"])
data = base64.b64decode(spec["input"]) if spec["input"] is not None else None
try:
    done = subprocess.run(spec["cmd"], input=data, cwd=spec["cwd"] or None, env=env)
except FileNotFoundError:
    print(spec["cmd"][0] + ": command not found", file=sys.stderr)
    sys.exit(127)
except PermissionError:
    print(spec["cmd"][0] + ": permission denied", file=sys.stderr)
    sys.exit(126)
sys.exit(done.returncode if done.returncode >= 0 else 128 - done.returncode)
"""


class OfficeSandboxConfig(BaseModel, frozen=True):
    """The sandbox's configuration: where tasks are found (rubric directories; default:
    ``rubrics/`` as ``batch`` looks it up), how programs are isolated (``auto``, ``bwrap``,
    ``rlimits``), their limits (``timeout`` seconds, ``memory``, ``disk``: what the folder
    may hold beyond the task's files) and how many run at once (``jobs``; 0: CPUs)."""

    tasks: tuple[str, ...] = ()
    isolation: str = "auto"
    timeout: float = 60.0
    memory: str = "2G"
    disk: str = "256M"
    jobs: int = 0
    python: str | None = None

    def limits(self) -> Limits:
        return Limits().merged({"timeout": self.timeout, "cpu": self.timeout,
                                "memory": self.memory, "disk": self.disk})

    def sandbox_config(self) -> SandboxConfig:
        """How graded programs run (as ``batch`` runs them)."""
        return SandboxConfig(python=self.python, isolation=self.isolation) if self.python \
            else SandboxConfig(isolation=self.isolation)

    def sample_sandbox(self) -> Sandbox:
        """The sandbox of a sample's commands: bubblewrap unless rlimits-only was asked for
        by name (see ``agent.run.agent_sandbox``). Raises ``SandboxError``."""
        from officeeval.agent.run import agent_sandbox
        config = self.sandbox_config()
        return _SAMPLE_SANDBOXES.get_or_make(config, lambda: agent_sandbox(config))


# One per configuration and process (an evaluation uses one or two; never dropped).
_SAMPLE_SANDBOXES: "ProcessMemo[Sandbox]" = ProcessMemo("inspect.sample_sandboxes", 256)
_LIMITERS: "ProcessMemo[anyio.CapacityLimiter]" = ProcessMemo("inspect.limiters", 256)


def _limiter(jobs: int) -> anyio.CapacityLimiter:
    n = jobs or os.cpu_count() or 1
    return _LIMITERS.get_or_make(n, lambda: anyio.CapacityLimiter(n))


def _config(config: SandboxEnvironmentConfigType | None) -> OfficeSandboxConfig:
    if isinstance(config, OfficeSandboxConfig):
        return config
    if config is None:
        return OfficeSandboxConfig()
    if isinstance(config, BaseModel):
        return OfficeSandboxConfig(**config.model_dump())
    raise ValueError("the officeeval sandbox takes an OfficeSandboxConfig (or none), not "
                     f"a file: {config!r}")


def task_files(config: OfficeSandboxConfig, task_id: str) -> list[tuple[str, Path]]:
    """The files a sample of officeeval task ``task_id`` starts with: its input and
    attachments. Raises ``TaskError`` for an unknown task or an invalid rubric."""
    from officeeval.errors import TaskError
    from officeeval.runner.tasks import TaskRegistry, default_locations
    locations = list(config.tasks) or [str(p) for p in default_locations()]
    task = TaskRegistry.scan(locations).require(task_id)
    if task.error is not None:
        raise TaskError(f"task {task_id!r}: its rubric is invalid")
    return [(p.name, p) for p in task.sandbox_files()]


@sandboxenv(name="officeeval")
class OfficeSandbox(SandboxEnvironment):
    """One sample's sandbox: its persistent working folder and officeeval's sandbox."""

    def __init__(self, workspace: Workspace, sandbox: Sandbox,
                 config: OfficeSandboxConfig, root: Path | None = None) -> None:
        super().__init__()
        self.workspace, self.sandbox, self.config = workspace, sandbox, config
        self.limits = config.limits()
        self.root = root or workspace.root  # removed with the sample

    @classmethod
    def config_deserialize(cls, config: dict[str, Any]) -> BaseModel:
        return OfficeSandboxConfig(**config)

    @classmethod
    def default_concurrency(cls) -> int | None:
        return None  # exec calls are bounded by the config's ``jobs``

    @classmethod
    async def task_init(cls, task_name: str,
                        config: SandboxEnvironmentConfigType | None) -> None:
        await anyio.to_thread.run_sync(_config(config).sample_sandbox)

    @classmethod
    async def sample_init(cls, task_name: str, config: SandboxEnvironmentConfigType | None,
                          metadata: dict[str, str]) -> dict[str, SandboxEnvironment]:
        cfg = _config(config)
        sandbox = await anyio.to_thread.run_sync(cfg.sample_sandbox)
        files = task_files(cfg, metadata[TASK_KEY]) if metadata.get(TASK_KEY) else []
        root = Path(tempfile.mkdtemp(prefix="officeeval-inspect-"))
        workspace = await anyio.to_thread.run_sync(Workspace.create, root / "work", files)
        return {"default": cls(workspace, sandbox, cfg, root)}

    @classmethod
    async def sample_cleanup(cls, task_name: str,
                             config: SandboxEnvironmentConfigType | None,
                             environments: dict[str, SandboxEnvironment],
                             interrupted: bool) -> None:
        from officeeval.runner import folders
        for env in environments.values():
            if isinstance(env, OfficeSandbox):
                await anyio.to_thread.run_sync(folders.remove, str(env.root))

    # --------------------------------------------------------------------- running
    def run_python(self, code: str, output_name: str = "output",
                   timeout: float | None = None, output_chars: int = 6000):
        """Run a Python program on the folder (blocking; see ``Workspace.run_python``)."""
        limits = self.limits
        if timeout is not None and timeout < limits.timeout:
            limits = Limits(**{**limits.to_dict(), "timeout": max(1.0, float(timeout)),
                               "cpu": max(1.0, float(timeout))})
        return self.workspace.run_python(self.sandbox, code, output_name, limits,
                                         output_chars)

    async def exec(self, cmd: list[str], input: str | bytes | None = None,
                   cwd: str | None = None, env: dict[str, str] | None = None,
                   user: str | None = None, timeout: int | None = None,
                   timeout_retry: bool = True, concurrency: bool = True) -> ExecResult[str]:
        if user not in (None, "candidate"):
            raise SandboxUserUnsupportedError(
                f"the officeeval sandbox runs commands as its unprivileged user only, not "
                f"as {user!r}")
        if not cmd:
            raise ValueError("no command")
        data = input.encode("utf-8") if isinstance(input, str) else input
        spec = {"cmd": [str(c) for c in cmd], "env": dict(env or {}),
                "cwd": _inside_cwd(cwd),
                "input": base64.b64encode(data).decode("ascii") if data is not None
                else None}
        code = LAUNCHER.format(spec=base64.b64encode(json.dumps(spec).encode()).decode())
        run = await anyio.to_thread.run_sync(
            lambda: self.run_python(code, "output", timeout, MAX_OUTPUT),
            limiter=_limiter(self.config.jobs))
        if run.timed_out:
            raise TimeoutError(f"command timed out after "
                               f"{timeout or self.limits.timeout:g} s")
        if run.exit_code is None:  # killed by a signal or over the folder's quota
            why = f"killed by {run.signal}" if run.signal else \
                f"killed: the working folder's {run.quota} quota was exceeded" \
                if run.quota else "ended without an exit status"
            return ExecResult(False, 137, run.stdout, (run.stderr + "\n" + why).strip())
        return ExecResult(run.exit_code == 0, run.exit_code, run.stdout, run.stderr)

    # ------------------------------------------------------------------------ files
    async def write_file(self, file: str, contents: str | bytes) -> None:
        rel = _relative(file)
        data = contents.encode("utf-8") if isinstance(contents, str) else contents
        try:
            await anyio.to_thread.run_sync(self.workspace.put, rel, data, self.limits)
        except WorkspaceError as exc:
            raise PermissionError(str(exc)) from None

    @overload
    async def read_file(self, file: str, text: Literal[True] = True) -> str: ...

    @overload
    async def read_file(self, file: str, text: Literal[False]) -> bytes: ...

    async def read_file(self, file: str, text: bool = True) -> Union[str | bytes]:
        rel = _relative(file)
        try:
            data = await anyio.to_thread.run_sync(read_bytes, self.workspace.folder, rel,
                                                  MAX_READ)
        except PathRefused as exc:
            message = str(exc)
            if message.startswith(("no such file", "no such folder")):
                raise FileNotFoundError(message) from None
            if "not a regular file" in message:
                raise IsADirectoryError(message) from None
            raise PermissionError(message) from None
        return data.decode("utf-8") if text else data


def _relative(file: str) -> str:
    try:
        return relative(file)
    except PathRefused as exc:
        raise PermissionError(str(exc)) from None


def _inside_cwd(cwd: str | None) -> str | None:
    """A working directory inside the folder (relative to it), or ``None`` for the
    folder itself. Raises ``PermissionError`` for one outside it."""
    if cwd is None or cwd in ("", ".", "/sandbox"):
        return None
    return _relative(cwd)
