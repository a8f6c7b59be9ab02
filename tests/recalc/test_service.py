"""RecalcService's policy with stand-in instances (no LibreOffice): one recalculation per
content however many ask at once, failures shared, instances grown only when every one is
up and busy, evicted results deleted, closed means closed."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from officeeval.recalc.libreoffice import RecalcError
from officeeval.recalc.service import RecalcService


class FakeInstance:
    """Stands for one LibreOffice: 'starts' on its first job, writes <digest>.out files."""

    made: list["FakeInstance"] = []

    def __init__(self, soffice: str, timeout: float, *, workdir: Path, start_s: float,
                 job_s: float) -> None:
        self.workdir, self.start_s, self.job_s = workdir, start_s, job_s
        self.up = False
        self.jobs: list[str] = []
        self.closed = False
        FakeInstance.made.append(self)

    def start(self) -> None:
        if not self.up:
            time.sleep(self.start_s)
            self.up = True

    def recalculate(self, path: Path) -> Path:
        self.start()
        time.sleep(self.job_s)
        data = Path(path).read_bytes()
        if data.startswith(b"BAD"):
            raise RecalcError("LibreOffice could not open the document")
        self.jobs.append(Path(path).name)
        out = self.workdir / f"{Path(path).name}.{len(FakeInstance.made)}.out"
        out.write_bytes(data.upper())
        return out

    def close(self) -> None:
        self.closed = True


def _service(tmp_path, *, instances=1, start_s=0.0, job_s=0.0, cache_size=1024,
             grow_wait=0.05):
    FakeInstance.made = []

    def factory(soffice, timeout):
        return FakeInstance(soffice, timeout, workdir=tmp_path, start_s=start_s, job_s=job_s)

    svc = RecalcService("soffice", timeout=5, instances=instances, cache_size=cache_size,
                        factory=factory)
    svc.GROW_WAIT = grow_wait
    return svc


def _files(tmp_path, *contents):
    paths = []
    for i, c in enumerate(contents):
        p = tmp_path / f"in{i}.xlsx"
        p.write_bytes(c)
        paths.append(p)
    return paths


def _together(fn, args):
    results: list = [None] * len(args)

    def run(i, a):
        try:
            results[i] = fn(a)
        except Exception as exc:  # noqa: BLE001 - collected for the assertions
            results[i] = exc
    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(args)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return results


def test_same_content_asked_at_once_is_recalculated_once(tmp_path):
    svc = _service(tmp_path, job_s=0.2)
    a, b = _files(tmp_path, b"same", b"same")
    outs = _together(svc.recalculate, [a, b, a, b])
    assert len({str(o) for o in outs}) == 1 and outs[0].read_bytes() == b"SAME"
    assert svc.recalculations == 1 and svc.started == 1
    assert svc.recalculate(b) == outs[0] and svc.recalculations == 1


def test_a_failure_reaches_every_waiter_and_is_not_retried(tmp_path):
    svc = _service(tmp_path, job_s=0.2)
    (bad,) = _files(tmp_path, b"BAD workbook")
    outs = _together(svc.recalculate, [bad, bad, bad])
    assert all(isinstance(o, RecalcError) and "could not open" in str(o) for o in outs)
    with pytest.raises(RecalcError, match="could not open"):
        svc.recalculate(bad)
    assert sum(len(i.jobs) for i in FakeInstance.made) == 0
    assert svc.recalculations == 0


def test_one_instance_while_short_jobs_queue(tmp_path):
    # A few short jobs at once never make a second instance, even with room for four.
    svc = _service(tmp_path, instances=4, job_s=0.01, grow_wait=1.0)
    files = _files(tmp_path, *[f"book {i}".encode() for i in range(6)])
    outs = _together(svc.recalculate, files)
    assert not any(isinstance(o, Exception) for o in outs)
    assert svc.started == 1 and svc.recalculations == 6


def test_grows_when_busy_but_never_while_starting(tmp_path):
    # The first instance takes 0.5 s to start: the second request waits for it rather than
    # starting another (GROW_WAIT is 0.05 s), then long jobs make a second instance.
    svc = _service(tmp_path, instances=2, start_s=0.5, job_s=0.3)
    files = _files(tmp_path, b"one", b"two")
    _together(svc.recalculate, files)
    assert svc.started == 1
    files = _files(tmp_path, b"three", b"four", b"five")
    _together(svc.recalculate, files)
    assert svc.started == 2 and svc.recalculations == 5


def test_a_steady_stream_of_short_jobs_gets_a_second_instance(tmp_path):
    # Two callers asking one after another, each job 0.05 s: no single wait is long, but
    # the waits add up past GROW_WAIT (0.3 s) within the window, so a second one starts.
    svc = _service(tmp_path, instances=2, job_s=0.05, grow_wait=0.3)
    svc.recalculate(_files(tmp_path, b"warm")[0])

    def stream(k):
        for i in range(15):
            p = tmp_path / f"s{k}-{i}.xlsx"
            p.write_bytes(f"book {k} {i}".encode())
            svc.recalculate(p)
    _together(stream, [0, 1])
    assert svc.started == 2 and svc.recalculations == 31


def test_never_more_than_the_limit(tmp_path):
    svc = _service(tmp_path, instances=2, job_s=0.2, grow_wait=0.01)
    svc.recalculate(_files(tmp_path, b"warm")[0])
    files = _files(tmp_path, *[f"book {i}".encode() for i in range(8)])
    _together(svc.recalculate, files)
    assert svc.started == 2 and svc.recalculations == 9


def test_prestart_starts_the_first_instance_in_the_background(tmp_path):
    svc = _service(tmp_path, start_s=0.2)
    thread = svc.prestart()
    thread.join(5)
    assert svc.started == 1 and FakeInstance.made[0].up
    svc.recalculate(_files(tmp_path, b"x")[0])
    assert svc.started == 1


def test_evicted_results_are_deleted_and_recalculated_again(tmp_path):
    svc = _service(tmp_path, cache_size=2)
    a, b, c = _files(tmp_path, b"a", b"b", b"c")
    out_a = svc.recalculate(a)
    svc.recalculate(b)
    svc.recalculate(c)
    assert not out_a.exists()
    again = svc.recalculate(a)
    assert again.read_bytes() == b"A" and svc.recalculations == 4


def test_closed_service_stops_instances_and_refuses(tmp_path):
    svc = _service(tmp_path)
    svc.recalculate(_files(tmp_path, b"x")[0])
    svc.close()
    assert all(i.closed for i in FakeInstance.made)
    with pytest.raises(RecalcError, match="closed"):
        svc.recalculate(_files(tmp_path, b"y")[0])


def test_an_unexpected_error_is_not_remembered(tmp_path, monkeypatch):
    svc = _service(tmp_path)
    (book,) = _files(tmp_path, b"fine")
    calls = []
    real = FakeInstance.recalculate

    def flaky(self, path):
        calls.append(path)
        if len(calls) == 1:
            raise OSError("input vanished")
        return real(self, path)
    monkeypatch.setattr(FakeInstance, "recalculate", flaky)
    with pytest.raises(OSError):
        svc.recalculate(book)
    assert svc.recalculate(book).read_bytes() == b"FINE"
    assert len(calls) == 2 and svc.recalculations == 1
