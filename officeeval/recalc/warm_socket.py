"""Where a user's warm recalculation service listens, and finding it running.

``officeeval recalc-server`` keeps LibreOffice running between commands (``recalc.server``
on the user's socket): a user grading workbooks one by one from a shell, or a tool calling
``officeeval score`` per document, pays LibreOffice's start (seconds) once instead of per
command, and a workbook recalculated or a document laid out once is answered from the
service's cache. ``recalc.backends()`` uses it when it is running (``running``), and falls
back to a LibreOffice of its own when it stops answering.

The socket is ``$OFFICEEVAL_RECALC_SOCKET`` when set (``none`` turns the lookup off), else
``recalc.sock`` in a private folder of the user's (``$XDG_RUNTIME_DIR/officeeval``, or
``<tmp>/officeeval-<uid>``). A socket is used only in a folder the user owns that no one
else may enter, and only when it is a socket the user owns: the service answers with paths
of files whose values are graded, so another user's service must never be asked.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

WAIT = 600.0  # seconds a command waits for one answer (a document's limits are the service's)
OFF_WORDS = ("none", "off", "0", "false", "no")  # a setting that turns the lookup off


def socket_path() -> Path | None:
    """The user's socket path (it may not exist); ``None`` when the lookup is turned off."""
    env = (os.environ.get("OFFICEEVAL_RECALC_SOCKET") or "").strip()
    if env.lower() in OFF_WORDS:
        return None
    if env:
        return Path(env)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    base = Path(runtime) / "officeeval" if runtime else \
        Path(tempfile.gettempdir()) / f"officeeval-{os.getuid()}"
    return base / "recalc.sock"


def private_folder(path: Path) -> Path:
    """Make (or check) ``path``'s folder: the user's own, mode 0700. Raises ``OSError``
    when it exists and is not."""
    folder = path.parent
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not _private(folder):
        raise OSError(f"{folder} is not a private folder of this user (owner and mode 0700)")
    return folder


def running() -> str | None:
    """The socket of the user's running service, or ``None`` (none there, not private, not
    a socket, or the lookup off). Nothing is connected to: a stale socket is found out by
    the first request, which then falls back to a LibreOffice of the command's own."""
    path = socket_path()
    if path is None:
        return None
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid() or not _private(path.parent):
        return None
    return str(path)


def _private(folder: Path) -> bool:
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and \
        stat.S_IMODE(st.st_mode) & 0o077 == 0
