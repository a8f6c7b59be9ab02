"""Benchmark the batch runner (not a test: it prints measurements, nothing asserts).

1. Sandbox overhead per program: the same program run with plain ``python program.py`` in
   a prepared directory (the baseline) and through ``Sandbox.run`` (fresh directory, input
   copy, bubblewrap or rlimits-only, supervisor, cleanup). Target: under 150 ms more.
2. Grading throughput on pre-made documents (manifest ``output`` lines, no programs run):
   ``run_batch`` with ``--jobs 2`` against a serial in-process ``Grader.grade`` loop over the
   same documents, both measured in this run. Target: at least 100 documents per second
   on a two-core machine.

    .venv/bin/python bench/sandbox_bench.py [--runs 20] [--docs 400] [--profile]

Documents: each task in rubrics/ whose reference output exists (exam-size documents),
cycled to ``--docs`` manifest lines. ``--profile`` adds a pyinstrument profile of the
serial grading of one document (where the time goes when the target is missed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from officeeval.rubric import load_rubric  # noqa: E402
from officeeval.runner.batch import BatchOptions, Progress, run_batch  # noqa: E402
from officeeval.runner.limits import Limits  # noqa: E402
from officeeval.runner.sandbox import Sandbox, SandboxConfig, SandboxError  # noqa: E402
from officeeval.runner.tasks import TaskRegistry  # noqa: E402
from officeeval.scoring import Grader  # noqa: E402

evaluate = Grader().grade  # one Grader for the run, as a batch worker holds one

PROGRAMS = {
    "empty program": "pass\n",
    "docx open+save": "from docx import Document\nDocument('input.docx').save('output.docx')\n",
}
INPUT = REPO / "samples" / "word-l1-notice" / "input.docx"


def _median_ms(xs: list[float]) -> float:
    return 1000 * statistics.median(xs)


def plain_runs(code: str, runs: int) -> list[float]:
    """Wall seconds of ``python program.py`` (the venv's interpreter) per run."""
    with tempfile.TemporaryDirectory() as d:
        prog = Path(d) / "program.py"
        prog.write_text(code)
        shutil.copyfile(INPUT, Path(d) / "input.docx")
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run([sys.executable, str(prog)], cwd=d, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - t)
    return times


def sandbox_runs(sandbox: Sandbox, code: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        with sandbox.run(code, [INPUT], "output.docx", Limits(timeout=60)) as run:
            assert run.record.exit_code == 0, run.record.stderr_tail
        times.append(time.perf_counter() - t)
    return times


def overhead(runs: int) -> list[str]:
    modes = []
    for mode in ("bwrap", "rlimits"):
        try:
            modes.append((mode, Sandbox(SandboxConfig(isolation=mode))))
        except SandboxError as exc:
            print(f"({mode} unavailable: {exc})")
    out = ["| program | mode | plain python (median ms) | sandbox (median ms) | overhead "
           "(ms) | ratio |", "| --- | --- | ---: | ---: | ---: | ---: |"]
    for name, code in PROGRAMS.items():
        for mode, sb in modes:
            sandbox_runs(sb, code, 2)  # warm the page cache and the probe caches
            plain_runs(code, 2)
            # Interleave baseline and sandbox batches so machine load affects both alike.
            p, s = [], []
            for _ in range(4):
                p += plain_runs(code, max(1, runs // 4))
                s += sandbox_runs(sb, code, max(1, runs // 4))
            pm, sm = _median_ms(p), _median_ms(s)
            out.append(f"| {name} | {sb.mode} | {pm:.0f} | {sm:.0f} | {sm - pm:+.0f} | "
                       f"{sm / pm:.2f} |")
    return out


def _machine_cpu() -> float:
    """CPU seconds all processes have used (Linux ``/proc/stat``; 0 elsewhere)."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0
    return (sum(v) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait


class _Clock(Progress):
    def __init__(self) -> None:
        self.first = self.last = None

    def advance(self, outcome, eval_errors) -> None:  # noqa: ANN001
        now = time.perf_counter()
        self.first = self.first or now
        self.last = now


def documents() -> list[tuple[str, Path]]:
    reg = TaskRegistry.scan([REPO / "rubrics"])
    docs = []
    for t in reg.all():
        if t.rubric is not None and t.reference is not None and t.reference.is_file():
            docs.append((t.id, t.reference))
    return docs


def throughput(n_docs: int, jobs: int) -> tuple[list[str], dict]:
    docs = documents()
    if not docs:
        return ["(no task with a reference document in rubrics/)"], {}
    rubrics = {tid: load_rubric(REPO / "rubrics" / f"{tid}.xml") for tid, _ in docs}
    # Grouped by task in both runs, as the batch schedules them (the engine keeps a task's
    # input and reference open while it grades that task's documents).
    picks = sorted((docs[i % len(docs)] for i in range(n_docs)), key=lambda d: d[0])
    # Serial baseline: the engine alone, in this process, on the same documents.
    for tid, path in docs:
        evaluate(rubrics[tid], path)
    t, c = time.perf_counter(), time.process_time()
    for tid, path in picks:
        evaluate(rubrics[tid], path)
    serial = n_docs / (time.perf_counter() - t)
    serial_cpu_ms = 1000 * (time.process_time() - c) / n_docs
    with tempfile.TemporaryDirectory() as d:
        m = Path(d) / "m.jsonl"
        # Outputs live by the manifest (never the task's own reference): copies.
        copies = {}
        for tid, path in docs:
            copies[path] = Path(d) / f"{tid}{path.suffix}"
            shutil.copyfile(path, copies[path])
        m.write_text("".join(json.dumps({"task": tid, "model": "bench", "sample": i,
                                         "output": str(copies[path])}) + "\n"
                             for i, (tid, path) in enumerate(picks)))
        clock = _Clock()
        t, c, machine = time.perf_counter(), time.process_time(), _machine_cpu()
        res = run_batch(m, Path(d) / "out", BatchOptions(
            jobs=jobs, tasks=(str(REPO / "rubrics"),), keep_outputs=False), clock)
        total = time.perf_counter() - t
        main_cpu = time.process_time() - c
        machine = _machine_cpu() - machine
        assert res.graded == n_docs and not res.errors, res.errors[:3]
    end_to_end = n_docs / total
    steady = (n_docs - 1) / (clock.last - clock.first) if clock.last > clock.first else 0
    tasks = ", ".join(sorted({tid for tid, _ in docs}))
    # Load-independent view: CPU per document (workers grading + the batch process storing);
    # on `jobs` idle cores the batch cannot go faster than jobs / cpu_per_doc.
    cpu_ms = 1000 * (res.worker_cpu + main_cpu) / n_docs
    ceiling = jobs * 1000 / cpu_ms
    lines = ["| measure | documents/s | vs serial engine |", "| --- | ---: | ---: |",
             f"| serial `Grader.grade()` in one process (baseline) | {serial:.1f} | 1.00 |",
             f"| `run_batch --jobs {jobs}`, end to end (pool start, store writes) | "
             f"{end_to_end:.1f} | {end_to_end / serial:.2f} |",
             f"| `run_batch --jobs {jobs}`, steady state (first to last result) | "
             f"{steady:.1f} | {steady / serial:.2f} |",
             "", "| CPU per document | ms |", "| --- | ---: |",
             f"| serial engine | {serial_cpu_ms:.1f} |",
             f"| batch: workers {1000 * res.worker_cpu / n_docs:.1f} + batch process "
             f"{1000 * main_cpu / n_docs:.1f} | {cpu_ms:.1f} |",
             f"| the whole machine during the batch (also LibreOffice, the fork server, "
             f"the pool's start; other load too) | {1000 * machine / n_docs:.1f} |",
             "", f"Ceiling on {jobs} idle cores from the CPU cost: {ceiling:.0f} documents/s. "
             f"{n_docs} documents, cycling over the references of: {tasks}. "
             f"Shared LibreOffice service: {res.recalc.get('instances', 0)} instance(s), "
             f"{res.recalc.get('recalculations', 0)} recalculation(s) (its CPU counts in the "
             f"machine row only)."]
    return lines, {"serial": serial, "end_to_end": end_to_end, "steady": steady,
                   "cpu_ms": cpu_ms, "ceiling": ceiling}


def profile(n: int = 30) -> list[str]:
    try:
        from pyinstrument import Profiler
    except ImportError:
        return ["(pyinstrument not installed: pip install 'officeeval[bench]')"]
    docs = documents()[:1]
    tid, path = docs[0]
    rubric = load_rubric(REPO / "rubrics" / f"{tid}.xml")
    evaluate(rubric, path)
    p = Profiler(interval=0.0005)
    p.start()
    for _ in range(n):
        evaluate(rubric, path)
    p.stop()
    text = p.output_text(unicode=False, color=False)
    return ["```", *text.splitlines()[:60], "```"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--docs", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--only", choices=("overhead", "throughput"))
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.2f}\n")
    if args.only != "throughput":
        print("## Sandbox overhead per program\n")
        print("\n".join(overhead(args.runs)))
    if args.only != "overhead":
        print("\n## Grading throughput on pre-made documents\n")
        lines, _ = throughput(args.docs, args.jobs)
        print("\n".join(lines))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    if args.profile:
        print("\n## Profile: serial grading of one document\n")
        print("\n".join(profile()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
