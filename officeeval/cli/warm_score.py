"""``officeeval score``'s side of grading by the user's warm server (``scoring.warm``).

Imports nothing of the grader: asked first, before the command loads anything, so a command
that the server answers costs Python's start, the CLI and a round trip. ``None`` from
``graded_by_server`` (no server, one that runs other code or older code without grading,
one that fails or goes away, ``--no-recalc``) means the command grades on its own exactly as
without a server.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

from officeeval.recalc.warm_socket import OFF_WORDS, WAIT, running


def graded_by_server(document: Path, rubric: Path, input: Path | None,
                     reference: Path | None, recalc: bool | None) -> dict[str, Any] | None:
    """The ScoreCard (as ``ScoreCard.to_dict`` gives it) of ``document`` graded by the
    user's running warm server; ``None`` when it cannot answer with one. ``recalc=False``
    (``--no-recalc``: LibreOffice never used) is never sent: the server's grader has one."""
    off = os.environ.get("OFFICEEVAL_WARM_SCORE", "").strip().lower() in OFF_WORDS
    if recalc is False or off:
        return None
    address = running()
    if address is None:
        return None
    from officeeval.version import code_fingerprint
    req = {"op": "score", "code": code_fingerprint(), "given": str(document),
           "document": _absolute(document), "rubric": _absolute(rubric),
           "input": _absolute(input) if input is not None else None,
           "reference": _absolute(reference) if reference is not None else None,
           "options": {} if recalc is None else {"recalc": recalc}}
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(WAIT)
            sock.connect(address)
            sock.sendall(json.dumps(req).encode() + b"\n")
            line = sock.makefile("rb").readline()
        reply = json.loads(line)
    except (OSError, ValueError):
        return None
    if not isinstance(reply, dict) or reply.get("op") != "score" or reply.get("ok") is not True:
        return None
    card = reply.get("card")
    return card if isinstance(card, dict) else None


def _absolute(path: Path) -> str:
    return os.path.abspath(path)
