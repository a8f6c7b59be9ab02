"""How a tool argument names a file of the working folder.

A model writes paths as its programs see them: relative to the working folder
(``output.docx``, ``charts/a.png``), or absolute under the sandbox's mount
(``/sandbox/output.docx``). Anything else is refused: an absolute path elsewhere, ``..``,
a NUL, a part that is a link (the folder holds none, the supervisor never copies one out,
but the check is made anyway), a file that is not a regular file. The file is opened
without following a link at any level (``openat`` from the folder's descriptor, part by
part), so what is read is always inside the folder.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

from officeeval.errors import OfficeEvalError
from officeeval.runner.isolation import WORK_MOUNT

MAX_PATH = 1024  # characters of a path argument
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class PathRefused(OfficeEvalError):
    """A path a tool will not read (outside the working folder, a link, not a file)."""


def relative(path: object) -> str:
    """The path inside the working folder that ``path`` names, as ``a/b.docx``. Raises
    ``PathRefused`` for anything that is not a plain path inside it."""
    if not isinstance(path, str) or not path.strip():
        raise PathRefused("give the path of a file in the working folder, e.g. "
                          "'output.docx'")
    text = path.strip()
    if len(text) > MAX_PATH or "\0" in text:
        raise PathRefused("not a usable path")
    p = PurePosixPath(text)
    if p.is_absolute():
        mount = PurePosixPath(WORK_MOUNT)
        if p != mount and mount not in p.parents:
            raise PathRefused(f"{text!r} is outside the working folder (paths are relative "
                              f"to it, or under {WORK_MOUNT}/)")
        p = p.relative_to(mount)
    parts = [x for x in p.parts if x not in ("", ".")]
    if any(x == ".." for x in parts):
        raise PathRefused(f"{text!r} leaves the working folder ('..' is not allowed)")
    if not parts:
        raise PathRefused(f"{text!r} is the working folder itself, not a file")
    return "/".join(parts)


def open_file(root: Path, rel: str) -> int:
    """A read-only descriptor of the regular file ``rel`` (from ``relative``) under
    ``root``, every part opened without following a link. The caller closes it. Raises
    ``PathRefused`` (missing, a link, a folder, a special file)."""
    parts = rel.split("/")
    try:
        fd = os.open(root, _DIR)
    except OSError as exc:
        raise PathRefused(f"the working folder cannot be read: {exc.strerror}") from None
    try:
        for part in parts[:-1]:
            try:
                nxt = os.open(part, _DIR, dir_fd=fd)
            except FileNotFoundError:
                raise PathRefused(f"no such folder: {rel}") from None
            except OSError:
                raise PathRefused(f"{rel}: {part!r} is not a folder of the working folder") \
                    from None
            os.close(fd)
            fd = nxt
        try:
            st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            raise PathRefused(f"no such file: {rel}") from None
        if stat.S_ISLNK(st.st_mode):
            raise PathRefused(f"{rel} is a link: links are not followed")
        if not stat.S_ISREG(st.st_mode):
            raise PathRefused(f"{rel} is not a regular file")
        try:
            out = os.open(parts[-1], _FILE, dir_fd=fd)
        except OSError as exc:
            raise PathRefused(f"{rel} cannot be read: {exc.strerror}") from None
        if not stat.S_ISREG(os.fstat(out).st_mode):
            os.close(out)
            raise PathRefused(f"{rel} is not a regular file")
        return out
    finally:
        os.close(fd)


def read_bytes(root: Path, rel: str, most: int) -> bytes:
    """The bytes of ``rel`` under ``root`` (see ``open_file``), at most ``most``. Raises
    ``PathRefused``, also for a file larger than ``most``."""
    fd = open_file(root, rel)
    try:
        size = os.fstat(fd).st_size
        if size > most:
            raise PathRefused(f"{rel} is {size} bytes, more than the {most} a tool reads")
        chunks, left = [], most + 1
        while left > 0:
            chunk = os.read(fd, min(1 << 20, left))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > most:
            raise PathRefused(f"{rel} is more than the {most} bytes a tool reads")
        return data
    finally:
        os.close(fd)
