"""Process-tree control on the host side: a pids cgroup per program (when the host lets us
create one), killing a whole tree, counting a user's processes.

Everything here is best effort and Linux-specific; on failure it returns ``None``/``False``
and the caller records a weaker isolation, never raises.
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path

_CGROUP_ROOTS = (Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup"))


class PidsCgroup:
    """A fresh pids cgroup (v1 ``pids`` hierarchy, or v2 with the ``pids`` controller):
    caps the number of processes of one program and lets us kill every one of them, even
    those that left the process group."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(cls, limit: int) -> "PidsCgroup | None":
        """A new cgroup with ``pids.max = limit``; ``None`` when not permitted here."""
        for root in _CGROUP_ROOTS:
            if not (root / "pids.max").exists() and not (root / "cgroup.procs").exists():
                continue
            if root == Path("/sys/fs/cgroup") and not _v2_has_pids(root):
                continue
            path = root / f"officeeval-{os.getpid()}-{uuid.uuid4().hex[:8]}"
            try:
                path.mkdir()
            except OSError:
                continue
            try:
                (path / "pids.max").write_text(str(limit))
                return cls(path)
            except OSError:
                _rmdir(path)
        return None

    def pids(self) -> list[int]:
        try:
            return [int(x) for x in (self.path / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def kill_all(self, wait: float = 2.0) -> None:
        """SIGKILL every member until the cgroup is empty (or ``wait`` seconds passed)."""
        deadline = time.monotonic() + wait
        while True:
            members = self.pids()
            if not members:
                return
            for pid in members:
                _kill(pid)
            if time.monotonic() > deadline:
                return
            time.sleep(0.005)

    def remove(self) -> None:
        self.kill_all()
        _rmdir(self.path)


def _v2_has_pids(root: Path) -> bool:
    try:
        return "pids" in (root / "cgroup.subtree_control").read_text().split()
    except OSError:
        return False


def _rmdir(path: Path) -> None:
    for _ in range(50):
        try:
            path.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)


def _kill(pid: int, sig: int = signal.SIGKILL) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _parents() -> dict[int, int]:
    """pid -> ppid of every visible process (from /proc)."""
    out: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: split after the last ')'.
        rest = stat[stat.rfind(b")") + 2:].split()
        try:
            out[int(entry.name)] = int(rest[1])
        except (IndexError, ValueError):
            continue
    return out


def descendants(root: int) -> list[int]:
    """Every process below ``root`` in the parent chain (children first found first)."""
    parents = _parents()
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def kill_tree(pid: int) -> None:
    """SIGKILL a process, its process group and every descendant still visible. Processes
    that left both (setsid and re-parented to init) are caught only by a cgroup."""
    found = descendants(pid)
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for p in [pid] + found:
        _kill(p)


def kill_user(uid: int) -> None:
    """SIGKILL every process of ``uid`` (a fresh uid owned by one program: whatever it
    started, wherever it went)."""
    for _ in range(3):
        found = _owned_by(uid)
        if not found:
            return
        for pid in found:
            _kill(pid)
        time.sleep(0.005)


def _owned_by(uid: int) -> list[int]:
    out = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    out.append(int(entry.name))
            except OSError:
                continue
    return out


def count_user_processes(uid: int) -> int:
    """How many processes the user ``uid`` has now (RLIMIT_NPROC counts them all)."""
    n = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    n += 1
            except OSError:
                continue
    return n


def dies_with_this_process():
    """A ``preexec_fn`` for ``subprocess.Popen``: the child is killed (SIGKILL) when the
    process that starts it dies, and exits at once if that process died before the child
    could say so — the window in which ``PR_SET_PDEATHSIG`` alone (and bubblewrap's own
    ``--die-with-parent``, set only after bubblewrap has started) leaves an orphan running
    its program to the end of its time limit. ``None`` where ``prctl`` is not available
    (the caller's tree kill stays the only guard); never raises."""
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def tie() -> None:
        # Runs in the forked child before exec; the death signal survives exec of a
        # non-setuid binary (bwrap, python), which is what we launch.
        prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:
            os._exit(70)
    return tie
