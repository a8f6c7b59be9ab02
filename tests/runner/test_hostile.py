"""Hostile programs (samples/hostile/programs) are contained and classified, and the next
program still runs. Isolation probes (secrets, network, writes outside) need bubblewrap;
the limit cases run in both modes."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from runner_fixtures import GOOD
from runner_sandboxes import MODES, grade, marker, sandbox_for

from officeeval.runner.limits import Limits

PROGRAMS = Path(__file__).resolve().parents[2] / "samples" / "hostile" / "programs"


def program(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text(encoding="utf-8")


def test_reading_the_rubric_and_reference_fails(task_root, repo):
    sandbox_for("bwrap")
    # The real absolute paths, as if the program knew them.
    targets = [task_root / "rubrics" / "mini-word.xml", task_root / "files" /
               "reference.docx", repo / "rubrics" / "word-l1-notice.xml",
               repo / "samples" / "word-l1-notice" / "reference.docx"]
    code = program("read_secrets").replace(
        'GUESSES = [', "GUESSES = [" + "".join(f"{str(t)!r}, " for t in targets))
    got = grade(task_root, code, "bwrap")
    out = got["sandbox"]["stdout_tail"]
    for t in targets:
        assert f"cannot read {t}: FileNotFoundError" in out
    assert "LEAKED" not in out
    assert got["card"].outcome == "exec_error"
    assert "neither the rubric nor the reference is reachable" in got["card"].outcome_detail


def test_network_is_unreachable(task_root):
    sandbox_for("bwrap")
    got = grade(task_root, program("network"), "bwrap")
    out = got["sandbox"]["stdout_tail"]
    assert "dns: blocked" in out and "tcp: blocked" in out and "CONNECTED" not in out
    assert got["card"].outcome == "exec_error"


def test_writes_outside_the_work_directory_fail_or_vanish(task_root, tmp_path):
    sandbox_for("bwrap")
    outside = tmp_path / "outside"
    outside.mkdir()
    os.chmod(outside, 0o777)  # even a world-writable host directory stays out of reach
    host_paths = [outside / "escaped.txt", Path("/tmp") / f"{marker()}.txt"]
    code = ("import os\n"
            f"for path in {[str(p) for p in host_paths]!r} + ['../escaped.txt', "
            "'/escaped.txt', '/etc/escaped.txt', '/usr/escaped.txt']:\n"
            "    try:\n"
            "        open(path, 'w').write('escaped')\n"
            "        print('WROTE', path)\n"
            "    except OSError as exc:\n"
            "        print('refused', path, type(exc).__name__)\n"
            "import shutil; shutil.copyfile('input.docx', 'output.docx')\n")
    got = grade(task_root, code, "bwrap")
    out = got["sandbox"]["stdout_tail"]
    assert got["card"].outcome == "ok"
    for p in host_paths:
        assert not p.exists()
    # /tmp inside is private: a write there may succeed but lands in a throwaway tmpfs.
    wrote = [ln.split()[1] for ln in out.splitlines() if ln.startswith("WROTE")]
    assert all(w.startswith("/tmp/") for w in wrote), out
    assert not Path("/escaped.txt").exists() and not Path("/etc/escaped.txt").exists()


def test_the_batch_recalculation_service_is_out_of_reach(task_root):
    sandbox_for("bwrap")
    from officeeval import recalc
    from officeeval.recalc.server import ServiceProcess
    if not recalc.available():
        pytest.skip("LibreOffice (soffice) absent: no service to reach")
    service = ServiceProcess.start(instances=1, timeout=60, prestart=False)
    assert service is not None
    try:
        code = ("import glob, json, socket\n"
                "print('FOUND', glob.glob('/tmp/officeeval-recalcd-*'))\n"
                "s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
                "try:\n"
                f"    s.connect({service.address!r})\n"
                "    s.sendall(json.dumps({'path': '/etc/hostname'}).encode() + b'\\n')\n"
                "    print('ANSWERED', s.recv(200))\n"
                "except OSError as exc:\n"
                "    print('refused', type(exc).__name__)\n"
                "import shutil; shutil.copyfile('input.docx', 'output.docx')\n")
        got = grade(task_root, code, "bwrap")
    finally:
        service.close()
    out = got["sandbox"]["stdout_tail"]
    assert "FOUND []" in out and "refused FileNotFoundError" in out, out
    assert "ANSWERED" not in out and got["card"].outcome == "ok"
    assert service.stats == {"instances": 0, "recalculations": 0, "reused": 0, "version": None}


def test_sample_escape_probe_is_refused(task_root):
    sandbox_for("bwrap")
    out = grade(task_root, program("escape_write"), "bwrap")["sandbox"]["stdout_tail"]
    assert "refused ../escaped.txt" in out and "refused /escaped.txt" in out


@pytest.mark.parametrize("mode", MODES)
def test_fork_bomb_is_contained(task_root, mode):
    started = time.monotonic()
    got = grade(task_root, program("fork_bomb"), mode, processes=32, timeout=30)
    card = got["card"]
    assert card.outcome == "exec_killed"
    assert card.outcome_detail == "process limit of 32 reached (fork refused)"
    assert time.monotonic() - started < 30
    # the machine survives: we can still start processes, and a normal program runs
    assert subprocess.run(["true"]).returncode == 0
    assert grade(task_root, GOOD, mode)["card"].score == 100


@pytest.mark.parametrize("mode", MODES)
def test_memory_hog_is_killed(task_root, mode):
    card = grade(task_root, program("memory_hog"), mode, memory="768M", timeout=60)["card"]
    assert card.outcome == "exec_killed"
    assert card.outcome_detail.startswith("memory limit of 768 MiB reached")


@pytest.mark.parametrize("mode", MODES)
def test_endless_loop_times_out(task_root, mode):
    started = time.monotonic()
    card = grade(task_root, program("endless_loop"), mode, timeout=2)["card"]
    assert card.outcome == "exec_timeout"
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("mode", MODES)
def test_killing_its_parent_does_not_kill_us(task_root, mode):
    got = grade(task_root, program("kill_parent"), mode)
    # Its parent is out of reach (another uid, or a namespace's init that ignores it); the
    # process group it then kills is its own.
    assert (got["card"].outcome, got["card"].outcome_detail) == ("exec_killed",
                                                                "killed by SIGKILL")
    if os.geteuid() == 0:
        assert "cannot kill my parent: PermissionError" in got["sandbox"]["stdout_tail"]
    assert grade(task_root, GOOD, mode)["card"].score == 100


@pytest.mark.parametrize("mode", MODES)
def test_multi_gigabyte_file_is_stopped_at_the_size_limit(task_root, mode):
    sb = sandbox_for(mode)
    limits = Limits(file_size=8 * 1024 * 1024, timeout=60)
    with sb.run(program("huge_file"), [task_root / "files" / "input.docx"], "output.docx",
                limits) as run:
        size = (run.workdir / "output.docx").stat().st_size
        total = sum(f.stat().st_size for f in run.workdir.rglob("*") if f.is_file())
        record = run.record
    assert size <= limits.file_size
    assert total <= limits.file_size + 64 * 1024  # the input copy and nothing else
    assert record.errno == 27  # EFBIG
    from officeeval.runner.classify import classify
    outcome, detail = classify(record, "output.docx")
    assert outcome.value == "exec_killed" and "file-size limit of 8 MiB" in detail


def test_not_a_zip_is_invalid_package(task_root):
    card = grade(task_root, program("not_a_zip"), "bwrap")["card"]
    assert card.outcome == "invalid_package" and "not_a_zip" in card.outcome_detail


def test_no_file_is_no_output(task_root):
    card = grade(task_root, program("no_file"), "bwrap")["card"]
    assert (card.outcome, card.outcome_detail) == ("no_output", "no output.docx; the "
                                                   "program wrote no file")

