"""The recalculation service as a process, with a real LibreOffice: recalculated values,
one instance for several clients, what it reports when it ends, nothing left behind when
the batch that started it is killed, and a batch's workers sharing it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import openpyxl
import pytest

from officeeval import recalc
from officeeval.recalc.client import RemoteBackend
from officeeval.recalc.store import soffice_version
from officeeval.recalc.server import ServiceProcess
from officeeval.runner.batch import BatchOptions, run_batch

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]

REPO = Path(__file__).resolve().parents[2]


def _book(path: Path, a: int, b: int) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = a, b, "=A1*A2+1"
    wb.save(path)
    return path


def _stamp(path: Path, when: str) -> None:
    import re
    import zipfile
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    parts["docProps/core.xml"] = re.sub(rb"\d{4}-\d\d-\d\dT[\d:]+Z", when.encode(),
                                        parts["docProps/core.xml"])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def _value(path: Path):
    return openpyxl.load_workbook(path, data_only=True).active["A3"].value


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone for our purpose
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if text.encode() in (d / "cmdline").read_bytes():
                    found.append(int(d.name))
            except OSError:
                continue
    return found


def test_clients_share_one_instance_and_one_recalculation_per_content(tmp_path):
    service = ServiceProcess.start(instances=2, timeout=60)
    assert service is not None
    try:
        books = [_book(tmp_path / f"b{i}.xlsx", 6, 7) for i in range(3)]
        for i, b in enumerate(books[1:], start=1):  # saved at another time, as if re-run
            _stamp(b, f"2026-12-0{i}T08:00:00Z")
        assert len({b.read_bytes() for b in books}) == 3
        other = _book(tmp_path / "other.xlsx", 2, 5)
        clients = [RemoteBackend(service.address, 120, lambda: None) for _ in range(3)]
        outs: list = [None] * 3
        threads = [threading.Thread(target=lambda i=i: outs.__setitem__(
            i, clients[i].recalculate(books[i]))) for i in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert all(o is not None and _value(o) == 43 for o in outs)
        assert _value(clients[0].recalculate(other)) == 11
    finally:
        service.close()
    # The three differ at most in the save time openpyxl writes (docProps): one workbook.
    version = soffice_version(recalc.find_soffice())
    assert version and version.startswith("LibreOffice ")
    assert service.stats == {"instances": 1, "recalculations": 2, "reused": 0,
                             "version": version}
    assert not service.directory.exists() and not _alive(service.proc.pid)


def test_a_broken_workbook_fails_alone(tmp_path):
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    good = _book(tmp_path / "good.xlsx", 3, 4)
    service = ServiceProcess.start(instances=1, timeout=60)
    assert service is not None
    try:
        client = RemoteBackend(service.address, 120, lambda: None)
        with pytest.raises(recalc.RecalcError):
            client.recalculate(bad)
        assert not client.unreachable                   # an answer, not a lost service
        assert _value(client.recalculate(good)) == 13
    finally:
        service.close()
    assert service.stats["recalculations"] == 1


def test_nothing_outlives_a_killed_batch(tmp_path):
    book = _book(tmp_path / "b.xlsx", 1, 2)
    script = tmp_path / "batch.py"
    script.write_text(
        "import os, sys\nfrom pathlib import Path\n"
        "from officeeval.recalc.server import ServiceProcess\n"
        "from officeeval.recalc.client import RemoteBackend\n"
        "s = ServiceProcess.start(instances=1, timeout=60)\n"
        "out = RemoteBackend(s.address, 120, lambda: None).recalculate(Path(sys.argv[1]))\n"
        "print(s.proc.pid, out.parent, s.address, flush=True)\n"
        "os.kill(os.getpid(), 9)\n", encoding="utf-8")
    res = subprocess.run([sys.executable, str(script), str(book)], capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == -9, res.stderr[-2000:]
    pid, workdir, address = res.stdout.split()
    assert _processes_mentioning(workdir), "LibreOffice was running for the service"
    for _ in range(150):
        if not _alive(int(pid)) and not _processes_mentioning(workdir):
            # ... and neither the service's directory nor LibreOffice's files are left.
            for _ in range(50):
                if not Path(workdir).exists() and not Path(address).parent.exists():
                    return
                time.sleep(0.1)
            raise AssertionError(f"left behind: {workdir} or {address}")
        time.sleep(0.1)
    for p in _processes_mentioning(workdir):
        os.kill(p, 9)
    raise AssertionError("the service or its LibreOffice survived the killed batch")


def _copy(doc: Path, folder: Path) -> str:
    """A copy of ``doc`` by the manifest (an output must stay in the manifest's folder and
    is never the task's own reference)."""
    made = folder / f"made-{doc.parent.name}{doc.suffix}"
    made.write_bytes(doc.read_bytes())
    return str(made)


def test_batch_workers_share_the_service(tmp_path):
    tasks = ["excel-l1-grades", "excel-l2-sales", "word-l1-notice"]
    lines = [{"task": t, "model": "m", "sample": i, "output": _copy(next(
        (REPO / "samples" / t).glob("reference.*")), tmp_path)} for t in tasks for i in (1, 2, 3)]
    manifest = tmp_path / "m.jsonl"
    manifest.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    res = run_batch(manifest, tmp_path / "out", BatchOptions(
        jobs=2, tasks=(str(REPO / "rubrics"),), keep_outputs=False))
    assert res.graded == 9 and not res.errors and res.eval_errors == 0
    # Both references (and the inputs their `unchanged` checks read, if any) went through
    # the service, once each, whichever worker asked first (a second instance starts only
    # if requests keep waiting, as on a loaded machine).
    assert res.recalc["instances"] in (1, 2)
    assert 2 <= res.recalc["recalculations"] <= 4
    from rich.console import Console
    from officeeval.runner.batch_command import finish_batch
    console = Console(record=True, width=200)
    assert finish_batch(res, console) is None
    n, k = res.recalc["recalculations"], res.recalc["instances"]
    version = soffice_version(recalc.find_soffice())
    assert res.recalc["version"] == version
    assert (f"{version} recalculated {n} workbooks for the workers ({k} instance"
            in console.export_text())
    import sqlite3
    con = sqlite3.connect(tmp_path / "out" / "results.sqlite")
    cards = [json.loads(c) for (c,) in con.execute(
        "SELECT scorecard FROM generations WHERE task LIKE 'excel-%'")]
    assert len(cards) == 6
    assert all(c["value_sources"].get("recalculated", 0) > 0 for c in cards)
    assert all(c["score"] == 100 for c in cards)
    # The LibreOffice that computed the values, in every card and in the store's meta.
    assert all(c["backends"] == {"recalc": version} for c in cards)
    assert con.execute("SELECT value FROM meta WHERE key = 'recalc_backend'").fetchone() \
        == (version,)


def test_a_rerun_takes_recalculated_workbooks_from_the_batch_cache(tmp_path):
    ref = REPO / "samples" / "excel-l1-purchase" / "reference.xlsx"
    lines = [{"task": "excel-l1-purchase", "model": "m", "sample": i,
              "output": _copy(ref, tmp_path)} for i in (1, 2)]
    manifest = tmp_path / "m.jsonl"
    manifest.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    opts = dict(jobs=2, tasks=(str(REPO / "rubrics"),), keep_outputs=False)
    first = run_batch(manifest, tmp_path / "out", BatchOptions(**opts))
    assert first.recalc["recalculations"] >= 1 and first.recalc["reused"] == 0
    kept = list((tmp_path / "out" / "recalc-cache").glob("*/*.xlsx"))
    assert len(kept) == first.recalc["recalculations"]

    import sqlite3

    def cards():
        con = sqlite3.connect(tmp_path / "out" / "results.sqlite")
        return sorted(json.dumps(json.loads(c)["criteria"], sort_keys=True) for (c,) in con.execute(
            "SELECT scorecard FROM generations"))
    before = cards()
    again = run_batch(manifest, tmp_path / "out", BatchOptions(rerun=True, **opts))
    assert again.graded == 2 and again.eval_errors == 0
    assert again.recalc["recalculations"] == 0 and again.recalc["instances"] == 0
    assert again.recalc["reused"] == first.recalc["recalculations"]
    assert cards() == before                   # the same verdicts, values and sources
    from rich.console import Console
    from officeeval.runner.batch_command import finish_batch
    console = Console(record=True, width=300)
    finish_batch(again, console)
    text = console.export_text()
    assert "LibreOffice recalculated" not in text
    assert f"{again.recalc['reused']} recalculated workbook" in text and "recalc-cache" in text
