"""The program's own process in the sandbox: limits, privileges, the supervisor's go, then
the program itself as ``__main__``. Forked by the supervisor (``bootstrap``), which passes
this module in; like it, never imported by officeeval (the host puts it next to the program
as ``officeeval_launch.pyc``). Standard library only, Python >= 3.8.

``program(cfg, setup_w, go_r, report_w)`` writes one JSON line on ``setup_w`` once set up
(``{"ok": true, "uid": N, "dropped": bool, "notes": [...]}``, or ``{"ok": false, …}`` and
exit 3 when privileges could not be dropped: the program never runs with them), closes it,
waits for one byte ``1`` on ``go_r``, runs the program and writes its own account of how it
ended on ``report_w`` (``{"event": "exit", "pid": N, "exit_code": N, "exception": {...}}``).
"""

import json
import os
import resource
import signal
import sys

def write(fd, obj):
    data = (json.dumps(obj) + "\n").encode("utf-8", "replace")
    while data:
        try:
            n = os.write(fd, data)
        except InterruptedError:
            continue
        except OSError:
            return
        data = data[n:]


def prctl(option, value, notes=None):
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(option, value, 0, 0, 0) == 0:
            return True
        if notes is not None:
            notes.append("prctl(%d) failed: errno %d" % (option, ctypes.get_errno()))
    except Exception as exc:  # noqa: BLE001 - hardening only, never fatal
        if notes is not None:
            notes.append("prctl(%d) unavailable: %s" % (option, exc))
    return False


PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS = 1, 4, 38
PR_SET_CHILD_SUBREAPER = 36


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


def join_cgroup(path, notes):
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
    try:
        print(exc.code, file=sys.stderr)
    except Exception:  # noqa: BLE001 - an unprintable exit value still exits 1
        pass
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


def _run(program, as_file, report):
    """Run the program as ``__main__`` (like ``python program.py`` in the work directory);
    write its own account of how it ended on ``report``; return the exit code."""
    import types
    sys.argv = [as_file]
    here = os.path.dirname(program)
    sys.path[:] = [p for p in sys.path if p != here]  # the supervisor's folder: not the program's
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
    write(report, {"event": "exit", "pid": os.getpid(), "exit_code": code,
                    "exception": exception})
    return code


def program(cfg, setup_w, go_r, report_w):
    """The program's process: limits, privileges, the go from the supervisor, the program.
    Returns the exit code (the caller exits with it, through the interpreter's normal
    shutdown so that files the program left open are flushed)."""
    notes = []
    _apply_limits(cfg, notes)
    dropped = False
    if cfg.get("uid") is not None:
        dropped = _drop_privileges(cfg["uid"], cfg["gid"], cfg.get("read_search"), notes)
        if not dropped:
            # Never run the program with the privileges it was meant to lose.
            write(setup_w, {"ok": False, "notes": notes})
            os._exit(3)
    if cfg.get("no_new_privs", True):
        prctl(PR_SET_NO_NEW_PRIVS, 1, notes)
    if not cfg.get("pidns"):
        # Without a pid namespace that ends with the sandbox, end with the supervisor.
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    write(setup_w, {"ok": True, "uid": os.getuid(), "dropped": dropped, "notes": notes})
    os.close(setup_w)
    # Wait until the supervisor has written "started": nothing of the program runs before.
    try:
        go = os.read(go_r, 1)
    except OSError:
        go = b""
    os.close(go_r)
    if go != b"1":
        os._exit(3)
    return _run(cfg["program"], cfg.get("as_file") or cfg["program"], report_w)
