"""A document is charged for LibreOffice's CPU time, not for the machine's load: the limit is
read from the office's and its worker's process groups, a document over it is tried once
more at a larger limit before it is charged, and the wall-time safety net running out is
ours (never the candidate's)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from officeeval.errors import UnevaluableDocument
from officeeval.recalc import cpu_time
from officeeval.recalc import libreoffice as L

pytestmark = pytest.mark.skipif(not cpu_time.available(), reason="no /proc")

BURN = "import sys, time\nt = time.process_time()\nwhile time.process_time() - t < {s}: pass\n" \
       "print('{{\"ok\": true}}', flush=True)\nsys.stdin.read()\n"
SLEEP = "import sys, time\ntime.sleep({s})\nprint('{{\"ok\": true}}', flush=True)\n" \
        "sys.stdin.read()\n"


def _process(code: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, start_new_session=True)


def _backend(tmp_path, worker: subprocess.Popen, limit: float) -> L.LibreOfficeBackend:
    be = L.LibreOfficeBackend.__new__(L.LibreOfficeBackend)
    be.timeout = limit
    be._worker = worker
    be._office = _process("import time; time.sleep(60)")
    be._pipe = None
    be.profile = tmp_path / "profile"
    return be


def _asking(limit: float) -> L.LibreOfficeBackend:
    """A backend with no LibreOffice: its ``_ask_uno_once`` is the test's stand-in."""
    be = L.LibreOfficeBackend.__new__(L.LibreOfficeBackend)
    be.timeout = limit
    return be


def test_group_seconds_counts_a_process_group():
    proc = _process(BURN.format(s=0.6))
    try:
        proc.stdout.readline()
        used = cpu_time.group_seconds({proc.pid})
        assert used is not None and used >= 0.5
    finally:
        proc.kill()
        proc.wait()


def test_a_document_over_its_cpu_limit_is_its_own(tmp_path):
    be = _backend(tmp_path, _process(BURN.format(s=5)), limit=0.5)
    started = time.monotonic()
    with pytest.raises(L._OverLimit) as err:
        be._read_reply(0.5)
    assert isinstance(err.value, UnevaluableDocument) and err.value.used > 0.5
    assert time.monotonic() - started < 30
    assert be._worker is None  # stopped


def test_a_slow_machine_is_not_the_documents(tmp_path, monkeypatch):
    monkeypatch.setattr(L, "WALL_FACTOR", 4.0)
    be = _backend(tmp_path, _process(SLEEP.format(s=30)), limit=0.25)
    with pytest.raises(L.RecalcError) as err:
        be._read_reply(0.25)  # one second of wall time, almost no CPU used
    assert not isinstance(err.value, UnevaluableDocument)
    assert "too little of the machine" in str(err.value)


def test_an_answer_within_the_limit_is_read(tmp_path):
    be = _backend(tmp_path, _process(BURN.format(s=0.1)), limit=5)
    try:
        assert be._read_reply(5) == {"ok": True}
    finally:
        be._stop()


def test_over_the_limit_twice_is_charged_once_is_not(tmp_path, monkeypatch):
    be = _asking(10)
    limits = []

    def once_over(request, limit):
        limits.append(limit)
        if len(limits) == 1:
            raise L._OverLimit("over", 10.5)
        return {"ok": True}
    monkeypatch.setattr(be, "_ask_uno_once", once_over)
    assert be._ask_uno({"op": "x"}) == {"ok": True}
    assert limits == [10, 10 * L.RETRY_FACTOR]

    def always_over(request, limit):
        raise L._OverLimit("over", limit + 1)
    monkeypatch.setattr(be, "_ask_uno_once", always_over)
    with pytest.raises(L.DocumentRecalcError) as err:
        be._ask_uno({"op": "x"})
    assert "tried twice" in str(err.value)


def test_a_crash_is_tried_again_from_a_fresh_libreoffice_before_it_is_charged(
        tmp_path, monkeypatch):
    be = _asking(10)
    calls = []

    def crash_once(request, limit):
        calls.append(limit)
        if len(calls) == 1:
            raise L._Crashed("LibreOffice stopped unexpectedly (killed for memory or crashed)")
        return {"ok": True}
    monkeypatch.setattr(be, "_ask_uno_once", crash_once)
    assert be._ask_uno({"op": "x"}) == {"ok": True}
    assert calls == [10, 10]  # the same limit: a crash says nothing of the document's size

    def always_crash(request, limit):
        raise L._Crashed("LibreOffice stopped unexpectedly (killed for memory or crashed)")
    monkeypatch.setattr(be, "_ask_uno_once", always_crash)
    with pytest.raises(L.DocumentRecalcError) as err:
        be._ask_uno({"op": "x"})
    assert isinstance(err.value, UnevaluableDocument) and "twice" in str(err.value)


def test_a_refusal_from_a_live_libreoffice_is_the_documents_at_once(tmp_path, monkeypatch):
    be = _asking(10)
    calls = []

    def refuse(request, limit):
        calls.append(limit)
        raise L.DocumentRecalcError("cannot load the document")
    monkeypatch.setattr(be, "_ask_uno_once", refuse)
    with pytest.raises(L.DocumentRecalcError, match="cannot load"):
        be._ask_uno({"op": "x"})
    assert calls == [10]


def test_a_worker_that_dies_reading_a_document_is_a_crash(tmp_path):
    be = _backend(tmp_path, _process("import sys; sys.exit(3)"), limit=5)
    with pytest.raises(L._Crashed):
        be._read_reply(5)
    assert be._worker is None  # stopped, so the retry starts a fresh LibreOffice
