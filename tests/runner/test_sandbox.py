"""The sandbox on real programs, in both isolation modes: what the program sees, what is
kept of how it ran, and that nothing it starts outlives it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from officeeval.runner import folders, isolation
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox, SandboxConfig

from runner_fixtures import GOOD, WRONG_NAME
from runner_sandboxes import MODES, grade, marker, processes_with, sandbox_for


@pytest.mark.parametrize("mode", MODES)
def test_a_good_program_is_graded(task_root, mode):
    got = grade(task_root, GOOD, mode)
    card, sb = got["card"], got["sandbox"]
    assert (card.outcome, card.score) == ("ok", 100.0)
    assert sb["mode"] == ("bwrap" if mode == "bwrap" else "rlimits-only")
    assert sb["exit_code"] == 0 and sb["output_found"] and sb["files_written"] == [
        "output.docx"]
    assert sb["wall_seconds"] > 0 and sb["cpu_seconds"] > 0
    assert sb["process_limit"] in ("rlimit_nproc", "cgroup_pids+rlimit_nproc")
    assert sb["tree_kill"] in ("pid_namespace", "cgroup", "uid", "process_group")
    if mode != "bwrap":
        assert any("rlimits-only" in w for w in sb["warnings"])
    else:
        assert sb["warnings"] == []


@pytest.mark.parametrize("mode", MODES)
def test_work_directory_and_environment(task_root, mode, monkeypatch):
    monkeypatch.setenv("OFFICEEVAL_TEST_SECRET", "hunter2")
    code = ("import os, sys\n"
            "print(sorted(os.listdir('.')))\n"
            "print('SECRET' if any('hunter2' in v for v in os.environ.values()) else 'clean')\n"
            "print(sys.argv)\n")
    sb = grade(task_root, code, mode)["sandbox"]
    out = sb["stdout_tail"].splitlines()
    assert out[0] == "['input.docx']"          # only the task's input, no program file
    assert out[1] == "clean"                   # nothing of the evaluator's environment
    assert out[2].endswith("program.py']")


@pytest.mark.parametrize("mode", MODES)
def test_exception_type_and_last_traceback_line(task_root, mode):
    code = "x = 1\n\ndef f():\n    return {}['missing']\n\nf()\n"
    got = grade(task_root, code, mode)
    card, sb = got["card"], got["sandbox"]
    assert card.outcome == "exec_error" and card.outcome_detail == "KeyError: 'missing'"
    assert (sb["exception_type"], sb["exit_code"]) == ("KeyError", 1)
    assert 'program.py", line 4, in f' in sb["stderr_tail"]
    assert "return {}['missing']" in sb["stderr_tail"]  # the source line, as python shows it
    assert "bootstrap" not in sb["stderr_tail"] and "runpy" not in sb["stderr_tail"]
    assert all(c.status == "skipped" for c in card.criteria)


@pytest.mark.parametrize("mode", MODES)
def test_program_finds_its_input_next_to_its_own_file(task_root, mode):
    # Many generated programs locate files from __file__, as if saved in the work directory.
    code = ("import os, shutil\n"
            "here = os.path.dirname(os.path.abspath(__file__))\n"
            "print(here == os.getcwd(), __name__)\n"
            "shutil.copyfile(os.path.join(here, 'input.docx'), "
            "os.path.join(here, 'output.docx'))\n")
    got = grade(task_root, code, mode)
    assert got["card"].outcome == "ok"
    assert got["sandbox"]["stdout_tail"] == "True __main__\n"
    assert got["sandbox"]["files_written"] == ["output.docx"]


@pytest.mark.parametrize("mode", MODES)
def test_exit_status_syntax_error_and_wrong_name(task_root, mode):
    card = grade(task_root, "import sys\nsys.exit(3)\n", mode)["card"]
    assert (card.outcome, card.outcome_detail) == ("exec_error", "exited with status 3")
    card = grade(task_root, "def f(:\n", mode)["card"]
    assert card.outcome == "exec_error" and card.outcome_detail.startswith("SyntaxError")
    got = grade(task_root, WRONG_NAME, mode)
    assert got["card"].outcome == "no_output"
    assert got["card"].outcome_detail == "no output.docx; the program wrote: result.docx"
    assert got["sandbox"]["files_written"] == ["result.docx"]


@pytest.mark.parametrize("mode", MODES)
def test_unclosed_files_are_flushed_at_exit(task_root, mode):
    code = ("import shutil\nf = open('notes.txt', 'w')\nf.write('x' * 10)\n"
            "shutil.copyfile('input.docx', 'output.docx')\n")
    sb = grade(task_root, code, mode)["sandbox"]
    assert sb["files_written"] == ["notes.txt", "output.docx"]


@pytest.mark.parametrize("mode", MODES)
def test_wall_clock_timeout_kills_a_sleeping_program(task_root, mode):
    started = time.monotonic()
    card = grade(task_root, "import time\ntime.sleep(600)\n", mode, timeout=1.5)["card"]
    assert card.outcome == "exec_timeout"
    assert "wall-clock limit of 1.5 s" in card.outcome_detail
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("mode", MODES)
def test_cpu_limit(task_root, mode):
    card = grade(task_root, "while True:\n    pass\n", mode, cpu=1, timeout=30)["card"]
    assert (card.outcome, card.outcome_detail) == ("exec_timeout",
                                                   "CPU-time limit of 1 s exceeded")


@pytest.mark.parametrize("mode", MODES)
def test_output_flood_is_capped(task_root, mode):
    code = "while True:\n    print('x' * 1000)\n"
    got = grade(task_root, code, mode, file_size="1M", timeout=30)
    assert got["card"].outcome == "exec_killed"
    assert "file-size limit of 1 MiB" in got["card"].outcome_detail
    assert len(got["sandbox"]["stdout_tail"]) <= 4001


@pytest.mark.parametrize("mode", MODES)
def test_nothing_outlives_the_program(task_root, mode):
    child, daemon = marker(), marker()
    # A background child, and a double-forked daemon in its own session.
    code = (
        "import os, subprocess, sys, shutil\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)', '{child}'])\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        os.execv(sys.executable, [sys.executable, '-c', 'import time; "
        f"time.sleep(300)', '{daemon}'])\n"
        "    os._exit(0)\n"
        "shutil.copyfile('input.docx', 'output.docx')\n")
    got = grade(task_root, code, mode)
    assert got["card"].outcome == "ok"
    tags = [child, daemon]
    if got["sandbox"]["tree_kill"] == "process_group":
        # Documented limit of the weakest mode (no namespace, no cgroup, not root): only
        # the process group and visible descendants can be found.
        tags = [child]
    deadline = time.monotonic() + 5
    while any(processes_with(t) for t in tags) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [processes_with(t) for t in tags] == [[] for _ in tags]
    for t in [child, daemon]:  # never leave them running, whatever the mode
        for pid in processes_with(t):
            os.kill(pid, 9)


@pytest.mark.parametrize("mode", MODES)
def test_work_directory_is_removed(task_root, mode, tmp_path):
    sb = sandbox_for(mode)
    with sb.run("open('output.docx', 'w').write('x')", [task_root / "files" / "input.docx"],
                "output.docx", Limits(timeout=20)) as run:
        base = run.workdir.parent
        assert run.output is not None and run.output.read_text() == "x"
    assert not base.exists()


def test_bwrap_hides_the_host(task_root, repo):
    sandbox_for("bwrap")
    code = ("import os\n"
            f"for p in [{str(repo)!r}, {str(task_root)!r}, '/root', '/home', '/work']:\n"
            "    try:\n"
            "        print(p, sorted(os.listdir(p)))\n"
            "    except OSError as e:\n"
            "        print(p, type(e).__name__)\n"
            "print('uid', os.getuid(), 'pid', os.getpid())\n")
    out = grade(task_root, code, "bwrap")["sandbox"]["stdout_tail"]
    assert "rubrics" not in out and "samples" not in out and "mini-word" not in out
    seen = dict(line.split(" ", 1) for line in out.splitlines() if line.startswith("/"))
    # A checkout whose venv lives inside it (a clone in /tmp, as CI's plain run has) shows
    # the folders leading to the bound interpreter, and nothing else of the repository.
    leading = {Path(r).relative_to(repo).parts[0]
               for r in isolation.interpreter(sys.executable).roots
               if Path(r).is_relative_to(repo)}
    listed = ast.literal_eval(seen[str(repo)]) if seen[str(repo)].startswith("[") else []
    assert set(listed) <= leading and "officeeval" not in listed, seen[str(repo)]
    assert seen[str(task_root)] == "FileNotFoundError"
    if os.geteuid() == 0:
        # privileges dropped to a fresh uid; a new pid namespace (pid 1 is bubblewrap's)
        uid = int(out.split("uid ")[1].split()[0])
        assert uid >= 1 << 24
    assert int(out.split("pid ")[1]) < 10


def test_the_machine_still_forks_afterwards():
    assert subprocess.run(["true"]).returncode == 0


def test_stale_run_directories_are_swept(tmp_path):
    from officeeval.runner.sandbox import RUN_PREFIX
    from officeeval.runner.sweep import sweep
    gone = subprocess.Popen(["true"])
    gone.wait()
    old = time.time() - 7200

    def run_dir(pid, age_s=None, name="x"):
        d = tmp_path / f"{RUN_PREFIX}{pid}-{name}"
        (d / "work").mkdir(parents=True)
        (d / "work" / "output.docx").write_bytes(b"left behind")
        if age_s is not None:
            os.utime(d, (old, old))
        return d

    stale = run_dir(gone.pid, age_s=7200)
    recent = run_dir(gone.pid, name="recent")              # its process is gone, but not long
    live = run_dir(os.getpid(), age_s=7200)                 # an old run of a live process
    other = tmp_path / "officeeval-results"                 # not ours to sweep
    other.mkdir()
    os.utime(other, (old, old))
    assert sweep(str(tmp_path), pipes=tmp_path) == 1  # pipes: none here (not /tmp's)
    assert not stale.exists()
    assert recent.exists() and live.exists() and other.exists()


def test_run_directories_carry_their_owner(tmp_path):
    from officeeval.runner.sandbox import RUN_PREFIX, Sandbox, SandboxConfig
    sb = Sandbox(SandboxConfig(isolation="rlimits", tmp_root=str(tmp_path)))
    with sb.run("print('hi')\n", [], "output.docx", Limits(timeout=30)) as run:
        assert run.workdir.parent.name.startswith(f"{RUN_PREFIX}{os.getpid()}-")


def test_an_interpreter_living_under_tmp_is_not_charged_to_the_disk_quota():
    """A clone in /tmp has its venv there: bubblewrap binds it (read-only) inside the
    sandbox's private /tmp, and the quota watch must not count its files as the program's."""
    if not isolation.bwrap_usable(sys.executable)[0]:
        pytest.skip("bubblewrap unavailable")
    home = Path(tempfile.mkdtemp(prefix="officeeval-test-venv-"))
    try:
        venv = home / "venv"
        subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv",
                        "--without-pip", str(venv)], check=True, timeout=120)
        filler = venv / "lib" / "filler"
        filler.mkdir()
        for i in range(300):
            (filler / f"f{i}.py").write_text("x = 1\n")
        python = str(venv / "bin" / "python")
        assert any(r.startswith(str(home)) for r in isolation.interpreter(python).roots)
        sb = Sandbox(SandboxConfig(isolation="bwrap", python=python))
        with sb.run("open('output', 'w').write('done')\n", [], "output",
                    Limits(timeout=60, files=100)) as run:
            rec, output = run.record, run.output
            assert output is not None and output.read_text() == "done"
        assert rec.quota.get("exceeded") is None, rec
        assert rec.exit_code == 0
    finally:
        folders.remove(str(home))
