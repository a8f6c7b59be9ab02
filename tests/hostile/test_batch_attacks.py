"""A batch under attack: programs written to crash it, hide their own failure, poison later
batches, raise their score by making the evaluator fail, fill the disk, escape through the
manifest or leave things behind. Each attack is a small program (batch_attacks.py) run
through the real ``officeeval batch`` (bubblewrap where it is installed, as users run it).

Whatever they do: the batch exits 0 or 5, every generation of the manifest is one stored
row (a rerun too), a forged status is stored as the failure it is, the disk fillers are
stopped, escaped outputs are refused with their line, the LibreOffice-timeout trick scores
no more than the same wrong workbook without it, and nothing of the batch is left in its
temp folder or in ``/tmp`` (no ``officeeval-*`` folder, no ``OSL_PIPE_*_officeeval_*``)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import batch_attacks as A  # noqa: E402

from officeeval.runner import folders, sweep  # noqa: E402
from officeeval.runner.limits import GIB, MIB, Limits  # noqa: E402
from officeeval.runner.sandbox import Sandbox, SandboxConfig, SandboxError  # noqa: E402
from officeeval.runner.sandbox_record import SandboxRecord, parse_status  # noqa: E402


def _rows(out: Path) -> dict[tuple[str, int], dict]:
    con = sqlite3.connect(out / "results.sqlite")
    con.row_factory = sqlite3.Row
    return {(r["model"], r["sample"]): dict(r) for r in con.execute("SELECT * FROM generations")}


def _sandbox(mode: str, tmp_root: Path | None = None) -> Sandbox:
    try:
        return Sandbox(SandboxConfig(isolation=mode, tmp_root=str(tmp_root) if tmp_root
                                     else None))
    except SandboxError as exc:
        pytest.skip(f"{mode} sandbox unavailable: {exc}")


# ------------------------------------------------------------------------ the whole batch
@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    """One batch of every program attack plus escaping manifest lines, run twice (the
    second time with --rerun), through the CLI."""
    root = tmp_path_factory.mktemp("attacks")
    A.build_tasks(root)
    (root / "made.docx").write_bytes((root / "files" / "reference.docx").read_bytes())
    (root / "escape.docx").symlink_to("/etc/passwd")
    w = "attack-word"
    lines = [
        {"task": w, "model": "honest", "sample": 1, "code": A.GOOD_WORD},
        {"task": w, "model": "honest", "sample": 2, "code": A.FAILING},
        {"task": w, "model": "cheater", "sample": 1, "code": A.GOOD_WORD},
        {"task": w, "model": "cheater", "sample": 2, "code": A.FORGED_STATUS},
        {"task": w, "model": "attacker", "sample": 1, "code": A.SURROGATE_EXCEPTION},
        {"task": w, "model": "attacker", "sample": 2, "code": A.NOT_UTF8_EVERYWHERE},
        {"task": w, "model": "attacker", "sample": 3, "code": A.DEEP_FOLDERS},
        {"task": w, "model": "attacker", "sample": 4, "code": A.DISK_FILLER},
        {"task": w, "model": "attacker", "sample": 5, "code": A.MANY_FILES},
        {"task": w, "model": "attacker", "sample": 6, "code": A.SYMLINK_OUTPUT},
        {"task": w, "model": "attacker", "sample": 7, "code": A.FIFO_OUTPUT},
        {"task": w, "model": "attacker", "sample": 8, "code": A.FOLDER_OUTPUT},
        {"task": w, "model": "attacker", "sample": 9, "code": A.GOOD_WORD,
         "limits": {"timeout": 604800, "memory": "1T", "disk": "1T", "files": 10 ** 9}},
        {"task": w, "model": "agent", "sample": 1, "output": "../../../../etc/passwd"},  # 14
        {"task": w, "model": "agent", "sample": 2, "output": "/etc/passwd"},             # 15
        {"task": w, "model": "agent", "sample": 3, "output": "escape.docx"},             # 16
        {"task": w, "model": "agent", "sample": 4, "output": "files/reference.docx"},    # 17
        {"task": w, "model": "agent", "sample": 5, "output": "made.docx"},
    ]
    manifest = A.write_manifest(root / "m.jsonl", lines)
    tmpdir = A.short_tmpdir()
    args = ["batch", str(manifest), "-o", str(root / "out"), "--tasks", str(root / "rubrics"),
            "--jobs", "2", "--timeout", "60"]
    first = A.run_cli(args, root, tmpdir)
    rows_first = _rows(root / "out")
    again = A.run_cli(args + ["--rerun"], root, tmpdir)
    yield {"root": root, "first": first, "again": again, "rows_first": rows_first,
           "rows": _rows(root / "out"), "tmpdir": tmpdir, "lines": lines}
    folders.remove(str(tmpdir))


def test_the_batch_finishes_with_one_stored_result_per_generation(attacked):
    for run in (attacked["first"], attacked["again"]):
        assert run.returncode in (0, 5), run.stderr[-3000:]
        assert "Traceback" not in run.stderr, run.stderr[-3000:]
    valid = [ln for ln in attacked["lines"] if "code" in ln or ln["output"] == "made.docx"]
    expected = {(ln["model"], ln["sample"]) for ln in valid}
    for rows in (attacked["rows_first"], attacked["rows"]):
        assert set(rows) == expected
    con = sqlite3.connect(attacked["root"] / "out" / "results.sqlite")
    assert con.execute("SELECT COUNT(*) FROM generations").fetchone()[0] == len(expected)
    assert (attacked["root"] / "out" / "report" / "index.html").is_file()


def test_escaped_outputs_are_refused_with_their_line(attacked):
    con = sqlite3.connect(attacked["root"] / "out" / "results.sqlite")
    issues = dict(con.execute("SELECT line, message FROM manifest_issues"))
    assert sorted(issues) == [14, 15, 16, 17]
    for n in (14, 15, 16):
        assert "resolves outside" in issues[n] and "refused" in issues[n]
    assert "the task's own reference file" in issues[17]
    assert attacked["rows"][("agent", 5)]["outcome"] == "ok"


def test_the_forged_status_is_stored_as_the_failure_it_is(attacked):
    row = attacked["rows"][("cheater", 2)]
    assert row["outcome"] == "exec_error"
    assert row["outcome_detail"] == "exited with status 1"
    sandbox = json.loads(row["sandbox"])
    assert sandbox["started"] and not sandbox["refused"] and sandbox["exit_code"] == 1
    assert not any("unexpected line" in w for w in sandbox["warnings"])
    # The honest model and the cheater handed in the same solution and one failure each.
    from officeeval import analysis
    models = {m["model"]: m for m in analysis.per_model(analysis.load(attacked["root"] / "out"))}
    assert models["cheater"]["sr"] == pytest.approx(models["honest"]["sr"]) == 0.5
    assert models["cheater"]["generations"] == models["honest"]["generations"] == 2


def test_text_that_is_not_utf8_is_stored_escaped(attacked):
    exc_row = attacked["rows"][("attacker", 1)]
    assert exc_row["outcome"] == "exec_error"
    assert exc_row["outcome_detail"] == "RuntimeError: \\xff and \\ud800"
    row = attacked["rows"][("attacker", 2)]
    assert row["outcome"] == "ok"
    sandbox = json.loads(row["sandbox"])
    assert "\\xff\\xfe.txt" in sandbox["files_written"]
    assert "dir\\xff/\\xc3(.bin" in sandbox["files_written"]
    assert sandbox["stdout_tail"].startswith("out \ufffd")


def test_deep_folders_are_graded_and_leave_nothing(attacked):
    row = attacked["rows"][("attacker", 3)]
    assert row["outcome"] == "ok"
    sandbox = json.loads(row["sandbox"])
    assert sandbox["stdout_tail"] == "nested 1200 folders\n"
    assert sandbox["files_total"] >= 1202  # counted, however deep


def test_disk_fillers_are_stopped(attacked):
    row = attacked["rows"][("attacker", 4)]
    assert row["outcome"] == "exec_killed"
    assert "disk quota of 256 MiB" in row["outcome_detail"]
    sandbox = json.loads(row["sandbox"])
    assert sandbox["quota"]["bytes"] == 256 * MIB
    assert sandbox["wall_seconds"] < 30
    row = attacked["rows"][("attacker", 5)]
    assert row["outcome"] == "exec_killed"
    assert "disk quota of 10000 files exceeded" in row["outcome_detail"]
    assert json.loads(row["sandbox"])["wall_seconds"] < 30


@pytest.mark.parametrize("sample, what", [(6, "a symbolic link (to /etc/passwd)"),
                                          (7, "a FIFO (named pipe)"), (8, "a folder")])
def test_odd_outputs_are_named_truthfully(attacked, sample, what):
    row = attacked["rows"][("attacker", sample)]
    assert row["outcome"] == "no_output"
    assert row["outcome_detail"] == f"output.docx is {what}, not a regular file: nothing " \
                                    f"was graded"
    sandbox = json.loads(row["sandbox"])
    assert "output.docx" in sandbox["files_written"] or sample == 8


def test_manifest_limits_cannot_loosen_the_batch_limits(attacked):
    row = attacked["rows"][("attacker", 9)]
    assert row["outcome"] == "ok"
    limits = json.loads(row["sandbox"])["limits"]
    assert limits["timeout"] == 60 and limits["memory"] == 2 * GIB
    assert limits["disk"] == Limits().disk and limits["files"] == Limits().files


def test_nothing_is_left_in_tmp(attacked):
    for run in (attacked["first"], attacked["again"]):
        assert A.leftovers(attacked["tmpdir"], run) == []


# ----------------------------------------------------------------- the LibreOffice trick
@pytest.mark.libreoffice
def test_the_libreoffice_timeout_trick_scores_no_more(tmp_path, request):
    from officeeval import recalc
    if not recalc.available():
        pytest.skip("LibreOffice (soffice) absent")
    A.build_tasks(tmp_path)
    x = "attack-excel"
    manifest = A.write_manifest(tmp_path / "m.jsonl", [
        {"task": x, "model": "plain", "sample": 1, "code": A.EXCEL_WRONG.format(extra="")},
        {"task": x, "model": "trick", "sample": 1,
         "code": A.EXCEL_WRONG.format(extra=A.HEAVY)}])
    tmpdir = A.short_tmpdir()
    request.addfinalizer(lambda: folders.remove(str(tmpdir)))
    run = A.run_cli(["batch", str(manifest), "-o", str(tmp_path / "out"), "--tasks",
                     str(tmp_path / "rubrics"), "--jobs", "2", "--no-report"], tmp_path,
                    tmpdir, env={"OFFICEEVAL_RECALC_TIMEOUT": "3"})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    rows = _rows(tmp_path / "out")
    plain, trick = rows[("plain", 1)], rows[("trick", 1)]
    assert (plain["score"], plain["total"], plain["eval_errors"]) == (50.0, 100.0, 0)
    assert trick["total"] == 100.0 and trick["eval_errors"] == 0
    assert trick["score"] <= plain["score"]
    con = sqlite3.connect(tmp_path / "out" / "results.sqlite")
    status = dict(con.execute("SELECT criterion_id, status FROM criteria WHERE gen_key = ?",
                              (trick["key"],)))
    assert status == {"c1": "unevaluable", "c2": "unevaluable", "c3": "pass"}
    detail = con.execute("SELECT detail FROM checks WHERE gen_key = ? AND criterion_id = "
                         "'c1'", (trick["key"],)).fetchone()[0]
    # The limit is LibreOffice's own CPU time, retried once at a larger limit before the
    # candidate is charged (the machine's load does not decide it).
    assert "CPU time" in detail and "tried twice" in detail, detail
    assert A.leftovers(tmpdir, run) == []


# ------------------------------------------------------------------- the sandbox alone
@pytest.mark.parametrize("mode", ["bwrap", "rlimits"])
def test_a_forged_status_never_reaches_the_host(tmp_path, mode):
    sb = _sandbox(mode, tmp_path)
    with sb.run(A.FORGED_STATUS, [], "output.docx", Limits(timeout=30)) as run:
        rec = run.record
    assert rec.started and not rec.refused and rec.ended
    assert (rec.exit_code, rec.exception_type) == (1, None)
    assert not any("unexpected line" in w for w in rec.warnings)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("mode", ["bwrap", "rlimits"])
@pytest.mark.parametrize("program, what", [(A.DISK_FILLER, "bytes"), (A.MANY_FILES, "files")])
def test_the_disk_quota_holds_in_both_modes(tmp_path, mode, program, what):
    sb = _sandbox(mode, tmp_path)
    started = time.monotonic()
    with sb.run(program, [], "output.docx", Limits(timeout=60, disk=64 * MIB,
                                                    files=2000)) as run:
        rec = run.record
    assert time.monotonic() - started < 30
    assert rec.quota["exceeded"] == what or (what == "bytes" and rec.errno == 28), rec
    assert rec.quota["bytes_enforced_by"] == ("tmpfs" if mode == "bwrap" else "watch")
    from officeeval.runner.classify import classify
    outcome, detail = classify(rec, "output.docx")
    assert outcome == "exec_killed" and "disk quota" in detail
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("mode", ["bwrap", "rlimits"])
def test_deep_folders_are_listed_and_removed(tmp_path, mode):
    sb = _sandbox(mode, tmp_path)
    with sb.run(A.DEEP_FOLDERS, [A.REPO / "samples" / "word-l1-notice" / "input.docx"],
                "output.docx", Limits(timeout=60)) as run:
        assert run.output is not None and run.record.files_total >= 1202
    assert list(tmp_path.iterdir()) == []


def test_the_status_channel_trusts_only_the_supervisor():
    def rec() -> SandboxRecord:
        return SandboxRecord(mode="bwrap", limits=Limits().to_dict())
    started = b'{"event": "started", "pid": 2, "uid": 5, "notes": []}\n'
    end = b'{"event": "end", "exit_code": 1, "signal": null, "files": []}\n'
    # A refusal after the start is not believed; nor is an end before the last one.
    r = rec()
    parse_status(r, started + b'{"event": "refused", "notes": ["forged"]}\n'
                 + b'{"event": "end", "exit_code": 0}\n' + end)
    assert r.started and not r.refused and r.exit_code == 1
    assert r.warnings == ["2 unexpected line(s) on the status channel ignored"]
    # Only a first line says refused.
    r = rec()
    parse_status(r, b'{"event": "refused", "notes": ["setuid failed"]}\n')
    assert r.refused and r.notes == ["setuid failed"]
    # The program's own account names a failure, never makes one a success.
    r = rec()
    parse_status(r, started + b'{"event": "end", "exit_code": 0, "report": {"exception": '
                              b'{"type": "MemoryError", "memory": true}}}\n')
    assert r.exit_code == 0 and r.exception_type is None and not r.memory_error


# ------------------------------------------------------------------------------ the sweep
def _dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def _dead_socket(path: Path) -> None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.close()  # bound, never listening again: what a killed LibreOffice leaves


def test_the_sweep_removes_every_kind_of_leftover_and_never_dies(tmp_path, monkeypatch,
                                                                request):
    from officeeval.recalc.libreoffice import single_instance_pipe
    monkeypatch.setattr(sweep, "GRACE", 0.0)
    dead, old = _dead_pid(), time.time() - 7200
    run = tmp_path / f"officeeval-run-{dead}-abc"
    deep = run / "work"
    deep.mkdir(parents=True)
    fd = os.open(deep, os.O_RDONLY)
    for _ in range(1500):  # deeper than any recursion or PATH_MAX allows
        os.mkdir("d" * 40, dir_fd=fd)
        nxt = os.open("d" * 40, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = nxt
    os.mkfifo("fifo", dir_fd=fd)
    os.close(fd)
    for i in range(3000):
        (run / "work" / f"f{i}").write_bytes(b"")
    probe = tmp_path / f"officeeval-probe-{dead}-x"
    service = tmp_path / f"officeeval-recalcd-{dead}-x"
    legacy = tmp_path / "officeeval-recalcd-oldname"
    lo = tmp_path / f"officeeval-recalc-{dead}-x"
    for d in (probe, service, legacy, lo / "profile"):
        d.mkdir(parents=True)
    _dead_socket(service / "socket")
    _dead_socket(legacy / "socket")
    # A short folder of its own: a socket's path must fit in 108 bytes.
    pipe_dir = Path(tempfile.mkdtemp(prefix="oe-pipes-", dir="/tmp"))
    request.addfinalizer(lambda: shutil.rmtree(pipe_dir, ignore_errors=True))
    monkeypatch.setattr(sweep, "PIPE_DIR", pipe_dir)
    profile_pipe = pipe_dir / single_instance_pipe(lo / "profile")
    _dead_socket(profile_pipe)
    stale_pipe = pipe_dir / f"OSL_PIPE_{os.getuid()}_officeeval_{dead}_0a1b"
    _dead_socket(stale_pipe)
    live_pipe = pipe_dir / f"OSL_PIPE_{os.getuid()}_officeeval_{dead}_ffff"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(live_pipe))
    listener.listen(1)
    kept = [tmp_path / f"officeeval-run-{os.getpid()}-live",  # its process is alive
            tmp_path / "officeeval-results",                  # not ours to sweep
            tmp_path / "officeeval-run-notapid",              # no pid: never guessed
            tmp_path / f"officeeval-run-{dead}-held"]         # its lock is held
    for d in kept:
        d.mkdir()
    held = sweep.hold(kept[-1])
    request.addfinalizer(lambda: os.close(held))
    # A run folder whose lock nobody holds goes as soon as it is older than GRACE, even
    # within the hour (its process died, whatever its pid namespace).
    unlocked = tmp_path / f"officeeval-run-{dead}-unlocked"
    unlocked.mkdir()
    os.close(sweep.hold(unlocked))
    odd = tmp_path / f"officeeval-run-{dead}-link"
    odd.symlink_to("/etc")                                    # never followed
    for p in [run, probe, service, legacy, lo, odd, *kept]:
        os.utime(p, (old, old), follow_symlinks=False)
    monkeypatch.setattr(sweep, "GRACE", 5.0)
    recent = time.time() - 10
    os.utime(unlocked, (recent, recent))
    try:
        removed = sweep.sweep(str(tmp_path), pipes=pipe_dir)
    finally:
        listener.close()
    assert not run.exists() and not probe.exists() and not service.exists()
    assert not unlocked.exists()
    assert not legacy.exists() and not lo.exists() and not profile_pipe.exists()
    assert not stale_pipe.exists()
    assert live_pipe.exists()                                 # someone listens: kept
    assert all(d.exists() for d in kept) and odd.is_symlink() and Path("/etc").is_dir()
    assert removed == 8


def test_the_sweep_survives_what_it_cannot_remove(tmp_path, monkeypatch):
    monkeypatch.setattr(sweep, "GRACE", 0.0)
    dead = _dead_pid()
    weird = tmp_path / f"officeeval-run-{dead}-x"
    weird.mkdir()
    os.utime(weird, (0, 0))
    monkeypatch.setattr(folders, "remove", lambda path: (_ for _ in ()).throw(OSError("no")))
    assert sweep.sweep(str(tmp_path), pipes=None) == 0      # no exception, nothing claimed


@pytest.mark.libreoffice
def test_a_killed_batch_leaves_nothing_after_the_next_sweep(tmp_path, monkeypatch, request):
    from officeeval import recalc
    if not recalc.available():
        pytest.skip("LibreOffice (soffice) absent")
    A.build_tasks(tmp_path)
    manifest = A.write_manifest(tmp_path / "m.jsonl", [
        {"task": "attack-excel", "model": "m", "sample": i,
         "code": A.EXCEL_WRONG.format(extra="import time; time.sleep(30)")}
        for i in (1, 2)])
    tmpdir = A.short_tmpdir()
    request.addfinalizer(lambda: folders.remove(str(tmpdir)))
    env = {**os.environ, "TMPDIR": str(tmpdir)}
    proc = subprocess.Popen([sys.executable, "-m", "officeeval", "batch", str(manifest),
                             "-o", str(tmp_path / "out"), "--tasks", str(tmp_path / "rubrics"),
                             "--jobs", "2", "--no-report"], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    seen: set[str] = set()
    pids: set[int] = {proc.pid}
    deadline = time.monotonic() + 120
    # Wait until the service and the runs are there, then kill everything of the batch.
    while time.monotonic() < deadline:
        pids |= A.descendants(proc.pid)
        names = set(os.listdir(tmpdir))
        seen |= names
        if any(n.startswith("officeeval-recalcd-") for n in names) and \
                any(n.startswith("officeeval-run-") for n in names):
            break
        time.sleep(0.1)
    else:
        os.killpg(proc.pid, 9)
        pytest.fail("the batch never got going")
    time.sleep(1.0)
    pids |= A.descendants(proc.pid)
    seen |= set(os.listdir(tmpdir))
    born = {p: t for p in pids if (t := A.start_time(p)) is not None}
    pids = set(born)
    os.killpg(proc.pid, 9)
    proc.wait()
    # What left the process group (LibreOffice and its worker, the sandboxes) ends on its
    # own once the batch is gone: the worker kills LibreOffice when its stdin closes,
    # bubblewrap and the supervisor die with their parent.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(A.start_time(p) == born[p] for p in pids):
        time.sleep(0.1)
    survivors = [p for p in pids if A.start_time(p) == born[p]]
    for p in survivors:  # ours (same start time), never a recycled pid
        os.kill(p, 9)
    assert survivors == []
    assert any(n.startswith("officeeval-") for n in os.listdir(tmpdir)), "nothing to sweep"
    monkeypatch.setattr(sweep, "GRACE", 0.0)
    run = A.BatchRun(-9, "", "", 0.0, pids, seen)
    # A LibreOffice the batch started after the snapshot above left the process group too
    # and ends on its own a little later (its worker's stdin closed); while it runs its
    # folder is in use and the sweep rightly keeps it. The next sweeps, as the next batches
    # would make them, find nothing left.
    deadline = time.monotonic() + 30
    while True:
        sweep.sweep(str(tmpdir), older_than=0.0)
        left = A.leftovers(tmpdir, run)
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert left == []
