"""Audit benchmark: how long `officeeval audit` takes per shipped rubric, and what it costs
against its own baseline measured in the same run.

Baseline: grading the rubric's reference once with ``officeeval.scoring.evaluate`` (the
work every mutant repeats). For each rubric the script prints the audit's wall time, the
number of mutants graded, the audit time in units of reference gradings (``audit/grade``)
and the overhead per mutant beyond grading it (building the mutant: reopening the reference
view, editing, writing the zip). Then the whole set, serial and with one process per CPU.

Run: ``.venv/bin/python bench/audit_bench.py [RUBRIC ...]`` (default: rubrics/*.xml).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from officeeval.audit import audit
from officeeval.rubric import load_rubric
from officeeval.scoring import Grader

evaluate = Grader().grade  # one Grader for the run, as the audit holds one

REPO = Path(__file__).resolve().parents[1]


def grade_time(path: Path, repeat: int = 3) -> float:
    r = load_rubric(path)
    ref, inp = r.files.reference, r.files.input
    evaluate(r, ref, input=inp, reference=ref)  # warm caches (imports, recalculation)
    started = time.perf_counter()
    for _ in range(repeat):
        evaluate(r, ref, input=inp, reference=ref)
    return (time.perf_counter() - started) / repeat


def main(paths: list[Path]) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPU(s)")
    print(f"{'rubric':<18} {'grade s':>8} {'audit s':>8} {'mutants':>8} {'audit/grade':>12} "
          f"{'overhead ms/mutant':>19}")
    total_serial = 0.0
    for p in paths:
        g = grade_time(p)
        started = time.perf_counter()
        r = audit(p).rubrics[0]
        a = time.perf_counter() - started
        total_serial += a
        n = len(r.mutants)
        overhead = (a - (n + 2) * g) / n * 1000 if n else 0.0
        print(f"{r.rubric:<18} {g:8.3f} {a:8.2f} {n:8d} {a / g:12.1f} {overhead:19.1f}")
    started = time.perf_counter()
    rep = audit(paths, jobs=os.cpu_count() or 1)
    parallel = time.perf_counter() - started
    print(f"all {len(paths)} rubrics: serial {total_serial:.1f} s, {os.cpu_count()} processes "
          f"{parallel:.1f} s (x{total_serial / parallel:.2f}); detection "
          f"{rep.detected}/{rep.breaking}")


if __name__ == "__main__":
    args = [Path(a) for a in sys.argv[1:]] or sorted((REPO / "rubrics").glob("*.xml"))
    main(args)
