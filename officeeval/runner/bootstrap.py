"""The in-sandbox supervisor: applies the limits, drops privileges, runs the program in a
child process and reports how it ended.

This file is never imported by officeeval: the host copies its text next to the program and
runs it with the sandbox's interpreter (``python -I -B bootstrap.py CONFIG_JSON``). It uses
only the standard library and must stay importable by any Python >= 3.8.

Why a supervisor inside the sandbox: the host only sees bubblewrap's exit status, which
folds "killed by signal N" into 128+N and loses the exception. The supervisor forks the
program and writes JSON lines to a status pipe the program cannot reach (it is closed in
the child right after the fork):

    {"event": "started", …}             limits applied, about to run the program
    {"event": "exit", "exit_code": N | null, "signal": N | null, "cpu": s,
     "maxrss_kb": N, "exception": {...} | null}

The program's exception (type, last traceback line, errno, whether it is a MemoryError)
comes through a second pipe that the program *could* write to; a forged record only
mislabels the program's own failure, it never earns points.

Limits are applied here rather than before bubblewrap starts because RLIMIT_NPROC counts
processes per user: set inside, after privileges are dropped to a fresh uid (or inside a
new user namespace), it counts only this sandbox's processes.
"""

import json
import os
import resource
import sys


def _write(fd, obj):
    data = (json.dumps(obj) + "\n").encode("utf-8", "replace")
    try:
        os.write(fd, data)
    except OSError:
        pass


def _apply_limits(cfg, notes):
    lim = cfg["limits"]
    cpu = max(1, int(lim["cpu"] + 0.999))
    table = [
        (resource.RLIMIT_CORE, 0, 0),
        (resource.RLIMIT_CPU, cpu, cpu + 1),
        (resource.RLIMIT_AS, lim["memory"], lim["memory"]),
        (resource.RLIMIT_FSIZE, lim["file_size"], lim["file_size"]),
        (resource.RLIMIT_NOFILE, lim["open_files"], lim["open_files"]),
    ]
    if cfg.get("nproc"):
        table.append((resource.RLIMIT_NPROC, cfg["nproc"], cfg["nproc"]))
    for which, soft, hard in table:
        try:
            resource.setrlimit(which, (soft, hard))
        except (ValueError, OSError) as exc:
            notes.append("setrlimit(%d) failed: %s" % (which, exc))


def _join_cgroup(path, notes):
    try:
        with open(os.path.join(path, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))
        return True
    except OSError as exc:
        notes.append("could not join the pids cgroup: %s" % exc)
        return False


def _drop_privileges(uid, gid, read_search, notes):
    """Become ``uid``/``gid`` with no supplementary groups. With ``read_search`` the program
    keeps only CAP_DAC_READ_SEARCH (also across exec, as an ambient capability): it can
    still read an interpreter installed where other users cannot (e.g. under /root) but
    writes nothing it does not own, and RLIMIT_NPROC applies (it never does to uid 0)."""
    try:
        libc = None
        if read_search:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(8, 1, 0, 0, 0) != 0:  # PR_SET_KEEPCAPS
                raise OSError(ctypes.get_errno(), "PR_SET_KEEPCAPS failed")
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
        if libc is not None:
            _keep_only_read_search(libc)
        return True
    except OSError as exc:
        notes.append("could not drop privileges: %s" % exc)
        return False


def _keep_only_read_search(libc):
    import ctypes

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    bit = 1 << 2  # CAP_DAC_READ_SEARCH
    data = (Data * 2)(Data(bit, bit, bit), Data(0, 0, 0))
    if libc.capset(ctypes.byref(Header(0x20080522, 0)), data) != 0:  # version 3
        raise OSError(ctypes.get_errno(), "capset failed")
    # PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE: keep it for programs the program execs.
    if libc.prctl(47, 2, 2, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "cannot raise the ambient capability")
    libc.prctl(8, 0, 0, 0, 0)


def _no_new_privs(notes):
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
            notes.append("PR_SET_NO_NEW_PRIVS failed")
    except Exception as exc:  # noqa: BLE001 - hardening only, never fatal
        notes.append("PR_SET_NO_NEW_PRIVS unavailable: %s" % exc)


