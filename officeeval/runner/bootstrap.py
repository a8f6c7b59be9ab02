"""The in-sandbox supervisor: prepares the work folder, runs the program in a process of its
own under the limits, watches the disk quota, and reports how the program ended.

This file is never imported by officeeval: the host puts it, compiled once per sandbox by
the sandbox's interpreter (``officeeval_supervisor.pyc``, with ``folders.py``,
``launch.py`` — the program's own process — and ``workfiles.py`` — the copies in and out of
the work folder — as ``officeeval_folders.pyc``, ``officeeval_launch.pyc`` and
``officeeval_workfiles.pyc``), next to the program, and starts it through a small stub
(``python -I -B bootstrap.py CONFIG_JSON``, see ``supervisor_files.STUB``); it also runs as a script
of its own (``python bootstrap.py CONFIG_JSON`` with ``folders.py``, ``launch.py`` and
``workfiles.py`` beside it). Standard library only, Python >= 3.8.

Two processes. The supervisor (this one) copies the task's files into the work folder
from descriptors the host passed, then forks the program's process, which applies the
limits, drops privileges, closes every descriptor of the supervisor's and waits for the
supervisor's go before it runs the program as ``__main__`` named ``<work>/program.py`` (as
``python program.py`` would). The supervisor alone holds the status channel: the program's
process closes it before any line of the program runs, and the program cannot reach the
supervisor's descriptors (``/proc/<pid>/fd`` and ptrace need the same uid and a dumpable
process: the program runs under a fresh uid, or the supervisor makes itself non-dumpable).
Without a pid namespace the supervisor is a child subreaper, so no process of the program
leaves its tree. Lines (JSON) on the status channel, in this order:

    {"event": "refused", "notes": [...]}      setup failed (privileges could not be
                                               dropped, the work folder could not be made);
                                               the program never ran
    {"event": "started", "pid": N, "uid": N, "cgroup": bool, "nproc": N, "dropped": bool,
     "notes": [...]}                           written before the program may run
    {"event": "end", "exit_code": N|null, "signal": N|null, "cpu": s, "maxrss_kb": N,
     "quota": {...}, "files": [...], "files_total": N, "output": {...},
     "report": {...}|null}                     after every process of the program is gone

``report`` is what the program's process said about its own end on a second pipe (the
exception type, the last traceback line, its errno, a MemoryError). That pipe is the
program's too, so it is a label only: the exit status, the resources used and the files
come from the supervisor's own observation (``wait4``, the work folder).

With ``collect`` in the configuration (a work folder that persists between runs: the
agent's), the supervisor also copies the work folder as the program left it (folders and
regular files; links and special files only named) into ``tree/`` of the host's folder,
with ``tree.json`` saying what was copied and what was not. Input names may then hold
folders (``a/b.txt``, the folders made first; ``dirs`` names empty ones).

Limits are applied in the program's process, after privileges are dropped, because
RLIMIT_NPROC counts processes per user (a fresh uid, or a fresh user namespace, counts only
this sandbox's processes).
"""

import gc
import json
import os
import resource
import select
import signal
import sys
import time

REPORT_MAX = 16384  # bytes of the program's report kept
WATCH_FIRST = 0.05  # seconds before the first look at the work folder
WATCH_MIN = 0.1  # seconds between looks (more when one look takes long)


def _load_module(name):
    """``officeeval_<name>``: compiled next to this module in the sandbox (the stub put
    their folder on the path), else ``<name>.py`` beside this file (run as a script)."""
    import importlib
    try:
        return importlib.import_module("officeeval_" + name)
    except ImportError:
        import importlib.util
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".py")
        spec = importlib.util.spec_from_file_location("officeeval_" + name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


folders = _load_module("folders")
launch = _load_module("launch")
workfiles = _load_module("workfiles")
_write, _prctl = launch.write, launch.prctl
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER = 1, 4, 36


# ---------------------------------------------------------------------------- supervisor
def _read_line(fd, limit=65536):
    """Everything written on ``fd`` until its end (bounded), as the first JSON object."""
    data = b""
    while len(data) < limit:
        try:
            chunk = os.read(fd, 4096)
        except InterruptedError:
            continue
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    os.close(fd)
    try:
        msg = json.loads(data.split(b"\n", 1)[0])
    except ValueError:
        return None
    return msg if isinstance(msg, dict) else None


def _children(me):
    """Direct children of this process (where the program's orphans land: we are their
    subreaper)."""
    try:
        with open("/proc/%d/task/%d/children" % (me, me)) as f:
            return [int(x) for x in f.read().split()]
    except (OSError, ValueError):
        pass
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry, "rb") as f:
                    rest = f.read().rsplit(b")", 1)[1].split()
                if int(rest[1]) == me:
                    out.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return out


