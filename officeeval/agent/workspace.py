"""The agent's working folder: it persists across steps on the host, and every ``python``
call runs on a copy of it in the batch's sandbox (``runner.sandbox``: bubblewrap, the same
limits, a fresh tmpfs of the quota), whose work folder is copied back out when the program
ended within its limits.

The folder is kept as numbered states, ``ROOT/states/<n>/``: state 0 holds copies of the
task's input and attachments (never the rubric, the reference, other tasks' files or the
repository); a ``python`` call on state ``n`` that ends within its limits makes state
``n + 1`` (what the program left: folders and regular files, never a link), one that is
killed (time, memory, quota) leaves ``n`` current. A state is never changed once made
(``put``, Inspect's ``write_file``, is the one exception, in place), so a conversation
resumed after Ctrl-C continues from the state its journal names, whatever a killed step
had half done.

Quotas are the batch's, over the whole life of the folder, not per call: what it holds
beyond the task's own files stays within ``--disk`` bytes and ``MAX_ENTRIES`` files and
folders (each file is handed to the sandbox as a descriptor; a few hundred is what an
Office task needs).
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from officeeval.errors import OfficeEvalError
from officeeval.runner import folders
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox

MAX_ENTRIES = 256  # files and folders beyond the task's own
TAIL_CHARS = 6000  # characters of stdout / stderr returned to the model
STATES = "states"


class WorkspaceError(OfficeEvalError):
    """The working folder cannot be made or read (ours, not the model's)."""


@dataclass
class PythonRun:
    """What one ``python`` call did: how it ended, the ends of its output, the files it
    created or changed, whether its changes to the folder were kept (``kept``: it ended
    within its limits) and the state now current."""

    exit_code: int | None
    signal: str | None
    timed_out: bool
    quota: str | None          # "files" or "bytes" when it went over the folder's quota
    seconds: float | None
    stdout: str
    stderr: str
    changed: list[str]
    kept: bool
    state: int
    not_kept: list[list[str]] = field(default_factory=list)  # links, FIFOs … not copied
    exception: str | None = None
    mode: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _entries(folder: Path) -> tuple[list[tuple[str, int]], list[str]]:
    """``(files, folders)`` of ``folder``: regular files with their sizes, and folders,
    as relative paths, never following a link (anything else is left out)."""
    files: list[tuple[str, int]] = []
    dirs: list[str] = []
    for rel, st in folders.walk(str(folder)):
        if st is None:
            continue
        if stat.S_ISDIR(st.st_mode):
            dirs.append(rel)
        elif stat.S_ISREG(st.st_mode):
            files.append((rel, st.st_size))
    return files, dirs


class Workspace:
    """A persistent working folder under ``root`` (see the module). ``state``: the
    current state's number."""

    def __init__(self, root: Path, state: int, base_files: int, base_bytes: int) -> None:
        self.root = Path(root)
        self.state = state
        self.base_files = base_files
        self.base_bytes = base_bytes

    # ----------------------------------------------------------------- making, resuming
    @classmethod
    def create(cls, root: Path, files: list[tuple[str, Path]]) -> "Workspace":
        """A new folder at ``root`` (emptied first) whose state 0 holds copies of
        ``files`` (``(name, source)``). Raises ``WorkspaceError``."""
        root = Path(root)
        try:
            if root.exists() or root.is_symlink():
                folders.remove(str(root))
            first = root / STATES / _name(0)
            first.mkdir(parents=True)
            for name, src in files:
                target = first / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, target)
        except OSError as exc:
            raise WorkspaceError(f"cannot make the working folder {root}: {exc}") from exc
        ws = cls(root, 0, 0, 0)
        ws.base_files, ws.base_bytes = ws.usage()
        return ws

    @classmethod
    def resume(cls, root: Path, state: int) -> "Workspace":
        """The folder at ``root`` continued from ``state`` (a state a later step made but
        no journal names is dropped). Raises ``WorkspaceError`` when that state is gone."""
        root = Path(root)
        if not (root / STATES / _name(state)).is_dir() or \
                not (root / STATES / _name(0)).is_dir():
            raise WorkspaceError(f"the working folder {root} has no state {state}")
        ws = cls(root, 0, 0, 0)
        ws.base_files, ws.base_bytes = ws.usage()
        ws.state = state
        ws._drop(lambda n: n > state)
        return ws

    @property
    def folder(self) -> Path:
        """The current state's folder."""
        return self.root / STATES / _name(self.state)

    def usage(self) -> tuple[int, int]:
        """``(entries, bytes)`` of the current state (files and folders; file sizes)."""
        files, dirs = _entries(self.folder)
        return len(files) + len(dirs), sum(size for _, size in files)

    def listing(self, most: int = 200) -> list[str]:
        """The current state's files (``name (N bytes)``) and folders (``name/``), sorted,
        at most ``most``."""
        files, dirs = _entries(self.folder)
        out = sorted([f"{rel} ({size} bytes)" for rel, size in files] +
                     [f"{rel}/" for rel in dirs])
        return out[:most] + ([f"… and {len(out) - most} more"] if len(out) > most else [])

    # ----------------------------------------------------------------------- running
    def limits_left(self, limits: Limits) -> Limits:
        """``limits`` with the disk and entries quotas lowered to what the folder has
        left (at least one byte and one entry: a program may still run to delete
        files)."""
        entries, size = self.usage()
        most = min(limits.files, MAX_ENTRIES)
        return replace(limits, disk=max(1, limits.disk - max(0, size - self.base_bytes)),
                       files=max(1, most - max(0, entries - self.base_files)))

    def run_python(self, sandbox: Sandbox, code: str, output_name: str,
                   limits: Limits, output_chars: int = TAIL_CHARS) -> PythonRun:
        """Run ``code`` on a copy of the current state in the sandbox; when it ends within
        its limits, what it left becomes the next state (made current). ``output_chars``:
        how much of the end of stdout and stderr is kept. Raises ``SandboxError`` (the
        sandbox could not start) and ``WorkspaceError``."""
        files, dirs = _entries(self.folder)
        named = [(rel, self.folder / rel) for rel, _ in files]
        with sandbox.run(code, named, output_name, self.limits_left(limits), dirs=dirs,
                         collect=True) as run:
            rec = run.record
            quota = (rec.quota or {}).get("exceeded")
            kept = run.tree is not None and not quota
            if kept:
                assert run.tree is not None
                self._adopt_tree(run.tree)
            logs = run.logs
            stdout = _tail(logs / "stdout", output_chars) if logs else rec.stdout_tail
            stderr = _tail(logs / "stderr", output_chars) if logs else rec.stderr_tail
            return PythonRun(
                exit_code=rec.exit_code, signal=rec.signal, timed_out=rec.timed_out,
                quota=quota if isinstance(quota, str) else None, seconds=rec.wall_seconds,
                stdout=stdout, stderr=stderr, changed=list(rec.files_written), kept=kept,
                state=self.state, not_kept=list(run.tree_record.get("skipped") or [])
                if kept else [], exception=rec.exception_line, mode=rec.mode)

    def _adopt_tree(self, tree: Path) -> None:
        nxt = self.root / STATES / _name(self.state + 1)
        if nxt.exists():
            folders.remove(str(nxt))  # made by a step that was never journaled
        try:
            os.rename(tree, nxt)
        except OSError:
            try:
                shutil.copytree(tree, nxt, symlinks=True)
            except OSError as exc:
                folders.remove(str(nxt))
                raise WorkspaceError(f"cannot keep the working folder: {exc}") from exc
        self.state += 1

    def settle(self) -> None:
        """Remove the states between the first and the current one (called once the step
        that made the current state is journaled: they are never needed again; state 0
        stays, it is what the quotas count from)."""
        current = self.state
        self._drop(lambda n: 0 < n < current)

    def _drop(self, which) -> None:  # noqa: ANN001 - a predicate on state numbers
        try:
            names = os.listdir(self.root / STATES)
        except OSError:
            return
        for entry in names:
            if entry.isdigit() and which(int(entry)):
                folders.remove(str(self.root / STATES / entry))

    # ------------------------------------------------------------ Inspect's file access
    def put(self, rel: str, data: bytes, limits: Limits | None = None) -> None:
        """Write ``data`` as ``rel`` (a checked relative path, see ``paths.relative``) in
        the current state, in place, within the folder's quotas (of ``limits``, default
        the batch's). Raises ``WorkspaceError`` (over a quota, a folder in the way, a link
        on the way)."""
        left = self.limits_left(limits or Limits())
        new = [p for p in _prefixes(rel) if not (self.folder / p).exists()]
        if len(data) > left.disk or (new and len(new) > left.files):
            raise WorkspaceError(f"writing {rel} would pass the folder's quota")
        parent = self.folder
        for part in rel.split("/")[:-1]:
            parent = parent / part
            if parent.is_symlink() or (parent.exists() and not parent.is_dir()):
                raise WorkspaceError(f"{rel}: {part!r} is not a folder")
            parent.mkdir(exist_ok=True)
        target = parent / rel.split("/")[-1]
        if target.is_symlink() or target.is_dir():
            raise WorkspaceError(f"{rel} is a folder or a link")
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)

    def remove(self) -> None:
        folders.remove(str(self.root))


def _prefixes(rel: str) -> list[str]:
    """``a``, ``a/b``, ``a/b/c.txt`` for ``a/b/c.txt``: the entries a write may create."""
    parts = rel.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _name(n: int) -> str:
    return f"{n:04d}"


def _tail(path: Path, chars: int = TAIL_CHARS) -> str:
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            end = f.tell()
            f.seek(max(0, end - chars * 4))
            data = f.read()
    except OSError:
        return ""
    text = data.decode("utf-8", "replace")
    cut = len(text) > chars or end > chars * 4
    return ("…" + text[-chars:]) if cut else text