def _exception_record(exc):
    import traceback
    line = traceback.format_exception_only(type(exc), exc)[-1].strip()
    mod = type(exc).__module__
    name = type(exc).__qualname__ if mod in ("builtins", "__main__") else \
        "%s.%s" % (mod, type(exc).__qualname__)
    rec = {"pid": os.getpid(), "type": name, "line": line[:1500],
           "memory": isinstance(exc, MemoryError)}
    if isinstance(exc, OSError):
        rec["errno"] = exc.errno
    return rec


def _print_traceback(exc, program):
    import traceback
    tb = exc.__traceback__
    # Hide the supervisor's and runpy's frames: the candidate sees a traceback as if the
    # program had been run with `python program.py`.
    while tb is not None and tb.tb_frame.f_code.co_filename != program:
        tb = tb.tb_next
    try:
        traceback.print_exception(type(exc), exc, tb)
    except Exception:  # noqa: BLE001 - printing must not mask the outcome
        pass


def _run_child(program, exc_w):
    import runpy
    sys.argv = [program]
    sys.path.insert(0, os.path.dirname(program))
    code = 0
    try:
        runpy.run_path(program, run_name="__main__")
    except SystemExit as exc:
        if exc.code is None:
            code = 0
        elif isinstance(exc.code, int):
            code = exc.code & 0xFF
        else:
            print(exc.code, file=sys.stderr)
            code = 1
    except BaseException as exc:  # noqa: BLE001 - the program's failure, reported
        try:
            data = (json.dumps(_exception_record(exc)) + "\n").encode("utf-8", "replace")
            os.write(exc_w, data[:4000])
        except Exception:  # noqa: BLE001
            pass
        _print_traceback(exc, program)
        code = 1
    # A normal interpreter exit (not os._exit) so that files the program left open are
    # flushed and closed, exactly as under `python program.py`.
    sys.exit(code)


def _read_exceptions(fd, pid):
    os.set_blocking(fd, False)
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except (BlockingIOError, InterruptedError):
            break
        if not chunk:
            break
        chunks.append(chunk)
        if sum(len(c) for c in chunks) > 1 << 20:
            break
    found = None
    for raw in b"".join(chunks).splitlines():
        try:
            rec = json.loads(raw)
        except ValueError:
            continue
        # Forked copies of the program report too; only the program's own process counts.
        if isinstance(rec, dict) and rec.get("pid") == pid:
            found = rec
    return found


def main():
    cfg = json.loads(sys.argv[1])
    status = cfg["status_fd"]
    notes = []
    in_cgroup = _join_cgroup(cfg["cgroup"], notes) if cfg.get("cgroup") else False
    _apply_limits(cfg, notes)
    dropped = False
    if cfg.get("uid") is not None:
        dropped = _drop_privileges(cfg["uid"], cfg["gid"], cfg.get("read_search"), notes)
        if not dropped:
            # Never run the program with the privileges it was meant to lose.
            _write(status, {"event": "refused", "notes": notes})
            os._exit(3)
    if cfg.get("no_new_privs", True):
        _no_new_privs(notes)
    _write(status, {"event": "started", "pid": os.getpid(), "uid": os.getuid(),
                    "cgroup": in_cgroup, "nproc": cfg.get("nproc"), "dropped": dropped,
                    "notes": notes})
    exc_r, exc_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        os.close(status)
        os.close(exc_r)
        _run_child(cfg["program"], exc_w)
        return
    os.close(exc_w)
    while True:
        try:
            _, wstatus, usage = os.wait4(pid, 0)
            break
        except InterruptedError:
            continue
    rec = {"event": "exit", "exit_code": None, "signal": None,
           "cpu": round(usage.ru_utime + usage.ru_stime, 4), "maxrss_kb": usage.ru_maxrss,
           "exception": _read_exceptions(exc_r, pid)}
    if os.WIFSIGNALED(wstatus):
        rec["signal"] = os.WTERMSIG(wstatus)
    else:
        rec["exit_code"] = os.WEXITSTATUS(wstatus)
    _write(status, rec)
    os._exit(0)


if __name__ == "__main__":
    main()
