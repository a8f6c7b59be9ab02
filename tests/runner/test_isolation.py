"""The bubblewrap command line (no process is started here): what is mounted, read-only or
not, and in which order."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from officeeval.runner import isolation
from officeeval.runner.isolation import Interpreter, bwrap_command

pytestmark = pytest.mark.skipif(isolation.bwrap_path() is None, reason="no bubblewrap")


def _binds(cmd: list[str]) -> list[tuple[str, str, str]]:
    out = []
    for i, a in enumerate(cmd):
        if a in ("--bind", "--ro-bind"):
            out.append((a, cmd[i + 1], cmd[i + 2]))
    return out


def test_mounts_and_their_order(tmp_path):
    interp = Interpreter("/tmp/somewhere/venv/bin/python", "3.11",
                         ("/tmp/somewhere/venv", "/opt/python3.11"))
    work, prog = tmp_path / "work", tmp_path / "prog"
    cmd = bwrap_command(interp, work, prog, 1 << 20, {"HOME": "/sandbox"},
                        ["/tmp/somewhere/venv/bin/python", "-c", "pass"])
    binds = _binds(cmd)
    writable = [b for b in binds if b[0] == "--bind"]
    assert writable == [("--bind", str(work), "/sandbox")]      # the only writable path
    assert ("--ro-bind", "/usr", "/usr") in binds
    assert ("--ro-bind", str(prog), "/opt/officeeval") in binds
    assert ("--ro-bind", "/tmp/somewhere/venv", "/tmp/somewhere/venv") in binds
    # the private /tmp is mounted before a venv that lives under /tmp (else it hides it)
    assert cmd.index("--tmpfs") < cmd.index("/tmp/somewhere/venv")
    assert "--die-with-parent" in cmd and "--new-session" in cmd and "--clearenv" in cmd
    assert "--unshare-net" in cmd or "--unshare-all" in cmd
    assert cmd[cmd.index("--") + 1:] == ["/tmp/somewhere/venv/bin/python", "-c", "pass"]
    # nothing else of the host: only system paths, the interpreter and the two run dirs
    allowed = ("/usr", "/lib", "/lib64", "/bin", "/sbin", "/lib32", "/libx32", "/etc/",
               "/tmp/somewhere/venv", "/opt/python3.11", str(tmp_path))
    for _, src, _ in binds:
        assert src.startswith(allowed), src


def test_interpreter_roots_of_this_venv(repo):
    interp = isolation.interpreter(sys.executable)
    assert interp.roots and all(not r.startswith("/usr") and r != "/" for r in interp.roots)
    # the repository itself is never a root (only its .venv, when the venv lives there)
    assert all(Path(r) != repo for r in interp.roots)
