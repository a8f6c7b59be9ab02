"""The supervisor's copies in and out of the work folder: the task's files in (from
descriptors the host passed, owned by the program's uid), then, once every process of the
program is gone, the listing of what the program created or changed, the output file out
to the host's folder and, for a work folder that persists between runs, the whole folder
as the program left it.

Like ``bootstrap``, never imported by officeeval: the host puts it next to the program as
``officeeval_workfiles.pyc`` and the supervisor loads it (beside it as ``workfiles.py``
when the supervisor runs as a script). Standard library only, Python >= 3.8.
"""

import json
import os
import stat

LISTED_NAME_MAX = 300  # characters of one listed file name
COPY_CHUNK = 1 << 20


def prepare(cfg):
    """Copy the task's files (descriptors passed by the host) into the work folder, owned
    by the program's uid. Returns ``{name: (size, mtime_ns)}``. Raises ``OSError``."""
    work = cfg["work"]
    uid, gid = cfg.get("uid"), cfg.get("gid")
    if uid is not None:
        os.chown(work, uid, gid)
    initial = {}
    for name in cfg.get("dirs") or []:
        _make_dirs(work, name, uid, gid)
    for name, fd in cfg.get("inputs") or []:
        if "/" in name:
            _make_dirs(work, os.path.dirname(name), uid, gid)
        target = os.path.join(work, name)
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            while True:
                chunk = os.read(fd, COPY_CHUNK)
                if not chunk:
                    break
                os.write(out, chunk)
            if uid is not None:
                os.fchown(out, uid, gid)
        finally:
            os.close(out)
            os.close(fd)
        st = os.lstat(target)
        initial[name] = (st.st_size, st.st_mtime_ns)
    if cfg.get("own_tmp") and uid is not None:
        os.chown(cfg["tmp"], uid, gid)
    return initial


def _make_dirs(work, rel, uid, gid):
    """Make the folder ``rel`` (a relative path the host checked: no ``..``, no empty
    part) and its parents inside the fresh work folder, owned by the program's uid."""
    path = work
    for part in rel.split("/"):
        path = os.path.join(path, part)
        try:
            os.mkdir(path, 0o755)
        except FileExistsError:
            continue
        if uid is not None:
            os.chown(path, uid, gid)


def _short(name):
    return name if len(name) <= LISTED_NAME_MAX else name[:LISTED_NAME_MAX - 1] + "…"


def listing(cfg, folders, initial, watch):
    """The files the program created or changed in its work folder (at most ``list_max``
    names, sorted) and how many entries it holds in all (bounded just past the quota)."""
    limit = None if watch.max_files is None else watch.max_files + watch.base_files + 1
    changed, total = [], 0
    try:
        for rel, st in folders.walk(cfg["work"], limit):
            total += 1
            if st is None or stat.S_ISDIR(st.st_mode):
                continue
            if initial.get(rel) != (st.st_size, st.st_mtime_ns):
                changed.append(rel)
    except OSError:
        pass
    changed.sort()
    return [_short(n) for n in changed[:cfg.get("list_max", 50)]], len(changed), total


def export(cfg, folders):
    """Copy the output file, when it is one, to the host's folder (a descriptor the
    program never had). Returns what was found: ``kind`` (``file``, ``missing``,
    ``symlink``, ``fifo``, ``directory``, ``socket``, ``device``, ``other``), ``copied``,
    ``size``, and the link's ``target``."""
    name = cfg["output"]
    path = os.path.join(cfg["work"], name)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return {"kind": "missing", "copied": False}
    except OSError as exc:
        return {"kind": "other", "copied": False, "error": str(exc)[:200]}
    kind = folders.kind(st.st_mode)
    found = {"kind": kind, "copied": False, "size": st.st_size}
    if kind == "symlink":
        try:
            found["target"] = _short(os.readlink(path))
        except OSError:
            pass
        return found
    if kind != "file":
        return found
    if st.st_size > cfg["limits"]["file_size"]:
        found["kind"] = "too_large"
        return found
    try:
        src = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        found["error"] = str(exc)[:200]
        return found
    try:
        if not stat.S_ISREG(os.fstat(src).st_mode):
            found["kind"] = "other"
            return found
        found["copied"] = _copy_into(src, name, cfg["out_fd"], cfg["limits"]["file_size"])
    except OSError as exc:
        found["error"] = str(exc)[:200]
    finally:
        os.close(src)
    return found


def collect(cfg, folders, limit):
    """Copy the work folder as the program left it into ``tree/`` of the host's folder (a
    descriptor the program never had), for a work folder that persists between runs (the
    agent's): folders and regular files only, never a link followed (links, FIFOs,
    sockets and devices are named in ``tree.json``, not copied). Runs after every process
    of the program is gone, so nothing changes under it. Never raises."""
    out_fd = cfg["out_fd"]
    skipped, files, size = [], 0, 0
    try:
        os.mkdir("tree", 0o755, dir_fd=out_fd)
        for rel, st in folders.walk(cfg["work"], limit):
            if st is None:
                continue
            kind = folders.kind(st.st_mode)
            try:
                if kind == "directory":
                    os.mkdir("tree/" + rel, 0o755, dir_fd=out_fd)
                elif kind == "file":
                    _copy_file(os.path.join(cfg["work"], rel), "tree/" + rel, out_fd,
                               cfg["limits"]["file_size"])
                    files += 1
                    size += st.st_size
                else:
                    skipped.append([_short(rel), kind])
            except OSError as exc:
                skipped.append([_short(rel), "error: %s" % exc.strerror])
        done = True
    except OSError:
        done = False
    record = {"collected": done, "files": files, "bytes": size, "skipped": skipped[:50],
              "skipped_total": len(skipped)}
    try:
        fd = os.open("tree.json", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                     0o644, dir_fd=out_fd)
        try:
            os.write(fd, json.dumps(record).encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError:
        pass


def _copy_file(src_path, dst, out_fd, most):
    src = os.open(src_path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(src).st_mode):
            raise OSError(0, "not a regular file")
        _copy_into(src, dst, out_fd, most)
    finally:
        os.close(src)


def _copy_into(src, dst, out_fd, most):
    """Copy open file ``src`` into a new file ``dst`` of folder ``out_fd``, at most
    ``most`` bytes and one more (so a longer file is seen to be longer); whether it all
    fitted within ``most``. Raises ``OSError`` (``dst`` already there, a link, no room)."""
    out = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644,
                  dir_fd=out_fd)
    try:
        left = most + 1
        while left > 0:
            chunk = os.read(src, min(COPY_CHUNK, left))
            if not chunk:
                break
            os.write(out, chunk)
            left -= len(chunk)
    finally:
        os.close(out)
    return left > 0
