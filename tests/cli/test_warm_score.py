"""``officeeval score`` asks the user's warm server first (``cli.warm_score``): it prints the
card the server graded, and grades on its own, as if no server ran, when the server runs
other code, fails, goes away or cannot grade; ``--no-recalc`` never asks. A stand-in server
on a private socket records what it is asked (the real one: ``tests/recalc``)."""

from __future__ import annotations

import json
import os
import socketserver
import subprocess
import sys
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOC = "samples/word-l1-notice/reference.docx"
RUBRIC = "rubrics/word-l1-notice.xml"


class _Fake:
    """Answers every request line with ``reply(request)`` (``None``: closes at once)."""

    def __init__(self, path: Path, reply) -> None:
        self.requests: list[dict] = []
        fake = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline()
                if not line:
                    return
                fake.requests.append(json.loads(line))
                answer = reply(fake.requests[-1])
                if answer is not None:
                    self.wfile.write(json.dumps(answer).encode() + b"\n")

        self.server = socketserver.ThreadingUnixStreamServer(str(path), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> "_Fake":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _served_card(req: dict) -> dict:
    return {"ok": True, "op": "score", "card": {
        "task": "served", "app": "word", "document": req["given"], "outcome": "ok",
        "outcome_detail": "", "score": 42.0, "total": 100.0, "pass_mark": 60.0,
        "passed": False, "eval_errors": 0, "rubric_total": 100.0, "rubric_sha256": "x",
        "engine_version": "0.1.0", "value_sources": {}, "seconds": 0.01, "backends": {},
        "criteria": []}}


@pytest.fixture()
def socket_path(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    return folder / "recalc.sock"


def _cli(socket_path: Path, args: list[str], env: dict | None = None):
    """``python ARGS`` in the repository, finding the stand-in server's socket."""
    return subprocess.run([sys.executable, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "OFFICEEVAL_SOFFICE": "none",
                                            "OFFICEEVAL_RECALC_SOCKET": str(socket_path),
                                            **(env or {})})


def _score(socket_path: Path, *extra: str, env: dict | None = None):
    return _cli(socket_path, ["-m", "officeeval", "score", DOC, "-r", RUBRIC, *extra], env)


def test_the_card_the_server_graded_is_printed(socket_path):
    with _Fake(socket_path, _served_card) as fake:
        res = _score(socket_path, "--json")
    assert res.returncode == 0, res.stderr
    card = json.loads(res.stdout)
    assert card["task"] == "served" and card["score"] == 42.0 and card["document"] == DOC
    [req] = fake.requests
    assert req["op"] == "score" and req["given"] == DOC
    assert req["document"] == str(REPO / DOC) and req["rubric"] == str(REPO / RUBRIC)
    assert req["input"] is None and req["options"] == {}
    from officeeval.version import code_fingerprint
    assert req["code"] == code_fingerprint()


def test_the_table_of_a_served_card(socket_path):
    with _Fake(socket_path, _served_card) as fake:
        res = _score(socket_path, env={"COLUMNS": "120"})
    assert res.returncode == 0, res.stderr
    assert "42" in res.stdout and "served" in res.stdout


@pytest.mark.parametrize("reply", [
    lambda req: {"ok": False, "op": "score", "stale": True},  # other code
    lambda req: {"ok": False, "op": "score", "error": "rubric: broken"},
    lambda req: {"ok": False, "error": "KeyError: 'path'"},  # an older server: no grading
    lambda req: None,  # gone before answering
    lambda req: {"ok": True, "op": "score", "card": "not a card"},
])
def test_the_command_grades_on_its_own_when_the_server_cannot(socket_path, reply):
    with _Fake(socket_path, reply) as fake:
        res = _score(socket_path, "--json")
    assert res.returncode == 0, res.stderr
    card = json.loads(res.stdout)
    assert card["task"] == "word-l1-notice" and card["score"] == 100.0
    assert len(fake.requests) == 1


def test_no_recalc_and_the_switch_never_ask(socket_path):
    with _Fake(socket_path, _served_card) as fake:
        plain = _score(socket_path, "--json", "--no-recalc")
        off = _score(socket_path, "--json", env={"OFFICEEVAL_WARM_SCORE": "0"})
    assert json.loads(plain.stdout)["score"] == 100.0
    assert json.loads(off.stdout)["score"] == 100.0
    assert fake.requests == []


def test_an_invalid_rubric_is_the_commands_own_error(socket_path, tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<rubric>", "utf-8")
    with _Fake(socket_path, lambda req: {"ok": False, "op": "score",
                                         "error": "rubric: malformed"}):
        res = _cli(socket_path, ["-m", "officeeval", "score", DOC, "-r", str(bad)])
    assert res.returncode == 3 and "malformed XML" in res.stdout + res.stderr


_PROBE = """
import atexit, json, runpy, sys
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "officeeval"
runpy.run_module("officeeval", run_name="__main__")
"""


def test_a_served_command_loads_no_grader_and_no_reader(socket_path, tmp_path):
    out = tmp_path / "modules.json"
    with _Fake(socket_path, _served_card):
        res = _cli(socket_path, ["-c", _PROBE, str(out), "score", DOC, "-r", RUBRIC, "--json"])
    assert json.loads(res.stdout)["score"] == 42.0
    modules = json.loads(out.read_text())
    assert [m for m in modules if m.startswith(("officeeval.scoring", "officeeval.rubric",
                                                "officeeval.apps", "officeeval.word",
                                                "lxml"))] == []
