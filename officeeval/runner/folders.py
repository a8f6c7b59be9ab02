"""Walk, measure and remove a folder tree that a program wrote: iteratively (any depth), with
a constant number of open descriptors (any breadth, paths far longer than ``PATH_MAX``),
never following a symbolic link, never raising for what the tree holds.

A program may nest thousands of folders, create hundreds of thousands of entries, take
permissions away from what it wrote or leave FIFOs and sockets behind; ``os.walk`` and
``shutil.rmtree`` recurse (``RecursionError`` past a thousand levels) and work on whole
paths (``ENAMETOOLONG``). Here every step is relative to the descriptor of the folder being
read (``openat``), going down by name and back up by ``..``, and the folder reached by ``..``
must be the one we came from (device and inode), so a tree that changes under us is left
alone rather than followed elsewhere.

Standard library only, Python >= 3.8: the sandbox's supervisor (``bootstrap``) loads this
very file inside the sandbox to list and measure the work folder, as the host does to
remove run folders.
"""

import os
import stat

KINDS = {stat.S_IFREG: "file", stat.S_IFDIR: "directory", stat.S_IFLNK: "symlink",
         stat.S_IFIFO: "fifo", stat.S_IFSOCK: "socket", stat.S_IFCHR: "device",
         stat.S_IFBLK: "device"}
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def kind(mode):
    """``file``, ``directory``, ``symlink``, ``fifo``, ``socket``, ``device`` or ``other``
    for an ``st_mode``."""
    return KINDS.get(stat.S_IFMT(mode), "other")


def usage(st):
    """Bytes an entry occupies on its file system (allocated blocks: a sparse file counts
    what it holds, not its apparent size); ``st_size`` where blocks are not reported."""
    blocks = getattr(st, "st_blocks", None)
    return blocks * 512 if blocks is not None else st.st_size


def _open_dir(name, dir_fd=None):
    """Open a folder without following a link; a folder the program made unreadable is made
    readable by its owner first. Raises ``OSError``."""
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except PermissionError:
        os.chmod(name, 0o700, dir_fd=dir_fd)
        return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)


def _ident(fd):
    st = os.fstat(fd)
    return st.st_dev, st.st_ino


def _up(fd, expected):
    """The parent of the folder open as ``fd`` (closing ``fd``), or ``None`` when it is not
    the folder we came down from (the tree changed under us)."""
    try:
        parent = os.open("..", _DIR_FLAGS, dir_fd=fd)
    except OSError:
        os.close(fd)
        return None
    os.close(fd)
    if _ident(parent) != expected:
        os.close(parent)
        return None
    return parent


def _entries(fd):
    """Yield (name, st) for the entries of the folder open as ``fd``, ``st`` the lstat
    result or ``None`` for an entry that vanished; nothing when the folder cannot be
    read even after giving its owner the read permission back."""
    try:
        it = os.scandir(fd)
    except PermissionError:
        try:
            os.fchmod(fd, 0o700)  # the program took its own read permission away
            it = os.scandir(fd)
        except OSError:
            return
    except OSError:
        return
    with it:
        while True:
            try:
                e = next(it)
            except StopIteration:
                return
            except OSError:
                return
            try:
                yield e.name, e.stat(follow_symlinks=False)
            except OSError:
                yield e.name, None


def walk(root, limit=None, one_device=False):
    """Yield ``(relative path, st)`` for every entry below ``root`` (not ``root`` itself),
    depth first, folders before their contents, at most ``limit`` entries. ``st`` is the
    entry's ``lstat`` (``None`` if it vanished while read). With ``one_device``, a folder
    on another file system than ``root`` (a mount point) is listed but not entered. Stops
    early, quietly, when the tree changes under it or a folder cannot be opened; never
    raises for the tree's contents (``OSError`` only when ``root`` itself cannot be
    opened)."""
    fd = _open_dir(root)
    device = os.fstat(fd).st_dev if one_device else None
    # One level per folder entered: (its name, the parent's identity, its subfolders left).
    stack = []
    pending = []
    seen = 0
    try:
        while True:
            prefix = "/".join(name for name, _, _ in stack)
            for name, st in _entries(fd):
                rel = prefix + "/" + name if prefix else name
                yield rel, st
                seen += 1
                if limit is not None and seen >= limit:
                    return
                if st is not None and stat.S_ISDIR(st.st_mode) and \
                        (device is None or st.st_dev == device):
                    pending.append(name)
            # Go down into the next subfolder of this level, or back up until one is left.
            while True:
                if pending:
                    name = pending.pop()
                    try:
                        child = _open_dir(name, fd)
                    except OSError:
                        continue
                    stack.append((name, _ident(fd), pending))
                    os.close(fd)
                    fd, pending = child, []
                    break
                if not stack:
                    return
                _, parent_ident, pending = stack.pop()
                fd = _up(fd, parent_ident)
                if fd is None:
                    return
    finally:
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


