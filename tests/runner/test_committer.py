"""The commit window: a finished result is in the store within half a second (plus one
commit) while the next program is still running, whatever that program does; the number
the README states comes from ``BatchResult.commit_latency`` measured here."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from runner_fixtures import GOOD

from officeeval.runner.batch import BatchOptions, run_batch
from officeeval.runner.committer import Committer
from officeeval.runner.limits import Limits


def test_a_result_is_committed_while_the_next_program_runs(task_root, tmp_path):
    slow = "import time\ntime.sleep(12)\n" + GOOD
    manifest = tmp_path / "m.jsonl"
    manifest.write_text("".join(json.dumps(x) + "\n" for x in [
        {"task": "mini-word", "model": "m", "sample": 1, "code": GOOD},
        {"task": "mini-word", "model": "m", "sample": 2, "code": slow}]), encoding="utf-8")
    out = tmp_path / "out"
    seen: dict[int, float] = {}

    def watch() -> None:
        db = out / "results.sqlite"
        while len(seen) < 2:
            if db.exists():
                try:
                    with sqlite3.connect(db, timeout=1) as con:
                        for (sample,) in con.execute("SELECT sample FROM generations"):
                            seen.setdefault(sample, time.monotonic())
                except sqlite3.Error:
                    pass
            time.sleep(0.02)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    # One worker: the slow program starts right after the quick one finished.
    res = run_batch(manifest, out, BatchOptions(jobs=1, tasks=(str(task_root / "rubrics"),),
                                                limits=Limits(timeout=60)))
    ended = time.monotonic()
    watcher.join(5)
    assert res.graded == 2
    # The first result was on disk long before the batch ended (the slow one sleeps 12 s).
    assert ended - seen[1] > 8
    assert res.commit_latency < Committer.MAX_WAIT + 0.5
