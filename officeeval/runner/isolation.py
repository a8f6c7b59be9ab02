"""How a sandbox is isolated: which mode this machine supports (bubblewrap or rlimits-only),
what the sandbox's interpreter needs to see, and the bubblewrap command line.

Inside bubblewrap the program sees only: the system directories the interpreter needs
(``/usr`` and its merged-usr links, a few files of ``/etc``), the interpreter's own
prefixes (the venv and its base installation) read-only, a fresh ``/proc``, a minimal
``/dev``, a private size-capped ``/tmp``, its work directory at ``/sandbox`` (a private
tmpfs of the run's disk quota: nothing of the host is writable) and the supervisor plus the
program at ``/opt/officeeval`` (read-only).
No network (a new network namespace), no other process (a new pid namespace), never the
rubric, the reference, the samples directory or the repository.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from officeeval.errors import TaskError

PROBE_PREFIX = "officeeval-probe-"  # + pid + "-": the folder of bwrap_usable's trial run
MODE_BWRAP = "bwrap"
MODE_RLIMITS = "rlimits-only"
WORK_MOUNT = "/sandbox"
PROG_MOUNT = "/opt/officeeval"

# Files of /etc a Python program may legitimately read (dynamic linker cache, time zone,
# user lookups, MIME types for images, fonts, TLS roots); passwd/group are generated per
# sandbox. Each is a bind mount, and each mount costs bubblewrap a millisecond or two.
ETC_FILES = ("ld.so.cache", "localtime", "nsswitch.conf", "mime.types", "fonts", "ssl")
MERGED_USR = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")

_PROBE = ("import json, os, site, sys; print(json.dumps({'executable': sys.executable, "
          "'real': os.path.realpath(sys.executable), 'prefix': sys.prefix, "
          "'base_prefix': sys.base_prefix, 'exec_prefix': sys.exec_prefix, "
          "'base_exec_prefix': sys.base_exec_prefix, 'version': sys.version.split()[0], "
          "'site': site.getsitepackages()}))")


@dataclass(frozen=True)
class Interpreter:
    """The Python that runs generated programs and the directories it needs."""

    executable: str
    version: str
    roots: tuple[str, ...]


@functools.lru_cache(maxsize=8)
def interpreter(python: str) -> Interpreter:
    """Probe ``python`` (a path or a command name). Raises ``TaskError`` when it cannot run."""
    exe = shutil.which(python) or python
    try:
        out = subprocess.run([exe, "-I", "-c", _PROBE], capture_output=True, text=True,
                             timeout=60, check=True).stdout
        info = json.loads(out)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        raise TaskError(f"cannot run the sandbox interpreter {python!r}: {exc}") from exc
    exe_abs = os.path.abspath(exe)
    cands = [info["prefix"], info["base_prefix"], info["exec_prefix"],
             info["base_exec_prefix"], os.path.dirname(os.path.dirname(info["real"]))]
    # Each link of the executable's symlink chain must resolve inside the sandbox too.
    link = exe_abs
    for _ in range(20):
        cands.append(os.path.dirname(os.path.dirname(link)))
        if not os.path.islink(link):
            break
        target = os.readlink(link)
        link = os.path.normpath(os.path.join(os.path.dirname(link), target))
    roots: list[str] = []
    for c in sorted({os.path.normpath(c) for c in cands}, key=len):
        if c in ("/", "") or c == "/usr" or c.startswith("/usr/"):
            continue  # /usr is bound anyway; "/" would expose everything
        if any(c == r or c.startswith(r + "/") for r in roots):
            continue
        roots.append(c)
    return Interpreter(exe_abs, info.get("version", ""), tuple(roots))


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def as_root() -> bool:
    return os.geteuid() == 0


def _namespaces() -> list[str]:
    # As root, bubblewrap runs privileged and a user namespace would map the sandbox to uid
    # 0 (exempt from RLIMIT_NPROC): share the user namespace and let the supervisor drop to
    # a fresh uid instead. Unprivileged, a new user namespace is how bubblewrap works.
    if as_root():
        return ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                "--unshare-cgroup-try"]
    return ["--unshare-all"]


def _dirs_for(path: str, made: set[str]) -> list[str]:
    """``--dir`` arguments for the missing ancestors of a mount point, world-traversable
    (bubblewrap would create them 0700, unreadable once privileges are dropped)."""
    args: list[str] = []
    parts = Path(path).parts[1:-1]
    cur = ""
    for part in parts:
        cur += "/" + part
        if cur not in made:
            made.add(cur)
            args += ["--perms", "0755", "--dir", cur]
    return args


def bwrap_command(interp: Interpreter, work: Path | None, prog: Path, tmp_size: int,
                  env: dict[str, str], argv: list[str], work_size: int | None = None
                  ) -> list[str]:
    """The full bubblewrap command line running ``argv`` (inside paths) in a sandbox whose
    work directory is the host's ``work`` bound there, or, when ``work`` is ``None``, a
    private tmpfs of ``work_size`` bytes (the run's disk quota; the supervisor copies the
    task's files in and the output out through descriptors)."""
    bw = bwrap_path()
    if bw is None:
        raise TaskError("bubblewrap is not installed")
    cmd = [bw, *_namespaces(), "--die-with-parent", "--new-session",
           "--hostname", "sandbox", "--ro-bind", "/usr", "/usr"]
    made = {"/usr"}
    for name in MERGED_USR:
        p = Path("/") / name
        if p.is_symlink():
            cmd += ["--symlink", os.readlink(p), str(p)]
        elif p.is_dir():
            cmd += ["--ro-bind", str(p), str(p)]
        made.add(str(p))
    # /proc, /dev and the private /tmp first: a later bind may live below them (a venv in
    # /tmp must not be hidden by the tmpfs mounted over /tmp).
    cmd += ["--proc", "/proc", "--dev", "/dev",
            "--perms", "1777", "--size", str(tmp_size), "--tmpfs", "/tmp",
            "--perms", "0755", "--dir", "/etc"]
    made.update({"/proc", "/dev", "/tmp", "/etc"})
    for name in ETC_FILES:
        p = Path("/etc") / name
        if p.exists():
            cmd += ["--ro-bind", str(p), str(p)]
    cmd += ["--ro-bind", str(prog / "passwd"), "/etc/passwd",
            "--ro-bind", str(prog / "group"), "/etc/group"]
    for root in interp.roots:
        cmd += _dirs_for(root, made)
        cmd += ["--ro-bind", root, root]
        made.add(root)
    if work is None:
        cmd += ["--perms", "0755", "--size", str(work_size or 1 << 20), "--tmpfs", WORK_MOUNT]
    else:
        cmd += ["--bind", str(work), WORK_MOUNT]
    cmd += [*_dirs_for(PROG_MOUNT, made), "--ro-bind", str(prog), PROG_MOUNT,
            "--chdir", WORK_MOUNT, "--clearenv"]
    for k, v in env.items():
        cmd += ["--setenv", k, v]
    return cmd + ["--", *argv]


@functools.lru_cache(maxsize=8)
def bwrap_usable(python: str) -> tuple[bool, str]:
    """Whether bubblewrap can start a sandbox here with this interpreter (it may be
    installed but blocked, e.g. no user namespaces in a container). Returns (ok, reason)."""
    if not sys.platform.startswith("linux"):
        return False, "bubblewrap needs Linux"
    if bwrap_path() is None:
        return False, "bubblewrap (bwrap) is not installed"
    import tempfile
    interp = interpreter(python)
    with tempfile.TemporaryDirectory(prefix=f"{PROBE_PREFIX}{os.getpid()}-") as d:
        prog = Path(d, "prog")
        prog.mkdir()
        for name in ("passwd", "group"):
            (prog / name).write_text("")
        os.chmod(d, 0o755)
        cmd = bwrap_command(interp, None, prog, 1024 * 1024, {"PATH": "/usr/bin:/bin"},
                            [interp.executable, "-I", "-c", "print('ok')"],
                            work_size=1024 * 1024)
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as exc:
            return False, f"bubblewrap failed to start: {exc}"
    if res.returncode != 0 or res.stdout.strip() != "ok":
        why = (res.stderr.strip().splitlines() or [f"exit {res.returncode}"])[-1]
        return False, f"bubblewrap is installed but cannot create a sandbox here: {why}"
    return True, ""


def world_accessible(path: str) -> bool:
    """Whether every directory on the way to ``path`` is traversable by other users (so a
    program running under a fresh uid can still load the interpreter)."""
    p = Path(path)
    for d in [p, *p.parents]:
        try:
            if not os.stat(d).st_mode & 0o001:
                return False
        except OSError:
            return False
    return True
