"""The engine's version: recorded in every ScoreCard (``engine_version``), in a batch's
store and on reports. A module of its own so that the engine, the store and the reports
read it without importing the package root (whose lazy ``__getattr__`` imports scoring)."""

__version__ = "0.1.0"


def code_fingerprint() -> str:
    """What tells this installation's code from another's or from an edited one: the
    version, the package's folder and every module's size and modification time. A warm
    server grades for a command only when both give the same (``officeeval.scoring.warm``):
    a server started before the code changed must not answer for the new code. About a
    millisecond (one ``stat`` per module); raises nothing (an unreadable file counts as
    absent)."""
    import hashlib
    import os
    root = os.path.dirname(os.path.abspath(__file__))
    h = hashlib.sha256(f"{__version__}\0{root}".encode())
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            if e.name == "__pycache__":
                continue
            try:
                if e.is_dir(follow_symlinks=False):
                    stack.append(e.path)
                elif e.name.endswith((".py", ".xsd", ".json")):
                    st = e.stat(follow_symlinks=False)
                    h.update(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            except OSError:
                continue
    return h.hexdigest()[:32]
