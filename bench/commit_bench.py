"""Measure the commit window of a batch (not a test: it prints measurements).

How long a finished result waits in the batch process before it is committed to
``OUT/results.sqlite`` (what ``kill -9`` could lose): ``BatchResult.commit_latency``, the
longest wait from a result's arrival to its commit, (1) over ``--quick`` programs that write
the sample Word task's output at once (``--jobs 2``), and (2) for a quick program followed by
one that runs 8 s (``--jobs 1``: the case where a result used to wait for the next one), with a
thread polling the store every 10 ms to see when the first row becomes visible. The README
states the window measured here.

    .venv/bin/python bench/commit_bench.py [--quick 40]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from officeeval.runner.batch import BatchOptions, Progress, run_batch  # noqa: E402
from officeeval.runner.limits import Limits  # noqa: E402

QUICK = ("from docx import Document\nDocument('input.docx').save('output.docx')\n")
SLOW = "import time\ntime.sleep(8)\n" + QUICK


class _Arrivals(Progress):
    """When the batch process received each result (in order)."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def advance(self, outcome, eval_errors) -> None:  # noqa: ANN001
        self.times.append(time.monotonic())


def _batch(d: Path, codes: list[str], jobs: int) -> tuple[object, list[float], dict]:
    lines = [{"task": "word-l1-notice", "model": "bench", "sample": i, "code": c}
             for i, c in enumerate(codes, start=1)]
    m = d / "m.jsonl"
    m.write_text("".join(json.dumps(x) + "\n" for x in lines))
    out = d / "out"
    seen: dict[int, float] = {}
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            db = out / "results.sqlite"
            if db.exists():
                try:
                    with sqlite3.connect(db, timeout=1) as con:
                        for (s,) in con.execute("SELECT sample FROM generations"):
                            seen.setdefault(s, time.monotonic())
                except sqlite3.Error:
                    pass
            time.sleep(0.01)
    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    arrivals = _Arrivals()
    res = run_batch(m, out, BatchOptions(jobs=jobs, tasks=(str(REPO / "rubrics"),),
                                         limits=Limits(timeout=60), keep_outputs=False),
                    arrivals)
    end = time.monotonic()
    done.set()
    poller.join()
    seen["end"] = end
    return res, arrivals.times, seen


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", type=int, default=40)
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as d:
        res, _, _ = _batch(Path(d), [QUICK] * args.quick, 2)
        print(f"{args.quick} quick programs, --jobs 2: longest wait from a result's arrival "
              f"to its commit {res.commit_latency * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as d:
        res, arrived, seen = _batch(Path(d), [QUICK, SLOW], 1)
        print(f"a quick program, then one that runs 8 s, --jobs 1: the first result arrived "
              f"and was visible on disk {1000 * (seen[1] - arrived[0]):.0f} ms later "
              f"(poll every 10 ms), {seen['end'] - seen[1]:.1f} s before the batch ended; "
              f"longest arrival-to-commit {res.commit_latency * 1000:.0f} ms")


if __name__ == "__main__":
    main()
