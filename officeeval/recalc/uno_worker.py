"""Recalculation worker, run by a Python that has LibreOffice's ``uno`` module (Debian's
``python3-uno`` installs it for the system ``/usr/bin/python3``, which is often not the
interpreter officeeval runs in). Standalone on purpose: it imports nothing of officeeval.

Usage: ``python3 uno_worker.py PIPE_NAME [CONNECT_TIMEOUT [OFFICE_PID [WORKDIR]]]``.
It connects to a LibreOffice started with ``--accept=pipe,name=PIPE_NAME;urp;`` and then
answers one JSON request per stdin line,
``{"in": "/path/in.xlsx", "out": "/path/out.xlsx"}``, with one JSON line on stdout:
``{"ok": true}`` or ``{"ok": false, "error": "..."}``. Documents are opened hidden with
macros never executed and links never updated, recalculated in full, saved as xlsx, closed.
A request with ``"op": "layout"`` (``{"op": "layout", "in": …, "pdf": …, "mark_prefix": …}``)
lays a document out instead (``uno_layout.py``) and answers ``{"ok": true, "layout": {…}}``.
When stdin closes (the grading process ended, however it ended) the worker kills the office
process group OFFICE_PID, so no LibreOffice outlives the process that started it, removes the
two pipes the killed LibreOffice leaves in /tmp (``OSL_PIPE_<uid>_PIPE_NAME`` and its
single-instance pipe) and then removes WORKDIR (the private profile and results, named
``officeeval-recalc-*``), which a process that ended without cleaning up (a killed one, or a
pool worker leaving by ``os._exit``) would otherwise leave behind.
"""

import json
import os
import signal
import sys
import time


def _props(**kw):
    from com.sun.star.beans import PropertyValue  # noqa: E402 - available once uno imports
    out = []
    for k, v in kw.items():
        p = PropertyValue()
        p.Name, p.Value = k, v
        out.append(p)
    return tuple(out)


def main() -> int:
    # Run isolated (-I), this folder is not on the path: the layout module beside it is.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import uno  # noqa: F401
    from com.sun.star.connection import NoConnectException

    pipe = sys.argv[1]
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    ctx = None
    deadline = time.time() + float(sys.argv[2] if len(sys.argv) > 2 else 30)
    while ctx is None:
        try:
            ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except NoConnectException:
            if time.time() > deadline:
                print(json.dumps({"ok": False, "error": "cannot connect to LibreOffice"}),
                      flush=True)
                return 1
            time.sleep(0.1)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    print(json.dumps({"ok": True, "ready": True}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        doc = None
        try:
            req = json.loads(line)
            if req.get("op") == "layout":
                import uno_layout
                facts = uno_layout.layout(desktop, ctx, req)
                print(json.dumps({"ok": True, "layout": facts}), flush=True)
                continue
            src = uno.systemPathToFileUrl(req["in"])
            dst = uno.systemPathToFileUrl(req["out"])
            # MacroExecutionMode 0 = NEVER_EXECUTE; UpdateDocMode 0 = NO_UPDATE.
            doc = desktop.loadComponentFromURL(src, "_blank", 0, _props(
                Hidden=True, MacroExecutionMode=0, UpdateDocMode=0, ReadOnly=False))
            if doc is None:
                raise RuntimeError("LibreOffice could not open the document")
            doc.calculateAll()
            doc.storeToURL(dst, _props(FilterName="Calc Office Open XML"))
            print(json.dumps({"ok": True}), flush=True)
        except Exception as exc:  # noqa: BLE001 - reported to the caller, who classifies it
            print(json.dumps({"ok": False, "error": f"{type(exc).__name__}: {exc}"}),
                  flush=True)
        finally:
            if doc is not None:
                try:
                    doc.close(True)
                except Exception:  # noqa: BLE001 - a document that will not close is dropped
                    pass
    return 0


def _stop_office() -> None:
    if len(sys.argv) > 3 and sys.argv[3].isdigit():
        pgid = int(sys.argv[3])
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        for _ in range(50):  # its files are removed next: wait until it has stopped writing
            try:
                os.killpg(pgid, 0)
            except (ProcessLookupError, PermissionError):
                return
            time.sleep(0.1)


def _remove_pipes() -> None:
    import hashlib
    import stat
    names = ["OSL_PIPE_%d_%s" % (os.getuid(), sys.argv[1])] if len(sys.argv) > 1 else []
    if len(sys.argv) > 4:
        # LibreOffice's single-instance pipe: MD5 of the profile's URL in UTF-16, unpadded hex.
        import pathlib
        url = pathlib.Path(os.path.abspath(sys.argv[4]), "profile").as_uri()
        digest = hashlib.md5(url.encode("utf-16-le")).digest()  # noqa: S324
        names.append("OSL_PIPE_%d_SingleOfficeIPC_%s" % (
            os.getuid(), "".join("%x" % b for b in digest)))
    for name in names:
        path = os.path.join("/tmp", name)
        try:
            st = os.lstat(path)
            if stat.S_ISSOCK(st.st_mode) and st.st_uid == os.getuid():
                os.unlink(path)
        except OSError:
            pass


def _remove_workdir() -> None:
    if len(sys.argv) > 4:
        import shutil
        workdir = os.path.abspath(sys.argv[4])
        if os.path.basename(workdir).startswith("officeeval-recalc-"):  # ours, nothing else
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    code = 1
    try:
        code = main()
    finally:
        _stop_office()
        _remove_pipes()
        _remove_workdir()
    sys.exit(code)