def _reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _kill_all(cfg):
    """SIGKILL every process of the program. In a pid namespace of its own, everything but
    its init and us; elsewhere our descendants, found as our children again and again (an
    orphan is re-parented to us, the subreaper, when its parent dies)."""
    me = os.getpid()
    for _ in range(200):
        if cfg.get("pidns"):
            try:
                os.kill(-1, signal.SIGKILL)
            except OSError:
                pass
        kids = _children(me)
        for pid in kids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        _reap()
        if not kids and not _children(me):
            return
        time.sleep(0.001)


class _Watch:
    """The disk quota: entries and bytes of the work folder and the private /tmp, beyond
    the task's own files."""

    def __init__(self, cfg, folders):
        q = cfg.get("quota") or {}
        self.folders = folders
        self.roots = [r for r in (cfg["work"], cfg.get("tmp")) if r]
        self.max_files = q.get("files")
        self.max_bytes = q.get("bytes")
        self.base_files = q.get("base_files", 0)
        self.base_bytes = q.get("base_bytes", 0)
        self.used_files = self.used_bytes = 0

    def over(self):
        """``"files"``, ``"bytes"`` or ``None``, from a fresh look (bounded: it stops just
        past a maximum)."""
        files = used = 0
        for root in self.roots:
            mf = None if self.max_files is None else \
                self.max_files + self.base_files - files
            mb = None if self.max_bytes is None else \
                self.max_bytes + self.base_bytes - used
            f, b = self.folders.measure(root, mf, mb)
            files, used = files + f, used + b
        self.used_files = max(0, files - self.base_files)
        self.used_bytes = max(0, used - self.base_bytes)
        if self.max_files is not None and self.used_files > self.max_files:
            return "files"
        if self.max_bytes is not None and self.used_bytes > self.max_bytes:
            return "bytes"
        return None


