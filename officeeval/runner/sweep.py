"""Remove what killed batches left behind: run folders, the recalculation service's and
LibreOffice's folders, LibreOffice's pipes.

Every folder a batch makes in the temp directory carries the pid of the process that made
it (``officeeval-run-<pid>-…``, ``officeeval-probe-<pid>-…``, ``officeeval-recalcd-<pid>-…``,
``officeeval-recalc-<pid>-…``); LibreOffice's pipes are sockets in ``/tmp`` (its fixed place)
named ``OSL_PIPE_<uid>_officeeval_<pid>_<hex>`` and ``OSL_PIPE_<uid>_SingleOfficeIPC_<hash
of the profile>``. Normally each is removed by whoever made it; a ``kill -9`` skips that.
What is swept is ours by name and owner, and provably abandoned:

* a run folder: its lock (``.lock``, held by the process running it for as long as the run
  lasts, released by the kernel however that process ends, whatever its pid namespace) is
  free and the folder is older than ``GRACE`` seconds; a run folder of an older version
  (no lock) or a probe folder: its process is gone and it was untouched for ``older_than``
  seconds (a process of another pid namespace may share the temp directory);
* a service or LibreOffice folder: nothing listens on its socket any more (a live service,
  whatever its namespace, answers), its process is gone (names of older versions carry no
  pid: then ``older_than`` applies), and it is older than ``GRACE`` seconds (a service may be
  about to listen); a LibreOffice folder's profile pipe goes with it;
* an ``officeeval_`` pipe: the process that named it is gone and nothing listens on it.

Removal is iterative (``folders.remove``): a folder a program nested a thousand levels deep
goes too. ``sweep`` never raises.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import socket
import stat
import tempfile
import time
from pathlib import Path

from officeeval.recalc.libreoffice import WORKDIR_PREFIX, single_instance_pipe
from officeeval.recalc.server import SERVICE_PREFIX
from officeeval.runner import folders
from officeeval.runner.isolation import PROBE_PREFIX

RUN_PREFIX = "officeeval-run-"  # + the owning process's pid + "-" + random
STALE_AFTER = 3600.0  # seconds: far beyond a program's time limit and its grading
GRACE = 60.0  # seconds a folder may exist before its lock is held or its socket listens
LOCK = ".lock"  # in a run folder: flock-ed by the process running it
PIPE_DIR = Path("/tmp")  # where LibreOffice puts its pipes, whatever TMPDIR says
_PIPE = re.compile(r"^OSL_PIPE_(\d+)_officeeval_(\d+)_[0-9a-f]+$")
_PID = re.compile(r"^(\d+)-")


def sweep(root: str | None = None, older_than: float = STALE_AFTER,
          pipes: str | Path | None = PIPE_DIR) -> int:
    """Remove what is provably abandoned (see the module docstring) from ``root`` (default:
    the temp directory) and LibreOffice's pipes from ``pipes`` (default ``/tmp``; ``None``:
    leave pipes alone). Returns how many entries were removed; never raises."""
    base = Path(root or tempfile.gettempdir())
    removed = 0
    now = time.time()
    try:
        names = os.listdir(base)
    except OSError:
        names = []
    for name in names:
        try:
            removed += _sweep_one(base / name, name, now, older_than)
        except Exception:  # noqa: BLE001 - one odd entry never stops a batch from starting
            continue
    if pipes is None:
        return removed
    try:
        found = os.listdir(pipes)
    except OSError:
        found = []
    for name in found:
        try:
            removed += _sweep_pipe(Path(pipes) / name, name)
        except Exception:  # noqa: BLE001 - as above
            continue
    return removed


def _sweep_one(path: Path, name: str, now: float, older_than: float) -> int:
    for prefix in (RUN_PREFIX, PROBE_PREFIX, SERVICE_PREFIX, WORKDIR_PREFIX):
        if name.startswith(prefix):
            break
    else:
        return 0
    st = path.lstat()
    if st.st_uid != os.getuid() or not stat.S_ISDIR(st.st_mode):
        return 0
    age = now - st.st_mtime
    m = _PID.match(name[len(prefix):])
    pid = int(m.group(1)) if m else None
    if prefix == RUN_PREFIX and (path / LOCK).exists():
        if age < GRACE or pid is None:
            return 0
        return _remove_unlocked(path)
    if prefix in (RUN_PREFIX, PROBE_PREFIX):
        if pid is None or age < older_than or alive(pid):
            return 0
        return _remove(path)
    if age < GRACE or (pid is not None and alive(pid)) or (pid is None and age < older_than):
        return 0
    if prefix == SERVICE_PREFIX:
        if listening(path / "socket"):
            return 0
        return _remove(path)
    pipe = PIPE_DIR / single_instance_pipe(path / "profile")
    if listening(pipe):
        return 0
    removed = _remove(path)
    if removed and _is_our_socket(pipe):
        pipe.unlink(missing_ok=True)
        removed += 1
    return removed


def _sweep_pipe(path: Path, name: str) -> int:
    m = _PIPE.match(name)
    if not m or int(m.group(1)) != os.getuid() or not _is_our_socket(path):
        return 0
    if alive(int(m.group(2))) or listening(path):
        return 0
    path.unlink(missing_ok=True)
    return 1


def _remove(path: Path) -> int:
    return 1 if folders.remove(str(path)) else 0


def hold(folder: Path) -> int | None:
    """Lock ``folder`` as in use (``folder/.lock``, an exclusive ``flock``) and return the
    descriptor to close when done; ``None`` when locks are not available (the folder then
    falls under the pid-and-age rule)."""
    try:
        fd = os.open(folder / LOCK, os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _remove_unlocked(path: Path) -> int:
    """Remove a locked run folder if nobody holds its lock (holding it while removing)."""
    try:
        fd = os.open(path / LOCK, os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return 0
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return 0  # in use
    try:
        return _remove(path)
    finally:
        os.close(fd)


def _is_our_socket(path: Path) -> bool:
    try:
        st = path.lstat()
    except OSError:
        return False
    return stat.S_ISSOCK(st.st_mode) and st.st_uid == os.getuid()


def alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (in this pid namespace)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, not ours to signal
    return True


def listening(path: Path) -> bool:
    """Whether something accepts connections on the Unix socket ``path`` (a refused or
    missing socket is not listening; anything unexpected counts as listening, so that
    nothing in use is removed)."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(1.0)
    try:
        s.connect(str(path))
    except OSError as exc:
        return exc.errno not in (errno.ECONNREFUSED, errno.ENOENT, errno.ENOTSOCK)
    finally:
        s.close()
    return True