def measure(root, max_files=None, max_bytes=None):
    """``(entries, bytes)`` below ``root`` (every kind of entry counts: each takes an
    inode), stopping as soon as one passes its maximum (the counts are then lower bounds
    just past it). Only ``root``'s own file system is measured: what is mounted below it
    (the sandbox binds an interpreter living under /tmp into its private /tmp, read-only)
    is not written by the program. ``(0, 0)`` when ``root`` cannot be read. Never raises."""
    files = used = 0
    try:
        for _, st in walk(root, one_device=True):
            files += 1
            if st is not None and not stat.S_ISDIR(st.st_mode):
                used += usage(st)
            if (max_files is not None and files > max_files) or \
                    (max_bytes is not None and used > max_bytes):
                break
    except OSError:
        pass
    return files, used


def remove(root):
    """Remove ``root`` and everything below it (a file or link at ``root`` is unlinked;
    a link is never followed). Returns ``True`` when ``root`` is gone. Entries that cannot
    be removed (a mount point, an immutable file) are left, with their folders; never
    raises."""
    try:
        st = os.lstat(root)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return _unlink(root, None)
    try:
        fd = _open_dir(root)
    except OSError:
        return _rmdir(root, None)
    # One level per folder entered: (its name, the parent's identity, the parent's
    # subfolders left, the parent's entries that could not be removed).
    stack = []
    pending, stuck = None, set()
    while True:
        if pending is None:
            # Read the folder: remove what is not a folder, keep the subfolders to enter.
            pending = []
            for name, est in _entries(fd):
                if name in stuck:
                    continue
                if est is not None and stat.S_ISDIR(est.st_mode):
                    pending.append(name)
                elif not _unlink(name, fd):
                    stuck.add(name)
            if not pending:
                pending = []  # read, and nothing left to enter: this folder is done
                done = True
            else:
                done = False
        else:
            done = False
        if pending:
            name = pending.pop()
            try:
                child = _open_dir(name, fd)
            except OSError:
                stuck.add(name)
                continue
            stack.append((name, _ident(fd), pending, stuck))
            os.close(fd)
            fd, pending, stuck = child, None, set()
            continue
        if not done:
            pending = None  # every subfolder was handled: read once more, then leave
            continue
        if not stack:
            os.close(fd)
            return _rmdir(root, None)
        name, parent_ident, pending, stuck = stack.pop()
        fd = _up(fd, parent_ident)
        if fd is None:
            return False
        if not _rmdir(name, fd):
            stuck.add(name)


def _unlink(name, dir_fd):
    for attempt in range(2):
        try:
            os.unlink(name, dir_fd=dir_fd)
            return True
        except FileNotFoundError:
            return True
        except PermissionError:
            if attempt or dir_fd is None:
                return False
            try:
                os.fchmod(dir_fd, 0o700)  # the folder was made read-only
            except OSError:
                return False
        except OSError:
            return False
    return False


def _rmdir(name, dir_fd):
    try:
        os.rmdir(name, dir_fd=dir_fd)
        return True
    except FileNotFoundError:
        return True
    except PermissionError:
        # The parent may have been made read-only (only reachable for the root).
        try:
            if dir_fd is None:
                os.chmod(os.path.dirname(os.path.abspath(name)) or "/", 0o700)
            else:
                os.fchmod(dir_fd, 0o700)
            os.rmdir(name, dir_fd=dir_fd)
            return True
        except OSError:
            return False
    except OSError:
        return False