def _wait(cfg, pid, report_r, watch):
    """Wait for the program's process, looking at the quota now and then and keeping its
    report. Returns (wait status or None, exceeded, report bytes)."""
    report = bytearray()
    pidfd = None
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pass
    exceeded = None
    check_at = time.monotonic() + WATCH_FIRST
    nap = 0.001
    open_fds = [report_r]
    while True:
        try:
            got, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return None, exceeded, bytes(report)
        if got == pid:
            return status, exceeded, bytes(report)
        now = time.monotonic()
        if now >= check_at:
            exceeded = watch.over()
            if exceeded:
                _kill_all(cfg)
                try:
                    _, status = os.waitpid(pid, 0)
                except ChildProcessError:
                    status = None
                return status, exceeded, bytes(report)
            check_at = time.monotonic() + max(WATCH_MIN, 10 * (time.monotonic() - now))
        wait_for = max(0.0, check_at - time.monotonic())
        fds = list(open_fds)
        if pidfd is not None:
            fds.append(pidfd)
        else:
            wait_for = min(wait_for, nap)
            nap = min(nap * 2, 0.02)
        try:
            ready, _, _ = select.select(fds, [], [], wait_for)
        except InterruptedError:
            continue
        if report_r in ready:
            try:
                chunk = os.read(report_r, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                open_fds.remove(report_r)
            elif len(report) < REPORT_MAX:
                report += chunk[:REPORT_MAX - len(report)]


def _drain(fd, report):
    os.set_blocking(fd, False)
    while len(report) < REPORT_MAX:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        report += chunk[:REPORT_MAX - len(report)]
    os.close(fd)
    return report


def _own_report(raw, pid):
    """The program's process's ``exit`` line (a label: the program could have written
    it), or ``None``."""
    for line in raw.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if isinstance(msg, dict) and msg.get("event") == "exit" and msg.get("pid") == pid:
            exc = msg.get("exception")
            return {"exception": exc if isinstance(exc, dict) else None}
    return None


def main(cfg):
    """Supervise one program (``cfg``: the host's configuration). Never returns: exits
    with the program's status."""
    _supervise(cfg)


def _supervise(cfg):
    status = cfg["status_fd"]
    notes = []
    in_cgroup = launch.join_cgroup(cfg["cgroup"], notes) if cfg.get("cgroup") else False
    try:
        initial = workfiles.prepare(cfg)
    except OSError as exc:
        _write(status, {"event": "refused",
                        "notes": notes + ["cannot prepare the work folder: %s" % exc]})
        os._exit(3)
    setup_r, setup_w = os.pipe()
    go_r, go_w = os.pipe()
    report_r, report_w = os.pipe()
    # The program's process starts with what this one holds: keep it out of the cyclic
    # collector's way, so that its collections (and its exit) copy no page of ours.
    gc.freeze()
    pid = os.fork()
    if pid == 0:
        for fd in (status, cfg["out_fd"], setup_r, go_w, report_r):
            try:
                os.close(fd)
            except OSError:
                pass
        sys.exit(launch.program(cfg, setup_w, go_r, report_w))
    for fd in (setup_w, go_r, report_w):
        os.close(fd)
    # While the program's process sets itself up, and before it may run a line of the
    # program: out of its reach when it shares our uid (no /proc/<pid>/fd, no ptrace of a
    # non-dumpable process; under a fresh uid it has neither anyway). Without a pid
    # namespace (where killing everything but its init is one call, and which ends with
    # bubblewrap), its orphans come to us, and we are gone with the process that started
    # us (a grading worker killed at its deadline).
    if cfg.get("uid") is None:
        _prctl(PR_SET_DUMPABLE, 0, notes)
    if not cfg.get("pidns"):
        _prctl(PR_SET_CHILD_SUBREAPER, 1, notes)
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    setup = _read_line(setup_r)
    if not setup or setup.get("ok") is not True:
        why = (setup or {}).get("notes") or ["the program's process ended during its setup"]
        _kill_all(cfg)
        _write(status, {"event": "refused", "notes": notes + [str(n) for n in why][:20]})
        os._exit(3)
    notes += [str(n) for n in setup.get("notes") or []]
    _write(status, {"event": "started", "pid": pid, "uid": setup.get("uid"),
                    "cgroup": in_cgroup, "nproc": cfg.get("nproc"),
                    "dropped": setup.get("dropped"), "notes": notes[:20]})
    os.write(go_w, b"1")
    os.close(go_w)
    watch = _Watch(cfg, folders)
    wait_status, exceeded, report = _wait(cfg, pid, report_r, watch)
    _kill_all(cfg)
    report = _drain(report_r, bytearray(report))
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    files, changed, total = workfiles.listing(cfg, folders, initial, watch)
    if not exceeded:
        exceeded = watch.over()
    end = {"event": "end", "exit_code": None, "signal": None,
           "cpu": round(usage.ru_utime + usage.ru_stime, 4), "maxrss_kb": usage.ru_maxrss,
           "quota": {"files": watch.max_files, "bytes": watch.max_bytes,
                     "used_files": watch.used_files, "used_bytes": watch.used_bytes,
                     "exceeded": exceeded},
           "files": files, "files_changed": changed, "files_total": total,
           "output": workfiles.export(cfg, folders) if not exceeded else {"kind": "not_read",
                                                                   "copied": False},
           "report": _own_report(bytes(report), pid)}
    if cfg.get("collect") and not exceeded:
        workfiles.collect(cfg, folders, None if watch.max_files is None
                 else watch.max_files + watch.base_files + 1)
    code = 70
    if wait_status is not None:
        if os.WIFEXITED(wait_status):
            end["exit_code"] = code = os.WEXITSTATUS(wait_status)
        elif os.WIFSIGNALED(wait_status):
            end["signal"] = os.WTERMSIG(wait_status)
            code = 128 + end["signal"]
    _write(status, end)
    os._exit(code)


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
