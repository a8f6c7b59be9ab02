"""Grading for the CLI by the user's warm server (``officeeval recalc-server``).

A user scoring documents one by one from a shell, or a tool calling ``officeeval score``
per document, pays in every command Python's start, the imports of the grader and the
application's readers, the rubric's validation and, for a workbook, the input's and the
reference's recalculation: several times the grading itself. The warm server already keeps
LibreOffice running for those commands; it also answers ``{"op": "score", ...}`` with this
module, so ``score`` finds everything loaded, validated and recalculated once
(``officeeval.cli.warm_score`` is the command's side).

What is graded is what the command would grade: the same code (a request names the
command's ``version.code_fingerprint()``; a server running other code answers ``stale`` and
the command grades on its own), the same rubric (validated again whenever its bytes change),
the same backends a command gets from a running server. A request this module cannot answer
with a ScoreCard (a rubric that does not load, a path that is not a file, our own error) is
answered ``{"ok": false}`` and the command grades on its own, so every message and exit code
a user sees is the command's. One grading at a time: a ``Grader`` keeps documents open
between gradings and is not shared between threads.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from officeeval.backends import Backends
from officeeval.errors import RubricError
from officeeval.rubric import load_rubric
from officeeval.rubric.model import Rubric
from officeeval.scoring.grader import Grader
from officeeval.version import code_fingerprint

OP = "score"
_RUBRICS_KEPT = 16


class WarmGrading:
    """Answers the warm server's ``score`` requests with one ``Grader`` on ``backends``
    (the server's own LibreOffice). ``fingerprint`` is the code the server runs (by
    default this process's)."""

    def __init__(self, backends: Backends, fingerprint: str | None = None) -> None:
        self.fingerprint = fingerprint or code_fingerprint()
        self._grader = Grader(backends)
        self._lock = threading.Lock()
        self._rubrics: OrderedDict[tuple[str, str], Rubric] = OrderedDict()
        self.graded = 0

    def close(self) -> None:
        with self._lock:
            self._grader.close()

    def answer(self, req: dict[str, Any]) -> dict[str, Any]:
        """The reply to one request (see the module's docstring); never raises."""
        if req.get("code") != self.fingerprint:
            return {"ok": False, "op": OP, "stale": True}
        try:
            document, rubric_path = _file(req, "document"), _file(req, "rubric")
            given = req.get("given")
            inp = _file(req, "input") if req.get("input") is not None else None
            ref = _file(req, "reference") if req.get("reference") is not None else None
            options = req.get("options") or {}
            if not isinstance(options, dict) or not isinstance(given, str):
                raise ValueError("malformed request")
        except (ValueError, TypeError) as exc:
            return {"ok": False, "op": OP, "error": str(exc)}
        with self._lock:
            try:
                rubric = self._rubric(rubric_path)
            except (RubricError, OSError) as exc:
                return {"ok": False, "op": OP, "error": f"rubric: {exc}"}
            try:
                card = self._grader.grade(rubric, document, input=inp, reference=ref,
                                          options=options)
            except Exception as exc:  # noqa: BLE001 - the command grades on its own instead
                return {"ok": False, "op": OP, "error": f"{type(exc).__name__}: {exc}"}
            self.graded += 1
        card.document = given  # as the command was given it, like its own card
        return {"ok": True, "op": OP, "card": card.to_dict()}

    def _rubric(self, path: Path) -> Rubric:
        """The rubric at ``path``, loaded again when its bytes changed; raises
        ``RubricError`` or ``OSError``."""
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        key = (str(path), digest)
        hit = self._rubrics.get(key)
        if hit is not None:
            self._rubrics.move_to_end(key)
            return hit
        rubric = load_rubric(path)
        self._rubrics[key] = rubric
        while len(self._rubrics) > _RUBRICS_KEPT:
            self._rubrics.popitem(last=False)
        return rubric


def _file(req: dict[str, Any], key: str) -> Path:
    """The absolute path of an existing file under ``key``; raises ``ValueError``."""
    value = req.get(key)
    if not isinstance(value, str) or not Path(value).is_absolute():
        raise ValueError(f"{key}: an absolute path is needed")
    path = Path(value)
    if not path.is_file():
        raise ValueError(f"{key}: {value} is not a file")
    return path
