"""Where grading time goes: a phase breakdown per sample task (opening and parsing, selecting
targets, resolving properties, judging, aggregating: CPU time per graded document), and a
pyinstrument profile of grading every sample of one app, written to
``bench/profiles/<app>.txt``.

    .venv/bin/python bench/profile_grading.py [--app word|excel|ppt|all] [--runs N]

The phase breakdown wraps the scoring engine's internal steps (``open_document``,
``select``, ``_resolve``, ``_verdict``, ``_aggregate``) with CPU timers; "other" is the rest of
``evaluate`` (the per-target loop, input/reference pairing, building the ScoreCard).
"""

from __future__ import annotations

import argparse
import collections
import os
import time
from pathlib import Path

os.environ.setdefault("OFFICEEVAL_SOFFICE", "none")

from officeeval.rubric import load_rubric  # noqa: E402
from officeeval.scoring import engine, evaluate  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "bench" / "profiles"
PHASES = {"open_document": "open+parse", "select": "select", "_resolve": "resolve",
          "_verdict": "judge", "_aggregate": "aggregate"}


def samples(app: str) -> list[tuple[object, str, str]]:
    out = []
    for path in sorted((REPO / "rubrics").glob("*.xml")):
        r = load_rubric(path)
        if app not in ("all", r.app):
            continue
        for which in ("reference", "input"):
            doc = getattr(r.files, which)
            if doc and Path(doc).is_file():
                out.append((r, which, doc))
    return out


def phases(jobs, runs: int) -> list[dict]:
    acc: collections.Counter = collections.Counter()
    originals = {name: getattr(engine, name) for name in PHASES}
    depth = [0]

    def timed(name, fn):
        def wrapper(*args, **kwargs):
            # Only the outermost timed call counts (select inside resolve is not counted
            # twice).
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                acc[PHASES[name]] += time.process_time() - t
                depth[0] -= 1
        return wrapper

    rows = []
    for rubric, which, doc in jobs:
        evaluate(rubric, doc)  # warm: input/reference documents held open
        for name, fn in originals.items():
            setattr(engine, name, timed(name, fn))
        acc.clear()
        t = time.process_time()
        try:
            for _ in range(runs):
                evaluate(rubric, doc)
        finally:
            for name, fn in originals.items():
                setattr(engine, name, fn)
        total = (time.process_time() - t) / runs
        row = {"task": rubric.id, "doc": which, "total_ms": total * 1000}
        for label in PHASES.values():
            row[label] = acc[label] / runs * 1000
        row["other"] = row["total_ms"] - sum(row[label] for label in PHASES.values())
        rows.append(row)
    return rows


def profile(app: str, jobs, runs: int) -> Path:
    from pyinstrument import Profiler
    for rubric, _, doc in jobs:
        evaluate(rubric, doc)
    prof = Profiler(interval=0.0005)
    prof.start()
    for _ in range(runs):
        for rubric, _, doc in jobs:
            evaluate(rubric, doc)
    prof.stop()
    OUT.mkdir(exist_ok=True)
    path = OUT / f"{app}.txt"
    path.write_text(prof.output_text(unicode=False, color=False), "utf-8")
    return path


def print_phases(rows: list[dict]) -> None:
    cols = ["open+parse", "select", "resolve", "judge", "aggregate", "other"]
    print(f"{'task':<20} {'doc':<9} {'total ms':>8} " + " ".join(f"{c:>10}" for c in cols))
    for r in rows:
        print(f"{r['task']:<20} {r['doc']:<9} {r['total_ms']:>8.1f} "
              + " ".join(f"{r[c]:>10.1f}" for c in cols))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", default="all")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    jobs = samples(args.app)
    print_phases(phases(jobs, args.runs))
    for app in (["word", "excel", "ppt"] if args.app == "all" else [args.app]):
        mine = [j for j in jobs if j[0].app == app]
        if mine:
            print(f"profile of grading every {app} sample: {profile(app, mine, args.runs)}")


if __name__ == "__main__":
    main()
