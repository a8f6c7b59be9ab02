"""The in-sandbox supervisor: applies the limits, drops privileges, runs the program and
reports how it ended.

This file is never imported by officeeval: the host copies its text next to the program and
runs it with the sandbox's interpreter (``python -I -B bootstrap.py CONFIG_JSON``). It uses
only the standard library and must stay importable by any Python >= 3.8.

The program runs in this very process, as ``__main__`` named ``<work dir>/program.py`` (as
``python program.py`` would run it: no extra process start and no second interpreter
shutdown per program). JSON lines go to a status
pipe:

    {"event": "started", "pid": N, …}   limits applied, privileges dropped, about to run
    {"event": "exit", "pid": N, "exit_code": N, "cpu": s, "maxrss_kb": N,
     "exception": {...} | null}         the program returned, raised or called sys.exit

A process killed by a signal (CPU limit, a crash, SIGKILL) writes no ``exit`` line: the
host then reads the signal from the exit status (``-N`` from Popen, ``128+N`` from
bubblewrap). Copies of the program made by ``os.fork`` inherit the pipe; the host only
believes the ``exit`` line of the ``started`` pid. The program could write to the pipe
itself: a forged line can only mislabel its own failure, it never earns points (the score
comes from the document alone).

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
    # Hide the supervisor's frames: the candidate sees a traceback as if the program had
    # been run with `python program.py`.
    while tb is not None and tb.tb_frame.f_code.co_filename != program:
        tb = tb.tb_next
    try:
        traceback.print_exception(type(exc), exc, tb)
    except Exception:  # noqa: BLE001 - printing must not mask the outcome
        pass


def _exit_code(exc):
    """What ``python program.py`` exits with for ``SystemExit(exc.code)``."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code & 0xFF
    print(exc.code, file=sys.stderr)
    return 1


def _load(program, as_file):
    """Compile the program under the name ``as_file`` (a path in the work directory, as if
    the program had been saved there: ``os.path.dirname(__file__)`` finds the input) with
    its source registered for tracebacks. The work directory itself holds only the task's
    files, so the program text lives elsewhere."""
    import linecache
    with open(program, "rb") as f:
        src = f.read()
    text = src.decode("utf-8", "replace")
    # An mtime of None keeps the entry through linecache.checkcache (no file to stat).
    linecache.cache[as_file] = (len(text), None, text.splitlines(True), as_file)
    return compile(src, as_file, "exec", dont_inherit=True)


def _run(program, as_file, status):
    """Run the program as ``__main__`` (like ``python program.py`` in the work directory);
    write the ``exit`` line; return the exit code."""
    import types
    sys.argv = [as_file]
    sys.path.insert(0, os.path.dirname(as_file))
    main = types.ModuleType("__main__")
    main.__file__ = as_file
    main.__builtins__ = __builtins__
    sys.modules["__main__"] = main
    code, exception = 0, None
    try:
        exec(_load(program, as_file), main.__dict__)
    except SystemExit as exc:
        code = _exit_code(exc)
    except BaseException as exc:  # noqa: BLE001 - the program's failure, reported
        try:
            exception = _exception_record(exc)
        except Exception:  # noqa: BLE001 - e.g. no memory left to format it
            exception = {"type": type(exc).__name__, "line": "",
                         "memory": isinstance(exc, MemoryError)}
        _print_traceback(exc, as_file)
        code = 1
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    _write(status, {"event": "exit", "pid": os.getpid(), "exit_code": code,
                    "cpu": round(me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime, 4),
                    "maxrss_kb": max(me.ru_maxrss, kids.ru_maxrss), "exception": exception})
    return code


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
    code = _run(cfg["program"], cfg.get("as_file") or cfg["program"], status)
    # A normal interpreter exit (not os._exit) so that files the program left open are
    # flushed and closed, exactly as under `python program.py`.
    sys.exit(code)


if __name__ == "__main__":
    main()
