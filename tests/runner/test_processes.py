"""processes.dies_with_this_process: a launched sandbox never outlives the worker that
launched it, including when the worker dies before the child has asked to be told."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from officeeval.runner import processes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def test_child_runs_while_its_starter_lives():
    tie = processes.dies_with_this_process()
    assert tie is not None
    done = subprocess.run([sys.executable, "-c", "print('ran')"], preexec_fn=tie,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "ran\n")


def test_child_is_killed_when_its_starter_is_killed(tmp_path):
    pidfile = tmp_path / "pid"
    starter = textwrap.dedent(f"""
        import subprocess, time
        from officeeval.runner import processes
        p = subprocess.Popen(["sleep", "120"], preexec_fn=processes.dies_with_this_process())
        open({str(pidfile)!r}, "w").write(str(p.pid))
        time.sleep(120)
    """)
    proc = subprocess.Popen([sys.executable, "-c", starter])
    deadline = time.monotonic() + 60
    while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    sleeper = int(pidfile.read_text())
    assert _alive(sleeper)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 30
    while _alive(sleeper) and time.monotonic() < deadline:
        time.sleep(0.05)
    gone = not _alive(sleeper)
    if not gone:
        os.kill(sleeper, signal.SIGKILL)
    assert gone


def test_child_exits_at_once_when_its_starter_is_already_gone():
    # The tie was made for this process; a child forked by another process (as if ours had
    # died and the child been handed to someone else) must not run its program.
    tie = processes.dies_with_this_process()
    pid = os.fork()
    if pid == 0:
        try:
            code = subprocess.run(["sleep", "30"], preexec_fn=tie, timeout=60).returncode
        except BaseException:  # noqa: BLE001 - the forked test child reports by exit code
            code = 99
        os._exit(code if 0 <= code < 256 else 98)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 70
