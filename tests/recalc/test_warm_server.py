"""``officeeval recalc-server`` keeps LibreOffice warm for the user's commands: ``score``
finds its socket and recalculates through it; a socket in a folder others may enter is
never used; the server removes its socket when stopped."""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from officeeval import recalc
from officeeval.recalc import warm_socket

REPO = Path(__file__).resolve().parents[2]


def test_the_socket_is_used_only_in_a_private_folder(tmp_path, monkeypatch):
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    path = folder / "recalc.sock"
    monkeypatch.setenv("OFFICEEVAL_RECALC_SOCKET", str(path))
    assert warm_socket.running() is None  # nothing there
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    try:
        assert warm_socket.running() == str(path)
        folder.chmod(0o755)
        assert warm_socket.running() is None
        with pytest.raises(OSError):
            warm_socket.private_folder(path)
    finally:
        sock.close()
    monkeypatch.setenv("OFFICEEVAL_RECALC_SOCKET", "none")
    assert warm_socket.socket_path() is None and warm_socket.running() is None


@pytest.mark.slow
@pytest.mark.libreoffice
@pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")
def test_score_recalculates_through_a_running_server(tmp_path):
    folder = tmp_path / "run"
    path = folder / "recalc.sock"
    env = {**os.environ, "OFFICEEVAL_RECALC_SOCKET": str(path)}
    server = subprocess.Popen([sys.executable, "-m", "officeeval", "recalc-server",
                               "--no-prestart"], cwd=REPO, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([server.stdout], [], [], 60)
        assert ready and server.stdout.readline().strip() == "ready", server.stderr.read()
        res = subprocess.run([sys.executable, "-m", "officeeval", "score",
                              "samples/excel-l1-grades/reference.xlsx", "-r",
                              "rubrics/excel-l1-grades.xml", "--json"], cwd=REPO, env=env,
                             capture_output=True, text=True, timeout=600)
        card = json.loads(res.stdout)
        assert card["score"] == card["total"] and card["backends"]["recalc"]
        assert card["value_sources"]["recalculated"] > 0
        # The server graded it (scoring.warm): the card the command grades on its own.
        own = subprocess.run([sys.executable, "-m", "officeeval", "score",
                              "samples/excel-l1-grades/reference.xlsx", "-r",
                              "rubrics/excel-l1-grades.xml", "--json"], cwd=REPO,
                             env={**env, "OFFICEEVAL_WARM_SCORE": "0"},
                             capture_output=True, text=True, timeout=600)
        alone = json.loads(own.stdout)
        assert {k: v for k, v in card.items() if k != "seconds"} == \
            {k: v for k, v in alone.items() if k != "seconds"}
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(str(path))
            s.sendall(b'{"op": "stats"}\n')
            stats = json.loads(s.makefile("rb").readline())["stats"]
        assert stats["recalculations"] == 1 and stats["instances"] == 1
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    assert not path.exists()


@pytest.mark.slow
@pytest.mark.libreoffice
@pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")
def test_the_server_is_warm_when_it_listens(tmp_path):
    """With ``--prestart`` (the default) LibreOffice has started and recalculated a workbook
    of the server's own before the socket listens: the user's first workbook does not pay
    Calc's first load."""
    path = tmp_path / "run" / "recalc.sock"
    env = {**os.environ, "OFFICEEVAL_RECALC_SOCKET": str(path)}
    server = subprocess.Popen([sys.executable, "-m", "officeeval", "recalc-server"],
                              cwd=REPO, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([server.stdout], [], [], 300)
        assert ready and server.stdout.readline().strip() == "ready", server.stderr.read()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(str(path))
            s.sendall(b'{"op": "stats"}\n')
            stats = json.loads(s.makefile("rb").readline())["stats"]
        assert stats["instances"] == 1 and stats["recalculations"] == 1
        assert stats["version"] and stats["version"].startswith("LibreOffice")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    assert not path.exists()


def test_the_warm_up_workbook_is_a_workbook_the_engine_reads(tmp_path):
    from officeeval.formats import open_document
    from officeeval.recalc.warm_up import tiny_workbook
    doc = open_document(tiny_workbook(tmp_path / "warm.xlsx"))
    assert doc.app == "excel"
    from officeeval.catalog import resolve
    from officeeval.selectors import select as pick
    cell = pick(doc, "sheet[1]/B1")[0]
    assert resolve("cell.formula", cell).value == "=SUM(A1,22)"
