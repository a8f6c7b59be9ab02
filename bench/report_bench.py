"""Report generation at scale: analysis + HTML report on synthetic batches of growing size.

Baseline, measured in the same run on the same store: reading every row of the three tables
with plain sqlite3 (the I/O nobody can avoid). Prints seconds and ratios to that baseline.

    .venv/bin/python bench/report_bench.py [SAMPLES ...]    # generations = 24 x SAMPLES
"""

from __future__ import annotations

import importlib.util
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from officeeval import analysis
from officeeval.report.html import write_report

ROOT = Path(__file__).resolve().parents[1]


def _synthetic():
    spec = importlib.util.spec_from_file_location(
        "synthetic", ROOT / "tests" / "analysis" / "synthetic.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def baseline(outdir: Path) -> float:
    def read():
        conn = sqlite3.connect(outdir / "results.sqlite")
        for table in ("generations", "criteria", "checks"):
            conn.execute(f"SELECT * FROM {table}").fetchall()
        conn.close()
    return _timed(read)[0]


def main(sizes: list[int]) -> None:
    syn = _synthetic()
    print(f"{'generations':>11} {'criteria':>9} {'baseline s':>10} {'load s':>8} "
          f"{'summarize s':>11} {'report s':>9} {'report/base':>11} {'ms/gen':>7}")
    for samples in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            syn.rich_store(out, samples=samples)
            base = baseline(out)
            t_load, res = _timed(lambda: analysis.load(out))
            t_sum, _ = _timed(lambda: analysis.summarize(res))
            t_rep, _ = _timed(lambda: write_report(out, out / "report"))
            n = len(res.tasks)
            print(f"{n:>11} {len(res.criteria):>9} {base:>10.3f} {t_load:>8.3f} "
                  f"{t_sum:>11.3f} {t_rep:>9.2f} {t_rep / base:>11.1f} "
                  f"{1000 * t_rep / n:>7.2f}", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 100, 400])
